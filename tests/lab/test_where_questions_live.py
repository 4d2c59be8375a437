"""Where a question lives (ARCHITECTURE.md, "A lab question"): with its game or with its lesson, never in the lab.

Read from the source, so a question written into the lab fails here even before anyone runs it: no module of
``donkeylab/lab/`` builds a ``GameQuestion`` or registers a ``Question`` (only ``questions.from_game`` wraps what
a game declares), and every question the registry holds comes from a game's ``QUESTIONS`` or from a lesson's
module.
"""

from __future__ import annotations

import ast
from pathlib import Path

from donkeylab import games
from donkeylab.lab import questions
from donkeylab.lessons import full_games_questions

ROOT = Path(__file__).resolve().parents[2] / "donkeylab"
BUILDERS = {"GameQuestion", "Question", "register"}


def calls(path: Path) -> list[tuple[int, str]]:
    """(line, name) of every call of a question builder in ``path`` (``Question(...)``, ``register(...)``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in BUILDERS:
                found.append((node.lineno, name))
    return found


def test_no_module_of_the_lab_builds_or_registers_a_question() -> None:
    allowed = {("questions.py", "Question")}  # ``from_game``: the one wrapper of a game's declaration
    bad = {
        f"{path.name}:{line} {name}"
        for path in sorted((ROOT / "lab").rglob("*.py"))
        for line, name in calls(path)
        if (path.name, name) not in allowed
    }
    assert not bad, f"a question lives with its game or its lesson, not in the lab: {sorted(bad)}"


def test_the_check_can_fail(tmp_path: Path) -> None:
    module = tmp_path / "x.py"
    module.write_text("from donkeylab.lab.questions import Question, register\nregister(Question('a', 'b', ()))\n")
    assert sorted(name for _, name in calls(module)) == ["Question", "register"]


def test_every_registered_question_comes_from_a_game_or_a_lesson() -> None:
    declared = {f"{info.name}.{q.name}" for info in games.infos() for q in info.questions}
    assert set(questions.names()) == declared | set(questions.QUESTIONS), "the registry holds nothing else"
    assert set(questions.QUESTIONS) == {"double_donkey.variants", "lesson.rounds_difference"}  # Lesson 5's own
    assert full_games_questions.VARIANTS_QUESTION is questions.get("double_donkey.variants")
    for info in games.infos():
        assert info.questions, f"{info.name} declares no question"
