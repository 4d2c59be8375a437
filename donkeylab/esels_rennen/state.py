"""The Esels-Rennen game state: chance (start order, deal), moves, passes, and one ``apply`` per chain.

The mechanics live in ``race.Track`` (shared with the validator and the exact solver); this class adds the
players, the order cards, the turn order and the ER-MOVE-2 "not the donkey that moved last" memory, and
turns every rule application into an event a pupil can step through hop by hop.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from functools import lru_cache
from typing import Any, Final

from donkeylab.core import CHANCE, Action, Event, IllegalAction, quote, quote_action
from donkeylab.esels_rennen.actions import (
    Back,
    Deal,
    Move,
    Pass,
    Start,
)
from donkeylab.esels_rennen.board import diagram
from donkeylab.esels_rennen.messages import card_code
from donkeylab.esels_rennen.race import OFF, Track, Turn
from donkeylab.esels_rennen.rules import (
    CARDS,
    DEAL,
    DONKEYS,
    NAME,
    OVER,
    RACE,
    START,
    Rules,
    card_holders,
    cards_per_player,
)
from donkeylab.esels_rennen.view import EselsRennenView

DONKEY_INDEX: Final = {d: i for i, d in enumerate(DONKEYS)}
PASS: Final = Pass()


@lru_cache(maxsize=8)
def deal_outcomes(players: int) -> tuple[tuple[Action, Fraction], ...]:
    """Every ordered deal of the order cards to ``players`` (ER-SETUP-1), each equally likely."""
    deals = [Deal(c) for c in itertools.permutations(CARDS, players * cards_per_player(players))]
    p = Fraction(1, len(deals))
    return tuple((d, p) for d in deals)


START_OUTCOMES: Final = tuple((Start(o), Fraction(1, 6)) for o in itertools.permutations(DONKEYS))


class EselsRennenState(EselsRennenView):
    game = NAME
    end_rule = "ER-END-1"

    def __init__(self, players: int, rules: Rules, track: Track, setup: dict[str, Any]) -> None:
        super().__init__(players, rules, setup)
        self._track = track
        self._phase = START if rules.start_order == "random" else DEAL
        self._pos = track.start_pos()
        self._podium = ()
        self._cards = ()
        self._hidden = ()
        self._turn = 0
        self._last = OFF  # donkey moved last in the previous player's turn (ER-MOVE-2)
        self._turns = 0
        self._winners: tuple[int, ...] = ()

    @property
    def current_player(self) -> int | object | None:
        phase = self._phase
        if phase == RACE:
            return self._turn
        return None if phase == OVER else CHANCE

    @property
    def winners(self) -> tuple[int, ...]:
        return self._winners

    # ------------------------------------------------------------------ actions
    def legal_actions(self) -> tuple[Action, ...]:
        phase = self._phase
        if phase == RACE:
            key = (self._pos, self._last)
            found = self._track.memo.get(key)
            if found is None:
                found = self._track.memo[key] = self._race_actions()
            return found  # type: ignore[return-value]
        if phase == OVER:
            return ()
        return tuple(o for o, _ in self.chance_outcomes())

    def _race_actions(self) -> tuple[Action, ...]:
        ids = self._track.ids
        moves = self._track.moves(self._pos, self._last)
        acts = tuple((Back if back else Move)(DONKEYS[d], ids[t]) for d, t, back in moves)
        return acts or (PASS,)

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        if self._phase not in (START, DEAL):
            raise IllegalAction.of("ER-SETUP-1", "ER-SETUP-1/no_chance")
        return START_OUTCOMES if self._phase == START else deal_outcomes(self.num_players)

    def sample_chance(self, rng: random.Random) -> Action:
        if self._phase not in (START, DEAL):
            raise IllegalAction.of("ER-SETUP-1", "ER-SETUP-1/no_chance")
        if self._phase == START:
            return Start(tuple(rng.sample(DONKEYS, 3)))
        return Deal(tuple(rng.sample(CARDS, self.num_players * cards_per_player(self.num_players))))

    def _apply(self, action: Action) -> list[Event]:
        phase = self._phase
        if phase == RACE:
            return self._race(action)
        if phase == START:
            return self._start(action)
        return self._deal(action)

    def _start(self, action: Action) -> list[Event]:
        if type(action) is not Start:
            data = {"expected": "Start", "action": quote_action(action)}
            raise IllegalAction.of("ER-SETUP-1", "ER-SETUP-1/expects", data)
        order = action.order
        if not (type(order) is tuple and all(type(d) is str for d in order) and sorted(order) == sorted(DONKEYS)):
            raise IllegalAction.of("ER-SETUP-1", "ER-SETUP-1/bad_start", {"action": action.quoted()})
        self._pos = self._track.start_pos(tuple(DONKEY_INDEX[d] for d in action.order))
        self._phase = DEAL
        left, middle, right = (self._track.ids[f] for f in self._track.starts)  # ER-BOARD-2 proves 3 starts
        data = {"left": left, "middle": middle, "right": right, "order": card_code(action.order)}
        return [Event("ER-SETUP-1", data)]

    def _deal(self, action: Action) -> list[Event]:
        if type(action) is not Deal:
            data = {"expected": "Deal", "action": quote_action(action)}
            raise IllegalAction.of("ER-SETUP-1", "ER-SETUP-1/expects", data)
        k, players = cards_per_player(self.num_players), self.num_players
        cards = action.cards if type(action.cards) is tuple and all(type(c) is str for c in action.cards) else ()
        if not (len(cards) == k * players and len(set(cards)) == len(cards) and set(cards) <= set(CARDS)):
            bad = {"action": action.quoted(), "per_player": k, "players": players}
            raise IllegalAction.of("ER-SETUP-1", "ER-SETUP-1/bad_deal", bad)
        self._cards = tuple(cards[p * k : (p + 1) * k] for p in range(self.num_players))
        self._hidden = tuple(c for c in CARDS if c not in cards)
        self._phase = RACE
        key = "ER-SETUP-1/deal" if self._hidden else "ER-SETUP-1/deal_all"  # never "0 cards stay hidden"
        return [Event("ER-SETUP-1", {"per_player": k, "hidden": len(self._hidden)}, key)]

    def _race(self, action: Action) -> list[Event]:
        player = self._turn
        if action not in self.legal_actions():
            self._refuse(action)
        self._turn = (player + 1) % self.num_players
        self._turns += 1
        if isinstance(action, Pass):
            self._last = OFF
            return [Event("ER-MOVE-3", {"player": player})]
        assert isinstance(action, (Move, Back))
        track = self._track
        d = DONKEY_INDEX[action.donkey]
        frm = track.ids[self._pos[d]]
        turn = track.turn(self._pos, self._podium, d, track.index[action.to])
        rule = "ER-MOVE-2" if isinstance(action, Back) else "ER-MOVE-1"
        data = {"player": player, "donkey": action.donkey, "frm": frm, "to": action.to, "from": frm}
        events = [Event(rule, data)]
        events.extend(turn.records)
        self._pos, self._podium, self._last = turn.pos, turn.podium, turn.last
        if turn.over:
            events.extend(self._finish(turn))
        return events

    def _finish(self, turn: Turn) -> list[Event]:
        """ER-END-1 (and ER-SCORE-1 with points scoring): who wins this race."""
        self._phase = OVER
        podium = self.podium
        order = card_code(podium)
        holders = card_holders(self._cards, podium)
        events = []
        if self.rules.scoring == "points":
            points = self.points
            best = max(points)
            self._winners = tuple(p for p, s in enumerate(points) if s == best) if best > 0 else ()
            scores = ", ".join(f"{s}" for s in points)
            data = {"order": order, "scores": scores, "best": best, "winners": self._winners}
            events.append(Event("ER-SCORE-1", data))
        else:
            self._winners = holders
        if holders:  # each order card exists once, so at most one player holds it
            events.insert(0, Event("ER-END-1", {"order": order, "winners": holders}))
        else:  # with points scoring nobody has lost yet: ER-SCORE-1 names the winners next
            nobody = "ER-END-1/points" if self.rules.scoring == "points" else "ER-END-1/nobody"
            events.insert(0, Event("ER-END-1", {"order": order}, nobody))
        return events

    def _refuse(self, action: Action) -> None:
        """Raise the ``IllegalAction`` that names the rule ``action`` breaks (the slow path, off the hot loop)."""
        allowed = ", ".join(str(a) for a in self.legal_actions())
        if isinstance(action, Pass):
            raise IllegalAction.of("ER-MOVE-3", "ER-MOVE-3/illegal", {"allowed": allowed})
        if not isinstance(action, (Move, Back)):
            raise IllegalAction.of("ER-MOVE-1", "ER-MOVE-1/kind", {"action": quote_action(action)})
        rule, why = self._why_illegal(action)
        donkey, to = (v if type(v) is str and len(v) <= 40 else quote(v) for v in (action.donkey, action.to))
        data = {"donkey": donkey, "to": to, "why": f"ER:{why}", "allowed": allowed}
        raise IllegalAction.of(rule, f"{rule}/illegal", data)

    def _why_illegal(self, action: Move | Back) -> tuple[str, str]:
        track, pos = self._track, self._pos
        rule = "ER-MOVE-1" if isinstance(action, Move) else "ER-MOVE-2"
        if not (isinstance(action.donkey, str) and isinstance(action.to, str)):
            return (rule, "unknown")
        d, t = DONKEY_INDEX.get(action.donkey), track.index.get(action.to)
        if d is None or t is None:
            return (rule, "unknown")
        if rule == "ER-MOVE-2" and OFF in pos:  # back moves end once any donkey (maybe this one) has finished
            return ("ER-MOVE-2", "not_all_racing")
        if pos[d] == OFF:
            return ("ER-MOVE-1", "not_racing")
        if isinstance(action, Move):
            return ("ER-MOVE-1", "occupied" if t in track.forward[pos[d]] else "not_ahead")
        if not track.sand[pos[d]]:
            return ("ER-MOVE-2", "not_sand")
        if d == self._last:
            return ("ER-MOVE-2", "moved_last")
        return ("ER-MOVE-2", "occupied" if t in track.backward[pos[d]] else "not_behind")

    # ------------------------------------------------------------------ text views (logs, goldens)
    def diagram(self) -> str:
        """The board as text with the donkeys on it (see ``board.diagram``)."""
        return diagram(self._track.board, dict(self.positions))

    def describe(self) -> str:
        where = " ".join(f"{d}={f or 'podium'}" for d, f in self.positions.items())
        cards = " ".join(f"P{p + 1}:{'/'.join(c)}" for p, c in enumerate(self._cards))
        podium = "/".join(self.podium) or "-"
        turn = "over" if self._phase == OVER else f"P{self._turn + 1}"
        return f"{where} podium={podium} last={self.last_moved or '-'} turn={turn} cards={cards or '-'}"
