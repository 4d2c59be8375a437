"""Class mode's pages in a kernel without a browser: the pupil's part and the teacher's dashboard over a real
SQLite store, the hub's config, and what a forged message from the page can do (nothing)."""

from __future__ import annotations

import gc
import json
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest
import yaml

from donkeylab.apps import build
from donkeylab.classmode import seal as class_seal
from donkeylab.classmode.dashboard import MAX_STARTS, ClassDashboard
from donkeylab.classmode.pupil import PupilPart, join
from donkeylab.classroom import ClassStore, keyring
from donkeylab.widgets import guard

ROOT = Path(__file__).resolve().parents[2]
QID = "token_risk"
BROWSER = "pupil-browser-key-0001"
LOCAL = "http://127.0.0.1:8866/voila/render/class_mode.ipynb"


def until(condition: Callable[[], Any], timeout: float = 20.0) -> Any:
    """Wait for ``condition`` (the pupil's worker thread and the dashboard's poll run on their own)."""
    done = threading.Event()
    deadline = time.monotonic() + timeout
    while not (value := condition()):
        assert time.monotonic() < deadline, "the condition did not come true in time"
        done.wait(0.02)
    return value


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ClassStore]:
    yield from class_store(tmp_path, monkeypatch)


def class_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ClassStore]:
    """A class store as a class server's kernels share it (one SQLite file), emptied of pupils' workers after."""
    monkeypatch.setenv("DONKEYLAB_CLASS_DB", str(tmp_path / "class.db"))
    monkeypatch.delenv("DONKEYLAB_TEACHER_KEYS", raising=False)
    monkeypatch.delenv("DONKEYLAB_SERVER", raising=False)
    s = ClassStore.open()
    yield s
    for part in [o for o in gc.get_objects() if isinstance(o, PupilPart)]:
        part.stop()  # a kernel has one page; this test process has had many
    s.close()
    guard.PAUSE.release()  # nor may a test's pause outlive it


def pupil_of(page: Any, drawn: bool = True) -> PupilPart:
    """The pupil's part of a class page; ``drawn``: as a browser shows it (its ``Drawn`` widget reports, the
    page joins the class then), else as a GET alone left it."""
    parts = [o for o in gc.get_objects() if isinstance(o, PupilPart) and o.banner is page.children[0]]
    assert len(parts) == 1
    if drawn:
        say_drawn(parts[0])
    return parts[0]


def say_drawn(part: PupilPart) -> None:
    """The page's ``Drawn`` widget reports, as it does once a browser has made the page's widgets."""
    part.drawn._handle_msg({"content": {"data": {"method": "custom", "content": {"drawn": 1}}}, "buffers": []})


def joined(store: ClassStore, lesson: str = "doublet_penalties", browser: str = BROWSER) -> tuple[Any, PupilPart]:
    k = store.create_class(lesson)
    part = pupil_of(build(lesson, f"class={k.code.lower()}&_pupil={browser}"))
    until(lambda: part.pupil is not None)
    return k, part


def every_state(since: set[str] | frozenset[str] = frozenset()) -> str:
    """Every open widget's whole state as JSON (those made since ``since``, the ids open before): what the
    page has received, or would on request."""
    found = [x for i, x in list(w.widgets.widget._instances.items()) if i not in since]
    return json.dumps([_state(x) for x in found], default=str)


def _state(widget: Any) -> Any:
    """A widget's state; a box holding a widget an earlier test closed has none to send (skipped)."""
    try:
        return widget.get_state()
    except AttributeError:
        return None


