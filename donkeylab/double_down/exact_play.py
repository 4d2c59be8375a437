"""P(the round ends within k plays) for engine play by ``bots.RandomCard``, exactly, 2x rule included.

Enumerating whole hands is hopeless (tens of thousands of hands per player), so hands are revealed
lazily. A card nobody has looked at sits in an *unknown slot* (a hand place or the draw pile); because
``RandomCard`` picks a uniformly random slot of its hand, the card found there is uniform over the unseen
cards. The one exception is DN-DOUBLE-1: the first card of a double turn may not be a 2x, so the player
picks among non-2x cards. We then reveal only *how many* 2x that hand holds (hypergeometric); its other
unknown slots become *constrained* (they hold no 2x). Keeping the three slot kinds per player — known
2x cards, constrained slots, free slots — the law of every later card stays exact:

- constrained slot: a uniform unseen non-2x card;
- free slot: a 2x with probability (unseen 2x) / (free slots), else a uniform unseen non-2x card
  (the unseen 2x lie uniformly in the free slots; the non-2x cards fill every other unknown slot).

The state is merged by value (pool counts, slots, turn, direction, double-turn flags), and Fractions carry
the probabilities. With the default rules nobody can be eliminated within 5 plays, and no reshuffle can
happen, so the round ends only by a bust (DN-BUST-1): that is what is counted.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from fractions import Fraction
from math import comb, lcm
from typing import Final

from donkeylab.double_down.deck import BUST_AT, COUNTS, DELTA, EFFECT, HAND_SIZE, KIND_INDEX, KINDS

TWO_X: Final = KIND_INDEX["2x"]
MAX_K: Final = 5
Slots = tuple[int, int, int]  # (known 2x cards, constrained slots, free slots) of one hand
# pool counts, free slots, per-player slots, turn, direction, cards still to play, cards played, 2x played
State = tuple[tuple[int, ...], int, tuple[Slots, ...], int, int, int, int, bool]


Step = tuple[int, int, int, State]  # (kind played, probability numerator, denominator, state after)


def _non_2x_cards(pool: tuple[int, ...], a: int, b: int) -> list[tuple[int, int, int]]:
    """A uniform unseen non-2x card: (kind, a·n, b·m), i.e. probability (a/b)·(n/m)."""
    m = sum(pool) - pool[TWO_X]
    return [(k, a * n, b * m) for k, n in enumerate(pool) if n and k != TWO_X]


def _plays(state: State, build: bool = True) -> list[Step]:
    """Every card the player to act may play under RandomCard, with its probability as a/b (plain ints);
    ``build=False`` skips the states after (the last play only needs the probabilities)."""
    pool, free, slots, turn, *_ = state
    x, c, f = slots[turn]
    pending = state[5]
    out: list[Step] = []

    def with_slots(new: Slots, pool2: tuple[int, ...], free2: int) -> State:
        if not build:
            return state
        all_slots = slots[:turn] + (new,) + slots[turn + 1 :]
        return (pool2, free2, all_slots, *state[3:])

    def take(p: tuple[int, ...], kind: int) -> tuple[int, ...]:
        if not build:
            return p
        return p[:kind] + (p[kind] - 1,) + p[kind + 1 :]

    n2 = pool[TWO_X]
    if pending == 2:  # first card of a double turn: reveal how many 2x the free slots hold
        for j in range(min(n2, f) + 1):
            a = comb(n2, j) * comb(free - n2, f - j)
            if not a:
                continue
            pool_j = pool[:TWO_X] + (n2 - j,) + pool[TWO_X + 1 :]
            for kind, num, den in _non_2x_cards(pool_j, a, comb(free, f)):
                out.append((kind, num, den, with_slots((x + j, c + f - j - 1, 0), take(pool_j, kind), free - f)))
        return out
    h = x + c + f
    if x:
        out.append((TWO_X, x, h, with_slots((x - 1, c, f), pool, free)))
    if c:
        for kind, num, den in _non_2x_cards(pool, c, h):
            out.append((kind, num, den, with_slots((x, c - 1, f), take(pool, kind), free)))
    if f:
        if n2:
            out.append((TWO_X, f * n2, h * free, with_slots((x, c, f - 1), take(pool, TWO_X), free - 1)))
        for kind, num, den in _non_2x_cards(pool, f * (free - n2), h * free):
            out.append((kind, num, den, with_slots((x, c, f - 1), take(pool, kind), free - 1)))
    return out


def _after_play(state: State, kind: int, players: int) -> State:
    """Turn bookkeeping exactly as the engine does it (DN-REVERSE-1, DN-DOUBLE-1, drawing back)."""
    pool, free, slots, turn, direction, pending, played, next_double = state
    effect = EFFECT[kind]
    if effect == "reverse":
        direction = -direction
    elif effect == "double":
        next_double = True
    pending -= 1
    played += 1
    x, c, f = slots[turn]
    if pending and x + c + f:
        return (pool, free, slots, turn, direction, pending, played, next_double)
    draw = min(played, HAND_SIZE - (x + c + f))
    slots = slots[:turn] + ((x, c, f + draw),) + slots[turn + 1 :]  # pile slots are free slots
    turn = (turn + direction) % players
    return (pool, free, slots, turn, direction, 2 if next_double else 1, 0, False)


def _levels(k: int, players: int) -> Iterator[tuple[Fraction, dict[int, Fraction]]]:
    """For plays 1..k: (P(the round ends at this play), law of the card played at it, bust or not).

    Weights are integers over one common denominator, multiplied each play by the lcm of that play's
    transition denominators, so no gcd is taken inside the loop.
    """
    if not 0 <= k <= MAX_K:
        raise ValueError(f"k must be 0..{MAX_K} (the cost grows about tenfold per play), not {k}")
    if not 2 <= players <= 8:
        raise ValueError(f"players must be 2..8, not {players}")
    start: State = (COUNTS, sum(COUNTS), ((0, 0, HAND_SIZE),) * players, 0, 1, 1, 0, False)
    alive: dict[State, int] = {start: 1}
    denom = 1
    for play in range(1, k + 1):
        steps = [(weight, state, _plays(state, build=play < k)) for state, weight in alive.items()]
        scale = lcm(*{den for _, _, plays in steps for _, _, den, _ in plays})
        denom *= scale
        nxt: defaultdict[State, int] = defaultdict(int)
        law: defaultdict[int, int] = defaultdict(int)
        ended = 0
        for weight, state, plays in steps:
            total = sum(DELTA[kd] * (COUNTS[kd] - n) for kd, n in enumerate(state[0]))
            for kind, num, den, after in plays:
                w = weight * num * (scale // den)
                law[kind] += w
                if total + DELTA[kind] >= BUST_AT:
                    ended += w
                elif play < k:
                    nxt[_after_play(after, kind, players)] += w
        alive = dict(nxt)
        yield Fraction(ended, denom), {kind: Fraction(w, denom) for kind, w in law.items()}


def round_end_within(k: int, players: int = 4) -> Fraction:
    """P(a round of ``players`` RandomCard bots ends — someone announces 77 or more — within its first ``k``
    plays), exactly as the engine plays it (DN-DOUBLE-1's "no 2x first" included); ``k`` ≤ 5."""
    return sum((ended for ended, _ in _levels(k, players)), Fraction(0))


def round_end_curve(k_max: int, players: int = 4) -> list[Fraction]:
    """``[round_end_within(k, players) for k in 1..k_max]`` in one pass (each k reuses the previous plays)."""
    curve: list[Fraction] = []
    acc = Fraction(0)
    for ended, _ in _levels(k_max, players):
        acc += ended
        curve.append(acc)
    return curve


def card_law(j: int, players: int = 4) -> dict[str, Fraction]:
    """The law of the ``j``-th card played in a round of RandomCard bots (card name → probability, the
    play that ends the round included); it sums to P(the round lasts to play j). Not the deck's law:
    right after a 2x the next card cannot be a 2x."""
    if j < 1:
        raise ValueError(f"plays are counted from 1, not {j}")
    *_, (_, law) = _levels(j, players)
    return {KINDS[kind]: p for kind, p in sorted(law.items())}
