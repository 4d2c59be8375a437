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

Where a rule must read the total, the search splits the position exactly, with signed weights (``readings``):
it keeps the whole position going as if the rule said "no" and, for the few multisets of the hidden number cards
for which it says "yes", subtracts them (revealed) and adds them back with the "yes" consequence: a bust before
a −10 that the −10 brings back below 77 (a bust of 87 or more stays at 77 or more until the next −10, where it
is caught in turn, and is never counted), a seat put out. Equal positions are merged; weights are integers over
one common denominator per play, so no gcd is taken inside the loop. When the turn comes back, the caller's
``leaf`` gives P(the seat must lose) from the hidden sum's law and the seat's draw.

Two things are not followed and are returned as *unresolved* (what they may add to the loss): a draw pile
running out (DN-DRAW-1's reshuffle mixes the played cards back in, a second unseen pool), and the positions
left when the work budget is spent (the likeliest positions of each play go first): long chains of direction
changes and double turns, whose positions multiply with the seats' hands (which of them hold a 2x).
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from math import comb, lcm

from donkeylab.double_down.readings import Readings
from donkeylab.double_down.sums import TooMany
from donkeylab.double_down.table import (
    ARRIVAL,
    MINUS,
    NEVER,
    NUMBER,
    PASS,
    REVERSE,
    TWO_X,
    Branch,
    Leaf,
    Node,
    Slots,
    Table,
)

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


class _Search(Readings):
    """One run of the window for one card of the deciding seat."""

    def __init__(self, table: Table, leaf: Leaf) -> None:
        super().__init__(table)
        self.leaf = leaf

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

    def play(self, node: Node, w: int) -> list[tuple[int, int, object]] | None:
        """Every position after the seat to act in ``node`` (weight ``w``) plays, with its weight numerator and
        denominator; None when a listing of multisets grows too long (the position is left unresolved).
        ``work`` is what it cost."""
        moves = _moves(node, self.t.n_numbers)
        self.work = len(moves)
        found: list[tuple[int, int, object]] = []
        try:
            for move in moves:
                for num, den, then in self.after(node, move):
                    found.append((w * move[1] * num, move[2] * den, then))
        except TooMany:
            return None
        return found

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
        played_slots = slots[:turn] + (mine,) + slots[turn + 1 :]
        here = (revealed, u, seen, known, marks, bust, lives, n2, free, r, mm, played_slots, turn, direction,
                pending - 1, played + 1, nd, drawn, out)  # fmt: skip
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
                self._second_card(b, here, results)
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

    def _second_card(self, b: Branch, here: Node, results: list[tuple[int, int, object]]) -> None:
        """After the first card of a double turn (``here``: its position, ``b``: one branch of it): the seat plays
        its second card, unless its first card put it out (DN-TOKEN-1: no second card, no draw)."""
        turn, slots = here[12], here[11]
        bit = 1 << turn
        for b2, gone in self._resolve(b, (turn,)) if self._possibly_out(b, turn) else [(b, False)]:
            if gone:
                s2 = slots[:turn] + ((0, 0, 0),) + slots[turn + 1 :]
                self._land((*b2[:8], b2[8] | bit), here, turn, here[13], s2, here[16], here[17], results)
                continue
            num, den, rev, u2, known2, marks2, bust2, lives2, out2 = b2
            node2 = (rev, u2, here[2], known2, marks2, bust2, lives2, *here[7:18], out2)
            results.append((num, den, node2))


class _Masses:
    """Sums of signed probability masses, each added as integers per denominator within one play (no gcd in the
    loop) and turned into one ``Fraction`` when the play is done."""

    def __init__(self) -> None:
        self.loss = self.low = self.high = Fraction(0)  # low / high: unresolved mass of negative / positive weight
        self._parts: tuple[dict[int, int], dict[int, int], dict[int, int]] = ({}, {}, {})

    def add(self, which: int, w: int, p: Fraction) -> None:
        """Weight ``w`` (over the play's denominator) times ``p`` into the loss (0) or the unresolved mass (1)."""
        if p:
            part = self._parts[0 if not which else (2 if w > 0 else 1)]
            part[p.denominator] = part.get(p.denominator, 0) + w * p.numerator

    def close(self, denom: int) -> None:
        """Every mass added since the last close was over ``denom``."""
        loss, low, high = (sum((Fraction(n, denom * d) for d, n in part.items()), Fraction(0)) for part in self._parts)
        self.loss, self.low, self.high = self.loss + loss, self.low + low, self.high + high
        for part in self._parts:
            part.clear()


def _order(table: Table, alive: dict[Node, int], budget: int) -> list[tuple[Node, int]]:
    """The positions of one play, the likeliest to count first when the budget may not reach them all."""
    if budget >= len(alive) * 40:
        return list(alive.items())
    return sorted(
        alive.items(), key=lambda item: -abs(item[1]) * float(table.alive(item[0][0], item[0][1], item[0][3]))
    )


def must_lose_by_next_turn(table: Table, start: Node, leaf: Leaf, budget: int) -> tuple[Fraction, Fraction, int]:
    """(P(the seat ``table.me`` must lose a token at its next turn), P(a path not followed), the budget left) from
    ``start``, a position where another seat is to act; ``leaf(arrival)`` gives P(must lose) when the turn comes
    back. The first is a lower bound and the first plus the second an upper bound; both are exact when the
    second is 0. Each position costs one unit of ``budget`` per move; when it is spent the positions left
    (the likeliest first are followed) are unresolved: a position of weight w not followed adds w times its
    loss, between 0 and its share that is no bust."""
    search = _Search(table, leaf)
    alive: dict[Node, int] = {start: 1}
    denom = 1
    masses = _Masses()
    while alive:
        steps: list[tuple[int, int, object]] = []
        for node, w in _order(table, alive, budget):
            if budget <= 0:
                masses.add(1, w, table.alive(node[0], node[1], node[3]))
                continue
            found = search.play(node, w)
            budget -= search.work
            if found is None:
                masses.add(1, w, table.alive(node[0], node[1], node[3]))
            else:
                steps += found
        masses.close(denom)
        if not steps:
            break
        scale = lcm(*{d for _, d, _ in steps})
        denom *= scale
        nxt: defaultdict[Node, int] = defaultdict(int)
        for w, d, then in steps:
            w *= scale // d
            if type(then) is list:  # the draw pile ran out
                masses.add(1, w, table.alive(then[0], then[1], then[2]))
            elif len(then) == ARRIVAL:  # type: ignore[arg-type]
                masses.add(0, w, leaf(then))  # type: ignore[arg-type]
                budget -= leaf.work
                leaf.work = 0
            else:
                nxt[then] += w  # type: ignore[index]
        masses.close(denom)
        alive = {k: v for k, v in nxt.items() if v}
    return masses.loss + masses.low, masses.high - masses.low, max(budget, 0)
