"""A class on pupils' own devices, as a teacher runs it (issues 33 and 37), in Chromium against a live server.

The server runs as ``donkeylab serve --class`` runs it: on every address, with a token. The teacher works on
the serving machine (127.0.0.1, a projector of 1366x768) and starts a class from the gallery. Three pupils,
each a fresh browser with no cookies: one on a tablet-sized screen in a network namespace of its own (it
reaches the server only at this machine's network address, as a tablet does; without root, at that address
from this machine), one typing the code into the join box in German, one opening the link. The first pupil's
link is the QR code read off the dashboard's picture. Before the reveal no page and no websocket frame a page
received holds the answer in any usual form; after it every page shows it within 3 s. The dashboard fits a
projector at 1366x768 and 1024x768 in both languages. The teacher gets back to the class from the gallery.
Screenshots land in the test output folder (``class/``).
"""

from __future__ import annotations

import io
import math
import os
import re
import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Playwright, expect

from donkeylab.server.serve import lan_addresses
from tests.browser.conftest import APPS_DIR, CHROMIUM, CHROMIUM_ARGS, _free_port, launch
from tests.browser.helpers import App, Server
from tests.browser.netns import pupil_device
from tests.browser.shared_server import stop_group

LESSON = "die_choice"
REVEAL_S = 3.0
TOKEN = secrets.token_urlsafe(24)
PROJECTORS = ({"width": 1366, "height": 768}, {"width": 1024, "height": 768})
TABLET = {"width": 768, "height": 1024}
# 1/81 in every usual form, with a point or a comma: a fraction, a percentage (1.2 %, 1,23%: not a URL's
# "1.2%2c", an encoded comma in the page's icons) and a decimal (0.012, 0,0123…); before anyone simulates
ANSWER = (r"(?<!\d)1/81(?!\d)", r"(?<![\d.,])1[.,]23? ?%(?![0-9A-Fa-f]{2})", r"(?<![\d.,])0[.,]012")
EXACT_ONLY = (r"(?<!\d)1/81(?!\d)", r"0[.,]01234567")  # what no simulated estimate prints by chance


@pytest.fixture(scope="module")
def class_server(output_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    from donkeylab.server.serve import voila_command

    data = tmp_path_factory.mktemp("class")
    cmd = voila_command(_free_port(), APPS_DIR, public=True, token=TOKEN)  # what `donkeylab serve --class` runs
    env = {**os.environ, "DONKEYLAB_CLASS_DB": str(data / "class.db"), "DONKEYLAB_TEACHER_KEYS": str(data / "k.json")}
    proc, server = launch(cmd, output_dir / "voila-class.log", env)
    yield server
    stop_group(proc.pid)
    proc.wait(5)


def check_chart_words(page: Page) -> None:
    """The chart writes the class's estimate as the calibration's sentence does (a trial: the chart said
    "1.3 %" beside the sentence's "1.25 %"), and its axis at round values (not "0.0 / 1.1 / 2.3 %")."""
    labels = page.locator(".dl-cd-conv text").all_text_contents()
    estimate = next(label for label in labels if label.startswith("class estimate"))
    number = estimate.removeprefix("class estimate ").removesuffix(" %")
    expect(page.locator(".dl-cd-calib")).to_contain_text(f"its estimate {number} %")
    ticks = [float(label.removesuffix(" %")) for label in labels if re.fullmatch(r"[\d.]+ %", label)]
    assert len(ticks) == 3 and ticks[0] == 0 and ticks[2] == 2 * ticks[1], labels
    assert round(ticks[2] / 10 ** math.floor(math.log10(ticks[2])), 6) in (1, 2, 4, 5), labels


class Watched:
    """A page with every websocket frame it received kept, to search for the answer."""

    def __init__(self, app: App) -> None:
        self.app, self.frames = app, []
        app.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload: Any) -> None:
        self.frames.append(payload.decode("utf-8", "replace") if isinstance(payload, bytes) else str(payload))

    def found(self, forms: tuple[str, ...]) -> list[str]:
        """The forms of the answer (patterns) in the page's text, its HTML or any frame it received, each with
        where it stands."""
        page = self.app.page
        text = page.locator("body").inner_text() + page.content() + "".join(self.frames)
        return [
            f"{m.group(0)!r} in …{text[max(0, m.start() - 60) : m.end() + 20]!r}"
            for f in forms
            for m in re.finditer(f, text)
        ]


