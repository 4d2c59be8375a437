"""Every app of ``donkeylab.apps.APPS``, in a real browser: what a pupil does first with any page.

- opened from its gallery card's link with a mangled query (``?seed=banana&players=99``) it renders cleanly
  (no page error, no console error, no traceback) with the friendly note and the defaults; from there the
  pupil starts a new game from the teacher's controls, plays on, takes a seat view and turns the page German
  (its "copy link" is kept), turns it English again, and a real click on Step changes the view and the event
  text, a click on one of the Stepper's choices applies it, and a live plot (where the page has one) gains
  simulated bars and its Stop button stops it;
- the page's own "copy link" (or the same query typed by hand) opens a second page, with no note, in exactly
  the state the first reached; that page, opened at a tablet's portrait size, then gets the accessibility
  audit and the school screen sizes of ``screens.py`` in German and English (``test_accessibility.py`` says
  what they check; a page load of their own cost each app a kernel and a page build more); on a lesson the
  pupil then answers the first exercise, wrong and then right (``answers.py``; die_choice also in German with
  a decimal comma).

New apps are covered as they are registered; app-specific clicks live in ``test_game_clicks.py``.
"""

from __future__ import annotations

import json
import re
import warnings
from pathlib import Path

import pytest
from playwright.sync_api import Locator, expect

from donkeylab.apps import APPS
from tests.browser import answers
from tests.browser.helpers import VIEWS_JS, App, stop_if_running
from tests.browser.screens import every_size_in_both_languages, resize

ROOT = Path(__file__).resolve().parents[2]
NAMES = [name for name, info in APPS.items() if info.kind != "teacher"]  # class mode: test_class_mode.py
MAX_STEPS_TO_A_CHOICE = 40
REACHED: dict[str, tuple[str, dict[str, object]]] = {}  # app → (copied link, what the page showed)


def notebook_title(name: str) -> str:
    meta = json.loads((ROOT / "notebooks" / "apps" / APPS[name].notebook).read_text())["metadata"]
    title: str = meta.get("title", "")
    return title


@pytest.mark.parametrize("name", NAMES)
def test_app_from_the_gallery_with_a_mangled_link_renders_steps_and_switches_language(
    app: App, gallery_links: dict[str, str], name: str
) -> None:
    """The gallery's link with a mangled query: a friendly note, the defaults and no traceback; from there the
    pupil plays on. First the state a link can carry (another seed and player count from the teacher's controls,
    three actions, Player 2's seat view, German), whose "copy link" the next test opens; then Step, a choice of
    the pupil's own, the live plot and the switch back to English. One page load for both (each load is a
    kernel and a page build: seconds of CPU on the test machine's two cores).
    """
    info = APPS[name]
    app.open(gallery_links[name], "seed=banana&players=99")
    assert notebook_title(name), f"{name}: the notebook sets no page title in its metadata"
    expect(app.page).to_have_title(notebook_title(name))
    note = app.page.locator(".dl-link-problems")
    expect(note).to_be_visible()
    expect(note).to_contain_text("seed=banana")
    expect(note).to_contain_text("players=99")
    app.assert_no_traceback()
    app.screenshot(f"{name}-bad-link", full_page=False)
    app.check_console()

    opening = app.bar().text()
    REACHED[name] = reach_a_linkable_state(app, name)
    switch_language(app, "en")
    if not app.page.locator(".dl-teacher-controls").count():  # a new game (controls) is an opening itself
        back_to(app, opening)
    if app.bar().step_button.is_enabled():
        step_changes_view_and_event_text(app)
        choice_applies_a_legal_action(app)
    else:  # a lesson opens where the pupil must act: Step waits for the pupil's choice
        expect(app.bar().notice).to_be_visible()
        choice_applies_a_legal_action(app)
        if not app.bar().step_button.is_enabled():  # the pupil acts again: Step replays after a Back
            back = app.bar().pos.inner_text()
            app.bar().back_button.click()
            expect(app.bar().pos).not_to_have_text(back)
        step_changes_view_and_event_text(app)
    if info.kind == "lesson":
        answers.the_plots_shown(app)
    if info.kind == "lesson" or app.page.locator(".dl-liveplot").count():
        live_plot_fills_and_stops(app)
    app.screenshot(name)
    app.assert_no_traceback()
    app.check_console()


