"""The start screen warms the lesson a teacher is looking at, so a class scanning at Start finds its pages built.

Thirty pages of a lesson take about half a minute of both cores; a class that scanned the QR code the moment
Start was pressed waited that long (``benchmarks/class_start.py --pattern start``). In Chromium against a server of
its own (the other tests' servers keep the desk's warm-up off): the teacher picks a lesson and a class size, and
after a few seconds the server warms them; another lesson picked shuts the first one's kernels down; Start hands
the pool to the class, whose dashboard says its pages are ready at once.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

from playwright.sync_api import Browser, expect

from donkeylab.server.serve import voila_command
from tests.browser.conftest import APPS_DIR, _free_port, launch
from tests.browser.helpers import App, Server
from tests.browser.shared_server import stop_group

WAIT_S = 180.0  # each wait; the whole test took 88 s in a fresh-clone run beside the other tests


def until_logged(server: Server, pattern: str, since: int = 0) -> int:
    """Wait until the server's log says ``pattern`` after offset ``since``; the offset past it."""
    deadline = time.monotonic() + WAIT_S
    while (found := re.search(pattern, server.log()[since:])) is None:
        assert time.monotonic() < deadline, f"the server never logged {pattern!r}:\n{server.log()[since:][-3000:]}"
        time.sleep(0.2)  # a log file has no event to wait on
    return since + found.end()


def test_the_start_screen_warms_its_lesson_and_start_hands_the_pool_to_the_class(
    browser: Browser, output_dir: Path, tmp_path: Path
) -> None:
    env = {
        **os.environ,
        "DONKEYLAB_CLASS_DB": str(tmp_path / "class.db"),
        "DONKEYLAB_TEACHER_KEYS": str(tmp_path / "k.json"),
        "DONKEYLAB_DESK_WARM": "1",
    }
    proc, server = launch(voila_command(_free_port(), APPS_DIR), output_dir / "voila-desk.log", env)
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        teacher = App(context.new_page(), server, output_dir / "class")
        teacher.open("class_mode.ipynb", ready=".dl-class-dash select")

        def pick(lesson: str) -> None:
            teacher.page.select_option("#dl-cd-lesson", lesson)

        teacher.page.fill("#dl-cd-size", "2")
        pick("doublet_penalties")
        at = until_logged(server, r"warming doublet_penalties\.ipynb for a class of 2: 2 kernels")
        pick("die_choice")
        at = until_logged(server, r"warming die_choice\.ipynb for a class of 2: 2 kernels", at)
        assert re.search(r"doublet_penalties\.ipynb is no class's any more: shutting down its 2", server.log())
        teacher.page.get_by_role("button", name="Start a class").click()
        expect(teacher.page.locator(".dl-cd-code")).to_have_text(re.compile(r"^[0-9A-HJKMNP-TV-Z]{6}$"))
        expect(teacher.page.locator(".dl-cd-warm")).to_have_text("Pages ready for 2 pupils", timeout=WAIT_S * 1000)
        teacher.screenshot("desk-started")
        assert "die_choice.ipynb is no class's any more" not in server.log()  # the desk's pool is the class's
        teacher.check_console()
    finally:
        context.close()
        stop_group(proc.pid)
        proc.wait(5)
