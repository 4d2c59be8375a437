"""Proof of ARCHITECTURE.md's "A new class question": the toy lesson (``tests/toy_lesson.py``) gets class mode by
declaring its questions as the list says — one ``add(lesson, headline, more...)`` as in
``donkeylab/classroom/questions.py``, the later question's prompt in the catalogue under ``class/q/``, and the
``by`` of the lesson section that states its answer (the toy's notice). Nothing in ``donkeylab/classmode/``
changes: the class page built through ``apps.build(name, "class=CODE&_pupil=...")`` carries both questions, the
pupil's guesses reach the store, the dashboard offers the lesson and lists, asks and counts the questions, and
the notice waits for the later question's reveal.

The registrations (the lesson, its class questions, their words) are undone after the test.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from donkeylab.apps import build
from donkeylab.classmode.dashboard import ClassDashboard
from donkeylab.classroom import ClassStore, lessons, question_specs
from donkeylab.classroom.questions import ClassQuestion, add
from donkeylab.core import CATALOGUE
from tests.apps.test_new_lesson import NAME, toy_lesson_registered
from tests.classroom.test_cockpit import says
from tests.classroom.test_pages import class_store, pupil_of, until

PROMPT = "class/q/toy_lesson.risk_66"


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ClassStore]:
    yield from class_store(tmp_path, monkeypatch)


@pytest.fixture
def toy(store: ClassStore) -> Iterator[ModuleType]:
    """The toy lesson with its two class questions: its own prediction first, then the guess at 66."""
    made = toy_lesson_registered()
    module = next(made)
    CATALOGUE.add(
        PROMPT, "The total is 66. The risk of the next card?", "Die Summe ist 66. Das Risiko der nächsten Karte?"
    )
    add(
        NAME,
        ClassQuestion("token_60", f"lesson/{NAME}/prompt", module.risk(module.TOTAL), headline=True),
        ClassQuestion(module.SECOND[0], PROMPT, module.risk(module.LATER)),
    )
    try:
        yield module
    finally:
        sys.modules["donkeylab.classroom.questions"]._LESSONS.pop(
            NAME, None
        )  # the package's ``questions`` is a function
        CATALOGUE.messages.pop(PROMPT, None)
        made.close()


def dashboard() -> ClassDashboard:
    dash = build("class_mode", "lang=en").dashboard
    assert isinstance(dash, ClassDashboard)
    return dash


def test_a_new_class_question_reaches_the_pupil_the_store_and_the_dashboard(store: ClassStore, toy: ModuleType) -> None:
    assert NAME in lessons() and list(question_specs(NAME)) == ["token_60", "risk_66"]
    dash = dashboard()
    assert [NAME, "Toy lesson"] in dash.lessons  # the start screen offers it
    dash.start_class(NAME, 30)
    assert dash.view == "class" and [q[0] for q in dash.questions] == ["token_60", "risk_66"]
    assert dash.question.startswith("Your guess: the probability that the next card at 60")

    part = pupil_of(build(NAME, f"class={dash.code}&_pupil=toy-pupil-browser-0001"))
    until(lambda: part.pupil is not None and part.state is not None)
    assert list(part.specs) == ["token_60", "risk_66"] and part.card.question["count"] == 2
    assert part.lesson.sealed and part.prediction.held  # the answer waits for the teacher

    part.lock.click(0.3)  # the lesson's own prediction, locked beside it
    until(lambda: part.locked.get("token_60") == 0.3 and dash.answered == 1)
    assert store.results(dash.code, dash._key, "token_60")["answers"] == [0.3]
    says(dash, method="reveal")
    until(lambda: "token_60" in part.revealed)
    assert part.lesson.exercises is not None  # the headline's reveal opens the lesson...
    assert part.lesson.notice is None and part.lesson.pending  # ...but the notice states the answer at 66

    says(dash, method="next")
    until(lambda: part.current == "risk_66" and part.card.question.get("index") == 2)
    assert dash.question == "The total is 66. The risk of the next card?" and dash.answered == 0
    part.card.click(0.2)  # the later question, asked on the card
    until(lambda: part.locked.get("risk_66") == 0.2 and dash.answered == 1)
    assert store.results(dash.code, dash._key, "risk_66")["answers"] == [0.2]
    says(dash, method="reveal")
    until(lambda: part.lesson.notice is not None and not part.lesson.pending)
    assert "12.5 %" in part.lesson.notice.value  # 7/56 at 66, now on the page
    dash.close()


def test_the_class_questions_leave_nothing_behind(store: ClassStore) -> None:
    assert NAME not in lessons() and PROMPT not in CATALOGUE.messages
