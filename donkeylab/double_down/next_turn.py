"""P(every way a Double Down seat can play at its next turn costs a token), once the others have played
(``window``): the *leaf* of the search, called each time the turn comes back to the seat.

The seat's hand is then the cards it kept and the ones it drew right after its play, still unseen; the total is
the known part plus the sum of the hidden number cards the others played. Both are read from one random order
of the unseen cards (``sums.Adds``), so the risk is a sum over the sums at which the seat has no safe way to
play, each weighted by how many orders give it, with a pending bust check taken off exactly.
"""

from __future__ import annotations

from fractions import Fraction
from math import factorial
from typing import Final

from donkeylab.double_down.deck import BUST_AT
from donkeylab.double_down.sums import ADDS, Counts, falling, field, masked_total
from donkeylab.double_down.table import MINUS, NUMBER, REVERSE, TWO_X, Arrival, Bust, Table

CLASSES: Final = (TWO_X, REVERSE, MINUS, NUMBER)  # what a drawn card is, before a number card's kind
TABLE_WORK: Final = 20  # units of the search's budget one table costs (about as long as 20 moves)


def _risky(model: Table, mine: tuple[int, ...], total: int, pending: int) -> bool:
    """False when ``mine`` alone keeps a safe way to play on ``total`` whatever is drawn: in a plain turn a safe
    card, in a double turn a safe first card (not a 2x) and a safe second one after it."""
    safe = [k for k in mine if model.outcome(total, k)[0] == "safe"]
    if pending == 1:
        return not safe
    for k in safe:
        if k != TWO_X:
            after = model.outcome(total, k)[1]
            rest = list(mine)
            rest.remove(k)
            if any(model.outcome(after, b)[0] == "safe" for b in rest):
                return False
    return True


