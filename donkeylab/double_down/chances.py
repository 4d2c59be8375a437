"""Double Down: for each card in hand, what it does now and the exact chance of losing a token by your next turn.

A player loses a token only through their own cards (DN-DOUBLET-1, DN-BUST-1), so the risk of a card is: it
costs a token *now* (a doublet, a bust at 77), or it leaves a total from which, once the others have played,
*every* card the player can then play costs a token (counted as "at your next turn": the player is assumed to
play a safe card whenever one exists). Between now and then the other players play as ``bots.RandomCard``
(a uniformly random card of their hand) — the only bot for which hidden hands can be revealed lazily and
stay exact, as in ``exact_play``: a card nobody has seen sits in an unknown *slot*, uniform over the unseen
cards, except after DN-DOUBLE-1's "no 2x first" reveals how many 2x a hand holds (its other slots are then
*constrained*: no 2x). The unseen cards are the deck minus this seat's hand and the played pile, so only what
the seat has seen enters. A bust by another player ends the round: nothing more is counted.

Paths the model does not follow — a draw pile running out (DN-DRAW-1's reshuffle), another player eliminated
(DN-TOKEN-1), a player passing or stuck, a house hand size — are not guessed: their probability is reported as
*unresolved*, and the row's value (the chance of losing no token) is then an exact lower bound.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from math import comb
from typing import Final

from donkeylab.core.chances import Chances, MoveChances, empty, no_decision, outcomes_of, ranked
from donkeylab.core.say import Say, words
from donkeylab.double_down.actions import PlayCard
from donkeylab.double_down.deck import BUST_AT, COUNTS, DELTA, EFFECT, HAND_SIZE, KIND_INDEX, KINDS, REPEATS
from donkeylab.double_down.rules import NAME
from donkeylab.double_down.state import DoubleDownState

TWO_X: Final = KIND_INDEX["2x"]
say = words(
    "double_down/chances/",
    {
        "counted": (
            "the chance that you keep your tokens: this card costs none now (no doublet, not 77 or more), and at your "
            "next turn of this round you still hold a card that costs none (you then play such a card)",
            "die Chance, dass du deine Chips behältst: Diese Karte kostet jetzt keinen (kein Pasch, nicht 77 oder "
            "mehr), und bei deinem nächsten Zug in dieser Runde hast du noch eine Karte, die keinen kostet (die "
            "spielst du dann)",
        ),
        "value": ("P(no token lost)", "P(kein Chip verloren)"),
        "assumed": (
            "RandomCard (a uniformly random card of each other player's hand)",
            "RandomCard (eine zufällige Karte aus der Hand jedes anderen Spielers)",
        ),
        "bound": (
            "a path the exact model does not follow (a reshuffle of the draw pile, another player eliminated, a "
            "player who must pass) has the probability shown as unresolved: P(no token lost) is then a lower bound",
            "ein Verlauf, dem das exakte Modell nicht folgt (der Nachziehstapel wird neu gemischt, jemand scheidet "
            "aus, jemand muss passen), steht als „offen“: P(kein Chip verloren) ist dann eine untere Schranke",
        ),
        "outcome/now": ("lose a token now", "jetzt einen Chip verlieren"),
        "outcome/next": ("lose a token at your next turn", "beim nächsten Zug einen Chip verlieren"),
        "outcome/safe": ("no token lost", "kein Chip verloren"),
        "outcome/open": ("unresolved", "offen"),
        "bust": (
            "bust: {after} ≥ {limit}, you lose a token and the round ends",
            "über dem Limit: {after} ≥ {limit}, du verlierst einen Chip und die Runde endet",
        ),
        "reverse": ("reverses the direction", "dreht die Richtung um"),
        "double": ("the next player plays two cards", "der nächste Spieler spielt zwei Karten"),
        "doublet": ("doublet {after}: you lose a token", "Pasch {after}: du verlierst einen Chip"),
        "repeats": ("repeats the total", "wiederholt die Summe"),
        "safe": ("safe", "sicher"),
        "then": ("then you play {card}", "dann spielst du {card}"),
    },
)
COUNTED: Final = say("counted")
VALUE_NAME: Final = say("value")
ASSUMED: Final = say("assumed")
NOW, NEXT, SAFE, OPEN = "now", "next", "safe", "open"  # outcome names (``core.chances.outcome_text`` says them)
BOUND: Final = say("bound")
# Positions the model may expand per decision point, shared evenly by the cards; beyond it (or beyond
# ``max_plays`` plays of the others, which only direction changes bouncing between two other seats reach)
# the rest is unresolved: a bound.
BUDGET: Final = 2500
Slots = tuple[int, int, int]  # (known 2x cards, constrained slots: no 2x, free slots) of one hand
# pool counts, free slots, slots per seat, turn (index into seats), direction, cards still to play this
# turn, cards played this turn, a 2x played this turn, total, cards drawn so far, the others' plays so far
Node = tuple[tuple[int, ...], int, tuple[Slots, ...], int, int, int, int, bool, int, int, int]
# the same without the last three: the position while this seat is still playing its turn
Turn = tuple[tuple[int, ...], int, tuple[Slots, ...], int, int, int, int, bool]


class _Model:
    """The facts of one decision point that stay fixed while the model runs (rules, seats, who decides)."""

    def __init__(self, state: DoubleDownState, me: int) -> None:
        rules = state.rules
        self.doublets = state.doublets
        self.repeat_penalty = rules.repeat_doublet_penalty
        self.seats = state.remaining
        self.me = self.seats.index(me)
        self.pile = state.draw_pile_size
        self.exact_sizes = rules.hand_size == HAND_SIZE
        tokens = state.tokens
        self.fragile = frozenset(  # seats a token loss would eliminate (DN-TOKEN-1): not followed
            i for i, s in enumerate(self.seats) if tokens[s] == 0 or (not rules.swimming and tokens[s] == 1)
        )
        self.memo: dict[tuple[Node, tuple[int, ...]], tuple[Fraction, Fraction]] = {}
        self.max_plays = 2 * (len(self.seats) - 1)  # every other seat once, double turns included
        self.budget = BUDGET
        self.lose: dict[tuple[int, tuple[int, ...], tuple[int, ...], int], bool] = {}

    def outcome(self, total: int, kind: int) -> tuple[str, int]:
        """``("safe" | "doublet" | "bust", total after)`` of playing ``kind`` on ``total`` (DN-DOUBLET-1, DN-BUST-1)."""
        if REPEATS[kind]:
            return ("doublet" if self.repeat_penalty and total in self.doublets else "safe"), total
        after = total + DELTA[kind]
        if after >= BUST_AT:
            return "bust", after
        return ("doublet" if after in self.doublets else "safe"), after


def chances(state: DoubleDownState, seat: int | None = None) -> Chances:
    """The chances table of the player to move in ``state`` (``seat``: whose eyes; None = the player to move)."""
    reason = no_decision(state.current_player, seat)
    if reason:
        return empty(NAME, seat, reason, COUNTED, VALUE_NAME, ASSUMED)
    me = state.current_player
    assert isinstance(me, int)
    model = _Model(state, me)
    hand = [KIND_INDEX[c] for c in state.hands[me]]
    pool = list(COUNTS)
    for k in hand + [KIND_INDEX[c] for c in state.played_cards]:
        pool[k] -= 1
    slots = tuple((0, 0, 0) if i == model.me else (0, 0, len(state.hands[s])) for i, s in enumerate(model.seats))
    turn_played = 2 - state.pending_plays if state.pending_double else 0
    start: Turn = (tuple(pool), sum(pool), slots, model.me, state.direction, state.pending_plays, turn_played, False)
    rows = []
    for action in state.legal_actions():
        assert isinstance(action, PlayCard)
        k = KIND_INDEX[action.card]
        model.budget = BUDGET // len(state.legal_actions())  # each card gets the same share of the work
        now, nxt, unresolved, second = _my_play(model, start, state.total, hand, k)
        dist = {NOW: now, NEXT: nxt, SAFE: 1 - now - nxt - unresolved, OPEN: unresolved}
        row = MoveChances(
            str(action),
            _label(k, state.total, model),
            outcomes_of(dist),
            dist[SAFE],
            _note(model, state.total, k) + ((say("then", card=KINDS[second]),) if second >= 0 else ()),
            exact=not unresolved,
        )
        rows.append(row)
    bound = BOUND if any(not r.exact for r in rows) else None
    return Chances(
        NAME, me, ranked(rows, True), COUNTED, VALUE_NAME, True, ASSUMED, bound=bound, value_is_probability=True
    )


def _label(kind: int, total: int, model: _Model) -> str:
    name = KINDS[kind]
    if REPEATS[kind]:
        return f"{name} (repeat {total})"
    return f"{name} → {model.outcome(total, kind)[1]}"


def _note(model: _Model, total: int, kind: int) -> tuple[Say, ...]:
    result, after = model.outcome(total, kind)
    effect = EFFECT[kind]
    if result == "bust":
        return (say("bust", after=after, limit=BUST_AT),)
    said = (say(effect),) if effect in ("reverse", "double") else ()
    if result == "doublet":
        said = (say("doublet", after=after), *said)
    return said or (say("repeats" if REPEATS[kind] else "safe"),)


def _my_play(
    model: _Model, start: Turn, total: int, hand: Sequence[int], k: int
) -> tuple[Fraction, Fraction, Fraction, int]:
    """(P(lose now), P(lose at the next turn, not now), P(unresolved), the second card of a double turn the
    player then plays: the best one as this model finds it, -1 if none) when this seat plays ``k``."""
    pool, free, slots, turn, direction, pending, played, next_double = start
    result, after = model.outcome(total, k)
    if result != "safe":  # a doublet or a bust: the token is lost whatever comes next
        return Fraction(1), Fraction(0), Fraction(0), -1
    rest = list(hand)
    rest.remove(k)
    if EFFECT[k] == "reverse":
        direction = -direction
    elif EFFECT[k] == "double":
        next_double = True
    pending, played = pending - 1, played + 1
    if pending and rest:  # the second card of a double turn: the player picks the best one
        mid: Turn = (pool, free, slots, turn, direction, pending, played, next_double)
        options = {b: _my_play(model, mid, after, rest, b) for b in dict.fromkeys(rest)}
        best = max(options, key=lambda b: (1 - sum(options[b][:3]), -options[b][2]))
        now, nxt, unresolved, _ = options[best]
        return now, nxt, unresolved, best
    draw = min(played, HAND_SIZE - len(rest))
    if not model.exact_sizes or draw > model.pile:
        return Fraction(0), Fraction(0), Fraction(1), -1
    slots = slots[: model.me] + ((0, 0, draw),) + slots[model.me + 1 :]
    n = len(model.seats)
    node: Node = (
        pool,
        free,
        slots,
        (turn + direction) % n,
        direction,
        2 if next_double else 1,
        0,
        False,
        after,
        draw,
        0,
    )
    nxt, unresolved = _others(model, node, tuple(sorted(rest)))
    return Fraction(0), nxt, unresolved, -1


def _others(model: _Model, node: Node, mine: tuple[int, ...]) -> tuple[Fraction, Fraction]:
    """(P(this seat must lose a token at its next turn), P(unresolved)) from ``node`` (another seat to act)."""
    key = (node, mine)
    found = model.memo.get(key)
    if found is not None:
        return found
    turn = node[3]
    if model.budget <= 0 or node[10] > model.max_plays:
        return Fraction(0), Fraction(1)
    if turn == model.me:
        model.budget -= 1 + 20 * node[2][model.me][2]  # a reveal of each drawn card costs about 20 positions
        result = (_forced(model, node, mine), Fraction(0))
    else:
        model.budget -= 1
        loss, unresolved = Fraction(0), Fraction(0)
        for p, kind, after in _reveal_play(node):
            if kind < 0:  # a hand that cannot play (empty, or only 2x to open a double turn)
                unresolved += p
                continue
            result_kind, total = model.outcome(node[8], kind)
            if result_kind == "bust":
                continue  # the round ends: nothing more is counted
            if result_kind == "doublet" and turn in model.fragile:
                unresolved += p
                continue
            nxt = _after_play(model, after, kind, total)
            if nxt is None:
                unresolved += p
                continue
            a, b = _others(model, nxt, mine)
            loss += p * a
            unresolved += p * b
        result = (loss, unresolved)
    model.memo[key] = result
    return result


def _take(pool: tuple[int, ...], kind: int, n: int = 1) -> tuple[int, ...]:
    return pool[:kind] + (pool[kind] - n,) + pool[kind + 1 :]


def _non_2x(pool: tuple[int, ...]) -> list[tuple[int, Fraction]]:
    """A uniform unseen card that is not a 2x: (kind, probability)."""
    m = sum(pool) - pool[TWO_X]
    return [(k, Fraction(n, m)) for k, n in enumerate(pool) if n and k != TWO_X]


def _reveal_play(node: Node) -> list[tuple[Fraction, int, Node]]:
    """Every card the seat to act may play under RandomCard: (probability, kind or -1 if it cannot play, node
    with that card taken from its slots and the pool)."""
    pool, free, slots, turn = node[0], node[1], node[2], node[3]
    x, c, f = slots[turn]
    h = x + c + f
    n2 = pool[TWO_X]

    def put(new: Slots, pool2: tuple[int, ...], free2: int) -> Node:
        return (pool2, free2, slots[:turn] + (new,) + slots[turn + 1 :], *node[3:])

    if not h:
        return [(Fraction(1), -1, node)]
    out: list[tuple[Fraction, int, Node]] = []
    if node[5] == 2:  # first card of a double turn (no 2x first): reveal how many 2x the free slots hold
        for j in range(min(n2, f) + 1):
            pj = Fraction(comb(n2, j) * comb(free - n2, f - j), comb(free, f))
            if not pj:
                continue
            pool_j = _take(pool, TWO_X, j)
            if not c + f - j:
                out.append((pj, -1, node))
                continue
            for kind, q in _non_2x(pool_j):
                out.append((pj * q, kind, put((x + j, c + f - j - 1, 0), _take(pool_j, kind), free - f)))
        return out
    if x:
        out.append((Fraction(x, h), TWO_X, put((x - 1, c, f), pool, free)))
    if c:
        for kind, q in _non_2x(pool):
            out.append((Fraction(c, h) * q, kind, put((x, c - 1, f), _take(pool, kind), free)))
    if f:
        if n2:
            out.append((Fraction(f * n2, h * free), TWO_X, put((x, c, f - 1), _take(pool, TWO_X), free - 1)))
        if free > n2:
            for kind, q in _non_2x(pool):
                share = Fraction(f * (free - n2), h * free) * q
                out.append((share, kind, put((x, c, f - 1), _take(pool, kind), free - 1)))
    return out


def _after_play(model: _Model, node: Node, kind: int, total: int) -> Node | None:
    """Turn bookkeeping as the engine does it (DN-REVERSE-1, DN-DOUBLE-1, drawing back); None when the draw
    pile would run out (a reshuffle: not followed)."""
    pool, free, slots, turn, direction, pending, played, next_double, _, drawn, plays = node
    plays += 1
    if EFFECT[kind] == "reverse":
        direction = -direction
    elif EFFECT[kind] == "double":
        next_double = True
    pending, played = pending - 1, played + 1
    x, c, f = slots[turn]
    if pending and x + c + f:
        return (pool, free, slots, turn, direction, pending, played, next_double, total, drawn, plays)
    draw = min(played, HAND_SIZE - (x + c + f))
    if drawn + draw > model.pile:
        return None
    slots = slots[:turn] + ((x, c, f + draw),) + slots[turn + 1 :]  # cards drawn sit in free slots
    turn = (turn + direction) % len(model.seats)
    return (pool, free, slots, turn, direction, 2 if next_double else 1, 0, False, total, drawn + draw, plays)


def _forced(model: _Model, node: Node, mine: tuple[int, ...]) -> Fraction:
    """P(every card this seat can play at its turn in ``node`` costs a token), its drawn cards revealed one by
    one (integer weights: this runs at every end of the others' play)."""
    pool, free, slots, _, _, pending, *_ = node
    total = node[8]
    by_scale: dict[int, int] = {}
    for weight, scale, drawn in _draws(pool, free, slots[model.me][2]):
        if _must_lose_cached(model, total, mine, drawn, pending):
            by_scale[scale] = by_scale.get(scale, 0) + weight
    return sum((Fraction(n, d) for d, n in by_scale.items()), Fraction(0))


def _draws(pool: tuple[int, ...], free: int, n: int) -> list[tuple[int, int, tuple[int, ...]]]:
    """The cards in ``n`` free slots, revealed one by one: (weight, denominator, sorted kinds), plain ints."""
    if not n:
        return [(1, 1, ())]
    n2 = pool[TWO_X]
    m = sum(pool) - n2
    step = free * m if m else free
    firsts: list[tuple[int, int]] = [(n2 * (m or 1), TWO_X)] if n2 else []
    if free > n2:
        firsts += [((free - n2) * c, k) for k, c in enumerate(pool) if c and k != TWO_X]
    out: list[tuple[int, int, tuple[int, ...]]] = []
    for w, kind in firsts:
        for w2, d2, rest in _draws(_take(pool, kind), free - 1, n - 1):
            out.append((w * w2, step * d2, tuple(sorted((kind, *rest)))))
    return out


def _must_lose_cached(model: _Model, total: int, mine: tuple[int, ...], drawn: tuple[int, ...], pending: int) -> bool:
    key = (total, mine, drawn, pending)
    found = model.lose.get(key)
    if found is None:
        found = model.lose[key] = _must_lose(model, total, sorted([*mine, *drawn]), pending)
    return found


def _must_lose(model: _Model, total: int, hand: list[int], pending: int) -> bool:
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


def consistent(state: DoubleDownState, seat: int, rng: random.Random) -> DoubleDownState:
    """A state equal to ``state`` in everything ``seat`` can see, its hidden cards dealt afresh: the cards not in
    ``seat``'s hand nor on the played pile shuffled over the other hands and the draw pile (same sizes). For
    tests and rollouts."""
    kinds = [k for h in (state._hands[p] for p in range(state.num_players) if p != seat) for k in h]
    kinds += list(state._pile[state._drawn :])
    rng.shuffle(kinds)
    new = state._copy()
    hands = list(state._hands)
    for p in range(state.num_players):
        if p != seat:
            hands[p], kinds = tuple(sorted(kinds[: len(hands[p])])), kinds[len(hands[p]) :]
    new._hands, new._pile, new._drawn = tuple(hands), tuple(kinds), 0
    return new
