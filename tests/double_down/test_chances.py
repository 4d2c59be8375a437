"""Double Down chances: each card's outcome now and the exact risk of a token lost by the next turn."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from donkeylab import double_down as dn
from donkeylab.core import Match, RandomBot
from donkeylab.core.chances import CHANCE_POINT, NOT_YOUR_TURN, TERMINAL
from donkeylab.double_down.bots import RandomCard
from donkeylab.double_down.chances import NEXT, NOW, OPEN, SAFE, _Model, chances, consistent
from donkeylab.double_down.deck import KIND_INDEX
from donkeylab.double_down.next_turn import must_lose
from tests.chances_kit import POINTS, ROLLOUTS, Comparisons, check_table, decision_points, state_at
from tests.double_down import fast_rollouts


def dealt(hands: list[list[str]], total: int = 0) -> dn.DoubleDownState:
    state = dn.new_game(players=len(hands))
    state = state.apply(dn.Deal.of(hands=hands, opener=0))
    s = state._copy()
    s._total = total
    return s


def test_dn_doublet_1_hand_checked_rows() -> None:
    """Total 10, hand 0 0 reverse 9 76: the 76 busts (a token now, the round ends); the 9 and a 0 keep a 0
    in hand, a repeat that is always safe, so no token can be lost by the next turn: exactly 1."""
    state = dealt([["0", "0", "reverse", "9", "76"], ["2", "3", "4", "5", "6"]], total=10)
    table = chances(state)
    assert table.move("PlayCard('76')").outcome(NOW) == 1
    assert table.move("PlayCard('76')").value == 0
    for card in ("9", "0", "reverse"):
        row = table.move(f"PlayCard({card!r})")
        assert row.value == Fraction(1) and row.exact, card
    assert table.moves[-1].action == "PlayCard('76')"
    assert "bust" in table.move("PlayCard('76')").note_text()


def test_dn_bust_1_doublet_now_counts_once() -> None:
    state = dealt([["2", "9", "10", "10", "10"], ["2", "3", "4", "5", "6"]], total=20)
    row = chances(state).move("PlayCard('2')")  # 22: a doublet
    assert row.outcome(NOW) == 1 and row.outcome(NEXT) == 0 and row.value == 0


def test_dn_play_1_hidden_cards_do_not_change_the_table() -> None:
    m = Match(dn.new_game(players=3), seed=3, bots={p: RandomBot() for p in range(3)})
    for _ in range(12):
        m.step()
    while not isinstance(m.state.current_player, int):
        m.step()
    state = m.state
    seat = state.current_player
    other = consistent(state, seat, random.Random(4))
    assert other.hands[seat] == state.hands[seat] and other.hands != state.hands
    assert chances(other, seat) == chances(state, seat)


def test_dn_end_1_terminal_chance_point_and_other_seat_give_a_reason() -> None:
    start = dn.new_game(players=2)
    assert chances(start).reason == CHANCE_POINT and chances(start).moves == ()
    state = dealt([["2", "3", "4", "5", "6"], ["2", "3", "4", "5", "6"]])
    assert chances(state, seat=1).reason == NOT_YOUR_TURN
    m = Match(dn.new_game(players=2), seed=1, bots={0: RandomBot(), 1: RandomBot()})
    m.run()
    assert chances(m.state).reason == TERMINAL and chances(m.state).moves == ()


def rollout(state: dn.DoubleDownState, action: str, n: int, seed: int) -> list[float]:
    """1.0 when no token is lost by the mover's next turn of this round (the others playing RandomCard, the
    mover's second card of a double turn the one the row assumes), else 0.0; hidden cards dealt afresh each time.
    The engine's play, which ``fast_rollouts`` repeats draw for draw (checked below)."""
    me = state.current_player
    assert isinstance(me, int)
    move = dn.parse_action(action)
    rng, bot, out = random.Random(seed), RandomCard(), []
    then = [s.data["card"] for s in chances(state).move(action).note if s.key.endswith("/then")]
    second = dn.PlayCard(then[0]) if then else None  # the second card of a double turn the row assumes
    for _ in range(n):
        s = consistent(state, me, rng).apply(move)
        if second is not None:
            s = s.apply(second)
        lost = s.tokens[me] < state.tokens[me] or me in s.eliminated
        if not lost and s.round == state.round and s.phase != "over":
            while s.current_player != me and s.round == state.round and s.current_player is not None:
                s = s.apply(bot.act(s, rng) if isinstance(s.current_player, int) else s.sample_chance(rng))
            if s.current_player == me and s.round == state.round:
                hand = sorted(KIND_INDEX[c] for c in s.hands[me])
                lost = must_lose(_Model(s, me), s.total, hand, s.pending_plays)
        out.append(0.0 if lost else 1.0)
    return out


