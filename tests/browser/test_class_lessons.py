"""A whole class lesson, for every lesson, as a teacher runs it next week (Chromium against one class server).

The teacher's projector (1366x768, on the serving machine) starts a class of each lesson in turn from the same
dashboard page. Three pupils join by the class link: a phone (390x844) on another address (a network namespace,
``netns.pupil_device``) that turns its page German with the page's own switch, a tablet (820x1180) and a
Chromebook (1366x768) in English. The class goes through every question of the lesson in order, as the teacher
asks them. For each: no pupil's page text, HTML or received websocket frame holds any form of its answer (or a
later question's) until its reveal, in the pupil's language (``tests/classroom/test_class_blind.py``'s forms, the
same search the kernel-level test makes); a simulation that estimates it refuses Start, saying why, until the
pupil's guess is locked; the three guess and lock in and the projector counts them; the reveal reaches every page
(and the forms are found then, so the search cannot pass by looking for the wrong thing). On the second question
the phone steps, reloads and gets back its language, step and guess, and the projector, turned German, reloads
onto the same class in German. On the last the teacher pauses: the overlay covers every page, and the phone's
Start and Step change nothing until the release. Screenshots at each size land in ``class-lessons/``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Playwright, expect

from donkeylab.apps import build
from donkeylab.classmode import seal as class_seal
from donkeylab.classmode.words import answer_words, number_words
from donkeylab.classmode.words import say as card_says
from donkeylab.classroom import ClassQuestion, lessons, question_specs
from donkeylab.core import CATALOGUE
from tests.browser.helpers import App, Bar, Server
from tests.browser.test_class_mode import PROJECTORS, Watched, class_server, set_dashboard_lang, shot
from tests.browser.test_pupil_reload import PHONE, phone_browser
from tests.classroom.test_class_blind import forms, found

__all__ = ["class_server"]  # the module's fixture: one class server for every lesson
TABLET = {"width": 820, "height": 1180}
CHROMEBOOK = PROJECTORS[0]
LOCKED = re.compile("locked in|festgelegt")
PAUSED = re.compile("paused|angehalten")
THE_ANSWER = {"en": "The answer:", "de": "Die Antwort:"}  # the prediction line's words before its number
# The pupils' guesses on a 0-1 slider, set down from its top by so many steps (0.95, 0.80, 0.70 on a step of 0.01;
# 0.995, 0.98, 0.97 on Lesson 1's 0.001): neither they nor the values the slider passes on the way is a form of any
# answer
GUESS_STEPS = (5, 20, 30)
SIZE = 4  # the class's warmed pages: one for each pupil and one for the phone's reload
# What no pupil reads, where any short number turns up by chance: a style sheet, a data URL (the page's icons,
# "…%2c1.2%2c…", "-0.44 4-2.3"), a run of base64 (a picture, a binary frame), a message's time ("20:56:50.436722Z")
UNREADABLE = re.compile(
    r"<style\b.*?</style>|data:[^\"]*|[A-Za-z0-9+/]{40,}={0,2}|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[.\d]*Z?", re.S
)


@dataclasses.dataclass
class Pupil:
    """A pupil's device: its page (every websocket frame kept), its name for the screenshots and its language."""

    name: str
    watched: Watched
    lang: str

    @property
    def app(self) -> App:
        return self.watched.app

    @property
    def langs(self) -> tuple[str, ...]:
        """The languages the page has been drawn in (the phone opens the English link, then turns German)."""
        return ("en", "de") if self.lang == "de" else ("en",)


@dataclasses.dataclass
class Room:
    """The projector and the three pupils, kept from one lesson to the next (a page load less each)."""

    teacher: App
    pupils: list[Pupil]
    folder: Path
    pages: dict[tuple[str, str], Any] = dataclasses.field(default_factory=dict)

    @property
    def phone(self) -> Pupil:
        return self.pupils[0]


@pytest.fixture(scope="module")
def room(
    browser: Browser,
    playwright: Playwright,
    class_server: Server,
    output_dir: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Room]:
    folder = output_dir / "class-lessons"
    with phone_browser(playwright, browser, tmp_path_factory.mktemp("netns")) as other:
        teacher = App(browser.new_context(viewport=PROJECTORS[0]).new_page(), class_server, folder)
        devices = (
            ("phone", other.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="de-DE"), "de"),
            ("tablet", browser.new_context(viewport=TABLET, has_touch=True), "en"),
            ("chromebook", browser.new_context(viewport=CHROMEBOOK), "en"),
        )
        pupils = [Pupil(name, Watched(App(c.new_page(), class_server, folder)), lang) for name, c, lang in devices]
        yield Room(teacher, pupils, folder)
        for app in (teacher, *(p.app for p in pupils)):
            app.leave()
            app.page.context.close()


