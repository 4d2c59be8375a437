"""A pupil answers a lesson's exercises in a real browser: types into an answer box, presses Check and reads the
feedback. ``test_apps.py`` does it on the page each lesson's copied link opens (a page load of its own cost each
lesson a kernel and a page build more): the first exercise, a wrong answer first (not yet, with the hint), then
the right one (correct); one lesson also in German, with a German number. Everything waits on the page's text,
never on a clock."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.helpers import App, lock_guess

# The first typed exercise of each lesson: a wrong answer, the right one in the pupil's own writing.
FIRST_ANSWER = {
    "die_choice": ("1/6", "1/7776"),
    "angry_flips": ("1", "6"),
    "doublet_penalties": ("0.3", "3/28"),
    "arrow_chains": ("1/3", "26.7 %"),  # exercise 1: yellow first (a fair third is the wrong answer aimed at)
    "full_games": ("2", "1/2"),
}
FEEDBACK_MS = 60_000  # a shared 2-core box: a kernel busy drawing the page answers the click a little later


def reveal(app: App) -> None:
    """What a pupil does before the exercises: guess, then press Reveal (a lesson page keeps the answer and the
    exercises back until then, issue 33); the exercises are built and drawn after it."""
    if app.page.locator(".dl-answer").count():
        return
    press_reveal(app)
    expect(app.page.locator(".dl-answer").first).to_be_attached(timeout=FEEDBACK_MS)


def press_reveal(app: App) -> None:
    """The prediction's Reveal button, as a pupil presses it: after locking in a guess (guess first)."""
    lock_guess(app.page)
    button = app.page.locator(".dl-prediction button.mod-warning").first
    button.scroll_into_view_if_needed()
    button.click()


def the_plots_shown(app: App) -> None:
    """Every live plot of a lesson laid out, as a pupil who reads on sees them: a guess locked in first (every
    simulation waits for it); where the plots come only with the answer, Reveal; where they are folded under
    "going further", the fold opened."""
    lock_guess(app.page)
    plots = app.page.locator(".dl-liveplot")
    if not plots.count():
        press_reveal(app)
        expect(plots.first).to_be_attached(timeout=FEEDBACK_MS)
    if app.page.locator(".dl-liveplot:visible").count():
        return
    folds = app.page.locator(".jupyter-widget-Collapse:not(.jupyter-widget-Collapse-open):has(.dl-liveplot)")
    for i in range(folds.count()):
        folds.nth(i).locator(".jupyter-widget-Collapse-header").first.click()
    expect(app.page.locator(".dl-liveplot:visible").first).to_be_visible()


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


def the_first_exercise(app: App, name: str) -> None:
    """A wrong answer to the lesson's first exercise, then the right one, in English."""
    wrong, right = FIRST_ANSWER[name]
    reveal(app)
    box = app.page.locator(".dl-answer").first
    answer(app, 0, wrong)
    expect(box.locator(".dl-feedback")).to_contain_text("Not yet", timeout=FEEDBACK_MS)
    expect(box.locator(".dl-feedback")).to_contain_text("Hint:")
    answer(app, 0, right)
    expect(box.locator(".dl-feedback")).to_contain_text("Correct!", timeout=FEEDBACK_MS)
    app.assert_no_traceback()


def a_decimal_comma_in_german(app: App) -> None:
    """die_choice's second exercise answered on the German page with a German number, then with words."""
    reveal(app)
    box = app.page.locator(".dl-answer").nth(1)  # 4/9 + 1/9 = 5/9, the "why" exercise
    expect(box.locator("button").first).to_have_text("Prüfen")
    answer(app, 1, "55,6 %")
    expect(box.locator(".dl-feedback")).to_contain_text("Richtig!", timeout=FEEDBACK_MS)
    answer(app, 1, "fünf Neuntel")
    expect(box.locator(".dl-feedback")).to_contain_text("kann ich nicht als Zahl lesen", timeout=FEEDBACK_MS)
    app.assert_no_traceback()
