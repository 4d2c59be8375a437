"""The board validator (ER-BOARD-2): reject every defect with a message naming the field, or prove the board sound.

Static checks come first (colours, directions, arrows off the board, start and finish fields), then the
proof: an exhaustive search over every race position reachable under every reading of the options (sand
zone or start fields, finish arrows on or off, every start order). Each move's chain is followed exactly
(a repeated situation is an endless chain—no step cap), and a backward search shows that from every
reachable position the race can still end, so random games on an accepted board terminate.
"""

from __future__ import annotations

import functools
import time
from collections import Counter
from dataclasses import dataclass

from donkeylab.core.errors import quote
from donkeylab.esels_rennen.board import COLOURS, DIRECTIONS, Board, BoardError, Field, recheck
from donkeylab.esels_rennen.graph import ALL_ORDERS, FIXED_ORDER, MAX_POSITIONS, RaceGraph, can_finish, reachable
from donkeylab.esels_rennen.race import EndlessChain

RULE = "ER-BOARD-2"
VARIANTS = (("zone", True), ("zone", False), ("start", True), ("start", False))
# Positions one whole proof may explore, summed over the option readings (the default board needs 66,201 for
# all four readings and every start order): a board just under the per-reading cap in every reading would
# otherwise take four times as long.
MAX_TOTAL_POSITIONS = 80_000


@dataclass(frozen=True, slots=True)
class BoardReport:
    """What the validator proved about a board (printed by ``donkeylab validate-board``)."""

    name: str
    reconstruction: bool
    fields: int
    start_fields: int
    sand_fields: int
    finish_fields: int
    arrows_by_colour: tuple[tuple[str, int], ...]
    arrows_by_direction: tuple[tuple[str, int], ...]
    reachable_positions: int  # summed over the option variants checked
    finished_positions: int
    longest_chain: int
    variants_checked: int
    seconds: float

    def lines(self) -> list[str]:
        label = " (RECONSTRUCTION)" if self.reconstruction else ""
        colours = ", ".join(f"{c} {n}" for c, n in self.arrows_by_colour)
        directions = ", ".join(f"{d} {n}" for d, n in self.arrows_by_direction)
        return [
            f"board {self.name!r}{label}: OK",
            f"fields: {self.fields} ({self.start_fields} start, {self.sand_fields} sand, {self.finish_fields} finish)",
            f"arrows by colour: {colours}; by direction: {directions}",
            f"reachable positions: {self.reachable_positions} over {self.variants_checked} option variants "
            f"(every start order); every chain ends; the race can end from each of them",
            f"longest chain: {self.longest_chain} hops",
            f"checked in {self.seconds:.2f} s",
        ]

    def __str__(self) -> str:
        return "\n".join(self.lines())


def validate_board(
    board: Board, sand: str | None = None, finish_arrows: bool | None = None, start_order: str | None = None
) -> BoardReport:
    """Check ``board`` (ER-BOARD-2); raise ``BoardError`` naming the field on the first defect found.

    Without arguments every option variant and every start order is proved; ``sand`` / ``finish_arrows`` /
    ``start_order="fixed"`` restrict the proof to one reading (``new_game`` proves only the rules it plays by).
    """
    if not isinstance(board, Board):
        raise _defect(f"validate_board needs a Board (see load_board), not {type(board).__name__}")
    board = recheck(board)  # a Board built by hand: duplicate fields, a list as a colour, an id "b0\n" ...
    if sand not in (None, "zone", "start") or type(sand) not in (type(None), str):
        raise _defect(f"sand must be 'zone', 'start' or None (every reading), not {quote(sand)}")
    if finish_arrows is not None and type(finish_arrows) is not bool:
        raise _defect(f"finish_arrows must be True, False or None (both), not {quote(finish_arrows)}")
    if start_order not in (None, "fixed", "random") or type(start_order) not in (type(None), str):
        raise _defect(f"start_order must be 'fixed', 'random' or None (every order), not {quote(start_order)}")
    return _validate(board, sand, finish_arrows, FIXED_ORDER if start_order == "fixed" else ALL_ORDERS)


