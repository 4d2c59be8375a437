"""Exact probabilities a Double Down lesson shows, as ``Fraction``s (enumeration and dynamic programming).

- ``play_outcome`` / ``plays_by_outcome``: which cards of a hand are safe, make a doublet or bust.
- ``next_card_risk``: P(the next card from the unseen cards is a doublet hit / a bust / safe).
- ``total_distribution_without_replacement`` (exact DP over card counts) beside
  ``total_distribution_with_replacement`` (the i.i.d. Markov-chain approximation): the total after k cards.
- ``round_end_within`` (from ``exact_play``): P(the round ends within k plays) under random play by
  ``bots.RandomCard``, exact for the engine; ``bust_within_k_cards``: the same for cards straight off a
  shuffled deck, with ``expected_doublets_within_k_cards``; ``card_law``: the law of the j-th card played.
- ``lesson_tables``: the named tables a lesson prints (rows of plain dicts with Fraction values).

Totals here are sums of card effects: 0, direction change and 2x add 0, −10 subtracts 10. Cards are counted
by their *effect on the total* (18 classes), which is all these questions depend on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import cache
from math import comb, perm
from typing import Literal

from donkeylab.core.setup import check_rules
from donkeylab.double_down.deck import (
    BUST_AT,
    COUNTS,
    DELTA,
    DOUBLETS,
    KIND_INDEX,
    KINDS,
    NEGATIVE_DOUBLETS,
    REPEATS,
)
from donkeylab.double_down.exact_play import card_law, round_end_curve, round_end_within
from donkeylab.double_down.rules import PLAYERS, Rules

__all__ = [
    "FULL_DECK",
    "OUTCOMES",
    "bust_within_k_cards",
    "card_law",
    "expected_doublets_within_k_cards",
    "lesson_tables",
    "next_card_risk",
    "play_outcome",
    "plays_by_outcome",
    "round_end_curve",
    "round_end_within",
    "total_distribution_with_replacement",
    "total_distribution_without_replacement",
]

Outcome = Literal["safe", "doublet", "bust"]
OUTCOMES: tuple[Outcome, ...] = ("safe", "doublet", "bust")
FULL_DECK: dict[str, int] = dict(zip(KINDS, COUNTS, strict=True))


def _doublets(rules: Rules) -> frozenset[int]:
    return DOUBLETS | NEGATIVE_DOUBLETS if rules.negative_doublets else DOUBLETS


def play_outcome(total: int, card: str, rules: Rules | None = None) -> Outcome:
    """What playing ``card`` on ``total`` does to the player: ``"bust"`` (DN-BUST-1), ``"doublet"``
    (DN-DOUBLET-1: a token lost, play goes on) or ``"safe"``. Repeating cards are safe unless the option
    ``repeat_doublet_penalty`` is on and the total already is a doublet."""
    rules = check_rules(Rules, rules, game=PLAYERS.game, rule=PLAYERS.rule)  # None: the defaults
    k = KIND_INDEX[card]
    if REPEATS[k]:
        return "doublet" if rules.repeat_doublet_penalty and total in _doublets(rules) else "safe"
    after = total + DELTA[k]
    if after >= BUST_AT:
        return "bust"
    return "doublet" if after in _doublets(rules) else "safe"


def plays_by_outcome(hand: Iterable[str], total: int, rules: Rules | None = None) -> dict[Outcome, tuple[str, ...]]:
    """The distinct cards of ``hand`` grouped into safe, doublet and bust plays at ``total`` (hand order)."""
    groups: dict[Outcome, list[str]] = {o: [] for o in OUTCOMES}
    for card in dict.fromkeys(hand):
        groups[play_outcome(total, card, rules)].append(card)
    return {o: tuple(cards) for o, cards in groups.items()}


def next_card_risk(
    total: int, unseen: Mapping[str, int] | None = None, rules: Rules | None = None
) -> dict[Outcome, Fraction]:
    """P(a card drawn uniformly from ``unseen`` (card name → copies; default the full deck), played on
    ``total``, is safe / hits a doublet / busts). The three Fractions sum to exactly 1."""
    unseen = FULL_DECK if unseen is None else unseen
    size = sum(unseen.values())
    if size <= 0:
        raise ValueError("no unseen cards to draw from")
    hits: Counter[Outcome] = Counter()
    for card, n in unseen.items():
        if n < 0:
            raise ValueError(f"negative count {n} for card {card!r}")
        hits[play_outcome(total, card, rules)] += n
    return {o: Fraction(hits[o], size) for o in OUTCOMES}


def _classes() -> list[tuple[int, int]]:
    """(change of the total, copies) for each distinct change: 0 merges 0, direction change and 2x."""
    merged: Counter[int] = Counter()
    for k, n in enumerate(COUNTS):
        merged[DELTA[k]] += n
    return sorted(merged.items())


CLASSES = _classes()
DECK_SIZE = sum(n for _, n in CLASSES)


def _check_k(k: int) -> None:
    if not 0 <= k <= DECK_SIZE:
        raise ValueError(f"k must be 0..{DECK_SIZE}, not {k}")


def total_distribution_without_replacement(k: int) -> dict[int, Fraction]:
    """Exact distribution of the sum of the first ``k`` cards of a shuffled full deck (no bust stops it).

    Dynamic programming over the number of cards taken from each class: the generating function
    Π_c Σ_m C(n_c, m) x^m y^(m·v_c); the coefficient of x^k y^s divided by C(56, k) is P(total = s).
    """
    _check_k(k)
    ways: dict[tuple[int, int], int] = {(0, 0): 1}  # (cards taken, sum) -> number of card subsets
    for value, n in CLASSES:
        nxt: Counter[tuple[int, int]] = Counter()
        for (taken, s), w in ways.items():
            for m in range(min(n, k - taken) + 1):
                nxt[(taken + m, s + m * value)] += w * comb(n, m)
        ways = dict(nxt)
    denom = comb(DECK_SIZE, k)
    return {s: Fraction(w, denom) for (taken, s), w in sorted(ways.items(), key=lambda kv: kv[0][1]) if taken == k}


def total_distribution_with_replacement(k: int) -> dict[int, Fraction]:
    """The Markov-chain approximation: ``k`` cards drawn *with* replacement (each i.i.d. from the full deck).

    A lesson shows it beside the exact without-replacement law: the means agree, the spreads do not
    (only one 76 and one 66 exist, so two of them can never follow each other without replacement).
    """
    _check_k(k)
    counts: dict[int, int] = {0: 1}
    for _ in range(k):
        nxt: Counter[int] = Counter()
        for s, w in counts.items():
            for value, n in CLASSES:
                nxt[s + value] += w * n
        counts = dict(nxt)
    denom = DECK_SIZE**k
    return {s: Fraction(w, denom) for s, w in sorted(counts.items())}


@cache
def _shuffled_deck_plays(k: int) -> tuple[tuple[Fraction, Fraction], ...]:
    """Per card j = 1..k of a shuffled deck: (P(the total first reaches 77 at card j), P(card j announces a
    doublet 11…66 while no bust came before)). DP over the multiset of cards taken from each class, counting
    ordered card sequences whose running totals all stayed below 77; counts over (56)_j are probabilities.
    A 0-change card (0, direction change, 2x) repeats the total, so it never announces a doublet."""
    if not 0 <= k <= 16:
        raise ValueError(f"k must be 0..16, not {k}")
    values = [v for v, _ in CLASSES]
    copies = [n for _, n in CLASSES]
    alive: dict[tuple[int, ...], int] = {(0,) * len(CLASSES): 1}
    out: list[tuple[Fraction, Fraction]] = []
    for j in range(1, k + 1):
        nxt: Counter[tuple[int, ...]] = Counter()
        busted = doublets = 0
        for taken, w in alive.items():
            total = sum(m * v for m, v in zip(taken, values, strict=True))
            for c, m in enumerate(taken):
                left = copies[c] - m
                if left == 0:
                    continue
                after = total + values[c]
                if after >= BUST_AT:
                    busted += w * left
                    continue
                if values[c] and after in DOUBLETS:
                    doublets += w * left
                nxt[taken[:c] + (m + 1,) + taken[c + 1 :]] += w * left
        ways = perm(DECK_SIZE, j)
        out.append((Fraction(busted, ways), Fraction(doublets, ways)))
        alive = dict(nxt)
    return tuple(out)


def bust_within_k_cards(k: int) -> Fraction:
    """P(the running total of a shuffled full deck reaches 77 within its first ``k`` cards), ``k`` ≤ 16.

    The "cards straight off the deck" model (also what the lab's numpy fast path simulates). Engine play
    by ``bots.RandomCard`` matches it except for DN-DOUBLE-1 (no 2x as the first card of a double turn);
    ``round_end_within`` is exact for the engine, and the lesson table shows both.
    """
    return sum((bust for bust, _ in _shuffled_deck_plays(k)), Fraction(0))


def expected_doublets_within_k_cards(k: int) -> Fraction:
    """Expected number of doublet announcements (tokens lost, DN-DOUBLET-1) among the first ``k`` cards
    of a shuffled deck, counting only cards before a bust (after a bust the round is over), ``k`` ≤ 16."""
    return sum((hits for _, hits in _shuffled_deck_plays(k)), Fraction(0))


def lesson_tables(
    k_max_distribution: int = 4, k_max_summary: int = 10, k_max_round_end: int = 4
) -> dict[str, list[dict[str, object]]]:
    """The named exact tables of the Double Down lessons (rows of plain dicts; probabilities are Fractions).

    - ``risk_by_total``: for totals 0..76 and a full unseen deck, P(next card safe / doublet / bust).
    - ``total_after_k_cards``: P(total = s) after k = 1..``k_max_distribution`` cards, without and with
      replacement side by side (their difference is what a lesson points at).
    - ``total_summary``: per k, P(total is a doublet) and P(total ≥ 77), both laws.
    - ``round_end_within_k``: P(the round ends within k plays), k = 1..``k_max_round_end``: 4 RandomCard
      bots in the engine (``random_play``) beside cards straight off a shuffled deck (``shuffled_deck``),
      and the expected number of doublets announced before a bust in the shuffled-deck model.
    """
    risk = [{"total": t, **next_card_risk(t)} for t in range(BUST_AT)]
    rows: list[dict[str, object]] = []
    summary: list[dict[str, object]] = []
    for k in range(1, max(k_max_distribution, k_max_summary) + 1):
        exact, approx = total_distribution_without_replacement(k), total_distribution_with_replacement(k)
        if k <= k_max_distribution:
            for s in sorted(set(exact) | set(approx)):
                a, b = exact.get(s, Fraction(0)), approx.get(s, Fraction(0))
                rows.append({"k": k, "total": s, "without_replacement": a, "with_replacement": b, "difference": a - b})
        if k <= k_max_summary:
            summary.append(
                {
                    "k": k,
                    "doublet_without": sum((p for s, p in exact.items() if s in DOUBLETS), Fraction(0)),
                    "doublet_with": sum((p for s, p in approx.items() if s in DOUBLETS), Fraction(0)),
                    "at_least_77_without": sum((p for s, p in exact.items() if s >= BUST_AT), Fraction(0)),
                    "at_least_77_with": sum((p for s, p in approx.items() if s >= BUST_AT), Fraction(0)),
                }
            )
    ends: list[dict[str, object]] = []
    deck_plays = _shuffled_deck_plays(k_max_round_end)
    for k, engine in enumerate(round_end_curve(k_max_round_end, 4), start=1):
        deck = sum((bust for bust, _ in deck_plays[:k]), Fraction(0))
        doublets = sum((hits for _, hits in deck_plays[:k]), Fraction(0))
        ends.append(
            {
                "k": k,
                "random_play": engine,
                "shuffled_deck": deck,
                "difference": engine - deck,
                "doublets_expected_shuffled_deck": doublets,
            }
        )
    return {"risk_by_total": risk, "total_after_k_cards": rows, "total_summary": summary, "round_end_within_k": ends}