def answer_forms(room: Room, lesson: str, q: ClassQuestion, langs: tuple[str, ...]) -> list[str]:
    """Every form of ``q``'s answer in ``langs``, as the kernel-level test searches for it (a lesson's own
    sentences and measured numbers are read off the lesson built here, once per language)."""
    out = []
    for lang in langs:
        if (lesson, lang) not in room.pages:
            room.pages[lesson, lang] = page = build(lesson, f"lang={lang}")
            if lesson == "full_games":
                assert page.lesson.table.wait(300), "the bots' games (the prediction's answer) must be done"
        out += [whole_number(f) for f in forms(lesson, q, room.pages[lesson, lang], lang)]
    return out


def whole_number(form: str) -> str:
    """A form that starts or ends with a digit, not inside a longer number (the headline's "0.179" is not the
    "10.179" of a plot's coordinate in the page's HTML)."""
    if form[:1].isdigit():
        form = rf"(?<![\d.,]){form}"
    if form[-1:].isdigit():
        form = rf"{form}(?![\d])"
    return form


def leaks(room: Room, lesson: str, pupil: Pupil, questions: list[ClassQuestion]) -> list[str]:
    """The forms of ``questions``' answers in the pupil's page text, HTML and received frames."""
    page = pupil.app.page
    text = page.locator("body").inner_text() + page.content() + "".join(pupil.watched.frames)
    text = UNREADABLE.sub(" ", text)
    return [hit for q in questions for hit in found(answer_forms(room, lesson, q, pupil.langs), text)]


def blind(room: Room, lesson: str, pupil: Pupil, specs: list[ClassQuestion], i: int) -> None:
    """Question ``i`` and the ones after it: no form of their answers anywhere on the pupil's page."""
    leaked = leaks(room, lesson, pupil, specs[i - 1 :])
    assert not leaked, f"{lesson}, question {i}: the {pupil.name}'s page shows {leaked[:3]}"


def start_class(room: Room, lesson: str) -> str:
    """The projector's Start for ``lesson`` (the first lesson opens the dashboard, the others go back to its
    start screen); the pupils' link."""
    page = room.teacher.page
    if page.url.startswith("http"):
        page.locator("button.dl-cd-new").first.click()
    else:
        room.teacher.open("class_mode.ipynb", f"lesson={lesson}&lang=en", ready=".dl-class-dash select")
    page.locator("#dl-cd-lesson").select_option(lesson)
    page.fill("#dl-cd-size", str(SIZE))
    page.get_by_role("button", name="Start a class").click()
    expect(page.locator(".dl-cd-code")).to_have_text(re.compile(r"^\w{6}$"))
    return page.locator(".dl-cd-link").get_attribute("href") or ""


def join(room: Room, link: str) -> None:
    """Each pupil opens the class link; the phone turns its page German with the page's own switch."""
    for pupil in room.pupils:
        pupil.app.leave()  # the last lesson's page gives its place back first
        pupil.watched.frames.clear()
        pupil.app.server = Server(link.split("/voila/")[0], room.teacher.server.log_path)
        pupil.app.page.goto(link, wait_until="commit")  # the three pages load side by side, as a class's do
    phone = room.phone.app
    phone.wait_ready(".dl-cc-bar b")
    phone.switch_language("de")
    expect(phone.page.locator(".dl-cc-bar b")).to_contain_text("Klasse ")
    for pupil in room.pupils[1:]:
        pupil.app.wait_ready(".dl-cc-bar b")
    expect(room.teacher.page.locator(".dl-cd-pupils")).to_have_text("3")


def held_plot(pupil: Pupil, i: int) -> Locator:
    """The simulation on the pupil's page whose Start waits for the guess of question ``i``."""
    note = class_seal.say("guess_first", pupil.lang, i=i).split(":")[0]
    return pupil.app.page.locator(".dl-liveplot", has=pupil.app.page.locator(".dl-liveplot-held", has_text=note))


def card_guess(q: ClassQuestion, n: int) -> float:
    """The ``n``-th pupil's guess on the class card: a fifth, two fifths, three fifths of the way."""
    return q.low + (q.high - q.low) * (n + 1) / 5


