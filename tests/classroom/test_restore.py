"""A pupil's reload restores their page in the kernel: the store hands the same browser back what its last page
reported (language, the Stepper's step, section, exercise tally, the pacing it followed), the new page is put
there, and a change is reported at once, so a reload right after it loses nothing."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from donkeylab.apps import build
from donkeylab.classmode.pupil import PupilPart
from donkeylab.classroom import ClassError, ClassStore
from tests.classroom.test_pages import BROWSER, class_store, pupil_of, until

LESSON = "doublet_penalties"
QID = "token_risk"


@pytest.fixture
def pages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ClassStore]:
    yield from class_store(tmp_path, monkeypatch)


def opened(code: str, lang: str = "en") -> PupilPart:
    """The page this browser opens (a first visit or a reload), joined."""
    part = pupil_of(build(LESSON, f"class={code}&_pupil={BROWSER}&lang={lang}"))
    until(lambda: part.pupil is not None and part.polls > 0)
    return part


def stored(store: ClassStore, k: Any) -> dict[str, Any]:
    """What the store holds of the one pupil's page."""
    (row,) = store.roster(k.code, k.teacher_key)
    return dict(row["progress"])


def test_join_hands_a_returning_browser_what_its_page_last_reported(store: ClassStore) -> None:
    k = store.create_class(LESSON)
    first = store.join(k.code, BROWSER)
    assert first.progress == {} and not first.again
    progress = {"step": 6, "section": "live", "lang": "de", "seq": 2, "tried": [1, 2], "right": [2]}
    store.report(k.code, first.id, progress | {"question": QID})
    again = store.join(k.code, BROWSER)
    assert again.again and dict(again.progress) == progress | {"question": QID}
    for forged in ({"lang": "fr"}, {"seq": -1}, {"seq": "2"}, {"lang": "<b>"}):
        with pytest.raises(ClassError):
            store.report(k.code, first.id, forged)
    assert store.join(k.code, "another-browser-key-02").progress == {}  # a new browser starts afresh


def test_a_reload_restores_language_step_section_and_tally(pages: ClassStore) -> None:
    k = pages.create_class(LESSON)
    pages.set_state(k.code, k.teacher_key, {"step": 2, "seq": 1})  # the teacher's "everyone to step 2", once
    page = opened(k.code)
    until(lambda: page.lesson.stepper.index == 2)
    page.lesson.stepper.jump(3)  # the pupil steps on by themselves
    page.card._on_page(page.card, {"method": "section", "section": "exercises"}, [])
    pages.reveal(k.code, k.teacher_key, QID)
    until(lambda: page.revealed)
    number = min(page.lesson.exercise_boxes())
    box = page.lesson.exercise_boxes()[number]
    box.field.value = str(box.exact)
    box.check()
    page.lesson.switch.value = "de"
    until(lambda: stored(pages, k).get("lang") == "de" and stored(pages, k).get("right") == [number])
    page.stop()

    again = opened(k.code, "en")  # the class link still says lang=en
    assert again.lesson.switch.value == "de" and again.lang == "de" and again.place.lang == "de"
    assert again.lesson.stepper.index == 3  # not the teacher's old step 2, nor the page's first (4)
    assert again.section == again.place.section == "exercises"
    assert (again.tried, again.right) == ({number}, {number})
    assert again.lock.label == "Meine Schätzung festlegen"  # the lock speaks German
    until(lambda: again.polls > 3)
    assert stored(pages, k)["tried"] == [number] and stored(pages, k)["right"] == [number]  # not 0/0
    pages.set_state(k.code, k.teacher_key, {"step": 1, "seq": 2})  # a newer "everyone to" still reaches it
    until(lambda: again.lesson.stepper.index == 1)


def test_a_change_is_reported_at_once_so_a_reload_right_after_it_keeps_it(pages: ClassStore) -> None:
    k = pages.create_class(LESSON)
    page = opened(k.code)
    until(lambda: "step" in stored(pages, k))  # the first report, when the page joined
    for step in (3, 1, 2):
        page.lesson.stepper.jump(step)
        started = time.monotonic()
        until(lambda s=step: stored(pages, k).get("step") == s, timeout=10.0)  # type: ignore[misc]
        assert time.monotonic() - started < 1.0, "a step waited for the worker's next report"
    for step in (1, 3, 0):  # a burst: the last step is stored within the same second
        page.lesson.stepper.jump(step)
    started = time.monotonic()
    until(lambda: stored(pages, k).get("step") == 0)
    assert time.monotonic() - started < 1.0
    page.lesson.switch.value = "de"
    started = time.monotonic()
    until(lambda: stored(pages, k).get("lang") == "de")
    assert time.monotonic() - started < 1.0


def test_the_place_keeper_takes_no_trait_from_the_page() -> None:
    """The scroll keeper's traits are the kernel's: a page forging its section, language or readiness is refused."""
    from donkeylab.classmode.restore import ClassPlace

    place = ClassPlace(key="K7Q2XF", section="live", lang="de")
    for name, forged in (("section", "answer"), ("lang", "en"), ("ready", True), ("key", "OTHER1")):
        place._handle_msg(
            {"content": {"data": {"method": "update", "state": {name: forged}, "buffer_paths": []}}, "buffers": []}
        )
    assert (place.key, place.section, place.lang, place.ready) == ("K7Q2XF", "live", "de", False)
