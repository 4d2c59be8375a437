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
losing no token, is then an exact lower bound): a draw pile running out (DN-DRAW-1's reshuffle: the played
cards would come back as a second unseen pool), and the positions left when the work budget per decision point
(``BUDGET`` units: moves, multisets listed, leaf tables; the likeliest positions first) is spent. With two
players that never happens, with three rarely; with four or five, chains of direction changes and double turns
and seats a doublet may put out multiply the positions, and many rows stay bounds.

The modules: ``table`` (the fixed facts and the shapes of positions), ``window`` (the others' play),
``readings`` (reading their hidden total), ``next_turn`` (the risk when the turn comes back), ``sums`` (the
law of the number cards' sum).
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
from donkeylab.double_down.next_turn import NextTurn
from donkeylab.double_down.rules import NAME
from donkeylab.double_down.state import DoubleDownState
from donkeylab.double_down.sums import ADDS
from donkeylab.double_down.table import MINUS, NEVER, REVERSE, TWO_X, Node, Table
from donkeylab.double_down.window import must_lose_by_next_turn

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
# Moves the model may follow per decision point (shared by the cards); beyond it the positions still open are
# unresolved (a bound).
BUDGET: Final = 20_000


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
    nxt, unresolved, model.budget = must_lose_by_next_turn(model, node, NextTurn(model, mine), model.budget)
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