class NextTurn:
    """P(every way this seat can play at its next turn costs a token), when the turn comes back to it.

    Its hand then is ``mine`` and the cards it drew right after its play, still unseen: each sits in a free
    slot (a 2x with probability unseen 2x / free slots, else the next unseen non-2x card: a direction change, a
    −10, a 0 or an adding card). The total is the known part plus the sum of the ``u`` hidden adding cards;
    those and the adding cards drawn are the first of one random order of the unseen adding cards, so
    P(sum s, then kinds k, l) is counted by ``sums.Adds`` (subsets leaving one copy of k and of l out)."""

    def __init__(self, model: Table, mine: tuple[int, ...]) -> None:
        self.model, self.mine = model, mine
        self.memo: dict[Arrival, Fraction] = {}
        self.tables: dict[
            tuple[tuple[int, ...], int, int, tuple[int, ...], int, int], dict[tuple[int, ...], Fraction]
        ] = {}
        self.risky: dict[tuple[int, int], list[int]] = {}
        self.risky_totals: dict[int, frozenset[int]] = {}
        self.work = 0  # units of the search's budget spent here (read and reset by the search)
        self.patterns: dict[tuple[int, ...], list[tuple[Fraction, tuple[int, ...]]]] = {}
        self.bad: dict[tuple[int, int, tuple[int, ...], int], bool | tuple[tuple[int, ...], ...]] = {}
        self.safe: dict[tuple[int, int], bool] = {}

    def __call__(self, arrival: Arrival) -> Fraction:
        found = self.memo.get(arrival)
        if found is None:
            found = self.memo[arrival] = self._value(arrival)
        return found

    def _value(self, arrival: Arrival) -> Fraction:
        revealed, u, known, bust, n2, free, r, mm, d, pending = arrival
        sums = self._sums(known, pending)
        if not sums:
            return Fraction(0)
        table = self._table(revealed, u, known, bust, pending, d, sums)
        if not any(table.values()):
            return Fraction(0)
        pp = self.model.adds_of(revealed).total - u
        key = (d, n2, free, r, mm, pp)
        patterns = self.patterns.get(key)
        if patterns is None:
            patterns = self.patterns[key] = _patterns(d, n2, free, r, mm, pp)
        total = Fraction(0)
        for p, pattern in patterns:
            value = table.get(pattern)
            if value:
                total += p * value
        return total

    def _sums(self, known: int, pending: int) -> list[int]:
        """The sums of the hidden number cards that leave a total where ``mine`` alone may have no safe way."""
        key = (known, pending)
        found = self.risky.get(key)
        if found is None:
            totals = self.risky_totals.get(pending)
            if totals is None:
                totals = self.risky_totals[pending] = frozenset(
                    total for total in range(self.model.low, BUST_AT) if _risky(self.model, self.mine, total, pending)
                )
            found = self.risky[key] = [total - known for total in sorted(totals) if total >= known]
        return found

    def _table(
        self,
        revealed: tuple[int, ...],
        u: int,
        known: int,
        bust: tuple[int, ...],
        pending: int,
        d: int,
        sums: list[int],
    ) -> dict[tuple[int, ...], Fraction]:
        """For each multiset of classes of the ``d`` drawn cards: P(lose, the hidden sum one of ``sums`` and the
        pending bust check passed), the number cards drawn summed over their kinds.

        The ``u`` hidden cards, then the number cards drawn, are the first of one random order of the unseen
        number cards, so P(hidden sum s, then kinds k, l) counts the u-subsets with sum s that leave a copy of k
        and of l out (``sums.Adds``). A pending check (p, base) fails when the first p of them reach 77 - base:
        those paths are taken off, the cards after the p-th (a sum below ``base - known``, a few small cards)
        listed one multiset at a time and the first p counted by their generating function."""
        key = (revealed, u, known, bust, pending, d)
        found = self.tables.get(key)
        if found is not None:
            return found
        self.work += TABLE_WORK // 4
        adds = self.model.adds_of(revealed)
        parts = self._parts(revealed, u, known, bust)
        found = {}
        rows: dict[tuple[int, tuple[int, ...]], int] = {}  # (part, drawn kinds) -> packed row
        for pattern in _multisets(d):
            q = pattern.count(NUMBER)
            if adds.total - u < q:
                continue
            fixed = tuple(k for k in pattern if k != NUMBER)
            num = 0
            for index, (ways, left_out, first, shift, floor, sign) in enumerate(parts):
                masks = self._masks(known, pending, fixed, q, [s - shift for s in sums if s - shift >= floor], shift)
                left = list(adds.counts)
                for j in left_out:
                    left[j] -= 1
                for drawn, mask in masks.items():
                    w = _ways_drawn(drawn, left)
                    if not w:
                        continue
                    row = rows.get((index, drawn))
                    if row is None:
                        row = rows[index, drawn] = adds.row(first, tuple(sorted(left_out + drawn)))
                        self.work += 1
                    num += sign * ways * w * masked_total(row, mask, adds.cap)
            found[pattern] = Fraction(num, falling(adds.total, u + q))
        self.tables[key] = found
        return found

    def _parts(self, revealed: Counts, u: int, known: int, bust: Bust) -> list[tuple[int, Counts, int, int, int, int]]:
        """The counts ``_table`` adds up: the plain count of the ``u`` hidden cards, then, with a pending bust
        check (p, base), the failed checks taken off. Each as (orders of the hidden cards told apart, the
        multiset left out of the first ones, how many those are, the sum of the cards after them, the least sum
        of the first ones, sign)."""
        parts: list[tuple[int, Counts, int, int, int, int]] = [(factorial(u), (), u, 0, 0, 1)]
        if bust:
            p, base = bust
            for w, trail, trail_sums in self.model.combos(revealed, (u - p,), 0, max(0, base - known)) or ():
                left_out = tuple(j for j, c in enumerate(trail) for _ in range(c))
                parts.append((w * factorial(p), left_out, p, trail_sums[-1], BUST_AT - base, -1))
        return parts

    def _masks(
        self, known: int, pending: int, fixed: tuple[int, ...], q: int, sums: list[int], shift: int
    ) -> dict[tuple[int, ...], int]:
        """For each kinds of the ``q`` number cards drawn (indices into ``ADDS``), the sums of the first hidden
        cards (fields of a packed row) at which the seat must lose, the total being ``known + shift + s``."""
        masks: dict[tuple[int, ...], int] = {}
        if pending == 1 and q == 2:  # a plain turn: both drawn cards costly, each on its own
            single: dict[int, int] = {}
            for s in sums:
                f = field(s)
                for (j,) in self._bad(known + shift + s, pending, fixed, 1):  # type: ignore[union-attr]
                    single[j] = single.get(j, 0) | f
            kinds = sorted(single)
            for a, j in enumerate(kinds):
                for i in kinds[a:]:
                    if single[j] & single[i]:
                        masks[j, i] = single[j] & single[i]
            return masks
        for s in sums:
            bad = self._bad(known + shift + s, pending, fixed, q)
            if bad:
                f = field(s)
                for drawn in bad if q else ((),):  # type: ignore[union-attr]
                    masks[drawn] = masks.get(drawn, 0) | f
        return masks

    def _bad(self, total: int, pending: int, fixed: tuple[int, ...], q: int) -> bool | tuple[tuple[int, ...], ...]:
        """Whether ``mine`` and the drawn cards ``fixed`` must lose on ``total`` (q = 0), else the kinds of the
        ``q`` drawn number cards (indices into ``ADDS``, sorted) with which they must."""
        key = (total, pending, fixed, q)
        found = self.bad.get(key)
        if found is not None:
            return found
        base = [*self.mine, *fixed]
        if q == 0:
            found = must_lose(self.model, total, sorted(base), pending)
        elif pending == 1:  # a plain turn: lost exactly when every card costs a token
            if any(self._safe(total, k) for k in base):
                found = ()
            else:
                bad = [j for j, k in enumerate(ADDS) if not self._safe(total, k)]
                found = tuple((j,) for j in bad) if q == 1 else tuple((j, i) for j in bad for i in bad if i >= j)
        else:
            found = self._bad_double(total, base, q)
        self.bad[key] = found
        return found

    def _bad_double(self, total: int, base: list[int], q: int) -> tuple[tuple[int, ...], ...]:
        """``_bad`` for a double turn (``_must_lose``: every safe first card, not a 2x, leaves only costly second
        cards), the hand ``base`` plus ``q`` number cards: each first card of ``base`` is checked once."""
        firsts = []  # (total after a safe first card of base, every other card of base costly then)
        for f in dict.fromkeys(base):
            if f != TWO_X and self._safe(total, f):
                after = self.model.outcome(total, f)[1]
                rest = list(base)
                rest.remove(f)
                firsts.append((after, not any(self._safe(after, b) for b in rest)))
        self.work += len(firsts)

        def lost(extra: tuple[int, ...]) -> bool:
            for after, ok in firsts:
                if not ok or any(self._safe(after, e) for e in extra):
                    return False
            for i, e in enumerate(extra):
                if self._safe(total, e):  # a safe first card among the drawn ones
                    after = self.model.outcome(total, e)[1]
                    others = [*base, *extra[:i], *extra[i + 1 :]]
                    if any(self._safe(after, o) for o in others):
                        return False
            return True

        if q == 1:
            return tuple((j,) for j, k in enumerate(ADDS) if lost((k,)))
        return tuple((j, i) for j, k in enumerate(ADDS) for i in range(j, len(ADDS)) if lost((k, ADDS[i])))

    def _safe(self, total: int, kind: int) -> bool:
        key = (total, kind)
        found = self.safe.get(key)
        if found is None:
            found = self.safe[key] = self.model.outcome(total, kind)[0] == "safe"
        return found


