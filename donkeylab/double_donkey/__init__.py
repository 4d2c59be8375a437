"""Double Donkey (Piatnik 2022): dice onto the Hay card, secret cards, Angry Donkey flips, the Biggest Donkey.

Public API (see ARCHITECTURE.md): ``NAME``, ``PLAYERS``, ``PHASES``, ``Rules``, ``new_game``, ``parse_action``,
the actions, ``bots`` and ``exact`` (saves load through ``donkeylab.games.load``). Rule IDs DD-* follow
seeds/RULES.md; the deck is the DD-DECK-1 reconstruction unless ``Rules(deck=...)`` names another.

Engine rulings where the sources leave a choice open:
- Phase 2 is "simultaneous": the players are asked one after another from the round's starter, and
  ``snapshot(seat=p)`` shows of the others only *whether* they have chosen (never which cards).
- The reveal, the flips, every card's value, the Biggest Donkey, the refills, the end check and the next
  round all happen in the ``apply`` of the last ``Play`` (one event per rule applied); only a roll-off
  (``RollOff``) or a reshuffle (``Shuffle``) interrupts them as a chance point.
- The german immediate win (DD-END-1) is checked after the flips and values are shown, before any
  Biggest Donkey is chosen; the Biggest Donkey card stays with its holder until a new one is found.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from donkeylab.core import IllegalAction, quote
from donkeylab.core.setup import check_rules
from donkeylab.double_donkey import bots
from donkeylab.double_donkey.actions import (
    ACTIONS,
    Choose,
    Deal,
    Keep,
    Play,
    Reroll,
    Roll,
    RollOff,
    Shuffle,
    parse_action,
)
from donkeylab.double_donkey.cards import (
    COLOUR_INDEX,
    COLOURS,
    DECKS,
    PILE_SIZE,
    Card,
    DeckInfo,
    build_deck,
    card_value,
)
from donkeylab.double_donkey.metrics import metrics
from donkeylab.double_donkey.questions import QUESTIONS
from donkeylab.double_donkey.rules import (
    COLOUR_STYLES,
    ICON,
    NAME,
    PHASES,
    PLAYERS,
    RULE_PREFIX,
    RULEBOOK,
    VIEWS,
    Rules,
)
from donkeylab.double_donkey.state import DoubleDonkeyState
from donkeylab.double_donkey.view_words import VIEW_WORDS

__all__ = [
    "ACTIONS",
    "COLOURS",
    "COLOUR_INDEX",
    "COLOUR_STYLES",
    "DECKS",
    "ICON",
    "NAME",
    "PHASES",
    "PILE_SIZE",
    "PLAYERS",
    "QUESTIONS",
    "RULEBOOK",
    "RULE_PREFIX",
    "VIEWS",
    "VIEW_WORDS",
    "Card",
    "Choose",
    "Deal",
    "DeckInfo",
    "DoubleDonkeyState",
    "Keep",
    "Play",
    "Reroll",
    "Roll",
    "RollOff",
    "Rules",
    "Shuffle",
    "bots",
    "build_deck",
    "card_value",
    "metrics",
    "new_game",
    "parse_action",
]


def new_game(players: int = 4, rules: Rules | Mapping[str, Any] | None = None) -> DoubleDonkeyState:
    """DD-SETUP-2: 2-5 players; the first chance point is the deal (DD-SETUP-1). ``rules`` is a ``Rules``, a
    mapping of its options or ``None`` (``core.setup.check_rules``)."""
    rules = check_rules(Rules, rules, game=PLAYERS.game, rule=PLAYERS.rule)
    players = PLAYERS.check(players)
    if rules.first_player >= players:
        raise IllegalAction(
            "DD-SETUP-2", f"first_player {quote(rules.first_player)} is not a seat of {players} players"
        )
    size = len(build_deck(rules.deck))
    if size < 10 * players:
        raise IllegalAction(
            "DD-SETUP-1", f"{players} personal piles of 10 need {10 * players} cards; the deck has {size}"
        )
    return DoubleDonkeyState(players, rules)
