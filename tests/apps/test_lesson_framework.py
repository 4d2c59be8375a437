"""Every lesson built from its description: one headline end to end, a convergence plot, answerable
exercises (at least one tied to a game decision), numbers a pupil can hold, one link factory, the page in
both languages."""

from __future__ import annotations

import math
import re
from fractions import Fraction
from math import comb
from typing import Any

import ipywidgets as w
import pytest

from donkeylab.apps import build
from donkeylab.double_donkey import exact as dd_exact
from donkeylab.double_down import exact as dn_exact
from donkeylab.esels_rennen import exact as er_exact
from donkeylab.esels_rennen import load_board
from donkeylab.lab import questions
from donkeylab.lessons import angry_flips, arrow_chains, die_choice, doublet_penalties, framework, full_games
from donkeylab.lessons.page import Lesson
from donkeylab.pages.query import parse_query
from donkeylab.widgets.answer import AnswerBox
from tests.apps.helpers import walk

MODULES = {m.NAME: m for m in (die_choice, angry_flips, doublet_penalties, arrow_chains, full_games)}
SPECS = {
    "die_choice": die_choice.spec(),
    "angry_flips": angry_flips.spec(),
    "doublet_penalties": doublet_penalties.spec(),
    "arrow_chains": arrow_chains.spec(),
    "full_games": full_games.spec(),
}


def page_text(page: Any) -> str:
    """Everything a pupil can read on the page (HTML values, titles, labels), tags removed."""
    parts: list[str] = []
    for x in walk(page):
        if isinstance(x, w.HTML):
            parts.append(x.value)
        for attr in ("description", "placeholder"):
            if isinstance(getattr(x, attr, None), str):
                parts.append(getattr(x, attr))
        if isinstance(x, w.ToggleButtons):
            parts += [str(label) for label in x._options_labels]
        if isinstance(x, w.Accordion):
            parts += [x.get_title(i) or "" for i in range(len(x.children))]
    return re.sub(r"<[^>]+>", " ", " ".join(parts))


@pytest.fixture(scope="module")
def lessons() -> dict[str, Lesson]:
    return {name: module.parts() for name, module in MODULES.items()}


@pytest.mark.parametrize("name", list(MODULES))
def test_each_lesson_is_its_description(name: str) -> None:
    spec = SPECS[name]
    kinds = [type(s).__name__ for s in spec.sections]
    # a notice: the framework's, or the lesson's own (Lesson 5's quotes the pupil's run and follows it)
    notice = "Notice" in kinds or any(getattr(s, "field", "") == "notice" for s in spec.sections)
    assert kinds[0] == "Question" and "Convergence" in kinds and "Exercises" in kinds and notice
    assert "GoingFurther" in kinds, "the other questions go further, after the lesson's own"
    assert MODULES[name].PARAMS is spec.params


@pytest.mark.parametrize("name", list(MODULES))
def test_the_convergence_plot_is_the_headline(name: str, lessons: dict[str, Lesson]) -> None:
    plot = lessons[name].live[1]
    question = questions.get(plot.question)
    assert question.indexed or question.blind, "a running estimate, or bars that stand without the exact marks"
    assert plot.figure["data"] is not None and plot.done == 0, "nothing simulates before Start"


@pytest.mark.parametrize("name", list(MODULES))
def test_every_lesson_has_a_why_exercise_with_an_answer_box(name: str, lessons: dict[str, Lesson]) -> None:
    items = next(s for s in SPECS[name].sections if isinstance(s, framework.Exercises)).items
    assert any(item.why and item.exact is not None for item in items)
    boxes = [e.box for e in lessons[name].exercises.exercises if e.box is not None]
    assert boxes and all(isinstance(b, AnswerBox) for b in boxes)


