"""The chances panel in the browser, at a tablet's size: each game's free-play page at three decision points (English
and German), its best move's numbers the engine's exact ones, the toggle by mouse and by keyboard.

Each decision point is found here, in Python, with the builder the page uses (``donkeylab.apps.build``: same seed,
same bots, same timeline), and the numbers the page must show are the game's own ``chances`` of that state.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from donkeylab.apps import build
from donkeylab.core.chances import outcome_text
from donkeylab.games import info
from donkeylab.widgets.chances import probability
from tests.browser.helpers import App
from tests.browser.test_game_clicks import stepper_of

TABLET = {"width": 820, "height": 1180}
SEED = {"double_donkey": 2, "double_down": 3, "esels_rennen": 1}
LANGS = ("en", "de", "en")  # the three decision points' languages


def decision_points(game: str, count: int = 3, limit: int = 400) -> list[tuple[int, Any]]:
    """The first ``count`` steps of the app's timeline where its player to move has a choice, with their tables."""
    stepper = stepper_of(build(game, f"seed={SEED[game]}"))
    found: list[tuple[int, Any]] = []
    for _ in range(limit):
        table = info(game).chances(stepper.state, None)
        if table.moves and (not found or found[-1][0] != stepper.index):
            found.append((stepper.index, table))
            if len(found) == count:
                return found
        stepper.advance(1)
    raise AssertionError(f"{game}: fewer than {count} decision points in {limit} actions")


def best_line(game: str, table: Any, lang: str) -> str:
    """What the best move's row must say: its first possible outcome with its exact probability."""
    name, p = next((n, p) for n, p in table.moves[0].outcomes if p)
    return f"{outcome_text(game, name, lang)}: {probability(p, lang)}"


@pytest.mark.parametrize("game", ["double_donkey", "double_down", "esels_rennen"])
def test_the_panel_shows_the_engines_exact_odds_at_three_decision_points(app: App, game: str) -> None:
    app.page.set_viewport_size(TABLET)
    for (step, table), lang in zip(decision_points(game), LANGS, strict=True):
        app.open(f"{game}.ipynb", f"seed={SEED[game]}&step={step}&odds=1&lang={lang}")
        panel = app.page.locator(".dl-chances-table")
        expect(panel).to_be_visible()
        rows = panel.locator("tbody tr")
        expect(rows).to_have_count(len(table.moves))
        expect(rows.first).to_contain_text("★ best" if lang == "en" else "★ am besten")
        expect(rows.first).to_contain_text(best_line(game, table, lang))
        caption = "Your chances, move by move" if lang == "en" else "Deine Chancen, Zug für Zug"
        expect(panel.locator("caption")).to_have_text(caption)
        width = app.page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= TABLET["width"], f"the page scrolls sideways at a tablet's width: {width} px"
        panel.scroll_into_view_if_needed()
        app.screenshot(f"chances-{game}-{step}-{lang}", full_page=False)
        app.assert_no_traceback()
    app.check_console()


def test_the_panel_is_shut_until_the_pupil_opens_it_by_mouse_or_keyboard(app: App) -> None:
    step, table = decision_points("esels_rennen", count=1)[0]
    app.open("esels_rennen.ipynb", f"seed={SEED['esels_rennen']}&step={step}")
    toggle = app.page.get_by_role("button", name="Show my chances")
    expect(toggle).to_be_visible()
    expect(app.page.locator(".dl-chances-table")).to_have_count(0)
    toggle.focus()
    app.page.keyboard.press("Enter")
    expect(app.page.locator(".dl-chances-table tbody tr")).to_have_count(len(table.moves))
    app.page.get_by_role("button", name="Hide my chances").click()
    expect(app.page.locator(".dl-chances-table")).to_have_count(0)
    app.check_console()


@pytest.mark.parametrize("game", ["double_donkey", "double_down", "esels_rennen"])
def test_which_move_is_best_is_asked_before_the_panel_answers(app: App, game: str) -> None:
    """The quiz above the panel: the pupil picks the last move listed and presses Check; the answer names the
    pick's value, and the panel opens with every move, the best starred."""
    step, table = next((s, t) for s, t in decision_points(game, count=3) if len(t.moves) > 1)
    app.page.set_viewport_size(TABLET)
    app.open(f"{game}.ipynb", f"seed={SEED[game]}&step={step}&lang=en")
    quiz = app.page.locator(".dl-best-move")
    expect(quiz).to_contain_text("Which move is best here?")
    expect(app.page.locator(".dl-chances-table")).to_have_count(0)  # asked before it is answered
    options = quiz.locator(".widget-toggle-button")
    expect(options).to_have_count(len(table.moves))
    options.last.click()
    quiz.get_by_role("button", name="Check").click()
    answer = quiz.locator(".dl-best-move-answer")
    expect(answer).to_contain_text(re.compile(r"^(Yes: .* best move|Not the best: |.* only lower bounds)"))
    expect(app.page.locator(".dl-chances-table tbody tr")).to_have_count(len(table.moves))
    quiz.scroll_into_view_if_needed()
    app.screenshot(f"best-move-{game}", full_page=False)
    app.assert_no_traceback()
    app.check_console()


def test_on_a_phone_the_panel_stays_inside_the_screen(app: App) -> None:
    """At 390 px an outcome too long for its column wraps: nothing of the table runs past the screen's edge."""
    step, _table = decision_points("double_donkey", count=1)[0]
    app.page.set_viewport_size({"width": 390, "height": 844})
    app.open("double_donkey.ipynb", f"seed={SEED['double_donkey']}&step={step}&odds=1&lang=de")
    panel = app.page.locator(".dl-chances-table")
    expect(panel).to_be_visible()
    panel.scroll_into_view_if_needed()
    box = panel.locator("table").bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390 + 1, f"the table ends at {box} on a 390 px screen"
    app.screenshot("chances-phone-de", full_page=False)
    buttons = app.page.locator(".dl-best-move .widget-toggle-button")
    expect(buttons.first).to_be_visible()
    cut = buttons.evaluate_all(
        "bs => bs.filter(b => b.scrollWidth > b.clientWidth + 1 || b.getBoundingClientRect().right > 391)"
        ".map(b => b.textContent)"
    )
    assert cut == [], f"the quiz's moves are cut on a 390 px screen: {cut}"
    buttons.first.scroll_into_view_if_needed()
    app.screenshot("best-move-phone-de", full_page=False)
    app.check_console()
