"""Double Down (LOBO 77): a running total where doublets cost a token and 77 ends the round (RULES.md DN-*).

``new_game(players, rules)`` returns the state before the first deal (a chance point). Actions: ``Deal``,
``Shuffle`` (both chance) and ``PlayCard(card)`` with card names such as ``"9"``, ``"-10"``, ``"2x"``,
``"reverse"``, ``"76"``. Exact probabilities for lessons live in ``double_down.exact``; bots in ``bots``.
``state.snapshot(seat, lang)`` is the JSON view (a seat sees only its own hand); ``Deal.of(hands=...)`` and
``Shuffle.of(...)`` force the chance points from card names.

Our rulings where RULES.md leaves a gap (each has a test):
- Drawing (DN-PLAY-1, DN-DRAW-1): a player draws one card per card played, after the turn (two after a
  double turn); a card that could not be drawn is not made up later ("plays on with fewer cards").
- A player who cannot play passes: with no card at all (DN-DRAW-1), or holding only 2x cards when a
  double turn must open with another card (DN-DOUBLE-1). A pass uses up a pending double turn.
- An eliminated player's hand goes under the top card of the played pile, so the top card stays on top.
- Round 1's dealer is the seat right of ``opener``; each later round's dealer is the last round's opener.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from donkeylab.core import IllegalAction, quote
from donkeylab.core.setup import check_rules
from donkeylab.double_down import bots
from donkeylab.double_down.actions import ACTIONS, Deal, PlayCard, Shuffle, parse_action
from donkeylab.double_down.deck import BUST_AT, CARD_KIND, DECK_SIZE, DECK_SPEC, DELTA, DOUBLETS, KIND_INDEX, KINDS
from donkeylab.double_down.metrics import metrics
from donkeylab.double_down.questions import QUESTIONS
from donkeylab.double_down.rules import ICON, NAME, PHASES, PLAYERS, RULE_PREFIX, RULEBOOK, VIEWS, Rules
from donkeylab.double_down.state import DoubleDownState
from donkeylab.double_down.view_words import VIEW_WORDS

__all__ = [
    "ACTIONS",
    "BUST_AT",
    "CARD_KIND",
    "DECK_SIZE",
    "DECK_SPEC",
    "DELTA",
    "DOUBLETS",
    "ICON",
    "KINDS",
    "KIND_INDEX",
    "NAME",
    "PHASES",
    "PLAYERS",
    "QUESTIONS",
    "RULEBOOK",
    "RULE_PREFIX",
    "VIEWS",
    "VIEW_WORDS",
    "Deal",
    "DoubleDownState",
    "PlayCard",
    "Rules",
    "Shuffle",
    "bots",
    "metrics",
    "new_game",
    "parse_action",
]


def new_game(players: int = 4, rules: Rules | Mapping[str, Any] | None = None, opener: int = 0) -> DoubleDownState:
    """The state before the first deal (DN-SETUP-1); ``opener`` is the seat left of the first dealer.
    ``rules`` is a ``Rules``, a mapping of its options or ``None`` (``core.setup.check_rules``)."""
    rules = check_rules(Rules, rules, game=PLAYERS.game, rule=PLAYERS.rule)
    players = PLAYERS.check(players)
    if players * rules.hand_size > DECK_SIZE:
        raise IllegalAction.of("DN-SETUP-1", "DN-SETUP-1/deck", {"count": players, "hand_size": rules.hand_size})
    if isinstance(opener, bool) or not isinstance(opener, int) or not 0 <= opener < players:
        raise IllegalAction.of("DN-SETUP-1", "DN-SETUP-1/opener", {"last": players - 1, "value": quote(opener)})
    return DoubleDownState(players, rules, opener)
