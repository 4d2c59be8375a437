"""A pupil's typed answer: every accepted form in both languages' number formats ("1 in 81" too), one rounding
rule for every box (two significant digits), known wrong answers and a missing % sign recognised, and every
bad input a sentence key, never an exception (``core.answers``)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from donkeylab.core import answers

EXACT = Fraction(3, 28)  # 0.10714…


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
        ("1 in 81", Fraction(1, 81)),  # the pages' own wording
        ("about 1 in 9", Fraction(1, 9)),
        ("1 von 81", Fraction(1, 81)),  # German pages: "etwa 1 von 81"
        ("etwa 1 von 81", Fraction(1, 81)),
        ("1 out of 6", Fraction(1, 6)),
        ("1:6", Fraction(1, 6)),  # ":" is the division sign of German schools
        ("3 : 28", Fraction(3, 28)),
        ("(1:6)^5", Fraction(1, 7776)),
        ("three", Fraction(3)),  # a count typed as a word
        ("Drei", Fraction(3)),
        ("zwölf", Fraction(12)),
        ("≈ 0,107", Fraction(107, 1000)),
    ],
)
def test_every_form_is_read_exactly(text: str, value: Fraction) -> None:
    assert answers.parse(text).value == value


@pytest.mark.parametrize("text", ["3/28", "6/56", "0.107", "0,107", "10.7%", "10,7 %", "0.1071", "10.71 %"])
def test_right_answers_in_both_formats_are_correct(text: str) -> None:
    assert answers.check(text, EXACT).outcome == "correct"


@pytest.mark.parametrize("text", ["0.11", "0,11", "11 %", "11%", "0.107143"])
def test_a_rounding_that_keeps_two_digits_is_correct(text: str) -> None:
    """Issue 35: "11 %" for 3/28 was "close" in Lesson 3 while Lesson 4 took whole percents; one rule now."""
    assert answers.check(text, EXACT).outcome == "correct"


@pytest.mark.parametrize(
    ("text", "exact", "outcome"),
    [
        ("23 %", Fraction(13, 56), "correct"),  # 23.2 %: the review's case
        ("56 %", Fraction(5, 9), "correct"),
        ("1.2 %", Fraction(1, 81), "correct"),
        ("1 %", Fraction(1, 81), "close"),  # one digit: rounded too much
        ("0.013 %", Fraction(1, 7776), "correct"),  # leading zeros are no digits
        ("0.01 %", Fraction(1, 7776), "close"),
        ("9.1 %", Fraction(91, 1000), "correct"),
        ("9 %", Fraction(91, 1000), "close"),
        ("18 %", Fraction(3913007381, 21767823360), "correct"),
        ("0.5", Fraction(1, 2), "correct"),  # one digit, but the exact value
        ("6.0", Fraction(6), "correct"),
        ("5.6", Fraction(6), "not_yet"),  # no rounding of 6: a wrong number, not a slip
    ],
)
def test_the_rounding_rule_is_the_same_for_every_answer(text: str, exact: Fraction, outcome: str) -> None:
    assert answers.check(text, exact).outcome == outcome


@pytest.mark.parametrize(
    ("text", "problem"),
    [("0.1", "answer/more_digits"), ("10 %", "answer/rounding_slip"), ("10.8 %", "answer/rounding_slip")],
)
def test_rounding_slips_are_close_and_say_so(text: str, problem: str) -> None:
    verdict = answers.check(text, EXACT)
    assert verdict.outcome == "close" and verdict.problem == problem


@pytest.mark.parametrize(("text", "exact"), [("1 in 81", Fraction(1, 81)), ("etwa 1 von 81", Fraction(1, 81))])
def test_one_in_n_is_accepted(text: str, exact: Fraction) -> None:
    assert answers.check(text, exact).outcome == "correct"
    assert answers.check("1 in 80", exact).outcome == "close"  # 1/80 = 0.0125 rounds to 0.013, not 0.012


@pytest.mark.parametrize(
    ("text", "exact"), [("18", Fraction(9, 50)), ("1.1", Fraction(23, 2067)), ("44,4", Fraction(4, 9))]
)
def test_a_percentage_without_its_sign_is_told_so(text: str, exact: Fraction) -> None:
    verdict = answers.check(text, exact)
    assert verdict.outcome == "percent_sign" and verdict.problem == "answer/percent_sign"
    assert answers.check(text + " %", exact).outcome == "correct"
    assert answers.check(text, Fraction(18)).outcome != "percent_sign", "only a probability's answer"


def test_a_known_wrong_answer_is_recognised_with_its_index() -> None:
    seven = Fraction(3913007381, 21767823360)  # Lesson 2: P(7) on the Hay card; 1/6 for independent dice
    mistakes = (Fraction(1, 10), Fraction(1, 6))
    for text in ("1/6", "16.7 %", "0.17", "1 in 6"):
        verdict = answers.check(text, seven, mistakes=mistakes)
        assert verdict.outcome == "mistake" and verdict.mistake == 1, text
    assert answers.check("18 %", seven, mistakes=mistakes).outcome == "correct", "right beats a mistake"
    assert answers.check("0.2", seven, mistakes=mistakes).outcome == "close", "one digit is no rounding of 1/6"
    assert answers.check("1/6", seven).outcome == "not_yet", "without the mistake: wrong (0.17, not 0.18)"


@pytest.mark.parametrize("text", ["0.3", "0,3", "30 %", "1/7", "3/7"])
def test_wrong_answers_are_not_yet(text: str) -> None:
    assert answers.check(text, EXACT).outcome == "not_yet"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "answer/empty"),
        ("   ", "answer/empty"),
        ("drei Viertel", "answer/unreadable"),
        ("3//28", "answer/unreadable"),
        ("1e5", "answer/unreadable"),  # no exponents: Fraction("1e99999") is never built
        ("1,000.5", "answer/unreadable"),  # no thousands separators outside "1 in N"
        ("(1/6)^13", "answer/too_long"),  # no power beyond MAX_POWER is built
        ("(1/0)^2", "answer/divide_by_zero"),
        ("1 in 0", "answer/divide_by_zero"),
        ("2^^3", "answer/unreadable"),
        ("3/0", "answer/divide_by_zero"),
        ("9" * 41, "answer/too_long"),
        ("1" * 20, "answer/too_long"),  # more digits than any answer needs
        ("x" * 5_000_000, "answer/too_long"),  # a forged field: refused before any regex runs
    ],
)
def test_malformed_input_gets_a_reason_never_an_exception(text: str, problem: str) -> None:
    verdict = answers.check(text, EXACT)
    assert verdict.outcome == "malformed" and verdict.problem == problem and verdict.value is None


@pytest.mark.parametrize("forged", [None, 3, ["3/28"], {"a": 1}, b"3/28"])
def test_a_forged_non_text_value_is_malformed(forged: object) -> None:
    assert answers.check(forged, EXACT).problem == "answer/not_text"


def test_an_extra_tolerance_and_close_can_be_given() -> None:
    assert answers.check("0.12", EXACT, Fraction(2, 100)).outcome == "correct"
    assert answers.check("0.12", EXACT, Fraction(1, 1000), close=Fraction(1, 100)).outcome == "not_yet"
    assert answers.check("0.12", EXACT, close=Fraction(2, 100)).outcome == "close"
    assert answers.check("6", Fraction(6), Fraction(0)).outcome == "correct"
    assert answers.check("7", Fraction(6), Fraction(0)).outcome == "not_yet"


def test_quote_is_short() -> None:
    assert answers.quote("a" * 1000) == "a" * (answers.QUOTE_CHARS - 1) + "…"
    assert answers.quote("  3 /\n 28 ") == "3 / 28"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1 in 7,776", Fraction(1, 7776)),  # Lesson 1's page writes the thousands mark
        ("etwa 1 von 7.776", Fraction(1, 7776)),
        ("1 in 7 776", Fraction(1, 7776)),
        ("1 in 5.600", Fraction(1, 5600)),  # a mark before three digits groups thousands
        ("1 in 5.6", Fraction(5, 28)),  # before one or two digits it is a decimal mark
        ("1 von 12,5", Fraction(2, 25)),
        ("(3/7)^5", Fraction(243, 16807)),  # Lesson 3's named misconception must be readable
        ("(3/7)⁵", Fraction(243, 16807)),
        ("(3/7)**5", Fraction(243, 16807)),
        ("1/6^5", Fraction(1, 7776)),
        ("(1/3)^4", Fraction(1, 81)),
        ("2^2/3^2", Fraction(4, 9)),
    ],
)
def test_the_pages_powers_and_thousands_marks_are_read(text: str, value: Fraction) -> None:
    assert answers.parse(text).value == value


SEVEN = Fraction(3913007381, 21767823360)  # 0.17976…


@pytest.mark.parametrize(
    ("text", "exact"),
    [
        ("9/50", SEVEN),  # 0.18: right to two significant figures, like "0.18"
        ("1/11", Fraction(1977, 21736)),  # 0.0909… and 0.09096…: both 0.091
        ("1 in 9", Fraction(3, 28)),  # the page's "about 1 in 9"
        ("about 1 in 90", Fraction(23, 2067)),
        ("1 in 7,776", Fraction(1, 7776)),
        ("(1/6)^5", Fraction(1, 7776)),
        ("1 in 5.6", SEVEN),  # 18.0 % is about 1 in 5.6 (the review's reading), not "about 1 in 6"
        ("etwa 1 von 5,6", SEVEN),
        ("1 in 5.56", SEVEN),
    ],
)
def test_a_fraction_or_one_in_n_right_to_two_figures_is_correct(text: str, exact: Fraction) -> None:
    assert answers.check(text, exact).outcome == "correct"


@pytest.mark.parametrize(
    ("text", "exact"),
    [("1 in 6", SEVEN), ("1 in 4", Fraction(13, 56)), ("1/5", SEVEN), ("1/10", Fraction(1, 9))],
)
def test_a_fraction_wrong_in_its_two_figures_is_not_correct(text: str, exact: Fraction) -> None:
    assert answers.check(text, exact).outcome != "correct"


@pytest.mark.parametrize(
    ("text", "exact"), [("0.5", Fraction(5, 9)), ("0.45", Fraction(13, 25)), ("4/9", Fraction(5, 9)), ("1/7", EXACT)]
)
def test_a_wrong_idea_is_not_called_a_rounding_slip(text: str, exact: Fraction) -> None:
    """0.5 for 5/9 is a missing case, not a rounding: the box must not say "Check your rounding"."""
    verdict = answers.check(text, exact)
    assert verdict.outcome == "not_yet" and verdict.problem == ""


def test_a_known_mistake_typed_exactly_beats_two_figures() -> None:
    """A named wrong answer keeps its own hint even where it would round to the right two figures."""
    assert answers.check("1/9", Fraction(3, 28), mistakes=[Fraction(1, 9)]).outcome == "mistake"


@pytest.mark.parametrize(
    ("p", "n"),
    [(Fraction(3, 28), 9), (Fraction(1, 81), 81), (SEVEN, None), (Fraction(13, 56), None), (Fraction(1, 7776), 7776)],
)
def test_one_in_for_is_the_boxes_rule(p: Fraction, n: int | None) -> None:
    assert answers.one_in_for(p) == n
    if n is not None:
        assert answers.check(f"1 in {n}", p).outcome == "correct"


def test_one_in_a_whole_n_where_none_is_right_is_called_too_rough() -> None:
    """Lesson 4's 26.7 %: "1 in 4" is the nearest whole N but no whole N gives 0.27, so it is no wrong rounding;
    "1 in 80" for 1/81 is one (1 in 81 exists)."""
    assert answers.check("1 in 4", Fraction(267, 1000)).problem == "answer/one_in_rough"
    assert answers.check("1 in 80", Fraction(1, 81)).problem == "answer/rounding_slip"


def test_a_known_mistake_typed_without_its_percent_sign_gets_the_mistakes_hint() -> None:
    """Lesson 4's "44" for the wrong 43.9 %: the idea is what is wrong, so its hint comes first; a right number
    without its sign is still told about the sign."""
    mistakes = (Fraction(439, 1000),)
    verdict = answers.check("44", Fraction(561, 1000), mistakes=mistakes)
    assert verdict.outcome == "mistake" and verdict.mistake == 0
    assert answers.check("56", Fraction(561, 1000), mistakes=mistakes).outcome == "percent_sign"


@pytest.mark.parametrize("text", ["1 zu 6", "etwa 1 zu 7776", "1 to 6"])
def test_odds_are_told_apart_from_a_probability(text: str) -> None:
    """ "1 zu 6" is odds, 1 in 7: a maths teacher refused it being read as 1/6, so the box says what it means."""
    verdict = answers.check(text, Fraction(1, 6))
    assert verdict.outcome == "malformed" and verdict.problem == "answer/odds"


def test_a_five_rounds_up_in_an_answer_as_on_the_pages() -> None:
    """1/8 = 0.125: the key writes 0.13, so 0.13 is right and 0.12 a rounding slip (it was accepted)."""
    assert answers.check("0.13", Fraction(1, 8)).outcome == "correct"
    assert answers.check("12.5 %", Fraction(1, 8)).outcome == "correct"
    slip = answers.check("0.12", Fraction(1, 8))
    assert slip.outcome == "close" and slip.problem == "answer/rounding_slip"
