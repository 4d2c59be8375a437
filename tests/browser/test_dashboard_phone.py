"""The teacher's dashboard and a pupil's plot in a real browser at a phone's (390×844), a tablet's (768×1024) and
a projector's (1366×768) size: nothing cut or squashed, the desk reachable, the answer's section shut until the
reveal, and an address bar that names the class and language shown (a reload opens the same class)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from donkeylab.classmode.dashboard import START_GAP_S
from tests.browser.helpers import App
from tests.browser.test_class_mode import shot

SIZES = {"phone": (390, 844), "tablet": (768, 1024), "projector": (1366, 768)}
READY = ".dl-class-dash select"


def sized(page: Page, size: str) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def start(app: App, lesson: str) -> str:
    """Start a class of ``lesson`` from the start screen; its code."""
    app.page.locator("#dl-cd-lesson").select_option(lesson)
    app.page.locator("#dl-cd-size").fill("1")  # one pupil's page warmed: a class of 30 keeps both cores busy
    app.page.get_by_role("button", name=re.compile("Start a class|Klasse starten")).click()
    code = app.page.locator(".dl-cd-code")
    expect(code).to_have_text(re.compile(r"^[A-Z0-9]{6}$"), timeout=30_000)
    return code.inner_text()


def cut(page: Page, selector: str) -> list[str]:
    """The texts under ``selector`` that are cut: wider than their box, or running past the window's edge."""
    found: list[str] = page.eval_on_selector_all(
        selector,
        """els => els.filter(e => e.offsetParent !== null).filter(e => {
             const r = e.getBoundingClientRect();
             return e.scrollWidth > e.clientWidth + 1 || r.right > window.innerWidth + 1 || r.left < -1;
           }).map(e => (e.innerText || e.textContent).slice(0, 60))""",
    )
    return found


def test_the_projectors_address_names_the_class_and_language_it_shows(app: App, output_dir: Path) -> None:
    """Open class A, back to the start, start class B, reload: class B (it was class A); German stays German."""
    app.page.set_viewport_size({"width": 1366, "height": 768})
    app.open("class_mode.ipynb", "lesson=die_choice&lang=en", ready=READY)
    first = start(app, "die_choice")
    started = app.page.evaluate("() => performance.now()")
    assert f"class={first}" in app.page.url
    app.page.locator("button.dl-cd-new").first.click()
    expect(app.page.locator(".dl-cd-open").first).to_be_visible()
    assert "class=" not in app.page.url, "the start screen shows no class"
    app.page.locator(f".dl-cd-open[data-code='{first}']").click()
    expect(app.page.locator(".dl-cd-code")).to_have_text(first)
    assert f"class={first}" in app.page.url
    app.page.locator("button.dl-cd-new").first.click()
    expect(app.page.locator("#dl-cd-lesson")).to_be_visible()
    # one start per START_GAP_S a page: the second start waits until that much has passed since the first
    app.page.wait_for_function(f"() => performance.now() > {started} + {START_GAP_S * 1000 + 100}")
    second = start(app, "doublet_penalties")
    app.page.get_by_role("button", name="Deutsch").click()
    expect(app.page.locator(".dl-cd-head h2")).to_have_text("Klassenmodus")
    url = app.page.url
    assert f"class={second}" in url and "lang=de" in url and "lesson=doublet_penalties" in url, url
    app.leave()
    app.open(url, ready=".dl-cd-code")
    expect(app.page.locator(".dl-cd-code")).to_have_text(second)
    expect(app.page.locator(".dl-cd-head h2")).to_have_text("Klassenmodus")
    shot(app, output_dir / "dashboard", "reloaded-class-b-german")
    app.page.locator("button.dl-cd-end").click()
    app.page.locator("button.dl-cd-end").click()
    expect(app.page.locator(".dl-cd-ended")).to_be_visible()


