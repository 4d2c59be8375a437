"""A pupil's page in a class, reloaded, with a server gone, and with a slider tapped where it sits, in Chromium.

The pupil is a phone (390x844) on another address (``netns.pupil_device``); the teacher a projector on the
serving machine. A reload restores the pupil's language, the Stepper's step, the section they were on, their
exercise tally and their scroll place, and it does not land on the answer. "Lock in" with the server gone
says the guess was not saved, and why, in the page's language. A tap on a slider's current value is a guess.
Screenshots land in the test output folder (``reload/``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, Playwright, expect

from donkeylab.server.serve import voila_command
from tests.browser.answers import FEEDBACK_MS, FIRST_ANSWER, answer
from tests.browser.conftest import APPS_DIR, CHROMIUM, CHROMIUM_ARGS, _free_port, launch
from tests.browser.helpers import App, Server
from tests.browser.netns import pupil_device
from tests.browser.shared_server import stop_group
from tests.browser.test_class_mode import PROJECTORS, TOKEN, class_server, shot

__all__ = ["class_server"]  # the class server fixture of test_class_mode, one per module
LESSON = "doublet_penalties"
PHONE = {"width": 390, "height": 844}
PLACE = """() => { const k = Object.keys(sessionStorage).find((k) => k.startsWith('dl-place:'));
  return k ? JSON.parse(sessionStorage.getItem(k)) : null; }"""


def started(browser: Browser, server: Server, folder: Path) -> tuple[App, str]:
    """The teacher's projector with a class of ``LESSON`` started, and the pupils' link."""
    teacher = App(browser.new_context(viewport=PROJECTORS[0]).new_page(), server, folder)
    teacher.open("class_mode.ipynb", f"lesson={LESSON}", ready=".dl-class-dash select")
    teacher.page.fill("#dl-cd-size", "2")
    teacher.page.get_by_role("button", name="Start a class").click()
    expect(teacher.page.locator(".dl-cd-code")).to_have_text(re.compile(r"^\w{6}$"))
    return teacher, teacher.page.locator(".dl-cd-link").get_attribute("href") or ""


@contextmanager
def phone_browser(playwright: Playwright, browser: Browser, tmp_path: Path) -> Iterator[Browser]:
    """A browser on another address (a network namespace), or this one where none can be made."""
    with pupil_device(tmp_path, CHROMIUM) as in_namespace:
        if in_namespace is None:
            yield browser
            return
        other = playwright.chromium.launch(executable_path=str(in_namespace), args=CHROMIUM_ARGS)
        yield other
        other.close()


def pupil(browser: Browser, link: str, server: Server, folder: Path, **context: Any) -> App:
    at = Server(link.split("/voila/")[0], server.log_path)  # the address the teacher's link names
    app = App(browser.new_context(viewport=PHONE, **context).new_page(), at, folder)
    app.open(link, ready=".dl-cc-bar b")
    return app


def roster_cells(teacher: App) -> Any:
    teacher.page.locator(".dl-cd-roster summary").click()
    return teacher.page.locator(".dl-cd-pupils-table tr").nth(1).locator("td")


def into_section(page: Page, section: str) -> float:
    """How far the window's top is into ``section`` (pixels; negative: above it)."""
    return float(page.evaluate(f"() => -document.querySelector('.dl-section-{section}').getBoundingClientRect().top"))


