"""Double Donkey's facts, declared once: name, players, phases, the rule options (the two variants of RULES.md
and every named option) and what the upper layers read off the game (``games.GameInfo``).

Every engine has this shape: ``rules.py`` (these facts), ``actions.py``, ``state.py``, ``view.py`` (the
snapshot), ``messages.py``, ``bots.py``, ``exact.py`` (Double Donkey's state is assembled from ``dice.py`` and
``round.py``, one mixin per phase group).

Options left at ``None`` take the default of the chosen variant in ``__post_init__``, so
``Rules(variant="german")`` equals ``Rules(variant="german", tie_break="roll", last_die="roll",
end="immediate")`` and a saved game records the resolved values (a save never depends on defaults).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Final, Literal

from donkeylab.core import quote, rules_to_dict
from donkeylab.core.colours import ColourStyle
from donkeylab.core.jsonio import rulebook_entries
from donkeylab.core.players import PlayerRange
from donkeylab.double_donkey.cards import PILE_SIZE, deck_cards

NAME: Final = "double_donkey"
PLAYERS: Final = PlayerRange("Double Donkey", 2, 5, default=4, rule="DD-SETUP-2")
# The phases, by name: ``snapshot()["phase"]`` shows them as they are.
DEAL, ROLL, CHOOSE, LAST, PLAY = "deal", "roll", "choose", "last", "play"
REFILL, ROLLOFF, SHUFFLE, OVER = "refill", "rolloff", "shuffle", "over"
PHASES: Final = (DEAL, ROLL, CHOOSE, LAST, PLAY, REFILL, ROLLOFF, SHUFFLE, OVER)
# What the upper layers read off this game (games.GameInfo): its gallery icon and the widgets that draw it.
ICON: Final = "⚄"
VIEWS: Final = ("donkeylab.widgets.dice_tray:DiceTray", "donkeylab.widgets.card_hands:CardHands")
# Its rule IDs (DD-...) and rulebook (rulebook.json beside this module); see ``games`` for what each declaration is.
RULE_PREFIX: Final = "DD"
RULEBOOK: Final = rulebook_entries(__file__)
# How plots and views draw each die colour (``core.colours``).
COLOUR_STYLES: Final = {
    "light_blue": ColourStyle("#56B4E9", "circle", "."),
    "dark_blue": ColourStyle("#0072B2", "square", "x"),
    "orange": ColourStyle("#E69F00", "diamond", "/"),
    "yellow": ColourStyle("#F0E442", "triangle-up", "\\"),
    "green": ColourStyle("#009E73", "cross", "-"),
    "purple": ColourStyle("#CC79A7", "star", "+"),
}

Variant = Literal["english", "german"]
TieBreak = Literal["pile_then_roll", "roll"]
LastDie = Literal["choose", "roll"]
End = Literal["after_refill", "immediate"]
AngryFlip = Literal["toggle_per_card", "once_per_colour"]

VARIANT_DEFAULTS: dict[str, dict[str, str]] = {
    "english": {"tie_break": "pile_then_roll", "last_die": "choose", "end": "after_refill"},
    "german": {"tie_break": "roll", "last_die": "roll", "end": "immediate"},
}

_CHOICES: dict[str, tuple[str, ...]] = {
    "variant": ("english", "german"),
    "tie_break": ("pile_then_roll", "roll"),
    "last_die": ("choose", "roll"),
    "end": ("after_refill", "immediate"),
    "angry_flip": ("toggle_per_card", "once_per_colour"),
}


@dataclasses.dataclass(frozen=True)
class Rules:
    """Rule options (RULES.md, Double Donkey).

    - ``variant``: ``"english"`` (default) or ``"german"``; sets the defaults of the next three.
    - ``last_die`` (DD-DICE-3): ``"choose"`` the last player may re-roll once or keep; ``"roll"`` always rolled.
    - ``tie_break`` (DD-BIGGEST-2): ``"pile_then_roll"`` fewest personal-pile cards first, or straight ``"roll"``.
    - ``end`` (DD-END-1): ``"after_refill"`` (english) or ``"immediate"`` win at the reveal (german).
    - ``angry_flip`` (DD-ANGRY-1): ``"toggle_per_card"`` each Angry Donkey flips, or ``"once_per_colour"``.
    - ``first_player`` (DD-SETUP-2): the seat that rolls first ("the youngest").
    - ``deck`` (DD-DECK-1): a deck name (``"reconstruction"``) or a custom spec of card strings.
    """

    variant: Variant = "english"
    tie_break: TieBreak | None = None
    last_die: LastDie | None = None
    end: End | None = None
    angry_flip: AngryFlip = "toggle_per_card"
    first_player: int = 0
    deck: str | tuple[str, ...] = "reconstruction"

    def __post_init__(self) -> None:
        if self.variant not in VARIANT_DEFAULTS:
            raise ValueError(f"variant must be 'english' or 'german', not {quote(self.variant)}")
        for name, default in VARIANT_DEFAULTS[self.variant].items():
            if getattr(self, name) is None:
                object.__setattr__(self, name, default)
        for name, allowed in _CHOICES.items():
            if getattr(self, name) not in allowed:
                raise ValueError(
                    f"{name} must be one of {', '.join(map(repr, allowed))}, not {quote(getattr(self, name))}"
                )
        if isinstance(self.first_player, bool) or not isinstance(self.first_player, int) or self.first_player < 0:
            raise ValueError(f"first_player must be a seat number 0, 1, ..., not {quote(self.first_player)}")
        deck_cards(self.deck, min_cards=PILE_SIZE * PLAYERS.low)  # a custom deck (DD-DECK-1), with a sentence

    def to_dict(self) -> dict[str, Any]:
        return rules_to_dict(self)