def shot(app: App, folder: Path, name: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    app.page.screenshot(path=str(path))
    return path


def qr_link(page: Page) -> str:
    """The dashboard's QR code as a camera sees it: a picture of the element, decoded by zxing-cpp."""
    import zxingcpp
    from PIL import Image

    picture = Image.open(io.BytesIO(page.locator(".dl-cd-qr svg").screenshot()))
    found = [r.text for r in zxingcpp.read_barcodes(picture)]
    assert len(found) == 1, f"the QR code does not scan: {found}"
    return str(found[0])


def fits(page: Page, scrolls: bool = False) -> list[str]:
    """What a projector would not show at once: parts outside the window, overlapping or cut, or a scrolled page
    (``scrolls``: the page may scroll on below its parts, as the presenter view's after the reveal)."""
    return list(
        page.evaluate(
            """(scrolls) => {
      const parts = {question: '.dl-cd-question', code: '.dl-cd-code', qr: '.dl-cd-qr svg', address: '.dl-cd-short',
        reveal: 'button.dl-cd-reveal', end: 'button.dl-cd-end', counts: '.dl-cd-counts',
        guesses: '.dl-cd-chart:nth-child(1)', pooled: '.dl-cd-chart:nth-child(2)'};
      const W = window.innerWidth, H = window.innerHeight, bad = [], boxes = {};
      const scroller = document.scrollingElement;
      if (!scrolls && scroller.scrollHeight > H + 1) bad.push(`the page scrolls: ${scroller.scrollHeight} > ${H}`);
      for (const [name, sel] of Object.entries(parts)) {
        const el = document.querySelector(sel);
        if (!el) { bad.push(`${name}: missing`); continue; }
        const r = el.getBoundingClientRect();
        boxes[name] = r;
        if (r.left < 0 || r.top < 0 || r.right > W + 0.5 || r.bottom > H + 0.5)
          bad.push(`${name} outside the window: ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`);
        if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible')
          bad.push(`${name} is cut`);
      }
      const names = Object.keys(boxes);
      for (let i = 0; i < names.length; i++) for (let j = i + 1; j < names.length; j++) {
        const a = boxes[names[i]], b = boxes[names[j]];
        const inside = (x, y) => x.left >= y.left && x.right <= y.right && x.top >= y.top && x.bottom <= y.bottom;
        if (inside(a, b) || inside(b, a)) continue; // a part of a card (the counts in the dashboard's column)
        const ox = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const oy = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (ox > 1 && oy > 1) bad.push(`${names[i]} overlaps ${names[j]}`);
      }
      return bad;
    }""",
            scrolls,
        )
    )


def set_dashboard_lang(teacher: App, lang: str) -> None:
    teacher.page.locator(".dl-cd-lang button", has_text="Deutsch" if lang == "de" else "English").click()
    expect(teacher.page.locator(".dl-class-dash")).to_have_attribute("lang", lang)


def check_projector(teacher: App, folder: Path, stage: str) -> None:
    """At each projector size and in both languages: everything on one screen, nothing cut or overlapping."""
    page = teacher.page
    for lang in ("en", "de"):
        set_dashboard_lang(teacher, lang)
        for size in PROJECTORS:
            page.set_viewport_size(size)
            expect(page.locator(".dl-cd-qr svg")).to_be_visible()
            page.wait_for_function("() => document.fonts.status === 'loaded'")
            shot(teacher, folder, f"dashboard-{stage}-{lang}-{size['width']}x{size['height']}")
            assert not fits(page), (stage, lang, size, fits(page))
            assert qr_link(page).endswith(f"lang={lang}")
        # the presenter view (1.5x on every other page) zooms this page 1.1x: at 1.5x the charts fell below the fold;
        # the calibration's sentences after the reveal may run on below them
        toggle = page.locator(".dl-presenter button")
        toggle.click()
        expect(page.locator(".dl-class-mode.dl-big")).to_have_count(1)
        assert page.evaluate("() => getComputedStyle(document.querySelector('.dl-big')).zoom") == "1.1"
        for size in PROJECTORS:
            page.set_viewport_size(size)
            shot(teacher, folder, f"dashboard-{stage}-{lang}-{size['width']}x{size['height']}-presenter")
            assert not fits(page, scrolls=True), (stage, lang, size, "presenter view", fits(page, scrolls=True))
        toggle.click()
        expect(page.locator(".dl-big")).to_have_count(0)
    set_dashboard_lang(teacher, "en")
    page.set_viewport_size(PROJECTORS[0])


def test_a_class_joins_by_the_qr_code_and_guesses_blind(
    browser: Browser, playwright: Playwright, class_server: Server, output_dir: Path, tmp_path: Path
) -> None:
    folder = output_dir / "class"
    other = lan_addresses()[0]
    pupil_server = Server(f"http://{other}:{class_server.url.rsplit(':', 1)[1]}", class_server.log_path)

    # The teacher, on the serving machine, from the gallery to a class of three.
    teacher_context = browser.new_context(viewport=PROJECTORS[0])
    teacher = App(teacher_context.new_page(), class_server, folder)
    teacher.open("index.ipynb", ready=".dl-gallery a.dl-card-link")
    teacher.page.locator(".dl-card-link", has_text="Class mode").click()
    teacher.wait_ready(".dl-class-dash select")
    teacher.page.select_option("#dl-cd-lesson", LESSON)
    teacher.page.fill("#dl-cd-size", "3")
    teacher.page.get_by_role("button", name="Start a class").click()
    code_box = teacher.page.locator(".dl-cd-code")
    expect(code_box).to_have_text(re.compile(r"^[0-9A-HJKMNP-TV-Z]{6}$"))
    code = code_box.inner_text()
    expect(teacher.page.locator(".dl-cd-short")).to_have_text(pupil_server.url.removeprefix("http://"))
    expect(teacher.page.locator(".dl-cd-warning")).to_have_count(0)
    expect(teacher.page.locator(".dl-cd-question")).to_contain_text("4 dice")
    link = qr_link(teacher.page)
    assert link == f"{pupil_server.url}/voila/render/{LESSON}.ipynb?class={code}&lang=en", link
    watched_teacher = Watched(teacher)  # from here on: the dashboard's own frames too
    assert "key=" not in teacher.page.url and "key" not in teacher.page.locator("body").inner_text().lower()

    with pupil_device(tmp_path, CHROMIUM) as in_namespace:
        tablet_browser = (
            playwright.chromium.launch(executable_path=str(in_namespace), args=CHROMIUM_ARGS)
            if in_namespace
            else browser
        )
        pupils: list[Watched] = []
        # Pupil 1: a tablet, a new browser with no cookies, the link read off the QR code.
        tablet = App(tablet_browser.new_context(viewport=TABLET).new_page(), pupil_server, folder)
        pupils.append(Watched(tablet))
        tablet.open(link, ready=".dl-cc-bar b")
        # Pupil 2: the address the dashboard shows, then the code typed into the join box (lower case), in German.
        typing = App(browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE").new_page(),
                     pupil_server, folder)  # fmt: skip
        pupils.append(Watched(typing))
        typing.page.goto(pupil_server.url + "/", wait_until="domcontentloaded")
        expect(typing.page.locator("h1")).to_have_text("Deiner Klasse beitreten")
        typing.page.fill("#code", code.lower())
        typing.page.get_by_role("button", name="Beitreten").click()
        typing.wait_ready(".dl-cc-bar b")
        # Pupil 3: the same link, typed by hand.
        third = App(browser.new_context().new_page(), pupil_server, folder)
        pupils.append(Watched(third))
        third.open(link, ready=".dl-cc-bar b")
        expect(tablet.page.locator(".dl-cc-bar b")).to_contain_text(f"Class {code} · you are ")
        expect(typing.page.locator(".dl-cc-bar b")).to_contain_text(f"Klasse {code} · du bist ")
        expect(teacher.page.locator(".dl-cd-pupils")).to_have_text("3")
        for pupil in pupils:
            expect(pupil.app.page.locator(".dl-class-status")).to_contain_text(re.compile("No guess yet|Noch kein"))
        shot(tablet, folder, "pupil-tablet-joined")
        shot(typing, folder, "pupil-de-joined")

        # Blind: no form of the answer anywhere a pupil or the projector can look, in English and German.
        set_dashboard_lang(teacher, "de")
        for watched in [*pupils, watched_teacher]:
            assert not watched.found(ANSWER), (watched.app.page.url, watched.found(ANSWER))
        set_dashboard_lang(teacher, "en")

        # Each pupil sets a guess and locks it in: 0.01, 0.05 and 0.50 (left as it was), on Lesson 1's slider of
        # step 0.001 (its answer 1/81 ≈ 0.012 lies between two hundredths)
        for pupil, steps in zip(pupils, (10, 50, None), strict=True):
            page = pupil.app.page
            handle = page.locator(".dl-prediction .noUi-handle").first
            if steps is not None:
                handle.focus()
                handle.press("Home")
                for _ in range(steps):
                    handle.press("ArrowRight")
            shown = f"{(steps or 500) / 1000:.2f}"  # the German pupil (typed the code) reads a decimal comma
            expect(page.locator(".dl-prediction .dl-readout").first).to_have_text(
                shown.replace(".", ",") if pupil.app is typing else shown
            )
            page.locator(".dl-class-lock").click()
            expect(page.locator(".dl-class-status")).to_contain_text(re.compile("locked in|festgelegt"))
        expect(teacher.page.locator(".dl-cd-answered")).to_have_text("3")
        bars = teacher.page.locator(".dl-cd-hist rect[data-count]")
        counts = [int(bars.nth(i).get_attribute("data-count") or 0) for i in range(bars.count())]
        assert counts == [0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0], counts  # 1-2 %, 5-10 %, 50-60 %
        shot(teacher, folder, "dashboard-guessed")
        for pupil in pupils:  # a locked guess stays: the slider is disabled and the button too
            expect(pupil.app.page.locator(".dl-class-lock")).to_be_disabled()

        # The pupils simulate: the pooled estimate is theirs to see, the target is not.
        for pupil in pupils:
            toggle = pupil.app.page.locator(".dl-liveplot button.dl-liveplot-toggle:visible").first
            toggle.click()
        expect(teacher.page.locator(".dl-cd-trials")).to_have_attribute("data-trials", "300000", timeout=240_000)
        # ... and the projector counts them but keeps the class's estimate back until the reveal
        expect(teacher.page.locator(".dl-cd-estimate-hidden")).to_be_visible()
        expect(teacher.page.locator(".dl-cd-conv polyline")).to_have_count(0)
        expect(teacher.page.locator(".dl-cd-target")).to_have_count(0)
        for watched in [*pupils, watched_teacher]:
            assert not watched.found(EXACT_ONLY), (watched.app.page.url, watched.found(EXACT_ONLY))
        check_projector(teacher, folder, "before-reveal")

        # The reveal reaches every page within 3 s.
        teacher.page.locator("button.dl-cd-reveal").click()
        clicked = time.monotonic()
        for pupil in pupils:
            expect(pupil.app.page.locator(".dl-reveal")).to_contain_text("1/81", timeout=REVEAL_S * 1000)
        assert time.monotonic() - clicked < REVEAL_S
        for pupil in pupils:
            expect(pupil.app.page.locator(".dl-class-status")).to_contain_text(re.compile("closed|geschlossen"))
            assert pupil.found(EXACT_ONLY)
        expect(teacher.page.locator(".dl-cd-exact")).to_contain_text("The exact answer: 1.2 %")
        expect(teacher.page.locator(".dl-cd-exact")).to_contain_text("1/81")
        expect(teacher.page.locator(".dl-cd-target")).to_be_attached()
        expect(teacher.page.locator(".dl-cd-conv polyline")).to_be_attached()
        check_chart_words(teacher.page)
        shot(tablet, folder, "pupil-tablet-revealed")
        shot(typing, folder, "pupil-de-revealed")
        check_projector(teacher, folder, "after-reveal")

        # The projector's tab closes; the teacher gets back to the class from the gallery.
        teacher.leave()
        teacher.open("index.ipynb", ready=".dl-running a")
        teacher.page.locator(".dl-running a", has_text="Open the dashboard").click()
        teacher.wait_ready(".dl-cd-code")
        expect(teacher.page.locator(".dl-cd-code")).to_have_text(code)
        expect(teacher.page.locator(".dl-cd-answered")).to_have_text("3")
        assert "key" not in teacher.page.url

        end = teacher.page.locator("button.dl-cd-end")
        end.click()
        end.click()
        expect(teacher.page.locator(".dl-cd-ended")).to_contain_text("The class has ended")
        expect(tablet.page.locator(".dl-cc-note")).to_contain_text(f"Your teacher has ended class {code}")
        for app in [teacher, *(p.app for p in pupils)]:
            app.assert_no_traceback()
            app.check_console()
            app.leave()
            app.page.context.close()
        if in_namespace:
            tablet_browser.close()


def test_a_dashboard_on_a_server_of_this_machine_only_says_pupils_cannot_join(app: App, output_dir: Path) -> None:
    """``make app`` listens on 127.0.0.1 only: the dashboard says so, and how to start a class server."""
    app.page.set_viewport_size(PROJECTORS[0])
    app.open("class_mode.ipynb", "lesson=doublet_penalties", ready=".dl-class-dash select")
    app.page.get_by_role("button", name="Start a class").click()
    warning = app.page.locator(".dl-cd-warning")
    expect(warning).to_contain_text("Pupils' devices cannot open this link")
    expect(warning).to_contain_text("donkeylab serve --class")
    expect(app.page.locator(".dl-cd-short")).to_have_text(re.compile(r"^127\.0\.0\.1:\d+$"))
    shot(app, output_dir / "class", "dashboard-local-only-warning")
    end = app.page.locator("button.dl-cd-end")
    end.click()
    end.click()
    expect(app.page.locator(".dl-cd-ended")).to_be_visible()


def test_the_teacher_paces_the_class_from_the_cockpit(browser: Browser, class_server: Server, output_dir: Path) -> None:
    """Issue 34 in a browser: two questions in order, the pause, "everyone to step N" and to a section, the
    roster filling with where each pupil is, and the results saved by the teacher's browser. A tablet-sized
    pupil in English, a laptop in German."""
    folder = output_dir / "cockpit"
    teacher = App(browser.new_context(viewport=PROJECTORS[0], accept_downloads=True).new_page(), class_server, folder)
    teacher.open("class_mode.ipynb", "lesson=doublet_penalties", ready=".dl-class-dash select")
    teacher.page.fill("#dl-cd-size", "2")
    teacher.page.get_by_role("button", name="Start a class").click()
    expect(teacher.page.locator(".dl-cd-code")).to_have_text(re.compile(r"^\w{6}$"))
    link = teacher.page.locator(".dl-cd-link").get_attribute("href") or ""
    pupil_server = Server(link.split("/voila/")[0], class_server.log_path)  # this machine's network address
    tablet = App(browser.new_context(viewport=TABLET).new_page(), pupil_server, folder)
    laptop = App(browser.new_context(viewport={"width": 1280, "height": 800}, locale="de-DE").new_page(),
                 pupil_server, folder)  # fmt: skip
    tablet.open(link, ready=".dl-cc-bar b")
    laptop.open(link.replace("lang=en", "lang=de"), ready=".dl-cc-bar b")
    pupils = (tablet, laptop)
    expect(tablet.page.locator(".dl-cc-num")).to_have_text("Question 1 of 3")
    expect(laptop.page.locator(".dl-cc-num")).to_have_text("Frage 1 von 3")
    for pupil in pupils:
        pupil.page.locator(".dl-class-lock").click()
        expect(pupil.page.locator(".dl-class-status")).to_contain_text(re.compile("locked in|festgelegt"))
    expect(teacher.page.locator(".dl-cd-answered")).to_have_text("2")
    teacher.page.locator("button.dl-cd-reveal").click()
    for pupil in pupils:
        expect(pupil.page.locator(".dl-reveal")).to_contain_text("5/28")

    # The second question, asked on every pupil's card.
    teacher.page.locator("button.dl-cd-next").click()
    expect(teacher.page.locator(".dl-cd-qnum[aria-pressed='true']")).to_have_text("2")
    expect(teacher.page.locator(".dl-cd-answered")).to_have_text("0")
    expect(tablet.page.locator(".dl-cc-num")).to_have_text("Question 2 of 3", timeout=3000)
    expect(laptop.page.locator(".dl-cc-num")).to_have_text("Frage 2 von 3", timeout=3000)
    for pupil, guess in zip(pupils, ("0.2", "0.35"), strict=True):
        pupil.page.locator(".dl-cc-range").fill(guess)
        pupil.page.locator(".dl-cc-lock").click()
        expect(pupil.page.locator(".dl-cc-status")).to_contain_text(re.compile("locked in|festgelegt"))
    expect(teacher.page.locator(".dl-cd-answered")).to_have_text("2")
    shot(tablet, folder, "pupil-tablet-question-2")

    # Pause: an overlay on every page within 3 s; release lifts it.
    teacher.page.locator(".dl-cd-roster summary").click()
    teacher.page.locator("button.dl-cd-pause").click()
    for pupil in pupils:
        expect(pupil.page.locator(".dl-cc-pause")).to_be_visible(timeout=3000)
    expect(laptop.page.locator(".dl-cc-pause")).to_contain_text("angehalten")
    shot(tablet, folder, "pupil-tablet-paused")
    shot(laptop, folder, "pupil-de-paused")
    teacher.page.locator("button.dl-cd-release").click()
    for pupil in pupils:
        expect(pupil.page.locator(".dl-cc-pause")).to_have_count(0, timeout=3000)

    # Everyone to step 1, then to the exercises; the roster shows where each page is.
    teacher.page.fill("#dl-cd-step", "1")
    teacher.page.locator("button.dl-cd-go-step").click()
    for pupil in pupils:
        expect(pupil.page.locator(".dl-stepper .dl-pos").first).to_contain_text(re.compile(r"(step|Schritt) 1 "))
    teacher.page.select_option("#dl-cd-section", "exercises")
    teacher.page.locator("button.dl-cd-go-section").click()
    for pupil in pupils:
        expect(pupil.page.locator(".dl-section-exercises")).to_be_in_viewport(timeout=4000)
    rows = teacher.page.locator(".dl-cd-pupils-table tr")
    expect(rows).to_have_count(3)
    for i in (1, 2):
        expect(rows.nth(i).locator("td").nth(2)).to_have_text("1", timeout=30_000)
        expect(rows.nth(i).locator("td").nth(3)).to_have_text("the exercises", timeout=30_000)
    shot(teacher, folder, "dashboard-desk")

    # Save the results: the teacher's browser gets a CSV with every guess and no pseudonym.
    with teacher.page.expect_download() as saved:
        teacher.page.locator("button.dl-cd-save").first.click()
    raw = Path(saved.value.path()).read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # the BOM reached the file: a spreadsheet reads it as UTF-8
    text = raw.decode("utf-8-sig").replace("\r\n", "\n")
    assert re.search(r"\n\w{6},2,[^\n]*,probability,a pupil's guess,0\.2\n", text), text
    assert re.search(r"\n\w{6},1,[^\n]*,probability,the exact answer,0\.178571\n", text), text
    names = [rows.nth(i).locator("td").first.inner_text().split(" (")[0] for i in (1, 2)]
    assert not any(name in text for name in names), names
    # ... and, when the teacher chooses it, a CSV with a row per pupil (pseudonym, guesses, exercises)
    with teacher.page.expect_download() as by_pupil:
        teacher.page.locator("button.dl-cd-save[data-what='pupils']").click()
    table = Path(by_pupil.value.path()).read_text(encoding="utf-8-sig")
    assert table.startswith("Pupil,Question 1: guess,Question 2: guess,Question 3: guess,Exercises tried")
    assert all(name in table for name in names), (names, table)
    for app in (teacher, *pupils):
        app.assert_no_traceback()
        app.check_console()
        app.leave()
        app.page.context.close()
