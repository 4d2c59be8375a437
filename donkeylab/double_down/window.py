"""The others' play between two turns of one seat, exactly: P(that seat must lose a token at its next turn).

From the position right after this seat's turn, the other seats play as ``bots.RandomCard`` (a uniformly random
card of their hand) until the turn comes back, the round ends or the game ends. Hidden cards are revealed
lazily, as in ``exact_play``: a card nobody has seen sits in an unknown *slot* (a hand place or the draw
pile), and because RandomCard picks a uniformly random slot of its hand, the card found there is a uniform
draw from the unseen cards. DN-DOUBLE-1's "no 2x first" is the one exception: the player picks among its
non-2x cards, so only *how many* 2x that hand holds is revealed (hypergeometric) and its other unknown slots
become *constrained* (no 2x). Per seat the state keeps (known 2x, constrained slots, free slots); a free slot
holds a 2x with probability (unseen 2x) / (free slots), else a uniform unseen non-2x card.

The search runs forward, one play at a time, and merges equal positions (the unseen cards as counts, the
slots, whose turn, direction, the double-turn flags, the total, the cards drawn, who is out and how many
more token losses put each seat out). Weights are integers over one common denominator (each play
multiplies it by the lcm of that play's transition denominators), so no gcd is taken inside the loop. A card
that busts ends the round: nothing more is counted, so those branches are not built. When the turn comes
back, this seat's drawn cards are revealed and the table asks whether every card it can play costs a token.

One path is not followed: a draw pile running out (DN-DRAW-1's reshuffle mixes in the played cards, a second
unseen pool). Its probability is returned as *unresolved*, so the caller can show an exact bound.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction
from math import comb, lcm
from typing import Final

from donkeylab.double_down.deck import BUST_AT, DELTA, EFFECT, KIND_INDEX, REPEATS

TWO_X: Final = KIND_INDEX["2x"]
Slots = tuple[int, int, int]  # (known 2x cards, constrained slots: no 2x, free slots) of one hand
# pool counts, free slots, slots per seat, turn (index into seats), direction, cards still to play this turn,
# cards played this turn, a 2x played this turn, total, cards drawn from the pile, seats out (bit mask),
# token losses that still put each seat out (0: not followed, a large number)
Node = tuple[tuple[int, ...], int, tuple[Slots, ...], int, int, int, int, bool, int, int, int, tuple[int, ...]]
# P(this seat must lose) at its turn: (unseen cards, free slots, total, cards it must play)
Leaf = Callable[[tuple[int, ...], int, int, int], Fraction]
DOUBLE_LEAF: Final = 50  # budget units one double-turn answer at the seat's turn costs
END, OPEN = "end", "open"  # a transition that ends what is counted / one that is not followed


class Table:
    """The fixed facts of one decision point: seats, rules, the draw pile and the seat that decides."""

    def __init__(
        self,
        seats: int,
        me: int,
        pile: int,
        hand_size: int,
        doublets: frozenset[int],
        repeat_penalty: bool,
        lives: tuple[int, ...],
    ) -> None:
        self.seats, self.me, self.pile, self.hand_size = seats, me, pile, hand_size
        self.doublets, self.repeat_penalty, self.lives = doublets, repeat_penalty, lives

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


def _take(pool: tuple[int, ...], kind: int, n: int = 1) -> tuple[int, ...]:
    return pool[:kind] + (pool[kind] - n,) + pool[kind + 1 :]


# (kind or -1 for a pass, probability numerator, denominator, unseen cards before the card leaves them, whether
# it leaves them (a known 2x does not), free slots after, the seat's slots after); the unseen cards after are
# built only when needed (most moves end the round or find a safe hand)
Move = tuple[int, int, int, tuple[int, ...], bool, int, Slots]


def _moves(node: Node) -> list[Move]:
    """Every card the seat to act may play under RandomCard (or its pass), as exact int ratios."""
    pool, free, slots, turn = node[0], node[1], node[2], node[3]
    x, c, f = slots[turn]
    h = x + c + f
    n2 = pool[TWO_X]
    m = sum(pool) - n2
    if not h:
        return [(-1, 1, 1, pool, False, free, (x, c, f))]
    out: list[Move] = []
    if node[5] == 2:  # first card of a double turn (no 2x first): reveal how many 2x the free slots hold
        den_j = comb(free, f)
        for j in range(min(n2, f) + 1):
            a = comb(n2, j) * comb(free - n2, f - j)
            if not a:
                continue
            pool_j = _take(pool, TWO_X, j)
            if not c + f - j:  # only 2x: the seat is stuck and passes (DN-DOUBLE-1)
                out.append((-1, a, den_j, pool_j, False, free - f, (x + j, 0, 0)))
                continue
            new = (x + j, c + f - j - 1, 0)
            for kind, n in enumerate(pool_j):
                if n and kind != TWO_X:
                    out.append((kind, a * n, den_j * m, pool_j, True, free - f, new))
        return out
    if x:
        out.append((TWO_X, x, h, pool, False, free, (x - 1, c, f)))
    if f and n2:
        out.append((TWO_X, f * n2, h * free, pool, True, free - 1, (x, c, f - 1)))
    from_free = f and free > n2
    if c or from_free:
        for kind, n in enumerate(pool):
            if n and kind != TWO_X:
                if c:
                    out.append((kind, c * n, h * m, pool, True, free, (x, c - 1, f)))
                if from_free:
                    out.append((kind, f * (free - n2) * n, h * free * m, pool, True, free - 1, (x, c, f - 1)))
    return out


def _after(table: Table, node: Node, move: Move) -> Node | tuple[int, int] | str:
    """The position after ``move`` of the seat to act, as the engine plays it: tokens and seats out
    (DN-DOUBLET-1, DN-TOKEN-1), DN-REVERSE-1, DN-DOUBLE-1, drawing back (DN-PLAY-1). When the turn comes back
    to ``table.me`` only (total, cards it must play) is returned; ``END`` or ``OPEN`` when nothing more is
    counted or followed."""
    _, _, slots, turn, direction, pending, played, next_double, total, drawn, out, lives = node
    kind, _, _, pool, taken, free, mine = move
    if kind < 0:  # a pass: no card, no draw, the next seat plays a plain turn
        nxt = table.next_seat(turn, direction, out)
        if nxt == table.me:
            return (total, 1)
        slots = slots[:turn] + (mine,) + slots[turn + 1 :]
        return (pool, free, slots, nxt, direction, 1, 0, False, total, drawn, out, lives)
    if taken:
        pool = _take(pool, kind)
    result, total = table.outcome(total, kind)
    if result == "bust":
        return END
    gone = False
    if result == "doublet":
        left = lives[turn] - 1
        lives = lives[:turn] + (left,) + lives[turn + 1 :]
        if not left:  # eliminated (DN-TOKEN-1): the hand leaves play unseen, the turn ends with no draw
            gone = True
            out |= 1 << turn
            if bin(out).count("1") == table.seats - 1:
                return END  # one seat left: the game is over
    effect = EFFECT[kind]
    if effect == "reverse":
        direction = -direction
    elif effect == "double":
        next_double = True
    pending, played = pending - 1, played + 1
    x, c, f = mine
    if not gone:
        if pending and x + c + f:
            slots = slots[:turn] + (mine,) + slots[turn + 1 :]
            return (pool, free, slots, turn, direction, pending, played, next_double, total, drawn, out, lives)
        draw = min(played, table.hand_size - (x + c + f))
        if drawn + draw > table.pile:
            return OPEN  # the draw pile runs out: a reshuffle, not followed
        mine = (x, c, f + draw)  # cards drawn sit in free slots
        drawn += draw
    nxt = table.next_seat(turn, direction, out)
    if nxt == table.me:
        return (total, 2 if next_double else 1)
    slots = slots[:turn] + (mine,) + slots[turn + 1 :]
    return (pool, free, slots, nxt, direction, 2 if next_double else 1, 0, False, total, drawn, out, lives)


def must_lose_by_next_turn(
    table: Table, start: Node, can_lose: Callable[[int, int], bool], leaf: Leaf, budget: int
) -> tuple[Fraction, Fraction, int]:
    """(P(the seat ``table.me`` must lose a token at its next turn), P(a path not followed)) from ``start``, a
    position where another seat is to act; ``leaf(unseen, free slots, total, cards to play)`` gives P(must
    lose) when the turn comes back, ``can_lose(total, cards to play)`` is False where that is 0 whatever is
    drawn. Beyond ``budget`` transitions the positions still open are unresolved; the budget left is returned
    third."""
    alive: dict[Node, int] = {start: 1}
    denom = 1
    loss: dict[int, int] = defaultdict(int)  # leaf denominator -> numerator, over ``denom`` at its level
    loss_total = unresolved = Fraction(0)
    while alive:
        steps = []
        cut = 0  # weight of the positions left open when the budget runs out (the likeliest go first)
        for node, w in sorted(alive.items(), key=lambda item: -item[1]):
            if budget <= 0:
                cut += w
                continue
            moves = _moves(node)
            budget -= len(moves)
            steps.append((w, node, moves))
        unresolved += Fraction(cut, denom)
        if not steps:
            break
        scale = lcm(*{move[2] for _, _, moves in steps for move in moves})
        denom *= scale
        nxt: defaultdict[Node, int] = defaultdict(int)
        loss.clear()
        open_w = 0
        for weight, node, moves in steps:
            for move in moves:
                then = _after(table, node, move)
                if then == END:
                    continue
                w = weight * move[1] * (scale // move[2])
                if then == OPEN:
                    open_w += w
                elif len(then) == 2:
                    total, pending = then[0], then[1]
                    assert isinstance(total, int) and isinstance(pending, int)
                    if not can_lose(total, pending):
                        continue
                    pool = _take(move[3], move[0]) if move[4] else move[3]
                    p = leaf(pool, move[5], total, pending)
                    if pending == 2:  # a double turn's drawn cards are revealed in full: costly
                        budget -= DOUBLE_LEAF
                    if p:
                        loss[p.denominator] += w * p.numerator
                else:
                    nxt[then] += w  # type: ignore[index]
        loss_total += sum((Fraction(n, denom * d) for d, n in loss.items()), Fraction(0))
        unresolved += Fraction(open_w, denom)
        alive = dict(nxt)
    return loss_total, unresolved, max(0, budget)
