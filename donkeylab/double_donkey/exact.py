"""Exact probabilities of Double Donkey's phase 1 and of Angry Donkey flips, as ``Fraction``s.

Everything here follows one exact model of phase 1: each roll is fair, the roller places a die by a stated
*policy* (DD-DICE-2 decides which dice are legal), and DD-DICE-3 decides the last die. Policies:

- ``"random"``: every legal die equally likely; the last die is kept or re-rolled with probability 1/2 each
  (exactly what ``bots.Random`` / ``bots.Policy("random")`` do);
- ``"lowest"`` / ``"highest"``: a legal die of the lowest / highest value (ties: equally likely); the last
  die is kept on 1-3 / on 4-6, else re-rolled (``bots.Policy``).

``last_die="roll"`` is the german variant (the last die is always rolled). A forward dynamic programme
over the dice placed so far (tracking only the colours a question needs, the other colours as a multiset
of values) gives exact distributions in well under a second; the tests compare every answer with seeded
games of the engine and the policy bots.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal

from donkeylab.double_donkey.cards import COLOUR_INDEX, COLOURS
from donkeylab.double_donkey.state import DoubleDonkeyState

Policy = Literal["random", "lowest", "highest"]
LastDie = Literal["choose", "roll"]
POLICIES: tuple[Policy, ...] = ("random", "lowest", "highest")
LAST_DIE: tuple[LastDie, ...] = ("choose", "roll")
FACES = range(1, 7)
# A phase-1 position: values of the tracked colours (0 = not placed), the sorted values placed on the
# other colours, and the value the last unplaced die still shows (0 unless exactly one die is left).
Position = tuple[tuple[int, ...], tuple[int, ...], int]


def _check_policy(policy: str, last_die: str) -> None:
    if policy not in POLICIES:
        raise ValueError(f"policy must be one of {POLICIES}, not {policy!r}")
    if last_die not in ("choose", "roll"):
        raise ValueError(f"last_die must be 'choose' or 'roll', not {last_die!r}")


def p_free_choice(k: int, hay_values: Iterable[int]) -> Fraction:
    """P(a roller with ``k`` dice may choose freely | the values on the Hay card) (DD-DICE-2's exception).

    The choice is free when every rolled die shows a value already on the Hay card: ``(m/6)^k`` for ``m``
    distinct values there. An empty Hay card gives 0 (every value is new, so any die is legal anyway).
    """
    values = set(hay_values) - {0}
    if not 1 <= k <= 6 or not values <= set(FACES):
        raise ValueError(f"k must be 1..6 and Hay values 1..6, not k={k}, values={sorted(values)}")
    return Fraction(len(values), 6) ** k


def p_some_free_choice() -> Fraction:
    """P(at least one roller of a whole phase 1 may choose freely) (DD-DICE-2's exception).

    Only rolls of 2 or more dice count: with one die left there is nothing to choose, and the first roll
    (an empty Hay card) lets any die be placed anyway. As long as no roll was free, every placed die brought
    a new value, so with ``k`` dice left the Hay card holds ``m = 6 - k`` values and the roll is free with
    ``(m/6)^k`` whichever dice were chosen: P(none free) = (1 - (1/6)^5)(1 - (2/6)^4)(1 - (3/6)^3)(1 - (4/6)^2)
    for every policy and either last-die rule.
    """
    none_free = math.prod((1 - p_free_choice(k, range(1, 7 - k))) for k in range(2, 6))
    return 1 - Fraction(none_free)


def _scale(k: int) -> int:
    """Common denominator of one step's probabilities with ``k`` open dice (integers keep the DP fast)."""
    return 12 if k == 1 else 60 * 6**k


@lru_cache(maxsize=4096)
def _pick(on_hay: frozenset[int], k: int, policy: str) -> tuple[tuple[int, int, int], ...]:
    """``(v, w, n)``: ``n / _scale(k)`` is P(one particular of the ``k`` rolled dice shows ``v`` and is placed);
    ``w`` is the other die's value when ``k == 2`` (it becomes the last die), else 0. Summed over the ``k``
    dice the probabilities add up to 1."""
    weights: dict[tuple[int, int], int] = defaultdict(int)
    for v in FACES:
        for others in itertools.combinations_with_replacement(FACES, k - 1):
            counts = Counter(others)
            arrangements = math.factorial(k - 1) // math.prod(math.factorial(c) for c in counts.values())
            values = (v, *others)
            new = [x for x in values if x not in on_hay]
            legal = new or list(values)
            if policy == "lowest":
                legal = [x for x in legal if x == min(legal)]
            elif policy == "highest":
                legal = [x for x in legal if x == max(legal)]
            if v in legal:
                weights[(v, others[0] if k == 2 else 0)] += arrangements * 60 // len(legal)
    return tuple((v, w, n) for (v, w), n in sorted(weights.items()))


def _keep_twelfths(policy: str, last_die: str, pips: int) -> int:
    """P(the last die is kept) in twelfths (DD-DICE-3)."""
    if last_die == "roll":
        return 0
    if policy == "lowest":
        return 12 * (pips <= 3)
    if policy == "highest":
        return 12 * (pips >= 4)
    return 6


def _open(pos: Position, untracked: int) -> int:
    return pos[0].count(0) + untracked - len(pos[1])


def _step(pos: Position, untracked: int, policy: str, last_die: str) -> Iterable[tuple[Position, int]]:
    """One roll-and-place of phase 1 from ``pos``; weights are over ``_scale(open dice)``."""
    tracked, others, last = pos
    open_tracked = [i for i, v in enumerate(tracked) if not v]
    open_others = untracked - len(others)
    k = len(open_tracked) + open_others
    if k == 1:
        keep = _keep_twelfths(policy, last_die, last)
        for v in FACES:
            n = (12 - keep) // 6 + (keep if v == last else 0)
            if n:
                yield _placed(pos, open_tracked, v), n
        return
    on_hay = frozenset(v for v in (*tracked, *others) if v)
    for v, w, n in _pick(on_hay, k, policy):
        for i in open_tracked:
            yield (tracked[:i] + (v,) + tracked[i + 1 :], others, w), n
        if open_others:
            yield (tracked, tuple(sorted((*others, v))), w), n * open_others


def _placed(pos: Position, open_tracked: list[int], v: int) -> Position:
    tracked, others, _ = pos
    if open_tracked:
        i = open_tracked[0]
        return tracked[:i] + (v,) + tracked[i + 1 :], others, 0
    return tracked, tuple(sorted((*others, v))), 0


@lru_cache(maxsize=1024)
def _last_two(on_hay: frozenset[int], policy: str, last_die: str) -> tuple[tuple[int, int, int], ...]:
    """``(a, b, n)``: with two dice A, B left, ``n / (_scale(2) * 12)`` is P(A ends on ``a`` and B on ``b``):
    one of them is rolled and placed with the other (DD-DICE-1/2), then the other is kept or re-rolled
    (DD-DICE-3). Folding both steps into one skips the large layer of positions that remember the last die."""
    joint: dict[tuple[int, int], int] = defaultdict(int)
    for v, w, n in _pick(on_hay, 2, policy):
        keep = _keep_twelfths(policy, last_die, w)
        for u in FACES:
            m = (12 - keep) // 6 + (keep if u == w else 0)
            if m:
                joint[(v, u)] += n * m  # A was placed showing v, B ends on u
                joint[(u, v)] += n * m  # B was placed showing v, A ends on u
    return tuple((a, b, n) for (a, b), n in sorted(joint.items()))


def _step_last_two(pos: Position, untracked: int, policy: str, last_die: str) -> Iterable[tuple[Position, int]]:
    """Both remaining dice of ``pos`` at once; weights are over ``_scale(2) * 12``."""
    tracked, others, _ = pos
    slots = [i for i, v in enumerate(tracked) if not v]
    on_hay = frozenset(v for v in (*tracked, *others) if v)
    for a, b, n in _last_two(on_hay, policy, last_die):
        values = list(tracked)
        rest = list(others)
        for slot, pips in zip(slots + [-1, -1], (a, b), strict=False):
            if slot >= 0:
                values[slot] = pips
            else:
                rest.append(pips)
        yield (tuple(values), tuple(sorted(rest)), 0), n


def _finish_phase1(start: Position, untracked: int, policy: str, last_die: str) -> dict[Position, Fraction]:
    """Distribution of the final Hay card (all 6 dice placed) from the position ``start``."""
    _check_policy(policy, last_die)
    current: dict[Position, int] = {start: 1}
    denominator = 1
    while k := _open(next(iter(current)), untracked):
        step, scale = (_step_last_two, _scale(2) * 12) if k == 2 else (_step, _scale(k))
        denominator *= scale
        nxt: dict[Position, int] = defaultdict(int)
        for pos, weight in current.items():
            for new, n in step(pos, untracked, policy, last_die):
                nxt[new] += weight * n
        current = nxt
    return {pos: Fraction(n, denominator) for pos, n in current.items()}


def final_hay(
    tracked: Sequence[str] = (), policy: Policy = "random", last_die: LastDie = "choose"
) -> dict[Position, Fraction]:
    """Exact distribution of the Hay card after phase 1 from an empty card: the pips of the ``tracked``
    colours (in that order) and the sorted pips of the other colours."""
    return dict(_final_hay(tuple(tracked), policy, last_die))


@lru_cache(maxsize=64)
def _final_hay(tracked: tuple[str, ...], policy: str, last_die: str) -> tuple[tuple[Position, Fraction], ...]:
    """Cached: a lesson asks for the same card before and after a flip, or for several statistics of it."""
    start: Position = ((0,) * len(tracked), (), 0)
    return tuple(_finish_phase1(start, 6 - len(set(tracked)), policy, last_die).items())


def distinct_values_distribution(policy: Policy = "random", last_die: LastDie = "choose") -> dict[int, Fraction]:
    """P(the Hay card ends phase 1 with d distinct values), d = 1..6, under ``policy``.

    Every policy must place a new value whenever one is rolled (DD-DICE-2), so only the last die (kept or
    re-rolled) lets the policy matter; the german rule (always roll it) gives a slightly different table.
    """
    out: dict[int, Fraction] = defaultdict(Fraction)
    for (_, others, _), p in final_hay((), policy, last_die).items():
        out[len(set(others))] += p
    return dict(sorted(out.items()))


def hay_sum_distribution(policy: Policy = "random", last_die: LastDie = "choose") -> dict[int, Fraction]:
    """P(the six dice on the Hay card add up to s) after phase 1 under ``policy``."""
    out: dict[int, Fraction] = defaultdict(Fraction)
    for (_, others, _), p in final_hay((), policy, last_die).items():
        out[sum(others)] += p
    return dict(sorted(out.items()))


def _card_colours(card: Sequence[str]) -> tuple[str, ...]:
    card = tuple(card)
    if len(card) not in (1, 2) or len(set(card)) != len(card) or any(c not in COLOUR_INDEX for c in card):
        raise ValueError(f"a card is one colour (Angry Donkey) or two different colours, not {card!r}")
    return card


def card_value_distribution(
    card: Sequence[str], flips: Sequence[str] = (), policy: Policy = "random", last_die: LastDie = "choose"
) -> dict[int, Fraction]:
    """P(``card`` is worth v) after phase 1 and the Angry Donkey flips of the colours in ``flips`` (DD-ANGRY-1,
    one flip per entry, so a colour listed twice is flipped back). ``card``: ``("light_blue", "orange")`` is a
    Double Donkey, ``("orange",)`` an Angry Donkey (an Angry Donkey played flips its own die: pass it in
    ``flips`` too)."""
    colours = _card_colours(card)
    odd = {c for c in COLOURS if list(flips).count(c) % 2}
    out: dict[int, Fraction] = defaultdict(Fraction)
    for (tracked, _, _), p in final_hay(colours, policy, last_die).items():
        out[sum(7 - v if c in odd else v for c, v in zip(colours, tracked, strict=True))] += p
    return dict(sorted(out.items()))


def angry_flip_table(card: Sequence[str], flip: str, policy: Policy = "random") -> list[dict[str, object]]:
    """Rows ``value, before, after``: the card's value distribution without and with one flip of ``flip``."""
    before = card_value_distribution(card, (), policy)
    after = card_value_distribution(card, (flip,), policy)
    zero = Fraction(0)
    return [
        {"card": "+".join(card), "flip": flip, "value": v, "before": before.get(v, zero), "after": after.get(v, zero)}
        for v in sorted(set(before) | set(after))
    ]


def _best_value(hand: Sequence[tuple[str, ...]], tracked: tuple[str, ...], values: tuple[int, ...]) -> int:
    pips = dict(zip(tracked, values, strict=True))
    return min(7 - pips[card[0]] if len(card) == 1 else pips[card[0]] + pips[card[1]] for card in hand)


def what_if(
    hay: Mapping[str, int],
    rolled: Mapping[str, int],
    hand: Sequence[Sequence[str]],
    policy: Policy = "random",
    last_die: LastDie = "choose",
) -> dict[str, dict[int, Fraction]]:
    """For each legal die choice: P(the chooser's best card is worth v) at the end of phase 1.

    "Best card" is the lowest value the chooser could play alone: a Double Donkey is the sum of its two dice,
    an Angry Donkey flips its own die (7 - pips). The other players' cards are not known, so their flips
    are left out; everybody after this choice places dice by ``policy``.
    """
    cards = [_card_colours(card) for card in hand]
    if not cards:
        raise ValueError("what_if needs at least one card in the hand")
    tracked = tuple(c for c in COLOURS if any(c in card for card in cards))
    on_hay = set(hay.values())
    new = [c for c in rolled if rolled[c] not in on_hay]
    legal = new or list(rolled)
    out: dict[str, dict[int, Fraction]] = {}
    for colour in sorted(legal, key=COLOURS.index):
        placed = {**hay, colour: rolled[colour]}
        rest = [c for c in rolled if c != colour]
        last = rolled[rest[0]] if len(rest) == 1 else 0
        start = (
            tuple(placed.get(c, 0) for c in tracked),
            tuple(sorted(v for c, v in placed.items() if c not in tracked)),
            last,
        )
        final = _finish_phase1(start, 6 - len(tracked), policy, last_die)
        dist: dict[int, Fraction] = defaultdict(Fraction)
        for (values, _, _), p in final.items():
            dist[_best_value(cards, tracked, values)] += p
        out[colour] = dict(sorted(dist.items()))
    return out


def what_if_state(state: DoubleDonkeyState, policy: Policy = "random") -> dict[str, dict[int, Fraction]]:
    """``what_if`` for the player choosing a die in a ``DoubleDonkeyState`` (phase ``choose``)."""
    if state.phase != "choose":
        raise ValueError("what_if_state needs a state in which a player chooses a die")
    hand = [state.cards[cid].colour_names for cid in state.hands[state.roller]]
    last_die = state.rules.last_die
    return what_if(state.hay, state.rolled, hand, policy, last_die)


# ---------------------------------------------------------------------- the tables a lesson shows
RULEBOOK_WHAT_IF: dict[str, Any] = {
    "hay": {"light_blue": 2},
    "rolled": {"dark_blue": 4, "orange": 5, "yellow": 3, "green": 2, "purple": 2},
    "hand": [("orange", "yellow"), ("dark_blue", "green"), ("purple",)],
}


def free_choice_table() -> list[dict[str, object]]:
    return [
        {"dice_rolled": k, "values_on_hay": m, "p_free_choice": p_free_choice(k, range(1, m + 1))}
        for k in range(1, 6)
        for m in range(1, 7 - k)
    ]


def distinct_values_table() -> list[dict[str, object]]:
    return [
        {"policy": policy, "last_die": last_die, "distinct": d, "probability": p}
        for last_die in LAST_DIE
        for policy in POLICIES
        for d, p in distinct_values_distribution(policy, last_die).items()
    ]


def what_if_table() -> list[dict[str, object]]:
    """Fran's choice in the rulebook round (Hay: light blue 2), with a hand orange/yellow, dark blue/green,
    Angry purple: how low will her best card be for each legal die?"""
    table = what_if(**RULEBOOK_WHAT_IF)
    return [{"choice": c, "best_value": v, "probability": p} for c, dist in table.items() for v, p in dist.items()]


def lesson_tables() -> dict[str, list[dict[str, object]]]:
    """The named exact tables of the Double Donkey lessons (rows of plain dicts, Fraction values)."""
    return {
        "free_choice": free_choice_table(),
        "distinct_values": distinct_values_table(),
        "hay_sum_random": [{"sum": s, "probability": p} for s, p in hay_sum_distribution().items()],
        "angry_flip_double": angry_flip_table(("light_blue", "orange"), "orange"),
        "angry_flip_angry": angry_flip_table(("orange",), "orange"),
        "what_if_rulebook": what_if_table(),
    }
