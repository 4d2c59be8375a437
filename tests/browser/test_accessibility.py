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
AXE = Axe()


def audit(app: App) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it stands, each with the nodes it names."""
    result = AXE.run(app.page)
    violations: list[dict[str, Any]] = result.response["violations"]
    return violations


def describe(violations: list[dict[str, Any]]) -> str:
    lines = []
    for v in violations:
        targets = ", ".join(str(n["target"]) for n in v["nodes"][:4])
        lines.append(f"{v['impact']}: {v['id']} ×{len(v['nodes'])} ({v['help']}) at {targets}")
    return "\n".join(lines)


# Apps vary fastest (the bottom decorator): one app's preheated kernel refills while the others are opened,
# where three loads of one app in a row took a cold kernel and timed out on a loaded machine.
@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_page_passes_the_axe_audit(app: App, gallery_links: dict[str, str], name: str, lang: str) -> None:
    app.page.set_viewport_size({"width": 1366, "height": 768})
    app.open(gallery_links[name], query=f"lang={lang}", ready=READY[name])
    blocking = [v for v in audit(app) if v["impact"] in BLOCKING]
    assert not blocking, f"{name} ({lang}) has serious or critical accessibility violations:\n" + describe(blocking)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("size", list(SIZES))
def test_no_page_scrolls_sideways(app: App, gallery_links: dict[str, str], name: str, size: str) -> None:
    width, height = SIZES[size]
    app.page.set_viewport_size({"width": width, "height": height})
    app.open(gallery_links[name], ready=READY[name])
    overflow = app.page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{name} at {width}×{height} scrolls sideways by {overflow} px"


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


@pytest.mark.parametrize("name", NAMES)
def test_every_target_is_big_enough_to_tap(app: App, gallery_links: dict[str, str], name: str) -> None:
    app.page.set_viewport_size({"width": 1024, "height": 768})
    app.open(gallery_links[name], ready=READY[name])
    targets = app.page.evaluate(TARGETS_JS)
    small = [t for t in targets if min(t["w"], t["h"]) < (44 if t["main"] else 24)]
    assert targets, f"{name}: no tap target found"
    assert not small, f"{name}: targets too small to tap:\n" + "\n".join(map(str, small))


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