def test_the_dashboard_fits_a_phone_a_tablet_and_a_projector(app: App, output_dir: Path) -> None:
    """Nothing cut or wider than the screen; the desk one click away at the projector's 1366×768 in presenter
    view; "Everyone to: the answer" shut, with its reason, until the reveal."""
    app.page.set_viewport_size({"width": 1366, "height": 768})
    app.open("class_mode.ipynb", "lesson=die_choice&lang=de", ready=READY)
    start(app, "die_choice")
    page = app.page
    answer = page.locator("#dl-cd-section option[value='answer']")
    problems: list[str] = []
    for size in ("phone", "tablet", "projector"):
        sized(page, size)
        page.locator("a.dl-cd-to-desk").click()
        desk = page.locator("#dl-cd-desk")
        expect(desk).to_have_attribute("open", "")
        expect(page.locator("#dl-cd-section")).to_be_in_viewport()
        expect(answer).to_be_disabled()
        expect(page.locator("#dl-cd-answer-shut")).to_contain_text("Die Antwort")
        width = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
        if width > 0:
            problems.append(f"{size}: the page scrolls {width} px sideways")
        problems += [f"{size}: cut '{t}'" for t in cut(page, ".dl-class-dash button, .dl-class-dash label, h2, h3")]
        page.evaluate("() => window.scrollTo(0, 0)")
        shot(app, output_dir / "dashboard", f"dashboard-{size}")
    assert not problems, problems
    page.locator(".dl-presenter button").click()  # the presenter view: 1.5x, the desk far below the fold
    expect(page.locator(".dl-cd-code")).to_be_visible()
    page.locator("a.dl-cd-to-desk").click()
    expect(page.locator("#dl-cd-section")).to_be_in_viewport()
    shot(app, output_dir / "dashboard", "dashboard-projector-presenter-desk")
    page.get_by_role("button", name="Antwort aufdecken").click()
    expect(answer).to_be_enabled()
    expect(page.locator("#dl-cd-answer-shut")).to_have_count(0)
    page.locator("button.dl-cd-end").click()
    page.locator("button.dl-cd-end").click()


def plot_box(page: Page) -> dict[str, Any]:
    """The first live plot's layout as drawn: its size, the y axis's range, and the boxes of its title, its y
    axis's title and its progress line."""
    found: dict[str, Any] = page.evaluate(
        """() => {
             const plot = [...document.querySelectorAll('.dl-liveplot-plot')].find(p => p.offsetParent !== null);
             const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
               return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
             plot.scrollIntoView({block: 'center'});
             return {width: plot.clientWidth, height: plot.clientHeight,
                     range: plot._fullLayout && plot._fullLayout.yaxis.range,
                     title: box(plot.querySelector('.gtitle')), ytitle: box(plot.querySelector('.ytitle')),
                     area: box(plot.querySelector('.nsewdrag')), top: box(plot.querySelector('.main-svg')),
                     count: box(plot.closest('.dl-liveplot').querySelector('.dl-liveplot-count')),
                     window: window.innerWidth};
           }"""
    )
    return found


def overlap(a: dict[str, float] | None, b: dict[str, float] | None) -> bool:
    if a is None or b is None:
        return False
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def test_a_pupils_plot_fits_a_phone_a_tablet_and_a_projector(app: App, output_dir: Path) -> None:
    """The live plot before its first trial: a probability axis from 0 to 1 (it ran from -1 to 4), tall enough
    to read, its title clear of the axis's label, and its progress line inside the screen."""
    sized(app.page, "phone")
    app.open("die_choice.ipynb", "lang=de", ready=".dl-liveplot-plot .main-svg")
    problems: list[str] = []
    for size in ("phone", "tablet", "projector"):
        sized(app.page, size)
        app.page.wait_for_function(  # the plot follows its new width (a ResizeObserver, then plotly's redraw)
            """() => [...document.querySelectorAll('.dl-liveplot-plot')].filter(p => p.offsetParent !== null)
                     .every(p => Math.abs(p.querySelector('.main-svg').getBoundingClientRect().width
                                          - p.clientWidth) < 2)"""
        )
        drawn = plot_box(app.page)
        if drawn["range"] != [0, 1]:
            problems.append(f"{size}: the empty probability axis runs {drawn['range']}")
        if drawn["height"] < 0.6 * min(drawn["width"], 420):
            problems.append(f"{size}: the plot is squashed to {drawn['width']}×{drawn['height']}")
        if overlap(drawn["title"], drawn["ytitle"]):
            problems.append(f"{size}: the title runs over the axis's label")
        if drawn["title"]["bottom"] > drawn["area"]["top"] or drawn["title"]["top"] < drawn["top"]["top"]:
            problems.append(f"{size}: the title runs into the plot or off the figure's top")  # German: 6 lines
        if drawn["count"] and drawn["count"]["right"] > drawn["window"] + 1:
            problems.append(f"{size}: the progress line is cut at the edge")
        problems += [f"{size}: cut '{t}'" for t in cut(app.page, ".dl-liveplot-count, .dl-liveplot-toggle")]
        shot(app, output_dir / "dashboard", f"pupil-plot-{size}")
    assert not problems, problems