@pytest.mark.parametrize("name", list(MODULES))
def test_the_rounding_rule_is_said_once_above_the_exercises(name: str, lessons: dict[str, Lesson]) -> None:
    """Review of 2026-12 (general point 2): under every answer box the same long sentence was read five times."""
    from donkeylab.widgets.answer import say as answer_say

    rule = answer_say("rounding", "en")
    lesson = lessons[name]
    parts = [lesson.exercises, *(p for p in lesson.going_further if isinstance(p, type(lesson.exercises)))]
    shown = [p.note.value for p in parts] + [e.box.rule.value for p in parts for e in p.exercises if e.box is not None]
    assert sum(rule in text for text in shown) == 1
    rounded = any(e.box is not None and e.box.exact.denominator != 1 for e in lesson.exercises.exercises)
    first = lesson.exercises if rounded else parts[1]  # Lesson 2's path asks whole numbers: going further says it
    assert rule in first.note.value, "above the first exercises it applies to, not above whole numbers"


@pytest.mark.parametrize("name", list(MODULES))
def test_every_typed_exercise_accepts_its_exact_answer_and_refuses_a_wrong_one(name: str) -> None:
    lesson = MODULES[name].parts()
    for exercise in lesson.exercises.exercises:
        b = exercise.box
        if b is None:
            continue
        for lang, text in (("en", f"{float(b.exact):.6f}"), ("de", f"{float(b.exact):.6f}".replace(".", ","))):
            b.set_lang(lang)
            b.field.value = text
            assert b.check().outcome == "correct", (name, exercise.number, text)
        b.field.value = f"{float(b.exact) / 2:.8f}"  # half the answer: wrong, or one of the aimed-at mistakes
        assert b.check().outcome in ("not_yet", "mistake")
        assert b.hint(lang) and b.solution(lang)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", list(MODULES))
def test_no_pupil_page_shows_a_long_number(name: str, lang: str) -> None:
    page = build(name, f"lang={lang}&reveal=1")  # the whole lesson, as a teacher shows it
    text = page_text(page)
    assert len(text) > 3000, "the page was built (not the error page)"
    digits = [len(d) for d in re.findall(r"\d+", text.replace(",", "").replace(".", ""))]
    assert max(digits) <= 40, "no number of more than 40 digits, folded or not"
    fractions = re.findall(r"(\d+)/(\d+)", text)
    assert all(max(len(a), len(b)) <= 12 for a, b in fractions), "a fraction only when it is short"
    assert "Markov" not in text and "Markow" not in text


@pytest.mark.parametrize("name", list(MODULES))
def test_german_page_is_german(name: str) -> None:
    text = page_text(build(name, "lang=de&reveal=1"))
    for english in ("The question", "Exercises", "Check", "Show the solution", "about 1 in", "exactly "):
        assert english not in text, english
    assert "Übungen" in text and "Prüfen" in text


@pytest.mark.parametrize("name", list(MODULES))
def test_the_problems_box_is_german_under_a_german_heading(name: str) -> None:
    text = page_text(build(name, "lang=de&seed=banana&colour=blue"))
    assert "Dieser Link hatte Fehler" in text and "ist keine Einstellung dieser Seite" in text
    assert "ganze Zahl von 0 bis" in text and "is not valid" not in text


def test_lesson_params_is_the_one_link_factory() -> None:
    dd = framework.lesson_params("double_donkey", 4, step=4)
    assert parse_query("players=3", dd).values["players"] == 4 and parse_query("", dd).values["step"] == 4
    class_mode = {"class", "_pupil", "reveal"}  # issue 20, issue 33
    game = {"seed", "players", "step", "sub", "lang", "odds"}  # every game's (``links.game_params``)
    assert set(dd) == {*game, "seat", "variant"} | class_mode
    assert set(full_games.PARAMS) == {*game, "variant", "games"} | class_mode
    assert arrow_chains.PARAMS["seat"].default == "pupil"


