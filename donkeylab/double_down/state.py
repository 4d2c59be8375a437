"""The Double Down game state: running total, doublets, the 77 bust, special cards, tokens and rounds.

Cards are kind indices (see ``deck.py``); hands are sorted tuples, the draw pile is drawn from the front
and the played pile keeps its top card last. Chance points: ``Deal`` at each round start and ``Shuffle``
when a player must draw from an empty pile (DN-DRAW-1). The hot path (``legal_actions`` + ``PlayCard``)
does no string formatting and no Fraction math, so random rollouts stay fast.
"""

from __future__ import annotations

import random
from bisect import insort
from operator import itemgetter
from typing import Any, Final

from donkeylab.core import Action, Event, IllegalAction, quote, quote_action, require
from donkeylab.core.trust import UNTRUSTED
from donkeylab.double_down import messages as _messages  # noqa: F401  (registers the sentences)
from donkeylab.double_down.actions import Deal, PlayCard, Shuffle, legal_plays
from donkeylab.double_down.deck import (
    ALL_CARD_IDS,
    BUST_AT,
    CARD_KIND,
    DECK_SIZE,
    DELTA,
    DOUBLETS,
    EFFECT,
    KIND_INDEX,
    KINDS,
    NEGATIVE_DOUBLETS,
    REPEATS,
    START_TOKENS,
    shuffled_ids,
)
from donkeylab.double_down.rules import DEAL, NAME, OVER, PLAYING, SHUFFLING, Rules
from donkeylab.double_down.view import DoubleDownView

DOUBLE: Final = KIND_INDEX["2x"]
_RULE_OF_EFFECT: Final = {"add": "DN-PLAY-1", "minus": "DN-MINUS-1", "zero": "DN-ZERO-1"}
# kind -> (repeats the total, change, name, sign for the sentence, amount, rule ID): one lookup per card played
_CARD: Final = tuple(
    (REPEATS[k], d, KINDS[k], "−" if d < 0 else "+", abs(d), _RULE_OF_EFFECT.get(EFFECT[k], ""))
    for k, d in enumerate(DELTA)
)


