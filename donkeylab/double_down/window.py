"""The others' play between two turns of one seat, exactly: P(that seat must lose a token at its next turn).

From the position right after this seat's turn, the other seats play as ``bots.RandomCard`` (a uniformly random
card of their hand) until the turn comes back, the round ends or the game ends. Hidden cards are revealed
lazily, as in ``exact_play``: a card nobody has seen sits in an unknown *slot* (a hand place or the draw
pile), and because RandomCard picks a uniformly random slot of its hand, the card found there is a uniform
draw from the unseen cards. DN-DOUBLE-1's "no 2x first" is the one exception: the player picks among its
non-2x cards, so only *how many* 2x that hand holds is revealed (hypergeometric) and its other unknown slots
become *constrained* (no 2x). Per seat the state keeps (known 2x, constrained slots, free slots); a free slot
holds a 2x with probability (unseen 2x) / (free slots), else a uniform unseen non-2x card. Once every 2x is
located, constrained and free slots are alike and are merged.

Coarser still: the non-2x cards revealed one after another are draws without replacement from the unseen
non-2x cards, so the play needs only their *kind of effect* as it happens — a direction change, a −10, or a
*number card* (0, 2–76) — and the number cards only as a count: which of them were played matters only through
their sum, and only where a rule reads the total. A position keeps the unseen cards as four numbers (2x,
direction change, −10, number cards) and the number cards played since the total was last read as ``u`` cards
of unknown sum (``sums``: the law of that sum is a generating function over the 17 number kinds). Between two
−10s the total only grows, so a bust (DN-BUST-1) needs reading only when a −10 comes or the turn comes back; a
doublet by another seat (DN-DOUBLET-1) matters only when it may put that seat out (DN-TOKEN-1): until then the
seat's plays are *marks* (where in the run of number cards it played).

Where a rule must read the total, the search splits the position exactly, with signed weights: it keeps the
whole position going as if the rule said "no" and, for the few multisets of the hidden number cards for which
it says "yes", subtracts them (revealed) and adds them back with the "yes" consequence: a bust before a −10
that the −10 brings back below 77 (a bust of 87 or more stays at 77 or more until the next −10, where it is
caught in turn, and is never counted), a seat put out. Equal positions are merged; weights are integers over one
common denominator per play, so no gcd is taken inside the loop. When the turn comes back, the caller's
``leaf`` gives P(the seat must lose) from the hidden sum's law and the seat's draw.

Two things are not followed and are returned as *unresolved* (what they may add to the loss): a draw pile
running out (DN-DRAW-1's reshuffle mixes the played cards back in, a second unseen pool), and the positions
left when the work budget is spent (the likeliest positions of each play go first): long chains of direction
changes and double turns, whose positions multiply with the seats' hands (which of them hold a 2x).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction
from math import comb, lcm
from typing import Final

from donkeylab.double_down.deck import BUST_AT, DELTA, KIND_INDEX, REPEATS
from donkeylab.double_down.sums import (
    ADD_DELTA,
    ADDS,
    STEPS,
    Adds,
    Combo,
    Counts,
    TooMany,
    coefficient,
    combos,
    falling,
)

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
Leaf = Callable[[Arrival], Fraction]
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


# (class: a kind index for 2x / direction change / −10, NUMBER or PASS; probability numerator, denominator;
# unseen 2x after, free slots after, the seat's slots after)
Move = tuple[int, int, int, int, int, Slots]


def _moves(node: Node, n_numbers: int) -> list[Move]:
    """Every card the seat to act may play under RandomCard (or its pass), as exact int ratios."""
    n2, free, slots, turn = node[7], node[8], node[11], node[12]
    x, c, f = slots[turn]
    h = x + c + f
    if not h:
        return [(PASS, 1, 1, n2, free, (x, c, f))]
    r, mm = node[9], node[10]
    pp = n_numbers - node[2]
    m = r + mm + pp
    classes = [(k, n) for k, n in ((REVERSE, r), (MINUS, mm), (NUMBER, pp)) if n]
    out: list[Move] = []
    if node[14] == 2:  # first card of a double turn (no 2x first): reveal how many 2x the free slots hold
        if not n2:
            if not c + f:
                return [(PASS, 1, 1, n2, free, (x, 0, 0))]
            new = (x, c + f - 1, 0)
            return [(kind, n, m, n2, free - f, new) for kind, n in classes]
        den_j = comb(free, f)
        for j in range(min(n2, f) + 1):
            a = comb(n2, j) * comb(free - n2, f - j)
            if not a:
                continue
            if not c + f - j:  # only 2x: the seat is stuck and passes (DN-DOUBLE-1)
                out.append((PASS, a, den_j, n2 - j, free - f, (x + j, 0, 0)))
                continue
            new = (x + j, c + f - j - 1, 0)
            for kind, n in classes:
                out.append((kind, a * n, den_j * m, n2 - j, free - f, new))
        return out
    if x:
        out.append((TWO_X, x, h, n2, free, (x - 1, c, f)))
    if f and n2:
        out.append((TWO_X, f * n2, h * free, n2 - 1, free - 1, (x, c, f - 1)))
    if c:
        for kind, n in classes:
            out.append((kind, c * n, h * m, n2, free, (x, c - 1, f)))
    if f and free > n2:
        for kind, n in classes:
            out.append((kind, f * (free - n2) * n, h * free * m, n2, free - 1, (x, c, f - 1)))
    return out


def _cuts(marks: tuple[Mark, ...]) -> tuple[int, ...]:
    """The numbers of cards at which the marks read the sum (and the one before a hidden card's mark)."""
    cuts = {p for _, p, _, _ in marks}
    cuts |= {p - 1 for _, p, _, hid in marks if hid and p > 1}
    return tuple(sorted(cuts))


class _Search:
    """One run of the window for one card of the deciding seat."""

    def __init__(self, table: Table, leaf: Leaf) -> None:
        self.t = table
        self.leaf = leaf
        self.work = 0  # multisets listed and positions split off: charged to the budget

    def _hit(self, mark: Mark, at: dict[int, int]) -> bool:
        """Whether the play at ``mark`` announced a doublet, the sums at the cuts being ``at``."""
        _, p, base, hidden = mark
        total = base + at[p]
        if total not in self.t.doublets:
            return False
        return not hidden or self.t.repeat_penalty or at[p] > at.get(p - 1, 0)

    def _targets(self, mark: Mark) -> frozenset[int]:
        """The sums at a mark's cut that make it a doublet (the non-0 condition is checked apart)."""
        return frozenset(v - mark[2] for v in self.t.doublets if v - mark[2] >= 0)

    def _listed(
        self,
        revealed: Counts,
        cuts: tuple[int, ...],
        lo: int,
        hi: int,
        allowed: dict[int, frozenset[int]] | None = None,
    ) -> list[Combo]:
        steps = STEPS[0]
        found = self.t.combos(revealed, cuts, lo, hi, allowed)
        self.work += (STEPS[0] - steps) // LISTING_STEP
        if found is None:
            raise TooMany  # the position is left unresolved
        self.work += len(found)
        return found

    def _cuts(self, br: Branch, upto: int) -> tuple[int, ...]:
        """The cuts a reading of the first ``upto`` hidden cards needs: every mark and the pending bust check up
        to there, and ``upto`` itself."""
        cuts = {p for p in _cuts(br[5]) if p <= upto} | {upto}
        if br[6] and br[6][0] <= upto:
            cuts.add(br[6][0])
        return tuple(sorted(cuts))

    def _reveal(self, br: Branch, combo: Combo, cuts: tuple[int, ...], den: int, sign: int) -> Branch | None:
        """``br`` with its first ``cuts[-1]`` hidden number cards revealed as ``combo``: the marks up to there
        read (each doublet costs that seat a life; a seat whose lives reach 0 is put out at its next turn or
        when the turn comes back, see ``_resolve``), the later ones and the bust check moved on; None when the
        pending bust check says the round had ended."""
        num, d, revealed, u, known, marks, bust, lives, out = br
        w, multiset, sums = combo
        at = dict(zip(cuts, sums, strict=True))
        upto, total = cuts[-1], sums[-1]
        if bust:
            if bust[0] <= upto:
                if bust[1] + at[bust[0]] >= BUST_AT:
                    return None
                bust = ()
            else:
                bust = (bust[0] - upto, bust[1] + total)
        left = list(lives)
        kept: list[Mark] = []
        for mark in marks:
            if mark[1] <= upto:
                if self._hit(mark, at):
                    left[mark[0]] -= 1
            else:
                kept.append((mark[0], mark[1] - upto, mark[2] + total, mark[3]))
        new_rev = tuple(a + b for a, b in zip(revealed, multiset, strict=True))
        return (sign * num * w, d * den, new_rev, u - upto, known + total, tuple(kept), bust, tuple(left), out)

    def _possibly_out(self, br: Branch, seat: int) -> bool:
        """Whether ``seat``'s hidden doublets may have put it out (its lives at most its marks)."""
        left = br[7][seat]
        return left < NEVER and left <= sum(1 for mk in br[5] if mk[0] == seat)

    def _resolve(self, br: Branch, seats: tuple[int, ...]) -> list[tuple[Branch, bool]]:
        """Split ``br`` on whether ``seats`` are all out (each seat's doublets at its marks reach its lives),
        with signed weights: (the position as if not, False), and for the few multisets of the hidden number
        cards up to the seats' last mark for which they are, that multiset revealed as if not with weight
        taken off (False) and added back (True). Putting a seat out at the moment something depends on it
        (its next turn, or the end of this window) rather than at its doublet changes nothing in between, and
        every copy applies the same rule, so the copies that assume "not yet" cancel."""
        lives, marks = br[7], br[5]
        if all(lives[s] <= 0 for s in seats):
            return [(br, True)]
        mine = [mk for mk in marks if mk[0] in seats]
        upto = max(mk[1] for mk in mine)
        cuts = self._cuts(br, upto)
        allowed: dict[int, frozenset[int]] = {}
        for s in seats:
            own = [mk for mk in mine if mk[0] == s]
            if lives[s] == len(own):  # every mark must be a doublet
                for mk in own:
                    i = cuts.index(mk[1])
                    allowed[i] = allowed.get(i, self._targets(mk)) & self._targets(mk)
        last = allowed.get(len(cuts) - 1)
        lo, hi = (min(last), max(last) + 1) if last else (0, self.t.cap + 200)
        if last is not None and not last:
            return [(br, False)]
        den = falling(self.t.adds_of(br[2]).total, upto)
        out: list[tuple[Branch, bool]] = [(br, False)]
        for combo in self._listed(br[2], cuts, lo, hi, allowed or None):
            at = dict(zip(cuts, combo[2], strict=True))
            if any(sum(self._hit(mk, at) for mk in mine if mk[0] == s) < lives[s] for s in seats):
                continue
            b = self._reveal(br, combo, cuts, den, -1)
            if b is not None:
                out.append((b, False))
                out.append(((-b[0], *b[1:]), True))
        return out

    def _bust_check(self, br: Branch, out: list[Branch]) -> None:
        """A −10 is played: the round had ended if the total had reached 77 before it (DN-BUST-1). With hidden
        number cards the check is left pending (``Bust``) until the turn comes back or the total is read; a
        check already pending is settled here unless no number card came since (the older check then covers
        the newer): the position goes on, and the multisets for which the older check fails while the newer
        passes are taken off."""
        num, d, revealed, u, known, marks, bust, lives, seats_out = br
        if not u:
            if known < BUST_AT:
                out.append(br)
            return
        if known + self.t.least(revealed, u) >= BUST_AT:  # a bust whatever they are
            return
        if not bust:
            out.append((num, d, revealed, u, known, marks, (u, known), lives, seats_out))
            return
        p, base = bust
        if p == u:
            out.append(br)
            return
        out.append((num, d, revealed, u, known, marks, (u, known), lives, seats_out))
        old = (num, d, revealed, u, known, marks, (), lives, seats_out)
        cuts = tuple(sorted(set(self._cuts(old, u)) | {p}))
        den = falling(self.t.adds_of(revealed).total, u)
        for combo in self._listed(revealed, cuts, max(0, BUST_AT - base), max(0, BUST_AT - known)):
            if base + combo[2][cuts.index(p)] < BUST_AT:
                continue
            b = self._reveal(old, combo, cuts, den, -1)
            if b is not None:
                out.append(b)

    def _doublet(self, br: Branch, seat: int, hidden: int) -> Branch:
        """``seat`` announces a total (a number card, a −10, or a repeat under ``repeat_doublet_penalty``): a
        doublet costs it a life and the last one puts it out (DN-DOUBLET-1, DN-TOKEN-1). With the total known
        that is settled now; else the play is marked, to be read when something depends on it."""
        num, d, revealed, u, known, marks, bust, lives, out = br
        if not u:
            if known in self.t.doublets:
                left = lives[seat] - 1
                lives = lives[:seat] + (left,) + lives[seat + 1 :]
                if left <= 0:
                    out |= 1 << seat
            return (num, d, revealed, u, known, marks, bust, lives, out)
        marks = tuple(sorted((*marks, (seat, u, known, hidden))))
        return (num, d, revealed, u, known, marks, bust, lives, out)

    def _land(
        self,
        br: Branch,
        node: Node,
        seat: int,
        direction: int,
        slots: tuple[Slots, ...],
        nd: bool,
        drawn: int,
        results: list[tuple[int, int, object]],
    ) -> None:
        """The turn passes on from ``seat``: to this seat (the window ends, ``Arrival``) or to the next seat in
        play, which first has its hidden doublets read if they may have put it out."""
        t = self.t
        stack = [br]
        while stack:
            b = stack.pop()
            out = b[8]
            if bin(out).count("1") >= t.seats - 1:
                continue  # one seat left: the game is over
            nxt = t.next_seat(seat, direction, out)
            if nxt == t.me:
                others = tuple(s for s in range(t.seats) if s != t.me and not out >> s & 1)
                if all(self._possibly_out(b, s) for s in others):  # the game may be over: those paths end
                    for b2, gone in self._resolve(b, others):
                        if not gone:
                            self._arrive(b2, node, slots, nd, results)
                    continue
                self._arrive(b, node, slots, nd, results)
                continue
            if self._possibly_out(b, nxt):
                for b2, gone in self._resolve(b, (nxt,)):
                    if gone:
                        stack.append((*b2[:8], b2[8] | 1 << nxt))
                    else:
                        self._node(b2, node, nxt, direction, slots, nd, drawn, results)
                continue
            self._node(b, node, nxt, direction, slots, nd, drawn, results)

    def _arrive(
        self, b: Branch, node: Node, slots: tuple[Slots, ...], nd: bool, results: list[tuple[int, int, object]]
    ) -> None:
        num, den, rev, u, known, _, bust, _, _ = b
        n2, free, r, mm = node[7], node[8], node[9], node[10]
        results.append((num, den, (rev, u, known, bust, n2, free, r, mm, slots[self.t.me][2], 2 if nd else 1)))

    def _node(
        self,
        b: Branch,
        node: Node,
        nxt: int,
        direction: int,
        slots: tuple[Slots, ...],
        nd: bool,
        drawn: int,
        results: list[tuple[int, int, object]],
    ) -> None:
        num, den, rev, u, known, marks, bust, lives, out = b
        n2, free, r, mm, seen = node[7], node[8], node[9], node[10], node[2]
        if not n2 and any(sl[1] for sl in slots):  # every 2x located: constrained slots are free ones
            free += sum(sl[1] for sl in slots)
            slots = tuple((a, 0, c + f) for a, c, f in slots)
        node2 = (
            rev,
            u,
            seen,
            known,
            marks,
            bust,
            lives,
            n2,
            free,
            r,
            mm,
            slots,
            nxt,
            direction,
            2 if nd else 1,
            0,
            False,
            drawn,
            out,
        )
        results.append((num, den, node2))

    def after(self, node: Node, move: Move) -> list[tuple[int, int, object]]:
        """The positions after ``move`` of the seat to act, as the engine plays it, each with its (signed)
        probability: tokens and seats out (DN-DOUBLET-1, DN-TOKEN-1), DN-REVERSE-1, DN-DOUBLE-1, drawing back
        (DN-PLAY-1). An ``Arrival`` when the turn comes back, a ``list`` [revealed, hidden, known] when the draw
        pile runs out; positions that end the round or the game are left out."""
        t = self.t
        (revealed, u, seen, known, marks, bust, lives, _, _, r, mm, slots, turn, direction, pending, played, nd,
         drawn, out) = node  # fmt: skip
        kind, _, _, n2, free, mine = move
        results: list[tuple[int, int, object]] = []
        if kind == PASS:  # no card, no draw, the next seat plays a plain turn
            slots = slots[:turn] + (mine,) + slots[turn + 1 :]
            here = (*node[:7], n2, free, *node[9:])
            self._land(
                (1, 1, revealed, u, known, marks, bust, lives, out), here, turn, direction, slots, False, drawn, results
            )
            return results
        hidden = 0
        if kind == REVERSE:
            r -= 1
            direction = -direction
        elif kind == MINUS:
            mm -= 1
        elif kind == NUMBER:
            u += 1
            seen += 1
            hidden = 1
        else:
            nd = True
        here = (revealed, u, seen, known, marks, bust, lives, n2, free, r, mm, *node[11:])
        branches: list[Branch] = [(1, 1, revealed, u, known, marks, bust, lives, out)]
        if kind == MINUS:
            checked: list[Branch] = []
            self._bust_check(branches[0], checked)
            branches = [(b[0], b[1], b[2], b[3], b[4] - 10, *b[5:]) for b in checked]
        if (hidden or kind == MINUS or t.repeat_penalty) and lives[turn] < NEVER:
            branches = [self._doublet(b, turn, hidden) for b in branches]
        pending, played = pending - 1, played + 1
        x, c, f = mine
        bit = 1 << turn
        for b in branches:
            if not b[8] & bit and pending and x + c + f:  # the second card of a double turn
                for b2, gone in self._resolve(b, (turn,)) if self._possibly_out(b, turn) else [(b, False)]:
                    if gone:  # put out by its first card: no second card, no draw (DN-TOKEN-1)
                        s2 = slots[:turn] + ((0, 0, 0),) + slots[turn + 1 :]
                        self._land((*b2[:8], b2[8] | bit), here, turn, direction, s2, nd, drawn, results)
                        continue
                    num, den, rev, u2, known2, marks2, bust2, lives2, out2 = b2
                    s2 = slots[:turn] + (mine,) + slots[turn + 1 :]
                    node2 = (
                        rev,
                        u2,
                        seen,
                        known2,
                        marks2,
                        bust2,
                        lives2,
                        n2,
                        free,
                        r,
                        mm,
                        s2,
                        turn,
                        direction,
                        pending,
                        played,
                        nd,
                        drawn,
                        out2,
                    )
                    results.append((num, den, node2))
                continue
            if b[8] & bit:  # put out (DN-TOKEN-1): the hand leaves play unseen, the turn ends with no draw
                s2 = slots[:turn] + ((0, 0, 0),) + slots[turn + 1 :]
                self._land(b, here, turn, direction, s2, nd, drawn, results)
                continue
            draw = min(played, t.hand_size - (x + c + f))
            if drawn + draw > t.pile:  # the draw pile runs out: a reshuffle, not followed
                results.append((b[0], b[1], [b[2], b[3], b[4]]))
                continue
            s2 = slots[:turn] + ((x, c, f + draw),) + slots[turn + 1 :]
            self._land(b, here, turn, direction, s2, nd, drawn + draw, results)
        self.work += len(results)
        return results


def must_lose_by_next_turn(table: Table, start: Node, leaf: Leaf, budget: int) -> tuple[Fraction, Fraction, int]:
    """(P(the seat ``table.me`` must lose a token at its next turn), P(a path not followed), the budget left) from
    ``start``, a position where another seat is to act; ``leaf(arrival)`` gives P(must lose) when the turn comes
    back. The first is a lower bound and the first plus the second an upper bound; both are exact when the
    second is 0. Each position costs one unit of ``budget`` per move; when it is spent the positions left
    (the likeliest first are followed) are unresolved."""
    search = _Search(table, leaf)
    alive: dict[Node, int] = {start: 1}
    denom = 1
    loss: dict[int, int] = defaultdict(int)
    low: dict[int, int] = defaultdict(int)  # unresolved mass of negative weight (lowers the loss's bound)
    high: dict[int, int] = defaultdict(int)  # unresolved mass of positive weight
    loss_total = low_total = high_total = Fraction(0)
    n_numbers = table.n_numbers
    while alive:
        steps = []
        dens: set[int] = set()
        cut: list[tuple[Node, int]] = []
        order: list[tuple[Node, int]] | dict[Node, int] = alive
        if budget < len(alive) * 40:  # the positions most likely to count first
            order = sorted(
                alive.items(), key=lambda item: -abs(item[1]) * table.alive(item[0][0], item[0][1], item[0][3])
            )
        for node, w in order.items() if isinstance(order, dict) else order:
            if budget <= 0:
                cut.append((node, w))
                continue
            moves = _moves(node, n_numbers)
            search.work = len(moves)
            mine: list[tuple[int, int, object]] = []
            try:
                for move in moves:
                    for num, den, then in search.after(node, move):
                        mine.append((w * move[1] * num, move[2] * den, then))
            except TooMany:
                cut.append((node, w))
                continue
            finally:
                budget -= search.work
            steps += mine
            dens.update(d for _, d, _ in mine)
        loss.clear()
        low.clear()
        high.clear()
        for node, w in cut:
            p = table.alive(node[0], node[1], node[3])
            if p:
                (high if w > 0 else low)[p.denominator] += w * p.numerator
        low_total += sum((Fraction(n, denom * d) for d, n in low.items()), Fraction(0))
        high_total += sum((Fraction(n, denom * d) for d, n in high.items()), Fraction(0))
        if not steps:
            break
        scale = lcm(*dens)
        denom *= scale
        nxt: defaultdict[Node, int] = defaultdict(int)
        loss.clear()
        low.clear()
        high.clear()
        for w, d, then in steps:
            w *= scale // d
            if type(then) is list:
                p = table.alive(then[0], then[1], then[2])
                if p:
                    (high if w > 0 else low)[p.denominator] += w * p.numerator
            elif len(then) == 10:  # type: ignore[arg-type]
                p = leaf(then)  # type: ignore[arg-type]
                budget -= getattr(leaf, "work", 0)
                setattr(leaf, "work", 0)  # noqa: B010
                if p:
                    loss[p.denominator] += w * p.numerator
            else:
                nxt[then] += w  # type: ignore[index]
        loss_total += sum((Fraction(n, denom * d) for d, n in loss.items()), Fraction(0))
        low_total += sum((Fraction(n, denom * d) for d, n in low.items()), Fraction(0))
        high_total += sum((Fraction(n, denom * d) for d, n in high.items()), Fraction(0))
        alive = {k: v for k, v in nxt.items() if v}
    # a position of weight w not followed adds w × (its loss, between 0 and its share that is no bust)
    lower = loss_total + low_total
    return lower, high_total - low_total, max(budget, 0)
