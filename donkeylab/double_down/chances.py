"""Double Down: for each card in hand, what it does now and the exact chance of losing a token by your next turn.

A player loses a token only through their own cards (DN-DOUBLET-1, DN-BUST-1), so the risk of a card is: it
costs a token *now* (a doublet, a bust at 77), or it leaves a total from which, once the others have played,
*every* card the player can then play costs a token (counted as "at your next turn": the player is assumed to
play a safe card whenever one exists). Between now and then the other players play as ``bots.RandomCard``
(a uniformly random card of their hand): the only play for which hidden hands can be revealed lazily and stay
exact (``window``). The page's ``Random`` bot picks among *distinct* cards, so the card it plays depends on
the whole hidden hand and would need every hand enumerated. The unseen cards are the deck minus this seat's
hand and the played pile, so only what the seat has seen enters. A bust by another player ends the round:
nothing more is counted. Other seats put out (DN-TOKEN-1), passes, double turns and direction changes
bouncing between two other seats are all followed.

Two things are not followed, and their probability is reported as *unresolved* (the row's value, the chance of
losing no token, is then an exact lower bound): a draw pile running out (DN-DRAW-1's reshuffle), and the
positions left when the work budget per decision point (``BUDGET`` transitions, the likeliest positions
first) is spent — long chains of direction changes and double turns with four or five players.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from donkeylab.core.chances import Chances, MoveChances, empty, no_decision, outcomes_of, ranked
from donkeylab.core.say import Say, words
from donkeylab.double_down.actions import PlayCard
from donkeylab.double_down.deck import BUST_AT, COUNTS, EFFECT, KIND_INDEX, KINDS, REPEATS
from donkeylab.double_down.rules import NAME
from donkeylab.double_down.state import DoubleDownState
from donkeylab.double_down.window import TWO_X, Node, Table, _take, must_lose_by_next_turn

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
        "value": ("chance to keep your tokens", "Chance, keinen Chip zu verlieren"),
        "assumed": (
            "each picks one card of their hand at random, every card equally likely (two 10s are twice as likely as "
            "one 9). The page's own random players choose among the different cards instead; these chances assume "
            "the first way, because only that way can they be counted exactly",
            "jeder wählt eine Karte seiner Hand zufällig, jede Karte gleich wahrscheinlich (zwei 10er doppelt so "
            "wahrscheinlich wie eine 9). Die Zufallsspieler der Seite wählen dagegen unter den verschiedenen "
            "Karten; diese Chancen nehmen die erste Art an, weil sich nur so exakt zählen lässt",
        ),
        "bound": (
            "the chance of the plays the exact count does not follow (the draw pile running out and being reshuffled, "
            "or long chains of direction changes and double turns beyond what it can count in time) is shown as "
            "unresolved: the chance to keep your tokens is then at least the value shown",
            "die Chance der Verläufe, die die exakte Zählung nicht verfolgt (der Nachziehstapel geht aus und wird neu "
            "gemischt, oder lange Ketten von Richtungswechseln und Doppelzügen, mehr als sie rechtzeitig zählen "
            "kann), steht als „offen“: Die Chance, keinen Chip zu verlieren, ist dann mindestens der gezeigte Wert",
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
        "safe": ("safe this turn", "in diesem Zug sicher"),
        "then": ("then you play {card}", "dann spielst du {card}"),
    },
)
COUNTED: Final = say("counted")
VALUE_NAME: Final = say("value")
ASSUMED: Final = say("assumed")
NOW, NEXT, SAFE, OPEN = "now", "next", "safe", "open"  # outcome names (``core.chances.outcome_text`` says them)
BOUND: Final = say("bound")
Slots = tuple[int, int, int]  # (known 2x cards, constrained slots: no 2x, free slots) of one hand
# pool counts, free slots, slots per seat, turn (index into seats), direction, cards still to play this
# turn, cards played this turn, a 2x played this turn: the position while this seat is still playing its turn
Turn = tuple[tuple[int, ...], int, tuple[Slots, ...], int, int, int, int, bool]
# Transitions the model may follow per card; beyond it the positions still open are unresolved (a bound).
BUDGET: Final = 8_000  # per decision point, shared evenly by the cards
FOLLOW: Final = 1_000  # token losses that cannot put a seat out within one round of play


class _Model(Table):
    """The facts of one decision point that stay fixed while the model runs, and its caches."""

    def __init__(self, state: DoubleDownState, me: int) -> None:
        rules = state.rules
        seats = state.remaining
        tokens = state.tokens
        lives = tuple(FOLLOW if s == me else tokens[s] + (1 if rules.swimming else 0) for s in seats)
        super().__init__(
            len(seats),
            seats.index(me),
            state.draw_pile_size,
            rules.hand_size,
            state.doublets,
            rules.repeat_doublet_penalty,
            lives,
        )
        self.budget = BUDGET
        self.forced: dict[tuple[tuple[int, ...], int, int, int, int, tuple[int, ...]], Fraction] = {}
        self.lose: dict[tuple[int, tuple[int, ...], tuple[int, ...], int], bool] = {}


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
    seats = state.remaining
    slots = tuple((0, 0, 0) if i == model.me else (0, 0, len(state.hands[s])) for i, s in enumerate(seats))
    turn_played = 2 - state.pending_plays if state.pending_double else 0
    start: Turn = (tuple(pool), sum(pool), slots, model.me, state.direction, state.pending_plays, turn_played, False)
    rows = []
    # The budget is shared by the cards: what one card leaves unused goes to the cards after it, and the cards
    # that need no search (a token lost now) go first.
    legal = [a for a in state.legal_actions() if isinstance(a, PlayCard)]
    actions = sorted(legal, key=lambda a: model.outcome(state.total, KIND_INDEX[a.card])[0] == "safe")
    left = BUDGET
    for i, action in enumerate(actions):
        assert isinstance(action, PlayCard)
        model.budget = share = left // (len(actions) - i)
        k = KIND_INDEX[action.card]
        now, nxt, unresolved, second = _my_play(model, start, state.total, hand, k)
        left -= share - model.budget
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
    rows.sort(key=lambda r: [str(a) for a in legal].index(r.action))  # the engine's order for equal values
    bound = BOUND if any(not r.exact for r in rows) else None
    return Chances(
        NAME, me, ranked(rows, True), COUNTED, VALUE_NAME, True, ASSUMED, bound=bound, value_is_probability=True
    )


def _label(kind: int, total: int, model: _Model) -> str:
    name = KINDS[kind].replace("-", "−")  # the printed card's minus sign, as the page's labels write it
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
    draw = min(played, model.hand_size - len(rest))
    if draw > model.pile:
        return Fraction(0), Fraction(0), Fraction(1), -1  # this seat's own draw needs a reshuffle
    slots = slots[: model.me] + ((0, 0, draw),) + slots[model.me + 1 :]
    nxt_seat = model.next_seat(turn, direction, 0)
    node: Node = (
        pool,
        free,
        slots,
        nxt_seat,
        direction,
        2 if next_double else 1,
        0,
        False,
        after,
        draw,
        0,
        model.lives,
    )
    mine = tuple(sorted(rest))

    if not _can_lose(model, mine):
        return Fraction(0), Fraction(0), Fraction(0), -1

    def leaf(pool: tuple[int, ...], free: int, total: int, pending: int) -> Fraction:
        return _forced(model, pool, free, draw, total, pending, mine)

    risky: dict[tuple[int, int], bool] = {}

    def can_lose(total: int, pending: int) -> bool:
        found = risky.get((total, pending))
        if found is None:
            found = risky[total, pending] = _risky(model, mine, total, pending)
        return found

    nxt, unresolved, model.budget = must_lose_by_next_turn(model, node, can_lose, leaf, model.budget)
    return Fraction(0), nxt, unresolved, -1


def _can_lose(model: _Model, mine: tuple[int, ...]) -> bool:
    """False when ``mine`` alone keeps a safe way to play at every total, in a plain or a double turn (a repeat
    card and a second repeat to follow it), so no path needs following; True when it may not."""
    if model.repeat_penalty:
        return True
    repeats = [k for k in mine if REPEATS[k]]
    single = any(k != TWO_X for k in repeats)
    return not (single and len(repeats) >= 2)


def _risky(model: _Model, mine: tuple[int, ...], total: int, pending: int) -> bool:
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


def _forced(
    model: _Model, pool: tuple[int, ...], free: int, n: int, total: int, pending: int, mine: tuple[int, ...]
) -> Fraction:
    """P(every card this seat can play at its turn costs a token), its ``n`` drawn cards revealed one by one
    from the unseen cards (called only where ``_risky`` says ``mine`` alone has no safe way)."""
    if pending == 1:  # a plain turn: lost exactly when every drawn card is unsafe too
        bad = [model.outcome(total, k)[0] != "safe" for k in range(len(pool))]
        n2 = pool[TWO_X]
        s = sum(c for k, c in enumerate(pool) if bad[k] and k != TWO_X)
        return _all_bad(n, n2 if bad[TWO_X] else 0, n2, free, sum(pool) - n2, s)
    key = (pool, free, n, total, pending, mine)
    found = model.forced.get(key)
    if found is not None:
        return found
    draws = _draws(pool, free, n)
    by_scale: dict[int, int] = {}
    for weight, scale, drawn in draws:
        if _must_lose_cached(model, total, mine, drawn, pending):
            by_scale[scale] = by_scale.get(scale, 0) + weight
    found = model.forced[key] = sum((Fraction(w, d) for d, w in by_scale.items()), Fraction(0))
    return found


def _all_bad(n: int, bad2: int, n2: int, free: int, m: int, s: int) -> Fraction:
    """P(``n`` free slots all hold an unsafe card): a slot holds a 2x with probability n2 / free (unsafe when
    ``bad2``, then equal to ``n2``), else a uniform unseen non-2x card, ``s`` of the ``m`` unsafe."""
    if not n:
        return Fraction(1)
    p = Fraction(0)
    if bad2:
        p += Fraction(n2, free) * _all_bad(n - 1, bad2 - 1, n2 - 1, free - 1, m, s)
    if free > n2 and s:
        p += Fraction((free - n2) * s, free * m) * _all_bad(n - 1, bad2, n2, free - 1, m - 1, s - 1)
    return p


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
