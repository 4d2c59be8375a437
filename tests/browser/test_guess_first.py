"""Guess first on a pupil's own lesson page, in Chromium (``apps.guess_first``): guess → simulate → reveal →
compare with your guess.

Lesson 1 opens with Start and Reveal greyed out, the reason beside each; clicks the page sends anyway are refused
by the kernel (nothing simulated, no answer). The pupil moves the slider with the keyboard, locks the guess in,
simulates, reveals, and the compare section shows their own guess beside the answer and how far it was; German
too. Screenshots (``screens/guess-first-*``) of each stage, looked at before this was called done.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.helpers import LOCK, LOCK_STATUS, App, stop_if_running


def test_a_solo_lesson_waits_for_the_guess_and_then_compares_it(app: App) -> None:
    app.open("die_choice.ipynb", "lang=en")
    page = app.page
    start = page.locator(".dl-liveplot button.dl-liveplot-toggle").first
    held = page.locator(".dl-liveplot .dl-liveplot-held").first
    count = page.locator(".dl-liveplot .dl-liveplot-count").first
    reveal = page.locator(".dl-prediction button.mod-warning").first
    status = page.locator(LOCK_STATUS).first
    lock = page.locator(LOCK).first

    expect(start).to_be_disabled()
    expect(held).to_contain_text("Lock in your guess first")
    expect(reveal).to_be_disabled()
    expect(status).to_contain_text("No guess yet")
    app.screenshot("guess-first-1-waiting")
    start.dispatch_event("click")  # clicks the page sends anyway: the kernel refuses both
    reveal.dispatch_event("click")
    expect(count).to_contain_text(re.compile(r"^0 "))
    expect(page.locator(".dl-compare")).to_have_count(0)
    expect(page.locator(".dl-answer")).to_have_count(0)  # the exercises come only with the answer

    handle = page.locator(".dl-prediction .noUi-handle").first
    handle.focus()
    for _ in range(5):  # 0.500 → 0.495 with the arrow keys: Lesson 1's slider steps by 0.001 (its answer is 0.012)
        page.keyboard.press("ArrowLeft")
    expect(page.locator(".dl-prediction .dl-readout").first).to_have_text("0.495")
    # then typed beside it, and "Lock in" clicked at once: the click leaves before the slider's new value reaches
    # the page, and the kernel locks the typed guess all the same
    page.locator(".dl-prediction .dl-typed-guess input").first.fill("5 %")
    lock.click()
    expect(status).to_contain_text("Your guess 0.05 is locked in")
    expect(start).to_be_enabled()
    expect(held).to_be_hidden()
    expect(reveal).to_be_enabled()
    app.screenshot("guess-first-2-locked")

    start.click()
    expect(count).not_to_contain_text(re.compile(r"^0 "), timeout=60_000)
    stop_if_running(start)
    reveal.click()
    compare = page.locator(".dl-compare")
    expect(compare).to_contain_text("Compare with your guess", timeout=60_000)
    expect(compare).to_contain_text("You guessed 0.05 (5 %)")
    expect(compare).to_contain_text("3.8 percentage points")
    expect(compare).to_contain_text("about 4 times too big")
    expect(page.locator(".dl-answer").first).to_be_attached()
    compare.scroll_into_view_if_needed()
    app.screenshot("guess-first-3-compared")

    app.switch_language("de")
    expect(compare).to_contain_text("Vergleiche mit deiner Schätzung")
    expect(compare).to_contain_text("Du hast 0,05 (5 %) geschätzt")
    expect(compare).to_contain_text("etwa 4-mal zu groß")
    expect(status).to_contain_text("Deine Schätzung 0,05 bleibt")
    app.screenshot("guess-first-4-de")
    app.assert_no_traceback()
    app.check_console()


def test_a_choice_lesson_locks_the_pupils_choice(app: App) -> None:
    """Lesson 4 (named choices): Lock in waits for a choice, the simulation of every order runs after it, and the
    count by hand comes after the reveal's comparison."""
    app.open("arrow_chains.ipynb", "lang=de")
    page = app.page
    lock, status = page.locator(LOCK).first, page.locator(LOCK_STATUS).first
    start = page.locator(".dl-liveplot button.dl-liveplot-toggle").first
    expect(lock).to_be_disabled()
    expect(status).to_contain_text("Wähl oben eine Antwort")
    expect(start).to_be_disabled()
    page.locator(".dl-prediction .widget-toggle-button").nth(2).click()
    expect(lock).to_be_enabled()
    lock.click()
    expect(status).to_contain_text("ist festgelegt")
    expect(start).to_be_enabled()
    page.locator(".dl-prediction button.mod-warning").first.click()
    compare = page.locator(".dl-compare")
    expect(compare).to_contain_text("Du hast gewählt", timeout=60_000)
    count = page.locator(".dl-answer").first  # the count by hand on the mini board, after the compare
    expect(count).to_be_attached()
    below = count.bounding_box()
    above = compare.bounding_box()
    assert below is not None and above is not None and below["y"] > above["y"]
    compare.scroll_into_view_if_needed()
    app.screenshot("guess-first-5-choice-de")
    app.assert_no_traceback()
    app.check_console()
