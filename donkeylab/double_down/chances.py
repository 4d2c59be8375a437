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
from math import factorial
from typing import Final

from donkeylab.core.chances import Chances, MoveChances, empty, no_decision, outcomes_of, ranked
from donkeylab.core.say import Say, words
from donkeylab.double_down.actions import PlayCard
from donkeylab.double_down.deck import BUST_AT, COUNTS, EFFECT, KIND_INDEX, KINDS, REPEATS
from donkeylab.double_down.rules import NAME
from donkeylab.double_down.state import DoubleDownState
from donkeylab.double_down.sums import ADDS, falling, field, masked_total
from donkeylab.double_down.window import (
    MINUS,
    NEVER,
    NUMBER,
    REVERSE,
    TWO_X,
    Arrival,
    Node,
    Table,
    must_lose_by_next_turn,
)

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
# unseen cards by kind, slots per seat, turn (index into seats), direction, cards still to play this turn,
# cards played this turn, a 2x played this turn: the position while this seat is still playing its turn
Turn = tuple[tuple[int, ...], tuple[Slots, ...], int, int, int, int, bool]
CLASSES: Final = (TWO_X, REVERSE, MINUS, NUMBER)  # what a drawn card is, before a number card's kind
# Moves the model may follow per decision point (shared by the cards); beyond it the positions still open are
# unresolved (a bound).
BUDGET: Final = 20_000
TABLE_WORK: Final = 20  # units of the budget one table of the leaf costs (about as long as 20 moves)


class _Model(Table):
    """The facts of one decision point that stay fixed while the model runs, and its caches."""

    def __init__(self, state: DoubleDownState, me: int) -> None:
        rules = state.rules
        seats = state.remaining
        tokens = state.tokens
        lives = tuple(NEVER if s == me else tokens[s] + (1 if rules.swimming else 0) for s in seats)
        pool = list(COUNTS)
        for k in [KIND_INDEX[c] for c in state.hands[me]] + [KIND_INDEX[c] for c in state.played_cards]:
            pool[k] -= 1
        super().__init__(
            len(seats),
            seats.index(me),
            state.draw_pile_size,
            rules.hand_size,
            state.doublets,
            rules.repeat_doublet_penalty,
            lives,
            tuple(pool),
            state.total - 10 * (2 + pool[MINUS]),
        )
        self.lose: dict[tuple[int, tuple[int, ...], int], bool] = {}
        self.budget = BUDGET


