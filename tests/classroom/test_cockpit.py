"""The teacher's cockpit in kernels without a browser (issue 34): pacing reaches every pupil's page within a
couple of seconds and a pause holds every control in the kernel, each page's progress reaches the roster, a
class answers several questions in order, the reveal adds the class's calibration, and the results leave as a
CSV and a page of charts. Pupils and the dashboard run over one real SQLite store, as on a class server."""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from donkeylab.apps import build
from donkeylab.classmode import cockpit
from donkeylab.classmode.dashboard import ClassDashboard
from donkeylab.classmode.pupil import PupilPart
from donkeylab.classroom import ClassStore, question_specs
from donkeylab.widgets import guard
from tests.classroom.test_pages import class_store, pupil_of, until

LESSON = "doublet_penalties"


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ClassStore]:
    yield from class_store(tmp_path, monkeypatch)


def started(lesson: str = LESSON) -> ClassDashboard:
    dash = build("class_mode", f"lesson={lesson}").dashboard
    dash.start_class(lesson, 30)
    assert dash.view == "class"
    return dash


def pupil(dash: ClassDashboard, browser: str = "pupil-browser-key-0001", lang: str = "en") -> PupilPart:
    part = pupil_of(build(dash.lesson, f"class={dash.code}&_pupil={browser}&lang={lang}"))
    until(lambda: part.pupil is not None and part.state is not None)
    return part


def says(dash: ClassDashboard, **content: Any) -> None:
    """A message from the teacher's page."""
    dash._on_page(None, dict(content), None)


def within(seconds: float, condition: Any) -> float:
    """How long ``condition`` took to come true; the test fails past ``seconds``."""
    started_at = time.monotonic()
    until(condition, timeout=seconds)
    return time.monotonic() - started_at


def test_everyone_to_a_step_reaches_every_page_and_a_late_joiner_lands_there(store: ClassStore) -> None:
    dash = started()
    one, two = pupil(dash), pupil(dash, "pupil-browser-key-0002", "de")
    assert one.lesson.stepper.index != 2
    says(dash, method="pace", step=2)
    at_step = lambda part: part.lesson.stepper.index == 2 and part.card.goto.get("section") == "step"  # noqa: E731
    within(3.0, lambda: at_step(one) and at_step(two))  # moved there, and scrolled to the game
    late = pupil(dash, "pupil-browser-key-0003")
    within(3.0, lambda: late.lesson.stepper.index == 2)
    one.lesson.stepper.jump(1)  # a pupil may look back; the class's step is not forced on them again
    polls = one.polls
    until(lambda: one.polls >= polls + 2)
    assert one.lesson.stepper.index == 1
    says(dash, method="pace", section="exercises")
    within(3.0, lambda: one.card.goto.get("section") == "exercises" and two.card.goto.get("section") == "exercises")
    assert dash.pace["section"] == "exercises" and dash.pace.get("step") is None
    dash.close()


def test_a_pause_holds_every_control_in_the_kernel_until_the_teacher_releases_it(store: ClassStore) -> None:
    dash = started()
    part = pupil(dash)
    stepper = part.lesson.stepper
    says(dash, method="pause", paused=True)
    within(3.0, lambda: guard.PAUSE.reason is not None and part.card.paused)
    assert "teacher" in part.card.paused
    at = stepper.index
    stepper._handle_msg({"content": {"data": {"method": "custom", "content": {"method": "back"}}}})
    assert stepper.index == at and "teacher" in stepper.error  # a forged Back, refused with the reason
    switch = part.lesson.switch
    switch._handle_msg({"content": {"data": {"method": "update", "state": {"value": "de"}, "buffer_paths": []}}})
    assert switch.value == "en"  # ipywidgets' own widgets are held too
    part.lock.click(0.4)
    until(lambda: part.jobs.empty())
    assert not part.locked  # no guess is locked during a pause
    says(dash, method="pause", paused=False)
    within(3.0, lambda: guard.PAUSE.reason is None and not part.card.paused)
    stepper._handle_msg({"content": {"data": {"method": "custom", "content": {"method": "back"}}}})
    assert stepper.index == at - 1
    dash.close()


def test_the_teacher_shows_and_hides_every_pupils_chances_panel(store: ClassStore) -> None:
    """Shut on a class page until the teacher shows it, which the dashboard allows once every answer is revealed;
    then open on every page (a late joiner's too), and shut again when the teacher hides it."""
    dash = started()
    one = pupil(dash)
    shut = lambda part: all(  # noqa: E731
        not p.toggle.value and p.toggle.disabled and p.layout.display == "none" for p in part.panels
    )
    shown = lambda part: all(p.toggle.value and not p.toggle.disabled for p in part.panels)  # noqa: E731
    assert one.panels and shut(one)
    says(dash, method="odds", shown=True)  # before every answer is revealed: the odds could give one away
    assert not dash.pace.get("odds")
    order = list(question_specs(LESSON))
    for i in range(len(order)):  # the teacher reveals each question in turn
        says(dash, method="reveal")
        if i + 1 < len(order):
            says(dash, method="next")
    until(lambda: set(order) <= dash._revealed)
    says(dash, method="odds", shown=True)
    assert dash.pace["odds"] is True
    within(3.0, lambda: shown(one) and one.panels[0].body.value != "")  # the table, or why there is none
    late = pupil(dash, "pupil-browser-key-0002", "de")
    within(3.0, lambda: shown(late))
    says(dash, method="odds", shown=False)
    within(3.0, lambda: shut(one) and shut(late))
    dash.close()


