"""A pupil's typed answer: every accepted form in both languages' number formats, and every bad input a
sentence key, never an exception (``lab.answers``)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from donkeylab.lab import answers

EXACT = Fraction(3, 28)  # 0.10714…
TOL = Fraction(1, 1000)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("3/28", Fraction(3, 28)),
        (" 3 / 28 ", Fraction(3, 28)),
        ("0.107", Fraction(107, 1000)),
        ("0,107", Fraction(107, 1000)),  # German decimal comma
        (".107", Fraction(107, 1000)),
        ("10.7%", Fraction(107, 1000)),
        ("10.7 %", Fraction(107, 1000)),
        ("10,7 %", Fraction(107, 1000)),  # German percentage
        ("10,7\u00a0%", Fraction(107, 1000)),  # a no-break space, as German keyboards type it
        ("1/2", Fraction(1, 2)),
        ("6", Fraction(6)),
        ("−1", Fraction(-1)),  # a typographic minus
    ],
)
def test_every_form_is_read_exactly(text: str, value: Fraction) -> None:
    assert answers.parse(text).value == value


@pytest.mark.parametrize("text", ["3/28", "0.107", "0,107", "10.7%", "10,7 %", "0.1071"])
def test_right_answers_in_both_formats_are_correct(text: str) -> None:
    assert answers.check(text, EXACT, TOL).outcome == "correct"


@pytest.mark.parametrize("text", ["0.11", "0,11", "11 %", "11%", "0.104"])
def test_near_answers_are_close(text: str) -> None:
    assert answers.check(text, EXACT, TOL).outcome == "close"


@pytest.mark.parametrize("text", ["0.3", "0,3", "30 %", "1/7", "3/7"])
def test_wrong_answers_are_not_yet(text: str) -> None:
    assert answers.check(text, EXACT, TOL).outcome == "not_yet"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "answer/empty"),
        ("   ", "answer/empty"),
        ("drei", "answer/unreadable"),
        ("3//28", "answer/unreadable"),
        ("1e5", "answer/unreadable"),  # no exponents: Fraction("1e99999") is never built
        ("1,000.5", "answer/unreadable"),  # no thousands separators
        ("3/0", "answer/divide_by_zero"),
        ("9" * 41, "answer/too_long"),
        ("1" * 20, "answer/too_long"),  # more digits than any answer needs
        ("x" * 5_000_000, "answer/too_long"),  # a forged field: refused before any regex runs
    ],
)
def test_malformed_input_gets_a_reason_never_an_exception(text: str, problem: str) -> None:
    verdict = answers.check(text, EXACT, TOL)
    assert verdict.outcome == "malformed" and verdict.problem == problem and verdict.value is None


@pytest.mark.parametrize("forged", [None, 3, ["3/28"], {"a": 1}, b"3/28"])
def test_a_forged_non_text_value_is_malformed(forged: object) -> None:
    assert answers.check(forged, EXACT, TOL).problem == "answer/not_text"


def test_the_tolerance_is_per_exercise_and_close_can_be_given() -> None:
    assert answers.check("0.12", EXACT, Fraction(2, 100)).outcome == "correct"
    assert answers.check("0.12", EXACT, Fraction(1, 1000), close=Fraction(1, 100)).outcome == "not_yet"
    assert answers.check("6", Fraction(6), Fraction(0)).outcome == "correct"
    assert answers.check("7", Fraction(6), Fraction(0)).outcome == "not_yet"


def test_quote_is_short() -> None:
    assert answers.quote("a" * 1000) == "a" * (answers.QUOTE_CHARS - 1) + "…"
    assert answers.quote("  3 /\n 28 ") == "3 / 28"
