"""Boards as data (ER-BOARD-1) and the validator (ER-BOARD-2): shape, meaning, hostile files, random boards."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from donkeylab import esels_rennen as er
from donkeylab.core import LoadError, play_random
from donkeylab.esels_rennen.boards import make_default
from donkeylab.esels_rennen.race import EndlessChain
from tests.esels_rennen.helpers import LADDER, board_doc, ladder


def test_er_board_1_default_board_follows_the_reconstruction_spec() -> None:
    board = er.load_board("default")
    assert board.reconstruction and "RECONSTRUCTION" in board.note
    rows: dict[int, list[er.Field]] = {}
    for f in board.fields:
        rows.setdefault(f.y, []).append(f)
    last = max(rows)
    assert [f.kind for f in rows[0]] == ["start"] * 3 and all(f.arrow is None for f in rows[0])
    assert [f.kind for f in rows[last]] == ["finish"] * 4
    assert {f.kind for y in (last - 1, last - 2) for f in rows[y]} == {"sand"}
    assert {f.kind for y in range(1, last - 2) for f in rows[y]} == {"normal"}
    assert max(len(r) for r in rows.values()) == 4 and {f.x for f in board.fields} == set(range(7))
    arrows = [f.arrow for f in board.fields if f.arrow is not None]
    assert len(arrows) == len(board.fields) - 3
    colours = Counter(a.colour for a in arrows)
    assert max(colours.values()) - min(colours.values()) <= 1 and set(colours) == set(er.DONKEYS)
    assert Counter(a.direction for a in arrows) == {"FL": len(arrows) // 2, "FR": len(arrows) // 2}
    for f in board.fields:
        if f.arrow is not None and f.kind != "finish":
            assert board.neighbour(f, f.arrow.direction) is not None, f"{f.id} points off the board"
    assert board.neighbour(board.field("b0"), "FL") == board.field("a1")


def test_er_board_1_packaged_boards_are_reproducible_and_round_trip() -> None:
    default = make_default.build(10, 2, random.Random(make_default.SEED), "default", make_default.NOTE)
    assert make_default.dumps(default) == (make_default.HERE / "default.json").read_text(encoding="utf-8")
    assert make_default.dumps(make_default.tiny_chain()) == (make_default.HERE / "tiny_chain.json").read_text()
    assert set(er.packaged_boards()) >= {"default", "tiny_chain"}
    board = er.load_board("default")
    assert er.load_board(board.to_dict()) == board and hash(board) == hash(er.load_board("default"))
    assert er.load_board(make_default.HERE / "default.json") == board


def test_er_board_1_tiny_lesson_board_shows_a_long_chain() -> None:
    report = er.validate_board(er.load_board("tiny_chain"))
    assert report.longest_chain >= 6 and report.fields <= 25
    assert make_default.longest_first_chain(er.load_board("tiny_chain").to_dict()) >= 4


def test_er_board_2_validator_reports_default_board() -> None:
    report = er.validate_board(er.load_board("default"))
    assert report.variants_checked == 4 and report.reachable_positions > 10_000
    assert report.longest_chain >= 5 and "OK" in str(report) and "RECONSTRUCTION" in str(report)


def _with(doc: dict[str, Any], field: str, **changes: Any) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    for f in doc["fields"]:
        if f["id"] == field:
            f.update(changes)
    return doc


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        (_with(ladder(), "c1", arrow={"colour": "blue", "direction": "FL"}), "field 'c1': arrow colour 'blue'"),
        (_with(ladder(), "c1", arrow={"colour": "red", "direction": "UP"}), "field 'c1': arrow direction 'UP'"),
        (_with(ladder(), "a1", arrow={"colour": "red", "direction": "FL"}), "field 'a1': its arrow .* off the board"),
        (
            _with(ladder(), "b0", kind="normal", arrow={"colour": "red", "direction": "FR"}),
            "2 start field\\(s\\); the 3 donkeys need 3",
        ),
        (_with(ladder(), "b0", arrow={"colour": "red", "direction": "FR"}), "'b0' is a start field"),
        (_with(ladder(), "c1", arrow=None), "field 'c1' \\(normal\\) has no arrow"),
        (
            board_doc(
                {k: v for k, v in LADDER.items() if v[1] < 3}, "a1:rFR c1:rFR e1:gFL g1:yFL b2:rBR d2:gBL f2:yBR"
            ),
            "no finish field",
        ),
    ],
)
def test_er_board_2_static_defects_name_the_field(doc: dict[str, Any], message: str) -> None:
    with pytest.raises(er.BoardError, match=message) as err:
        er.validate_board(er.load_board(doc))
    assert err.value.rule == "ER-BOARD-2" and str(err.value).startswith("ER-BOARD-2: ")


def test_er_board_2_finish_unreachable() -> None:
    fields = {**{k: v for k, v in LADDER.items() if v[1] < 3}, "z9": (9, 9, "finish")}
    doc = board_doc(fields, "a1:rFR c1:rFR e1:gFL g1:yFL b2:rBR d2:gBL f2:yBR")
    with pytest.raises(er.BoardError, match="finish is unreachable"):
        er.validate_board(er.load_board(doc))


def test_er_board_2_endless_chain_found_by_exhaustive_search() -> None:
    # green to e1, then red to c1: c1 (green FR) e1→f2, f2 (red FR) c1→d2, d2 (green BL) f2→e1,
    # e1 (red BL) d2→c1, and c1 again: the situation repeats, so the chain would never end.
    doc = ladder("c1:gFR f2:rFR d2:gBL e1:rBL")
    with pytest.raises(EndlessChain, match="never ends"):
        er.validate_board(er.load_board(doc))
    with pytest.raises(er.BoardError):
        er.new_game(2, board=doc)


def test_er_board_2_trap_position_is_rejected() -> None:
    fields = {k: v for k, v in LADDER.items() if k not in ("a3", "c3", "e3")}  # only g3 left as finish
    fields.pop("a1")
    doc = board_doc(fields, "c1:rFL e1:gFR g1:yFL b2:yBR d2:rBL f2:gFR g3:rFL")
    with pytest.raises(er.BoardError, match="the race can never end"):
        er.validate_board(er.load_board(doc))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1, 2]", "must be a JSON object"),
        ("{", "not valid JSON"),
        ("[" * 150_000 + "]" * 150_000, "characters; the limit"),
        ("[" * 50_000 + "]" * 50_000, "not valid JSON|must be a JSON object"),
        ('{"schema": "x"}', "'schema' must be"),
        (json.dumps({**ladder(), "extra": 1}), "unknown top-level key"),
        (json.dumps({**ladder(), "reconstruction": "yes"}), "'reconstruction' must be bool"),
        (json.dumps({**ladder(), "fields": []}), "'fields' is empty"),
        (
            json.dumps({**ladder(), "fields": [{"id": f"f{i}", "x": 0, "y": i, "kind": "normal"} for i in range(201)]}),
            "at most 200",
        ),
        (json.dumps({**ladder(), "fields": [1]}), r"fields\[0\] must be an object"),
        (json.dumps(_with(ladder(), "c1", x="2")), "'x' must be int"),
        (json.dumps(_with(ladder(), "c1", x=True)), "'x' must be int"),
        (json.dumps(_with(ladder(), "c1", y=10**9)), "outside 0..99"),
        (json.dumps(_with(ladder(), "c1", kind="lava")), "kind 'lava' is unknown"),
        (json.dumps(_with(ladder(), "c1", id="e1")), "'e1' is defined twice"),
        (json.dumps(_with(ladder(), "c1", x=4)), "same coordinates"),
        (json.dumps(_with(ladder(), "c1", arrow={"colour": "red"})), "exactly 'colour' and 'direction'"),
        (json.dumps(_with(ladder(), "c1", colour="red")), "unknown key"),
    ],
)
def test_er_board_2_hostile_files_get_one_clear_error(text: str, message: str) -> None:
    with pytest.raises(er.BoardError, match=message) as err:
        er.parse_board(text)
    assert isinstance(err.value, LoadError) and isinstance(err.value, ValueError)
    assert err.value.rule == "ER-BOARD-1" and "\n" not in str(err.value)


def test_er_board_2_file_errors(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_text(" " * 300_000)
    with pytest.raises(er.BoardError, match="at most 200000"):
        er.load_board(big)
    with pytest.raises(er.BoardError, match="cannot read board"):
        er.load_board(tmp_path / "missing.json")
    with pytest.raises(er.BoardError, match="a name, a path or a dict"):
        er.load_board(42)  # type: ignore[arg-type]
    with pytest.raises(er.BoardError, match="needs a Board"):
        er.validate_board(ladder())  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("a\0b", r"not a valid file name \(it holds a NUL byte\)"),
        ("a\ud800b", r"not a valid file name \(the file system cannot encode it"),  # no byte has this escape
        ("x" * 5_000 + "\0", "it holds a NUL byte"),
    ],
)
def test_er_board_1_a_path_the_system_cannot_name_is_a_board_error(name: str, why: str) -> None:
    """Issue 17 §6: ``load_board(Path("a\\0b"))`` once leaked ``ValueError: embedded null byte``."""
    for load in (er.load_board, lambda b: er.new_game(3, board=b)):
        with pytest.raises(er.BoardError, match=f"ER-BOARD-1: cannot read board .*{why}") as err:
            load(Path(name))
        assert type(err.value) is er.BoardError and isinstance(err.value, LoadError)
        assert len(str(err.value)) < 200 and err.value.__suppress_context__


def test_er_board_1_a_lone_surrogate_is_a_missing_file_or_a_board_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """``"a\\udc80b"`` is byte 0x80 under POSIX's surrogateescape (a missing file); where the file system
    cannot encode it (Windows, or a stricter encoder) it is refused as a name. Both are one ``BoardError``."""
    with pytest.raises(er.BoardError, match="cannot read board 'a\\\\udc80b'"):
        er.load_board(Path("a\udc80b"))

    def strict_open(path: object, *args: object) -> int:
        str(path).encode("utf-8")  # raises UnicodeEncodeError on any surrogate, as a strict file system would
        raise AssertionError("not reached")

    with monkeypatch.context() as patched, pytest.raises(er.BoardError, match=r"not a valid file name \(the file"):
        patched.setattr("donkeylab.esels_rennen.board.os.open", strict_open)
        er.load_board(Path("a\udc80b"))


KINDS = st.sampled_from(["normal", "normal", "normal", "sand", "sand", "finish", "start"])
STEPS = {"FL": (-1, 1), "FR": (1, 1), "BL": (-1, -1), "BR": (1, -1)}


@st.composite
def random_boards(draw: st.DrawFn) -> dict[str, Any]:
    """Small diamond boards: 3 start fields, random kinds, arrows in any direction (mostly onto the board).

    Most drawn boards pass the static checks, so the exhaustive half of the validator (endless chains,
    traps, an unreachable finish) is what decides; a few carry deliberate static defects.
    """
    rows = draw(st.integers(2, 4))
    spots = [(x, 0, "start") for x in (1, 3, 5)]
    for y in range(1, rows + 1):
        for x in range((y + 1) % 2, 7, 2):
            if draw(st.integers(0, 7)) != 0:
                spots.append((x, y, "finish" if y == rows else draw(KINDS)))
    taken = {(x, y) for x, y, _ in spots}
    fields: list[dict[str, Any]] = []
    for x, y, kind in spots:
        field: dict[str, Any] = {"id": f"f{x}_{y}", "x": x, "y": y, "kind": kind}
        onto = [d for d, (dx, dy) in STEPS.items() if (x + dx, y + dy) in taken]
        if kind != "start" and (onto or kind == "finish") and draw(st.integers(0, 19)) != 0:
            colour = draw(st.sampled_from(["red", "green", "yellow"]))
            field["arrow"] = {"colour": colour, "direction": draw(st.sampled_from(onto or list(STEPS)))}
        fields.append(field)
    return {
        "schema": "donkeylab.esels_rennen.board/1",
        "name": "h",
        "reconstruction": False,
        "note": "",
        "fields": fields,
    }


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_boards(), st.integers(0, 10**6))
def test_er_board_2_random_boards_accepted_or_rejected_and_games_end(doc: dict[str, Any], seed: int) -> None:
    board = er.load_board(doc)
    try:
        er.validate_board(board)
    except er.BoardError as exc:
        assert str(exc)
        return
    rng = random.Random(seed)
    for players in (2, 5):
        state = er.new_game(players, er.Rules(sand=rng.choice(["zone", "start"])), board=doc)
        final = play_random(state, rng, max_actions=20_000)
        assert final.is_terminal() and len(final.podium) == 3


def test_er_board_2_huge_board_is_refused_not_hung() -> None:
    doc = make_default.build(56, 2, random.Random(1), "huge", "")  # 196 fields, millions of positions
    with pytest.raises(er.BoardError, match="too large"):
        er.validate_board(er.load_board(doc))


def test_er_board_1_diagram_labels_reconstruction_and_shows_donkeys() -> None:
    state = er.new_game(2)
    text = state.diagram()
    lines = text.splitlines()
    assert lines[0] == "RECONSTRUCTION: default" and len(lines) == 11
    assert lines[1].startswith("finish |") and lines[-1].startswith("start  |")
    assert "b0:  [R]" in lines[-1] and "a1:R↗" in lines[-2]
    assert er.diagram(er.load_board(ladder())).splitlines()[0] == "board: ladder"
