"""Every app page measured as a pupil's device meets it: an axe-core audit, three school screen sizes, touch.

- **Audit:** axe-core (the engine browser vendors' own audits use) runs on every app page in English and
  German at a Chromebook's 1366×768. No violation of impact *serious* or *critical* may remain (WCAG 2.2 AA is
  the target; ``audit`` returns the moderate and minor findings too, for ``benchmarks`` and a curious reader).
- **Touch:** a tablet context (``has_touch``) plays by tapping; every tap target is at least 24 px, the
  Stepper's buttons 44 px.
- **Sizes:** a Chromebook (1366×768), a tablet in landscape (1024×768) and portrait (768×1024). No page may
  scroll sideways: a pupil on a tablet must never have to pan to find the Step button.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from donkeylab.apps import APPS
from tests.browser.helpers import App, Server

NAMES = list(APPS)
# What shows a page is drawn: the Stepper's position, or the teacher's class-mode screen (no Stepper).
READY = {
    name: ".dl-class-mode button" if info.kind == "teacher" else ".dl-stepper .dl-pos:not(:empty)"
    for name, info in APPS.items()
}
SIZES = {"chromebook": (1366, 768), "tablet-landscape": (1024, 768), "tablet-portrait": (768, 1024)}
BLOCKING = ("serious", "critical")
SHOWN = ("double_down", "arrow_chains")  # a game and a lesson: screenshots at each size, for the reader
AXE = Axe()


def audit(app: App) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it stands, each with the nodes it names."""
    result = AXE.run(app.page)
    violations: list[dict[str, Any]] = result.response["violations"]
    return violations


def describe(violations: list[dict[str, Any]]) -> str:
    lines = []
    for v in violations:
        targets = ", ".join(f"{n['target']} {n.get('failureSummary', '')[-160:]!r}" for n in v["nodes"][:4])
        lines.append(f"{v['impact']}: {v['id']} ×{len(v['nodes'])} ({v['help']}) at {targets}")
    return "\n".join(lines)


# Every target a pupil taps, with its size; WCAG 2.5.8 asks 24 px, and the Stepper's buttons (the ones a
# pupil taps a hundred times a lesson) get the 44 px of the platform guidelines.
TARGETS_JS = """() => {
  const seen = [];
  const sel = 'button, [role=button], a[href], input, select, textarea, [role=slider], [tabindex="0"]';
  for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (r.width === 0 || r.height === 0 || style.visibility === 'hidden') continue;
    if (el.closest('.dl-view') === el) continue;  // a whole view that takes arrow keys is not a tap target
    const main = !!el.closest('.dl-stepper') && el.tagName === 'BUTTON';
    const what = el.getAttribute('aria-label') || el.textContent || el.className || el.tagName;
    seen.push({what: what.trim().slice(0, 40),
               cls: String(el.className).slice(0, 60), w: Math.round(r.width), h: Math.round(r.height), main});
  }
  return seen;
}"""


def overflow(app: App) -> int:
    """How far the page scrolls sideways, in px (0 or less: it does not)."""
    width: int = app.page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    return width


def resize(app: App, size: str) -> None:
    width, height = SIZES[size]
    app.page.set_viewport_size({"width": width, "height": height})
    app.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")  # re-laid out


# One test per app, a single page load (a load costs a kernel and seconds of both cores: 54 loads once made this
# file a third of the suite). The page opens in German at the tablet's portrait size (loading at a small size is
# half of what "fits" means), grows to the other sizes (the tablet turned, then the Chromebook: the layout must
# follow the width it is given) and is audited at the Chromebook's; then the page's own switch turns it English,
# and the English page is audited and shrunk back through every size. Every tap target is measured at the
# tablet's landscape size in both languages. Apps vary fastest: one app's preheated kernel refills while the
# others are opened.
ORDER = {
    "de": ["tablet-portrait", "tablet-landscape", "chromebook"],
    "en": ["chromebook", "tablet-landscape", "tablet-portrait"],
}


@pytest.mark.parametrize("name", NAMES)
def test_every_page_passes_the_audit_and_fits_every_school_screen(
    app: App, gallery_links: dict[str, str], name: str
) -> None:
    resize(app, "tablet-portrait")
    app.open(gallery_links[name], query="lang=de", ready=READY[name])
    problems: list[str] = []
    for lang in ("de", "en"):
        if lang == "en":
            app.switch_language("en")
        presenter = "Beamer-Ansicht" if lang == "de" else "Presenter view"  # every word follows the switch
        expect(app.page.locator(".dl-presenter button")).to_contain_text(presenter)
        problems += [f"({lang}) {problem}" for problem in fits_every_size(app, name, lang)]
    assert not problems, f"{name}:\n" + "\n".join(problems)


def fits_every_size(app: App, name: str, lang: str) -> list[str]:
    """The page turned to each school size in ``ORDER[lang]``: overflow, the audit, tap targets, plot titles."""
    problems: list[str] = []
    for size in ORDER[lang]:
        resize(app, size)
        if (px := overflow(app)) > 0:
            problems.append(f"at {size} {SIZES[size]} the page scrolls sideways by {px} px")
        if name in SHOWN:
            app.screenshot(f"{name}-{lang}-{size}", full_page=False)
        if size == "chromebook":
            blocking = [v for v in audit(app) if v["impact"] in BLOCKING]
            if blocking:
                problems.append("serious or critical accessibility violations:\n" + describe(blocking))
        if size == "tablet-landscape":
            problems += small_targets(app)
        if APPS[name].kind == "lesson":
            problems += long_titles(app, size)
    return problems


