"""The ``donkeylab`` command line: simulate (table, JSON, CSV), exact, validate-board, clear errors."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from donkeylab.cli import format_table, main
from donkeylab.games import GAMES


@pytest.fixture(autouse=True)
def toy_game_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI plays only registered games (a game name is never imported as a module): register the toy."""
    monkeypatch.setitem(GAMES, "toy_race", "tests.toy_game")


def test_simulate_prints_a_ci_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "toy_race", "--players", "2", "--games", "50", "--seed", "3", "--rule", "goal=5"]) == 0
    out = capsys.readouterr().out
    assert "50 games, 2 players, seed 3" in out and "{'goal': 5}" in out
    assert "win seat 0" in out and "95% CI" in out and "wilson" in out and "bootstrap" in out


def test_simulate_json_to_stdout_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "simulate",
        "toy_race",
        "--players",
        "3",
        "--games",
        "20",
        "--seed",
        "5",
        "--json",
        "-",
        "--no-progress",
    ]
    assert main(args) == 0
    first = capsys.readouterr()
    doc = json.loads(first.out)
    assert doc["spec"]["seed"] == 5 and len(doc["records"]) == 20
    assert "win seat 0" in first.err, "the table moves to stderr when stdout carries the JSON"
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["records"] == doc["records"]


def test_simulate_csv_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "games.csv"
    assert main(["simulate", "toy_race", "--players", "2", "--games", "7", "--csv", str(out), "--no-progress"]) == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert len(rows) == 7 and rows[0]["winners"] in ("0", "1") and int(rows[0]["actions"]) > 0


def test_bad_input_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "chess"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
    assert main(["simulate", "toy_race", "--players", "2", "--rule", "goal=0", "--no-progress"]) == 2
    assert "goal must be" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["simulate", "toy_race", "--rule", "novalue"])


def test_format_table_shows_fractions_exactly_and_approximately() -> None:
    from fractions import Fraction

    text = format_table([{"k": 1, "p": Fraction(1, 6)}, {"k": 2, "p": Fraction(1)}])
    assert "1/6 ≈ 0.1667" in text and text.splitlines()[0].split() == ["k", "p"]


def test_console_entry_point_runs_as_a_module() -> None:
    proc = subprocess.run([sys.executable, "-m", "donkeylab.cli", "--help"], capture_output=True, text=True, check=True)
    assert "simulate" in proc.stdout and "validate-board" in proc.stdout and "exact" in proc.stdout


def test_exact_prints_fraction_tables_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["exact", "double_down", "--table", "risk_by_total"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("## risk_by_total") and "25/28 ≈ 0.8929" in out
    assert main(["exact", "double_down", "--table", "risk_by_total", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["risk_by_total"][0]["safe"] == {"fraction": "25/28", "float": 25 / 28}
    assert main(["exact", "double_down", "--table", "nope"]) == 2
    assert "no table 'nope'" in capsys.readouterr().err


def test_validate_board_accepts_and_rejects(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = Path(__file__).resolve().parent.parent / "donkeylab" / "esels_rennen" / "boards" / "tiny_chain.json"
    assert main(["validate-board", str(good)]) == 0
    assert "OK" in capsys.readouterr().out
    bad = tmp_path / "bad.json"
    bad.write_text('{"fields": 3}')
    assert main(["validate-board", str(bad)]) == 1
    assert "INVALID" in capsys.readouterr().err
    assert main(["validate-board", str(tmp_path / "missing.json")]) == 1


def test_serve_builds_the_voila_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--dir", str(tmp_path), "--port", "9001", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "-m donkeylab.server.server" in out and "--port=9001" in out and "127.0.0.1" in out
    assert main(["serve", "--dir", str(tmp_path / "nope"), "--dry-run"]) == 2
    assert "no app folder" in capsys.readouterr().err


def test_figure_writes_a_self_contained_html_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "dv.html"
    assert main(["figure", "double_donkey.distinct_values", "--n", "5000", "--seed", "2", "--out", str(out)]) == 0
    html = out.read_text()
    assert "Distinct values on the Hay card" in html and "plotly" in html.lower()
    assert "n=5,000" in capsys.readouterr().err
    german = tmp_path / "total.html"
    args = ["figure", "double_down.total_after", "--n", "2000", "--param", "k=2", "--lang", "de", "--out", str(german)]
    assert main([*args, "--param", "replacement=true"]) == 0
    assert "Summe nach 2 Karten, mit Zur" in german.read_text()  # plotly escapes the ü


def test_figure_lists_every_question_a_game_declares(capsys: pytest.CaptureFixture[str]) -> None:
    """The CLI's figures are the registry's questions: no table of its own to keep in step."""
    from donkeylab.lab import questions

    assert main(["figure", "list"]) == 0
    listed = [line.split(":")[0] for line in capsys.readouterr().out.splitlines()]
    assert listed == questions.names() and "esels_rennen.race_orders" in listed


def test_chances_prints_the_table_of_a_seeded_step(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chances", "double_donkey", "--seed", "1", "--step", "2", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("step 2 of seed 1 (3 players)")
    assert "Ranked by expected value of your lowest card (lower is better)" in out and "1. place " in out
    assert main(["chances", "double_down", "--seed", "2", "--step", "1", "--players", "2"]) == 0
    out = capsys.readouterr().out
    assert "Others: each picks one card of their hand at random" in out and "PlayCard(" in out
    assert main(["chances", "esels_rennen", "--seed", "0", "--step", "0"]) == 0
    assert "Chance acts next" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["chances", "nope"], "unknown game 'nope'"),
        (["chances", "double_down", "--seed", "x"], "--seed: 'x' is not a whole number"),
        (["chances", "double_down", "--step", "-1"], "--step: -1 is outside"),
        (["chances", "double_down", "--players", "2", "--step", "9999"], "is past the end of this game"),
        (["chances", "double_down", "--players", "1"], "--players/--variant"),
    ],
)
def test_chances_bad_seed_step_or_game_is_one_line_and_exit_2(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse refuses a malformed number before anything runs
        code = exc.code
    assert code == 2
    err = capsys.readouterr().err
    assert said in err and len(err.strip().splitlines()) == 1
