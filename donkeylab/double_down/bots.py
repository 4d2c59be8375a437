"""Double Down bots (compared by ``donkeylab.lab.compare.compare_bots`` and ``benchmarks/double_down_bots.py``).

- ``Random``: uniform over the distinct legal cards (what ``legal_actions`` offers).
- ``RandomCard``: a uniformly random *card* of the hand (copies count), the "no thinking" pupil whose
  play ``exact.round_end_within`` computes exactly.
- ``Careful``: never a doublet or bust when it can help it, and keeps 0 / −10 / direction change / 2x
  for emergencies (totals where every number card would hurt).
"""

from __future__ import annotations

import random
from typing import Final

from donkeylab.core import Action, RandomBot
from donkeylab.double_down.actions import PlayCard
from donkeylab.double_down.deck import DELTA, KIND_INDEX
from donkeylab.double_down.exact import play_outcome
from donkeylab.double_down.state import DoubleDownState

# Emergency cards, best first: 2x hands the trouble on twice over, −10 goes last as it can hit a doublet.
EMERGENCY: Final = ("2x", "reverse", "0", "-10")


class Random(RandomBot):
    """Uniformly random among the distinct legal cards."""


class RandomCard:
    """A uniformly random card of the hand (each copy counts), never an illegal one."""

    def act(self, state: DoubleDownState, rng: random.Random) -> Action:
        legal = {a.card for a in state.legal_actions() if isinstance(a, PlayCard)}
        player = state.current_player
        assert isinstance(player, int), "RandomCard acts only on a player's turn"
        hand = [c for c in state.hands[player] if c in legal]
        return PlayCard(rng.choice(hand))

    def __repr__(self) -> str:
        return "RandomCard()"


class Careful:
    """Safe number cards first (the highest, to shed big cards while it is safe), then emergency cards,
    then a doublet (play goes on) rather than a bust (the round ends)."""

    def act(self, state: DoubleDownState, rng: random.Random) -> Action:
        actions = [a for a in state.legal_actions() if isinstance(a, PlayCard)]
        outcome = {a.card: play_outcome(state.total, a.card, state.rules) for a in actions}
        numbers = [a for a in actions if a.card not in EMERGENCY and outcome[a.card] == "safe"]
        if numbers:
            return max(numbers, key=lambda a: DELTA[KIND_INDEX[a.card]])
        for card in EMERGENCY:
            if outcome.get(card) == "safe":
                return PlayCard(card)
        doublets = [a for a in actions if outcome[a.card] == "doublet"]
        return rng.choice(doublets or actions)

    def __repr__(self) -> str:
        return "Careful()"