def test_a_pupil_joins_locks_in_pools_and_sees_the_reveal(store: ClassStore) -> None:
    k, part = joined(store)
    assert f"Class {k.code} · you are" in part.card.banner
    assert part.prediction.button.disabled and part.prediction.held  # the reveal waits for the teacher
    assert part.lock.status.startswith("No guess yet") and part.lock.enabled
    part.lock.click(0.35)
    until(lambda: part.locked.get(QID) == 0.35)
    assert part.prediction.input.disabled and not part.lock.enabled and "0.35 is locked in" in part.lock.status
    plot = part.plots[0][0]
    assert plot.exact_hidden and plot.page_writable == {"lang"}
    plot.reset(n=30_000)
    plot.run()
    until(lambda: store.results(k.code, k.teacher_key, QID)["trials"] == 30_000)
    r = store.results(k.code, k.teacher_key, QID)
    assert r["answers"] == [0.35] and sum(r["counts"].values()) == 30_000
    assert r["counts"]["p"] == plot._counts["hits"]  # the pool holds exactly what the pupil's plot drew
    store.reveal(k.code, k.teacher_key, QID)
    started = time.monotonic()
    until(lambda: part.revealed)
    assert time.monotonic() - started < 3.0
    assert "5/28" in part.prediction.result.value and "0.35" in part.prediction.result.value
    assert part.prediction.button.disabled  # the teacher revealed it: the pupil's Reveal has nothing left to do
    assert part.prediction.button.description.startswith("✓ Revealed")  # not one more orange button to press
    part.set_lang("de")
    until(lambda: part.prediction.button.description.startswith("✓ Aufgedeckt"))
    part.set_lang("en")
    assert not plot.exact_hidden and not part.lesson.sealed
    assert all(box.layout.display is None and box.children for box in part.lesson.boxes.values())
    assert "stays as you locked it in" in part.lock.status
    # the answer is said once, on the prediction's own line, not again in the lock's sentence just above it
    assert "5/28" not in part.lock.status and "The answer:" not in part.lock.status
    assert "away from the answer" in part.lock.status


def test_before_the_reveal_no_widget_holds_the_answer_and_a_forged_reveal_does_nothing(store: ClassStore) -> None:
    before = set(w.widgets.widget._instances)
    k, part = joined(store, "die_choice")
    states = every_state(before)
    for form in ("1/81", "1.2 %", "1,2 %", "0.0123", "0,0123", "0.01234"):
        assert form not in states, form
    assert part.lesson.sealed and part.lesson.exercises is None and part.lesson.notice is None
    part.prediction.button.click()  # a forged click on the held Reveal: the kernel refuses it
    assert not part.prediction.revealed and part.lesson.sealed
    store.reveal(k.code, k.teacher_key, "free_choice")
    until(lambda: part.revealed)
    assert part.lesson.exact and "1/81" in every_state(before)
    assert "did not lock in a guess" in part.lock.status and "none" in part.prediction.result.value
    assert part.lesson.exercises is None and part.lesson.pending  # they state the second question's 4/9
    store.reveal(k.code, k.teacher_key, "four_two")
    until(lambda: part.lesson.exercises is not None and not part.lesson.pending)


def test_the_lock_stores_what_the_page_shows_once_and_refuses_what_no_slider_holds(store: ClassStore) -> None:
    """The click carries the slider's value as the page holds it: a value still on its way to the kernel
    cannot make the lock store an older one. Once locked, the guess stays."""
    k, part = joined(store)
    part.prediction.input.value = 0.53  # the kernel's value, one update behind the page
    for forged in (1.5, -0.1, float("nan"), "0.5", True, None, [0.5]):
        part.lock._on_page(part.lock, {"method": "lock", "value": forged}, [])
    part.lock.click(0.55)  # what the page showed when the pupil clicked
    until(lambda: part.locked.get(QID) == 0.55)
    assert store.results(k.code, k.teacher_key, QID)["answers"] == [0.55]
    part.lock.click(0.9)  # a second lock (or a forged one): the guess stays
    part.prediction.input.value = 0.9
    until(lambda: part.jobs.empty())
    assert store.results(k.code, k.teacher_key, QID)["answers"] == [0.55] and part.locked.get(QID) == 0.55


def test_a_typed_guess_is_the_class_guess_on_the_sliders_finer_step(store: ClassStore) -> None:
    """Lesson 1's answer 1/81 ≈ 0.012 lies between two steps of 0.01: its slider steps by 0.001, and a guess typed
    beside it ("1.2 %") is what the lock stores, though the page's click still carried the old slider value; the
    kernel reads the text (a forged one gets nothing)."""
    k, part = joined(store, "die_choice")
    assert part.prediction.input.step == 0.001 and part.prediction.typed is not None
    part.prediction.typed.field.value = "<script>" * 100
    assert part.prediction.input.value == 0.5
    part.prediction.typed.field.value = "1.2 %"
    part.lock.click(0.5)
    until(lambda: part.locked.get("free_choice") is not None)
    assert store.results(k.code, k.teacher_key, "free_choice")["answers"] == [pytest.approx(0.012)]
    assert "0.012" in part.lock.status and part.prediction.typed.field.disabled