def _ways_drawn(drawn: tuple[int, ...], left: list[int]) -> int:
    """The ways to draw number cards of the kinds ``drawn`` (0, 1 or 2 indices into ``ADDS``, sorted) in order
    from ``left`` copies per kind."""
    if not drawn:
        return 1
    if len(drawn) == 1:
        return left[drawn[0]]
    j, i = drawn
    return left[j] * (left[i] - (i == j)) * (1 if i == j else 2)


def _multisets(d: int) -> list[tuple[int, ...]]:
    """The multisets of ``d`` classes (sorted tuples)."""
    if d == 0:
        return [()]
    if d == 1:
        return [(c,) for c in CLASSES]
    return [tuple(sorted((a, b))) for i, a in enumerate(CLASSES) for b in CLASSES[i:]]


def _patterns(d: int, n2: int, free: int, r: int, mm: int, pp: int) -> list[tuple[Fraction, tuple[int, ...]]]:
    """The classes of the ``d`` cards in this seat's free slots, in order, with their probability (the 2x among
    free slots, the other kinds of card among the unseen non-2x cards), as (probability, sorted classes)."""
    out: list[tuple[Fraction, tuple[int, ...]]] = []

    def go(left: int, n2: int, free: int, counts: dict[int, int], p: Fraction, drawn: tuple[int, ...]) -> None:
        if not left:
            out.append((p, tuple(sorted(drawn))))
            return
        if n2:
            go(left - 1, n2 - 1, free - 1, counts, p * Fraction(n2, free), (*drawn, TWO_X))
        m = sum(counts.values())
        if free > n2 and m:
            for cls, n in counts.items():
                if n:
                    rest = dict(counts)
                    rest[cls] = n - 1
                    go(left - 1, n2, free - 1, rest, p * Fraction((free - n2) * n, free * m), (*drawn, cls))

    go(d, n2, free, {REVERSE: r, MINUS: mm, NUMBER: pp}, Fraction(1), ())
    return out


def must_lose(model: Table, total: int, hand: list[int], pending: int) -> bool:
    """Whether every way to play ``hand`` on ``total`` costs a token (``pending`` 2: a double turn, no 2x first;
    a hand that cannot play passes and loses nothing)."""
    firsts = [k for k in dict.fromkeys(hand) if not (pending == 2 and k == TWO_X)]
    if not firsts:
        return False
    for k in firsts:
        result, after = model.outcome(total, k)
        if result != "safe":
            continue
        if pending == 1:
            return False
        rest = list(hand)
        rest.remove(k)
        if not rest or any(model.outcome(after, b)[0] == "safe" for b in rest):
            return False
    return True
