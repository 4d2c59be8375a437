"""Esels-Rennen's facts, declared once: name, players, donkeys and order cards, rule options, phases, the points
system (ER-SCORE-1), and what the upper layers read off the game (``games.GameInfo``).

Every engine has this shape: ``rules.py`` (these facts), ``actions.py``, ``state.py``, ``view.py`` (the
snapshot), ``messages.py``, ``bots.py``, ``exact.py``.
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any, Final, Literal

from donkeylab.core import quote, rules_to_dict
from donkeylab.core.colours import ColourStyle
from donkeylab.core.jsonio import rulebook_entries
from donkeylab.core.options import RuleOption
from donkeylab.core.players import PlayerRange
from donkeylab.esels_rennen.board import COLOURS, packaged_boards
from donkeylab.esels_rennen.messages import card_code

NAME: Final = "esels_rennen"
# The phases, by name: ``snapshot()["phase"]`` shows them as they are.
START: Final = "start"
DEAL: Final = "deal"
RACE: Final = "race"
OVER: Final = "over"
PHASES: Final = (START, DEAL, RACE, OVER)
PLAYERS: Final = PlayerRange("Esels-Rennen", 2, 6, default=3, rule="ER-SETUP-1")
DONKEYS: Final = COLOURS
# The 6 order cards, named by initials in finishing order: "RGY" = red first, green second, yellow third.
CARDS: Final = tuple(card_code(o) for o in itertools.permutations(DONKEYS))
CARD_ORDER: Final = {card_code(o): o for o in itertools.permutations(DONKEYS)}


@dataclasses.dataclass(frozen=True)
class Rules:
    """Options of RULES.md. ``sand``: ``"zone"`` (sand fields of the board) or ``"start"`` (the seed's literal
    reading: start fields are sand); ``finish_arrows``: finish fields carry arrows (ER-FINISH-1);
    ``start_order``: ``"fixed"`` red, green, yellow from the left or ``"random"`` (a chance point);
    ``scoring``: ``"exact"`` (ER-END-1, only the exact card wins) or ``"points"`` (ER-SCORE-1 decides)."""

    sand: Literal["zone", "start"] = "zone"
    finish_arrows: bool = True
    start_order: Literal["fixed", "random"] = "fixed"
    scoring: Literal["exact", "points"] = "exact"

    def __post_init__(self) -> None:
        choices = {"sand": ("zone", "start"), "start_order": ("fixed", "random"), "scoring": ("exact", "points")}
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                raise ValueError(f"{name} must be one of {allowed}, not {quote(getattr(self, name))}")
        if not isinstance(self.finish_arrows, bool):
            raise ValueError(f"finish_arrows must be True or False, not {quote(self.finish_arrows)}")

    def to_dict(self) -> dict[str, Any]:
        return rules_to_dict(self)


def cards_per_player(players: int) -> int:
    """ER-SETUP-1: two cards each with up to 3 players, else one."""
    return 2 if players <= 3 else 1


def card_points(card: str, podium: tuple[str, ...]) -> int:
    """ER-SCORE-1: 2 if the card's first donkey won, 1 if its second is second, 1 if the first two are swapped."""
    order = CARD_ORDER[card]
    points = 2 if order[0] == podium[0] else 0
    points += 1 if order[1] == podium[1] else 0
    points += 1 if (order[0], order[1]) == (podium[1], podium[0]) else 0
    return points


def card_holders(cards: tuple[tuple[str, ...], ...], podium: tuple[str, ...]) -> tuple[int, ...]:
    """ER-END-1: the players holding the card with the exact finishing order (empty: everyone has lost)."""
    order = card_code(podium)
    return tuple(p for p, held in enumerate(cards) if order in held)


def best_points(cards: tuple[str, ...], podium: tuple[str, ...]) -> int:
    """A player with two cards counts only the better one (ER-SCORE-1)."""
    return max(card_points(c, podium) for c in cards)


# What the upper layers read off this game (games.GameInfo): the gallery icon, the widget that draws it, the
# table entry that never changes within a race (a page gets the board once), the set-up a link may carry.
ICON: Final = "⇗"
VIEWS: Final = ("donkeylab.widgets.race_board:RaceBoard",)
STATIC_KEYS: Final = ("board",)
SETUP_OPTIONS: Final = {"board": RuleOption("board", "default", tuple(sorted(packaged_boards())))}
# Its rule IDs (ER-...) and rulebook (rulebook.json beside this module); see ``games`` for what each declaration is.
RULE_PREFIX: Final = "ER"
RULEBOOK: Final = rulebook_entries(__file__)
# How plots and views draw each donkey (``core.colours``).
COLOUR_STYLES: Final = {
    "red": ColourStyle("#D55E00", "circle", "/"),
    "green": ColourStyle("#009E73", "square", "x"),
    "yellow": ColourStyle("#F0E442", "diamond", "."),
}