def test_a_reload_in_the_same_browser_is_the_same_pupil_with_the_same_guess(store: ClassStore) -> None:
    k, first = joined(store)
    first.lock.click(0.4)
    until(lambda: first.locked.get(QID) == 0.4)
    again = pupil_of(build("doublet_penalties", f"class={k.code}&_pupil={BROWSER}"))
    until(lambda: again.pupil is not None and again.locked.get(QID) == 0.4)
    assert again.pupil.name == first.pupil.name and again.pupil.id == first.pupil.id
    assert not again.lock.enabled and "0.4" in again.lock.status
    r = store.results(k.code, k.teacher_key, QID)
    assert (r["pupils"], r["answers"]) == (1, [0.4])


def test_pupils_pool_draws_of_their_own_and_the_page_cannot_choose_them(store: ClassStore) -> None:
    k, one = joined(store)
    two = pupil_of(build("doublet_penalties", f"class={k.code}&_pupil=another-browser-key-02"))
    assert one.plots[0][0].run_seed != two.plots[0][0].run_seed
    plot = one.plots[0][0]
    seed, batch = plot.run_seed, plot.batch
    for forged in ({"seed": 7}, {"batch": 1}, {"n": 200_000}):
        plot._handle_msg({"content": {"data": {"method": "update", "state": forged, "buffer_paths": []}}})
    assert (plot.run_seed, plot.batch) == (seed, batch) and "set by the kernel" in plot.error
    # the page cannot read the seed, so it cannot simulate the run before it counts and reload for a better one
    assert plot.seed == 0 and str(seed) not in json.dumps(plot.get_state(), default=str)
    plot.reset(n=10_000)
    plot.run()
    until(lambda: store.results(k.code, k.teacher_key, QID)["trials"] == 10_000)
    plot.reset(n=10_000)  # the same seed again: the same draws
    plot.run()
    until(lambda: one.jobs.empty())
    assert store.results(k.code, k.teacher_key, QID)["trials"] == 10_000


def test_a_code_of_no_open_class_leaves_the_lesson_working_alone(store: ClassStore) -> None:
    """No class is running under the code: nothing is left to keep blind, the page is a lesson of its own."""
    part = pupil_of(build("doublet_penalties", "class=ZZZZZZ"))
    until(lambda: part.alone is not None)
    assert part.alone == "not_open" and "not open" in part.card.banner and "works on by itself" in part.card.banner
    assert not part.prediction.button.disabled and not part.prediction.held
    assert part.lock.layout.display == "none"
    part.prediction.reveal()
    assert not part.lesson.sealed and not part.lesson.pending  # every part, the later questions' too


def kept_sealed(part: PupilPart, since: set[str]) -> None:
    """A page that cannot be in its running class: it says so, and no answer comes out, a forged Reveal neither
    (``since``: the widget ids open before the page was built)."""
    before = every_state(since)
    assert "stay hidden until your teacher reveals" in part.card.banner
    assert part.prediction.held and part.prediction.button.disabled
    part.prediction.button.click()  # a forged click: refused in the kernel
    part.prediction.reveal()
    assert not part.prediction.revealed and part.lesson.sealed and part.lesson.exercises is None
    after = every_state(since)
    assert "5/28" not in after and "17.9" not in after and "17,9" not in after and after == before
    assert all(plot.held for plot, _ in class_seal.estimating(part))  # nor does the simulation start


def test_a_full_class_keeps_the_answers_sealed(store: ClassStore, monkeypatch: pytest.MonkeyPatch) -> None:
    from donkeylab.classroom import store as store_module

    monkeypatch.setattr(store_module, "MAX_PUPILS", 0)
    code = store.create_class("doublet_penalties").code
    since = set(w.widgets.widget._instances)
    part = pupil_of(build("doublet_penalties", f"class={code}"))
    until(lambda: part.alone is not None)
    assert part.alone == "full" and "is full" in part.card.banner
    kept_sealed(part, since)


def test_a_pupil_taken_out_keeps_the_answers_sealed_and_an_ended_class_opens_them(store: ClassStore) -> None:
    since = set(w.widgets.widget._instances)
    k, part = joined(store)
    store.remove_pupil(k.code, k.teacher_key, part.pupil.name)
    until(lambda: part.alone == "removed")
    assert "taken you out" in part.card.banner
    kept_sealed(part, since)
    other = pupil_of(build("doublet_penalties", f"class={k.code}"))
    until(lambda: other.pupil is not None)
    store.end_class(k.code, k.teacher_key)  # the teacher ended it: the lesson is the pupil's own now
    until(lambda: other.alone == "ended")
    assert "works on by itself" in other.card.banner and not other.prediction.held
    other.prediction.reveal()
    assert not other.lesson.sealed and not other.lesson.pending and "5/28" in other.prediction.result.value


