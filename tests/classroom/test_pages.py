"""Class mode's pages in a kernel without a browser: the pupil's part and the teacher's dashboard over a real
SQLite store, the hub's config, and what a forged message from the page can do (nothing)."""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from donkeylab.apps import build
from donkeylab.apps.class_dashboard import ClassDashboard
from donkeylab.apps.class_pupil import PupilPart
from donkeylab.classroom import ClassStore

ROOT = Path(__file__).resolve().parents[2]
QID = "token_risk"


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
    monkeypatch.setenv("DONKEYLAB_CLASS_DB", str(tmp_path / "class.db"))
    s = ClassStore.open()
    yield s
    s.close()


def pupil_of(page: Any) -> PupilPart:
    parts = [o for o in gc.get_objects() if isinstance(o, PupilPart) and o.banner is page.children[0]]
    assert len(parts) == 1
    return parts[0]


def test_a_pupil_joins_locks_in_pools_and_sees_the_reveal(store: ClassStore) -> None:
    k = store.create_class("doublet_penalties")
    page = build("doublet_penalties", f"class={k.code.lower()}&lang=de")
    part = pupil_of(page)
    until(lambda: part.pupil is not None)
    assert f"Klasse {k.code} · du bist" in page.children[0].value
    assert part.prediction.button.disabled  # the reveal waits for the teacher
    part.prediction.input.value = 0.35
    part.lock.click()
    until(lambda: part.locked == 0.35)
    plot = part.plots[0]
    plot.reset(n=30_000)
    plot.run()
    until(lambda: store.results(k.code, k.teacher_key, QID)["trials"] == 30_000)
    r = store.results(k.code, k.teacher_key, QID)
    assert r["answers"] == [0.35] and sum(r["counts"].values()) == 30_000
    assert r["counts"]["p"] == plot._counts["hits"]  # the pool holds exactly what the pupil's plot drew
    plot.run()  # finished: nothing more is pooled
    store.reveal(k.code, k.teacher_key, QID)
    started = time.monotonic()
    until(lambda: part.revealed)
    assert time.monotonic() - started < 3.0
    assert "3/7" in part.prediction.result.value and not part.prediction.button.disabled


def test_a_slider_value_that_arrives_after_the_lock_in_click_is_stored_too(store: ClassStore) -> None:
    """The click can overtake the slider's last value on the way to the kernel (ipywidgets holds a model's
    updates back while one is unanswered): the stored guess follows the input until the reveal."""
    k = store.create_class("doublet_penalties")
    part = pupil_of(build("doublet_penalties", f"class={k.code}"))
    until(lambda: part.pupil is not None)
    part.prediction.input.value = 0.54
    part.lock.click()
    until(lambda: part.locked == 0.54)
    part.prediction.input.value = 0.55  # the value the pupil saw, arriving after the click
    until(lambda: store.results(k.code, k.teacher_key, QID)["answers"] == [0.55])
    until(lambda: "0.55" in part.status.value)
    store.reveal(k.code, k.teacher_key, QID)
    until(lambda: part.revealed)
    part.prediction.input.value = 0.9  # after the reveal nothing changes
    assert store.results(k.code, k.teacher_key, QID)["answers"] == [0.55] and part.locked == 0.55


