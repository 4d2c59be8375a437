"""The Double Donkey game state: phase 1 (dice onto the Hay card), phase 2 (secret cards), chance points.

Fields are immutable (tuples, ints, strs); the dice are a 6-tuple in canonical colour order with 0 for
"not on the Hay card", so the hot path never builds a dict. ``hay``, ``hands``, ``piles`` ... are
read-only views for lessons and widgets. Phase 1 (rolls, choices) lives in ``dice.py``; the reveal and everything
after it in ``round.py``.
"""

from __future__ import annotations

import random
from fractions import Fraction

from donkeylab.core import CHANCE, Action, Event, GameState, IllegalAction, NotEnumerable, quote, quote_action
from donkeylab.core.chance import shuffled
from donkeylab.core.trust import UNTRUSTED
from donkeylab.double_donkey.actions import Choose, Deal, Keep, Play, Reroll, Roll, RollOff, Shuffle, well_formed
from donkeylab.double_donkey.cards import COLOURS, DECKS, HAND_SIZE, PILE_SIZE, Card, build_deck, is_pips
from donkeylab.double_donkey.dice import DiceMixin
from donkeylab.double_donkey.messages import waits_for
from donkeylab.double_donkey.round import RoundMixin
from donkeylab.double_donkey.rules import CHOOSE, DEAL, LAST, NAME, OVER, PLAY, REFILL, ROLL, ROLLOFF, SHUFFLE, Rules
from donkeylab.double_donkey.tables import (
    ALL_COLOURS,
    ROLLED,
    choices,
    new_roll,
    play_options,
    roll_outcomes,
    rolloff_outcomes,
)
from donkeylab.double_donkey.view import SnapshotMixin

_LAST_OPTIONS: tuple[Action, ...] = (Reroll(), Keep())  # DD-DICE-3 (english): the same two options every time

# The action each phase expects, and the rule an action of another kind breaks.
_EXPECTED: dict[str, tuple[type[Action] | tuple[type[Action], ...], str]] = {
    "deal": (Deal, "DD-SETUP-1"),
    "roll": (Roll, "DD-DICE-1"),
    "choose": (Choose, "DD-DICE-1"),
    "last": ((Keep, Reroll), "DD-DICE-3"),
    "play": (Play, "DD-PLAY-1"),
    "rolloff": (RollOff, "DD-BIGGEST-2"),
    "shuffle": (Shuffle, "DD-REFILL-2"),
}


