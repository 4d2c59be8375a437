"""Double Down bots and the benchmark that compares their token losses.

- ``Random``: uniform over the distinct legal cards (what ``legal_actions`` offers).
- ``RandomCard``: a uniformly random *card* of the hand (copies count), the "no thinking" pupil whose
  play ``exact.round_end_within`` computes exactly.
- ``Careful``: never a doublet or bust when it can help it, and keeps 0 / −10 / direction change / 2x
  for emergencies (totals where every number card would hurt).
"""

from __future__ import annotations

import random
from typing import Any, Final

from donkeylab.core import CHANCE, Action, RandomBot
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


def _play(state: DoubleDownState, bots: dict[int, Any], rng: random.Random) -> tuple[list[int], list[int], int | None]:
    """Play one game; return per seat the tokens really lost, the penalties taken and the winner.

    A penalty (a DN-DOUBLET-1 or DN-BUST-1 hit) costs a token only while the player has one: the hit that
    eliminates a swimming player costs none, so tokens are counted from the token totals, not the events
    (a seat never loses more than its 3 tokens)."""
    lost = [0] * state.num_players
    penalties = [0] * state.num_players
    s = state
    while (player := s.current_player) is not None:
        action = s.sample_chance(rng) if player is CHANCE else bots[player].act(s, rng)  # type: ignore[index]
        before = s.tokens
        s = s.apply(action)
        for seat, left in s.tokens.items():
            lost[seat] += before[seat] - left
        for event in s.events:
            if event.rule in ("DN-DOUBLET-1", "DN-BUST-1"):
                penalties[event.data["player"]] += 1
    return lost, penalties, (s.winners[0] if s.winners else None)


def compare_token_losses(games: int = 200, players: int = 4, seed: int = 0) -> list[dict[str, object]]:
    """Careful and Random seats alternate round the table (swapped every game, so no seat is favoured).

    One row per bot, per seat and game: tokens really lost (at most 3), penalties taken (doublets and
    busts, including the hit that eliminates a swimming player, which costs no token) and wins.
    """
    from donkeylab.double_down import new_game

    rng = random.Random(seed)
    stats = {"Careful": [0, 0, 0, 0], "Random": [0, 0, 0, 0]}  # seat-games, tokens lost, penalties, wins
    for g in range(games):
        kinds = {p: "Careful" if (p + g) % 2 == 0 else "Random" for p in range(players)}
        bots: dict[int, Any] = {p: Careful() if k == "Careful" else Random() for p, k in kinds.items()}
        lost, penalties, winner = _play(new_game(players), bots, rng)
        for p, kind in kinds.items():
            row = stats[kind]
            row[0] += 1
            row[1] += lost[p]
            row[2] += penalties[p]
            row[3] += winner == p
    return [
        {
            "bot": name,
            "seat_games": n,
            "tokens_lost_per_game": lost / n,
            "penalties_per_game": penalties / n,
            "win_rate": wins / n,
        }
        for name, (n, lost, penalties, wins) in stats.items()
    ]


def print_comparison(games: int = 200, players: int = 4, seed: int = 0) -> None:
    """The benchmark table (``benchmarks/double_down_bots.py``)."""
    print(f"Double Down, {players} players, {games} games, seed {seed}")
    print("(penalties = doublet and bust hits; the hit that eliminates a swimming player costs no token)")
    print(f"{'bot':<8} {'seat-games':>10} {'tokens lost/game':>17} {'penalties/game':>15} {'win rate':>9}")
    for row in compare_token_losses(games, players, seed):
        print(
            f"{row['bot']:<8} {row['seat_games']:>10} {row['tokens_lost_per_game']:>17.3f} "
            f"{row['penalties_per_game']:>15.3f} {row['win_rate']:>9.3f}"
        )
