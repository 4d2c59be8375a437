"""Esels-Rennen bots: ``Random`` (uniform over legal moves) and ``Greedy`` (pushes the order on its own cards).

``Greedy`` looks one move ahead, chain included: it plays the move after which the race looks most like
the best of its cards—finished donkeys in the card's places score most, then the card's first donkey far
ahead and its last donkey far behind. It knows only its own cards (what its seat's ``snapshot`` shows).
"""

from __future__ import annotations

import random
from typing import Any

from donkeylab.core import Action, RandomBot
from donkeylab.esels_rennen.rules import CARD_ORDER, card_points


class Random(RandomBot):
    """Uniformly random legal action (the baseline of every experiment)."""


class Greedy:
    """One-move lookahead towards the order on its own card(s); ties broken with the given rng."""

    def act(self, state: Any, rng: random.Random) -> Action:
        actions: tuple[Action, ...] = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        seat = state.current_player
        cards = state.cards[seat]  # its own cards only (what its seat's snapshot shows), read without a snapshot
        scored = [(max(self.score(state.apply(a), c) for c in cards), a) for a in actions]
        best = max(s for s, _ in scored)
        return rng.choice([a for s, a in scored if s == best])

    @staticmethod
    def score(state: Any, card: str) -> float:
        """How well the race after a move fits ``card``: podium places first, then progress in card order."""
        if state.podium and len(state.podium) == 3:
            return 1000.0 * card_points(card, state.podium)
        order = CARD_ORDER[card]
        value = 0.0
        for place, donkey in enumerate(state.podium):
            value += 100.0 if order[place] == donkey else -100.0
        rows = {f.id: f.y for f in state.track.board.fields}
        weights = (3.0, 1.0, -2.0)
        for weight, donkey in zip(weights, order, strict=True):
            field = state.positions[donkey]
            if field is not None:
                value += weight * rows[field]
        return value

    def __repr__(self) -> str:
        return "Greedy()"