def test_a_bad_code_in_the_link_is_a_note_and_no_class() -> None:
    page = build("doublet_penalties", "class=<script>")
    note = page.children[0].value
    assert "dl-link-problems" in note and "&lt;script&gt;" in note and "<script>" not in note  # escaped
    assert not [o for o in gc.get_objects() if isinstance(o, PupilPart) and o.banner is page.children[0]]


def dashboard(lesson: str = "doublet_penalties", lang: str = "en") -> ClassDashboard:
    page = build("class_mode", f"lesson={lesson}&lang={lang}").dashboard
    assert isinstance(page, ClassDashboard) and page.view == "start"
    return page


def test_the_teacher_starts_a_class_whose_key_never_reaches_the_page(store: ClassStore) -> None:
    dash = dashboard()
    dash._on_page(None, {"method": "start", "lesson": "doublet_penalties", "size": 28}, None)
    assert dash.view == "class" and len(dash.code) == 6
    key = keyring.key_of(dash.code)
    assert key is not None and store.about(dash.code, key)["size"] == 28
    assert key not in every_state() and key not in repr(dash)  # no widget at all holds it
    assert dash.question.startswith("The total is 65") and "<" not in dash.question
    assert oct(keyring.path().stat().st_mode)[-3:] == "600"
    dash.close()


