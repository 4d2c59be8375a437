"""A class outlives its server: the class and its guesses live in the store, so a server stopped with SIGTERM in
the middle of a lesson and started again loses nothing. Every open page says so, and reloads itself once the
server is back (nobody reloads by hand); after it each pupil (five, phones to desktops) is the same pupil, at the
class's question, with their guesses, and can guess again; the dashboard shows the same class, and the teacher
also gets back to it from the gallery (the key is in the teacher's keyring, never in a link). The pupils' pages
come back while the new server is busy starting all their kernels at once: a page whose reload landed on a server
that could not start its kernel in time must try again by itself."""

from __future__ import annotations

import os
import re
import secrets
from pathlib import Path

from playwright.sync_api import Browser, Page, ViewportSize, expect

from donkeylab.server.serve import voila_command
from tests.browser.conftest import APPS_DIR, _free_port, launch
from tests.browser.helpers import App, Server
from tests.browser.shared_server import stop_group

TOKEN = secrets.token_urlsafe(24)
RELOAD = re.compile("reload the page|Lade die Seite neu")
# Five pupils' devices: phones, a tablet, laptops (each its own browser, so its own pupil)
DEVICES: list[ViewportSize] = [
    {"width": 390, "height": 844},
    {"width": 360, "height": 740},
    {"width": 768, "height": 1024},
    {"width": 1280, "height": 800},
    {"width": 1366, "height": 768},
]
BACK_MS = 240_000  # the five pages and the dashboard back, each with a kernel started on two busy cores


def lost_first_kernel(page: Page, old: str) -> dict[str, str]:
    """Make the first kernel ``page`` reaches for after ``old`` unreachable: every websocket to it is closed, as
    the server closes it for a kernel that is gone. Returns ``{"kernel": id}`` once that happened."""
    stuck = {"kernel": ""}

    def to_it(url: str) -> bool:
        found = re.search(r"/api/kernels/([0-9a-f-]{36})/channels", url)
        if found is None or found.group(1) == old:
            return False
        stuck["kernel"] = stuck["kernel"] or found.group(1)
        return found.group(1) == stuck["kernel"]

    page.route_web_socket(to_it, lambda ws: ws.close())
    return stuck


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
        teacher.page.fill("#dl-cd-size", str(len(DEVICES)))
        teacher.page.get_by_role("button", name="Start a class").click()
        code = teacher.page.locator(".dl-cd-code")
        expect(code).to_have_text(re.compile(r"^\w{6}$"))
        class_code = code.inner_text()
        link = teacher.page.locator(".dl-cd-link").get_attribute("href") or ""
        pupil_server = Server(link.split("/voila/")[0], server.log_path)
        pupils = [App(browser.new_context(viewport=size).new_page(), pupil_server, folder) for size in DEVICES]
        names = []
        for pupil in pupils:
            pupil.open(link, ready=".dl-cc-bar b")
            pupil.page.locator(".dl-class-lock").click()
            expect(pupil.page.locator(".dl-class-status")).to_contain_text("locked in")
            expect(pupil.page.locator(".dl-cc-bar b")).not_to_contain_text("Joining")
            names.append(pupil.page.locator(".dl-cc-bar b").inner_text())
        assert len(set(names)) == len(DEVICES), names  # five pupils, not one browser five times
        teacher.page.locator("button.dl-cd-next").click()
        for pupil in pupils:
            expect(pupil.page.locator(".dl-cc-num")).to_have_text("Question 2 of 3")
        pupil = pupils[0]

        scrolled = "() => { for (const el of [document.scrollingElement, document.querySelector('#rendered_cells')])"
        scrolled += " if (el) el.scrollTop = el.scrollHeight; return (document.querySelector('#rendered_cells')"
        scrolled += " || document.scrollingElement).scrollTop; }"
        assert pupil.page.evaluate(scrolled) > 0  # the pupil has scrolled down to the lesson's end
        stop_group(proc.pid)  # SIGTERM, as a teacher's Ctrl-C or a laptop's restart
        proc.wait(10)
        for app in (*pupils, teacher):
            expect(app.page.locator(".dl-lost").first).to_contain_text(RELOAD, timeout=30_000)
        expect(pupil.page.locator(".dl-cc-lost")).to_be_in_viewport()  # the class card's, in view wherever scrolled
        pupil.page.screenshot(path=str(folder / "pupil-server-gone.png"))
        teacher.page.screenshot(path=str(folder / "dashboard-server-gone.png"))

        for app in (*pupils, teacher):
            app.page.evaluate("() => { window.donkeylabBefore = true; }")  # gone once the page has reloaded
        # One pupil's page reloads into the new server and gets a kernel it cannot reach (as when the busy new
        # server lost it before the page connected): its widgets never draw, so it has no heartbeat of its own.
        stuck = lost_first_kernel(pupils[1].page, pupils[1].kernel_id())
        proc, server = launch(cmd, folder.parent / "voila-restart-2.log", env)
        # nobody reloads by hand: each class page asks the server while it is away and reloads once it is back,
        # again if that reload found no kernel (every page's kernel starts at once on the new server)
        for app in (*pupils, teacher):
            app.page.wait_for_function("() => !window.donkeylabBefore", timeout=BACK_MS)
        for i, (app, name) in enumerate(zip(pupils, names, strict=True)):
            app.wait_ready(".dl-cc-bar b")
            expect(app.page.locator(".dl-cc-bar b")).to_have_text(name, timeout=BACK_MS)  # the same pupil
            expect(app.page.locator(".dl-cc-num")).to_have_text("Question 2 of 3")  # at the class's question
            expect(app.page.locator(".dl-class-status")).to_contain_text("locked in")  # with the guess kept
            app.page.screenshot(path=str(folder / f"pupil-{i}-after-restart.png"))
        assert stuck["kernel"], "that page came back without meeting its lost kernel"
        assert pupils[1].kernel_id() != stuck["kernel"]  # it came back by loading again: a kernel it reaches
        teacher.wait_ready(".dl-cd-code")
        expect(teacher.page.locator(".dl-cd-code")).to_have_text(class_code)  # the same class, reloaded
        teacher.open("index.ipynb", ready=".dl-running a")  # and from the gallery, as after closing the tab
        teacher.page.locator(".dl-running a", has_text="Open the dashboard").click()
        teacher.wait_ready(".dl-cd-code")
        expect(teacher.page.locator(".dl-cd-qnum[aria-pressed='true']")).to_have_text("2")
        for n, app in enumerate(pupils, 1):  # each can guess again
            app.page.locator(".dl-cc-range").fill("0.15")
            app.page.locator(".dl-cc-lock").click()
            expect(teacher.page.locator(".dl-cd-answered")).to_have_text(str(n))
        teacher.page.locator(".dl-cd-qnum", has_text="1").click()
        expect(teacher.page.locator(".dl-cd-question")).to_contain_text("The total is 65")
        expect(teacher.page.locator(".dl-cd-answered")).to_have_text(str(len(pupils)))  # question 1's guesses
        expect(teacher.page.locator(".dl-cd-hist rect[data-count]")).not_to_have_count(0)
        teacher.page.screenshot(path=str(folder / "dashboard-after-restart.png"))
        for app in (teacher, *pupils):
            app.assert_no_traceback()
            app.leave()
            app.page.context.close()
    finally:
        stop_group(proc.pid)
        proc.wait(10)
