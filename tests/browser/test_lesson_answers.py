"""Every lesson in a real browser: a pupil types an answer into the first answer box, presses Check and reads
the feedback — a wrong answer first (not yet, with the hint), then the right one (correct). One lesson also in
German, with a German number. Everything waits on the page's text, never on a clock."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from donkeylab.apps import APPS
from tests.browser.helpers import App

# The first typed exercise of each lesson: a wrong answer, the right one in the pupil's own writing.
FIRST_ANSWER = {
    "die_choice": ("1/6", "1/7776"),
    "angry_flips": ("1", "6"),
    "doublet_penalties": ("0.3", "3/28"),
    "arrow_chains": ("1/6", "9.1 %"),
    "full_games": ("2", "1/2"),
}
FEEDBACK_MS = 60_000  # a shared 2-core box: a kernel busy drawing the page answers the click a little later


def answer(app: App, index: int, text: str) -> str:
    box = app.page.locator(".dl-answer").nth(index)
    box.scroll_into_view_if_needed()
    field = box.locator("input")
    field.fill(text)
    expect(field).to_have_value(text)
    box.locator("button").first.click()
    feedback = box.locator(".dl-feedback")
    expect(feedback).not_to_have_class("dl-feedback dl-none", timeout=FEEDBACK_MS)
    return feedback.inner_text()


@pytest.mark.parametrize("name", list(FIRST_ANSWER))
def test_a_pupil_answers_the_first_exercise(app: App, name: str) -> None:
    assert APPS[name].kind == "lesson"
    app.open(APPS[name].notebook, ready=".dl-answer input")
    wrong, right = FIRST_ANSWER[name]
    box = app.page.locator(".dl-answer").first
    answer(app, 0, wrong)
    expect(box.locator(".dl-feedback")).to_contain_text("Not yet", timeout=FEEDBACK_MS)
    expect(box.locator(".dl-feedback")).to_contain_text("Hint:")
    answer(app, 0, right)
    expect(box.locator(".dl-feedback")).to_contain_text("Correct!", timeout=FEEDBACK_MS)
    app.assert_no_traceback()
    app.check_console()


def test_a_german_pupil_answers_with_a_decimal_comma(app: App) -> None:
    app.open(APPS["die_choice"].notebook, "lang=de", ready=".dl-answer input")
    box = app.page.locator(".dl-answer").nth(1)  # (4/6)² = 4/9, the "why" exercise
    expect(box.locator("button").first).to_have_text("Prüfen")
    answer(app, 1, "44,4 %")
    expect(box.locator(".dl-feedback")).to_contain_text("Richtig!", timeout=FEEDBACK_MS)
    answer(app, 1, "vier Neuntel")
    expect(box.locator(".dl-feedback")).to_contain_text("kann ich nicht als Zahl lesen", timeout=FEEDBACK_MS)
    app.assert_no_traceback()
    app.check_console()
