"""Double Donkey chances: each die (DD-DICE-2), keep or re-roll (DD-DICE-3) and card set (DD-ANGRY-1)."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from donkeylab import double_donkey as dd
from donkeylab.core import Match, RandomBot
from donkeylab.core.chances import CHANCE_POINT, NOT_YOUR_TURN, TERMINAL
from donkeylab.double_donkey.cards import card_value
from donkeylab.double_donkey.chances import chances, consistent, unseen
from donkeylab.double_donkey.exact import what_if
from tests.chances_kit import POINTS, ROLLOUTS, Comparisons, check_table, decision_points, law_variance, state_at
from tests.double_donkey import fast_rollouts

VARIANTS = ("english", "german")


def first(phase: str, variant: str = "english", seed: int = 1, players: int = 3) -> dd.DoubleDonkeyState:
    m = Match(
        dd.new_game(players, rules=dd.Rules(variant=variant)), seed=seed, bots={p: RandomBot() for p in range(players)}
    )
    while m.state.phase != phase:
        m.step()
    return m.state


@pytest.mark.parametrize("variant", VARIANTS)
def test_dd_dice_2_each_legal_die_matches_what_if(variant: str) -> None:
    state = first("choose", variant)
    hand = [state.cards[c].colour_names for c in state.hands[state.roller]]
    table = chances(state)
    ref = what_if(state.hay, state.rolled, hand, "random", state.rules.last_die)
    assert {m.action for m in table.moves} == {f"Choose({c!r})" for c in ref}
    for colour, dist in ref.items():
        assert dict(table.move(f"Choose({colour!r})").outcomes) == {f"worth:{v}": p for v, p in dist.items()}
    values = [m.value for m in table.moves]
    assert values == sorted(values)


def test_dd_dice_3_keep_or_reroll_by_hand() -> None:
    """Hand: light blue + orange; light blue 2 on the Hay card, the orange die showing 5 is the last one.
    Keep: worth 2 + 5 = 7. Re-roll: 2 + a fair die, expected 11/2."""
    state = first("last", "english")
    lb_or = next(c.id for c in state.cards if not c.angry and c.colour_names == ("light_blue", "orange"))
    s = state._copy()
    s._hay = (2, 1, 0, 3, 4, 6)
    s._shown = (0, 0, 5, 0, 0, 0)
    s._left = (2,)
    hands = list(s._hands)
    hands[s._roller] = (lb_or,)
    s._hands = tuple(hands)
    table = chances(s)
    assert table.move("Keep()").value == 7
    assert dict(table.move("Keep()").outcomes) == {"worth:7": 1}
    assert table.move("Reroll()").value == Fraction(11, 2)
    assert table.best is not None and table.best.action == "Reroll()"


def test_dd_angry_1_one_card_flip_odds_by_hand() -> None:
    """One Double Donkey played; the other seats' flips of its two colours by the hypergeometric law: the
    others play a uniform set of ``s`` of the ``N`` unseen cards."""
    state = first("play", "english", players=2)
    me = state.current_player
    cid = next(c for c in state.hands[me] if not state.cards[c].angry)
    card = state.cards[cid]
    pool = unseen(state, me)
    angry = {state.cards[c].colours[0] for c in pool if state.cards[c].angry}
    k = len(angry & set(card.colours))
    h = len(state.hands[1 - me])
    sizes = {s: Fraction(comb(h, s), sum(comb(h, t) for t in range(1, min(3, h) + 1))) for s in range(1, min(3, h) + 1)}
    n = len(pool)
    p_none = sum(p * Fraction(comb(n - k, s), comb(n, s)) for s, p in sizes.items())
    row = chances(state).move(f"Play({me}, ({cid},))")
    assert row.outcome(f"worth:{card_value(card, state.dice)}") >= p_none
    assert sum(p for _, p in row.outcomes) == 1


@pytest.mark.parametrize("phase", ["choose", "play"])
def test_dd_play_1_hidden_cards_do_not_change_the_table(phase: str) -> None:
    state = first(phase, "english", seed=4)
    seat = state.current_player
    assert isinstance(seat, int)
    other = consistent(state, seat, random.Random(9))
    assert other.hands[seat] == state.hands[seat]
    assert other.hands != state.hands or other.piles != state.piles
    assert chances(other, seat) == chances(state, seat)


def test_dd_end_1_terminal_chance_point_and_other_seat_give_a_reason() -> None:
    start = dd.new_game(3)
    assert chances(start).reason == CHANCE_POINT and chances(start).moves == ()
    state = first("choose")
    assert chances(state, seat=(state.current_player + 1) % 3).reason == NOT_YOUR_TURN
    m = Match(dd.new_game(2), seed=2, bots={0: RandomBot(), 1: RandomBot()})
    m.run()
    assert chances(m.state).reason == TERMINAL and chances(m.state).moves == ()


def cheapest(state: dd.DoubleDonkeyState, seat: int, hand: tuple[int, ...]) -> int:
    dice = state.dice
    return min(
        7 - dice[state.cards[c].colours[0]] if state.cards[c].angry else card_value(state.cards[c], dice) for c in hand
    )


def rollout(state: dd.DoubleDonkeyState, action: str, n: int, seed: int) -> tuple[list[float], list[float]]:
    """What the row counts, ``n`` times: phase 1, the cheapest card when the sixth die is placed; phase 2, the
    final value of the highest card played (the others' hidden cards dealt afresh each time), and beside it
    1.0 when another player's card is higher (phase 2 only). The engine's play, which ``fast_rollouts``
    repeats draw for draw (checked below)."""
    me = state.current_player
    assert isinstance(me, int)
    move = dd.parse_action(action)
    rng, bot, out = random.Random(seed), RandomBot(), []
    beaten: list[float] = []
    hand = state.hands[me]
    for _ in range(n):
        s = consistent(state, me, rng) if state.phase == "play" else state
        s = s.apply(move)
        if state.phase == "play":
            while not any(e.key == "DD-PLAY-1/reveal" for e in s.events):
                s = s.apply(bot.act(s, rng) if isinstance(s.current_player, int) else s.sample_chance(rng))
            values = [e.data["value"] for e in s.events if e.rule == "DD-VALUE-1" and e.data["player"] == me]
            theirs = [e.data["value"] for e in s.events if e.rule == "DD-VALUE-1" and e.data["player"] != me]
            out.append(float(max(values)))
            beaten.append(float(max(theirs, default=0) > max(values)))
            continue
        while s.phase not in ("play", "over"):
            s = s.apply(bot.act(s, rng) if isinstance(s.current_player, int) else s.sample_chance(rng))
        out.append(float(cheapest(s, me, hand)))
    return out, beaten


def check_points(variant: str, points: int, n: int, seed: int) -> None:
    new = lambda: dd.new_game(3, rules=dd.Rules(variant=variant))  # noqa: E731
    comparisons = Comparisons()
    for k, state in enumerate(decision_points(new, 3, points, seed)):
        if not state.hands[state.current_player]:
            continue
        for row in chances(state).moves:
            var = law_variance(row, lambda name: float(name.split(":")[-1]))
            values, beaten = fast_rollouts.rollout(state, row.action, n, k)
            comparisons.add(float(row.value), values, f"{variant} {k} {row.action}", var=var)
            if beaten:  # phase 2: the chance that another player shows a higher card
                p = float(row.outcome("beaten"))
                comparisons.add(p, beaten, f"{variant} {k} {row.action} beaten", var=max(p * (1 - p), 1e-12))
    comparisons.check()


@pytest.mark.parametrize("variant", VARIANTS)
def test_dd_dice_2_rollouts_quick(variant: str) -> None:
    check_points(variant, 3, 1500, seed=3)


@pytest.mark.parametrize("rules", [dd.Rules(), dd.Rules(variant="german"), dd.Rules(angry_flip="once_per_colour")])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_dd_fast_rollouts_are_the_engines_rollouts(rules: dd.Rules, players: int) -> None:
    """The rollouts the 30-point test compares with: the same seed gives the engine's very games, in both
    phases (dice and cards), whichever seat is to move, under both readings of DD-ANGRY-1."""
    new = lambda: dd.new_game(players, rules=rules)  # noqa: E731
    phases = set()
    for k, state in enumerate(decision_points(new, players, 8, seed=players)):
        if not state.hands[state.current_player]:
            continue
        phases.add(state.phase)
        for action in state.legal_actions():
            fast = fast_rollouts.rollout(state, str(action), 60, k)
            assert fast == rollout(state, str(action), 60, seed=k), (k, str(action))
    assert phases >= {"choose", "play"}


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_dd_angry_1_rollouts_30_points_20000_each(variant: str) -> None:
    check_points(variant, POINTS, ROLLOUTS, seed=13)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 120), st.sampled_from(VARIANTS))
def test_dd_play_1_every_table_is_a_ranked_law(seed: int, step: int, variant: str) -> None:
    state = state_at(lambda: dd.new_game(3, rules=dd.Rules(variant=variant)), seed, step)
    check_table(chances(state), higher_is_better=False)


def test_dd_biggest_1_chance_another_card_is_higher_by_hand() -> None:
    """Every die on 1, two players, the other holding one card (so it plays exactly that card, a uniform
    unseen card). I play one Double Donkey, worth 1 + 1 = 2. Another Double Donkey is worth 2 too: a tie, not
    higher. An Angry Donkey of colour c flips die c to 6 and is worth 6: higher than my 2, unless c is one of my
    card's colours, which makes my card 6 + 1 = 7. So P(another card is higher) = (unseen Angry Donkeys of the
    four colours not on my card) / (unseen cards)."""
    state = first("play", "english", players=2)
    me = state.current_player
    other = 1 - me
    s = state._copy()
    s._hay = (1,) * 6
    hands = list(s._hands)
    hands[other] = hands[other][:1]
    s._hands = tuple(hands)
    cid = next(c for c in s.hands[me] if not s.cards[c].angry)
    mine = set(s.cards[cid].colours)
    pool = unseen(s, me)
    angry_elsewhere = sum(1 for c in pool if s.cards[c].angry and s.cards[c].colours[0] not in mine)
    row = chances(s).move(f"Play({me}, ({cid},))")
    assert row.outcome("beaten") == Fraction(angry_elsewhere, len(pool))
    assert row.also == (("beaten", Fraction(angry_elsewhere, len(pool))),)
    assert angry_elsewhere > 0  # the position tests something: such cards are unseen here


def test_dd_biggest_1_beaten_words_en_de() -> None:
    from donkeylab.core.chances import outcome_text

    assert "higher card" in outcome_text("double_donkey", "beaten", "en")
    assert "höhere Karte" in outcome_text("double_donkey", "beaten", "de")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_dd_play_1_the_assumed_play_says_how_the_others_choose_their_cards(lang: str) -> None:
    """The sentence names the model the table counts with: every set of 1 to 3 cards equally likely, which for a
    hand of 3 is 7 sets (3 of one card, 3 of two, 1 of three), so one card is played with chance 3/7, not 1/3."""
    from donkeylab.double_donkey.chances import ASSUMED, ASSUMED_ROLL, played_sizes

    sets = sum(comb(3, s) for s in (1, 2, 3))
    for sentence in (ASSUMED, ASSUMED_ROLL):
        assert f"3 {'cards' if lang == 'en' else 'Karten'}" in sentence.get(lang)
        assert f"{sets} {'choices' if lang == 'en' else 'Auswahlen'}" in sentence.get(lang)
    state = first("play", players=2)
    seat = state.current_player
    assert isinstance(seat, int)
    h = len(state.hands[1 - seat])
    ways = {k: comb(h, k) for k in (1, 2, 3) if k <= h}
    assert played_sizes(state, seat) == {k: Fraction(w, sum(ways.values())) for k, w in ways.items()}
