"""Lesson 4's charts of the six finishing orders, as a pupil and the projector see them (a maths teacher's review):
every bar is named in the page's words, as the tables name the orders ("red–green–yellow", never the card code
"RGY"), one colour a line so six fit a 390 px phone; and the bars stand in one fixed order, the order of the
guess's options, before the reveal and after it, in both languages."""

from __future__ import annotations

import re
from typing import Any

import pytest

from donkeylab.apps import build
from donkeylab.esels_rennen import CARDS
from donkeylab.lab import questions
from donkeylab.lessons import arrow_chains as lesson
from donkeylab.widgets import LivePlot
from tests.apps.helpers import give_guess

CODE = re.compile(r"\b[RGY]{3}\b")
ORDER_QUESTIONS = ("esels_rennen.race_orders", "esels_rennen.race_orders_engine")
LONGEST_LINE = 8  # characters a tick label's line may have: "yellow–", "grün–"; six such columns fit 390 px


def x_values(figure: dict[str, Any]) -> list[list[str]]:
    """Each trace's categories, in the figure JSON a plot syncs to the page."""
    return [list(trace.get("x") or []) for trace in figure["data"]]


def tick_texts(figure: dict[str, Any]) -> list[str]:
    axis = figure["layout"].get("xaxis", {})
    return list(axis.get("ticktext") or [])


def lesson_plots(lang: str) -> tuple[Any, list[LivePlot]]:
    page = build(lesson.NAME, f"lang={lang}")
    plots = [x for x in page.lesson.live if isinstance(x, LivePlot)]
    assert plots and all(p.exact_hidden for p in plots)
    return page, plots


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_bars_keep_the_guesss_order_from_the_first_races_to_after_the_reveal(lang: str) -> None:
    """The simulation's bars came in the order the races first met each order (RYG, RGY, GYR, ...) and jumped to
    another order when the exact diamonds joined. Now: the six orders of the guess, before and after."""
    page, (plot,) = lesson_plots(lang)
    words = [lesson.card_words(card, lang) for card in CARDS]
    give_guess(page.lesson)
    plot.reset(n=200)
    plot.run()
    before = x_values(plot.figure)
    assert before == [words], "every order from the first races on, zeros included, in the guess's order"
    page.lesson.prediction.reveal()
    assert not plot.exact_hidden
    after = x_values(plot.figure)
    assert after == [words, words], "the exact diamonds sit on the same bars"
    assert plot.figure["layout"]["xaxis"]["categoryarray"] == words
    choices = [label for label, _ in page.lesson.prediction.input.options][: len(CARDS)]
    assert [re.sub(r"<[^>]+>", "", c) for c in choices] == words, "the guess offers them in this order"


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", ORDER_QUESTIONS)
def test_the_orders_are_named_in_words_one_colour_a_line(name: str, lang: str) -> None:
    """No card code ("RGY") on a bar, a tick or a hover, hidden or revealed; each tick one colour a line."""
    words = [lesson.card_words(card, lang) for card in CARDS]
    q = questions.get(name)
    for hidden in (True, False):
        plot = LivePlot(name, n=100, batch=100, lang=lang, hide_exact=hidden, board="tiny_chain")
        plot.run()
        figure = plot.figure
        shown = [x for xs in x_values(figure) for x in xs] + tick_texts(figure)
        assert shown and not [x for x in shown if CODE.search(x)], shown
        assert x_values(figure)[0] == words
        ticks = tick_texts(figure)
        assert [t.replace("<br>", "") for t in ticks] == words, "the tick is the table's name, broken into lines"
        assert max(len(line) for t in ticks for line in t.split("<br>")) <= LONGEST_LINE, ticks
    exact_only = q.figure(q.exact({"board": "tiny_chain"}), None, 0, {"board": "tiny_chain"}, lang)
    assert list(exact_only.data[0].x) == words, "the exact answer alone (the plot before Start) too"
