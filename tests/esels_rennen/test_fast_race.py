"""Esels-Rennen race fast path: agrees with the exact Markov-chain odds and with engine rollouts."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from donkeylab import esels_rennen as er
from donkeylab.core import play_random
from donkeylab.esels_rennen import exact
from donkeylab.esels_rennen import fast_race as race
from donkeylab.lab.experiment import ExperimentSpec, run_experiment
from donkeylab.lab.stats import mean_normal, wilson
from tests.lab.agreement import assert_close, assert_distribution_matches

BOARD = "tiny_chain"
N = 200_000


def _code(order: tuple[str, ...]) -> str:
    return "".join(d[0].upper() for d in order)


@pytest.fixture(scope="module")
def arrays() -> race.RaceArrays:
    return race.RaceArrays.from_chain(exact.random_play_chain(er.load_board(BOARD)))


def test_fast_race_covers_chain_rules_only() -> None:
    assert {"ER-CHAIN-1", "ER-CHAIN-2", "ER-FINISH-1", "ER-END-1"} <= set(race.RULES_COVERED)
    assert "ER-SCORE-1" not in race.RULES_COVERED


def test_er_end_1_fast_race_orders_match_exact_odds(arrays: race.RaceArrays) -> None:
    odds = exact.race_odds(er.load_board(BOARD))
    races = race.simulate_races(arrays, N, seed=7)
    counts = {_code(o): c for o, c in races.order_counts().items()}
    assert_distribution_matches(counts, N, dict(odds.order_probability), "finishing order")
    assert_close(mean_normal(races.steps), odds.expected_turns, what="expected turns")


def test_er_chain_1_fast_race_agrees_with_engine_rollouts(arrays: race.RaceArrays) -> None:
    games = 3000
    podiums: Counter[str] = Counter()
    turns = []
    start = er.new_game(3, board=BOARD)
    for g in range(games):
        final = play_random(start, random.Random(f"er-fast:{g}"))
        podiums[_code(final.podium)] += 1
        turns.append(sum(type(a).__name__ in ("Move", "Back", "Pass") for a in final.history))
    races = race.simulate_races(arrays, N, seed=8)
    for order, c in races.order_counts().items():
        assert_close(wilson(podiums[_code(order)], games), wilson(c, N), what=f"order {_code(order)}")
    assert_close(mean_normal(turns), mean_normal(races.steps), what="turns per race")


def test_fast_race_is_seeded(arrays: race.RaceArrays) -> None:
    a, b = race.simulate_races(arrays, 5000, 1), race.simulate_races(arrays, 5000, 1)
    assert np.array_equal(a.order, b.order) and np.array_equal(a.steps, b.steps)
    assert not np.array_equal(a.order, race.simulate_races(arrays, 5000, 2).order)


def test_experiment_records_race_orders_for_lessons() -> None:
    result = run_experiment(ExperimentSpec("esels_rennen", players=3, games=200, seed=1, setup={"board": BOARD}))
    orders = result.category("order")
    assert sum(e.value for e in orders) == pytest.approx(1.0)
    assert all(r["turns"] > 0 for r in result.records)


def test_alias_tables_reproduce_the_transition_probabilities() -> None:
    probs = [0.5, 1 / 3, 1 / 6]
    accept, alias = race._alias(probs)
    got = [0.0] * len(probs)
    for j in range(len(probs)):
        got[j] += accept[j] / len(probs)
        got[alias[j]] += (1 - accept[j]) / len(probs)
    assert got == pytest.approx(probs, abs=1e-12)


@pytest.mark.parametrize(
    "rules", [er.Rules(finish_arrows=False), er.Rules(start_order="random"), er.Rules(sand="start")], ids=str
)
def test_er_finish_1_fast_race_follows_rule_options(rules: er.Rules) -> None:
    """Any rule variant the chain encodes (incl. a random start distribution) is simulated faithfully."""
    board = er.load_board(BOARD)
    arrays = race.RaceArrays.from_chain(exact.random_play_chain(board, rules))
    odds = exact.race_odds(board, rules)
    races = race.simulate_races(arrays, 100_000, seed=11)
    counts = {_code(o): c for o, c in races.order_counts().items()}
    assert_distribution_matches(counts, 100_000, dict(odds.order_probability), f"{rules}")


def test_fast_race_streams_chunks(arrays: race.RaceArrays) -> None:
    seen: list[int] = []
    races = race.simulate_races(arrays, 1000, seed=5, on_chunk=lambda done, part: seen.append(done))
    assert seen == [1000] and races.order.size == 1000
