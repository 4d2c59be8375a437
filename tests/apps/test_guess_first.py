"""Guess first on a pupil's own lesson page (``apps.guess_first``), in the kernel: guess → simulate → reveal →
compare with your guess → count it by hand, in every lesson, in English and German.

Before the pupil locks in a guess, a Start or a Reveal the page sends (a forged click on a greyed-out button) is
refused and the page says why; a lock with a value the input cannot hold is refused; after the lock the guess
stays, whatever the page sends to the input; the reveal brings the compare section right after the answer."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from donkeylab.apps import build
from donkeylab.classmode.words import times_words
from donkeylab.lessons import full_games, guess_first
from donkeylab.lessons.page import SealedBox
from donkeylab.widgets import LivePlot
from donkeylab.widgets.answer import AnswerBox
from tests.apps.helpers import give_guess, walk

LESSONS = ["die_choice", "angry_flips", "doublet_penalties", "arrow_chains", "full_games"]
WAITS = {"en": "Lock in your guess first", "de": "Leg zuerst deine Schätzung fest"}
COMPARE = {"en": "Compare with your guess", "de": "Vergleiche mit deiner Schätzung"}


def plots_of(page: Any) -> list[LivePlot]:
    return [x for x in walk(page) if isinstance(x, LivePlot)]


def json_traces_without_exact(plot: LivePlot) -> list[Any]:
    """The figure's traces that draw no exact value (an exact line or exact marks are named "exact …")."""
    return [t for t in plot.figure["data"] if not str(t.get("name", "")).lower().startswith(("exact", "exakt"))]


def forged_start(plot: LivePlot) -> None:
    """What the page's Start sends, whether its button is greyed out or not."""
    plot._on_front_end(plot, {"method": "start"}, [])


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", LESSONS)
def test_guess_simulate_reveal_compare_count(name: str, lang: str) -> None:
    """A pupil's way through one lesson page, each step checked where a forged message could skip it."""
    page = build(name, f"lang={lang}")
    page.lang = lang
    try:
        before_a_guess_start_and_reveal_are_refused_and_say_why(page)
        a_lock_with_a_value_the_input_cannot_hold_is_refused(page)
        after_the_lock_start_works_and_the_guess_stays(page)
        the_reveal_compares_the_guess_with_the_answer(page)
        the_page_reads_guess_simulate_reveal_compare_count(page)
    finally:
        for plot in plots_of(page):
            plot.stop()


def before_a_guess_start_and_reveal_are_refused_and_say_why(page: Any) -> None:
    lesson, lang = page.lesson, page.lang
    gate = lesson.guess_gate
    assert isinstance(gate, guess_first.GuessFirst) and lesson.prediction.guess_first
    plots = plots_of(page)
    assert plots, "every lesson simulates before its reveal"
    for plot in plots:
        assert WAITS[lang] in plot.held  # the reason stands beside the greyed-out Start
        forged_start(plot)
        assert not plot.running and plot.done == 0
    prediction = lesson.prediction
    assert prediction.button.disabled
    assert all(box.button.disabled for box in lesson.boxes.values())  # the sealed place's Reveal too
    prediction.button.click()  # a forged click on the greyed-out Reveal
    assert not prediction.revealed and lesson.sealed and lesson.exercises is None
    assert WAITS[lang] in prediction.result.value


def a_lock_with_a_value_the_input_cannot_hold_is_refused(page: Any) -> None:
    lesson = page.lesson
    gate = lesson.guess_gate
    give_value: Any
    if lesson.prediction.choices is not None:
        lesson.prediction.input.value = lesson.prediction.input.options[0][1]
        give_value = 99  # no such option's index
    else:
        give_value = 7.5  # outside the slider
    gate.lock._on_page(gate.lock, {"method": "lock", "value": give_value}, [])
    assert lesson.prediction.committed is None and all(p.held for p in plots_of(page))


def after_the_lock_start_works_and_the_guess_stays(page: Any) -> None:
    lesson, lang = page.lesson, page.lang
    prediction = lesson.prediction
    options = list(getattr(prediction.input, "options", ()))
    value = give_guess(lesson, options[-1][1] if options else 0.05)
    assert prediction.input.disabled and not prediction.button.disabled
    assert lesson.guess_gate.lock.kind == "locked" and not lesson.guess_gate.lock.enabled
    if options:
        prediction.input.value = options[0][1]  # the page sends another value after the lock
    else:
        prediction.input.value = 0.9
    assert prediction.committed == value
    assert not any(p.held for p in plots_of(page))  # every plot is released at the lock, not only the first
    plot = plots_of(page)[0]
    live = [p for p in lesson.live if isinstance(p, LivePlot)] or [plot]
    for each in live:
        each.n = each.batch  # one batch: the pupil's run, kept short
    for each in live:  # Start on each plot, one while the other runs (a reviewer saw the second one idle)
        forged_start(each)
    assert all(each.wait(120) and each.done == each.n for each in live)
    assert plot.exact_hidden, "simulated before the reveal: the exact answer stays out of the figure"
    assert len(plot.figure["data"]) == len(json_traces_without_exact(plot))
    assert WAITS[lang] not in prediction.result.value