def test_a_pupils_reload_restores_language_step_section_tally_and_place(
    browser: Browser, playwright: Playwright, class_server: Server, output_dir: Path, tmp_path: Path
) -> None:
    folder = output_dir / "reload"
    teacher, link = started(browser, class_server, folder)
    with phone_browser(playwright, browser, tmp_path) as other:
        phone = pupil(other, link, class_server, folder)
        page = phone.page
        page.locator(".dl-class-lock").click()
        expect(page.locator(".dl-class-status")).to_contain_text("locked in")
        expect(teacher.page.locator(".dl-cd-answered")).to_have_text("1")
        teacher.page.locator("button.dl-cd-reveal").click()
        expect(page.locator(".dl-reveal")).to_contain_text("5/28", timeout=30_000)

        bar = phone.bar()  # the pupil steps back through the game twice
        bar.back()
        bar.back()
        step = bar.index()
        answer(phone, 0, FIRST_ANSWER[LESSON][1])
        expect(page.locator(".dl-answer .dl-feedback").first).to_contain_text("Correct!", timeout=FEEDBACK_MS)
        phone.switch_language("de")
        # The pupil scrolls back up into the simulation, a little past its start (their own scrolling).
        page.evaluate("() => document.querySelector('.dl-section-live').scrollIntoView({block: 'start'})")
        page.locator(".dl-section-live").hover()
        page.mouse.wheel(0, 150)
        page.wait_for_function(f"() => ({PLACE})()?.section === 'live'")
        before = into_section(page, "live")
        assert before > 50, before
        cells = roster_cells(teacher)
        expect(cells.nth(4)).to_have_text("1 / 1", timeout=30_000)
        expect(cells.nth(2)).to_have_text(str(step))
        expect(cells.nth(3)).to_have_text("the simulation", timeout=30_000)
        shot(phone, folder, "phone-before-reload")

        page.reload()
        phone.wait_ready(".dl-cc-bar b")
        expect(page.locator(".dl-cc-bar b")).to_contain_text("Klasse ")  # German, though the link says lang=en
        expect(page.locator(".widget-toggle-button.mod-active", has_text="Deutsch")).to_be_visible()
        assert "lang=de" in page.url
        expect(bar.pos).to_contain_text(re.compile(rf"Schritt {step}\b"), timeout=20_000)
        page.wait_for_function(  # the same place: the same section, as far into it (within a line or two)
            f"() => Math.abs(-document.querySelector('.dl-section-live').getBoundingClientRect().top - {before}) < 40",
            timeout=30_000,
        )
        expect(page.locator(".dl-class-status")).to_contain_text("festgelegt")
        expect(cells.nth(3)).to_have_text("the simulation", timeout=30_000)
        expect(cells.nth(4)).to_have_text("1 / 1")
        expect(cells.nth(2)).to_have_text(str(step))
        shot(phone, folder, "phone-restored")
        for app in (teacher, phone):
            app.assert_no_traceback()
            app.leave()
            app.page.context.close()


def test_a_slider_tapped_where_it_sits_is_a_guess(browser: Browser, class_server: Server, output_dir: Path) -> None:
    """Question 2 is asked on the card with a slider at the middle of its range: a tap there (no value change)
    is the pupil's guess, and before it the disabled Lock in says why."""
    folder = output_dir / "reload"
    teacher, link = started(browser, class_server, folder)
    phone = pupil(browser, link, class_server, folder)
    teacher.page.locator("button.dl-cd-reveal").click()
    teacher.page.locator("button.dl-cd-next").click()
    page = phone.page
    expect(page.locator(".dl-cc-num")).to_have_text("Question 2 of 3", timeout=10_000)
    lock = page.locator(".dl-cc-lock")
    expect(lock).to_be_disabled()
    expect(page.locator(".dl-cc-status")).to_contain_text("No guess yet")  # the reason it is disabled
    page.locator(".dl-cc-range").click()  # at its middle: where the slider already sits
    expect(lock).to_be_enabled()
    lock.click()
    expect(page.locator(".dl-cc-status")).to_contain_text("locked in")
    expect(teacher.page.locator(".dl-cd-answered")).to_have_text("1")
    shot(phone, folder, "phone-tapped-guess")
    for app in (teacher, phone):
        app.assert_no_traceback()
        app.leave()
        app.page.context.close()


def test_lock_in_with_the_server_gone_says_the_guess_was_not_saved(
    browser: Browser, output_dir: Path, tmp_path: Path
) -> None:
    folder = output_dir / "reload"
    cmd = voila_command(_free_port(), APPS_DIR, public=True, token=TOKEN)
    env = {**os.environ, "DONKEYLAB_CLASS_DB": str(tmp_path / "c.db"), "DONKEYLAB_TEACHER_KEYS": str(tmp_path / "k")}
    proc, server = launch(cmd, folder.parent / "voila-reload-gone.log", env)
    try:
        teacher, link = started(browser, server, folder)
        english = pupil(browser, link, server, folder)
        german = pupil(browser, link.replace("lang=en", "lang=de"), server, folder, locale="de-DE")
        for app in (english, german):
            expect(app.page.locator(".dl-class-lock")).to_be_enabled()
        stop_group(proc.pid)  # the server goes, as a laptop closed mid-lesson
        proc.wait(10)
        for app, words in ((english, "Not saved"), (german, "Nicht gespeichert")):
            app.page.locator(".dl-class-lock").click()
            expect(app.page.locator(".dl-class-status")).to_contain_text(words, timeout=15_000)
            expect(app.page.locator(".dl-class-status")).to_contain_text(re.compile("Reload|Lade die Seite neu"))
        shot(english, folder, "phone-lock-server-gone")
        shot(german, folder, "phone-lock-server-gone-de")
        for app in (teacher, english, german):
            app.problems.clear()  # the gone server's websocket errors are expected here
            app.page.context.close()
    finally:
        stop_group(proc.pid)
        proc.wait(10)