def then_card(row: Any) -> str | None:
    """The second card of a double turn the row assumes (None: no second card)."""
    then = [s.data["card"] for s in row.note if s.key.endswith("/then")]
    return then[0] if then else None


def check_points(players: int, points: int, n: int, seed: int) -> None:
    comparisons = Comparisons()
    for k, state in enumerate(decision_points(lambda: dn.new_game(players=players), players, points, seed)):
        for row in chances(state).moves:
            values = fast_rollouts.rollout(state, row.action, then_card(row), n, seed=k)
            spread = (0.0, float(row.outcome(OPEN)))  # a bound: the truth lies in [value, value + unresolved]
            low, high = float(row.value), float(row.value + row.outcome(OPEN))
            var = max(p * (1 - p) for p in (low, high, min(max(0.5, low), high)))
            comparisons.add(float(row.value), values, f"{players}p point {k} {row.action}", spread, var)
            assert row.outcome(SAFE) == row.value
    comparisons.check()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_dn_fast_rollouts_are_the_engines_rollouts(players: int) -> None:
    """The rollouts the 30-point test compares with: the same seed gives the engine's very games."""
    new = lambda: dn.new_game(players=players)  # noqa: E731
    fast_rollouts.PATHS.clear()
    for k, state in enumerate(decision_points(new, players, 10, seed=players)):
        for row in chances(state).moves:
            fast = fast_rollouts.rollout(state, row.action, then_card(row), 100, seed=k)
            assert fast == rollout(state, row.action, 100, seed=k), (k, row.action)
    if players >= 4:  # both ways a fast rollout ends were taken: on lists, and handed back to the engine
        assert fast_rollouts.PATHS["engine"] > 0 and fast_rollouts.PATHS["all"] > 10 * fast_rollouts.PATHS["engine"]


def test_dn_doublet_1_rollouts_quick() -> None:
    check_points(2, 3, 1500, seed=5)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_dn_doublet_1_rollouts_30_points_20000_each(players: int) -> None:
    check_points(players, POINTS, ROLLOUTS, seed=17)


@pytest.mark.parametrize(("players", "share"), [(2, 1.0), (3, 0.95)])
def test_dn_play_1_rows_are_exact_with_two_and_three_players(players: int, share: float) -> None:
    """The others' play is followed by kind of card (number cards as a count with a law of their sum), so with
    two players every row and with three nearly every row is exact at the rollout test's decision points: the
    work budget is rarely reached (it was for about half the rows while every card was followed by its kind)."""
    rows = [row for state in decision_points(lambda: dn.new_game(players=players), players, POINTS, 17)
            for row in chances(state).moves]  # fmt: skip
    exact = [row for row in rows if row.exact]
    assert len(exact) >= share * len(rows), f"{len(rows) - len(exact)} of {len(rows)} rows are bounds"
    assert all(row.outcome(OPEN) == 0 for row in exact)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 150), st.integers(2, 4))
def test_dn_play_1_every_table_is_a_ranked_law(seed: int, step: int, players: int) -> None:
    check_table(chances(state_at(lambda: dn.new_game(players=players), seed, step)), higher_is_better=True)
