"""Hand-built Esels-Rennen boards and positions for the rule tests.

``ladder(arrows)`` is a 4-row board: start b0 d0 f0, normal a1 c1 e1 g1, sand b2 d2 f2, finish a3 c3 e3 g3.
Arrows are written ``"c1:gFR"`` (field, colour initial, direction); unspecified fields keep a harmless
default. ``place`` puts the donkeys anywhere (a test-only shortcut past the moves that would get there).
"""

from __future__ import annotations

from typing import Any

from donkeylab import esels_rennen as er
from donkeylab.esels_rennen.race import OFF
from donkeylab.esels_rennen.state import DONKEY_INDEX, EselsRennenState

COLOUR = {"r": "red", "g": "green", "y": "yellow"}
LADDER = {
    "b0": (1, 0, "start"),
    "d0": (3, 0, "start"),
    "f0": (5, 0, "start"),
    "a1": (0, 1, "normal"),
    "c1": (2, 1, "normal"),
    "e1": (4, 1, "normal"),
    "g1": (6, 1, "normal"),
    "b2": (1, 2, "sand"),
    "d2": (3, 2, "sand"),
    "f2": (5, 2, "sand"),
    "a3": (0, 3, "finish"),
    "c3": (2, 3, "finish"),
    "e3": (4, 3, "finish"),
    "g3": (6, 3, "finish"),
}
# Two unreachable islands beside the ladder: p5 (sand, dead end) above q4, and r5 (normal, dead end) above t4.
ISLANDS = {**LADDER, "q4": (11, 4, "normal"), "p5": (10, 5, "sand"), "t4": (13, 4, "normal"), "r5": (14, 5, "normal")}
DEFAULT_ARROWS = "a1:rFR c1:rFR e1:gFL g1:yFL b2:rFR d2:gFL f2:yFR a3:rFR c3:gFL e3:yFR g3:rFL"


def board_doc(fields: dict[str, tuple[int, int, str]], arrows: str, name: str = "test") -> dict[str, Any]:
    """A board dict from field coordinates and an arrow string like ``"c1:gFR e1:rBL"``."""
    spec = {}
    for item in arrows.split():
        fid, code = item.split(":")
        spec[fid] = {"colour": COLOUR[code[0]], "direction": code[1:]}
    out = []
    for fid, (x, y, kind) in fields.items():
        field: dict[str, Any] = {"id": fid, "x": x, "y": y, "kind": kind}
        if fid in spec:
            field["arrow"] = spec[fid]
        out.append(field)
    return {
        "schema": "donkeylab.esels_rennen.board/1",
        "name": name,
        "reconstruction": False,
        "note": "",
        "fields": out,
    }


def ladder(arrows: str = "", name: str = "ladder") -> dict[str, Any]:
    merged = dict(item.split(":") for item in DEFAULT_ARROWS.split())
    merged.update(dict(item.split(":") for item in arrows.split()))
    return board_doc(LADDER, " ".join(f"{k}:{v}" for k, v in merged.items()), name)


def islands() -> dict[str, Any]:
    """The ladder with two unreachable dead ends beside it: donkeys placed there cannot move (ER-MOVE-3)."""
    doc = ladder()
    extra = board_doc(ISLANDS, "p5:rBR q4:gFL r5:yBL t4:yFR")["fields"]
    doc["fields"] = doc["fields"] + [f for f in extra if f["id"] in ("p5", "q4", "r5", "t4")]
    return doc


def race(
    board: dict[str, Any] | str = "default", players: int = 2, deal: tuple[str, ...] | None = None, **rules: Any
) -> EselsRennenState:
    """A race past its chance points (the deal forced, so tests know the cards)."""
    state = er.new_game(players, er.Rules(**rules), board=board)
    if rules.get("start_order") == "random":
        state = state.apply(er.Start(("red", "green", "yellow")))
    k = er.rules.cards_per_player(players)
    return state.apply(er.Deal(deal or er.CARDS[: k * players]))


def place(
    state: EselsRennenState, last: str | None = None, podium: tuple[str, ...] = (), **where: str
) -> EselsRennenState:
    """A copy of ``state`` with donkeys on the given fields (absent donkeys must be on ``podium``)."""
    s = state._copy()
    index = s.track.index
    s._pos = tuple(index[where[d]] if d in where else OFF for d in er.DONKEYS)  # type: ignore[assignment]
    s._podium = tuple(DONKEY_INDEX[d] for d in podium)
    s._last = DONKEY_INDEX[last] if last else OFF
    return s


def rules_of(state: EselsRennenState) -> list[str]:
    return [e.rule for e in state.events]


def keys_of(state: EselsRennenState) -> list[str]:
    return [e.key for e in state.events]
