"""Class mode in Chromium (issue 20 §4): one teacher page and three pupil pages on a live Voila server.

The pupils join through the dashboard's own link, lock in their guesses and run the lesson's live plot; the
teacher's page counts three answers and the pooled trials (3 x 100,000); Reveal reaches every pupil's page
within 3 s; German works on both sides; End class sends every pupil on alone. Its own server (class mode
needs a store: a SQLite file in a temp dir through ``DONKEYLAB_CLASS_DB``), preheated for the four pages.
Screenshots of the dashboard before and after the reveal land in ``$DONKEYLAB_CLASS_SHOTS`` (default
``/tmp/class20-shots``) and in the test output folder.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import APPS_DIR, _free_port, launch
from tests.browser.helpers import App, Server
from tests.browser.shared_server import stop_group

LESSON = "doublet_penalties"
PUPILS = 3
SHOTS = Path(os.environ.get("DONKEYLAB_CLASS_SHOTS", "/tmp/class20-shots"))
REVEAL_S = 3.0


@pytest.fixture(scope="module")
def class_server(output_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    from donkeylab.apps.serve import voila_command

    port = _free_port()
    cmd = voila_command(port, APPS_DIR, preheat={LESSON: PUPILS, "class_mode": 1})
    env = {**os.environ, "DONKEYLAB_CLASS_DB": str(tmp_path_factory.mktemp("class") / "class.db")}
    proc, server = launch(cmd, output_dir / "voila-class.log", env)
    yield server
    stop_group(proc.pid)
    proc.wait(5)


def new_app(browser: Browser, server: Server, output_dir: Path) -> App:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    return App(context.new_page(), server, output_dir / "screens")


def shot(app: App, name: str) -> None:
    path = app.screenshot(name, full_page=False)
    SHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(path, SHOTS / path.name)


def test_a_class_guesses_simulates_and_sees_the_reveal(
    browser: Browser, class_server: Server, output_dir: Path
) -> None:
    teacher = new_app(browser, class_server, output_dir)
    teacher.open("class_mode.ipynb", f"lesson={LESSON}", ready=".dl-class-mode button")
    teacher.page.get_by_role("button", name="Start a class").click()
    code_box = teacher.page.locator(".dl-cd-code")
    expect(code_box).to_have_text(re.compile(r"^[A-HJ-NP-Z2-9]{6}$"))
    code = code_box.inner_text()
    link = teacher.page.locator("a.dl-cd-link")
    expect(link).to_have_attribute("href", re.compile(rf"/{LESSON}\.ipynb\?class={code}&lang=en$"))
    expect(teacher.page.locator(".dl-cd-qr svg")).to_be_attached()
    join = link.get_attribute("href") or ""
    # the projected page shows no key: read it from the copied teacher link, then look for it on the page
    teacher.page.locator("button.dl-cd-copy").click()
    expect(teacher.page.locator(".dl-cd-copied")).to_have_text(re.compile("Copied"))
    teacher_link = teacher.page.evaluate("() => navigator.clipboard.readText()")
    key = re.search(r"key=([A-Za-z0-9_-]+)", teacher_link)
    assert key and f"class={code}" in teacher_link
    assert key.group(1) not in teacher.page.locator("body").inner_text()

    pupils = []
    for i in range(PUPILS):
        pupil = new_app(browser, class_server, output_dir)
        lang = "de" if i == PUPILS - 1 else "en"
        pupil.open(join.replace("lang=en", f"lang={lang}"), ready=".dl-class-bar b")
        greeting = "Klasse" if lang == "de" else "Class"
        expect(pupil.page.locator(".dl-class-bar b")).to_contain_text(f"{greeting} {code} · ")
        pupils.append(pupil)
    expect(teacher.page.locator(".dl-cd-pupils")).to_have_text(str(PUPILS))

    for i, pupil in enumerate(pupils):  # each moves the slider (0.50 + 0.05 i) and locks it in
        handle = pupil.page.locator(".dl-prediction .noUi-handle").first
        handle.focus()
        for _ in range(5 * i):
            handle.press("ArrowRight")
        pupil.page.locator(".dl-class-lock").click()
        expect(pupil.page.locator(".dl-class-locked")).to_contain_text(
            f"{0.5 + 0.05 * i:.2f}".replace(".", "," if i == PUPILS - 1 else ".")
        )
    expect(teacher.page.locator(".dl-cd-answered")).to_have_text(str(PUPILS))
    bars = teacher.page.locator(".dl-cd-hist rect")
    counts = [int(bars.nth(i).get_attribute("data-count") or 0) for i in range(bars.count())]
    assert counts == [0, 0, 0, 0, 0, 2, 1, 0, 0, 0], counts  # 0.50, 0.55 in the bin 0.5-0.6; 0.60 in 0.6-0.7

    for pupil in pupils:  # the lesson's live plot of the next card at 70 (the first with a Start button)
        plot = pupil.page.locator(".dl-liveplot").filter(has=pupil.page.locator("button.dl-liveplot-toggle:visible"))
        plot.first.locator("button.dl-liveplot-toggle").click()
    for pupil in pupils:
        plot = pupil.page.locator(".dl-liveplot").filter(has=pupil.page.locator("button.dl-liveplot-toggle:visible"))
        expect(plot.first.locator(".dl-liveplot-progress")).to_have_attribute("aria-valuenow", "100000")
    expect(teacher.page.locator(".dl-cd-trials")).to_have_attribute("data-trials", str(PUPILS * 100_000))
    expect(teacher.page.locator(".dl-cd-trials")).to_have_text("The class has simulated 300,000 trials.")
    expect(teacher.page.locator(".dl-cd-conv polyline")).to_be_attached()
    expect(pupils[0].page.locator(".dl-class-bar")).to_contain_text("300,000 trials")
    shot(teacher, "class-dashboard-before-reveal")

    for pupil in pupils:
        expect(pupil.page.locator(".dl-reveal")).to_have_count(0)
    teacher.page.locator("button.dl-cd-reveal").click()
    clicked = time.monotonic()
    for pupil in pupils:
        expect(pupil.page.locator(".dl-reveal")).to_be_visible(timeout=REVEAL_S * 1000)
    assert time.monotonic() - clicked < REVEAL_S
    expect(pupils[0].page.locator(".dl-reveal")).to_contain_text("3/7")
    expect(teacher.page.locator(".dl-cd-exact")).to_have_text("The exact answer: 3/7 ≈ 0.429")
    shot(teacher, "class-dashboard-after-reveal")

    teacher.page.get_by_role("radio", name="Deutsch").or_(teacher.page.get_by_text("Deutsch", exact=True)).first.click()
    expect(teacher.page.locator(".dl-cd-exact")).to_have_text("Die exakte Antwort: 3/7 ≈ 0,429")
    expect(teacher.page.locator(".dl-cd-trials")).to_have_text("Die Klasse hat 300.000 Durchgänge simuliert.")
    expect(link).to_have_attribute("href", re.compile(rf"\?class={code}&lang=de$"))  # the pupils' link follows
    expect(teacher.page.locator(".dl-cd-copied")).to_have_text(re.compile("Kopiert"))
    shot(teacher, "class-dashboard-after-reveal-de")

    end = teacher.page.locator("button.dl-cd-end")
    end.click()
    expect(end).to_have_text("Noch einmal klicken: Die Daten der Klasse löschen")
    end.click()
    expect(teacher.page.locator(".dl-cd-ended")).to_contain_text("Die Klasse ist beendet")
    expect(pupils[0].page.locator(".dl-class-note")).to_contain_text(f"Your teacher has ended class {code}")
    for app in [teacher, *pupils]:
        app.assert_no_traceback()
        app.check_console()
        app.leave()
        app.page.context.close()


def test_an_unknown_code_lets_the_lesson_work_alone(browser: Browser, class_server: Server, output_dir: Path) -> None:
    pupil = new_app(browser, class_server, output_dir)
    pupil.open(f"{LESSON}.ipynb", "class=ZZZZZZ&lang=de", ready=".dl-class-note")
    expect(pupil.page.locator(".dl-class-note")).to_contain_text("Die Klasse ZZZZZZ ist nicht offen")
    reveal = pupil.page.get_by_role("button", name="Zeig die Antwort")
    expect(reveal).to_be_enabled()
    reveal.click()
    expect(pupil.page.locator(".dl-reveal")).to_contain_text("3/7")
    pupil.check_console()
    pupil.leave()
    pupil.page.context.close()
