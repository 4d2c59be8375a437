"""The static site's first and second load over a school's network (issue 18: "a second load clearly faster").

On the loopback both loads take the same ~10 s: the download is free there, and what is left is CPU (Pyodide
boots, IPython and the app import, the widgets render), which no cache removes. A pupil loads the site from a
static host through the school's shared line, so this script serves ``site/`` as GitHub Pages does
(``Cache-Control: max-age=600``, validators) through a line of ``--mbit`` Mbit/s shared by every connection,
and times, in a fresh browser profile per app: the first load (empty cache) and the second (a new tab, the
cache warm), each to a drawn Stepper and to its first Step answered, plus the bytes each load fetched. A
profile on disk, as a pupil's browser has: Playwright's default incognito-like context keeps its cache in
memory, and it refetched the 8.6 MB Pyodide wasm each time.

Run: ``.venv/bin/python benchmarks/site_load.py [--mbit 30] [APP ...]`` after ``make site``.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

READY = ".dl-stepper .dl-pos:not(:empty)"
DEFAULT_APPS = ("double_down", "esels_rennen", "die_choice", "full_games")
STEP = "button.dl-step:enabled, button.dl-back:enabled"  # in a Stepper: Back where a lesson waits
FIRST_POS_CHANGED = """(before) => [...document.querySelectorAll('.dl-stepper')]
  .some((bar) => bar.querySelector('.dl-pos') && bar.querySelector('.dl-pos').textContent !== before)"""


class Line:
    """One shared line: every chunk any connection sends waits for its slot at ``rate`` bytes per second."""

    def __init__(self, mbit: float) -> None:
        self.rate = mbit * 1e6 / 8
        self.free_at = time.monotonic()
        self.lock = threading.Lock()
        self.sent = 0

    def wait(self, size: int) -> None:
        with self.lock:
            start = max(self.free_at, time.monotonic())
            self.free_at = start + size / self.rate
            self.sent += size
            until = self.free_at
        time.sleep(max(0.0, until - time.monotonic()))


class Handler(http.server.SimpleHTTPRequestHandler):
    line: Line

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=600")  # GitHub Pages' own header
        super().end_headers()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        try:
            while chunk := source.read(64 * 1024):
                self.line.wait(len(chunk))
                outputfile.write(chunk)
        except (BrokenPipeError, ConnectionResetError):  # the browser moved on (a closed tab): not our error
            pass

    def log_message(self, format: str, *args: Any) -> None:
        pass


def serve(mbit: float) -> tuple[http.server.ThreadingHTTPServer, Line]:
    line = Line(mbit)
    handler = type("Throttled", (Handler,), {"line": line})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(ROOT / "site")))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, line


def load(context: Any, url: str, line: Line) -> tuple[float, float, float]:
    """Seconds from navigation to a drawn Stepper and to its first Step answered (the position redrawn: what
    a pupil waits for before the app does anything), and the MB the server sent meanwhile."""
    page = context.new_page()
    sent = line.sent
    began = time.perf_counter()
    page.goto(url)
    page.locator(READY).first.wait_for(timeout=300_000)
    seconds = time.perf_counter() - began
    bar = page.locator(".dl-stepper").filter(has=page.locator(STEP)).first
    before = bar.locator(".dl-pos").inner_text()
    bar.locator(STEP).first.click()
    page.wait_for_function(FIRST_POS_CHANGED, arg=before, timeout=300_000)
    stepped = time.perf_counter() - began
    page.close()
    return seconds, stepped, (line.sent - sent) / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mbit", type=float, default=30.0, help="the shared line, Mbit/s (default 30)")
    parser.add_argument("apps", nargs="*", default=DEFAULT_APPS)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server, line = serve(args.mbit)
    base = f"http://127.0.0.1:{server.server_address[1]}/voici/render"
    print(f"site/ through a {args.mbit:g} Mbit/s line, Cache-Control max-age=600")
    print(f"{'app':<18} {'first s':>8} {'Step s':>7} {'MB':>6} {'second s':>9} {'Step s':>7} {'MB':>6}")
    with sync_playwright() as p:
        for name in args.apps:
            with tempfile.TemporaryDirectory() as profile:  # a pupil's browser: a profile on disk, cache empty
                context = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                first, first_step, first_mb = load(context, f"{base}/{name}.html", line)
                second, second_step, second_mb = load(context, f"{base}/{name}.html", line)
                context.close()
            print(
                f"{name:<18} {first:8.1f} {first_step:7.1f} {first_mb:6.1f} {second:9.1f} {second_step:7.1f} "
                f"{second_mb:6.1f}",
                flush=True,
            )
    server.shutdown()


if __name__ == "__main__":
    main()
