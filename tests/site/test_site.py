"""The static site in Chromium with every other host blocked: the gallery, every app, Step, the exact answers and
the live plots — Python running in the browser (Pyodide), no server but a static one.

Every app page is first compared with the same link on Voila (``parity.py``: snapshots, text alternatives,
visible texts). The exact numbers a lesson shows are checked against the same lesson built here in CPython: the
engines are pure Python and seeded, so the browser must show the same text. Load times and Step latencies are measured
(in the page: click to redrawn position) and written for the closing note (``conftest.FIGURES``).
"""

from __future__ import annotations

import html
import math
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, Request, expect

from donkeylab.apps import APPS
from donkeylab.apps.query import parse_query
from tests.browser.helpers import App
from tests.site.parity import same_as_voila

READY = ".dl-stepper .dl-pos:not(:empty)"
GAMES = [name for name, info in APPS.items() if info.kind == "game"]
LESSONS = [name for name, info in APPS.items() if info.kind == "lesson"]
LINKS = {  # a link per free-play app: seed, players, step and lang all reach the kernel (" · event i of n" inside)
    "double_donkey": ("seed=5&players=3&step=2&lang=en", r"^step 2(?: of 2\b| · )"),
    "double_down": ("seed=7&players=3&step=3&lang=en", r"^step 3(?: of 3\b| · )"),
    "esels_rennen": ("seed=4&players=3&step=2&lang=de", r"^Schritt 2(?: von 2\b| · )"),
}
LESSON_LINK = "seed=3&lang=en"
SHOTS = os.environ.get("DONKEYLAB_SITE_SHOTS")  # a folder: screenshots of the gallery and of an app
NUMBER = re.compile(r"\d+/\d+|\d+(?:[.,]\d+)+ ?%?|\d+ ?%")
STEP_TIMES = """async (n) => {
  const pos = document.querySelector('.dl-stepper .dl-pos');
  const button = document.querySelector('.dl-stepper button.dl-step');
  const times = [];
  for (let i = 0; i < n && !button.disabled; i++) {
    const before = pos.textContent;
    const t0 = performance.now();
    const changed = new Promise((resolve, reject) => {
      const obs = new MutationObserver(() => {
        if (pos.textContent !== before) { obs.disconnect(); resolve(); }
      });
      obs.observe(pos, {childList: true, subtree: true, characterData: true});
      setTimeout(() => { obs.disconnect(); reject(new Error('Step did not answer in 10 s')); }, 10000);
    });
    button.click();
    await changed;
    times.push(performance.now() - t0);
  }
  return times;
}"""


def open_app(page: Page, url: str, name: str, query: str) -> float:
    """Open an app page and wait for its Stepper to be drawn; seconds from navigation to ready.

    No service worker, so the kernel mounts no /drive: with one, every import asked the page about the drive
    synchronously, ~128 round trips a page, 7-30 s of a load (``site.build._without_service_worker``)."""
    drive: list[str] = []

    def count(request: Request) -> None:
        if "/api/drive" in request.url:
            drive.append(request.url)

    page.context.on("request", count)
    began = time.perf_counter()
    try:
        page.goto(f"{url}voici/render/{name}.html?{query}")
        expect(page.locator(f"{READY}, .dl-site-error").first).to_be_visible(timeout=120_000)
        loaded = time.perf_counter() - began
    finally:
        page.context.remove_listener("request", count)
    expect(page.locator(".dl-site-error")).to_have_count(0)  # an app that could not be built says why
    assert not drive, f"{name}: the kernel asked the page's /drive {len(drive)} times while loading"
    assert page.evaluate("() => navigator.serviceWorker.getRegistrations().then((r) => r.length)") == 0
    return loaded


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def test_a_request_to_any_other_host_is_counted_and_fails(page: Page, site_url: str, external: list[str]) -> None:
    """The guard of the offline tests can fail: a page (or its worker) reaching for a CDN is seen and refused."""
    page.goto(site_url)
    fetched = page.evaluate("""async () => {
      const worker = new Worker(URL.createObjectURL(new Blob(
        ["fetch('https://cdn.example.org/w.js').then(() => postMessage('ok'), () => postMessage('refused'))"])));
      const inWorker = await new Promise(resolve => { worker.onmessage = e => resolve(e.data); });
      const inPage = await fetch('https://fonts.example.com/a.css').then(() => 'ok', () => 'refused');
      return [inPage, inWorker];
    }""")
    assert fetched == ["refused", "refused"]
    assert external == ["https://cdn.example.org/w.js", "https://fonts.example.com/a.css"]


