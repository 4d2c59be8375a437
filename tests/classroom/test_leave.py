"""Every way a class page cannot be in its running class, in a kernel over a real store: it says so and keeps
every answer sealed (a forged Reveal neither); taken out or refused as full it then frees its place on the
server (``classmode.leave``: the lost-kernel sentence says why, and its own server is asked to stop it). Only a
class that is no longer open lets the page reveal on its own. A stand-in server records what the kernel asks.
The teacher sees the pupils who left without a guess (ghosts) and takes them out, freeing their places."""

from __future__ import annotations

import http.server
import json
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import ipywidgets as w
import pytest

from donkeylab.apps import build
from donkeylab.classmode import leave
from donkeylab.classmode.pupil import PupilPart
from donkeylab.classroom import ClassStore
from tests.classroom.test_pages import class_store, dashboard, joined, kept_sealed, pupil_of, until

KERNEL = str(uuid.uuid4())


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ClassStore]:
    yield from class_store(tmp_path, monkeypatch)


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The paths this kernel POSTs to its server (a stand-in on 127.0.0.1), its id fixed."""
    paths: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            paths.append(self.path)
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args: object) -> None: ...

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    info = {"port": server.server_address[1], "base_url": "/", "secret": "s" * 32}
    monkeypatch.setenv("DONKEYLAB_SERVER", json.dumps(info))
    monkeypatch.setattr(leave, "own_kernel_id", lambda: KERNEL)
    monkeypatch.setattr(leave, "STOP_AFTER_S", 0.1)
    yield paths
    server.shutdown()


def lost_words(part: PupilPart) -> str:
    return str(part.card.texts.get("lost", ""))


def test_a_pupil_taken_out_says_so_keeps_the_answers_sealed_and_stops_its_kernel(
    store: ClassStore, asked: list[str]
) -> None:
    since = set(w.widgets.widget._instances)
    k, part = joined(store)
    store.remove_pupil(k.code, k.teacher_key, part.pupil.name)
    until(lambda: part.alone == "removed")
    until(lambda: asked == [f"/voila/api/shutdown/{KERNEL}"])  # its words set first: the states compared hold still
    kept_sealed(part, since)
    assert "taken you out" in lost_words(part) and "place on the server is free" in lost_words(part)
    assert part.card.texts.get("stopped")  # the card does not reload the page into a refused kernel


def test_a_full_class_says_so_keeps_the_answers_sealed_and_stops_its_kernel(
    store: ClassStore, asked: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from donkeylab.classroom import store as store_module

    monkeypatch.setattr(store_module, "MAX_PUPILS", 0)
    code = store.create_class("doublet_penalties").code
    since = set(w.widgets.widget._instances)
    part = pupil_of(build("doublet_penalties", f"class={code}"))
    until(lambda: part.alone == "full")
    assert "is full" in part.card.banner
    until(lambda: asked == [f"/voila/api/shutdown/{KERNEL}"])
    kept_sealed(part, since)
    assert "is full" in lost_words(part)


def test_a_store_that_is_down_keeps_the_answers_sealed_and_the_kernel(
    store: ClassStore, asked: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from donkeylab.classmode import pupil as pupil_module
    from donkeylab.classmode import store_ahead
    from donkeylab.classroom import ClassError

    code = store.create_class("doublet_penalties").code

    def unreachable(url: str | None = None) -> ClassStore:
        raise ClassError("unreachable", reason="the database is down")

    monkeypatch.setattr(store_ahead, "_connect", unreachable)
    monkeypatch.setattr(pupil_module, "RETRIES", 1)
    since = set(w.widgets.widget._instances)
    part = pupil_of(build("doublet_penalties", f"class={code}"))
    until(lambda: part.alone == "no_store")
    assert "could not be reached" in part.card.banner
    kept_sealed(part, since)
    assert part.leaving is None and asked == []  # the server's fault, not the page's: the page stays


def test_only_a_class_no_longer_open_lets_the_page_reveal_and_its_kernel_stays(
    store: ClassStore, asked: list[str]
) -> None:
    k, part = joined(store)
    assert part.prediction.held and part.prediction.button.disabled  # open: held
    store.end_class(k.code, k.teacher_key)
    until(lambda: part.alone == "ended")
    assert "ended class" in part.card.banner and not part.prediction.held
    part.prediction.reveal()
    assert part.prediction.revealed and part.leaving is None and asked == []


def test_a_page_taken_out_as_a_ghost_that_comes_back_joins_again(store: ClassStore, asked: list[str]) -> None:
    """A page silent for a minute without a guess (a closed lid) is a ghost the teacher takes out; when it wakes
    up it polled as a pupil the store no longer knew, for ever, and no reveal reached it."""
    import time

    from donkeylab.classroom import store as store_module

    k, part = joined(store)
    first = part.pupil.id
    later = ClassStore.open(None, clock=lambda: time.time() + store_module.QUIET_S + 1)
    assert later.remove_ghosts(k.code, k.teacher_key) == 1
    until(lambda: part.pupil is not None and part.pupil.id != first)
    assert part.alone is None and len(store.roster(k.code, k.teacher_key)) == 1
    store.reveal(k.code, k.teacher_key, "token_risk")
    until(lambda: "token_risk" in part.revealed)
    later.close()
    assert asked == []


def test_the_dashboard_shows_the_ghosts_and_taking_them_out_frees_their_places(store: ClassStore) -> None:
    """Pupils whose page went silent without a guess are named on the teacher's desk with a button; pressing it
    takes them out (a pupil who guessed stays) and their places are free again."""
    import time

    dash = dashboard()
    dash.start_class("doublet_penalties", 30)
    past = ClassStore.open(None, clock=lambda: time.time() - 120)  # their pages last reported two minutes ago
    ghost, guessed = past.join(dash.code, "ghost-browser-key-0001"), past.join(dash.code, "kept-browser-key-0001")
    past.answer(dash.code, guessed.id, "token_risk", 0.5)
    past.close()
    until(lambda: ghost.name in dash.summary.get("ghosts", "") and guessed.name not in dash.summary["ghosts"])
    dash._on_page(None, {"method": "ghosts"}, None)
    until(lambda: [r["name"] for r in dash.roster] == [guessed.name] and not dash.summary["ghosts"])
    assert store.results(dash.code, dash._key, "token_risk")["pupils"] == 1
