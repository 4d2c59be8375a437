"""The unseen *number* cards (0, 2–10, 11…66, 76: the cards that neither change direction, nor double, nor
subtract) as *counts by sum*: how ``n`` of them, drawn in order from the unseen ones, add up, without listing
which ones.

Under ``bots.RandomCard`` the number cards the others play between two turns of a seat are drawn, in order,
without replacement from the unseen number cards (``window`` explains why), so all a position needs to know
about them is *how many* were played and, where a rule asks for it, their *sum*. For ``n`` cards drawn in
order from ``counts`` (a count per number kind), every order is equally likely, so

    P(the n cards sum to s) = subsets(n)[s] / C(N, n)

where ``subsets(n)[s]`` counts the n-card subsets of the N unseen cards (copies told apart) that sum to s: the
coefficient of x^n y^s in prod_k (1 + x·y^delta_k)^counts_k. The cards drawn right after them (a seat's own
draw) come from the rest: dividing the product by (1 + x·y^delta_k) counts the subsets that leave one copy of
kind k out (``Adds.without``). Each row of coefficients is packed into one Python int (``WIDTH`` bits per sum),
so a row operation is one big-int operation, in the standard library only (the browser has no numpy).

``combos`` lists the other way round, explicitly, the multisets the first ``u`` of those cards can form, for
the positions where a rule needs the total at a given moment (a −10 played after a possible bust, a seat that a
doublet may put out); ``window`` uses them.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb, factorial
from typing import Final

from donkeylab.double_down.deck import DELTA, EFFECT

ADDS: Final = tuple(k for k, e in enumerate(EFFECT) if e in ("add", "zero"))  # kind indices of the number cards
ADD_DELTA: Final = tuple(DELTA[k] for k in ADDS)
WIDTH: Final = 48  # bits per coefficient: subsets of the 43 number cards number at most C(43, 21) < 2**40
MASK1: Final = (1 << WIDTH) - 1
Counts = tuple[int, ...]  # a count per adding kind, in ``ADDS`` order


def falling(n: int, k: int) -> int:
    """n (n-1) … (n-k+1)."""
    out = 1
    for i in range(k):
        out *= n - i
    return out


class Adds:
    """The generating function of ``counts`` (the unseen number cards), sums below ``cap`` kept, rows
    (numbers of cards) built up to what is asked for."""

    def __init__(self, counts: Counts, cap: int) -> None:
        self.counts, self.cap, self.total = counts, max(cap, 1), sum(counts)
        self.mask = (1 << (WIDTH * self.cap)) - 1
        self._rows: list[int] = [1]  # row n: packed coefficients of y^s, s < cap
        self._built = 0  # rows 0.._built are complete
        self._without: dict[tuple[int, ...], list[int]] = {}

    def _build(self, n: int) -> None:
        """Rows 0..n of prod_k (1 + x y^delta_k)^counts_k (truncated in x at n and in y at cap)."""
        if n <= self._built:
            return
        n = min(max(n, 2 * self._built, 8), self.total)
        rows = [1] + [0] * n
        mask = self.mask
        for j, c in enumerate(self.counts):
            if not c:
                continue
            d = ADD_DELTA[j] * WIDTH
            old = rows[:]
            for a in range(1, c + 1):
                shift, coef = a * d, comb(c, a)
                if shift >= WIDTH * self.cap:
                    break
                for m in range(a, n + 1):
                    if old[m - a]:
                        rows[m] += coef * ((old[m - a] << shift) & mask)
        self._rows, self._built = rows, n

    def row(self, n: int, without: tuple[int, ...] = ()) -> int:
        """Packed counts by sum of the n-card subsets of ``counts`` minus one copy of each kind in ``without``
        (indices into ``ADDS``, sorted; each must be there)."""
        if n < 0:
            return 0
        if not without:
            if n > self.total:
                return 0
            self._build(n)
            return self._rows[n]
        rows = self._without.get(without)
        if rows is None or len(rows) <= n:
            rows = self._divide(without, n)
        return rows[n] if n < len(rows) else 0

    def _divide(self, without: tuple[int, ...], n: int) -> list[int]:
        """Rows 0..n of the product divided by (1 + x y^delta) once per kind left out: h[m] = g[m] - y^d h[m-1]."""
        rest = self.total - len(without)
        top = min(n, rest)
        if len(without) == 1:
            self._build(top)
            src = self._rows[: top + 1]
        else:
            src = self.row_list(without[:-1], top)
        shift = ADD_DELTA[without[-1]] * WIDTH
        mask = self.mask
        out: list[int] = []
        prev = 0
        for m in range(top + 1):
            cur = src[m] - ((prev << shift) & mask) if m < len(src) else 0
            out.append(cur)
            prev = cur
        self._without[without] = out
        return out

    def row_list(self, without: tuple[int, ...], n: int) -> list[int]:
        rows = self._without.get(without)
        if rows is None or len(rows) <= n:
            rows = self._divide(without, n)
        return rows


def coefficient(row: int, s: int) -> int:
    """The count for sum ``s`` in a packed row."""
    return (row >> (WIDTH * s)) & MASK1 if s >= 0 else 0


def field(s: int) -> int:
    """A mask selecting the count for sum ``s`` of a packed row."""
    return MASK1 << (WIDTH * s)


def masked_total(row: int, mask: int, cap: int) -> int:
    """The sum of the counts of ``row`` that ``mask`` selects (an or of ``field``s): multiplying by a row of
    ones adds every field into the top one, which cannot overflow (the counts add up to at most C(43, 21))."""
    return ((row & mask) * _ones(cap) >> (WIDTH * (cap - 1))) & MASK1


_ONES: dict[int, int] = {}


def _ones(cap: int) -> int:
    found = _ONES.get(cap)
    if found is None:
        found = _ONES[cap] = sum(1 << (WIDTH * s) for s in range(cap))
    return found


def coefficients(row: int, cap: int) -> list[int]:
    """All counts of a packed row, sums 0..cap-1."""
    return [(row >> (WIDTH * s)) & MASK1 for s in range(cap)]


Combo = tuple[int, Counts, tuple[int, ...]]  # (weight numerator, the multiset, the sums at the cuts)


STEPS: list[int] = [0]  # steps taken by listings with a limit, for a caller's work count


class TooMany(Exception):
    """The listing would take more steps than allowed."""


def combos(
    counts: Counts,
    cuts: Sequence[int],
    lo: int,
    hi: int,
    limit: int = 0,
    allowed: dict[int, frozenset[int]] | None = None,
) -> list[Combo]:
    """The first ``cuts[-1]`` cards drawn in order from ``counts``, as multisets between consecutive cuts (each
    cut a number of cards drawn, increasing): every way whose total sum lies in [lo, hi), with its weight
    numerator over ``falling(N, cuts[-1])`` (N the number of cards), the whole multiset drawn, and the sum of
    the cards drawn up to each cut. ``allowed`` (cut index -> sums) keeps only the ways whose sum at that cut is
    one of them. With ``limit``, ``TooMany`` is raised after that many steps of the listing.

    The weight of blocks with multisets c_1, c_2, … is prod_b |b|! · prod_{b,k} C(left_k, c_b[k]) (left_k the
    copies of kind k not taken by earlier blocks): the orders of each block times the copies chosen."""
    order = sorted(range(len(counts)), key=lambda j: ADD_DELTA[j])
    out: list[Combo] = []
    avail = list(counts)
    sums: list[int] = []
    steps = [limit]

    def bounds(rem: int) -> tuple[int, int]:
        """The least and the most that ``rem`` of the cards still there can add."""
        low = high = 0
        need = rem
        for j in order:
            t = min(avail[j], need)
            low += t * ADD_DELTA[j]
            need -= t
            if not need:
                break
        need = rem
        for j in reversed(order):
            t = min(avail[j], need)
            high += t * ADD_DELTA[j]
            need -= t
            if not need:
                break
        return low, high

    def block(b: int, size: int, pos: int, cur: int, weight: int, rem: int) -> None:
        if limit:
            steps[0] -= 1
            if not steps[0]:
                raise TooMany
        if size == 0:
            if allowed and b in allowed and cur not in allowed[b]:
                return
            sums.append(cur)
            if b + 1 == len(cuts):
                if lo <= cur < hi:
                    out.append((weight, tuple(c - a for c, a in zip(counts, avail, strict=True)), tuple(sums)))
            else:
                nxt = cuts[b + 1] - cuts[b]
                block(b + 1, nxt, 0, cur, weight * factorial(nxt), rem)
            sums.pop()
            return
        low, high = bounds(rem)
        if cur + low >= hi or cur + high < lo:
            return
        for p in range(pos, len(order)):
            j = order[p]
            have = avail[j]
            if not have:
                continue
            d = ADD_DELTA[j]
            for t in range(1, min(have, size) + 1):
                avail[j] = have - t
                block(b, size - t, p + 1, cur + t * d, weight * comb(have, t), rem - t)
            avail[j] = have

    try:
        block(0, cuts[0], 0, 0, factorial(cuts[0]), cuts[-1])
    finally:  # a listing cut short has cost its steps too
        STEPS[0] += limit - steps[0] if limit else 0
    return out
