"""A lesson that lives only in tests: it proves ARCHITECTURE.md's list of what a new lesson touches.

It is written exactly as a lesson of ``donkeylab/lessons/`` is: its words in one ``TEXTS`` table of its own
(``tests/toy_lesson_text.py``) registered under ``lesson/<name>/``, its page as a ``LessonSpec`` (sections only,
built by ``lessons.framework``), its link from ``lesson_params``, its ``spec`` / ``parts`` / ``build``, and one
``register(AppInfo(...))`` at the end, so that importing the module registers it (what the one import line in
``donkeylab/lessons/__init__.py`` does for a real lesson). It asks about Double Down, a game that has its
one-minute how-to already. Its notice states the answer of a later class question (``SECOND``), so it names that
question in ``by``; the class question itself is added by ``tests/classroom/test_new_question.py``, as a lesson's
questions are added to ``donkeylab/classroom/questions.py``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from donkeylab.double_down import exact
from donkeylab.lessons.framework import (
    Context,
    Convergence,
    ExactAnswer,
    Exercise,
    Exercises,
    LessonSpec,
    Notice,
    Predict,
    Question,
    StepThrough,
    lesson_params,
    lesson_spec,
    sealed_by,
)
from donkeylab.lessons.framework import build as build_lesson
from donkeylab.lessons.page import Lesson, exact_html, page, percent, step_box
from donkeylab.pages.query import Query, parse_query
from donkeylab.pages.registry import AppInfo, register
from donkeylab.pages.words import band, words
from tests.toy_lesson_text import TEXTS

NAME = "toy_lesson"
PLAYERS = 3
TOTAL = 60  # the headline: the next card at this total
LATER = 66  # a later class question's total, which the notice states
SECOND = ("risk_66",)  # that class question (``tests/classroom/test_new_question.py`` adds it)

say = words(f"lesson/{NAME}/", TEXTS)


def risk(total: int) -> Fraction:
    """P(the next card from a full deck, played on ``total``, costs a token): a doublet or a bust."""
    r = exact.next_card_risk(total)
    return Fraction(r["doublet"] + r["bust"])


def step_through(ctx: Context) -> list[Any]:
    """A seeded game of three, its running total beside it."""
    from donkeylab.widgets import RunningTotal, Stepper

    stepper = Stepper("double_down", PLAYERS, seed=ctx.seed, lang=ctx.lang, seat=ctx.query["seat"])
    if ctx.query["step"] is not None:
        stepper.go_to(ctx.query["step"])
    ctx.stepper = stepper
    return [stepper, step_box(stepper, [RunningTotal(stepper)])]


PARAMS = lesson_params("double_down", PLAYERS)


@lesson_spec
def spec() -> LessonSpec:
    """The lesson as data: its sections in page order."""
    p = lambda total: lambda lg: percent(risk(total), lg)  # noqa: E731
    return LessonSpec(
        NAME,
        say("title"),
        [
            Question(say("question")),
            Predict(say("prompt"), risk(TOTAL), say("answer", p=p(TOTAL))),
            StepThrough(say("step_intro"), step_through),
            Convergence(say("live_intro", band=band), "double_down.token_at", {"total": TOTAL}, n=20_000),
            ExactAnswer(risk(TOTAL), [lambda lg: f"<p>{say('exact', p=exact_html(risk(TOTAL), lg)).get(lg)}</p>"]),
            Notice(say("notice", p=p(LATER)), by=SECOND),
            Exercises(
                [Exercise(say("ex1.q"), say("ex1.solution", p=str(risk(TOTAL))), risk(TOTAL), hint=say("ex1.hint"))]
            ),
        ],
        PARAMS,
        game="double_down",
    )


def parts(query: Query | None = None, *, sealed: bool = False) -> Lesson:
    """Every widget of the lesson for ``query`` (None: the defaults)."""
    return build_lesson(spec(), query or parse_query("", PARAMS), sealed=sealed)


def build(query: Query) -> Any:
    """The app page: the framework's one layout, sealed until the reveal unless the link says ``reveal=1``."""
    return page(parts(query, sealed=sealed_by(query)))


register(AppInfo(NAME, say("app.title"), say("app.blurb"), "◇", PARAMS, build, kind="lesson"))
