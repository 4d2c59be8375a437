"""The keyboard alone (a whole Double Down game, an Esels-Rennen move and a lesson's exercise, with Tab, Enter
and typing only), and what a screen reader hears at each step.

A pupil who cannot use a mouse (or a teacher at a projector with a wireless keyboard) must reach every
decision with Tab, see where the focus is at every press (WCAG 2.4.7), and never be trapped (2.1.2). The
tests press keys and read the page; no element is clicked.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.helpers import App

MAX_TABS = 150  # more than every focusable element of a page: reaching this means a trap or a lost target
# Where the focus is, and whether it shows: an outline on HTML, a thicker stroke on an SVG shape.
FOCUS_JS = """(selector) => {
  const el = document.activeElement;
  if (!el || el === document.body) return {on: false, shown: false, what: 'body'};
  let shown;
  if (el instanceof SVGElement) {
    const shape = el.querySelector('polygon, circle');
    shown = !!shape && parseFloat(getComputedStyle(shape).strokeWidth) >= 4;
  } else {
    const st = getComputedStyle(el);
    shown = st.outlineStyle !== 'none' && parseFloat(st.outlineWidth) >= 2;
  }
  const what = el.getAttribute('aria-label') || el.textContent || el.tagName;
  return {on: el.matches(selector), shown, what: what.slice(0, 40)};
}"""


def tab_to(app: App, selector: str, limit: int = MAX_TABS) -> str:
    """Press Tab until the focus is on an element matching ``selector``; every stop must show its focus."""
    for _ in range(limit):
        where = app.page.evaluate(FOCUS_JS, selector)
        if where["on"]:
            assert where["shown"], f"the focus on {where['what']!r} is not visible"
            return str(where["what"])
        if where["what"] != "body":
            assert where["shown"], f"the focus on {where['what']!r} is not visible"
        app.page.keyboard.press("Tab")
    raise AssertionError(f"{limit} presses of Tab never reached {selector}: trapped or unreachable")


def press_enter(app: App) -> None:
    """Enter on the focused element; waits until the Stepper shows another position."""
    pos = app.bar().pos
    before = pos.inner_text()
    app.page.keyboard.press("Enter")
    expect(pos).not_to_have_text(before)


def labels_under_the_total(app: App) -> list[str]:
    """The number line's tick labels that the total's marker covers, as drawn."""
    found: list[str] = app.page.evaluate(
        """() => {
          const c = document.querySelector('.dl-running-total .dl-total circle').getBoundingClientRect();
          return [...document.querySelectorAll('.dl-running-total .dl-tick-label')].filter((t) => {
            const r = t.getBoundingClientRect();
            return r.right > c.left && r.left < c.right && r.bottom > c.top && r.top < c.bottom;
          }).map((t) => t.textContent);
        }"""
    )
    return found


def doublets_under_the_total(app: App) -> list[str]:
    """The doublets whose diamond the total's marker covers (66 hid under a total of 64)."""
    found: list[str] = app.page.evaluate(
        """() => {
          const c = document.querySelector('.dl-running-total .dl-total circle').getBoundingClientRect();
          const total = document.querySelector('.dl-running-total .dl-total text').textContent;
          return [...document.querySelectorAll('.dl-running-total .dl-doublet')].filter((g) => {
            const r = g.querySelector('rect').getBoundingClientRect();
            const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
            return g.querySelector('text').textContent !== total && Math.hypot(
              x - (c.left + c.right) / 2, y - (c.top + c.bottom) / 2) < c.width / 2 + 4;
          }).map((g) => g.querySelector('text').textContent);
        }"""
    )
    return found


def test_a_whole_double_down_game_with_the_keyboard(app: App) -> None:
    app.open("double_down.ipynb", query="players=2&seed=3")
    expect(app.page.locator(".dl-running-total .dl-total")).to_have_text("0")
    assert labels_under_the_total(app) == [], "the total's marker covers a number of the line (it hid the 0)"
    won = app.page.locator(".dl-running-total .dl-badge.dl-win")
    decisions = 0
    for _ in range(600):
        if won.count():
            break
        if app.bar().choices.count():
            tab_to(app, "button.dl-card.dl-legal, button.dl-choice")
            decisions += 1
        else:
            tab_to(app, "button.dl-step:not(:disabled)")
        press_enter(app)
        covered = doublets_under_the_total(app)
        assert covered == [], f"the total's marker hides the doublet {covered}"
    expect(won).to_have_count(1)
    assert decisions >= 10, f"a whole game took only {decisions} decisions"
    expect(app.bar().choices).to_have_count(0)  # the game is over: nothing left to decide