# Each plot's title against its plot's box: plotly never wraps a title, and a long one ran off the plot, cut
# mid-word; liveplot.js wraps it to the width the plot is given, also after a turn of the tablet. Every plot
# laid out (a hidden tab's has no width) must be drawn first: a check of the plots drawn so far could pass early.
TITLES_JS = """() => [...document.querySelectorAll('.dl-liveplot-plot')]
  .filter(p => p.getBoundingClientRect().width > 0)
  .map(p => { const t = p.querySelector('.gtitle');
              return {drawn: !!t, title: t ? t.textContent.slice(0, 60) : '',
                      over: t ? Math.round(t.getBoundingClientRect().right
                                           - p.getBoundingClientRect().right) : 0}; })"""


def long_titles(app: App, size: str) -> list[str]:
    """Plot titles running past their plot, as sentences (waits until every plot is drawn and none runs past)."""
    check = f"() => {{ const t = ({TITLES_JS})(); return t.length > 0 && t.every(x => x.drawn && x.over <= 1); }}"
    try:
        app.page.wait_for_function(check, timeout=60_000)
    except PlaywrightTimeout:
        titles = app.page.evaluate(TITLES_JS)
        if not titles or not all(t["drawn"] for t in titles):
            return [f"at {size} {sum(not t['drawn'] for t in titles)} of {len(titles)} plots were not drawn in 60 s"]
        return [
            f"at {size} a plot's title runs {t['over']} px past its plot: {t['title']!r}"
            for t in titles
            if t["over"] > 1
        ]
    return []


def small_targets(app: App) -> list[str]:
    """Tap targets under 24 px (Stepper buttons under 44 px), as sentences; none found is a problem too."""
    targets = app.page.evaluate(TARGETS_JS)
    if not targets:
        return ["no tap target found"]
    small = [t for t in targets if min(t["w"], t["h"]) < (44 if t["main"] else 24)]
    return [f"too small to tap: {t}" for t in small]


@pytest.fixture
def tablet(browser: Any, voila: Server, output_dir: Path) -> Iterator[App]:
    """A touch tablet in landscape: taps are touch events (``has_touch``), there is no mouse hover."""
    context = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True, is_mobile=False)
    opened = App(context.new_page(), voila, output_dir / "screens")
    try:
        yield opened
        opened.leave()
        opened.check_console()
    finally:
        context.close()


def test_a_tablet_plays_by_tapping(tablet: App) -> None:
    """Step, a hand card in Double Down, and a donkey then its field in Esels-Rennen, all by tap."""
    tablet.open("double_down.ipynb", query="seed=4")
    pos = tablet.bar().pos
    before = pos.inner_text()
    tablet.bar().step_button.tap()
    expect(pos).not_to_have_text(before)
    while not tablet.page.locator("button.dl-card.dl-legal").count():
        before = pos.inner_text()
        tablet.bar().step_button.tap()
        expect(pos).not_to_have_text(before)
    played = tablet.bar().index()
    tablet.page.locator("button.dl-card.dl-legal").first.tap()
    expect(pos).to_contain_text(re.compile(rf"step {played + 1}\b"))
    assert tablet.bar().index() == played + 1

    tablet.open("esels_rennen.ipynb", query="seed=0")
    while not tablet.bar().choices.count():
        before = pos.inner_text()
        tablet.bar().step_button.tap()
        expect(pos).not_to_have_text(before)
    moved = tablet.bar().index()
    tablet.page.locator(".dl-race [data-donkey][role=button]").first.tap()
    tablet.page.locator(".dl-race .dl-target").first.tap()
    expect(pos).to_contain_text(re.compile(rf"step {moved + 1}\b"))
    assert tablet.bar().index() == moved + 1


@pytest.mark.parametrize("name", ["double_down", "arrow_chains"])
def test_the_presenter_view_enlarges_the_page_for_a_projector(
    app: App, gallery_links: dict[str, str], name: str
) -> None:
    """``?big=1`` opens the page 1.5× larger (a projector's 1920×1080 shows it without sideways scrolling); the
    corner toggle turns it back, by keyboard too."""
    app.page.set_viewport_size({"width": 1920, "height": 1080})
    app.open(gallery_links[name], query="big=1", ready=READY[name])
    zoom = "() => getComputedStyle(document.querySelector('.dl-big') || document.body).zoom"
    assert app.page.evaluate(zoom) == "1.5"
    assert overflow(app) <= 0, f"the presenter view of {name} scrolls sideways by {overflow(app)} px"
    app.screenshot(f"{name}-presenter", full_page=False)
    toggle = app.page.locator(".dl-presenter button")
    expect(toggle).to_have_text(re.compile("Presenter view"))
    toggle.focus()
    app.page.keyboard.press("Enter")
    expect(app.page.locator(".dl-big")).to_have_count(0)
    app.page.keyboard.press("Enter")
    expect(app.page.locator(".dl-big")).to_have_count(1)