def reach_a_linkable_state(app: App, name: str) -> tuple[str, dict[str, object]]:
    """New game from the teacher's controls (where the page has them), three actions, Player 2's seat, German;
    returns the page's copied link (or the same query by hand) and what the page shows, then takes the page's
    own seat view back."""
    info = APPS[name]
    bar = app.bar()
    if "seed" in info.params and app.page.locator(".dl-teacher-controls").count():
        new_game_from_controls(app, seed=7)
    for _ in range(3):
        act(app)
    seat = bar.seat.input_value() if "seat" in info.params and bar.seat.count() else None
    if seat is not None:
        bar.seat.select_option("1")
        expect(bar.seat).to_have_value("1")
    switch_language(app, "de")
    state = read_state(app)
    link = share_link(app) or app.url_of(info.notebook, f"step={bar.index()}&lang=de")
    app.screenshot(f"{name}-de", full_page=False)
    if seat is not None:  # the page's own view again: Player 2's seat hides the other players' choices
        bar.seat.select_option(seat)
        expect(bar.seat).to_have_value(seat)
    return link, state


def back_to(app: App, opening: str) -> None:
    """Back (or Step) along the prepared timeline until the bar shows the page's opening position again."""
    bar = app.bar()
    for _ in range(4 * MAX_STEPS_TO_A_CHOICE):
        now = bar.text()
        if where(now) == where(opening):  # the timeline's length may have grown as the bots played on
            return
        bar.back() if where(now) > where(opening) else bar.step()
    pytest.fail(f"the opening position {opening!r} was not reached again from {bar.text()!r}")


def where(position: str) -> tuple[int, float]:
    """``"step 3 · event 2 of 4"`` → (3, 2); a whole action (``"step 3 of 9"``) sorts after its events."""
    m = re.match(r"step (\d+)(?: of \d+)?(?: · event (\d+) of \d+)?", position)
    assert m, f"not a position: {position!r}"
    return int(m.group(1)), float(m.group(2)) if m.group(2) else float("inf")


def step_changes_view_and_event_text(app: App) -> None:
    bar = app.bar()
    expect(bar.step_button).to_be_enabled()
    views, log, phase = app.views_html(), app.log_texts(), bar.phase.inner_text()
    bar.step()
    app.page.wait_for_function(f"old => ({VIEWS_JS})() !== old", arg=views)
    assert app.log_texts() != log, "Step did not add to the event log"
    assert bar.phase.inner_text() != phase or app.log_texts()[-1:] != log[-1:], "Step did not change the event text"


def choice_applies_a_legal_action(app: App) -> None:
    """Step until the player to act has choices, then click the first: the timeline ends at the new state."""
    bar = app.bar()
    for _ in range(MAX_STEPS_TO_A_CHOICE):
        if bar.choices.count():
            break
        bar.step()
    else:
        pytest.fail(f"no choice appeared in {MAX_STEPS_TO_A_CHOICE} steps")
    choice = bar.choices.first
    action = choice.get_attribute("data-action")
    index = bar.index()
    choice.click()
    expect(bar.pos).to_have_text(re.compile(rf"^step {index + 1}(?: of {index + 1}\b| · )"))
    expect(bar.error).to_be_hidden()
    assert action, "a choice without data-action"