class DoubleDonkeyState(DiceMixin, RoundMixin, SnapshotMixin, GameState):
    game = NAME
    end_rule = "DD-END-1"

    def __init__(self, players: int, rules: Rules) -> None:
        super().__init__(players, rules)
        self._cards: tuple[Card, ...] = build_deck(rules.deck)
        self._toggle = rules.angry_flip == "toggle_per_card"
        self._tie_roll_only = rules.tie_break == "roll"
        self._end_immediate = rules.end == "immediate"
        roll_key = "DD-DICE-3/roll" if rules.variant == "german" else "DD-DICE-3/option"  # why it is always rolled
        self._last_roll_key = None if rules.last_die == "choose" else roll_key
        self._phase = DEAL
        self._round = 1
        self._starter = self._roller = rules.first_player
        self._hay = self._shown = (0,) * 6
        self._left = ALL_COLOURS  # colour indices of the dice not on the Hay card
        self._allowed: tuple[int, ...] = ()  # in phase "choose": the colours DD-DICE-2 allows
        self._hands = self._piles = ((),) * players
        self._table = ((),) * players
        self._revealed: tuple[tuple[int, ...], ...] = ((),) * players
        self._chosen: tuple[tuple[int, ...] | None, ...] = (None,) * players
        self._draw: tuple[int, ...] = ()
        self._discard: tuple[int, ...] = ()
        self._biggest: int | None = None
        self._tied: tuple[int, ...] = ()
        self._need = 0
        self._turn = 0  # the seat choosing cards in phase 2 (DD-PLAY-1 asks them one after another)
        self._winners: tuple[int, ...] = ()

    # ------------------------------------------------------------------ read-only views
    @property
    def phase(self) -> str:
        """``deal``, ``roll``, ``choose``, ``last`` (keep or re-roll), ``play``, ``rolloff``, ``shuffle``, ``over``."""
        return self._phase

    @property
    def variant(self) -> str:
        return str(self.rules.variant)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The card table of this game's deck (``cards[id]``)."""
        return self._cards

    @property
    def deck_label(self) -> str:
        """What the UI shows about the deck: the named deck's label (marked [reconstruction]) or "custom"."""
        deck = self.rules.deck
        if isinstance(deck, str):
            return DECKS[deck].label
        return f"custom deck of {len(self._cards)} cards (rule option deck)"

    @property
    def hay(self) -> dict[str, int]:
        """Colour -> pips of the dice on the Hay card (after the reveal: the flipped pips)."""
        return {COLOURS[c]: v for c, v in enumerate(self._hay) if v}

    @property
    def rolled(self) -> dict[str, int]:
        """Colour -> pips of the rolled dice not yet on the Hay card."""
        return {COLOURS[c]: v for c, v in enumerate(self._shown) if v}

    @property
    def dice(self) -> tuple[int, ...]:
        """The Hay card as a 6-tuple in colour order (0 = die not placed yet)."""
        return self._hay

    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        return self._hands

    @property
    def piles(self) -> tuple[tuple[int, ...], ...]:
        """Personal piles, top card first."""
        return self._piles

    @property
    def draw_pile_size(self) -> int:
        return len(self._draw)

    @property
    def draw_pile(self) -> tuple[int, ...]:
        return self._draw

    @property
    def discard(self) -> tuple[int, ...]:
        return self._discard

    @property
    def table(self) -> tuple[tuple[int, ...], ...]:
        """Cards revealed this round, per player (until they go to the discard pile)."""
        return self._table

    @property
    def revealed(self) -> tuple[tuple[int, ...], ...]:
        """The cards each player revealed at the last reveal (kept for display until the next reveal)."""
        return self._revealed

    @property
    def biggest(self) -> int | None:
        return self._biggest

    @property
    def round(self) -> int:
        return self._round

    @property
    def roller(self) -> int:
        """The player holding the dice in phase 1."""
        return self._roller

    @property
    def tied(self) -> tuple[int, ...]:
        """Players in the current roll-off (DD-BIGGEST-2)."""
        return self._tied

    # ------------------------------------------------------------------ contract
    @property
    def current_player(self) -> int | object | None:
        phase = self._phase
        if phase == ROLL:
            return CHANCE
        if phase in (CHOOSE, LAST):
            return self._roller
        if phase == PLAY:
            return self._turn
        if phase == OVER:
            return None
        return CHANCE

    @property
    def winners(self) -> tuple[int, ...]:
        return self._winners

    def _still_to_play(self) -> int | None:
        """The first seat from the starter that has cards and has not chosen yet (None: time to reveal)."""
        n, start, chosen, hands = self._players, self._starter, self._chosen, self._hands
        for i in range(n):
            p = (start + i) % n
            if chosen[p] is None and hands[p]:
                return p
        return None

    def _next_to_play(self) -> int:
        p = self._still_to_play()
        if p is None:
            raise AssertionError("phase 2 with nobody left to choose")  # _apply resolves before this
        return p

    def legal_actions(self) -> tuple[Action, ...]:
        phase = self._phase
        if phase == CHOOSE:
            return choices(self._allowed)
        if phase == PLAY:
            p = self._turn
            hand = self._hands[p]
            plays = play_options(p, hand)
            self._vouch(plays)  # core.trust: applying one of exactly these objects skips the DD-PLAY-1 checks
            return plays
        if phase == LAST:
            return _LAST_OPTIONS
        if phase in ("roll", "rolloff"):
            return tuple(o for o, _ in self.chance_outcomes())
        return ()

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        if self._phase == ROLL:
            return roll_outcomes(self._left)
        if self._phase == ROLLOFF:
            return rolloff_outcomes(self._tied)
        raise NotEnumerable(f"double_donkey: the {self._phase} chance point is a shuffle; sample or force it")

    def sample_chance(self, rng: random.Random) -> Action:
        phase, r = self._phase, rng.random
        if phase == ROLL:
            shown, values = [0] * 6, []
            for c in self._left:
                face = int(6 * r())
                shown[c] = face + 1
                values.append(ROLLED[c][face])
            roll = new_roll(tuple(values))
            self._vouch((roll,), tuple(shown))  # core.trust: the roll, and the dice it shows for _rolled
            return roll
        if phase == ROLLOFF:
            return RollOff(tuple((p, 1 + int(6 * r())) for p in self._tied))
        if phase == DEAL:
            return Deal(shuffled(rng, range(len(self._cards))))
        if phase == SHUFFLE:
            return Shuffle(shuffled(rng, self._discard))
        raise IllegalAction("DD-DICE-1", f"no chance point in phase {phase}")

    # ------------------------------------------------------------------ transitions
    def _apply(self, action: Action) -> list[Event]:
        phase = self._phase
        if phase == ROLL:  # the hot path first: a roll this very state just drew (core.trust)
            shown = self._trusted(action)
            if shown is not UNTRUSTED:
                return self._rolled(shown)
        elif phase == CHOOSE and type(action) is Choose:
            return self._choose(action.colour)
        elif phase == LAST and action in _LAST_OPTIONS:
            return self._last(isinstance(action, Keep))
        elif phase == PLAY and type(action) is Play and type(action.cards) is tuple:
            if self._trusted(action) is not UNTRUSTED:  # one of the options this very state offered
                return self._chose(action.player, action.cards)
            for c in action.cards:
                if type(c) is not int:
                    break
            else:
                return self._play(action)
        expected, rule = _EXPECTED[phase]
        if phase == ROLL and isinstance(action, (Keep, Reroll)) and len(self._left) == 1:
            self._refuse_last()
        if type(action) not in (expected if isinstance(expected, tuple) else (expected,)):  # exact classes only
            data = {"action": quote_action(action), "expected": waits_for(phase)}
            raise IllegalAction.of(rule, "double_donkey/error/wrong_time", data)
        if not well_formed(action):
            raise IllegalAction.of(rule, "double_donkey/error/malformed", {"action": quote_action(action)})
        if phase == PLAY:
            assert isinstance(action, Play)
            return self._play(action)
        if phase == CHOOSE:
            assert isinstance(action, Choose)
            return self._choose(action.colour)
        if phase == ROLL:
            assert isinstance(action, Roll)
            return self._roll(action.values)
        if phase == LAST:
            return self._last(isinstance(action, Keep))
        if phase == DEAL:
            assert isinstance(action, Deal)
            return self._deal(action.order)
        if phase == ROLLOFF:
            assert isinstance(action, RollOff)
            seats = tuple(p for p, _ in action.values)
            if seats != self._tied or not all(type(p) is int and is_pips(v) for p, v in action.values):
                raise IllegalAction.of("DD-BIGGEST-2", "DD-BIGGEST-2/refused", {"players": self._tied})
            return self._rolled_off(action.values)
        assert isinstance(action, Shuffle)
        return self._reshuffle(action.order)

    def _deal(self, order: tuple[int, ...]) -> list[Event]:
        """DD-SETUP-1: personal piles of 10 (top 3 to the hand), the rest is the draw pile; DD-SETUP-2."""
        n = len(self._cards)
        if sorted(order) != list(range(n)):
            raise IllegalAction.of("DD-SETUP-1", "DD-SETUP-1/order", {"n": n})
        piles = [order[PILE_SIZE * p : PILE_SIZE * (p + 1)] for p in range(self._players)]
        self._hands = tuple(pile[:HAND_SIZE] for pile in piles)
        self._piles = tuple(pile[HAND_SIZE:] for pile in piles)
        self._draw = order[PILE_SIZE * self._players :]
        self._phase = ROLL
        return [
            Event("DD-SETUP-1", {"total": n, "draw": len(self._draw)}),
            Event("DD-SETUP-2", {"player": self._starter}),
        ]

    def _start_play(self) -> list[Event]:
        self._phase = PLAY
        self._chosen = (None,) * self._players
        events = [Event("DD-PLAY-1", key="DD-PLAY-1/start")]
        events.extend(
            Event("DD-PLAY-1", {"player": p}, key="DD-PLAY-1/empty") for p in range(self._players) if not self._hands[p]
        )
        if not any(self._hands):
            raise AssertionError("phase 2 without any cards in hand")
        self._turn = self._next_to_play()
        return events

    def _play(self, action: Play) -> list[Event]:
        """DD-PLAY-1: one player's secret choice; the last one triggers the reveal and the end of the round."""
        player, cards = action.player, action.cards
        if type(player) is not int:
            raise IllegalAction.of("DD-PLAY-1", "DD-PLAY-1/seat", {"given": quote(player)})
        turn = self._turn
        hand = self._hands[player] if 0 <= player < self._players else ()
        played = set(cards)
        if player != turn or not 1 <= len(cards) <= min(HAND_SIZE, len(hand)) or not played.issubset(hand):
            self._refuse_play(turn, player, cards, hand)
        if len(played) != len(cards):
            raise IllegalAction.of("DD-PLAY-1", "DD-PLAY-1/once")
        return self._chose(player, tuple(sorted(cards)))

    def _chose(self, player: int, cards: tuple[int, ...]) -> list[Event]:
        """``player`` has chosen ``cards`` (a legal set, ascending): ask the next seat, or reveal."""
        chosen = list(self._chosen)
        chosen[player] = cards
        self._chosen = tuple(chosen)
        event = Event("DD-PLAY-1", {"player": player, "n": len(cards)})
        after = self._still_to_play()
        if after is not None:
            self._turn = after
            return [event]
        return [event, *self._reveal()]

    @staticmethod
    def _refuse_play(turn: int, player: int, cards: tuple[int, ...], hand: tuple[int, ...]) -> None:
        """Raise the DD-PLAY-1 error that explains why this ``Play`` is not allowed."""
        if player != turn:
            raise IllegalAction.of("DD-PLAY-1", "DD-PLAY-1/turn", {"next_player": turn, "player": player})
        if not 1 <= len(cards) <= min(HAND_SIZE, len(hand)):
            raise IllegalAction.of("DD-PLAY-1", "DD-PLAY-1/count", {"most": min(HAND_SIZE, len(hand)), "n": len(cards)})
        missing = next(cid for cid in cards if cid not in hand)
        raise IllegalAction.of("DD-PLAY-1", "DD-PLAY-1/hand", {"card": missing, "player": player})

    def _reshuffle(self, order: tuple[int, ...]) -> list[Event]:
        """DD-REFILL-2: the discard pile, shuffled, becomes the new draw pile; the Biggest Donkey draws on."""
        if sorted(order) != sorted(self._discard):
            raise IllegalAction.of("DD-REFILL-2", "DD-REFILL-2/order")
        self._draw, self._discard = order, ()
        self._phase = REFILL
        return self._draw_biggest()

    # ------------------------------------------------------------------ logs (the views: view.py)
    def describe(self) -> str:
        hay = ",".join(str(v) if v else "-" for v in self._hay)
        shown = ",".join(str(v) if v else "-" for v in self._shown)
        hands = "|".join(" ".join(map(str, h)) for h in self._hands)
        chosen = "".join("-" if c is None else "x" for c in self._chosen)
        return (
            f"r{self._round} {self._phase} roller={self._roller} hay={hay} rolled={shown} hands={hands} "
            f"piles={[len(p) for p in self._piles]} chosen={chosen} draw={len(self._draw)} "
            f"discard={len(self._discard)} biggest={self._biggest} winners={self._winners}"
        )
