"""The static site as a pupil browses it: the gallery in one tab, then every app in turn in a new tab of the same
browser (each closed before the next opens), twice through, each drawn and stepped within ``APP_LIMIT`` seconds.

The first round is a first visit (a browser profile of its own, caches empty), the second a warm one (Pyodide,
the wheels and the compiled wasm come from the browser's caches). After each tab closes, nothing of its kernel
may be left running in the browser: no worker and no service worker (a kernel that outlived its tab would take
the CPU and memory of the next ones). The seconds to the first answered Step, per app and round, go to
``conftest.FIGURES`` (``sequence_cold_s`` / ``sequence_warm_s``).

The first round is also where each app's own checks run (its link, Voila parity, Step in the browser, a lesson's
exact answers and live plot): one Pyodide start per app serves them all.
"""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, CDPSession, Error, Page, Playwright, Request, expect

from tests.browser.helpers import App
from tests.site.app_checks import (
    GAMES,
    LESSON_LINK,
    LESSONS,
    LINKS,
    READY,
    free_play_follows_its_link,
    free_play_steps_in_the_browser,
    lesson_shows_its_exact_answer,
    query_of,
)
from tests.site.conftest import LOCAL
from tests.site.parity import same_as_voila

# Every app from navigation to its first Step answered, in seconds: on a quiet 2-core machine. A machine shared
# with other CPU-bound work may loosen it (DONKEYLAB_SITE_APP_LIMIT), never the test's other checks.
APP_LIMIT = float(os.environ.get("DONKEYLAB_SITE_APP_LIMIT", "20"))
ROUNDS = 2
STEP = "button.dl-step:enabled, button.dl-back:enabled"  # in a Stepper: Back where a lesson waits


@pytest.fixture
def browser(
    playwright: Playwright, browser_type_launch_args: dict[str, Any], tmp_path: Path
) -> Iterator[tuple[BrowserContext, CDPSession]]:
    """A pupil's browser with an empty profile on disk, and a CDP session to list what runs in it."""
    context = playwright.chromium.launch_persistent_context(tmp_path / "profile", **browser_type_launch_args)
    assert context.browser is not None
    yield context, context.browser.new_browser_cdp_session()
    context.close()


def running(cdp: CDPSession) -> dict[str, int]:
    """How many pages, workers and service workers the browser runs (CDP targets by type)."""
    kinds: dict[str, int] = {}
    for target in cdp.send("Target.getTargets")["targetInfos"]:
        kinds[target["type"]] = kinds.get(target["type"], 0) + 1
    return kinds


def kernels_left(cdp: CDPSession, within: float = 10) -> dict[str, int]:
    """The workers and service workers still running ``within`` seconds after a tab closed (none, or which)."""
    deadline = time.monotonic() + within
    while True:
        left = {kind: n for kind, n in running(cdp).items() if kind in ("worker", "service_worker", "shared_worker")}
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.1)  # polling the browser's list of targets: a closed tab's worker ends on its own schedule


def visit(tab: Page, url: str, checks: Callable[[], object] | None = None) -> float:
    """Open ``url`` in ``tab``, wait for its Stepper, run ``checks`` on the page as drawn (not timed), click Step
    (Back where the lesson waits) and wait for the answer; seconds from navigation to drawn plus click to the
    redrawn position."""
    began = time.perf_counter()
    tab.goto(url)
    expect(tab.locator(f"{READY}, .dl-site-error").first).to_be_visible(timeout=APP_LIMIT * 1000 * 3)
    drawn = time.perf_counter() - began
    expect(tab.locator(".dl-site-error")).to_have_count(0)  # an app that could not be built says why
    if checks:
        checks()
    bar = tab.locator(".dl-stepper").filter(has=tab.locator(STEP)).first
    pos = bar.locator(".dl-pos")
    before = pos.inner_text()
    clicked = time.perf_counter()
    bar.locator(STEP).first.click()
    expect(pos).not_to_have_text(before, timeout=APP_LIMIT * 1000)
    return drawn + time.perf_counter() - clicked


def record(errors: list[str], name: str, error: Error) -> None:
    errors.append(f"{name}: {str(error)[:300]}")


# Sixteen Pyodide visits and the first round's checks: ~6 min alone, ~10 min beside the other worker's browser
# tests; each visit has its own bound (``APP_LIMIT``), so the run's 600 s per test would cut a slow but sound run
@pytest.mark.timeout(1800)
def test_every_app_in_turn_in_one_browser_twice_each_within_the_limit(
    browser: tuple[BrowserContext, CDPSession], site_url: str, figures: dict[str, Any], voila_app: App
) -> None:
    """Round 1 also checks each app as a pupil uses it (each page is loaded once for all checks: a Pyodide
    start is most of a site test's time): free play follows its link, draws what Voila draws and steps in the
    browser; a lesson draws what Voila draws and shows the exact answers its CPython build shows, and its live
    plot runs and stops. Round 2 is the warm visit, timed only."""
    context, cdp = browser
    external: list[str] = []
    drive: list[str] = []
    errors: list[str] = []

    def count(request: Request) -> None:
        if not request.url.startswith((site_url, *LOCAL)):
            external.append(request.url)
        if "/api/drive" in request.url:  # a service worker's drive: ~128 synchronous round trips per page
            drive.append(request.url)

    context.on("request", count)
    gallery = context.new_page()
    gallery.goto(site_url)
    cards = gallery.locator("a.dl-card-link")
    expect(cards.first).to_be_visible()
    links = {str(c.get_attribute("data-app")): str(c.get_attribute("href")) for c in cards.all()}
    assert sorted(links) == sorted(GAMES + LESSONS), links
    seconds: list[dict[str, float]] = []
    for round_ in range(ROUNDS):
        took: dict[str, float] = {}
        for name, href in links.items():
            tab = context.new_page()
            tab.on("pageerror", functools.partial(record, errors, name))
            first = round_ == 0
            checks: Callable[[], object] | None = None
            if first and name in LINKS:
                checks = free_play_follows_its_link(tab, voila_app, name)
            elif first:
                checks = functools.partial(same_as_voila, tab, voila_app, name, LESSON_LINK)
            took[name] = round(visit(tab, f"{site_url}{href}?{query_of(name)}", checks), 1)
            print(f"round {round_ + 1}: {name} drawn and stepped in {took[name]} s", flush=True)  # shown on failure
            if first and name in LINKS:
                figures[name] = free_play_steps_in_the_browser(tab, name)
            elif first:
                lesson_shows_its_exact_answer(tab, name)
            assert tab.evaluate("() => navigator.serviceWorker.getRegistrations().then((r) => r.length)") == 0
            tab.close()
            left = kernels_left(cdp)
            assert not left, f"{name}'s tab closed, yet the browser still runs {left}"
            voila_app.leave()
        seconds.append(took)
    figures["sequence_cold_s"], figures["sequence_warm_s"] = seconds
    slow = {f"{name} (round {i + 1})": s for i, took in enumerate(seconds) for name, s in took.items() if s > APP_LIMIT}
    assert not slow, f"over {APP_LIMIT:g} s: {slow}; all: {seconds}"
    assert errors == [] and external == [] and drive == []