def test_gallery_lists_every_app_and_says_class_mode_needs_a_server(
    page: Page, site_url: str, external: list[str], errors: list[str]
) -> None:
    page.goto(site_url)
    cards = page.locator("a.dl-card-link")
    served = {name: info for name, info in APPS.items() if info.kind != "teacher"}  # class mode needs a server
    expect(cards).to_have_count(len(served))
    expect(page.locator("a.dl-card-link[data-app='class_mode']")).to_have_count(0)
    for name, info in served.items():
        card = page.locator(f"a.dl-card-link[data-app='{name}']")
        expect(card).to_contain_text(info.title.en)
        assert card.get_attribute("href") == f"voici/render/{name}.html"
        response = page.request.get(f"{site_url}voici/render/{name}.html")
        assert response.ok, name
    expect(page.locator("#dl-class-mode")).to_contain_text("needs a server")
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/gallery.png", full_page=True)
    page.locator("a.dl-card-link[data-app='double_down']").click()  # a card opens its app (drawn: the next test)
    page.wait_for_url("**/voici/render/double_down.html")
    expect(page).to_have_title(re.compile(re.escape(APPS["double_down"].title.en)))
    assert errors == [] and external == []


@pytest.mark.parametrize("name", GAMES)
def test_free_play_app_follows_its_link_and_steps(
    page: Page,
    site_url: str,
    name: str,
    external: list[str],
    errors: list[str],
    figures: dict[str, Any],
    voila_app: App,
) -> None:
    query, position = LINKS[name]
    loaded = open_app(page, site_url, name, query)
    compared = same_as_voila(page, voila_app, name, query)
    pos = page.locator(".dl-stepper .dl-pos").first
    expect(pos).to_have_text(re.compile(position))  # step= and lang= reached the kernel
    if name == "double_donkey":
        dice_lie_where_they_are(page)
    seats = page.locator(".dl-stepper select.dl-seat option").all_inner_texts()
    assert any("3" in s for s in seats) and not any("4" in s for s in seats), seats  # players=3
    times = page.evaluate(STEP_TIMES, 12)
    assert len(times) >= 5, times
    expect(page.locator(".dl-stepper .dl-error").first).to_be_hidden()
    if SHOTS and name == "double_donkey":
        page.screenshot(path=f"{SHOTS}/{name}-after-steps.png", full_page=True)
    figures[name] = {
        "load_s": round(loaded, 1),
        "voila_compare_s": round(compared, 1),
        "step_ms_p95": round(p95(times), 1),
        "step_ms_median": round(sorted(times)[len(times) // 2], 1),
    }
    assert p95(times) < 1_000, times  # a click is answered in the browser, no server round trip
    assert errors == [] and external == []


def dice_lie_where_they_are(page: Page) -> None:
    """Double Donkey at ``seed=5&players=3&step=2``: Player 1 has rolled all six dice and none is on the Hay card;
    a Step later the green 3 lies there and Player 2 holds the five others, not rolled yet.

    The site had drawn the unrolled dice on the Hay card with "?" (their ``hay: None`` arrived as nothing), and
    both sides had drawn a round's six rolled dice on the Hay card, blank (the roll's event was read as a reveal)."""
    tray = page.locator(".dl-dice-tray").first
    expect(tray.locator(".dl-rolled .dl-die")).to_have_count(6)
    expect(tray.locator(".dl-rolled .dl-die:not(:has(svg > circle))")).to_have_count(0)  # each shows its pips
    expect(tray.locator(".dl-hay-box")).to_contain_text("no die yet")
    page.locator(".dl-stepper button.dl-step").first.click()
    expect(page.locator(".dl-stepper .dl-phase").first).to_have_text("Player 2 rolls 5 dice")
    expect(tray.locator(".dl-hay .dl-die")).to_have_count(1)
    expect(tray.locator(".dl-hay .dl-die[data-colour='green']:has(svg > circle)")).to_have_count(1)
    expect(tray.locator(".dl-waiting .dl-die .dl-die-q")).to_have_count(5)
    expect(tray.locator(".dl-rolled-box")).to_contain_text("Dice with Player 2")
    expect(tray.locator(".dl-rolled-box")).not_to_contain_text("All six dice are on the Hay card")


def expected_numbers(name: str) -> list[str]:
    """The numbers the lesson's exact answers show, from the same lesson built here in CPython."""
    import importlib

    module = importlib.import_module(f"donkeylab.apps.lessons.{name}")
    lesson = module.parts(parse_query(LESSON_LINK, module.PARAMS))
    texts: list[str] = []

    def walk(widget: Any) -> None:
        value = getattr(widget, "value", None)
        if isinstance(value, str) and "<" in value:
            texts.append(value)
        for child in getattr(widget, "children", ()):
            walk(child)

    for part in lesson.exact:
        walk(part)
    table = getattr(getattr(lesson, "table", None), "table", None)  # full_games: the seeded variant table
    if table is not None:
        walk(table)
    text = html.unescape(re.sub(r"<[^>]+>", " ", " ".join(texts)))
    numbers = list(dict.fromkeys(NUMBER.findall(text)))
    assert numbers, f"{name}: no exact numbers found"
    return numbers[:15]


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_shows_its_exact_answer_and_its_live_plot_runs_and_stops(
    page: Page,
    site_url: str,
    name: str,
    external: list[str],
    errors: list[str],
    figures: dict[str, Any],
    voila_app: App,
) -> None:
    loaded = open_app(page, site_url, name, LESSON_LINK)
    compared = same_as_voila(page, voila_app, name, LESSON_LINK)
    body = page.locator("body")
    reveal = page.locator(".dl-prediction button.mod-warning").first  # the answer waits for the pupil's Reveal
    reveal.scroll_into_view_if_needed()
    reveal.click()
    for number in expected_numbers(name):
        expect(body).to_contain_text(number)  # waits: the full-games table fills in after the page is drawn
    live_plot_runs_and_stops(page)
    figures[name] = {"load_s": round(loaded, 1), "voila_compare_s": round(compared, 1)}
    assert errors == [] and external == []


BARS = (  # simulated bars' heights, plus the points of a running estimate (a convergence plot's lines)
    "el => (el.querySelector('.js-plotly-plot').data || []).map(t => t.type === 'bar'"
    " ? (t.y || []).reduce((a, b) => a + b, 0) : (t.x || []).filter(x => x !== null).length)"
    ".reduce((a, b) => a + b, 0)"
)


def live_plot_runs_and_stops(page: Page) -> None:
    """The page's first live plot with a Start button: Start, simulated bars or estimate points appear, Stop,
    and no trial after."""
    plot = page.locator(".dl-liveplot").filter(has=page.locator("button.dl-liveplot-toggle:visible")).first
    plot.scroll_into_view_if_needed()
    handle = plot.element_handle()
    page.wait_for_function("el => Boolean(el.querySelector('.js-plotly-plot')?._fullLayout)", arg=handle)
    toggle = plot.locator("button.dl-liveplot-toggle")
    expect(toggle).to_have_text("Start")
    before = page.evaluate(BARS, handle)  # the exact line's points only: nothing simulated yet
    toggle.click()
    page.wait_for_function(f"el => ({BARS})(el) > {before}", arg=handle, timeout=90_000)
    if toggle.inner_text() == "Stop":
        toggle.click(force=True)
    expect(toggle).to_have_text(re.compile("^(Continue|Finished)$"))
    done = trials(plot)
    # a kernel round trip after Stop: a Step (or Back, where the lesson waits for the pupil) of its Stepper
    bar = page.locator(".dl-stepper").filter(has=page.locator("button.dl-step:enabled, button.dl-back:enabled")).first
    pos = bar.locator(".dl-pos")
    before = pos.inner_text()
    bar.locator("button.dl-step:enabled, button.dl-back:enabled").first.click()
    expect(pos).not_to_have_text(before)
    assert trials(plot) == done, "the simulation went on after Stop"
    if toggle.inner_text() == "Continue":
        assert 0 < done[0] < done[1]


def trials(plot: Locator) -> tuple[int, int]:
    numbers = re.findall(r"\d[\d,.]*", plot.locator(".dl-liveplot-count").inner_text())
    done, total = (int(re.sub(r"[,.]", "", x)) for x in numbers[:2])
    return done, total
