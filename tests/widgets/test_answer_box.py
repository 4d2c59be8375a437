"""The answer box: feedback in both languages, the hint after the first miss, the solution after the second
(or on request), malformed input as a sentence, and a forged field cut in the kernel."""

from __future__ import annotations

from fractions import Fraction

from donkeylab.widgets.answer import MAX_FIELD, AnswerBox


def box(lang: str = "en") -> AnswerBox:
    return AnswerBox(
        Fraction(3, 28),
        Fraction(1, 1000),
        {"en": "Count the doublet cards.", "de": "Zähl die Paschzahl-Karten."}.get,
        {"en": "6/56 = 3/28.", "de": "6/56 = 3/28."}.get,
        lang=lang,
    )


def answer(b: AnswerBox, text: str) -> str:
    b.field.value = text
    b.check_button.click()
    return b.feedback_text()


def test_a_right_answer_is_correct_without_a_hint() -> None:
    b = box()
    text = answer(b, "3/28")
    assert text.startswith("Correct!") and "Hint" not in text and b.solved and b.misses == 0


def test_a_miss_gives_the_hint_and_the_second_the_solution() -> None:
    b = box()
    first = answer(b, "0.3")
    assert first.startswith("Not yet: 0.3") and "Hint: Count the doublet cards." in first
    assert "Solution" not in first
    second = answer(b, "11 %")
    assert second.startswith("Close") and "Solution: 6/56 = 3/28." in second and b.misses == 2


def test_the_solution_on_request() -> None:
    b = box()
    b.show_button.click()
    assert "Solution: 6/56 = 3/28." in b.feedback_text() and b.misses == 0


def test_german_feedback_and_german_numbers() -> None:
    b = box("de")
    assert b.check_button.description == "Prüfen" and "0,107" in b.field.placeholder
    assert answer(b, "10,7 %").startswith("Richtig! 0,107 stimmt.")
    b2 = box("de")
    assert answer(b2, "0,3").startswith("Noch nicht: 0,3") and "Tipp: Zähl" in b2.feedback_text()


def test_malformed_input_is_a_sentence_and_no_miss() -> None:
    b = box()
    text = answer(b, "three twenty-eighths")
    assert "is not a number I can read" in text and b.misses == 0 and "Traceback" not in text
    assert "<" not in b.feedback.value.split("role='status'>")[1].replace("<p>", "").replace("</p>", "").replace(
        "</div>", ""
    ), "the pupil's text is escaped"


def test_a_forged_huge_value_is_cut_and_quoted_short() -> None:
    b = box()
    b.field.value = "<script>" + "9" * 5_000_000
    assert len(b.field.value) == MAX_FIELD
    b.check()
    text = b.feedback_text()
    assert "too long" in text and len(text) < 200
    assert "<script>" not in b.feedback.value


def test_the_tolerance_is_stated_in_the_pages_language() -> None:
    assert "within 0.001 of the exact value" in box().rule.value
    assert "höchstens 0,001 vom exakten Wert" in box("de").rule.value
    exact = AnswerBox(Fraction(6), Fraction(0), str, str)
    assert "exact number" in exact.rule.value
    tiny = AnswerBox(Fraction(1, 7776), Fraction(1, 100_000), str, str)
    assert "0.00001" in tiny.rule.value and "e-" not in tiny.rule.value


def test_the_language_switch_redraws_the_feedback() -> None:
    b = box()
    answer(b, "3/28")
    b.set_lang("de")
    assert b.feedback_text().startswith("Richtig!")


def test_an_answer_box_closes_like_any_widget() -> None:
    """Its "close enough" bound is `near`: an attribute named `close` hid Widget.close, so a page's boxes
    could never be closed and every collected one raised in Widget.__del__."""
    box = AnswerBox(Fraction(3, 28), Fraction(1, 1000), str, str, near=Fraction(1, 100))
    box.close()
    assert box.comm is None
    assert box.near == Fraction(1, 100)