def test_forged_pacing_from_the_teachers_page_changes_nothing(store: ClassStore) -> None:
    dash = started()
    before = store.about(dash.code, dash._key)["state"]
    for forged in (
        {"method": "pace", "step": -1},
        {"method": "pace", "step": "3"},
        {"method": "pace", "step": True},
        {"method": "pace", "step": 10**9},
        {"method": "pace", "section": "<script>"},
        {"method": "pace", "step": 2, "section": "live"},
        {"method": "pause", "paused": "yes"},
        {"method": "odds", "shown": 1},
        {"method": "odds", "shown": True, "extra": 1},
        {"method": "question", "qid": "not_a_question"},
        {"method": "save", "what": "../../etc/passwd"},
    ):
        dash._on_page(None, forged, None)
    assert store.about(dash.code, dash._key)["state"] == before
    dash.close()


def test_a_pupils_page_reports_where_it_is_and_the_roster_shows_it(store: ClassStore) -> None:
    dash = started()
    part, other = pupil(dash), pupil(dash, "pupil-browser-key-0002")
    part.lesson.stepper.jump(3)
    part.card._on_page(part.card, {"method": "section", "section": "live"}, [])
    part.card._on_page(part.card, {"method": "section", "section": "<img src=x>"}, [])  # forged: ignored
    row = lambda: next((r for r in dash.roster if r["name"] == part.pupil.name), {})  # noqa: E731
    within(6.0, lambda: row().get("step") == 3 and row().get("where") == "the simulation")
    store.reveal(dash.code, dash._key, "token_risk")
    until(lambda: part.revealed and other.revealed)
    boxes = part.lesson.exercise_boxes()
    first = min(boxes)
    boxes[first].field.value = "12345"
    boxes[first].check()
    within(6.0, lambda: row().get("tried") == 1 and row().get("right") == 0)
    assert dash.summary["hardest"] == f"Most got exercise {first} wrong: 1 of the 1 who tried it is not right yet."
    ans = other.lesson.exercise_boxes()[first]
    ans.field.value = str(ans.exact)
    ans.check()
    assert ans.solved
    theirs = lambda: next((r for r in dash.roster if r["name"] == other.pupil.name), {})  # noqa: E731
    within(6.0, lambda: theirs().get("right") == 1)
    assert "1 of the 2 who tried it" in dash.summary["hardest"]
    assert all(
        set(r) == {"name", "guessed", "step", "where", "tried", "right", "behind", "away", "ghost"} for r in dash.roster
    )
    dash.close()


def test_the_class_answers_its_questions_in_order_each_with_its_own_lock(store: ClassStore) -> None:
    dash = started()
    part = pupil(dash)
    assert [q[0] for q in dash.questions] == list(question_specs(LESSON))
    part.lock.click(0.4)
    until(lambda: part.locked.get("token_risk") == 0.4)
    says(dash, method="next")
    within(3.0, lambda: part.current == "risk_64" and part.card.question.get("index") == 2)
    assert part.card.enabled and not part.card.question["headline"]
    part.card.click(0.2)
    until(lambda: part.locked.get("risk_64") == 0.2)
    assert "0.2" in part.card.status and not part.card.enabled
    until(lambda: part.card.question.get("locked") == 0.2)  # the card's input shows it again after a reload
    part.card.click(0.9)  # once locked, it stays
    until(lambda: part.jobs.empty())
    until(lambda: dash.answered == 1)
    assert store.results(dash.code, dash._key, "risk_64")["answers"] == [0.2]
    assert store.results(dash.code, dash._key, "token_risk")["answers"] == [0.4]
    says(dash, method="reveal")
    within(3.0, lambda: "9/56" in part.card.status)
    assert "risk_64" in part.revealed and "percentage points" in part.card.status
    assert dash.calibration and "percentage points" in dash.calibration[0]
    dash.close()


def test_calibration_says_how_close_the_class_came_in_words() -> None:
    spec = question_specs(LESSON)["token_risk"]  # exactly 5/28, about 17.9 %
    lines = cockpit.calibration(spec, [0.15, 0.20, 0.9], {"p": 1_800, "not": 8_200}, "en")
    assert lines[0] == "Half the guesses were within 2.9 percentage points of the answer (the median distance)."
    assert lines[1] == "2 of 3 guesses were within 5 percentage points of it."
    assert "10,000 simulated trials" in lines[2] and "18.00 %" in lines[2] and "inside" in lines[2]
    assert "from the exact value 17.86 %" in lines[2]  # as precise as the estimate (a reveal's 17.9 % is not)
    german = cockpit.calibration(spec, [0.15, 0.20, 0.9], {"p": 1_800, "not": 8_200}, "de")
    assert "2,9 Prozentpunkte" in german[0] and "10.000" in german[2]