def the_reveal_compares_the_guess_with_the_answer(page: Any) -> None:
    lesson, lang = page.lesson, page.lang
    prediction = lesson.prediction
    if isinstance(lesson, full_games.FullGames):
        assert lesson.table.wait(300), "the bots' games (the prediction's answer) must be done"
    prediction.button.click()
    assert prediction.revealed and not lesson.sealed
    assert not any(p.exact_hidden for p in plots_of(page) if p.question != "lesson.rounds_difference")
    compare = lesson.guess_gate.compare
    assert isinstance(compare, guess_first.Compare)
    exact_box = lesson.boxes["exact"]
    assert exact_box.children[-1] is compare  # right after the answer
    text = compare.value
    assert COMPARE[lang] in text
    guess = prediction.guess
    shown = prediction._shown(guess) if prediction.choices is None else str(guess)
    assert shown in text, f"the pupil's guess {shown!r} is not in the comparison"
    if prediction.choices is None:  # a probability: how far, in percentage points
        assert {"en": "percentage points", "de": "Prozentpunkte"}[lang] in text
    lesson.switch.value = "de" if lang == "en" else "en"  # the section follows the page's language
    assert COMPARE["de" if lang == "en" else "en"] in compare.value
    lesson.switch.value = lang


def the_page_reads_guess_simulate_reveal_compare_count(page: Any) -> None:
    """The lesson's sections in page order: the guess, the simulation, the answer with the comparison, then the
    exercises with a count a pupil does by hand (an answer box)."""
    lesson = page.lesson
    children = list(page.children)

    def at(widget: Any) -> int:
        return next(i for i, child in enumerate(children) if widget is child or widget in walk(child))

    plot = plots_of(page)[0]
    exact_box, exercises_box = lesson.boxes["exact"], lesson.boxes["exercises"]
    assert at(lesson.prediction) < at(plot) < at(exact_box) < at(exercises_box)
    assert isinstance(exact_box, SealedBox) and lesson.guess_gate.compare in exact_box.children
    assert any(isinstance(x, AnswerBox) for x in walk(exercises_box)), "a count to do by hand, after the compare"


def test_the_comparison_says_how_far_in_points_and_times() -> None:
    page = build("die_choice", "lang=en")
    lesson = page.lesson
    give_guess(lesson, 0.05)
    lesson.prediction.reveal()
    text = lesson.guess_gate.compare.value
    assert "You guessed 0.05 (5 %)" in text
    assert "3.8 percentage points away" in text and "about 4 times too big" in text
    lesson.switch.value = "de"
    text = lesson.guess_gate.compare.value
    assert "0,05 (5 %)" in text and "3,8 Prozentpunkte" in text and "etwa 4-mal zu groß" in text
    assert times_words(0.01, 0.05, "en") == "That is about 5 times too small."
    assert times_words(0.03, 0.02, "en") == "That is about 1.5 times too big."
    assert times_words(0.30, Fraction(5, 28), "en") == "That is about 1.7 times too big."  # 1.68, not 'about 1.5'
    assert times_words(0.40, Fraction(5, 28), "de") == "Das ist etwa 2,2-mal zu groß."  # 2.24, not 'about 2'
    assert times_words(0.04, 0.02, "en") == "That is about 2 times too big."
    assert times_words(0.021, 0.02, "en") == ""  # near enough: no "times"
    assert times_words(0, Fraction(1, 81), "en") == ""


def test_class_mode_switches_the_gate_off() -> None:
    """Class mode holds its own way (the class's lock, the teacher's reveal): the solo gate lets go."""
    page = build("die_choice", "lang=en")
    lesson = page.lesson
    guess_first.off(lesson)
    assert not lesson.prediction.guess_first and lesson.guess_gate.lock not in lesson.prediction.children
    assert not any(plot.held for plot in plots_of(page)) and not lesson.prediction.button.disabled


def test_a_page_shown_whole_has_no_gate() -> None:
    """``reveal=1`` (the teacher shows everything) and a notebook's parts: nothing waits."""
    page = build("die_choice", "reveal=1")
    assert page.lesson.guess_gate is None and not page.lesson.prediction.guess_first
