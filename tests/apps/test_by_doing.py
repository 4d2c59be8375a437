"""Lessons that teach by doing: the items the last pupil review of lessons 1, 2 and 5 left open. Every number a
changed sentence states is checked against the engine (its chance outcomes, legal moves or exact module), in
English and German; every answer box takes the page's own wording of its answer; a conceptual error is never
told to check its rounding."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from donkeylab.core import CHANCE, answers
from donkeylab.double_donkey import Rules
from donkeylab.lessons import die_choice, worksheets
from donkeylab.lessons import framework as fw
from donkeylab.widgets import Stepper


def exercises_of(spec: fw.LessonSpec) -> list[fw.Exercise]:
    return list(next(s for s in spec.sections if isinstance(s, fw.Exercises)).items)


def feedback(item: fw.Exercise, text: str, lang: str = "en") -> str:
    """What a fresh answer box says to ``text`` (its first try)."""
    box = fw.answer_box(item, lang)
    box.field.value = text
    box.check()
    return str(box.feedback_text())


# ---------------------------------------------------------------------------------------------- Lesson 1
def margaret_roll(variant: str) -> Any:
    """The rulebook round on the lesson's own Stepper, at the chance point of Margaret's roll (step 8's roll)."""
    rules = Rules(variant=variant)  # type: ignore[arg-type]
    stepper = Stepper("double_donkey", 4, seed=0, rules=rules)
    die_choice.start_example(stepper, rules, 0, fresh=True)
    return stepper.match.states[die_choice.FREE_STEP - 1]


@pytest.mark.parametrize("variant", ["english", "german"])
def test_lesson_1_exercise_3_is_margarets_exception_counted_on_the_engines_rolls(variant: str) -> None:
    """The question's Hay card and dice are the round's at step 8, and (3/6)^3 = 1/8 is the share of the engine's
    own rolls there that give the exception (DD-DICE-2's free choice)."""
    state = margaret_roll(variant)
    assert state.current_player is CHANCE and sorted(state.hay.values()) == [1, 2, 5]
    free = Fraction(0)
    for roll, p in state.chance_outcomes():
        if any(e.key == "DD-DICE-2/free" for e in state.apply(roll).events):
            free += p
    item = exercises_of(die_choice.spec(variant))[2]
    assert free == Fraction(1, 8) == item.exact == die_choice.margaret_exception()
    assert item.hint is not None and item.mistakes
    for lang in ("en", "de"):
        question = item.question.get(lang)
        assert "2, 5" in question and "1" in question and "3" in question and "8" in question
    assert "1/8 = 12.5 %, about 1 in 8" in item.solution.get("en")
    assert "1/8 = 12,5 %, etwa 1 von 8" in item.solution.get("de")


def test_lesson_1_exercise_3_is_worked_on_paper_and_the_table_reading_moves_on_screen() -> None:
    """The three main exercises each ask for a number (pencil and paper); the what-if reading is the fourth,
    under going further, and says it is done on the screen."""
    items = exercises_of(die_choice.spec())
    assert all(item.exact is not None for item in items[: fw.MAIN_EXERCISES])
    assert items[3].exact is None
    assert items[3].question.get("en").startswith("On the screen:")
    assert items[3].question.get("de").startswith("Am Bildschirm:")
    assert "what-if" not in items[2].question.get("en") and "Was-wäre-wenn" not in items[2].question.get("de")


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("1/8", "en"),
        ("0.125", "en"),
        ("0,125", "de"),
        ("12.5 %", "en"),
        ("12,5 %", "de"),
        ("13 %", "en"),
        ("0.13", "en"),
        ("1 in 8", "en"),
        ("about 1 in 8", "en"),
        ("etwa 1 von 8", "de"),
        ("(1/2)^3", "en"),
        ("(3/6)³", "de"),
    ],
)
def test_lesson_1_exercise_3_takes_the_pages_own_wording(text: str, lang: str) -> None:
    item = exercises_of(die_choice.spec())[2]
    assert feedback(item, text, lang).startswith(("Correct!", "Richtig!"))


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("1/2", "1/2 is the probability for one die"),
        ("0.5", "1/2 is the probability for one die"),
        ("1.5", "a probability is never more than 1"),  # 1/2 + 1/2 + 1/2 added
        ("1/216", "one particular number"),
        ("1/27", "the 2 numbers of the question at the top"),
    ],
)
def test_lesson_1_exercise_3_aims_its_hints_at_the_wrong_idea(text: str, says: str) -> None:
    item = exercises_of(die_choice.spec())[2]
    said = feedback(item, text)
    assert says in said and "rounding" not in said


def test_lesson_1_exercise_3_tells_a_rounding_slip_from_a_wrong_idea() -> None:
    item = exercises_of(die_choice.spec())[2]
    assert "rounded too much" in feedback(item, "0.1")  # 0.125 rounded to one digit
    assert "Check your rounding" in feedback(item, "12.6 %")  # the right number, rounded wrongly
    for wrong in ("1 in 9", "1 in 7", "1/9", "0.2"):  # a wrong count, not a rounding
        said = feedback(item, wrong)
        assert said.startswith("Not yet") and "rounding" not in said, wrong


def test_a_one_in_n_is_a_rounding_slip_only_when_n_rounds_the_exact_n() -> None:
    """ "1 in 80" for 1/81 rounds 81 to one figure (a slip); "1 in 9" for 1/8 rounds nothing (a wrong idea)."""
    assert answers.check("1 in 80", Fraction(1, 81)).problem == "answer/rounding_slip"
    assert answers.check("1 in 9", Fraction(1, 8)).outcome == "not_yet"
    assert answers.check("1 in 7", Fraction(1, 8)).problem == ""
    assert answers.check("1 in 7,800", Fraction(1, 7776)).outcome == "correct"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_lesson_1_exercise_3_is_on_the_worksheet_with_a_box_and_on_the_key(lang: str) -> None:
    sheet = worksheets.document("die_choice", lang, "worksheet")
    key = worksheets.document("die_choice", lang, "key")
    question = exercises_of(die_choice.spec())[2].question.get(lang)
    assert question in sheet and question in key
    block = sheet.split(question)[1].split("<!--next-->")[0]
    assert "dl-ws-box" in block  # room for the number
    answer = key.split(question)[1].split("<!--next-->")[0]
    assert "1/8" in answer and ("12.5\u00a0%" in answer or "12,5\u00a0%" in answer), answer[:300]
