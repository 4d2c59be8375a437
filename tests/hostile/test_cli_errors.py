"""Issue 11, part 3: the CLI never prints a traceback. Every command with bad arguments gets one line naming
what was wrong; exit code 2 for a usage error (an argument that cannot work), 1 for bad data (a file)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.esels_rennen.helpers import ladder
from tests.hostile.cli import assert_one_line, run

BIG = str(10**30)

USAGE_ERRORS = [
    # simulate: the game name is never imported as a module
    (["simulate", "os.path"], "unknown game"),
    (["simulate", "nonexist.mod"], "unknown game"),
    (["simulate", "json.decoder"], "unknown game"),
    (["simulate", "tests.toy_game"], "unknown game"),
    (["simulate", "double_down", "--players", "10**30"], "not a whole number"),
    (["simulate", "double_down", "--players", BIG], "outside"),
    (["simulate", "double_down", "--players", "9" * 5000], "--players"),
    (["simulate", "double_down", "--players", "9"], "players"),
    (["simulate", "double_down", "--players", "0"], "outside"),
    (["simulate", "double_down", "--games", "10**12"], "not a whole number"),
    (["simulate", "double_down", "--games", str(10**12)], "outside"),
    (["simulate", "double_down", "--games", "-1"], "outside"),
    (["simulate", "double_down", "--seed", "x"], "not a whole number"),
    (["simulate", "double_down", "--batch-size", "0"], "outside"),
    (["simulate", "double_down", "--bots", "Action"], "no bot 'Action'"),
    (["simulate", "double_down", "--bots", "PlayCard(9)"], "no bot 'PlayCard'"),
    (["simulate", "double_donkey", "--bots", "Keep"], "no bot 'Keep'"),
    (["simulate", "double_donkey", "--bots", "Policy("], "--bots"),
    (["simulate", "double_donkey", "--bots", "Policy(sideways)"], "policy must be"),
    (["simulate", "double_donkey", "--bots", "Greedy(limit='x')"], "limit must be"),
    (["simulate", "double_donkey", "--bots", "Greedy(" + "(" * 3000 + ")"], "--bots"),
    (["simulate", "double_down", "--bots", "Careful(3)"], "Careful"),
    (["simulate", "double_down", "--players", "4", "--bots", "Random,Random,Random"], "one per seat"),
    (["simulate", "double_down", "--board", "x.json"], "--board is for"),
    (["simulate", "double_down", "--rule", "hand_size=0"], "hand_size"),
    (["simulate", "double_down", "--rule", "nosuch=1"], "unknown rule option"),
    (["simulate", "double_down", "--rule", "novalue"], "key=value"),
    (["simulate", "double_donkey", "--variant", "klingon"], "variant"),
    (["simulate", "double_donkey", "--rule", "deck=[1]"], "deck"),
    (["simulate", "double_donkey", "--rule", "first_player=" + "9" * 5000], "first_player"),
    (["simulate", "esels_rennen", "--rule", "sand=Zone"], "sand"),
    (["simulate", "esels_rennen", "--rule", 'finish_arrows="yes"'], "finish_arrows"),
    (["simulate", "esels_rennen", "--players", "7"], "players"),
    # exact
    (["exact", "os.path"], "unknown game"),
    (["exact", "double_down", "--table", "nope"], "no table"),
    # figure
    (["figure", "double_down.risk", "--n", "0"], "outside"),
    (["figure", "double_down.risk", "--n", str(10**12)], "outside"),
    (["figure", "double_down.total_after", "--param", "k=99"], "must be one of"),
    (["figure", "double_down.total_after", "--param", "k=" + "9" * 5000], "cannot take"),
    (["figure", "double_down.total_after", "--param", "colour=red"], "no parameter"),
    (["figure", "double_down.total_after", "--param", "k"], "NAME=VALUE"),
    (["figure", "nope"], "no question"),
    # serve
    (["serve", "--port", "0", "--dry-run"], "outside"),
    (["serve", "--port", "70000", "--dry-run"], "outside"),
    (["serve", "--dir", "no/such/folder", "--dry-run"], "no app folder"),
    # bytes that are not UTF-8 (Python hands them over as lone surrogates): the line shows them escaped
    (["exact", "--", "--table", "\ud800"], "unrecognized arguments"),
    (["simulate", "double_down\udcff"], "unknown game"),
    # the command itself
    ([], "required"),
    (["nope"], "invalid choice"),
    (["simulate"], "required"),
]


@pytest.mark.parametrize(("args", "why"), USAGE_ERRORS)
def test_usage_errors_are_one_line_and_exit_2(args: list[str], why: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run([*args, *(["--no-progress"] if args[:1] == ["simulate"] and len(args) > 1 else [])], capsys)
    assert_one_line(code, err, 2)
    assert why in err, err


def _board_files(tmp_path: Path) -> dict[str, Path]:
    files = {
        "missing": tmp_path / "missing.json",
        "folder": tmp_path,
        "bad json": tmp_path / "bad.json",
        "5000 digits": tmp_path / "digits.json",
        "duplicate keys": tmp_path / "dup.json",
        "binary": tmp_path / "binary.json",
        "invalid board": tmp_path / "invalid.json",
        "too big": tmp_path / "big.json",
    }
    files["bad json"].write_text("{")
    files["5000 digits"].write_text(json.dumps(ladder()).replace('"x": 2', '"x": ' + "2" * 5000, 1))
    files["duplicate keys"].write_text(json.dumps(ladder()).replace('"name": ', '"name": "a", "name": ', 1))
    files["binary"].write_bytes(b"\xff\xfe\x00\x01" * 10)
    files["invalid board"].write_text(json.dumps({**ladder(), "fields": ladder()["fields"][3:]}))
    files["too big"].write_text(" " * 300_000)
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo")  # opening it for reading would block forever: it must be refused unread
        files["fifo"] = tmp_path / "fifo"
    if Path("/dev/zero").exists():
        files["/dev/zero"] = Path("/dev/zero")  # endless: it must be refused unread
    return files


def test_bad_board_files_are_one_line_and_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name, path in _board_files(tmp_path).items():
        code, _, err = run(["validate-board", str(path)], capsys)
        assert_one_line(code, err, 1)
        assert "INVALID" in err, name
        code, _, err = run(["simulate", "esels_rennen", "--board", str(path), "--games", "1", "--no-progress"], capsys)
        assert_one_line(code, err, 1)


def test_a_good_board_file_plays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "ladder.json"
    board.write_text(json.dumps(ladder()))
    code, out, err = run(["simulate", "esels_rennen", "--board", str(board), "--games", "3", "--no-progress"], capsys)
    assert code == 0 and "3 games" in out, err


def test_unwritable_output_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "no" / "such" / "dir" / "x.json"
    code, _, err = run(["simulate", "double_down", "--games", "1", "--json", str(out), "--no-progress"], capsys)
    assert_one_line(code, err, 2)
    code, _, err = run(["figure", "double_down.risk", "--out", str(tmp_path / "no" / "x.html")], capsys)
    assert_one_line(code, err, 2)


def test_the_installed_command_prints_no_traceback() -> None:
    for args in (
        ["simulate", "os.path"],
        ["simulate", "double_down", "--players", BIG],
        ["validate-board", "/dev/zero"],
    ):
        proc = subprocess.run(
            [sys.executable, "-m", "donkeylab.cli", *args], capture_output=True, text=True, timeout=60, check=False
        )
        assert proc.returncode in (1, 2) and "Traceback" not in proc.stderr, proc.stderr
        assert proc.stderr.count("\n") == 1, proc.stderr
