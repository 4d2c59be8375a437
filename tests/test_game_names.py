"""Where a game's name may appear (issue 36): its own package, its lessons, the registry — and the exceptions
ARCHITECTURE.md lists ("Where a game's name may appear"), each with how often it may name a game today.

Why a count per file and not just a list: a file already on the list must not grow new knowledge of a game,
and one that loses its names must be taken off (the list only shrinks). The words are the package names
(``double_donkey`` ...), the rule-ID prefixes are checked by the rulebook's own tests.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "donkeylab"
NAMES = re.compile(r"double_donkey|esels_rennen|double_down")
HOMES = ("double_donkey/", "double_down/", "esels_rennen/", "lessons/")  # a game's package, its lessons
REGISTRY = ("games.py",)  # the one map from a game's name to its package

# Files outside a game's home that name a game, with the lines that do. Each entry says why; ARCHITECTURE.md
# repeats the list. The lab holds no game's name: its questions, fast paths and pure twins live in the games.
EXCEPTIONS: dict[str, tuple[int, str]] = {
    "lab/lessons.py": (2, "docstring examples"),
    "classroom/questions.py": (4, "each lesson's class questions name the game question they pool"),
    "cli.py": (8, "Esels-Rennen's board commands (validate-board, --board) and their messages"),
    "widgets/running_total.py": (3, "a view draws one game (its ``games`` names it)"),
    "widgets/race_board.py": (3, "a view draws one game"),
    "widgets/dice_tray.py": (3, "a view draws one game"),
    "widgets/card_hands.py": (2, "a view draws one game"),
    "widgets/stepper.py": (2, "docstring examples"),
    "widgets/liveplot.py": (1, "docstring example"),
    "widgets/explorer.py": (1, "docstring example"),
    "rulebook/__init__.py": (3, "docstring examples and the package's data files"),
    "site/page.py": (1, "the static site's default app"),
    "core/setup.py": (1, "docstring example"),
    "pages/registry.py": (1, "docstring example"),
    "apps/__init__.py": (1, "docstring example"),
    "__init__.py": (1, "the package docstring's example"),
}


def naming_lines() -> dict[str, int]:
    """Each file outside a game's home that names a game: how many of its lines do."""
    found: dict[str, int] = {}
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(HOMES) or rel in REGISTRY:
            continue
        count = sum(1 for line in path.read_text(encoding="utf-8").splitlines() if NAMES.search(line))
        if count:
            found[rel] = count
    return found


def test_no_file_outside_a_games_home_names_a_game_beyond_the_listed_exceptions() -> None:
    found = naming_lines()
    new = {f: n for f, n in found.items() if f not in EXCEPTIONS}
    assert not new, f"these files name a game outside its package, lessons and registry: {new}"
    grown = {f: (n, EXCEPTIONS[f][0]) for f, n in found.items() if f in EXCEPTIONS and n > EXCEPTIONS[f][0]}
    assert not grown, f"(lines now, lines allowed): a listed file learned more about a game: {grown}"


def test_the_exceptions_only_shrink() -> None:
    """An exception that no longer names a game (or names it less) is taken off or lowered, so the list stays
    the truth ARCHITECTURE.md repeats."""
    found = naming_lines()
    stale = {f: (found.get(f, 0), n) for f, (n, _) in EXCEPTIONS.items() if found.get(f, 0) < n}
    assert not stale, f"(lines now, lines listed): lower or remove these exceptions: {stale}"


def test_architecture_lists_the_same_exceptions() -> None:
    text = (ROOT.parent / "ARCHITECTURE.md").read_text(encoding="utf-8")
    part = text.split("Where a game's name may appear", 1)[1].split("\n## ", 1)[0]
    missing = [f for f in EXCEPTIONS if f"`{f}`" not in part]
    assert not missing, f"ARCHITECTURE.md's list lacks {missing}"
