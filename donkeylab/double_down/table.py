"""The fixed facts of one Double Down decision point that the search of the others' play (``window``) reads, and
the shapes of the positions it follows.

``Table`` holds the seats, rules, draw pile and unseen cards of the seat that decides, with the caches every
position shares: the generating function of the unseen number cards once some are revealed (``sums.Adds``), the
share of a position that is no bust, and listings of the multisets the hidden number cards can form.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Final, Protocol

from donkeylab.double_down.deck import BUST_AT, DELTA, KIND_INDEX, REPEATS
from donkeylab.double_down.sums import ADD_DELTA, ADDS, Adds, Combo, Counts, TooMany, coefficient, combos

TWO_X: Final = KIND_INDEX["2x"]
REVERSE: Final = KIND_INDEX["reverse"]
MINUS: Final = KIND_INDEX["-10"]
NUMBER: Final = -2  # the class of a number card played (its kind stays hidden)
PASS: Final = -1
NEVER: Final = 1_000  # lives of a seat that is not put out in this window (the deciding seat; see _doublet)
Slots = tuple[int, int, int]  # (known 2x cards, constrained slots: no 2x, free slots) of one hand
# (seat, number cards played so far when it played, known total then, 1 if its card was a hidden number card:
# a doublet only if that card was not a 0, i.e. the sum grew there)
Mark = tuple[int, int, int, int]
# A pending bust check: () or (hidden number cards before a −10, known total before it): the round had ended
# there if that total plus their sum reached 77 (read when the turn comes back, or at the next reading).
Bust = tuple[int, ...]
# Node: (revealed number cards, hidden number cards played, number cards played in all, known total, marks,
# pending bust check, lives per seat, unseen 2x, free slots, unseen direction changes, unseen −10, slots per
# seat, turn, direction, cards still to play this turn, cards played this turn, a 2x played this turn, cards
# drawn, seats out)
Node = tuple[
    Counts, int, int, int, tuple[Mark, ...], Bust, tuple[int, ...], int, int, int, int,
    tuple[Slots, ...], int, int, int, int, bool, int, int,
]  # fmt: skip
# What the leaf needs when the turn comes back: (revealed number cards, hidden number cards, known total,
# pending bust check, unseen 2x, free slots, unseen direction changes, unseen −10, cards the seat drew, cards
# it must play)
Arrival = tuple[Counts, int, int, Bust, int, int, int, int, int, int]
ARRIVAL: Final = 10  # the length of an ``Arrival`` (a ``Node`` is longer)


class Leaf(Protocol):
    """P(the deciding seat must lose at its next turn) from an ``Arrival``; ``work`` counts what it cost (the
    search takes it off its budget and sets it back to 0)."""

    work: int

    def __call__(self, arrival: Arrival) -> Fraction: ...


LISTING: Final = 20_000  # steps one listing of multisets may take before the position is left unresolved
LISTING_STEP: Final = 8  # steps of a listing per unit of the work budget
# a (signed) branch of one play: (numerator, denominator, revealed, hidden, known total, marks, bust check,
# lives per seat (0 or less: out as soon as something depends on it), seats out)
Branch = tuple[int, int, Counts, int, int, tuple[Mark, ...], Bust, tuple[int, ...], int]


class Table:
    """The fixed facts of one decision point: seats, rules, the draw pile, the unseen cards, the seat that
    decides, and the caches of its search."""

    def __init__(
        self,
        seats: int,
        me: int,
        pile: int,
        hand_size: int,
        doublets: frozenset[int],
        repeat_penalty: bool,
        lives: tuple[int, ...],
        pool: tuple[int, ...],
        low: int,
    ) -> None:
        self.seats, self.me, self.pile, self.hand_size = seats, me, pile, hand_size
        self.doublets, self.repeat_penalty, self.lives = doublets, repeat_penalty, lives
        self.pool = pool
        self.numbers: Counts = tuple(pool[k] for k in ADDS)
        self.n_numbers = sum(self.numbers)
        self.low = low  # no total in the window is below it
        self.cap = BUST_AT - low + 1
        self._adds: dict[Counts, Adds] = {}
        self._combos: dict[tuple[object, ...], list[Combo] | None] = {}
        self._alive: dict[tuple[Counts, int, int], Fraction] = {}
        self._least: dict[tuple[Counts, int], int] = {}
        # ``readings``: the multisets putting seats out, and how many were listed to find them
        self.out_combos: dict[tuple[object, ...], tuple[list[Combo], int]] = {}

    def outcome(self, total: int, kind: int) -> tuple[str, int]:
        """``("safe" | "doublet" | "bust", total after)`` of playing ``kind`` on ``total`` (DN-DOUBLET-1, DN-BUST-1)."""
        if REPEATS[kind]:
            return ("doublet" if self.repeat_penalty and total in self.doublets else "safe"), total
        after = total + DELTA[kind]
        if after >= BUST_AT:
            return "bust", after
        return ("doublet" if after in self.doublets else "safe"), after

    def next_seat(self, seat: int, direction: int, out: int) -> int:
        seat = (seat + direction) % self.seats
        while out >> seat & 1:
            seat = (seat + direction) % self.seats
        return seat

    def adds_of(self, revealed: Counts) -> Adds:
        """The generating function of the number cards still unseen once ``revealed`` are known."""
        found = self._adds.get(revealed)
        if found is None:
            left = tuple(c - r for c, r in zip(self.numbers, revealed, strict=True))
            found = self._adds[revealed] = Adds(left, self.cap)
        return found

    def alive(self, revealed: Counts, u: int, known: int) -> Fraction:
        """P(the ``u`` hidden number cards keep the total below 77): the share of a position that is no bust."""
        key = (revealed, u, known)
        found = self._alive.get(key)
        if found is None:
            adds = self.adds_of(revealed)
            row = adds.row(u)
            good = sum(coefficient(row, s) for s in range(max(0, BUST_AT - known)))
            found = self._alive[key] = Fraction(good, comb(adds.total, u))
        return found

    def least(self, revealed: Counts, u: int) -> int:
        """The least that ``u`` of the unseen number cards can add."""
        key = (revealed, u)
        found = self._least.get(key)
        if found is None:
            low, need = 0, u
            for j in sorted(range(len(ADDS)), key=lambda j: ADD_DELTA[j]):
                t = min(self.numbers[j] - revealed[j], need)
                low += t * ADD_DELTA[j]
                need -= t
                if not need:
                    break
            found = self._least[key] = low
        return found

    def combos(
        self,
        revealed: Counts,
        cuts: tuple[int, ...],
        lo: int,
        hi: int,
        allowed: dict[int, frozenset[int]] | None = None,
    ) -> list[Combo] | None:
        """``sums.combos`` of the unseen number cards (cached); None when the listing takes more than ``LISTING``
        steps."""
        key = (revealed, cuts, lo, hi, tuple(sorted(allowed.items())) if allowed else ())
        if key in self._combos:
            return self._combos[key]
        left = tuple(c - r for c, r in zip(self.numbers, revealed, strict=True))
        try:
            found: list[Combo] | None = combos(left, cuts, lo, hi, LISTING, allowed)
        except TooMany:
            found = None
        self._combos[key] = found
        return found
