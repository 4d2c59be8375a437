"""What a pupil's class page keeps back, question by question: every question blind until its own reveal, and
the simulation only after the pupil's own guess.

A lesson's sealed parts each name the later class questions whose answers they state (``framework``'s ``by``);
in a class they wait for those reveals as well as the headline's (``Lesson.wait_for`` / ``Lesson.unseal``), and a
prediction whose answer sentence states a later answer says only the choice (``Prediction.brief``) until then.

Guess first: a LivePlot that simulates a class question's lab question (``class_pool.pools``) estimates its
answer, so its Start is held in the kernel (``LivePlot.hold_start``: a forged click does nothing) until the pupil
has locked in a guess for every such question, or the question is revealed. The reason stands beside the button.

A page that cannot be in its class (full, taken out, the store unreachable) keeps all of it: nothing sealed
opens before the teacher's reveal, since the class is still running for the others. Only a class that is not
open (ended, or never was) lets the page go on as a lesson of its own.
"""

from __future__ import annotations

from typing import Any

from donkeylab.classmode import pool as class_pool
from donkeylab.classmode.words import answer_words
from donkeylab.core.say import texts
from donkeylab.pages.parts import by_lang

_TEXTS = {
    "guess_first": (
        "Lock in your guess for question {i} first: this simulation estimates its answer.",
        "Leg zuerst deine Schätzung für Frage {i} fest: Diese Simulation schätzt ihre Antwort.",
    ),
    "kept": (
        "{why} The answers stay hidden until your teacher reveals them; reload the page to try again.",
        "{why} Die Antworten bleiben verborgen, bis deine Lehrkraft sie aufdeckt; lade die Seite neu, um es noch "
        "einmal zu versuchen.",
    ),
}
say = texts("classmode/seal/", _TEXTS)
OPENS = ("ended", "not_open")  # the class is not running: nothing is left to keep blind, the page goes on alone


def seal(part: Any) -> None:
    """Hold back what states a later question's answer until that question's reveal (called once, at the start)."""
    later = [qid for qid in part.specs if qid != part.headline.qid]
    lesson = part.lesson
    if hasattr(lesson, "wait_for"):
        lesson.wait_for(later)
    if set(getattr(lesson, "answer_by", ())) & set(later):
        headline = part.headline
        part.prediction.brief = by_lang(lambda lg: answer_words(headline, lg))


def revealed(part: Any, qid: str) -> None:
    """A later question's reveal: its parts are built now; the prediction says its whole answer once it may."""
    lesson = part.lesson
    if hasattr(lesson, "unseal"):
        lesson.unseal(qid)
    waiting: set[str] = getattr(lesson, "waiting", set())
    if part.prediction.brief is not None and not set(getattr(lesson, "answer_by", ())) & waiting:
        part.prediction.brief = None
        part.prediction._draw_result()


def open_all(part: Any) -> None:
    """The class is not open any more (the teacher ended it): every later part may come with the pupil's reveal."""
    lesson = part.lesson
    for qid in list(getattr(lesson, "waiting", ())):
        revealed(part, qid)


def estimating(part: Any) -> list[tuple[Any, list[str]]]:
    """Each LivePlot of the page built so far that estimates a class question, with those questions. The lesson's
    own simulation (``lesson.live``) that pools nothing estimates its headline (Lesson 4's orders, Lesson 5's
    rounds): it too waits for the pupil's guess."""
    widgets = part.lesson.widgets() if hasattr(part.lesson, "widgets") else list(part.lesson.live)
    plots = [x for x in widgets if hasattr(x, "hold_start")]
    pooled = class_pool.pooled_plots(plots, list(part.specs.values()))
    seen = {id(plot) for plot, _ in pooled}
    own = [x for x in part.lesson.live if hasattr(x, "hold_start") and id(x) not in seen]
    return pooled + [(plot, [part.headline.qid]) for plot in own]


def gate(part: Any) -> None:
    """Hold each estimating plot's Start until the pupil has guessed (or the class has seen) what it estimates."""
    order = list(part.specs)
    for plot, qids in estimating(part):
        open_ = part.alone in OPENS
        missing = [q for q in qids if q not in part.revealed and q not in part.locked]
        reason = "" if open_ or not missing else say("guess_first", part.lang, i=order.index(missing[0]) + 1)
        plot.hold_start(reason)


def kept_words(part: Any, why: str) -> str:
    """The card's sentence for a page that cannot be in its class and keeps the answers back."""
    return say("kept", part.lang, why=why)
