"""Guessing blind (issue 33) on Lessons 2-5, as ``tests/classroom/test_pages.py`` checks Lesson 1: before the
pupil reveals, the answer is nowhere on the app page, not even in a widget's state (what the page has received,
or would on request), in English and in German. The forms searched for are the lesson's own values written as
the page writes them (its percentages, fractions and decimals, the prediction's answer sentence); after the
reveal the same forms are there, so the search cannot pass by looking for the wrong thing."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import ipywidgets as w
import pytest

from donkeylab.apps import build
from donkeylab.lessons import angry_flips, arrow_chains, doublet_penalties, full_games, full_widgets
from donkeylab.lessons import full_games_questions as qg
from donkeylab.lessons.page import number, percent
from donkeylab.pages.words import interval
from tests.apps.helpers import give_guess


def every_state(since: set[str]) -> str:
    """Every widget made since ``since`` (the ids open before), its whole state as JSON, non-ASCII kept (the
    forms hold '–', '≈' and 'ü')."""
    found = [x for i, x in list(w.widgets.widget._instances.items()) if i not in since]
    return json.dumps([x.get_state() for x in found], default=str, ensure_ascii=False)


def flips(lesson: Any, lang: str) -> list[str]:
    before, after = angry_flips.sevens()
    shown = [percent(p, lang, digits) for p in (before, after) for digits in (1, 0)]  # 18.0 %, 18 %, 10.1 %, 10 %
    return [*shown, str(before), str(after), lesson.prediction.answer_text.get(lang)]


def doublets(lesson: Any, lang: str) -> list[str]:
    """5/28 as the page writes it; its decimal to three places (0.179): "0.18" stands in the page's style sheet
    (an opacity), as a number as short as "0.5" stands in any page's code."""
    p = doublet_penalties.ANSWER
    return [str(p), "10/56", percent(p, lang), number(p, lang, 3), lesson.prediction.answer_text.get(lang)]


def chains(lesson: Any, lang: str) -> list[str]:
    """The best card's share and every order's (the table), and the sentences that name the best card; the card
    names alone are the prediction's choices, so they are on the page from the start."""
    probs = arrow_chains.order_probabilities()
    best = probs[arrow_chains.best_card()]
    words = {"en": "the best card is", "de": "die beste Karte ist"}[lang]
    return [percent(best, lang), percent(best, lang, 0), *(percent(p, lang) for p in probs.values()), words] + [
        lesson.prediction.answer_text.get(lang)
    ]


def rounds(lesson: Any, lang: str) -> list[str]:
    """Which rules are shorter and every number measured: the page's own table (its means and the paired
    difference), the long run's 0.52, the summary and the prediction's answer."""
    results = lesson.table.results
    diff = qg.paired_difference(results)
    means = [qg.summary(results[v])["rounds"] for v in qg.VARIANTS]
    shorter = {"en": "German games are shorter", "de": "Mit den deutschen Regeln sind die Spiele kürzer"}[lang]
    shown = [interval(e.value, e.low, e.high, lang)[0] for e in means]  # each as precise as its interval allows
    numbers = [*interval(diff.value, diff.low, diff.high, lang), *shown, number(full_games.MEASURED["german"][0], lang)]
    # a number as short as "0.5" stands in any page's code (a slider's step): the summary sentence carries it
    distinct = [n for n in numbers if len(n) >= 4]
    return [shorter, *distinct, full_widgets.summary_html(results, lang), lesson.prediction.answer_text.get(lang)]


FORMS: dict[str, Callable[[Any, str], list[str]]] = {
    "angry_flips": flips,
    "doublet_penalties": doublets,
    "arrow_chains": chains,
    "full_games": rounds,
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", list(FORMS))
def test_before_the_reveal_no_widget_holds_the_answer(name: str, lang: str) -> None:
    before = set(w.widgets.widget._instances)
    page = build(name, f"lang={lang}")
    lesson = page.lesson
    if name == "full_games":
        assert lesson.table.wait(300), "the bots' games (played for the prediction's answer) must be done"
        assert lesson.table.results and not lesson.table.shown
    assert lesson.sealed and lesson.exercises is None and lesson.notice is None and not lesson.exact
    forms = FORMS[name](lesson, lang)
    states = every_state(before)
    leaked = [form for form in forms if form in states]
    assert not leaked, f"{name} ({lang}) shows its answer before the reveal: {leaked}"
    lesson.prediction.reveal()  # guess first: no reveal before a locked-in guess
    assert lesson.sealed and lesson.exercises is None
    give_guess(lesson)
    lesson.prediction.reveal()
    states = every_state(before)
    assert not lesson.sealed and lesson.exercises is not None
    missing = [form for form in forms if form not in states]
    assert len(missing) < len(forms) / 2, f"after the reveal most forms are shown; missing: {missing}"
    assert forms[0] in states, "the headline's own form is shown after the reveal"