class DoubleDownState(DoubleDownView):
    game = NAME
    end_rule = "DN-END-1"
    _rules: Rules

    def __init__(self, players: int, rules: Rules, opener: int = 0) -> None:
        super().__init__(players, rules, {"opener": opener})
        self._phase = DEAL
        self._round = 1
        self._opener = opener
        self._dealer = (opener - 1) % players
        self._turn = opener
        self._direction = 1
        self._total = 0
        self._pending = 1  # cards the player to act must still play this turn (2 = double turn)
        self._played = 0  # cards played so far this turn (drawn back at its end)
        self._next_double = False  # a 2x was played this turn: the next player plays two cards
        self._hands: tuple[tuple[int, ...], ...] = ((),) * players
        self._pile: tuple[int, ...] = CARD_KIND  # before the deal every card is in the box
        self._drawn = 0  # cards already drawn from the front of _pile (no tuple copy per card drawn)
        self._discard: tuple[int, ...] = ()
        self._tokens = (START_TOKENS,) * players
        self._out: frozenset[int] = frozenset()
        self._owed = 0  # cards still to draw for _drawer (while a reshuffle is pending)
        self._drawer = opener
        self._winner = -1
        self._doublets = DOUBLETS | NEGATIVE_DOUBLETS if rules.negative_doublets else DOUBLETS

    def legal_actions(self) -> tuple[Action, ...]:
        if self._phase != PLAYING:
            return ()
        hand = self._hands[self._turn]
        first_of_double = self._pending == 2
        return legal_plays(hand, first_of_double)

    def sample_chance(self, rng: random.Random) -> Action:
        if self._phase == DEAL:
            deal = Deal(shuffled_ids(DECK_SIZE, rng))
            self._vouch((deal,))  # core.trust: a permutation by construction, so _deal skips re-checking it
            return deal
        require(self._phase == SHUFFLING, "DN-DRAW-1", "there is no chance point now")
        return Shuffle(shuffled_ids(len(self._discard) - 1, rng))

    # ------------------------------------------------------------------ transitions
    def _apply(self, action: Action) -> list[Event]:
        if self._phase == PLAYING:
            if type(action) is not PlayCard:
                raise _wrong_action(action, PlayCard, "DN-PLAY-1")
            return self._play(action.card)
        if self._phase == DEAL:
            if not isinstance(action, Deal):
                raise _wrong_action(action, Deal, "DN-ROUND-1" if self._round > 1 else "DN-SETUP-1")
            return self._deal(action)
        if not isinstance(action, Shuffle):
            raise _wrong_action(action, Shuffle, "DN-DRAW-1")
        return self._shuffle(action)

    def _deal(self, action: Deal) -> list[Event]:
        rule = "DN-ROUND-1" if self._round > 1 else "DN-SETUP-1"
        order = action.order
        # plain ints only: 0.0 == 0 would pass the set test, then fail as an index
        if self._trusted(action) is UNTRUSTED and not (
            type(order) is tuple and len(order) == DECK_SIZE and _all_ints(order) and frozenset(order) == ALL_CARD_IDS
        ):
            raise IllegalAction.of(rule, "DN-SETUP-1/bad-deal")
        size = self._rules.hand_size
        seats = self._seats_from(self._opener)
        kinds = itemgetter(*order)(CARD_KIND)
        hands: list[tuple[int, ...]] = [()] * self._players
        start = 0
        for seat in seats:
            hands[seat] = tuple(sorted(kinds[start : start + size]))
            start += size
        self._hands = tuple(hands)
        self._pile, self._drawn = kinds, start  # the hands were dealt from the front of the shuffled deck
        self._discard = ()
        self._phase, self._turn, self._direction, self._total = PLAYING, self._opener, 1, 0
        self._pending, self._played, self._next_double, self._owed = 1, 0, False, 0
        data = {"round": self._round, "dealer": self._dealer, "opener": self._opener, "hand_size": size}
        return [Event(rule, {**data, "count": len(seats), "pile": DECK_SIZE - start}, _count_key(rule, size))]

    def _shuffle(self, action: Shuffle) -> list[Event]:
        below = self._discard[:-1]
        if not (
            type(action.order) is tuple and _all_ints(action.order) and sorted(action.order) == list(range(len(below)))
        ):
            raise IllegalAction.of("DN-DRAW-1", "DN-DRAW-1/bad-shuffle", {"last": len(below) - 1})
        self._pile, self._drawn = tuple(below[i] for i in action.order), 0
        self._discard = self._discard[-1:]
        self._phase = PLAYING
        events = [Event("DN-DRAW-1", {"cards": len(below)}, _count_key("DN-DRAW-1", len(below)))]
        self._draw(events)
        if self._phase == PLAYING:
            self._skip_unable(events)
        return events

    def _play(self, card: str) -> list[Event]:
        p = self._turn
        hand = self._hands[p]
        try:
            k = KIND_INDEX.get(card, -1)
        except TypeError:  # an unhashable card, e.g. from a hand-edited save: not a card name at all
            k = -1
        if k not in hand:
            raise self._not_in_hand(p, card)
        pending = self._pending
        if k == DOUBLE and pending == 2:
            raise IllegalAction.of("DN-DOUBLE-1", "DN-DOUBLE-1/first-2x")
        cards = list(hand)  # lists and back: ~2x faster than slicing tuples together
        cards.remove(k)
        hand = tuple(cards)
        hands = list(self._hands)
        hands[p] = hand
        self._hands = tuple(hands)
        self._discard += (k,)
        self._played += 1
        self._pending = pending = pending - 1
        before = self._total
        repeats, delta, name, op, amount, rule = _CARD[k]
        if repeats:
            events = self._repeat(p, k, before)
        else:
            after = self._total = before + delta
            data = {"player": p, "card": name, "before": before, "op": op, "amount": amount, "after": after}
            if after >= BUST_AT:
                return self._bust(p, data)
            if after in self._doublets:
                events = self._penalise(p, "DN-DOUBLET-1", data, "DN-DOUBLET-1/swimming")
            else:
                events = [Event(rule, data)]
        if self._phase == OVER:
            return events
        if p in self._out:
            self._end_turn(events, draw=False)
        elif pending and hand:
            events.append(Event("DN-DOUBLE-1", {"player": p}, "DN-DOUBLE-1/second"))
        else:
            if pending:
                events.append(Event("DN-DRAW-1", {"player": p}, "DN-DRAW-1/pass"))
            self._end_turn(events, draw=True)
        return events

    def _not_in_hand(self, p: int, card: object) -> IllegalAction:
        """DN-PLAY-1: the card named is not one the player may play; the message lists the legal choices
        (not the whole hand: a 2x may not open a double turn, DN-DOUBLE-1)."""
        choices = [a.card for a in self.legal_actions() if isinstance(a, PlayCard)]
        if type(card) is not str:
            return IllegalAction.of("DN-PLAY-1", "DN-PLAY-1/not-text", {"card": quote(card), "choices": choices})
        return IllegalAction.of("DN-PLAY-1", "DN-PLAY-1/not-in-hand", {"player": p, "card": card, "choices": choices})

    def _repeat(self, p: int, k: int, total: int) -> list[Event]:
        """0, direction change and 2x: the total is repeated, not announced anew (DN-DOUBLET-1)."""
        effect = EFFECT[k]
        if effect == "reverse":
            self._direction = -self._direction
            way = "clockwise" if self._direction == 1 else "counterclockwise"
            events = [Event("DN-REVERSE-1", {"player": p, "total": total, "direction": way})]
        elif effect == "double":
            self._next_double = True
            nxt = self._next_seat(p, self._direction)
            events = [Event("DN-DOUBLE-1", {"player": p, "total": total, "next_player": nxt})]
        else:
            events = [Event("DN-ZERO-1", {"player": p, "total": total})]
        if self._rules.repeat_doublet_penalty and total in self._doublets:
            data = {"player": p, "card": KINDS[k], "total": total}
            events += self._penalise(p, "DN-DOUBLET-1/repeat", data, "DN-DOUBLET-1/repeat-swimming")
        return events

    def _bust(self, p: int, data: dict[str, Any]) -> list[Event]:
        """DN-BUST-1: a token lost and the round over at once (a second card of a double turn is not played)."""
        events = self._penalise(p, "DN-BUST-1", data, "DN-BUST-1/swimming")
        if self._phase != OVER:
            self._new_round()
        return events

    def _new_round(self) -> None:
        """DN-ROUND-1: the opener of the finished round deals; the next remaining seat to their left opens."""
        self._dealer = self._opener
        self._opener = self._next_seat(self._opener, 1)
        self._round += 1
        self._phase = DEAL
        self._pending, self._played, self._next_double, self._owed = 1, 0, False, 0

    def _penalise(self, p: int, key: str, data: dict[str, Any], swimming_key: str) -> list[Event]:
        """One token lost (DN-DOUBLET-1 / DN-BUST-1) and its consequences (DN-TOKEN-1)."""
        rule = key.split("/")[0]
        left = self._tokens[p]
        if left == 0:
            return [Event(rule, data, swimming_key), *self._eliminate(p)]
        left -= 1
        self._tokens = self._tokens[:p] + (left,) + self._tokens[p + 1 :]
        events = [Event(rule, {**data, "left": left}, key)]
        if left == 0:
            if self._rules.swimming:
                events.append(Event("DN-TOKEN-1", {"player": p}, "DN-TOKEN-1/swim"))
            else:
                events += self._eliminate(p)
        return events

    def _eliminate(self, p: int) -> list[Event]:
        """DN-TOKEN-1: out of the game, hand onto the played cards (under the top card); DN-END-1 if one is left."""
        hand = self._hands[p]
        self._discard = self._discard[:-1] + hand + self._discard[-1:]
        self._hands = self._hands[:p] + ((),) + self._hands[p + 1 :]
        self._out = self._out | {p}
        events = [Event("DN-TOKEN-1", {"player": p, "cards": len(hand)}, _count_key("DN-TOKEN-1/out", len(hand)))]
        left = self.remaining
        if len(left) == 1:
            self._winner = left[0]
            self._phase = OVER
            events.append(Event("DN-END-1", {"winner": left[0]}))
        return events

    def _end_turn(self, events: list[Event], draw: bool) -> None:
        """Draw back the cards played (DN-PLAY-1; two after a double turn), then hand on the turn."""
        p = self._turn
        owed = self._rules.hand_size - len(self._hands[p]) if draw else 0
        if self._played < owed:
            owed = self._played
        self._owed, self._drawer = owed, p
        step = self._direction
        turn = (p + step) % self._players
        if turn in self._out:
            turn = self._next_seat(turn, step)
        self._turn = turn
        self._pending = pending = 2 if self._next_double else 1
        self._played, self._next_double = 0, False
        if owed:
            self._draw(events)
        if self._phase == PLAYING:
            hand = self._hands[turn]
            if not hand or (pending == 2 and hand[0] == DOUBLE == hand[-1]):
                self._skip_unable(events)

    def _draw(self, events: list[Event]) -> None:
        """DN-DRAW-1: draw; an empty pile needs a reshuffle (chance point); with nothing to shuffle, play on."""
        p = self._drawer
        hand = list(self._hands[p])
        owed, pile, drawn = self._owed, self._pile, self._drawn
        while owed:
            if drawn < len(pile):
                insort(hand, pile[drawn])
                drawn += 1
                owed -= 1
            elif len(self._discard) > 1:
                self._phase = SHUFFLING
                break
            else:
                owed = 0
                key = _count_key("DN-DRAW-1/short", len(hand))
                events.append(Event("DN-DRAW-1", {"player": p, "cards": len(hand)}, key))
        self._owed, self._drawn = owed, drawn
        hands = list(self._hands)
        hands[p] = tuple(hand)
        self._hands = tuple(hands)

    def _skip_unable(self, events: list[Event]) -> None:
        """A player with no card passes (DN-DRAW-1), as does one who must open a double turn holding only 2x
        (hands are sorted, so first and last card tell)."""
        for _ in range(self._players):
            hand = self._hands[self._turn]
            if hand and not (self._pending == 2 and hand[0] == DOUBLE == hand[-1]):
                return
            key = "DN-DRAW-1/pass" if not hand else "DN-DOUBLE-1/stuck"
            events.append(Event(key.split("/")[0], {"player": self._turn}, key))
            self._turn = self._next_seat(self._turn, self._direction)
            self._pending = 1
        events.append(Event("DN-DRAW-1", {}, "DN-DRAW-1/stuck"))
        self._new_round()

    # ------------------------------------------------------------------ seats
    def _next_seat(self, seat: int, step: int) -> int:
        n, out = self._players, self._out
        seat = (seat + step) % n
        while seat in out:
            seat = (seat + step) % n
        return seat

    def _seats_from(self, first: int) -> list[int]:
        seats = [*range(first, self._players), *range(first)]
        return [s for s in seats if s not in self._out] if self._out else seats


def _wrong_action(action: Action, expected: type[Action], rule: str) -> IllegalAction:
    """Another kind of action than this phase takes (a click on a card at a chance point, a deal mid-round)."""
    data = {"expected": expected.__name__, "action": quote_action(action)}
    return IllegalAction.of(rule, "DN-PLAY-1/wrong-action", data)


def _all_ints(order: tuple[object, ...]) -> bool:
    """Card positions must be plain ints (not floats or bools), so they can index the deck."""
    return all(type(i) is int for i in order)


def _count_key(key: str, cards: int) -> str:
    """The sentence for ``cards`` cards: its "-one-card" / "-no-card" variant for 1 and 0, so no pupil
    reads "1 cards". Called only where such an event is built (a deal, a reshuffle, a rare draw or exit)."""
    if cards > 1:
        return key
    return f"{key}{'-' if '/' in key else '/'}{'one' if cards == 1 else 'no'}-card"
