"""What each app of the static site must do as a pupil uses it, checked on a page already drawn: free play
follows its link, draws what Voila draws for it and steps in the browser; a lesson shows the exact numbers of the
same lesson built here in CPython (the engines are pure Python and seeded, so the browser must show the same
text), and its live plot runs and stops. ``test_sequence`` runs them on its first visit of each app.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Locator, Page, expect

from donkeylab.apps import APPS
from donkeylab.pages.query import parse_query
from tests.browser.helpers import App, lock_guess
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


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def free_play_follows_its_link(tab: Page, voila: App, name: str) -> Callable[[], None]:
    """Before the first Step: the same drawing as Voila's for the link, and seed, players, step and lang reached
    the kernel (" · event i of n" inside the position)."""

    def checks() -> None:
        query, position = LINKS[name]
        same_as_voila(tab, voila, name, query)
        expect(tab.locator(".dl-stepper .dl-pos").first).to_have_text(re.compile(position))
        if name == "double_donkey":
            dice_lie_where_they_are(tab)
        seats = tab.locator(".dl-stepper select.dl-seat option").all_inner_texts()
        assert any("3" in s for s in seats) and not any("4" in s for s in seats), seats  # players=3

    return checks


def free_play_steps_in_the_browser(tab: Page, name: str) -> dict[str, float]:
    """A dozen Steps, each answered in the browser (no server round trip): under 1 s at p95."""
    times = tab.evaluate(STEP_TIMES, 12)
    assert len(times) >= 5, times
    expect(tab.locator(".dl-stepper .dl-error").first).to_be_hidden()
    assert p95(times) < 1_000, f"{name}: {times}"
    return {"step_ms_p95": round(p95(times), 1), "step_ms_median": round(sorted(times)[len(times) // 2], 1)}


def lesson_shows_its_exact_answer(tab: Page, name: str) -> None:
    """The exact numbers of the same lesson built here in CPython, after the pupil's guess and Reveal; then the
    first live plot runs and stops."""
    lock_guess(tab)  # guess first: Reveal and Start wait for it
    reveal = tab.locator(".dl-prediction button.mod-warning").first  # the answer waits for the pupil's Reveal
    reveal.scroll_into_view_if_needed()
    reveal.click()
    body = tab.locator("body")
    for number in expected_numbers(name):
        expect(body).to_contain_text(number)  # waits: the full-games table fills in after the page is drawn
    live_plot_runs_and_stops(tab)


def query_of(name: str) -> str:
    return LINKS[name][0] if name in LINKS else LESSON_LINK


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

    module = importlib.import_module(f"donkeylab.lessons.{name}")
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
