"""Fuzzing the command line (issue 11, part 4): random argument lists built from the real commands and
options with hostile values. Whatever is typed, the exit code is 0, 1 or 2 and a failure is one line on
stderr, never a traceback. (Real runs are kept tiny: at most 3 games, ``serve`` only with ``--dry-run``.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.esels_rennen.helpers import ladder
from tests.hostile.cli import assert_one_line, run
from tests.hostile.fuzz import TEXTS, fuzz

GAMES = ["double_donkey", "double_down", "esels_rennen"]
HOSTILE = st.one_of(
    TEXTS.filter(lambda t: "\x00" not in t),
    st.sampled_from(["-1", "0", "1e3", "10**30", str(10**30), "9" * 5000, "", "nan", "3.5", "--", "-h x"]),
)
SMALL = st.sampled_from(["0", "1", "2", "3"])


def _value(good: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(good, good, HOSTILE)


def _simulate(tmp: Path) -> st.SearchStrategy[list[str]]:
    board = tmp / "board.json"
    options = {
        "--players": _value(st.sampled_from(["2", "3", "5", "9"])),
        "--games": _value(SMALL),
        "--seed": _value(st.sampled_from(["0", "7", "-3"])),
        "--variant": _value(st.sampled_from(["english", "german"])),
        "--rule": _value(st.sampled_from(["hand_size=3", "sand=start", "goal=2", "deck=[1]", "x", "a=b=c"])),
        "--bots": _value(st.sampled_from(["Random", "Policy(lowest)", "Careful", "Greedy", "Greedy(limit=5)", "Keep"])),
        "--board": _value(st.sampled_from([str(board), str(tmp), "/dev/zero", "default"])),
        "--batch-size": _value(SMALL),
        "--json": st.sampled_from([str(tmp / "out.json"), "-", str(tmp / "no" / "out.json")]),
    }
    chosen = st.lists(st.sampled_from(sorted(options)), max_size=5, unique=True)

    @st.composite
    def args(draw: st.DrawFn) -> list[str]:
        out = ["simulate", draw(_value(st.sampled_from(GAMES)))]
        for name in draw(chosen):
            out += [name, draw(options[name])]
        if "--games" not in out:
            out += ["--games", "2"]
        return [*out, "--no-progress"]

    return args()


def _others(tmp: Path) -> st.SearchStrategy[list[str]]:
    return st.one_of(
        st.builds(lambda g, t: ["exact", g, "--table", t], HOSTILE, HOSTILE),
        st.builds(lambda f: ["validate-board", f], _value(st.sampled_from([str(tmp / "board.json"), str(tmp)]))),
        st.builds(
            lambda lesson, n, k: ["figure", lesson, "--n", n, "--k", k, "--out", str(tmp / "f.html")],
            _value(st.sampled_from(["risk", "flip"])),
            _value(st.sampled_from(["10", "100"])),
            _value(st.sampled_from(["1", "3"])),
        ),
        st.builds(lambda d, p: ["serve", "--dir", d, "--port", p, "--dry-run"], _value(st.just(str(tmp))), HOSTILE),
        st.lists(HOSTILE, max_size=4),
    )


@pytest.fixture(scope="module")
def tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("cli-fuzz")
    (folder / "board.json").write_text(json.dumps(ladder()))
    return folder


@fuzz(60)
@given(data=st.data())
def test_any_command_line_is_one_line_or_success(
    tmp: Path, data: st.DataObject, capsys: pytest.CaptureFixture[str]
) -> None:
    args = data.draw(st.one_of(_simulate(tmp), _others(tmp)))
    code, _, err = run(args, capsys)
    assert code in (0, 1, 2), (args, code, err)
    if code:
        assert_one_line(code, err, code)
    else:
        assert "Traceback" not in err