def chances(state: DoubleDownState, seat: int | None = None) -> Chances:
    """The chances table of the player to move in ``state`` (``seat``: whose eyes; None = the player to move)."""
    reason = no_decision(state.current_player, seat)
    if reason:
        return empty(NAME, seat, reason, COUNTED, VALUE_NAME, ASSUMED)
    me = state.current_player
    assert isinstance(me, int)
    model = _Model(state, me)
    hand = [KIND_INDEX[c] for c in state.hands[me]]
    seats = state.remaining
    slots = tuple((0, 0, 0) if i == model.me else (0, 0, len(state.hands[s])) for i, s in enumerate(seats))
    turn_played = 2 - state.pending_plays if state.pending_double else 0
    start: Turn = (model.pool, slots, model.me, state.direction, state.pending_plays, turn_played, False)
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
    player then plays: the best one, -1 if none) when this seat plays ``k``."""
    pool, slots, turn, direction, pending, played, next_double = start
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
        mid: Turn = (pool, slots, turn, direction, pending, played, next_double)
        seconds = list(dict.fromkeys(rest))
        options = {}
        left = model.budget
        for i, b in enumerate(seconds):  # each second card gets its share of the budget
            model.budget = share = left // (len(seconds) - i)
            options[b] = _my_play(model, mid, after, rest, b)
            left -= share - model.budget
        model.budget = left
        best = max(options, key=lambda b: (1 - sum(options[b][:3]), -options[b][2]))
        now, nxt, unresolved, _ = options[best]
        return now, nxt, unresolved, best
    draw = min(played, model.hand_size - len(rest))
    if draw > model.pile:
        return Fraction(0), Fraction(0), Fraction(1), -1  # this seat's own draw needs a reshuffle
    mine = tuple(sorted(rest))
    if not _can_lose(model, mine):
        return Fraction(0), Fraction(0), Fraction(0), -1
    slots = slots[: model.me] + ((0, 0, draw),) + slots[model.me + 1 :]
    node: Node = (
        (0,) * len(ADDS),
        0,
        0,
        after,
        (),
        (),
        model.lives,
        pool[TWO_X],
        sum(pool),
        pool[REVERSE],
        pool[MINUS],
        slots,
        model.next_seat(turn, direction, 0),
        direction,
        2 if next_double else 1,
        0,
        False,
        draw,
        0,
    )
    nxt, unresolved, model.budget = must_lose_by_next_turn(model, node, _Leaf(model, mine), model.budget)
    if nxt < 0:  # a bound below 0 says nothing more than 0 does
        unresolved += nxt
        nxt = Fraction(0)
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


class _Leaf:
    """P(every way this seat can play at its next turn costs a token), when the turn comes back to it.

    Its hand then is ``mine`` and the cards it drew right after its play, still unseen: each sits in a free
    slot (a 2x with probability unseen 2x / free slots, else the next unseen non-2x card: a direction change, a
    −10, a 0 or an adding card). The total is the known part plus the sum of the ``u`` hidden adding cards;
    those and the adding cards drawn are the first of one random order of the unseen adding cards, so
    P(sum s, then kinds k, l) is counted by ``sums.Adds`` (subsets leaving one copy of k and of l out)."""

    def __init__(self, model: _Model, mine: tuple[int, ...]) -> None:
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
        n = adds.total
        counts = adds.counts
        # (hidden cards told apart: ways to place the trailing cards, a multiset left out of the first p, number of
        # cards before the drawn ones, the first p's sum to add) for the plain count and the failed checks
        # (orders of the hidden cards told apart, a multiset left out of the first ones, how many those are, the
        # sum of the cards after them, the least sum of the first ones, sign): the plain count, then the failed
        # checks taken off
        parts: list[tuple[int, tuple[int, ...], int, int, int, int]] = [(factorial(u), (), u, 0, 0, 1)]
        if bust:
            p, base = bust
            for w, trail, trail_sums in self.model.combos(revealed, (u - p,), 0, max(0, base - known)) or ():
                left_out = tuple(j for j, c in enumerate(trail) for _ in range(c))
                parts.append((w * factorial(p), left_out, p, trail_sums[-1], BUST_AT - base, -1))
        found = {}
        rows: dict[tuple[int, tuple[int, ...]], int] = {}  # (part, drawn kinds) -> packed row
        for pattern in _multisets(d):
            q = pattern.count(NUMBER)
            if n - u < q:
                continue
            fixed = tuple(k for k in pattern if k != NUMBER)
            num = 0
            for index, (ways, left_out, first, shift, floor, sign) in enumerate(parts):
                masks: dict[tuple[int, ...], int] = {}  # drawn kinds -> the sums (fields) where the seat must lose
                if pending == 1 and q == 2:  # a plain turn: both drawn cards costly, each on its own
                    single: dict[int, int] = {}
                    for s in sums:
                        if s - shift >= floor:
                            f = field(s - shift)
                            for (j,) in self._bad(known + s, pending, fixed, 1):  # type: ignore[union-attr]
                                single[j] = single.get(j, 0) | f
                    kinds = sorted(single)
                    for a, j in enumerate(kinds):
                        for i in kinds[a:]:
                            if single[j] & single[i]:
                                masks[j, i] = single[j] & single[i]
                else:
                    for s in sums:
                        if s - shift < floor:
                            continue
                        bad = self._bad(known + s, pending, fixed, q)
                        if bad:
                            f = field(s - shift)
                            for drawn in bad if q else ((),):  # type: ignore[union-attr]
                                masks[drawn] = masks.get(drawn, 0) | f
                if not masks:
                    continue
                left = list(counts)
                for j in left_out:
                    left[j] -= 1
                for drawn, mask in masks.items():
                    if q == 0:
                        w = 1
                    elif q == 1:
                        w = left[drawn[0]]
                    else:
                        j, i = drawn
                        w = left[j] * (left[i] - (i == j)) * (1 if i == j else 2)
                    if not w:
                        continue
                    row = rows.get((index, drawn))
                    if row is None:
                        row = rows[index, drawn] = adds.row(first, tuple(sorted(left_out + drawn)))
                        self.work += 1
                    num += sign * ways * w * masked_total(row, mask, adds.cap)
            found[pattern] = Fraction(num, falling(n, u + q))
        self.tables[key] = found
        return found

    def _bad(self, total: int, pending: int, fixed: tuple[int, ...], q: int) -> bool | tuple[tuple[int, ...], ...]:
        """Whether ``mine`` and the drawn cards ``fixed`` must lose on ``total`` (q = 0), else the kinds of the
        ``q`` drawn number cards (indices into ``ADDS``, sorted) with which they must."""
        key = (total, pending, fixed, q)
        found = self.bad.get(key)
        if found is not None:
            return found
        base = [*self.mine, *fixed]
        if q == 0:
            found = _must_lose(self.model, total, sorted(base), pending)
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