def test_the_join_link_uses_an_address_pupils_can_reach_or_says_why_not(
    store: ClassStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    dash = dashboard()
    dash.start_class("doublet_penalties", 30)
    for bad in ("javascript:alert(1)//x/class_mode.ipynb", "http://ev il/voila/render/class_mode.ipynb", 7):
        dash._on_page(None, {"method": "origin", "href": bad}, None)
        assert dash.join_link == ""
    dash._on_page(None, {"method": "origin", "href": LOCAL}, None)  # a server of this machine only
    assert dash.join_link == f"http://127.0.0.1:8866/voila/render/doublet_penalties.ipynb?class={dash.code}&lang=en"
    assert "cannot open this link" in dash.warning and "donkeylab serve --class" in dash.warning
    info = {"urls": ["http://192.0.2.7:8866/"], "port": 8866, "bind": "0.0.0.0", "base_url": "/"}
    monkeypatch.setenv("DONKEYLAB_SERVER", json.dumps(info))
    dash._on_page(None, {"method": "origin", "href": LOCAL}, None)  # the class server, seen from the teacher
    assert dash.join_link.startswith("http://192.0.2.7:8866/voila/render/doublet_penalties.ipynb?class=")
    assert dash.warning == "" and dash.join_short == "192.0.2.7:8866" and dash.qr_svg.startswith("<svg")
    dash._on_page(None, {"method": "origin", "href": "http://vm:8866/voila/render/class_mode.ipynb"}, None)
    assert "by its name" in dash.warning and "http://192.0.2.7:8866/" in dash.warning
    dash.close()


def test_the_dashboard_shows_nothing_of_the_answer_before_the_reveal(store: ClassStore) -> None:
    dash = dashboard("die_choice")
    dash.start_class("die_choice", 30)
    key = keyring.key_of(dash.code)
    assert key is not None
    p, q = store.join(dash.code), store.join(dash.code)
    store.answer(dash.code, p.id, "free_choice", 0.01)
    store.answer(dash.code, q.id, "free_choice", 0.09)
    store.add_trials(dash.code, p.id, "free_choice", 5, 0, {"not": 9_876, "p": 124})
    until(lambda: dash.answered == 2 and dash.trials == 10_000)
    assert [b[1] for b in dash.bars][:4] == [0, 1, 0, 1]  # 1–2 % and 5–10 %: 0.01 and 0.09 apart
    assert (dash.target, dash.exact_bar, dash.exact_text) == (-1.0, -1, "")
    text = json.dumps(dash.get_state())
    for form in ("1/81", "0.0123", "0,0123", "1.2 %", "1,2 %", "0.012345"):
        assert form not in text, form
    dash._on_page(None, {"method": "reveal", "extra": 1}, None)  # not the message's shape: ignored
    assert not store.poll(dash.code, p.id)["revealed"]
    dash._on_page(None, {"method": "reveal"}, None)
    assert dash.revealed and dash.exact_text.startswith("The exact answer: 1.2 %") and "1/81" in dash.exact_text
    assert dash.exact_bar == 1
    assert abs(dash.target - 1 / 81) < 1e-12
    dash._on_page(None, {"method": "lang", "lang": "de"}, None)
    assert (
        dash.exact_text.startswith("Die exakte Antwort: 1,2 %")
        and "1/81" in dash.exact_text
        and "Würfel" in dash.question
    )
    dash.close()


def test_the_teacher_removes_a_pupil_and_ends_the_class(store: ClassStore) -> None:
    dash = dashboard()
    dash.start_class("doublet_penalties", 30)
    p = store.join(dash.code)
    store.answer(dash.code, p.id, QID, 0.95)
    until(lambda: [(r["name"], r["guessed"]) for r in dash.roster] == [(p.name, True)])
    dash._on_page(None, {"method": "remove", "name": "Nobody 1"}, None)  # not on the roster: nothing
    dash._on_page(None, {"method": "remove", "name": p.name}, None)
    until(lambda: dash.roster == [] and dash.answered == 0)
    code = dash.code
    dash._on_page(None, {"method": "end"}, None)
    assert dash.view == "ended" and keyring.key_of(code) is None
    with pytest.raises(Exception, match="no open class"):
        store.join(code)


def test_the_teacher_gets_back_to_a_running_class_and_nobody_else_can(store: ClassStore) -> None:
    dash = dashboard()
    dash.start_class("doublet_penalties", 30)
    code = dash.code
    dash.close()
    again = build("class_mode", f"class={code}").dashboard
    assert again.view == "class" and again.code == code
    assert again.running[0][0] == code and again.running[0][1] == "Doublets and the 77 bust"
    again._on_page(None, {"method": "new"}, None)
    again._on_page(None, {"method": "open", "code": code}, None)
    assert again.view == "class"
    foreign = store.create_class("doublet_penalties")  # started elsewhere: its key is not on this machine
    other = build("class_mode", f"class={foreign.code}").dashboard
    assert other.view == "start" and "not started on this computer" in other.note
    again.close()
    other.close()


def test_a_flood_of_forged_start_clicks_makes_at_most_a_few_classes(
    store: ClassStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    from donkeylab.classmode import dashboard as class_dashboard

    monkeypatch.setattr(class_dashboard, "START_GAP_S", 0.0)
    dash = dashboard()
    for _ in range(50):
        dash._on_page(None, {"method": "start", "lesson": "die_choice", "size": 30}, None)
        dash._on_page(None, {"method": "new"}, None)
    dash._on_page(None, {"method": "start", "lesson": "die_choice", "size": 30}, None)
    assert len(keyring.running()) == MAX_STARTS and "started as many classes" in dash.note
    for forged in (
        {"method": "start", "lesson": "index", "size": 30},
        {"method": "start", "lesson": "die_choice", "size": "30"},
        {"method": "start", "lesson": "die_choice", "size": 10**9},
        {"method": "lang", "lang": "fr"},
    ):
        dash._on_page(None, forged, None)
    dash._handle_msg({"content": {"data": {"method": "update", "state": {"view": "class"}, "buffer_paths": []}}})
    assert dash.view == "start" and len(keyring.running()) == MAX_STARTS and dash.lang == "en"
    dash.close()


def test_the_hub_points_every_pupil_at_one_postgresql() -> None:
    values = yaml.safe_load((ROOT / "deploy" / "jupyterhub" / "config.yaml").read_text())
    env = values["singleuser"]["extraEnv"]["DONKEYLAB_CLASS_DB"]
    assert env["valueFrom"]["secretKeyRef"]["key"] == "url"
    egress = values["singleuser"]["networkPolicy"]["egress"]
    assert any(port["port"] == 5432 for rule in egress for port in rule["ports"])
    assert ".[app,hub]" in (ROOT / "binder" / "requirements.txt").read_text()


def test_a_store_that_cannot_be_reached_leaves_the_lesson_alone_after_bounded_retries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from donkeylab.classmode.pupil import RETRIES
    from donkeylab.lessons import doublet_penalties as lesson
    from donkeylab.lessons.page import page as lesson_page
    from donkeylab.pages.query import parse_query

    calls: list[str | None] = []
    real_open = ClassStore.open

    def counting_open(url: str | None = None) -> ClassStore:
        calls.append(url)
        return real_open(url)

    monkeypatch.setattr(ClassStore, "open", counting_open)
    query = parse_query("class=K7Q2XF", lesson.PARAMS)
    since = set(w.widgets.widget._instances)
    parts = lesson.parts(query, sealed=True)
    monkeypatch.setenv("DONKEYLAB_CLASS_DB", f"sqlite:///{tmp_path}/missing/dir/class.db")
    page = join(lesson_page(parts))  # as ``apps.build`` composes a lesson page with its class
    part = pupil_of(page)
    until(lambda: part.alone is not None)
    assert part.alone == "no_store" and len(calls) == RETRIES
    assert "could not be reached" in part.card.banner
    kept_sealed(part, since)


class Sent:
    """A comm stand-in that records the state updates a widget sends."""

    kernel = "a kernel"  # ipywidgets sends only through a comm that has one
    comm_id = "recorded"

    def __init__(self) -> None:
        self.states: list[dict[str, Any]] = []

    def send(self, data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
        if isinstance(data, dict) and data.get("method") == "update":
            self.states.append(data["state"])

    def on_msg(self, callback: Any) -> None: ...
    def on_close(self, callback: Any) -> None: ...
    def close(self, *args: Any, **kwargs: Any) -> None: ...


def test_a_page_that_has_drawn_its_widgets_gets_the_class_state_again(store: ClassStore) -> None:
    """The join ends on the worker thread, maybe while the page still creates its widgets (an update then is
    dropped by Voila's manager): the page's "drawn" message brings the card and the lock again."""
    page = build("doublet_penalties", "class=ZZZZZZ")
    part = pupil_of(page)
    assert page.children[-1] is part.drawn  # drawn last: its render runs once the page's models exist
    until(lambda: part.alone is not None)
    comms = {name: Sent() for name in ("card", "lock")}
    for name, comm in comms.items():
        getattr(part, name).comm = comm
    forged = [{"drawn": 2}, {"drawn": 1, "more": 1}, "drawn", {}]
    for content in [*forged, {"drawn": 1}]:
        part.drawn._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})
    assert [len(c.states) for c in comms.values()] == [1, 1]  # only the one true message, once each
    assert "not open" in comms["card"].states[0]["banner"]
    assert comms["lock"].states[0]["layout"] == f"IPY_MODEL_{part.lock.layout.model_id}"


def test_a_number_guess_is_said_with_its_unit_as_its_slider_shows_it(store: ClassStore) -> None:
    """The lock's status said "your guess 1.80" beside a slider reading "1.80 rounds" (the whole-lesson test)."""
    _, part = joined(store, "full_games")
    rounds = part.specs["rounds_shorter"]
    assert part._shown(rounds, 1.8) == "1.80 rounds"
    part.set_lang("de")
    assert part._shown(rounds, 1.8) == "1,80 Runden"


def test_a_choice_guess_is_quoted_and_the_card_points_at_the_revealed_answer(store: ClassStore) -> None:
    """ "your guess about the same stays as you locked it in" read as broken English; and after the reveal the card
    still asked the pupil to lock the question in below (the whole-lesson test's screenshots)."""
    from donkeylab.classmode.view import question_json

    k, part = joined(store, "full_games")
    part.lock.click(0)
    until(lambda: part.headline.qid in part.locked)
    assert "“" in part.lock.status and "”" in part.lock.status
    assert question_json(part, "en")["revealed"] is False
    store.reveal(k.code, k.teacher_key, part.headline.qid)
    until(lambda: part.headline.qid in part.revealed)
    assert question_json(part, "en")["revealed"] is True
    assert "revealed in the lesson below" in part.card.texts["in_lesson_done"]
    part.set_lang("de")
    until(lambda: "„" in part.lock.status)


@pytest.mark.parametrize("lesson", ["doublet_penalties", "full_games"])
def test_a_class_page_shuts_the_chances_panel_even_when_its_link_opens_it(store: ClassStore, lesson: str) -> None:
    """The teacher decides what a class sees: a pupil's page has no chances panel to open, ``?odds=1`` or not
    (the full games' panel sits in its game tab)."""
    from donkeylab.widgets.chances import panels_in

    k = store.create_class(lesson)
    page = build(lesson, f"class={k.code}&odds=1&_pupil={BROWSER}")
    pupil_of(page)
    panels = panels_in(page)
    assert panels and all(not p.toggle.value and p.toggle.disabled and p.layout.display == "none" for p in panels)
    assert all(p.body.value == "" for p in panels)
