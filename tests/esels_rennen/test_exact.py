"""Exact race odds under random play, each cross-checked against a seeded Monte Carlo estimate (4 standard errors)."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from donkeylab import esels_rennen as er
from donkeylab.core import CHANCE
from donkeylab.esels_rennen import exact


def simulate(board: str, rules: er.Rules, races: int, seed: int) -> tuple[Counter[str], list[int], list[Counter[int]]]:
    """Random races through the engine: finishing orders, turns per race, and chain lengths per race."""
    rng = random.Random(seed)
    orders: Counter[str] = Counter()
    turns: list[int] = []
    lengths: list[Counter[int]] = []
    start = er.new_game(2, rules, board=board)
    for _ in range(races):
        s = start
        n, hops = 0, Counter[int]()
        while not s.is_terminal():
            if s.current_player is CHANCE:
                s = s.apply(s.sample_chance(rng))
                continue
            s = s.apply(rng.choice(s.legal_actions()))
            n += 1
            if not isinstance(s.last_action, er.Pass):
                hops[sum(e.rule == "ER-CHAIN-1" and e.key == "ER-CHAIN-1" for e in s.events)] += 1
        orders["".join(d[0].upper() for d in s.podium)] += 1
        turns.append(n)
        lengths.append(hops)
    return orders, turns, lengths


def within(exact_value: Fraction, samples: list[float], sigmas: float = 4.0) -> bool:
    n = len(samples)
    mean = sum(samples) / n
    var = sum((x - mean) ** 2 for x in samples) / (n - 1)
    return abs(mean - float(exact_value)) <= sigmas * max(math.sqrt(var / n), 1e-9)


@pytest.mark.parametrize(
    ("board", "rules", "races"),
    [
        ("tiny_chain", er.Rules(), 4000),
        ("tiny_chain", er.Rules(sand="start", finish_arrows=False), 3000),
        ("tiny_chain", er.Rules(start_order="random"), 3000),
        ("default", er.Rules(), 4000),
    ],
)
def test_er_end_1_exact_finishing_orders_match_monte_carlo(board: str, rules: er.Rules, races: int) -> None:
    odds = exact.race_odds(er.load_board(board), rules)
    probs = dict(odds.order_probability)
    assert set(probs) == set(er.CARDS) and sum(probs.values()) == 1
    assert all(isinstance(p, Fraction) and 0 < p < 1 for p in probs.values())
    orders, turns, lengths = simulate(board, rules, races, seed=11)
    for card, p in probs.items():
        hits = [1.0 if i < orders[card] else 0.0 for i in range(races)]
        assert within(p, hits), (card, float(p), orders[card] / races)
    assert within(odds.expected_turns, [float(t) for t in turns])
    finished = [er.rules.CARD_ORDER[c] for c, k in orders.items() for _ in range(k)]
    for card in er.CARDS:  # ER-SCORE-1 points a card's holder can expect
        assert within(odds.expected_points(card), [float(er.card_points(card, o)) for o in finished]), card
    for hops, expected in odds.chain_lengths:
        assert within(expected, [float(c[hops]) for c in lengths]), (hops, float(expected))


def test_er_chain_1_chain_length_distribution_and_expected_points() -> None:
    tables = exact.lesson_tables(er.load_board("tiny_chain"))
    assert set(tables) == {"finishing_orders", "chain_lengths", "race"}
    shares = [row["share_exact"] for row in tables["chain_lengths"]]
    assert sum(shares, Fraction(0)) == 1 and max(int(row["hops"]) for row in tables["chain_lengths"]) >= 4  # type: ignore[call-overload]
    for row in tables["finishing_orders"]:
        card = str(row["card"])
        p = dict(exact.race_odds(er.load_board("tiny_chain")).order_probability)
        expected = sum(q * er.card_points(card, er.rules.CARD_ORDER[o]) for o, q in p.items())
        assert row["expected_points_exact"] == expected and 0 <= float(expected) <= 3
    turns = next(r for r in tables["race"] if r["quantity"] == "expected turns per race")
    assert isinstance(turns["value"], Fraction) and turns["value"] > 3


def test_er_move_2_random_play_chain_interface() -> None:
    chain = exact.random_play_chain(er.load_board("tiny_chain"))
    assert chain.start == ((0, Fraction(1)),)
    assert len(chain.states) == len(chain.successors) == len(chain.outcome)
    hash(chain.states)
    for succ, outcome in zip(chain.successors, chain.outcome, strict=True):
        if outcome is None:
            assert succ and sum(p for _, p in succ) == 1
        else:
            assert succ == () and sorted(outcome) == sorted(er.DONKEYS)
    # back moves (ER-MOVE-2) make the chain cyclic: some state is reachable again from a successor
    odds = exact.race_odds(er.load_board("tiny_chain"))
    assert odds.largest_cycle_class > 1
    # the chain agrees with the exact solver: absorbed mass of each order by power iteration (floats)
    mass = {0: 1.0}
    done: dict[tuple[str, ...], float] = {}
    for _ in range(200):
        nxt: dict[int, float] = {}
        for i, m in mass.items():
            if chain.outcome[i] is not None:
                done[chain.outcome[i]] = done.get(chain.outcome[i], 0.0) + m  # type: ignore[index]
                continue
            for j, p in chain.successors[i]:
                nxt[j] = nxt.get(j, 0.0) + m * float(p)
        mass = nxt
        if not mass:
            break
    for card, p in odds.order_probability:
        assert abs(done[er.rules.CARD_ORDER[card]] - float(p)) < 1e-6
    random_start = exact.random_play_chain(er.load_board("tiny_chain"), er.Rules(start_order="random"))
    assert len(random_start.start) == 6 and sum(p for _, p in random_start.start) == 1