def guess(pupil: Pupil, q: ClassQuestion, n: int) -> None:
    """The pupil's own guess (the ``n``-th pupil a different one), locked in, on the lesson's prediction or the
    class card."""
    page = pupil.app.page
    if q.headline and q.whole:
        page.locator(".dl-prediction .widget-toggle-button").nth(n % len(q.choices)).click()
    elif q.headline:
        handle = page.locator(".dl-prediction .noUi-handle").first
        handle.focus()
        handle.press("End")
        for _ in range(GUESS_STEPS[n]):
            handle.press("ArrowLeft")
    else:
        page.locator(".dl-cc-range").fill(str(card_guess(q, n)))
    page.locator(".dl-class-lock" if q.headline else ".dl-cc-lock").click()
    expect(page.locator(".dl-class-status" if q.headline else ".dl-cc-status")).to_contain_text(LOCKED)


def move(bar: Bar) -> None:
    """The pupil's own move on the Stepper: Step, or Back where the game waits for the pupil's decision."""
    if bar.step_button.is_enabled():
        bar.step()
    else:
        bar.back()


def reload_the_phone(room: Room, lesson: str, q: ClassQuestion) -> None:
    """The phone steps on, reloads, and is back in German at its step with its guess."""
    phone = room.phone.app
    bar = phone.bar()
    move(bar)
    step = bar.index()
    phone.page.reload()
    phone.wait_ready(".dl-cc-bar b")
    expect(phone.page.locator(".dl-cc-bar b")).to_contain_text("Klasse ")  # German, though the link says lang=en
    expect(phone.bar().pos).to_contain_text(re.compile(rf"Schritt {step}\b"), timeout=30_000)
    unit = f" {CATALOGUE.render(q.unit, {}, 'de')}" if q.unit else ""  # "0,60 Runden", as the slider says it
    locked = card_says("locked", "de", value=number_words(card_guess(q, 0), "de") + unit)  # the card's question
    expect(phone.page.locator(".dl-cc-status")).to_have_text(locked)
    shot(phone, room.folder, f"{lesson}-phone-reloaded")


def reload_the_projector(room: Room) -> str:
    """The projector turned German and reloaded (the page loads while the test goes on); the class's code."""
    teacher = room.teacher
    code = teacher.page.locator(".dl-cd-code").inner_text()
    set_dashboard_lang(teacher, "de")
    teacher.page.reload(wait_until="commit")
    return code


def projector_reloaded(room: Room, lesson: str, index: int, code: str) -> None:
    """The reloaded projector shows the same class, in German, at the same question."""
    teacher = room.teacher
    teacher.wait_ready(".dl-cd-code")
    expect(teacher.page.locator(".dl-cd-code")).to_have_text(code)
    expect(teacher.page.locator(".dl-class-dash")).to_have_attribute("lang", "de")
    expect(teacher.page.locator(".dl-cd-qnum[aria-pressed='true']")).to_have_text(str(index))
    expect(teacher.page.locator(".dl-cd-answered")).to_have_text("3")
    shot(teacher, room.folder, f"{lesson}-projector-reloaded-de")
    set_dashboard_lang(teacher, "en")


def pause(room: Room, lesson: str) -> None:
    """The teacher's pause: the overlay on every page; the phone's Step and Start refused until the release."""
    teacher, phone = room.teacher.page, room.phone.app.page
    teacher.locator("a.dl-cd-to-desk").click()
    teacher.locator("button.dl-cd-pause").click()
    for pupil in room.pupils:
        expect(pupil.app.page.locator(".dl-cc-pause")).to_be_in_viewport(ratio=1)
    expect(phone.locator(".dl-cc-pause")).to_contain_text(PAUSED)
    shot(room.phone.app, room.folder, f"{lesson}-phone-paused")
    bar = room.phone.app.bar()
    before = bar.text()
    for button in (bar.step_button, bar.back_button):  # sent anyway: the kernel refuses them, saying why
        button.dispatch_event("click")
    expect(bar.error).to_contain_text(PAUSED)
    starts = phone.locator(".dl-liveplot:has(button.dl-liveplot-toggle:enabled)")
    if starts.count():
        plot = starts.first
        plot.locator("button.dl-liveplot-toggle").dispatch_event("click")
        expect(plot.locator(".dl-liveplot-error")).to_contain_text(PAUSED)
        expect(plot.locator(".dl-liveplot-count")).to_contain_text(re.compile(r"^0 "))
    expect(bar.pos).to_have_text(before)
    teacher.locator("button.dl-cd-release").click()
    for pupil in room.pupils:
        expect(pupil.app.page.locator(".dl-cc-pause")).to_have_count(0)
    move(bar)  # the page works again