# ---------------------------------------------------------------------------------------------- the headlines
def test_headline_numbers_are_the_exact_modules() -> None:
    exact_answer = next(s for s in die_choice.spec().sections if isinstance(s, framework.ExactAnswer))
    assert exact_answer.value == dd_exact.p_free_choice(4, [1, 2]) == Fraction(1, 81)
    before, after = angry_flips.sevens()
    assert round(100 * float(before)) == 18 and round(100 * float(after)) == 10
    final = dd_exact.final_hay(("light_blue", "orange"))
    assert after == sum((p for ((lb, o), _, _), p in final.items() if lb == o), Fraction(0)), "7 after = a pair"
    risk = dn_exact.next_card_risk(65)  # a doublet (4 cards −10 → 55) or the 77 (6 cards): two counts added
    assert risk["doublet"] == Fraction(4, 56) and risk["bust"] == Fraction(6, 56)
    assert risk["doublet"] + risk["bust"] == Fraction(5, 28) == doublet_penalties.ANSWER
    odds = dict(er_exact.race_odds(load_board("default")).order_probability)
    assert arrow_chains.best_card() == max(odds, key=odds.__getitem__) == "RGY"


def test_the_why_exercise_of_lesson_3_is_computed_with_the_exact_module() -> None:
    from donkeylab.double_down.deck import CARD_KIND, KINDS

    assert doublet_penalties.HAND_AT == 70
    costly = sum(1 for k in CARD_KIND if dn_exact.play_outcome(70, KINDS[k]) != "safe")
    assert costly == 24 and int(dn_exact.next_card_risk(70)["bust"] * 56) == costly
    assert doublet_penalties.no_safe_card() == Fraction(comb(24, 5), comb(56, 5)) == Fraction(23, 2067)


@pytest.mark.parametrize(
    ("question", "params", "n"),
    [
        ("double_donkey.free_choice", {"m": 2, "k": 4}, 40_000),
        ("double_donkey.seven_after_flip", {"flipped": True}, 20_000),
        ("double_donkey.seven_after_flip", {"flipped": False}, 20_000),
        ("double_down.token_at", {"total": 65}, 20_000),
        ("esels_rennen.best_order", {"board": "default"}, 2_000),
    ],
)
def test_each_simulation_closes_in_on_the_exact_value(question: str, params: dict[str, Any], n: int) -> None:
    q = questions.get(question)
    p = float(q.exact(params)["p"])
    done, counts = list(q.simulate(n, seed=5, batch=n // 4, params=params))[-1]
    assert done == n and abs(counts["hits"] / n - p) <= 4 * math.sqrt(p * (1 - p) / n)


def test_the_running_estimate_survives_a_stop_and_a_resume() -> None:
    from collections import Counter

    from donkeylab.lab.running import GRID, running_estimates

    q = questions.get("double_down.token_at")
    whole = list(q.simulate(3_000, seed=1, batch=500))[-1][1]
    resumed: Counter[Any] = Counter()
    for _, counts in q.batches(3_000, seed=1, batch=500, first=0):
        resumed.update(counts)
        if resumed["n"] == 1_500:
            break  # Stop after three batches …
    for _, counts in q.batches(3_000, seed=1, batch=500, first=3):
        resumed.update(counts)  # … and Continue
    assert resumed == whole
    marks = [g for g in GRID if g <= 3_000]
    assert [whole[("below", g)] for g in marks] == sorted(whole[("below", g)] for g in marks)
    ns, est = running_estimates(whole, 3_000)
    assert ns[-1] == 3_000 and all(e.low <= e.value <= e.high for e in est)
    assert est[-1].high - est[-1].low < est[5].high - est[5].low, "the band closes in"


def test_lesson_5_running_average_has_no_exact_line_and_a_narrowing_band() -> None:
    from donkeylab.lab.running import running_means

    q = questions.get("lesson.rounds_difference")
    assert q.exact({"players": 4}) == {}
    done, counts = list(q.simulate(200, seed=0, batch=50, params={"players": 4}))[-1]
    ns, est = running_means(counts, done)
    assert ns[-1] == 200 and est[-1].low > 0, "English games are longer, and 200 pairs already show it"
    assert est[-1].high - est[-1].low < est[2].high - est[2].low


def test_the_lab_draws_each_headline_in_one_call() -> None:
    from donkeylab.lab import lessons

    fig = lessons.headline("double_down.token_at", n=5_000, seed=2, lang="de", total=65)
    assert "Chip" in fig.layout.title.text and fig.data[2].x[-1] == 5_000
    with pytest.raises(ValueError, match="no lesson headline"):
        lessons.headline("double_down.risk")
