"""A guess of any size: Lesson 1's answer is 1/81 ≈ 0.012, and a slider of step 0.01 could only say 0.01 or 0.02
(a maths review could not come near it). Every slider prediction reaches within a tenth of its answer, and a guess
typed beside the slider ("1/81", "1.2 %", "0,012", "1 in 70") becomes the slider's value, read in the kernel as
every answer is, and is what the lock locks even when the page's click comes before the slider's new value."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from donkeylab.lessons import angry_flips, arrow_chains, die_choice, doublet_penalties
from donkeylab.lessons import framework as fw
from donkeylab.lessons.guess_first import install
from donkeylab.pages.query import parse_query
from donkeylab.widgets.answer import MAX_FIELD


def predictions() -> list[tuple[str, fw.Predict]]:
    found = []
    for module in (die_choice, angry_flips, doublet_penalties, arrow_chains):
        for section in module.spec().sections:
            if isinstance(section, fw.Predict) and section.choices is None:
                found.append((module.NAME, section))
    return found


def test_lesson_1_and_3_ask_for_a_number_on_a_slider() -> None:
    assert [name for name, _ in predictions()] == ["die_choice", "doublet_penalties"]


@pytest.mark.parametrize(("name", "section"), predictions())
def test_every_slider_reaches_within_a_tenth_of_its_answer(name: str, section: fw.Predict) -> None:
    """The nearest value on the slider's step is within 10 % of the answer (Lesson 1 on a step of 0.01: 0.01 is
    19 % off 1/81; on 0.001, 0.012 is 2.8 % off)."""
    answer = float(Fraction(section.answer))
    nearest = round(answer / section.step) * section.step
    assert abs(nearest - answer) <= answer / 10, (name, nearest, answer)
    prediction = fw._prediction(section, "en")
    assert prediction.input.step == section.step and prediction.typed is not None


def lesson_1(lang: str = "en") -> Any:
    lesson = die_choice.parts(parse_query(f"lang={lang}", die_choice.PARAMS), sealed=True)
    gate = install(lesson)
    assert gate is not None
    return lesson.prediction, gate


@pytest.mark.parametrize(
    ("text", "value", "shown"),
    [("1/81", 0.012, "0.012"), ("1.2 %", 0.012, "0.012"), ("0,012", 0.012, "0.012"), ("1 in 70", 0.014, "0.014")],
)
def test_a_typed_guess_sets_the_slider_on_its_step(text: str, value: float, shown: str) -> None:
    prediction, _ = lesson_1()
    prediction.typed.field.value = text
    assert prediction.input.value == pytest.approx(value) and prediction.readout.value == shown
    assert prediction.touched and prediction.guess == pytest.approx(value)


def test_the_lock_locks_the_typed_guess_though_the_page_sent_the_old_value() -> None:
    """Typed, then "Lock in" at once: the click carries the slider as the page still shows it (0.5)."""
    prediction, gate = lesson_1("de")
    prediction.typed.field.value = "1,2 %"
    gate.lock.click(0.5)
    assert prediction.committed == pytest.approx(0.012)
    assert "0,012 ist festgelegt" in gate.lock.status
    assert prediction.input.disabled and prediction.typed.field.disabled


def test_a_slider_moved_after_typing_is_the_guess() -> None:
    prediction, gate = lesson_1()
    prediction.typed.field.value = "0.05"
    prediction.input.value = 0.3  # the pupil drags after typing: the page's value is the guess again
    assert prediction.typed.field.value == "" and prediction.typed.pending is None
    gate.lock.click(0.3)
    assert prediction.committed == pytest.approx(0.3)


@pytest.mark.parametrize("text", ["abc", "2", "-0.1", "150 %", "1/0", "x" * 10_000])
def test_a_typed_text_that_is_no_guess_leaves_the_slider_and_says_what_to_type(text: str) -> None:
    prediction, _ = lesson_1()
    prediction.typed.field.value = text
    assert prediction.input.value == 0.5 and not prediction.touched
    assert len(prediction.typed.field.value) <= MAX_FIELD
    assert "a percentage (30 %) or a fraction (3/10)" in prediction.typed.note.value


def test_the_typed_field_names_no_answer_and_speaks_german() -> None:
    prediction, _ = lesson_1("de")
    assert prediction.typed.field.placeholder == "z. B. 30 % oder 0,3"
    assert "oder tippe sie ein" in prediction.typed.label.value
    prediction.typed.field.value = "abc"
    assert "Gib eine Zahl von 0 bis 1" in prediction.typed.note.value


def test_a_guess_close_to_a_small_answer_is_told_how_close_in_hundredths_of_a_point() -> None:
    """0.012 for 1/81 is 0.03 percentage points off: "0.0 points away" would say it hit, and it did not."""
    from donkeylab.classroom.questions import question_specs
    from donkeylab.pages.guess_words import closeness

    headline = next(iter(question_specs("die_choice").values()))
    assert headline.exact == Fraction(1, 81)
    assert "0.03 percentage points away" in closeness(headline, 0.012, "en", times=True)
    assert "0,03 Prozentpunkte daneben" in closeness(headline, 0.012, "de", times=True)
    assert "3.8 percentage points away" in closeness(headline, 0.05, "en", times=True)
