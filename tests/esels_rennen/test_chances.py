"""Esels-Rennen chances: each legal move's exact finishing-order odds and expected points (ER-SCORE-1)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from donkeylab import esels_rennen as er
from donkeylab.core import RandomBot
from donkeylab.core.chances import CHANCE_POINT, NOT_YOUR_TURN, TERMINAL
from donkeylab.esels_rennen.chances import chances, consistent, order_odds
from donkeylab.esels_rennen.exact import race_odds
from tests.chances_kit import POINTS, ROLLOUTS, Comparisons, check_table, decision_points, law_variance, state_at
from tests.esels_rennen import fast_rollouts


def dealt(players: int = 3, seed: int = 1, board: str = "default") -> er.EselsRennenState:
    state = er.new_game(players=players, board=er.load_board(board))
    return state.apply(state.sample_chance(random.Random(seed)))


def test_er_score_1_rows_sum_to_one_and_rank_by_expected_points() -> None:
    table = chances(dealt())
    assert table.moves and not table.reason
    for row in table.moves:
        assert sum(p for _, p in row.outcomes) == 1
    values = [m.value for m in table.moves]
    assert values == sorted(values, reverse=True)


def test_er_score_1_start_odds_are_the_race_odds() -> None:
    assert order_odds(dealt()) == dict(race_odds().order_probability)


def test_er_score_1_hidden_cards_do_not_change_the_table() -> None:
    state = dealt(players=3, seed=2)
    seat = state.current_player
    assert isinstance(seat, int)
    other = consistent(state, seat, random.Random(5))
    assert other.cards[seat] == state.cards[seat]
    assert any(other.cards[p] != state.cards[p] for p in range(3) if p != seat)
    assert chances(other, seat) == chances(state, seat)


def test_er_end_1_terminal_chance_point_and_other_seat_give_a_reason() -> None:
    start = er.new_game(players=2, board=er.load_board("tiny_chain"))
    assert chances(start).reason == CHANCE_POINT and not chances(start).moves
    state = dealt(players=2, board="tiny_chain")
    assert chances(state, seat=1 - state.current_player).reason == NOT_YOUR_TURN
    rng = random.Random(3)
    while state.current_player is not None:
        state = state.apply(RandomBot().act(state, rng))
    assert chances(state).reason == TERMINAL and chances(state).moves == ()


def test_er_score_1_hand_checked_last_move() -> None:
    """A position one move from the end, checked by hand: every move decides the order with certainty, so each
    row's expected points are ER-SCORE-1's points of that order."""
    rng = random.Random(0)
    for seed in range(40):
        state = dealt(players=2, seed=seed, board="tiny_chain")
        while state.current_player is not None:
            after = [state.apply(a) for a in state.legal_actions()]
            if all(a.current_player is None for a in after) and len(after) > 1:
                table = chances(state)
                mine = state.cards[state.current_player]
                for action, end in zip(state.legal_actions(), after, strict=True):
                    row = table.move(str(action))
                    assert row.value == Fraction(er.best_points(mine, end.podium))
                    assert dict(row.outcomes)[next(n for n, p in row.outcomes if p)] == 1
                return
            state = state.apply(RandomBot().act(state, rng))
    pytest.fail("no position one move before the end found")


def rollout_points(state: er.EselsRennenState, action: str, n: int, seed: int) -> list[float]:
    """Points of the mover's card(s) after ``action`` and Random play to the end, ``n`` seeded races: the
    engine's play, which ``fast_rollouts`` repeats on a graph of race positions (checked below)."""
    mover = state.current_player
    assert isinstance(mover, int)
    move = er.parse_action(action)
    rng = random.Random(seed)
    bot = RandomBot()
    out = []
    for _ in range(n):
        s = consistent(state, mover, rng).apply(move)
        while s.current_player is not None:
            s = s.apply(bot.act(s, rng))
        out.append(float(er.best_points(state.cards[mover], s.podium)))
    return out


def check_points(points: Iterator[er.EselsRennenState], n: int) -> None:
    comparisons = Comparisons()
    graph = fast_rollouts.RaceGraph()
    for k, state in enumerate(points):
        for row in chances(state).moves:
            mine = state.cards[state.current_player]
            var = law_variance(row, lambda name, mine=mine: er.best_points(mine, er.CARD_ORDER[name[-3:]]))
            comparisons.add(
                float(row.value),
                fast_rollouts.rollout_points(state, row.action, n, k, graph),
                f"{k} {row.action}",
                var=var,
            )
    comparisons.check()


@pytest.mark.parametrize("board", ["tiny_chain"])
def test_er_score_1_rollouts_quick(board: str) -> None:
    points = decision_points(lambda: er.new_game(players=3, board=er.load_board(board)), 3, 3, seed=7)
    check_points(points, 2000)


@pytest.mark.parametrize(("players", "board"), [(3, "default"), (2, "tiny_chain"), (4, "default")])
def test_er_score_1_fast_rollouts_are_the_engines_rollouts(players: int, board: str) -> None:
    """The rollouts the 30-point test compares with: the same seed gives the very races the engine plays."""
    graph = fast_rollouts.RaceGraph()
    new = lambda: er.new_game(players=players, board=er.load_board(board))  # noqa: E731
    for k, state in enumerate(decision_points(new, players, 4, seed=11)):
        for action in state.legal_actions():
            fast = fast_rollouts.rollout_points(state, str(action), 150, k, graph)
            assert fast == rollout_points(state, str(action), 150, seed=k), (k, str(action))


@pytest.mark.slow
def test_er_score_1_rollouts_30_points_20000_each() -> None:
    check_points(decision_points(lambda: er.new_game(players=3), 3, POINTS, seed=11), ROLLOUTS)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40), st.integers(2, 6))
def test_er_score_1_every_table_is_a_ranked_law(seed: int, step: int, players: int) -> None:
    check_table(chances(state_at(lambda: er.new_game(players=players), seed, step)), higher_is_better=True)
