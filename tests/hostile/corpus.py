"""The corpus of hand-written hostile inputs in ``tests/data/hostile/`` and the runner for its cases.

``cases.json`` lists every input with the loader it is fed to and the one error it must give (see the
folder's README). ``run_case`` feeds one case and returns what happened, so ``test_corpus`` can check it
and ``benchmarks/hostile_inputs.py`` can time it (worst-case seconds and memory per hostile input).
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from donkeylab import double_donkey as dd
from donkeylab import esels_rennen as er
from donkeylab import games
from donkeylab.cli import main
from donkeylab.core import DonkeylabError, rules_from_dict
from tests.hostile.fuzz import MODULES

CORPUS = Path(__file__).resolve().parents[1] / "data" / "hostile"


@dataclasses.dataclass(frozen=True)
class Case:
    name: str
    loader: str
    spec: dict[str, Any]

    @property
    def expected(self) -> str:
        return str(self.spec["error"])


@dataclasses.dataclass(frozen=True)
class Outcome:
    """What a case did: the error's class name and message (or ``"accepted"``), or a CLI exit code."""

    error: str
    message: str
    exit: int | None = None


def cases() -> list[Case]:
    doc = json.loads((CORPUS / "cases.json").read_text(encoding="utf-8"))
    return [Case(c["name"], c["loader"], c) for c in doc["cases"]]


def source(case: Case) -> Any:
    """The input of a case: a file's bytes, an inline text or JSON value, or a generated text."""
    spec = case.spec
    if "file" in spec:
        return (CORPUS / spec["file"]).read_bytes()
    if "generate" in spec:
        prefix, repeat, times, suffix = spec["generate"]
        return prefix + repeat * times + suffix
    if "text" in spec:
        return spec["text"]
    return spec.get("value")


@contextlib.contextmanager
def special_path(name: str) -> Iterator[Path]:
    """``@fifo`` (a named pipe: opening it to read would block), ``@folder``, or a real path like /dev/zero."""
    with tempfile.TemporaryDirectory() as tmp:
        if name == "@fifo":
            path = Path(tmp) / "board.fifo"
            os.mkfifo(path)
            yield path
        elif name == "@folder":
            yield Path(tmp)
        else:
            yield Path(name)


def run_case(case: Case) -> Outcome:
    """Feed one case to its loader; every error other than the documented ones propagates (a test failure)."""
    if case.loader == "cli":
        return _run_cli(case)
    try:
        _load(case)
    except DonkeylabError as exc:
        return Outcome(type(exc).__name__, str(exc))
    except ValueError as exc:  # Rules(...) refuse with ValueError by design (only the deck loader calls them)
        return Outcome("ValueError", str(exc))
    return Outcome("accepted", "")


def _load(case: Case) -> Any:
    loader, value = case.loader, source(case)
    if loader == "save":
        return games.load(value)
    if loader == "board":
        return er.parse_board(value)
    if loader == "board+validate":
        return er.validate_board(er.parse_board(value))
    if loader == "board path":
        with special_path(case.spec["path"]) as path:
            return er.validate_board(er.load_board(path))
    if loader == "deck":
        return dd.new_game(2, rules_from_dict(dd.Rules, {"deck": value}))
    if loader.startswith("action:"):
        return MODULES[loader.split(":")[1]].parse_action(value)
    raise ValueError(f"unknown loader {loader!r} in cases.json")


def _run_cli(case: Case) -> Outcome:
    args = [str(a) for a in case.spec["args"]]
    err = io.StringIO()
    with special_path(case.spec.get("path", "@folder")) as path:
        args = [str(path) if a == "PATH" else a for a in args]
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            try:
                code = main(args)
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 2
    return Outcome("exit", err.getvalue(), code)
