"""What a browser test does with an app page: open it, wait for it, read the Stepper bar, click, check the console.

Everything waits on a condition in the page (``expect``, ``wait_for_function``), never on a clock.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import re
import time
from pathlib import Path

from playwright.sync_api import ConsoleMessage, Error, Locator, Page, Request, expect

# Known harmless: the JupyterLab widget extension (built for Lab 4.6) meets Voila's bundled Lab 4.2 core.
HARMLESS = re.compile(r"(Unsatisfied|No satisfying) version .*(CORE_OUTPUT|shared module)", re.S)
LOCAL = ("about:", "data:", "blob:")  # besides the server's own address, the only URLs a page may request
# Known, reported to the lead: leaving a Voila page (e.g. gallery → app) sends the kernel-shutdown beacon, which
# Voila 0.5.13 refuses with 403 for want of an _xsrf cookie (voila #1458); that kernel lives until culled.
SHUTDOWN_403 = re.compile(r"status of 403 .*/voila/api/shutdown/")
TRACEBACK = re.compile(r"Traceback \(most recent call last\)|There was an error when executing cell|Error in cell")
READY = ".dl-stepper .dl-pos:not(:empty)"
# What a step draws: the game's views (not the event log) and a lesson's own view of a step (Lesson 2's flips)
STEP_VIEWS = ".dl-view:not(.dl-log-box), .dl-flip-values"
VIEWS_JS = (  # what the visible step views draw, as one string (``App.views_html``; a step must change it)
    f"() => [...document.querySelectorAll('{STEP_VIEWS}')]"
    ".filter(v => v.offsetParent !== null).map(v => v.innerHTML).join('\\n')"
)
RENDER_MS = 150_000  # a page whose preheated kernel is still being refilled waits for a whole kernel start
RELEASE_S = 30  # a left page's kernel is shut down by its beacon within this (a second or two, measured)
_POS_DONE = re.compile(r"event (\d+) of (\d+)|Ereignis (\d+) von (\d+)")
STEP_LABEL = {"en": "Step ▶", "de": "Schritt ▶"}
LOCK = ".dl-prediction .dl-class-lock"  # "Lock in my guess": a solo page's (guess_first) or a class's
LOCK_STATUS = ".dl-prediction .dl-class-status"


def lock_guess(page: Page, timeout: float = RENDER_MS) -> None:
    """Guess first on a solo lesson page, as a pupil does: a guess set (a choice's first option; a slider where it
    stands, its middle is a guess too) and "Lock in my guess" pressed, then the page says it is locked in. A page
    whose guess is already locked, a class page (its own lock) and a ``reveal=1`` page are left as they are."""
    if "class=" in page.url or "reveal=1" in page.url:
        return
    lock, status = page.locator(LOCK).first, page.locator(LOCK_STATUS).first
    expect(lock).to_be_attached(timeout=timeout)
    if status.get_attribute("data-kind") in ("locked", "closed"):
        return
    if lock.is_disabled():  # named choices: nothing chosen yet
        page.locator(".dl-prediction .widget-toggle-button").first.click()
    expect(lock).to_be_enabled(timeout=timeout)
    lock.scroll_into_view_if_needed()
    lock.click()
    expect(status).to_have_attribute("data-kind", "locked", timeout=timeout)


def stop_if_running(toggle: Locator) -> bool:
    """Press a LivePlot's Stop if its run is still going; True when it was. One step in the page: read and click
    from Python would race a quick run that ends between the two (its button turns into a disabled "Finished",
    and a click waits for it to be enabled), so the button is pressed only while it says the run is on. Then
    waits for the kernel to say it stopped."""
    pressed = toggle.evaluate(
        "b => { const on = b.getAttribute('aria-pressed') === 'true' && !b.disabled; if (on) b.click(); return on; }"
    )
    expect(toggle).to_have_attribute("aria-pressed", "false", timeout=60_000)
    return bool(pressed)


@dataclasses.dataclass(frozen=True)
class Server:
    url: str
    log_path: Path

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


class Bar:
    """One Stepper bar (``.dl-stepper``) and its parts."""

    def __init__(self, root: Locator) -> None:
        self.root = root
        self.pos = root.locator(".dl-pos")
        self.phase = root.locator(".dl-phase")
        self.step_button = root.locator("button.dl-step")
        self.back_button = root.locator("button.dl-back")
        self.error = root.locator(".dl-error")
        self.notice = root.locator(".dl-notice")
        self.choices = root.locator("button.dl-choice")
        self.lang = root.locator("select.dl-lang")
        self.seat = root.locator("select.dl-seat")

    def text(self) -> str:
        return self.pos.inner_text()

    def drawn_in(self, lang: str) -> None:
        """Wait until the bar shows the kernel's snapshot in ``lang``, not only its own labels.

        The labels (Step, the position) follow the model's ``lang`` the moment the browser sets it; the phase
        sentence comes with the kernel's snapshot, a round trip later, and carries the snapshot's language as
        its ``lang`` attribute. Waiting on the labels alone let a test read the sentence of the previous
        language (issue 17 §1).
        """
        expect(self.step_button).to_have_text(STEP_LABEL[lang])
        expect(self.phase).to_have_attribute("lang", lang)

    def set_lang(self, lang: str) -> None:
        """The bar's language menu: pick ``lang`` and wait for the kernel's snapshot in it."""
        self.lang.select_option(lang)
        self.drawn_in(lang)

    def step(self) -> str:
        """A real click on Step; waits until the position text changes and returns the new one."""
        before = self.text()
        self.step_button.click()
        expect(self.pos).not_to_have_text(before)
        return self.text()

    def back(self) -> str:
        """A real click on Back; waits until the position text changes and returns the new one."""
        before = self.text()
        self.back_button.click()
        expect(self.pos).not_to_have_text(before)
        return self.text()

    def inside_an_action(self) -> bool:
        """True while the bar walks the events of one action (``event i of n`` with i < n)."""
        m = _POS_DONE.search(self.text())
        return bool(m and _sub_open(m))

    def step_to_action_end(self) -> str:
        """Step on until the position shows a whole action (no ``event i of n`` with i < n)."""
        while self.inside_an_action():
            self.step()
        return self.text()

    def index(self) -> int:
        m = re.search(r"(?:step|Schritt) (\d+)", self.text())
        assert m, f"no step number in {self.text()!r}"
        return int(m.group(1))


def _sub_open(m: re.Match[str]) -> bool:
    i, n = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    return int(i) < int(n)


class App:
    """A page of the live Voila: ``open(...)``, the visible Stepper bar, screenshots and console checks."""

    def __init__(self, page: Page, server: Server, screens: Path) -> None:
        self.page = page
        self.server = server
        self.screens = screens
        self.problems: list[str] = []
        page.set_default_timeout(30_000)
        # No route here: while Playwright intercepts requests, the tab-close beacon is lost and no kernel is
        # released (measured). Requests are watched instead: a page may ask only its own server.
        page.on("request", self._on_request)
        page.on("console", self._on_console)
        page.on("pageerror", lambda exc: self.problems.append(f"page error: {exc}"))

    # ------------------------------------------------------------------ loading
    def url_of(self, notebook: str, query: str = "") -> str:
        return f"{self.server.url}/voila/render/{notebook}" + (f"?{query}" if query else "")

    def open(self, notebook_or_url: str, query: str = "", ready: str = READY) -> App:
        """Load a page and wait until Voila has run it and ``ready`` is drawn."""
        if notebook_or_url.startswith("http"):
            url = notebook_or_url + (f"?{query}" if query else "")
        else:
            url = self.url_of(notebook_or_url, query)
        self.page.goto(url, wait_until="domcontentloaded", timeout=RENDER_MS)
        self.wait_ready(ready)
        return self

    def wait_ready(self, ready: str = READY) -> None:
        self.page.wait_for_function("() => !document.getElementById('loading')", timeout=RENDER_MS)
        expect(self.page.locator(ready).first).to_be_attached(timeout=RENDER_MS)
        self.assert_no_traceback()

    def kernel_id(self) -> str:
        """The page's kernel, or "" for a page without one (a refusal page): read at once, never waited for."""
        text = self.page.evaluate("() => document.getElementById('jupyter-config-data')?.textContent || '{}'")
        config = json.loads(text)
        kernel: str = config.get("kernelId", "")
        return kernel

    # ------------------------------------------------------------------ parts of the page
    def switch_language(self, lang: str) -> None:
        """The page's own switch to ``lang``, waited for until the kernel has redrawn the page in it.

        A lesson's page has one English / Deutsch switch (``LanguageSwitch``), the teacher's its own buttons
        (``.dl-cd-lang``, drawn by the dashboard's script), a free-play page
        the Stepper's language menu. A page with a Stepper is settled when its bar shows the kernel's snapshot in
        ``lang`` (``Bar.drawn_in``); the teacher's page when its heading has changed.
        """
        name = "Deutsch" if lang == "de" else "English"
        switch = self.page.locator(".widget-toggle-button, .dl-cd-lang button", has_text=name)
        stepper = self.page.locator(".dl-stepper:visible")
        heading = self.page.locator("#rendered_cells h2").first
        before = heading.inner_text() if not stepper.count() else ""
        if switch.count():
            switch.first.click()
        else:
            self.bar().lang.select_option(lang)
        if stepper.count():
            self.bar().drawn_in(lang)
        else:
            expect(heading).not_to_have_text(before)

    def bar(self) -> Bar:
        """The first visible Stepper bar (a lesson may keep more in hidden tabs)."""
        return Bar(self.page.locator(".dl-stepper:visible").first)

    def log_texts(self) -> list[str]:
        entries = self.page.locator(".dl-log-box:visible").first.locator(".dl-log-entry")
        return [t.strip() for t in entries.all_inner_texts()]

    def views_html(self) -> str:
        """The drawn game views (not the event log), and a lesson's own view of a step (Lesson 2's flips, which
        hides the game's cards): what a step must change."""
        html: str = self.page.evaluate(VIEWS_JS)
        return html

    def views_text(self) -> list[str]:
        return [t.strip() for t in self.page.locator(".dl-view:not(.dl-log-box):visible").all_inner_texts()]

    def body_text(self) -> str:
        return self.page.locator("#rendered_cells").inner_text()

    # ------------------------------------------------------------------ checks
    def assert_no_traceback(self) -> None:
        text = self.page.locator("body").inner_text()
        found = TRACEBACK.search(text)
        assert not found, f"a traceback or cell error is on the page: …{text[max(0, found.start() - 200) :][:600]}"
        stderr = self.page.locator('[data-mime-type="application/vnd.jupyter.stderr"]')
        assert stderr.count() == 0, f"stderr output on the page: {stderr.all_inner_texts()}"

    def _on_request(self, request: Request) -> None:
        url = request.url
        if not url.startswith((self.server.url, *LOCAL)):
            self.problems.append(f"a request left the server: {request.method} {url[:120]}")

    def _on_console(self, msg: ConsoleMessage) -> None:
        if msg.type != "error":
            return
        url = (msg.location or {}).get("url", "")
        if HARMLESS.search(msg.text):
            return
        if SHUTDOWN_403.search(f"{msg.text} ({url})"):
            return
        self.problems.append(f"console error: {msg.text} ({url})")

    def check_console(self) -> None:
        problems, self.problems = self.problems, []
        assert not problems, "unexpected browser errors:\n" + "\n".join(problems)

    def screenshot(self, name: str, full_page: bool = True) -> Path:
        """The whole page as a pupil would scroll through it (Voila's shell scrolls inside #rendered_cells)."""
        self.screens.mkdir(parents=True, exist_ok=True)
        path = self.screens / f"{name}.png"
        if not full_page:
            self.page.screenshot(path=str(path))
            return path
        size = self.page.viewport_size or {"width": 1280, "height": 900}
        height = self.page.evaluate(
            "() => Math.max(...[...document.querySelectorAll('#rendered_cells, #rendered_cells > *')]"
            ".map(e => e.scrollHeight), document.body.scrollHeight)"
        )
        self.page.set_viewport_size({"width": size["width"], "height": min(max(int(height), size["height"]), 6000)})
        try:
            self.page.screenshot(path=str(path), full_page=True)
        finally:
            self.page.set_viewport_size(size)
        return path

    def screenshot_failure(self, test: str) -> None:
        """What the page showed when its test failed, in ``failed/`` beside the screens; never raises."""
        folder = self.screens.parent / "failed"
        folder.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(Error):  # a page that crashed: the test's own error says more
            self.page.screenshot(path=str(folder / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', test)[:120]}.png"))

    def leave(self) -> None:
        """Leave for about:blank, and wait until the page's shutdown beacon has released its kernel.

        The beacon is what frees a pupil's place when a tab closes (SECURITY.md; ``voila.json`` lets it in
        without the ``_xsrf`` cookie Voila 0.5.13 never sets, voila #1458; the cookie set here is harmless).
        Waiting for the kernel to be gone keeps the server's 40 places free for the next test, and fails a
        test whose page no longer releases its kernel. (Until 2026-12-02 the tests aborted a CDN route, and
        while Playwright intercepts requests the beacon is lost: every page's kernel lived until the orphan
        grace, and a fast run of the audits filled all 40 places.)
        """
        try:
            if not self.page.url.startswith(self.server.url):
                return
            kernel = self.kernel_id()
            self.page.context.add_cookies([{"name": "_xsrf", "value": "donkeylab-tests", "url": self.server.url}])
            self.page.goto("about:blank")
        except Error:
            return
        if kernel:
            self.wait_released(kernel)

    def wait_released(self, kernel: str) -> None:
        """Poll the server until ``kernel`` is gone (a kernel's end is an event in another process)."""
        deadline = time.monotonic() + RELEASE_S
        while self._kernel_status(kernel) != 404:
            assert time.monotonic() < deadline, f"kernel {kernel} still runs {RELEASE_S} s after its page was left"
            time.sleep(0.1)  # polling another process's state: there is no event to wait on

    def _kernel_status(self, kernel: str) -> int:
        """The server's answer for ``kernel``; 0 for a connection reset (a fresh-clone run's one ECONNRESET
        under load ended a test at teardown): the poll asks again until its deadline."""
        try:
            return self.page.context.request.get(f"{self.server.url}/api/kernels/{kernel}").status
        except Error as exc:
            if "ECONNRESET" not in str(exc):
                raise
            return 0