def test_an_esels_rennen_move_with_the_keyboard(app: App) -> None:
    """Step to the first choice, then a donkey and its field by Tab and Enter. The race board's text alternative
    names every donkey's field (the Esels-Rennen part of the text-alternative test below)."""
    app.open("esels_rennen.ipynb", query="seed=0")
    board = app.page.get_by_role("group", name=re.compile(r"^race board: Red on \w+; green on \w+; yellow on"))
    expect(board).to_have_count(1)
    while not app.bar().choices.count():
        tab_to(app, "button.dl-step:not(:disabled)")
        press_enter(app)
    donkey = tab_to(app, ".dl-race [data-donkey][role=button]")
    app.page.keyboard.press("Enter")  # selecting a donkey sends the focus on to its first target field
    field = app.page.locator(".dl-race .dl-target").first
    expect(field).to_be_focused()
    where = app.page.evaluate(FOCUS_JS, ".dl-target")
    assert where["shown"], f"the focus on {where['what']!r} is not visible"
    index = app.bar().index()
    app.page.keyboard.press("Enter")
    expect(app.bar().pos).to_have_text(re.compile(rf"^step {index + 1}\b"), use_inner_text=True)
    assert app.bar().index() == index + 1, f"moving {donkey!r} with Enter did not play the move"


def test_a_lesson_exercise_answered_with_the_keyboard(app: App) -> None:
    """Lesson 1's first exercise (1/6 to the power 5): Tab to the guess's slider, an arrow key, Tab to "Lock in
    my guess", Enter (guess first), Tab to the prediction's Reveal, Enter (the exercises come with the answer),
    Tab down the lesson to its answer field, type, Tab to Check, Enter; the feedback is read from the page. A
    lesson page has far more stops than a game's."""
    app.open("die_choice.ipynb")
    tab_to(app, ".dl-prediction .noUi-handle", limit=2 * MAX_TABS)
    app.page.keyboard.press("ArrowLeft")
    tab_to(app, ".dl-prediction .dl-class-lock", limit=3)
    app.page.keyboard.press("Enter")
    expect(app.page.locator(".dl-prediction .dl-class-status")).to_have_attribute("data-kind", "locked")
    tab_to(app, ".dl-prediction button.mod-warning", limit=3)
    app.page.keyboard.press("Enter")
    expect(app.page.locator(".dl-answer input").first).to_be_attached(timeout=60_000)
    tab_to(app, ".dl-answer input", limit=4 * MAX_TABS)
    app.page.keyboard.type("1/7776")
    box = app.page.locator(".dl-answer").first
    expect(box.locator("input")).to_be_focused()  # the first box: Tab stops in page order
    tab_to(app, ".dl-answer button.mod-primary", limit=3)
    app.page.keyboard.press("Enter")
    expect(box.locator(".dl-feedback")).to_contain_text("Correct!", timeout=60_000)


# Every region a screen reader reads out by itself when its text changes.
LIVE_JS = """() => [...document.querySelectorAll(
  '[aria-live]:not([aria-live=off]), [role=status], [role=log], [role=alert]')].map(
  (el) => ({cls: String(el.className), text: el.textContent.trim()}))"""


def test_a_step_is_announced_once_and_every_view_names_the_position(app: App) -> None:
    """After Step the page's one live region says the new event and what comes next; nothing else speaks (a live
    log read all its entries again at every step). Each game view's text alternative is the kernel's sentence of
    the position, read from Chromium's accessibility tree, and it follows every step (issue 19 §1). One page of
    Double Down for both; the other two games' views are checked on pages their tests open anyway (the race
    board in ``test_an_esels_rennen_move_with_the_keyboard``, Double Donkey's table in ``test_game_clicks.py``)."""
    app.open("double_down.ipynb", query="seed=2")
    before = {r["cls"]: r["text"] for r in app.page.evaluate(LIVE_JS)}
    app.bar().step()
    newest = app.page.locator(".dl-log-box:visible .dl-log-entry .dl-text").last.inner_text()
    announce = app.page.locator(".dl-stepper .dl-announce")
    expect(announce).to_contain_text(newest)
    after = {r["cls"]: r["text"] for r in app.page.evaluate(LIVE_JS)}
    spoke = [cls for cls, text in after.items() if text and text != before.get(cls)]
    assert spoke == [announce.get_attribute("class")], f"more than one voice after a step: {spoke}"

    line = app.page.get_by_role("img", name=re.compile(r"^Total -?−?\d+, play runs"))
    expect(line).to_have_count(1)
    while "to play" not in (line.get_attribute("aria-label") or ""):  # the page opens at the deal
        app.bar().step()
    label = line.get_attribute("aria-label")
    assert re.search(r"Player \d to play\. Player \d holds [^.]+\. Tokens: Player 1 \d", label or ""), label
    app.bar().step_to_action_end()
    app.bar().step()  # a card is played: the total or whose turn it is changes
    expect(line).not_to_have_attribute("aria-label", label or "")
    tree = app.page.locator(".dl-running-total").first.aria_snapshot()
    assert "Total" in tree and "holds" in tree  # the name reaches the tree a reader walks
    app.bar().set_lang("de")
    expect(app.page.get_by_role("img", name=re.compile(r"^Summe -?−?\d+, gespielt wird"))).to_have_count(1)
