"""The graph of race positions reachable from the start: shared by the validator and the exact solver.

A node is ``(pos, podium, last)``—everything the future of a race depends on (who holds which card and
whose turn it is do not change where the donkeys can go). ``last`` is the donkey that ER-MOVE-2 forbids to
move back; it is normalised to ``OFF`` whenever the restriction cannot matter (a donkey has finished, or
that donkey is not on sand or has no free field behind it), which keeps the graph small. Every finished
race is one node per podium order.
"""

from __future__ import annotations

import itertools
from collections import OrderedDict
from dataclasses import dataclass
from typing import Final

from donkeylab.esels_rennen.board import Board, BoardError
from donkeylab.esels_rennen.race import OFF, Pos, Track

Node = tuple[Pos, tuple[int, ...], int]
# Size guards for hostile boards, checked while exploring (never a silent cut: the board is refused). The
# default board has at most 18,628 positions in one option reading (random start order) and needs ~100,000
# chain resolutions for it; these caps keep any board's exploration within a couple of seconds.
MAX_POSITIONS: Final = 30_000
MAX_WORK: Final = 300_000  # chain resolutions plus hops
# Explored graphs kept per process, bounded by their total positions (each with the track's memos): every
# reading of both packaged boards fits (~111,000), and a stream of hostile boards cannot grow the process.
CACHED_POSITIONS: Final = 120_000
CACHED_GRAPHS: Final = 16
ALL_ORDERS: Final = tuple(itertools.permutations(range(3)))
FIXED_ORDER: Final = ((0, 1, 2),)


@dataclass(frozen=True, slots=True)
class RaceGraph:
    """Nodes in discovery order and, per node, one ``(next node, chain length)`` per legal move or the pass.

    A finished race has no edges; a node whose player must pass has one edge (hops 0).
    """

    track: Track
    nodes: tuple[Node, ...]
    edges: tuple[tuple[tuple[int, int], ...], ...]
    starts: tuple[int, ...]

    def is_over(self, i: int) -> bool:
        return len(self.nodes[i][1]) == 3


def node_of(track: Track, pos: Pos, podium: tuple[int, ...], last: int) -> Node:
    if len(podium) == 3:
        return ((OFF, OFF, OFF), podium, OFF)
    if podium or last == OFF or not track.sand[pos[last]] or all(t in pos for t in track.backward[pos[last]]):
        last = OFF  # the restriction forbids nothing here: forget it, so equal futures share one node
    return (pos, podium, last)


def explore(
    track: Track, orders: tuple[tuple[int, ...], ...] = ((0, 1, 2),), limit: int = MAX_POSITIONS, work: int = MAX_WORK
) -> RaceGraph:
    """Breadth-first search over every position reachable from the start orders (exhaustive, exact).

    Raises ``EndlessChain`` for a move whose chain never ends and ``BoardError`` when the board has more than
    ``limit`` reachable positions or needs more than ``work`` chain steps (size guards for hostile files,
    reported as such—never a silent cut).
    """
    index: dict[Node, int] = {}
    nodes: list[Node] = []
    edges: list[tuple[tuple[int, int], ...]] = []

    def add(node: Node) -> int:
        i = index.get(node)
        if i is None:
            if len(nodes) >= limit:
                raise _too_large(track, f"more than {limit} reachable positions")
            i = index[node] = len(nodes)
            nodes.append(node)
        return i

    starts = tuple(add(node_of(track, track.start_pos(o), (), OFF)) for o in orders)
    k = 0
    while k < len(nodes):
        pos, podium, last = nodes[k]
        out: list[tuple[int, int]] = []
        if len(podium) < 3:
            moves = track.moves(pos, last)
            if not moves:
                out.append((add(node_of(track, pos, podium, OFF)), 0))
            for d, t, _ in moves:
                turn = track.resolve(pos, podium, d, t)
                work -= 1 + turn.hops
                out.append((add(node_of(track, turn.pos, turn.podium, turn.last)), turn.hops))
            if work < 0:
                raise _too_large(track, f"more than {MAX_WORK} chain steps to explore")
        edges.append(tuple(out))
        k += 1
    return RaceGraph(track, tuple(nodes), tuple(edges), starts)


def _too_large(track: Track, what: str) -> BoardError:
    return BoardError(f"board {track.board.name!r} has {what}: too large to prove", "ER-BOARD-2")


_GRAPHS: OrderedDict[tuple[Board, str, bool, tuple[tuple[int, ...], ...]], RaceGraph] = OrderedDict()


def reachable(
    board: Board, sand: str, finish_arrows: bool, orders: tuple[tuple[int, ...], ...], limit: int = MAX_POSITIONS
) -> RaceGraph:
    """The explored graph of one board and option reading, cached: the validator proves on it, ``new_game``
    races on its ``track`` and the exact solver solves it, so a board is explored once per process.

    The oldest graphs are dropped beyond ``CACHED_POSITIONS`` positions (or ``CACHED_GRAPHS`` graphs), so a
    stream of hostile boards cannot pile up memory. A cached graph is returned whatever
    ``limit`` asks; callers with a budget check its size.
    """
    key = (board, sand, finish_arrows, orders)
    graph = _GRAPHS.get(key)  # hashing a board is not free: one lookup per call (oldest out first, not LRU)
    if graph is not None:
        return graph
    graph = _GRAPHS[key] = explore(Track(board, sand, finish_arrows), orders, limit)
    while len(_GRAPHS) > 1 and (
        len(_GRAPHS) > CACHED_GRAPHS or sum(len(g.nodes) for g in _GRAPHS.values()) > CACHED_POSITIONS
    ):
        _GRAPHS.popitem(last=False)
    return graph


def can_finish(graph: RaceGraph) -> list[bool]:
    """Per node: can the race still end from here? (backward search from the finished nodes)."""
    back: list[list[int]] = [[] for _ in graph.nodes]
    for i, out in enumerate(graph.edges):
        for j, _ in out:
            back[j].append(i)
    ok = [graph.is_over(i) for i in range(len(graph.nodes))]
    todo = [i for i, v in enumerate(ok) if v]
    while todo:
        j = todo.pop()
        for i in back[j]:
            if not ok[i]:
                ok[i] = True
                todo.append(i)
    return ok
