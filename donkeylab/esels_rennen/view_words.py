"""The words Esels-Rennen's views (RaceBoard) draw themselves: button labels, captions, aria labels.

Plain data (en, de) declared by the game, as its ``VIEWS`` are, so the views' words live with the game they
describe; ``widgets.words`` collects them (``GameInfo.view_words``) into the one catalogue under
``ui/<widget>/<key>``, and each view's ESM gets them through its ``words`` trait. Game terms are the engine's.
"""

from __future__ import annotations

from typing import Final

VIEW_WORDS: Final[dict[str, dict[str, tuple[str, str]]]] = {
    "race_board": {
        "letter_red": ("R", "R"),
        "letter_green": ("G", "Gr"),  # "grün" and "gelb" share their first letter
        "letter_yellow": ("Y", "Ge"),
        "move_to": ("move the {donkey} donkey to {field}", "den Esel {donkey} nach {field} ziehen"),
        "donkey_on": ("{donkey} donkey on {field}", "Esel {donkey} auf {field}"),
        "board": ("race board", "Rennbahn"),
        "reconstruction": (
            "The {name}: our reconstruction, not the printed board",
            "Das {name}: unsere Rekonstruktion, nicht das gedruckte Brett",
        ),
        "finishing_order": ("finishing order", "Zieleinlauf"),
        "finished": ("Finished:", "Im Ziel:"),
        "hidden": ("hidden", "verdeckt"),
        "point": (" {n} point", " {n} Punkt"),
        "points": (" {n} points", " {n} Punkte"),
        "winner": ("winner", "Sieger"),
        "order_cards": ("Order cards:", "Reihenfolge-Karten:"),
    },
}
