"""The generic engine kit on both variants and 2-5 players, plus bots driven by Match."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest

from donkeylab import double_donkey as dd
from donkeylab.core import Match, play_random
from donkeylab.double_donkey import bots
from tests import kit


def make(variant: str) -> Callable[[random.Random], dd.DoubleDonkeyState]:
    """Games with 2, 3, 4, 5, 2, ... players and a random first player."""
    counts = itertools.cycle([2, 3, 4, 5])

    def state(rng: random.Random) -> dd.DoubleDonkeyState:
        players = next(counts)
        rules = dd.Rules(variant=variant, first_player=rng.randrange(players))  # type: ignore[arg-type]
        return dd.new_game(players, rules)

    return state


@pytest.mark.parametrize("variant", ["english", "german"])
def test_dd_end_1_kit_random_games(variant: str) -> None:
    finals = kit.check_random_games(make(variant), dd, games=6, seed=11)
    assert {f.num_players for f in finals} == {2, 3, 4, 5}
    for f in finals:
        assert f.is_terminal() and f.winners
        for p in f.winners:
            assert not f.piles[p] and (variant == "german" or not f.hands[p])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_dd_setup_2_every_player_count_plays_to_the_end(players: int) -> None:
    for variant in ("english", "german"):
        rng = random.Random(players)
        for _ in range(5):
            f = play_random(dd.new_game(players, dd.Rules(variant=variant)), rng)  # type: ignore[arg-type]
            assert f.winners and all(0 <= w < players for w in f.winners)


@pytest.mark.parametrize("variant", ["english", "german"])
def test_dd_next_1_seed_determinism(variant: str) -> None:
    kit.check_seed_determinism(dd.new_game(4, dd.Rules(variant=variant)), seed=3)  # type: ignore[arg-type]


def test_dd_play_1_bots_in_a_match() -> None:
    players = {0: bots.Greedy(), 1: bots.Cautious(), 2: bots.Policy("lowest"), 3: bots.Policy("highest")}
    m = Match(dd.new_game(4), seed=5, bots=players)
    final = m.run(max_actions=5000)
    assert final.is_terminal() and final.winners
    kit.check_seed_determinism(dd.new_game(4), seed=8, bots=players)


def test_dd_biggest_1_cautious_bot_beats_random() -> None:
    """The strategy bot (seat 0) wins more often than a random bot in the same seat: it is sensible."""
    wins = {"Cautious": 0, "Random": 0}
    wins["Greedy"] = 0
    for name, bot in (("Cautious", bots.Cautious()), ("Random", bots.Random()), ("Greedy", bots.Greedy())):
        for g in range(60):
            m = Match(dd.new_game(3), seed=f"cautious:{g}", bots={0: bot, 1: bots.Random(), 2: bots.Random()})
            wins[name] += 0 in m.run(max_actions=5000).winners
    assert min(wins["Cautious"], wins["Greedy"]) > wins["Random"] + 5, wins


def test_dd_dice_2_policy_bot_choices() -> None:
    assert bots.policy_choice("lowest", [("orange", 5), ("green", 2), ("purple", 2)], random.Random(0)) in (
        "green",
        "purple",
    )
    assert bots.policy_choice("highest", [("orange", 5), ("green", 2)], random.Random(0)) == "orange"
    assert bots.policy_keeps("lowest", 3, random.Random(0)) and not bots.policy_keeps("highest", 3, random.Random(0))
    with pytest.raises(ValueError, match="policy"):
        bots.Policy("sneaky")  # type: ignore[arg-type]
