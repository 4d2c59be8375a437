"""The words Esels-Rennen's views (RaceBoard) draw themselves, as the game declares them (``VIEW_WORDS``;
why and how they are collected: ``games``' docstring and ``widgets.words``)."""

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
        # the board's key: what the coloured fields are (ER-MOVE-2, ER-FINISH-1)
        "key": ("Key:", "Legende:"),
        "key_sand": (
            "sand: from here a donkey may also be moved one field back (ER-MOVE-2)",
            "Sand: Von hier darf ein Esel auch ein Feld zurück gezogen werden (ER-MOVE-2)",
        ),
        "key_finish": (
            "finish: a donkey that reaches it goes to the podium",
            "Ziel: Ein Esel, der es erreicht, kommt aufs Siegertreppchen",
        ),
    },
}
