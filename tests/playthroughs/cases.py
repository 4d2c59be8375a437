"""Registry of golden playthroughs: every ``cases_<game>.py`` beside this file defines ``CASES``.

A case is ``name -> () -> (initial state, seed, bots or None)``; ``None`` means random bots for everyone.
One file per game keeps the engines' work apart; ``write.py`` renders them, ``test_playthroughs.py``
compares them line by line.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from donkeylab.core import GameState

HERE = Path(__file__).parent
Case = Callable[[], tuple[GameState, int, Mapping[int, Any] | None]]


def all_cases() -> dict[str, Case]:
    cases: dict[str, Case] = {}
    for path in sorted(HERE.glob("cases_*.py")):
        module = importlib.import_module(f"tests.playthroughs.{path.stem}")
        for name, case in module.CASES.items():
            if name in cases:
                raise ValueError(f"playthrough {name!r} defined twice")
            cases[name] = case
    return cases


def golden_path(name: str) -> Path:
    return HERE / f"{name}.txt"
