"""A later class question blind on a phone, guess before simulate, and a pause that stops the page (Chromium
against a live class server, as ``donkeylab serve --class`` runs it).

The teacher runs a Die choice class from the dashboard; a pupil on a phone (390x844) opens the class link. The
simulation's Start waits, with the reason beside it, until the pupil has locked in a guess. The teacher pauses:
the overlay covers the phone's window wherever the pupil has scrolled, and Start and Step clicked anyway (by the
mouse through the overlay, and as events sent straight to the buttons) change nothing; after the release they
work. After the first reveal the teacher asks the second question: 4/9 is in no text, HTML or websocket frame of
the pupil's page until its own reveal, although "What to notice" (where it stands) has its place on the page.
Screenshots (``class-blind/``): the paused phone and the sealed later question.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.browser.helpers import App, Server
from tests.browser.test_class_mode import PROJECTORS, Watched, class_server, shot

__all__ = ["class_server"]  # the module's fixture: one class server for these tests
PHONE = {"width": 390, "height": 844}
# Die choice's second answer, 4/9, as the page writes it (not inside a longer number or a base64 picture)
FOUR_NINTHS = (r"(?<![\w/+])4/9(?![\w/+])", r"(?<![\d.,])44[.,]4 ?%", r"(?<![\d.,])0[.,]444(?!\d)")


def leaked(watched: Watched) -> list[str]:
    """The forms of 4/9 in the page's text, its HTML and every websocket frame it received."""
    return watched.found(FOUR_NINTHS)


def test_a_phone_guesses_each_question_blind_and_a_pause_stops_its_page(
    browser: Browser, class_server: Server, output_dir: Path
) -> None:
    folder = output_dir / "class-blind"
    teacher = App(browser.new_context(viewport=PROJECTORS[0]).new_page(), class_server, folder)
    teacher.open("class_mode.ipynb", "lesson=die_choice", ready=".dl-class-dash select")
    teacher.page.fill("#dl-cd-size", "2")
    teacher.page.get_by_role("button", name="Start a class").click()
    expect(teacher.page.locator(".dl-cd-code")).to_have_text(re.compile(r"^\w{6}$"))
    link = teacher.page.locator(".dl-cd-link").get_attribute("href") or ""
    pupil_server = Server(link.split("/voila/")[0], class_server.log_path)
    phone = App(browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page(), pupil_server, folder)
    watched = Watched(phone)
    phone.open(link, ready=".dl-cc-bar b")
    page = phone.page

    # Guess first: the simulation's Start waits for the pupil's own guess, and says so beside it.
    start = page.locator(".dl-liveplot button.dl-liveplot-toggle").first
    held = page.locator(".dl-liveplot .dl-liveplot-held").first
    expect(start).to_be_disabled()
    expect(held).to_contain_text("Lock in your guess for question 1 first")
    start.dispatch_event("click")  # a click the page sends anyway: the kernel refuses it
    count = page.locator(".dl-liveplot .dl-liveplot-count").first
    expect(count).to_contain_text(re.compile(r"^0 "))
    # the first question's guess stands in the lesson, not on the card: the card's button takes the pupil there
    go = page.locator(".dl-class-card button.dl-cc-go")
    expect(go).to_have_text("Go to your guess ↓")
    page.locator(".dl-liveplot").last.scroll_into_view_if_needed()  # a pupil further down the page
    go.scroll_into_view_if_needed()
    expect(page.locator(".dl-prediction .dl-class-lock")).not_to_be_in_viewport()
    go.click()
    expect(page.locator(".dl-prediction .dl-class-lock")).to_be_in_viewport()
    page.locator(".dl-class-lock").click()
    expect(page.locator(".dl-class-status")).to_contain_text("locked in")
    expect(start).to_be_enabled()
    expect(held).to_be_hidden()

    # Pause: the overlay covers the window where the pupil is, and no control of the page moves.
    step = page.locator(".dl-stepper button.dl-step").first
    position = page.locator(".dl-stepper .dl-pos").first
    start.scroll_into_view_if_needed()
    teacher.page.locator(".dl-cd-roster summary").click()
    teacher.page.locator("button.dl-cd-pause").click()
    overlay = page.locator(".dl-cc-pause")
    expect(overlay).to_be_in_viewport(ratio=1, timeout=10_000)
    expect(overlay).to_contain_text("paused")
    expect(overlay).to_have_css("background-color", "rgba(20, 30, 40, 0.78)")  # the page behind is dimmed
    shot(phone, folder, "phone-paused-scrolled")
    before = position.inner_text()
    box = start.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # the overlay takes it
    step.scroll_into_view_if_needed()
    for button in (step, start):
        button.dispatch_event("click")  # sent straight to the buttons: the kernel refuses them, saying why
    expect(page.locator(".dl-stepper .dl-error").first).to_contain_text("paused")
    expect(page.locator(".dl-liveplot .dl-liveplot-error").first).to_contain_text("paused")
    expect(count).to_contain_text(re.compile(r"^0 "))
    expect(position).to_have_text(before)
    assert page.evaluate("() => document.querySelector('.dl-stepper').closest('[inert]') !== null")
    teacher.page.locator("button.dl-cd-release").click()
    expect(overlay).to_have_count(0, timeout=10_000)
    step.click()
    expect(position).not_to_have_text(before)
    start.click()
    expect(count).not_to_contain_text(re.compile(r"^0 "), timeout=30_000)
    # Stop: the run has shown it works (100,000 trials would keep a busy machine's kernel from its pongs)
    start.dispatch_event("click")
    expect(start).not_to_have_attribute("aria-pressed", "true")

    # The first reveal opens the lesson, but not what states the second question's answer.
    teacher.page.locator("button.dl-cd-reveal").click()
    expect(page.locator(".dl-reveal")).to_contain_text("1/81", timeout=10_000)
    teacher.page.locator("button.dl-cd-next").click()
    expect(page.locator(".dl-cc-num")).to_have_text("Question 2 of 2", timeout=10_000)
    waiting = page.locator(".dl-section-answer .dl-sealed-note, .dl-sealed .dl-sealed-note").filter(
        has_text="later question"
    )
    expect(waiting.first).to_be_visible()
    waiting.first.scroll_into_view_if_needed()
    shot(phone, folder, "phone-question-2-sealed")
    assert not leaked(watched), leaked(watched)
    page.locator(".dl-cc-range").fill("0.3")
    page.locator(".dl-cc-lock").click()
    expect(page.locator(".dl-cc-status")).to_contain_text("locked in")
    assert not leaked(watched), leaked(watched)

    # Its own reveal brings it.
    teacher.page.locator("button.dl-cd-reveal").click()
    expect(page.locator(".dl-cc-status")).to_contain_text("4/9", timeout=10_000)
    expect(page.locator(".dl-lesson")).to_contain_text("(4/6)² = 4/9", timeout=10_000)
    assert leaked(watched)
    shot(phone, folder, "phone-question-2-revealed")
    end = teacher.page.locator("button.dl-cd-end")
    end.click()
    end.click()
    for app in (teacher, phone):
        app.assert_no_traceback()
        app.check_console()
        app.leave()
        app.page.context.close()
