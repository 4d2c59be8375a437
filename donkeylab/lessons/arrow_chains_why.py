"""Why Lesson 4's race is unfair, traced to the arrows: red finishes first in about 37 % of random races on the
standard board, more than a fair third. Without its arrows the board is the same in a mirror (red's start field is
yellow's mirrored), so only the arrows can make red's chance differ from yellow's; one of them, the red arrow on g1
beside yellow's start, ends both chains of the first move (the count by hand shows them), and painted green it
takes red down to about 25 %.

Red's own share is read off the shipped exact odds; the changed board takes the exact solver about two seconds,
too slow for every page load, so its whole-percent result stands here and a test solves it again
(``tests/apps/test_lesson4_count.py``), as it checks the mirror."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from donkeylab.esels_rennen import CARD_ORDER, CARDS, DONKEYS, exact, load_board
from donkeylab.lessons.arrow_chains_count import STANDARD, say
from donkeylab.lessons.page import percent

ARROW = "g1"  # the red arrow the notice names (``count_headline``'s two chains both end with it)
# the arrow painted green (its direction kept): red's chance to finish first, in whole per cent
RECOLOURED = {"green": 25}


def first_place(odds: exact.RaceOdds) -> dict[str, Fraction]:
    """Donkey → the probability it finishes first: the two orders that start with it, added."""
    orders = dict(odds.order_probability)
    return {d: sum((orders[c] for c in CARDS if CARD_ORDER[c][0] == d), Fraction(0)) for d in DONKEYS}


def mirrored(board: str = STANDARD) -> Any:
    """The board seen in a mirror with red and yellow swapped: every field at ``x → max x − x``, each arrow pointing
    the other way (left ↔ right) and red arrows yellow and yellow arrows red. The same race with the two donkeys'
    names swapped, so red's chance on it is yellow's on ``board``."""
    doc = json.loads(json.dumps(load_board(board).to_dict()))
    top = max(f["x"] for f in doc["fields"]) + min(f["x"] for f in doc["fields"])
    swap = {"red": "yellow", "yellow": "red", "green": "green"}
    turn = {"FL": "FR", "FR": "FL", "BL": "BR", "BR": "BL"}
    for f in doc["fields"]:
        f["x"] = top - f["x"]
        if f.get("arrow"):
            f["arrow"] = {"colour": swap[f["arrow"]["colour"]], "direction": turn[f["arrow"]["direction"]]}
    doc["fields"].sort(key=lambda f: (f["y"], f["x"]))
    doc["name"] = f"{board}-mirrored"
    return load_board(doc)


def recoloured(colour: str, field: str = ARROW, board: str = STANDARD) -> Any:
    """The standard board with the arrow on ``field`` painted ``colour`` (its direction kept), as a new board."""
    doc = json.loads(json.dumps(load_board(board).to_dict()))
    (arrow,) = [f["arrow"] for f in doc["fields"] if f["id"] == field]
    arrow["colour"] = colour
    doc["name"] = f"{board}-{field}-{colour}"
    return load_board(doc)


def notice() -> Any:
    """What to notice: the unfairness and the arrow behind it, then how rarely a move sets off a chain."""
    red = first_place(exact.race_odds(load_board(STANDARD)))["red"]
    green = Fraction(RECOLOURED["green"], 100)
    return say("notice", red=lambda lg: percent(red, lg, 0), as_green=lambda lg: percent(green, lg, 0))