def live_plot_fills_and_stops(app: App) -> None:
    """Live plots with a Start button: exact values drawn first, Start adds simulated bars, Stop stops the count.

    A simulation that ends before a Stop click reaches the kernel cannot show Stop working: then the next
    plot of the page is tried, and if every one ends that fast the test says so in a warning.
    """
    plots = app.page.locator(".dl-liveplot")
    expect(plots.first).to_be_attached()
    runnable = plots.filter(has=app.page.locator("button.dl-liveplot-toggle:visible"))  # exact-only plots: none
    count = runnable.count()
    assert count, "no live plot with a Start button"
    # Pin each plot once: the filtered list is looked up anew at every use, and a plot that ran to its end
    # may change which toggles are visible, so nth(i) could name a plot already run (bars before Start).
    runnable.evaluate_all("(els) => els.forEach((el, i) => el.setAttribute('data-test-plot', String(i)))")
    for i in range(count):
        if live_plot_run(app, app.page.locator(f".dl-liveplot[data-test-plot='{i}']")):
            return
    warnings.warn(
        f"{app.page.url}: every live plot finished before a Stop click reached the kernel, so Stop was not tested "
        "(a pupil cannot watch these simulations converge either)",
        stacklevel=1,
    )


BARS = (  # simulated bars' heights, plus the points of a running estimate (a convergence plot's lines)
    "el => (el.querySelector('.js-plotly-plot').data || []).map(t => t.type === 'bar'"
    " ? (t.y || []).reduce((a, b) => a + b, 0) : (t.x || []).filter(x => x !== null).length)"
    ".reduce((a, b) => a + b, 0)"
)


def live_plot_run(app: App, plot: Locator) -> bool:
    """Start one plot, wait for simulated bars (or running-estimate points), Stop it; True when Stop came before
    the end."""
    plot.scroll_into_view_if_needed()
    handle = plot.element_handle()
    app.page.wait_for_function("el => Boolean(el.querySelector('.js-plotly-plot')?._fullLayout)", arg=handle)
    toggle = plot.locator("button.dl-liveplot-toggle")
    expect(toggle).to_have_text("Start")
    assert trials(plot)[0] == 0, "trials counted before Start"
    # the exact answer's own points (a distribution's exact markers) are there from the start: the baseline
    before = app.page.evaluate(BARS, handle)
    toggle.click()
    expect(toggle).not_to_have_text("Start")  # "Stop" while it runs, "Finished" if it was that quick
    stop_if_running(toggle)
    app.page.wait_for_function(f"el => ({BARS})(el) > {before}", arg=handle, timeout=90_000)
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(toggle).to_have_text(re.compile("^(Continue|Finished)$"))
    done, total = trials(plot)
    bar = app.bar()  # two round trips through the same kernel: a simulation still running would move on
    for lang in ("de", "en"):
        bar.set_lang(lang)  # waits for the kernel's snapshot, not only for the labels the browser draws at once
    assert trials(plot) == (done, total), "the simulation went on after Stop"
    if done == total:
        expect(toggle).to_have_text("Finished")
        expect(toggle).to_be_disabled()
        return False
    expect(toggle).to_have_text("Continue")
    assert 0 < done < total
    return True


def trials(plot: Locator) -> tuple[int, int]:
    """(done, n) from the progress line in either language: "1,000 of 5,000 …" / "1.000 von 5.000 …"."""
    numbers = re.findall(r"\d[\d,.]*", plot.locator(".dl-liveplot-count").inner_text())
    done, total = (int(re.sub(r"[,.]", "", x)) for x in numbers[:2])
    return done, total


def switch_language(app: App, lang: str) -> None:
    """The page's LanguageSwitch (lessons) or the Stepper's language menu (free play) turns the page German.

    The page must first be settled in the other language: the kernel's snapshot drawn in it, not only the
    labels the browser switches at once (an earlier switch's snapshot may still be on its way).
    """
    bar = app.bar()
    bar.drawn_in("en" if lang == "de" else "de")
    before = app.body_text()
    phase = bar.phase.inner_text().strip()
    app.switch_language(lang)
    where = r"^Schritt \d+(?: von \d+| · )" if lang == "de" else r"^step \d+(?: of \d+| · )"
    expect(bar.pos).to_have_text(re.compile(where))
    log = app.page.locator(".dl-log-box:visible .dl-log-title").first
    expect(log).to_have_text("Was geschah (neuestes unten)" if lang == "de" else "What happened (newest last)")
    explainer = app.page.locator(".dl-rx:visible")
    if explainer.count():  # its own model, updated by its own message: the texts read next must be in lang
        expect(explainer.first).to_have_attribute("lang", lang)
    if phase:  # a sentence in the other language, so it must have changed
        expect(bar.phase).not_to_have_text(phase)
    assert app.body_text() != before