def test_a_slider_value_that_arrives_while_the_lock_in_is_being_stored_is_stored_too(
    store: ClassStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The slider's last value can arrive while the click's answer is on its way to the store (the pupil's
    worker thread): it must be stored after it, not dropped because no lock was recorded yet."""
    k = store.create_class("doublet_penalties")
    part = pupil_of(build("doublet_penalties", f"class={k.code}"))
    until(lambda: part.pupil is not None)
    entered, release = threading.Event(), threading.Event()
    assert part.store is not None
    answer = part.store.answer

    def slow_answer(*args: Any) -> Any:
        entered.set()
        release.wait(10)
        return answer(*args)

    monkeypatch.setattr(part.store, "answer", slow_answer)
    part.prediction.input.value = 0.53
    part.lock.click()
    assert entered.wait(10)  # the worker has read 0.53 and is storing it
    part.prediction.input.value = 0.55  # the value the pupil saw, arriving meanwhile
    release.set()
    until(lambda: store.results(k.code, k.teacher_key, QID)["answers"] == [0.55])
    until(lambda: part.locked == 0.55 and "0.55" in part.status.value)


def test_pupils_pool_draws_of_their_own_and_a_rerun_adds_nothing(store: ClassStore) -> None:
    """Pooling is evidence only if the draws are new: two pupils simulate with different seeds, and a pupil
    who runs the same seed again adds the same draws, which the pool counts once."""
    k = store.create_class("doublet_penalties")
    one = pupil_of(build("doublet_penalties", f"class={k.code}"))
    two = pupil_of(build("doublet_penalties", f"class={k.code}"))
    assert one.plots[0].seed != two.plots[0].seed
    until(lambda: one.pupil is not None)
    plot = one.plots[0]
    plot.reset(n=10_000)
    plot.run()
    until(lambda: store.results(k.code, k.teacher_key, QID)["trials"] == 10_000)
    plot.reset(n=10_000)  # the same seed again: the same draws
    plot.run()
    plot.reset(seed=plot.seed + 1, n=10_000)  # new draws
    plot.run()
    until(lambda: store.results(k.code, k.teacher_key, QID)["trials"] == 20_000)
    until(lambda: one.jobs.empty())  # the worker has taken every queued batch: still 20,000, not 30,000
    assert store.results(k.code, k.teacher_key, QID)["trials"] == 20_000


def test_an_unknown_code_leaves_the_lesson_working_alone(store: ClassStore) -> None:
    page = build("doublet_penalties", "class=ZZZZZZ")
    part = pupil_of(page)
    until(lambda: part.alone is not None)
    assert "not open" in page.children[0].value and "works on by itself" in page.children[0].value
    assert not part.prediction.button.disabled and part.lock.layout.display == "none"


def test_a_class_ended_mid_lesson_leaves_the_pupil_alone(store: ClassStore) -> None:
    k = store.create_class("doublet_penalties")
    part = pupil_of(build("doublet_penalties", f"class={k.code}"))
    until(lambda: part.pupil is not None)
    store.end_class(k.code, k.teacher_key)
    until(lambda: part.alone == "ended")
    assert not part.prediction.button.disabled


def test_a_bad_code_in_the_link_is_a_note_and_no_class() -> None:
    page = build("doublet_penalties", "class=<script>")
    note = page.children[0].value
    assert "dl-link-problems" in note and "&lt;script&gt;" in note and "<script>" not in note  # escaped
    assert not [o for o in gc.get_objects() if isinstance(o, PupilPart) and o.banner is page.children[0]]


def test_the_dashboard_follows_the_class_and_refuses_forged_messages(store: ClassStore) -> None:
    k = store.create_class("doublet_penalties")
    page = build("class_mode", f"class={k.code}&key={k.teacher_key}")
    dash = page.children[-1]
    assert isinstance(dash, ClassDashboard) and dash.code == k.code
    assert k.teacher_key not in repr(page) and not dash.teacher_link
    dash._on_page(None, {"method": "origin", "href": "javascript:alert(1)//x/class_mode.ipynb"}, None)
    dash._on_page(None, {"method": "origin", "href": "http://ev il/voila/render/class_mode.ipynb"}, None)
    assert dash.join_link == ""
    dash._on_page(None, {"method": "origin", "href": "http://127.0.0.1:8866/voila/render/class_mode.ipynb"}, None)
    assert dash.join_link == f"http://127.0.0.1:8866/voila/render/doublet_penalties.ipynb?class={k.code}&lang=en"
    assert dash.qr_svg.startswith("<svg") and k.teacher_key in dash.teacher_link
    p = store.join(k.code)
    store.answer(k.code, p.id, QID, 0.3)
    store.add_trials(k.code, p.id, QID, 0, {"not": 600, "p": 400})
    until(lambda: dash.answered == 1 and dash.trials == 1000)
    assert dash.bars[3] == ["0.3–0.4", 1] and dash.series == [[1000, 0.4]]
    dash._handle_msg({"content": {"data": {"method": "update", "state": {"trials": 10**9}, "buffer_paths": []}}})
    assert dash.trials == 1000
    dash._on_page(None, {"method": "reveal", "extra": 1}, None)  # not the message's shape: ignored
    assert not store.revealed(k.code, QID)
    dash._on_page(None, {"method": "reveal"}, None)
    assert dash.revealed and "3/7" in dash.exact_text and dash.exact_bar == 4
    dash.lang = "de"
    assert "exakte Antwort" in dash.exact_text and dash.bars[3][0] == "0,3–0,4"
    assert dash.join_link.endswith("lang=de") and dash.teacher_link.endswith("lang=de")
    dash._on_page(None, {"method": "end"}, None)
    assert dash.ended and not store.engine.dispose()  # type: ignore[func-returns-value]
    with pytest.raises(Exception, match="no open class"):
        store.join(k.code)


def test_the_teacher_starts_a_class_from_the_page(store: ClassStore) -> None:
    page = build("class_mode", "lesson=die_choice")
    start = next(c for c in page.children[-1].children if getattr(c, "description", "") == "Start a class")
    start.click()
    dash = page.children[-1]
    assert isinstance(dash, ClassDashboard) and store.lesson(dash.code, dash._key) == "die_choice"
    dash.close()  # its poller stops; the page goes too (an open page holding a closed widget cannot be drawn)
    page.close()


def test_a_wrong_teacher_link_shows_a_note_and_the_start_screen(store: ClassStore) -> None:
    k = store.create_class("doublet_penalties")
    page = build("class_mode", f"class={k.code}&key={'x' * 32}")
    assert "not the teacher key" in page.children[3].value
    assert not any(isinstance(c, ClassDashboard) for c in page.children)


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
    from donkeylab.apps.class_pupil import RETRIES
    from donkeylab.apps.lessons import doublet_penalties as lesson
    from donkeylab.apps.lessons.page import page as lesson_page
    from donkeylab.apps.query import parse_query

    calls: list[str | None] = []
    real_open = ClassStore.open

    def counting_open(url: str | None = None) -> ClassStore:
        calls.append(url)
        return real_open(url)

    monkeypatch.setattr(ClassStore, "open", counting_open)
    query = parse_query("class=K7Q2XF", lesson.PARAMS)
    parts = lesson.parts(query)
    monkeypatch.setenv("DONKEYLAB_CLASS_DB", f"sqlite:///{tmp_path}/missing/dir/class.db")
    page = lesson_page(parts)  # the lesson page's own hook joins the class (``join_class``)
    part = pupil_of(page)
    until(lambda: part.alone is not None)
    assert part.alone == "no_store" and len(calls) == RETRIES
    assert "could not be reached" in page.children[0].value and not part.prediction.button.disabled


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
    dropped by Voila's manager): the page's "drawn" message brings the banner, status and buttons again."""
    page = build("doublet_penalties", "class=ZZZZZZ")
    part = pupil_of(page)
    assert page.children[-1] is part.drawn  # drawn last: its render runs once the page's models exist
    until(lambda: part.alone is not None)
    comms = {name: Sent() for name in ("banner", "status", "lock")}
    for name, comm in comms.items():
        getattr(part, name).comm = comm
    forged = [{"drawn": 2}, {"drawn": 1, "more": 1}, "drawn", {}]
    for content in [*forged, {"drawn": 1}]:
        part.drawn._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})
    assert [len(c.states) for c in comms.values()] == [1, 1, 1]  # only the one true message, once each
    assert "not open" in comms["banner"].states[0]["value"]
    assert comms["lock"].states[0]["layout"] == f"IPY_MODEL_{part.lock.layout.model_id}"