def chances(room: Room, lesson: str) -> None:
    """The chances panel: hidden on every pupil's page until the teacher shows it (possible once every answer is
    revealed), then open on each, then hidden again."""
    teacher = room.teacher.page
    for pupil in room.pupils:
        expect(pupil.app.page.locator(".dl-chances").first).to_be_hidden()
    teacher.locator("button.dl-cd-odds[aria-pressed='false']").click()
    for pupil in room.pupils:
        expect(pupil.app.page.locator(".dl-chances-toggle").first).to_be_visible()
        expect(pupil.app.page.locator(".dl-chances-body").first).not_to_be_empty()
    room.phone.app.page.locator(".dl-chances").first.scroll_into_view_if_needed()
    shot(room.phone.app, room.folder, f"{lesson}-phone-chances")
    teacher.locator("button.dl-cd-odds[aria-pressed='true']").click()
    for pupil in room.pupils:
        expect(pupil.app.page.locator(".dl-chances").first).to_be_hidden()


@pytest.mark.parametrize("lesson", lessons())
def test_a_whole_class_lesson_every_question_blind_until_its_reveal(room: Room, lesson: str) -> None:
    specs = list(question_specs(lesson).values())
    teacher = room.teacher.page
    link = start_class(room, lesson)
    join(room, link)
    for i, q in enumerate(specs, start=1):
        for pupil in room.pupils:
            number = card_says("question_of", pupil.lang, i=i, n=len(specs))
            expect(pupil.app.page.locator(".dl-cc-num")).to_have_text(number)
            blind(room, lesson, pupil, specs, i)
        if i == 2:
            shot(room.phone.app, room.folder, f"{lesson}-phone-question-2")
        if q.lab is not None:  # guess first: its simulation waits for the guess
            for pupil in room.pupils:  # every plot that estimates it (Lesson 2 simulates two values)
                plots = held_plot(pupil, i)
                expect(plots.first).to_be_attached()
                for plot in plots.all():
                    expect(plot.locator("button.dl-liveplot-toggle")).to_be_disabled()
            plot = held_plot(room.phone, i).first
            plot.locator("button.dl-liveplot-toggle").dispatch_event("click")  # a forged Start: refused
            expect(plot.locator(".dl-liveplot-count")).to_contain_text(re.compile(r"^0 "))
        for n, pupil in enumerate(room.pupils):
            guess(pupil, q, n)
        expect(teacher.locator(".dl-cd-answered")).to_have_text("3")
        for pupil in room.pupils:
            expect(held_plot(pupil, i)).to_have_count(0)
        if i == 2:
            code = reload_the_projector(room)  # both reload at once, as a busy classroom's do
            reload_the_phone(room, lesson, q)
            projector_reloaded(room, lesson, i, code)
        if i == len(specs):
            pause(room, lesson)
        shot(room.teacher, room.folder, f"{lesson}-projector-question-{i}-guessed")
        for pupil in room.pupils:
            blind(room, lesson, pupil, specs, i)

        teacher.locator("button.dl-cd-reveal").click()
        for pupil in room.pupils:
            said = card_says("answer_is", pupil.lang, answer=answer_words(q, pupil.lang))
            status = pupil.app.page.locator(".dl-class-status" if q.headline else ".dl-cc-status")
            if q.headline and not q.whole:  # a number: said once, on the prediction's line under the lock
                expect(status).to_have_attribute("data-kind", re.compile("^(closed|none)$"))
                expect(status).not_to_contain_text(said)
                expect(pupil.app.page.locator(".dl-prediction").first).to_contain_text(THE_ANSWER[pupil.lang])
            else:
                expect(status).to_contain_text(said)
            assert leaks(room, lesson, pupil, [q]), (pupil.name, "the answer is on the page after its reveal")
        shot(room.pupils[1].app, room.folder, f"{lesson}-tablet-question-{i}-revealed")
        if i < len(specs):
            teacher.locator("button.dl-cd-next").click()
    shot(room.pupils[2].app, room.folder, f"{lesson}-chromebook-end")
    chances(room, lesson)  # every answer revealed: the teacher may now show pupils their chances
    end = teacher.locator("button.dl-cd-end")
    end.click()
    end.click()
    expect(teacher.locator(".dl-cd-ended")).to_be_visible()
    for app in (room.teacher, *(p.app for p in room.pupils)):
        app.assert_no_traceback()
        app.check_console()
