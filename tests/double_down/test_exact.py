"""Exact Double Down probabilities, each checked against the engine or a seeded Monte Carlo estimate."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from donkeylab import double_down as dn
from donkeylab.core import CHANCE
from donkeylab.double_down import exact
from donkeylab.double_down.deck import CARD_KIND, DELTA, KINDS

DECK_DELTAS = [DELTA[k] for k in CARD_KIND]


def within_4_se(p: Fraction, hits: int, n: int) -> None:
    se = math.sqrt(float(p) * (1 - float(p)) / n) or 1 / n
    assert abs(hits / n - float(p)) <= 4 * se, f"exact {float(p):.5f}, simulated {hits / n:.5f} (n={n})"


def test_dn_doublet_1_next_card_risk_by_hand() -> None:
    risk = exact.next_card_risk(19)
    assert risk == {"safe": Fraction(51, 56), "doublet": Fraction(3, 56), "bust": Fraction(2, 56)}
    assert sum(exact.next_card_risk(70).values()) == 1
    assert exact.next_card_risk(0, {"76": 1, "2": 1}) == {"safe": 1, "doublet": 0, "bust": 0}
    assert exact.next_card_risk(20, {"2": 2, "11": 1})["doublet"] == Fraction(2, 3)
    with pytest.raises(ValueError):
        exact.next_card_risk(0, {})


def test_dn_bust_1_next_card_risk_matches_monte_carlo() -> None:
    rng = random.Random(11)
    unseen = {"10": 5, "9": 2, "66": 1, "0": 2, "-10": 1, "76": 1}
    cards = [c for c, n in unseen.items() for _ in range(n)]
    for total in (1, 11, 45, 57, 67):
        risk = exact.next_card_risk(total, unseen)
        draws = [exact.play_outcome(total, rng.choice(cards)) for _ in range(4000)]
        for outcome in exact.OUTCOMES:
            within_4_se(risk[outcome], draws.count(outcome), len(draws))


def test_dn_doublet_1_play_outcome_agrees_with_the_engine() -> None:
    """At every state of random games (all options), every legal card: exact.play_outcome == the engine."""
    checked = 0
    for g in range(12):
        rng = random.Random(g)
        rules = dn.Rules(repeat_doublet_penalty=g % 2 == 0, negative_doublets=g % 3 == 0)
        s = dn.new_game(rng.randint(2, 5), rules)
        while not s.is_terminal():
            if s.current_player is not CHANCE:
                for action in s.legal_actions():
                    assert isinstance(action, dn.PlayCard)
                    rules_hit = {e.rule for e in s.apply(action).events} & {"DN-DOUBLET-1", "DN-BUST-1"}
                    engine = {"DN-DOUBLET-1": "doublet", "DN-BUST-1": "bust"}.get(min(rules_hit, default=""), "safe")
                    assert exact.play_outcome(s.total, action.card, rules) == engine, (s.describe(), action)
                    checked += 1
            s = s.apply(s.sample_chance(rng) if s.current_player is CHANCE else rng.choice(s.legal_actions()))
    assert checked > 1000


def test_dn_doublet_1_plays_by_outcome() -> None:
    groups = exact.plays_by_outcome(["3", "76", "0", "66", "9", "3"], 19)
    assert groups == {"safe": ("0", "9"), "doublet": ("3",), "bust": ("76", "66")}
    penalised = exact.plays_by_outcome(["0", "2x", "reverse", "10"], 22, dn.Rules(repeat_doublet_penalty=True))
    assert penalised == {"safe": ("10",), "doublet": ("0", "2x", "reverse"), "bust": ()}


def test_dn_play_1_total_without_replacement_exact_facts() -> None:
    assert exact.total_distribution_without_replacement(56) == {479: Fraction(1)}
    one = exact.total_distribution_without_replacement(1)
    assert one == exact.total_distribution_with_replacement(1) and one[0] == Fraction(13, 56)
    n = 56
    mu = Fraction(479, 56)
    var1 = sum(p * (s - mu) ** 2 for s, p in one.items())
    for k in (2, 5, 9):
        exact_k = exact.total_distribution_without_replacement(k)
        approx_k = exact.total_distribution_with_replacement(k)
        assert sum(exact_k.values()) == 1 == sum(approx_k.values())
        mean = sum(p * s for s, p in exact_k.items())
        assert mean == k * mu == sum(p * s for s, p in approx_k.items())
        var = sum(p * (s - mean) ** 2 for s, p in exact_k.items())
        assert var == k * var1 * Fraction(n - k, n - 1)  # the finite-population correction, exactly
        assert sum(p * (s - mean) ** 2 for s, p in approx_k.items()) == k * var1
    assert exact.total_distribution_with_replacement(2).get(152, 0) == Fraction(1, 56**2)  # 76 twice
    assert 152 not in exact.total_distribution_without_replacement(2)  # impossible: one 76


@pytest.mark.parametrize("k", [3, 6])
def test_dn_play_1_total_distributions_match_monte_carlo(k: int) -> None:
    rng = random.Random(k)
    n = 5000
    without = [sum(rng.sample(DECK_DELTAS, k)) for _ in range(n)]
    with_ = [sum(rng.choices(DECK_DELTAS, k=k)) for _ in range(n)]
    for law, sample in (
        (exact.total_distribution_without_replacement(k), without),
        (exact.total_distribution_with_replacement(k), with_),
    ):
        for lo, hi in ((-100, 20), (20, 40), (77, 1000)):
            p = sum((q for s, q in law.items() if lo <= s < hi), Fraction(0))
            within_4_se(p, sum(lo <= s < hi for s in sample), n)
        mode = max(law, key=law.__getitem__)
        within_4_se(law[mode], sample.count(mode), n)


def test_dn_bust_1_bust_within_k_cards_brute_force() -> None:
    """k = 1, 2, 3: every ordered sequence of distinct card ids, counted by hand."""
    assert exact.bust_within_k_cards(0) == 0 == exact.bust_within_k_cards(1)
    ids = range(56)
    two = sum(DECK_DELTAS[a] + DECK_DELTAS[b] >= 77 for a in ids for b in ids if a != b)
    assert exact.bust_within_k_cards(2) == Fraction(two, 56 * 55)
    three = 0
    for a in ids:
        for b in ids:
            if b == a:
                continue
            ab = DECK_DELTAS[a] + DECK_DELTAS[b]
            if ab >= 77:
                three += 54
                continue
            three += sum(ab + DECK_DELTAS[c] >= 77 for c in ids if c not in (a, b))
    assert exact.bust_within_k_cards(3) == Fraction(three, 56 * 55 * 54)
    with pytest.raises(ValueError):
        exact.bust_within_k_cards(17)


def test_dn_bust_1_bust_within_k_cards_matches_shuffled_decks() -> None:
    rng = random.Random(77)
    n = 20000
    hits = {k: 0 for k in range(1, 9)}
    doublets: list[int] = []  # doublet announcements among the first 6 cards, before a bust
    for _ in range(n):
        total = 0
        doublets.append(0)
        for j, delta in enumerate(rng.sample(DECK_DELTAS, 8), start=1):
            total += delta
            if total >= 77:
                for k in range(j, 9):
                    hits[k] += 1
                break
            doublets[-1] += j <= 6 and delta != 0 and total in (11, 22, 33, 44, 55, 66)
    for k in (3, 5, 8):
        within_4_se(exact.bust_within_k_cards(k), hits[k], n)
    mean = exact.expected_doublets_within_k_cards(6)
    sd = math.sqrt(sum((d - float(mean)) ** 2 for d in doublets) / n)
    assert abs(sum(doublets) / n - float(mean)) <= 4 * sd / math.sqrt(n)
    assert exact.expected_doublets_within_k_cards(1) == Fraction(6, 56)  # the doublet cards 11…66 from 0


def test_dn_double_1_card_law_after_a_2x_exact() -> None:
    """Play 2 is a 2x only if play 1 was not (the next player may not lead a double turn with a 2x)."""
    assert exact.card_law(1) == {name: Fraction(n, 56) for name, n in exact.FULL_DECK.items()}
    assert exact.card_law(2, players=3)["2x"] == Fraction(52, 56) * Fraction(4, 55)
    assert sum(exact.card_law(3, players=2).values()) == 1 - exact.round_end_within(2, players=2)
    assert exact.round_end_within(2) == exact.bust_within_k_cards(2)  # a 2x adds nothing in two plays
    assert exact.round_end_within(3) > exact.bust_within_k_cards(3)
    with pytest.raises(ValueError):
        exact.round_end_within(6)


@pytest.mark.parametrize("players", [2, 4])
def test_dn_bust_1_round_end_within_k_matches_engine_play(players: int) -> None:
    """Engine games of RandomCard bots (the 2x rule included) against the exact value, k = 2..4."""
    rng = random.Random(players)
    bot = dn.bots.RandomCard()
    ends = {k: 0 for k in range(1, 5)}
    twos = 0
    n = 5000
    for _ in range(n):
        s = dn.new_game(players)
        s = s.apply(s.sample_chance(rng))
        for plays in range(1, 5):
            s = s.apply(bot.act(s, rng))
            twos += plays == 3 and s.last_action == dn.PlayCard("2x")
            if any(e.rule == "DN-BUST-1" for e in s.events):
                for k in range(plays, 5):
                    ends[k] += 1
                break
    for k in range(2, 5):
        within_4_se(exact.round_end_within(k, players), ends[k], n)
    within_4_se(exact.card_law(3, players)["2x"], twos, n)


def test_dn_play_1_lesson_tables_shape() -> None:
    """Their build time is a benchmark figure (benchmarks/bench_exact.py), never a test assertion."""
    tables = exact.lesson_tables()
    assert set(tables) == {"risk_by_total", "total_after_k_cards", "total_summary", "round_end_within_k"}
    assert len(tables["risk_by_total"]) == 77 and tables["risk_by_total"][19]["doublet"] == Fraction(3, 56)
    for rows in tables.values():
        assert rows and all(isinstance(r, dict) for r in rows)
    row = tables["total_after_k_cards"][0]
    assert set(row) == {"k", "total", "without_replacement", "with_replacement", "difference"}
    ends = tables["round_end_within_k"]
    assert [r["k"] for r in ends] == [1, 2, 3, 4]
    assert all(r["random_play"] == exact.round_end_within(r["k"], 4) for r in ends[:3])  # type: ignore[arg-type]
    assert KINDS[0] == "-10"