def test_a_pooled_estimate_within_rounding_of_the_exact_value_is_said_to_be_that_close() -> None:
    """5/28 = 17.857 %: 5,000 hits in 28,000 trials is exactly it; "0.00 percentage points" read as a broken number,
    and "matches to two decimal places" was false when 1.24 % and 1.23 % were less than 0.005 points apart."""
    spec = question_specs(LESSON)["token_risk"]
    words_of = (
        ("en", "less than 0.01 percentage points from the exact value"),
        ("de", "weniger als 0,01 Prozentpunkte"),
    )
    for lang, words in words_of:
        line = cockpit.calibration(spec, [0.2], {"p": 5_000, "not": 23_000}, lang)[2]
        assert words in line and ("0.00" not in line and "0,00" not in line), line
    near = cockpit.calibration(spec, [0.2], {"p": 5_003, "not": 22_997}, "en")[2]
    assert "0.01 percentage points" in near, near  # 17.868 %: a gap that rounds to 0.01 is still said


def test_the_results_leave_as_a_csv_and_a_page_of_charts_without_pseudonyms(
    store: ClassStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    dash = started()
    names = []
    for i, guess in enumerate((0.3, 0.5)):
        p = store.join(dash.code)
        names.append(p.name)
        store.answer(dash.code, p.id, "token_risk", guess)
        store.add_trials(dash.code, p.id, "token_risk", 11 + i, 0, {"p": 18, "not": 82})
    says(dash, method="reveal")
    sent: list[Any] = []
    monkeypatch.setattr(dash, "send", lambda content, buffers=None: sent.append(content))
    says(dash, method="save", what="csv")
    assert sent[0]["download"]["type"] == "text/csv" and sent[0]["download"]["name"].endswith(".csv")
    text = sent[0]["download"]["text"]
    assert text.startswith("\ufeff")  # a BOM: a spreadsheet reads the file as UTF-8
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))
    assert rows[0] == ["Class", "Question number", "Question", "Kind of answer", "Row", "Value"]
    first = [r for r in rows if r[1] == "1"]
    assert {r[2] for r in first} == {dash.question} and {r[3] for r in first} == {"probability"}
    assert [r[5] for r in first if r[4] == "a pupil's guess"] == ["0.3", "0.5"]
    labelled = [r[4:] for r in first]
    assert ["simulated trials (whole class)", "200"] in labelled and [
        "… of them, trials where it happened",
        "36",
    ] in labelled
    assert ["the class's estimate (share of trials)", "0.18"] in labelled and [
        "the exact answer",
        "0.178571",
    ] in labelled
    assert not any(":" in r[4] for r in rows[1:] if r[4] != "How close the class came"), "no pooled:p codes"
    assert not any(name in text for name in names)
    says(dash, method="save", what="html")
    page = sent[1]["download"]["text"]
    assert page.startswith("<!doctype html>") and "<svg" in page and "<script" not in page
    assert "5/28" in page and not any(name in page for name in names)
    dash.close()


def test_the_roster_names_each_pupil_as_their_own_page_does(store: ClassStore) -> None:
    """A German page says "Blauer Esel 17": the English dashboard shows that name too, so the teacher calls out
    the name the pupil reads (and removing by it takes that pupil out)."""
    from donkeylab.classroom.names import pseudonym_in

    assert cockpit.shown_name({"name": "Blue Donkey 17", "progress": {"lang": "de"}}, "en") == "Blauer Esel 17"
    assert cockpit.shown_name({"name": "Blue Donkey 17", "progress": {"lang": "<b>"}}, "en") == "Blue Donkey 17"
    assert cockpit.shown_name({"name": "Blue Donkey 17", "progress": {}}, "de") == "Blauer Esel 17"
    dash = started()
    german, english = pupil(dash, lang="de"), pupil(dash, "pupil-browser-key-0002")
    de_name, en_name = pseudonym_in(german.pupil.name, "de"), pseudonym_in(english.pupil.name, "en")
    assert de_name != pseudonym_in(german.pupil.name, "en")
    names = lambda: {r["name"] for r in dash.roster}  # noqa: E731
    within(6.0, lambda: names() == {de_name, en_name})
    sent: list[Any] = []
    dash.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    dash.save("pupils")
    table = sent[-1]["download"]["text"]
    assert de_name in table and en_name in table, table  # the file by pupil names them as the roster does
    says(dash, method="remove", name=de_name)
    within(6.0, lambda: names() == {en_name})
    dash.close()
