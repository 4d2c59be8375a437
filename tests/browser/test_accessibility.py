"""Every app page measured as a pupil's device meets it: an axe-core audit, three school screen sizes, touch.

The checks themselves are in ``screens.py``. The pupils' apps get them in ``test_apps.py``, on the page their
copied link opens (one load of each app fewer, a kernel and a page build each); the teacher's page gets them
here, with the tablet's taps and the presenter view.

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
from playwright.sync_api import expect

from donkeylab.apps import APPS
from tests.browser.helpers import App, Server
from tests.browser.screens import READY, every_size_in_both_languages, overflow, resize

TEACHER_PAGES = [name for name, info in APPS.items() if info.kind == "teacher"]  # the pupils' apps: test_apps.py


@pytest.mark.parametrize("name", TEACHER_PAGES)
def test_the_teachers_page_passes_the_audit_and_fits_every_school_screen(
    app: App, gallery_links: dict[str, str], name: str
) -> None:
    resize(app, "tablet-portrait")
    app.open(gallery_links[name], query="lang=de", ready=READY[name])
    problems = every_size_in_both_languages(app, name)
    assert not problems, f"{name}:\n" + "\n".join(problems)


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
