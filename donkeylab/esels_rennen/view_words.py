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
        "order_cards": ("Order cards:", "Zielkarten:"),  # the lessons' German word
        # the board's key: what the coloured fields are (ER-MOVE-2, ER-FINISH-1)
        "key": ("Key:", "Legende:"),
        "key_sand": (
            "sand: while all three donkeys race, a donkey here may instead be moved one field back, but not the "
            "donkey moved last (our reading of an unclear rule)",
            "Sand: Solange alle drei Esel im Rennen sind, darf ein Esel hier stattdessen ein Feld zurück gezogen "
            "werden, nur nicht der zuletzt gezogene (unsere Lesart einer unklaren Regel)",
        ),
        "key_finish": (
            "finish: a donkey that reaches it goes to the podium",
            "Ziel: Ein Esel, der es erreicht, kommt aufs Siegertreppchen",
        ),
    },
}
