"""The checks of a page on a pupil's device, shared by the tests that open the pages: the axe-core audit, three
school screen sizes, tap targets and plot titles (``tests/browser/test_accessibility.py`` says why each).

``every_size_in_both_languages`` runs them all on a page already open in German: the page grows from the
tablet's portrait size to the Chromebook's, is audited there, turns English with its own switch and shrinks back.
A test that has opened an app for its own reasons calls it rather than opening the app once more: each page load
is a kernel and a page build, seconds of both cores of the test machine.
"""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from donkeylab.apps import APPS
from tests.browser.helpers import App

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


# The sizes in the order a page goes through them: opened in German at the tablet's portrait size (loading at a
# small size is half of what "fits" means), grown to the other sizes (the tablet turned, then the Chromebook: the
# layout must follow the width it is given) and audited at the Chromebook's; then turned English by the page's
# own switch, audited and shrunk back through every size. Tap targets are measured at the tablet's landscape
# size in both languages.
ORDER = {
    "de": ["tablet-portrait", "tablet-landscape", "chromebook"],
    "en": ["chromebook", "tablet-landscape", "tablet-portrait"],
}


def every_size_in_both_languages(app: App, name: str) -> list[str]:
    """The checks of ``fits_every_size`` in German, then in English (the page open in German at the tablet's
    portrait size); the problems found, as sentences."""
    problems: list[str] = []
    for lang in ("de", "en"):
        if lang == "en":
            app.switch_language("en")
        presenter = "Beamer-Ansicht" if lang == "de" else "Presenter view"  # every word follows the switch
        expect(app.page.locator(".dl-presenter button")).to_contain_text(presenter)
        problems += [f"({lang}) {problem}" for problem in fits_every_size(app, name, lang)]
    return problems


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
            problems += long_titles(app, size) + cut_tabs(app, size)
    return problems


# A tab's title cut short with an ellipsis: ipywidgets gives a tab 144 px, and Lesson 5's German "Ein Spiel, beide
# Regelsätze" read "Ein Spiel, beide Rege…" on a 1366 px laptop (the page style sizes a tab by its title).
CUT_TABS_JS = """() => [...document.querySelectorAll('.lm-TabBar-tabLabel')]
  .filter(l => l.getBoundingClientRect().width > 0 && l.scrollWidth > l.clientWidth + 1)
  .map(l => l.textContent)"""


def cut_tabs(app: App, size: str) -> list[str]:
    """Tab titles the page cuts short, as sentences."""
    return [f"at {size} a tab's title is cut short: {t!r}" for t in app.page.evaluate(CUT_TABS_JS)]


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
