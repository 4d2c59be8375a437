"""ARCHITECTURE.md stays a map: short, without issue numbers, and every path it names is one a reader can open.

A map that names a moved or deleted file sends a newcomer nowhere, so every backticked path under the
repository's folders (``donkeylab/...``, ``tests/...``, ``widgets/...``, ``notebooks/...``, ``deploy/...``,
``benchmarks/...``) must exist; a pattern (``<name>``, ``*``, ``0N``) is a pattern, not a path. The list of
where a game's name may appear names files inside the package (``widgets/stepper.py``): ``tests/test_game_names.py``
checks that list against the package.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEXT = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
FOLDERS = ("donkeylab/", "tests/", "widgets/", "notebooks/", "deploy/", "benchmarks/")
MAX_LINES = 350


def named_paths(text: str) -> list[str]:
    """Every backticked path under one of the repository's folders, patterns left out."""
    found = re.findall(r"`([^`\s]+)`", text)
    return [p for p in found if p.startswith(FOLDERS) and not re.search(r"[<*{]|0N", p)]


def test_every_path_the_map_names_exists() -> None:
    paths = named_paths(TEXT.split("## Where a game's name may appear", 1)[0])
    assert len(paths) > 40, "the map names the folders and files it is about"
    missing = [p for p in paths if not (ROOT / p).exists()]
    assert not missing, f"ARCHITECTURE.md names paths that do not exist: {missing}"


def test_a_missing_path_is_found() -> None:
    assert named_paths("see `donkeylab/nowhere.py` and `donkeylab/lessons/<name>.py`") == ["donkeylab/nowhere.py"]
    assert not (ROOT / "donkeylab/nowhere.py").exists()


def test_the_map_is_short_and_names_no_issue() -> None:
    assert len(TEXT.splitlines()) <= MAX_LINES
    assert not re.findall(r"\bissues? \d+|#\d+\b", TEXT, flags=re.IGNORECASE)
