"""Proof of ARCHITECTURE.md's "A new lesson": the tests' toy lesson (``tests/toy_lesson.py``, one module written as
the list says) joins the lessons by its import alone — the import a real lesson gets as one line in
``donkeylab/lessons/__init__.py``. Its page builds through ``donkeylab.apps.build`` (sealed until the reveal, whole
with ``reveal=1``), the gallery has its card and its sheets, and it prints a worksheet and an answer key in both
languages, all read off its ``LessonSpec``: no module of the package is edited.

The registration is undone after each test (the app, the module, its catalogue words), since other tests
enumerate the registered lessons (the gallery's, the worksheets', class mode's).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from types import ModuleType

import pytest

import donkeylab.apps  # noqa: F401  (the package's own apps first, as every page has them)
from donkeylab.apps import build, gallery
from donkeylab.core import CATALOGUE
from donkeylab.lessons import worksheet_links, worksheets
from donkeylab.lessons.page import Lesson
from donkeylab.pages.registry import APPS

MODULE = "tests.toy_lesson"
NAME = "toy_lesson"


def toy_lesson_registered() -> Iterator[ModuleType]:
    """The toy lesson imported (so registered) for one test, and everything it registered taken away after."""
    assert NAME not in APPS and MODULE not in sys.modules, "the toy lesson leaked from an earlier test"
    module = importlib.import_module(MODULE)
    try:
        yield module
    finally:
        APPS.pop(NAME, None)
        sys.modules.pop(MODULE, None)
        for key in [k for k in CATALOGUE.messages if k.startswith(f"lesson/{NAME}/")]:
            del CATALOGUE.messages[key]


@pytest.fixture
def toy() -> Iterator[ModuleType]:
    yield from toy_lesson_registered()


def lesson_of(page: object) -> Lesson:
    lesson = getattr(page, "lesson", None)
    assert isinstance(lesson, Lesson), f"not a lesson page: {page!r}"
    return lesson


def test_the_toy_lesson_builds_through_the_apps_sealed_until_its_reveal(toy: ModuleType) -> None:
    app = APPS[NAME]
    assert app.kind == "lesson" and app.notebook == "toy_lesson.ipynb" and app.title.de == "Spielzeug-Lektion"
    assert {"seed", "players", "step", "lang", "seat", "reveal", "class", "big"} <= set(app.params)

    sealed = lesson_of(build(NAME, "lang=de&seed=4"))
    assert sealed.spec is toy.spec() and sealed.switch.value == "de"
    assert sealed.question is not None and "Die Summe ist 60" in sealed.question.value
    assert sealed.stepper is not None and sealed.stepper.game == "double_down" and sealed.stepper.seed == 4
    assert sealed.sealed and sealed.exercises is None and sealed.notice is None  # the answer is not built yet
    assert sealed.live and sealed.live[-1].exact_hidden  # the plot runs without its exact line

    sealed.prediction.commit(0.2)  # guess first: the pupil's own lock, then the Reveal opens the lesson
    sealed.prediction.reveal()
    assert not sealed.sealed and sealed.exercises is not None and sealed.notice is not None
    assert not sealed.live[-1].exact_hidden

    whole = lesson_of(build(NAME, "reveal=1"))  # the teacher's link: everything at once
    assert whole.answer == toy.risk(toy.TOTAL) and whole.exercises is not None and whole.notice is not None


def test_the_gallery_has_its_card_and_its_sheets(toy: ModuleType) -> None:
    for lang, title in (("en", "Toy lesson"), ("de", "Spielzeug-Lektion")):
        page = gallery(lang).value
        assert f"href='toy_lesson.ipynb?lang={lang}'" in page and title in page
        teacher = page[page.index("id='dl-teacher'") :]
        assert worksheet_links.url(NAME, lang, "key").replace("&", "&amp;") in teacher
        row = teacher[: teacher.index(title)].rsplit("<tr>", 1)[1]
        assert ("Lesson 6" if lang == "en" else "Lektion 6") in row  # numbered by its place, after the five
    assert worksheet_links.lessons()[-1] == NAME  # a lesson without a number comes after the numbered ones


@pytest.mark.parametrize("lang", ["en", "de"])
def test_it_prints_a_worksheet_and_an_answer_key_from_its_spec(toy: ModuleType, lang: str) -> None:
    answer = str(toy.risk(toy.TOTAL))  # 9/56: the key writes the exact answer as a fraction too
    sheet = worksheets.document(NAME, lang, "worksheet")
    key = worksheets.document(NAME, lang, "key")
    question = toy.TEXTS["question"][0 if lang == "en" else 1]
    assert question in sheet and question in key
    exercise = toy.TEXTS["ex1.q"][0 if lang == "en" else 1]
    assert exercise in sheet and exercise in key
    assert answer in key and answer not in sheet  # the key answers, the sheet keeps the answer back


def test_the_registration_leaves_nothing_behind() -> None:
    made = toy_lesson_registered()
    next(made)
    assert NAME in APPS and NAME in worksheet_links.lessons() and "lesson/toy_lesson/title" in CATALOGUE.messages
    made.close()
    assert NAME not in APPS and NAME not in worksheet_links.lessons() and MODULE not in sys.modules
    assert not [k for k in CATALOGUE.messages if k.startswith("lesson/toy_lesson/")]