@functools.lru_cache(maxsize=32)
def _validate(
    board: Board, sand: str | None, finish_arrows: bool | None, orders: tuple[tuple[int, ...], ...]
) -> BoardReport:
    began = time.perf_counter()
    check_fields(board)
    variants = [(s, f) for s, f in VARIANTS if sand in (None, s) and finish_arrows in (None, f)]
    reachable = finished = longest = 0
    for s, f in variants:
        graph = prove(board, s, f, orders, min(MAX_POSITIONS, MAX_TOTAL_POSITIONS - reachable))
        reachable += len(graph.nodes)
        if reachable > MAX_TOTAL_POSITIONS:  # a graph cached by an earlier, single-reading proof
            raise _defect(f"board {board.name!r} has more than {MAX_TOTAL_POSITIONS} positions in all: too large")
        finished += sum(graph.is_over(i) for i in range(len(graph.nodes)))
        longest = max([longest, *(h for out in graph.edges for _, h in out)])
    arrows = [f.arrow for f in board.fields if f.arrow is not None]
    return BoardReport(
        name=board.name,
        reconstruction=board.reconstruction,
        fields=len(board.fields),
        start_fields=_count(board, "start"),
        sand_fields=_count(board, "sand"),
        finish_fields=_count(board, "finish"),
        arrows_by_colour=tuple(Counter(a.colour for a in arrows).most_common()),
        arrows_by_direction=tuple(Counter(a.direction for a in arrows).most_common()),
        reachable_positions=reachable,
        finished_positions=finished,
        longest_chain=longest,
        variants_checked=len(variants),
        seconds=time.perf_counter() - began,
    )


def _defect(message: str) -> BoardError:
    """A validator finding (ER-BOARD-2), as opposed to a file that breaks the schema (ER-BOARD-1)."""
    return BoardError(message, RULE)


def _count(board: Board, kind: str) -> int:
    return sum(f.kind == kind for f in board.fields)


def check_fields(board: Board) -> None:
    """The static half of ER-BOARD-2: every field on its own, then the start and finish fields."""
    for f in board.fields:
        check_field(board, f)
    if _count(board, "start") < 3:
        raise _defect(f"the board has {_count(board, 'start')} start field(s); the 3 donkeys need 3")
    if _count(board, "finish") == 0:
        raise _defect("the board has no finish field (kind 'finish'): the finish is unreachable")


def check_field(board: Board, f: Field) -> None:
    where = f"field {f.id!r}"
    if f.kind == "start":
        if f.arrow is not None:
            raise _defect(f"{where} is a start field and must not carry an arrow")
        return
    if f.arrow is None:
        if f.kind != "finish":
            raise _defect(f"{where} ({f.kind}) has no arrow; every field but the start fields carries one")
        return
    if f.arrow.colour not in COLOURS:
        raise _defect(f"{where}: arrow colour {f.arrow.colour!r} is unknown; use red, green or yellow")
    if f.arrow.direction not in DIRECTIONS:
        raise _defect(f"{where}: arrow direction {f.arrow.direction!r} is unknown; use FL, FR, BL or BR")
    if f.kind != "finish" and board.neighbour(f, f.arrow.direction) is None:
        raise _defect(f"{where}: its arrow ({f.arrow.direction}) points off the board")


def prove(
    board: Board,
    sand: str,
    finish_arrows: bool,
    orders: tuple[tuple[int, ...], ...] = ALL_ORDERS,
    limit: int = MAX_POSITIONS,
) -> RaceGraph:
    """Explore every reachable position of one option variant; raise on an endless chain or a trap."""
    variant = f"sand={sand!r}, finish_arrows={finish_arrows}"
    try:
        graph = reachable(board, sand, finish_arrows, orders, limit)
    except EndlessChain as exc:
        raise EndlessChain(f"{exc.message} ({variant})") from None
    if not any(graph.is_over(i) for i in range(len(graph.nodes))):
        raise _defect(f"the finish is unreachable: no race on this board can end ({variant})")
    ok = can_finish(graph)
    if not all(ok):
        pos, _, _ = graph.nodes[ok.index(False)]
        raise _defect(f"from the position {graph.track.describe(pos)} the race can never end ({variant})")
    return graph
