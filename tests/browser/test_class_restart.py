"""A class outlives its server: the class and its guesses live in the store, so a server stopped with SIGTERM in
the middle of a lesson and started again loses nothing. Every open page says so, and reloads itself once the
server is back (nobody reloads by hand); after it a pupil is the same pupil, at the class's question, with their
guesses; the dashboard shows the same class, and the teacher also gets back to it from the gallery (the key is in
the teacher's keyring, never in a link)."""

from __future__ import annotations

import os
import re
import secrets
from pathlib import Path

from playwright.sync_api import Browser, expect

from donkeylab.server.serve import voila_command
from tests.browser.conftest import APPS_DIR, _free_port, launch
from tests.browser.helpers import App, Server
from tests.browser.shared_server import stop_group

TOKEN = secrets.token_urlsafe(24)
RELOAD = re.compile("reload the page|Lade die Seite neu")


def test_a_class_survives_a_server_restart(browser: Browser, output_dir: Path, tmp_path: Path) -> None:
    folder = output_dir / "restart"
    cmd = voila_command(_free_port(), APPS_DIR, public=True, token=TOKEN)  # what `donkeylab serve --class` runs
    env = {
        **os.environ,
        "DONKEYLAB_CLASS_DB": str(tmp_path / "class.db"),
        "DONKEYLAB_TEACHER_KEYS": str(tmp_path / "k"),
    }
    proc, server = launch(cmd, folder.parent / "voila-restart-1.log", env)
    try:
        teacher = App(browser.new_context(viewport={"width": 1366, "height": 768}).new_page(), server, folder)
        teacher.open("class_mode.ipynb", "lesson=doublet_penalties", ready=".dl-class-dash select")
        teacher.page.fill("#dl-cd-size", "2")
        teacher.page.get_by_role("button", name="Start a class").click()
        code = teacher.page.locator(".dl-cd-code")
        expect(code).to_have_text(re.compile(r"^\w{6}$"))
        class_code = code.inner_text()
        link = teacher.page.locator(".dl-cd-link").get_attribute("href") or ""
        pupil_server = Server(link.split("/voila/")[0], server.log_path)
        pupil = App(browser.new_context(viewport={"width": 768, "height": 1024}).new_page(), pupil_server, folder)
        pupil.open(link, ready=".dl-cc-bar b")
        banner = pupil.page.locator(".dl-cc-bar b").inner_text()
        pupil.page.locator(".dl-class-lock").click()
        expect(pupil.page.locator(".dl-class-status")).to_contain_text("locked in")
        teacher.page.locator("button.dl-cd-next").click()
        expect(pupil.page.locator(".dl-cc-num")).to_have_text("Question 2 of 3")

        scrolled = "() => { for (const el of [document.scrollingElement, document.querySelector('#rendered_cells')])"
        scrolled += " if (el) el.scrollTop = el.scrollHeight; return (document.querySelector('#rendered_cells')"
        scrolled += " || document.scrollingElement).scrollTop; }"
        assert pupil.page.evaluate(scrolled) > 0  # the pupil has scrolled down to the lesson's end
        stop_group(proc.pid)  # SIGTERM, as a teacher's Ctrl-C or a laptop's restart
        proc.wait(10)
        expect(pupil.page.locator(".dl-lost").first).to_contain_text(RELOAD, timeout=30_000)
        expect(pupil.page.locator(".dl-cc-lost")).to_be_in_viewport()  # the class card's, in view wherever scrolled
        expect(teacher.page.locator(".dl-lost").first).to_contain_text(RELOAD, timeout=30_000)
        pupil.page.screenshot(path=str(folder / "pupil-server-gone.png"))
        teacher.page.screenshot(path=str(folder / "dashboard-server-gone.png"))

        for app in (pupil, teacher):
            app.page.evaluate("() => { window.donkeylabBefore = true; }")  # gone once the page has reloaded
        proc, server = launch(cmd, folder.parent / "voila-restart-2.log", env)
        # nobody reloads by hand: each class page asks the server while it is away and reloads once it is back
        for app in (pupil, teacher):
            app.page.wait_for_function("() => !window.donkeylabBefore", timeout=90_000)
        pupil.wait_ready(".dl-cc-bar b")
        expect(pupil.page.locator(".dl-cc-bar b")).to_have_text(banner)  # the same pupil
        expect(pupil.page.locator(".dl-cc-num")).to_have_text("Question 2 of 3")  # at the class's question
        expect(pupil.page.locator(".dl-class-status")).to_contain_text("locked in")  # with the guess kept
        teacher.wait_ready(".dl-cd-code")
        expect(teacher.page.locator(".dl-cd-code")).to_have_text(class_code)  # the same class, reloaded
        teacher.open("index.ipynb", ready=".dl-running a")  # and from the gallery, as after closing the tab
        teacher.page.locator(".dl-running a", has_text="Open the dashboard").click()
        teacher.wait_ready(".dl-cd-code")
        expect(teacher.page.locator(".dl-cd-qnum[aria-pressed='true']")).to_have_text("2")
        pupil.page.locator(".dl-cc-range").fill("0.15")
        pupil.page.locator(".dl-cc-lock").click()
        expect(teacher.page.locator(".dl-cd-answered")).to_have_text("1")
        teacher.page.locator(".dl-cd-qnum", has_text="1").click()
        expect(teacher.page.locator(".dl-cd-question")).to_contain_text("The total is 65")
        expect(teacher.page.locator(".dl-cd-answered")).to_have_text("1")  # question 1's guess survived
        expect(teacher.page.locator(".dl-cd-hist rect[data-count='1']")).to_have_count(1)
        teacher.page.screenshot(path=str(folder / "dashboard-after-restart.png"))
        for app in (teacher, pupil):
            app.assert_no_traceback()
            app.leave()
            app.page.context.close()
    finally:
        stop_group(proc.pid)
        proc.wait(10)