@pytest.mark.parametrize("name", NAMES)
def test_app_copied_link_reproduces_the_state_and_the_page_fits_every_school_screen(app: App, name: str) -> None:
    """The link copied in the previous test opens a new page (another kernel) in exactly that state; that page
    passes the audit and fits every school screen size, in German (the link's language) and in English, and a
    lesson's first exercise takes a wrong answer, then the right one.

    A separate test so the two loads of one app are apart: the app's preheated kernel is refilled meanwhile.
    """
    if name not in REACHED:
        pytest.skip("no state to reproduce: the first test of this app failed before it copied the link")
    link, state = REACHED[name]
    resize(app, "tablet-portrait")
    app.open(link)
    expect(app.page.locator(".dl-link-problems")).to_have_count(0)
    expect_state(app, state)
    app.screenshot(f"{name}-link")
    assert f"Using pre-heated kernel: {app.kernel_id()}" in app.server.log(), "the link was not served preheated"
    if name == "die_choice":
        answers.a_decimal_comma_in_german(app)
    if APPS[name].kind == "lesson":  # the sizes' checks include every plot's title
        answers.the_plots_shown(app)
    problems = every_size_in_both_languages(app, name)
    assert not problems, f"{name}:\n" + "\n".join(problems)
    if APPS[name].kind == "lesson":  # every lesson has its first answers in answers.FIRST_ANSWER
        answers.the_first_exercise(app, name)
    app.check_console()


def act(app: App) -> None:
    """One action further with Step; where the pupil must act, one action back instead.

    A link carries seed, step, seat and language, not the pupil's own moves, so a state reached by a choice
    cannot be linked (reported to the lead); Back within a lesson's prepared timeline can.
    """
    bar = app.bar()
    if bar.step_button.is_enabled():
        bar.step()
        bar.step_to_action_end()
        return
    bar.back()
    while bar.inside_an_action():
        bar.back()


def new_game_from_controls(app: App, seed: int) -> None:
    """The teacher's controls: another seed and another number of players, then "New game"."""
    controls = app.page.locator(".dl-teacher-controls")
    box = controls.locator("input[type=number]").first
    box.fill(str(seed))
    box.press("Enter")
    players = controls.locator("select").first
    current = players.input_value()
    other = [v for v in players.locator("option").all_inner_texts() if v.strip() != current]
    players.select_option(label=other[0].strip())
    controls.locator("button", has_text="New game").click()
    share = app.page.locator(".dl-share-url")
    if share.count():
        expect(share).to_have_value(re.compile(rf"seed={seed}&players={other[0].strip()}&step=0"))
    expect(app.bar().pos).to_have_text(re.compile(r"^step 0 of 0"))


def share_link(app: App) -> str | None:
    share = app.page.locator(".dl-share-url:visible")
    if not share.count():
        return None
    value: str = share.first.input_value()
    return value


def read_state(app: App) -> dict[str, object]:
    bar = app.bar()
    return {
        "pos": bar.pos.inner_text(),
        "phase": bar.phase.inner_text(),
        "log": app.log_texts(),
        "views": app.views_text(),
        "explainer": app.page.locator(".dl-rx:visible").first.inner_text(),
    }


def expect_state(app: App, state: dict[str, object]) -> None:
    bar = app.bar()
    expect(bar.pos).to_have_text(str(state["pos"]))
    expect(bar.phase).to_have_text(str(state["phase"]))
    expect(app.page.locator(".dl-log-box:visible").first.locator(".dl-log-entry")).to_have_text(
        list(state["log"]),  # type: ignore[call-overload]
        use_inner_text=True,
    )
    expect(app.page.locator(".dl-view:not(.dl-log-box):visible")).to_have_text(
        list(state["views"]),  # type: ignore[call-overload]
        use_inner_text=True,
    )
    expect(app.page.locator(".dl-rx:visible").first).to_have_text(str(state["explainer"]), use_inner_text=True)
