"""The race mechanics on integer tables: legal moves (ER-MOVE-*) and chain resolution (ER-CHAIN-*, ER-FINISH-1).

The engine, the validator and the exact solver all need the same two functions—"which moves are legal
here?" and "where does this move's chain end?"—so they live here once, on a ``Track`` (a board compiled to
tuples of integers). A race position is ``(pos, podium)``: ``pos[d]`` is the field index of donkey ``d``
(0 red, 1 green, 2 yellow) or ``OFF`` once it is on the podium, ``podium`` the donkeys in finishing order.
The engine memoises both functions per position, which is what makes random rollouts fast.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from donkeylab.core import Event
from donkeylab.esels_rennen.board import COLOURS, DIRECTIONS, STEPS, Board, BoardError

OFF: Final = -1  # position of a donkey on the podium
DONKEYS: Final = COLOURS
Pos = tuple[int, int, int]
Move = tuple[int, int, bool]  # (donkey, target field, is a backward move)
# Why a chain stopped: the rule that stopped it and the message key.
STOP_OWN: Final = ("ER-CHAIN-2", "ER-CHAIN-2/own")
STOP_OCCUPIED: Final = ("ER-CHAIN-2", "ER-CHAIN-2/occupied")
STOP_OFF_BOARD: Final = ("ER-CHAIN-2", "ER-CHAIN-2/off_board")
STOP_FINISHED: Final = ("ER-CHAIN-3", "ER-CHAIN-3")
STOP_NO_ARROW: Final = ("ER-CHAIN-1", "ER-CHAIN-1/no_arrow")
STOP_FINISH_PLAIN: Final = ("ER-FINISH-1", "ER-FINISH-1/no_arrows")
STOP_RACE_OVER: Final = ("ER-END-1", "ER-END-1/third")
MAX_CACHE: Final = 30_000  # memoised turns per track (each with its events): far more than a long run fills


class EndlessChain(BoardError):
    """A chain that would repeat a situation forever (ER-BOARD-2); raised instead of looping."""

    default_rule = "ER-BOARD-2"


@dataclass(frozen=True, slots=True)
class Turn:
    """The result of one move and its whole chain: the new position and one record per hop."""

    pos: Pos
    podium: tuple[int, ...]
    last: int  # the donkey that moved last (chain included): ER-MOVE-2 forbids moving it back next turn
    hops: int  # donkeys moved by arrows (the chain length)
    records: tuple[Event, ...]  # one event per hop, finish and stop (empty when resolved without records)

    @property
    def over(self) -> bool:
        return len(self.podium) == 3


class Track:
    """A board compiled for racing under one reading of the sand and finish-arrow options."""

    def __init__(self, board: Board, sand: str = "zone", finish_arrows: bool = True) -> None:
        self.board = board
        self.finish_arrows = finish_arrows
        fields = board.fields
        self.ids: tuple[str, ...] = tuple(f.id for f in fields)
        self.index: dict[str, int] = {f.id: i for i, f in enumerate(fields)}
        coord = {(f.x, f.y): i for i, f in enumerate(fields)}
        self.step: tuple[tuple[int, ...], ...] = tuple(
            tuple(coord.get((f.x + STEPS[d][0], f.y + STEPS[d][1]), OFF) for d in DIRECTIONS) for f in fields
        )
        self.forward = tuple(tuple(j for j in s[:2] if j != OFF) for s in self.step)
        self.backward = tuple(tuple(j for j in s[2:] if j != OFF) for s in self.step)
        self.arrow_colour = tuple(_index(COLOURS, f.arrow.colour if f.arrow else None) for f in fields)
        self.arrow_dir = tuple(_index(DIRECTIONS, f.arrow.direction if f.arrow else None) for f in fields)
        self.finish = tuple(f.kind == "finish" for f in fields)
        sand_kind = "sand" if sand == "zone" else "start"
        self.sand = tuple(f.kind == sand_kind for f in fields)
        self.starts: tuple[int, ...] = tuple(self.index[f] for f in board.start_ids())
        self._moves: dict[tuple[Pos, int], tuple[Move, ...]] = {}
        self._turns: dict[tuple[Pos, tuple[int, ...], int, int], Turn] = {}
        self.memo: dict[object, object] = {}  # the engine's per-board caches (legal action tuples)

    def __repr__(self) -> str:
        return f"Track({self.board.name!r})"

    def start_pos(self, order: tuple[int, ...] = (0, 1, 2)) -> Pos:
        """Positions with donkey ``order[k]`` on the k-th start field from the left (ER-SETUP-1)."""
        pos = [OFF, OFF, OFF]
        for k, d in enumerate(order):
            pos[d] = self.starts[k]
        return (pos[0], pos[1], pos[2])

    def moves(self, pos: Pos, last: int) -> tuple[Move, ...]:
        """Legal moves (ER-MOVE-1 forward, ER-MOVE-2 back); empty means the player passes (ER-MOVE-3)."""
        key = (pos, last)
        found = self._moves.get(key)
        if found is None:
            found = self._moves[key] = self._legal(pos, last)
        return found

    def _legal(self, pos: Pos, last: int) -> tuple[Move, ...]:
        out: list[Move] = []
        for d in range(3):
            if pos[d] != OFF:
                out.extend((d, t, False) for t in self.forward[pos[d]] if t not in pos)
        if OFF not in pos:  # back moves only while all three race
            for d in range(3):
                if d != last and self.sand[pos[d]]:
                    out.extend((d, t, True) for t in self.backward[pos[d]] if t not in pos)
        return tuple(out)

    def turn(self, pos: Pos, podium: tuple[int, ...], donkey: int, target: int) -> Turn:
        """The memoised result of moving ``donkey`` to ``target`` and running its chain."""
        key = (pos, podium, donkey, target)
        found = self._turns.get(key)
        if found is None:
            if len(self._turns) > MAX_CACHE:
                self._turns.clear()
            found = self._turns[key] = self.resolve(pos, podium, donkey, target, records=True)
        return found

    def resolve(self, pos: Pos, podium: tuple[int, ...], donkey: int, target: int, records: bool = False) -> Turn:
        """Move ``donkey`` to ``target``, then follow arrows hop by hop until a rule stops the chain.

        Deterministic, so a repeated (positions, field, mover) situation proves an endless chain: that raises
        ``EndlessChain`` (exact, no step cap).
        """
        p = list(pos)
        pod = list(podium)
        recs: list[Event] = []
        mover, field, hops = donkey, target, 0
        p[donkey] = target
        seen: set[tuple[int, ...]] = set()
        while True:
            stop = self._finish_or_stop(p, pod, mover, field, recs if records else None)
            if stop is None:
                colour, direction = self.arrow_colour[field], self.arrow_dir[field]
                src = p[colour]
                dst = self.step[src][direction]
                stop = STOP_OFF_BOARD if dst == OFF else STOP_OCCUPIED if dst in p else None
            if stop is not None:
                if records and stop is not STOP_RACE_OVER:
                    recs.append(Event(stop[0], self._stop_data(p, mover, field), stop[1]))
                break
            situation = (*p, field, mover)
            if situation in seen:
                raise EndlessChain(f"field {self.ids[field]!r}: the chain from {self.describe(pos)} never ends")
            seen.add(situation)
            p[colour] = dst
            hops += 1
            if records:
                recs.append(Event("ER-CHAIN-1", self._hop_data(field, colour, direction, src, dst)))
            mover, field = colour, dst
        new_pos = (p[0], p[1], p[2])
        return Turn(new_pos, tuple(pod), mover, hops, tuple(recs))

    def _finish_or_stop(
        self, p: list[int], pod: list[int], mover: int, field: int, recs: list[Event] | None
    ) -> tuple[str, str] | None:
        """ER-FINISH-1 / ER-END-1 for the donkey that just reached ``field``, then the stop rules of its arrow."""
        if self.finish[field]:
            p[mover] = OFF
            pod.append(mover)
            if recs is not None:
                here = self.ids[field]
                data = {"donkey": COLOURS[mover], "field": here, "place": len(pod), "from": here, "to": None}
                recs.append(Event("ER-FINISH-1", data))
            if len(pod) == 2:
                third = next(d for d in range(3) if p[d] != OFF)
                if recs is not None:
                    data = {"donkey": COLOURS[third], "place": 3, "from": self.ids[p[third]], "to": None}
                    recs.append(Event("ER-END-1", data, "ER-END-1/third"))
                p[third] = OFF
                pod.append(third)
                return STOP_RACE_OVER
            if not self.finish_arrows:
                return STOP_FINISH_PLAIN
        colour = self.arrow_colour[field]
        if colour == OFF:
            return STOP_NO_ARROW
        if p[colour] == OFF:  # before the own-colour test: a donkey that just finished is on the podium
            return STOP_FINISHED
        if colour == mover:
            return STOP_OWN
        return None

    def _hop_data(self, field: int, colour: int, direction: int, src: int, dst: int) -> dict[str, object]:
        """An ER-CHAIN-1 hop for views: ``donkey`` moved ``from`` → ``to`` by the arrow on field ``arrow``.

        ``field``/``colour``/``direction``/``frm`` feed the sentence; ``arrow``/``donkey``/``from`` repeat them
        under the names every movement event shares (the move, each hop, a finish), so a view can replay a
        chain hop by hop from the events alone.
        """
        arrow, frm = self.ids[field], self.ids[src]
        return {
            "field": arrow,
            "colour": COLOURS[colour],
            "direction": DIRECTIONS[direction],
            "frm": frm,
            "to": self.ids[dst],
            "donkey": COLOURS[colour],
            "from": frm,
            "arrow": arrow,
        }

    def _stop_data(self, p: list[int], mover: int, field: int) -> dict[str, object]:
        colour, direction = self.arrow_colour[field], self.arrow_dir[field]
        data: dict[str, object] = {"field": self.ids[field], "mover": COLOURS[mover]}
        if colour != OFF:
            data.update(colour=COLOURS[colour], direction=DIRECTIONS[direction])
            src = p[colour]
            if src != OFF:
                dst = self.step[src][direction]
                data["frm"] = self.ids[src]
                if dst != OFF:
                    data["to"] = self.ids[dst]
                    blocker = p.index(dst) if dst in p else mover
                    data["blocker"] = COLOURS[blocker]
        return data

    def describe(self, pos: Pos) -> str:
        return ", ".join(f"{COLOURS[d]} on {self.ids[f] if f != OFF else 'the podium'}" for d, f in enumerate(pos))


def _index(options: tuple[str, ...], value: str | None) -> int:
    """Position of ``value`` in ``options``; ``OFF`` for no arrow or an unknown word (the validator rejects those)."""
    return options.index(value) if value in options else OFF
