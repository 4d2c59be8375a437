"""A class's warm-up and its end against a live class server with three places (``--class``: every address).

Three 28-pupil classes in a row left 73–99 kernels running (7.5 GB): End class freed none of the kernels warmed
for pupils who never came. Here the teacher's kernel side (``classmode.warm``: ``start`` at Start, ``cool`` at
End class) talks to the server as the dashboard does: the idle warmed kernels go, the one a pupil's page took
stays, and two classes together never warm more than the places leave.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from donkeylab.classmode import warm as class_warm
from donkeylab.classroom import ClassStore
from donkeylab.server.pageclient import close_page, fetch_page
from donkeylab.server.serve import lan_addresses, voila_command
from tests.serving.conftest import ROOT, Server, children, free_port, kernel_alive, run_server, wait_for, write_notebook
from tests.serving.test_class_server import request

TOKEN = secrets.token_urlsafe(24)
OTHER = (lan_addresses() or [""])[0]  # a device that is not this machine's loopback
PLACES = 3
READY_S = 300  # kernels start and run their lesson on two busy cores
NO_CULLING = ["--CappedKernelManager.orphan_grace=0"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    assert OTHER, "this machine has no network address besides loopback"
    site = tmp_path_factory.mktemp("warm-cool")
    shutil.copytree(ROOT / "notebooks" / "apps", site / "apps")
    write_notebook(site / "apps" / "hello.ipynb", "print('hello')")
    os.environ["DONKEYLAB_CLASS_DB"] = str(site / "class.db")  # the server (and its kernels) inherit it
    os.environ["DONKEYLAB_TEACHER_KEYS"] = str(site / "teacher-keys.json")
    port = free_port()
    # no orphan culling: a page's kernel stays while the test runs although no websocket holds it
    cmd = voila_command(port, site / "apps", public=True, token=TOKEN, max_kernels=PLACES, extra=NO_CULLING)
    try:
        yield from run_server(cmd, port, site / "server.log")
    finally:
        os.environ.pop("DONKEYLAB_CLASS_DB", None)
        os.environ.pop("DONKEYLAB_TEACHER_KEYS", None)


@pytest.fixture(scope="module")
def secret(server: Server) -> Iterator[str]:
    """The server's secret for its kernels, read from one kernel's environment (that page is closed again:
    the places are the classes'); the teacher's kernel side (``classmode.warm``) is pointed at this server."""
    page = fetch_page(server.url, "/voila/render/hello.ipynb")
    assert page.status == 200 and page.kernel_id
    pid = next(p for p in children(server.proc.pid) if f"kernel-{page.kernel_id}".encode() in cmdline(p))
    env = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    info = json.loads(next(e for e in env if e.startswith(b"DONKEYLAB_SERVER=")).split(b"=", 1)[1])
    assert close_page(server.url, page.kernel_id) == 204
    wait_for(lambda: not children(server.proc.pid), READY_S, "no kernel left before the classes")
    os.environ[class_warm.SERVER_ENV] = json.dumps(info)
    try:
        yield str(info["secret"])
    finally:
        os.environ.pop(class_warm.SERVER_ENV, None)


def cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def status(server: Server, secret: str, lesson: str) -> dict[str, int]:
    found = request("127.0.0.1", server, "GET", f"/donkeylab/warm?lesson={lesson}", {"X-Donkeylab-Secret": secret})
    assert found[0] == 200, found
    return dict(json.loads(found[2]))


def kernels(server: Server) -> int:
    return len(children(server.proc.pid))


def new_class(lesson: str) -> Any:
    store = ClassStore.open()
    made = store.create_class(lesson)
    store.close()
    return made


def end_class(made: Any) -> None:
    store = ClassStore.open()
    store.end_class(made.code, made.teacher_key)
    store.close()


def test_end_class_shuts_down_the_idle_warmed_kernels_and_two_classes_fit_in_the_places(
    server: Server, secret: str
) -> None:
    a = new_class("die_choice")
    warm_a = class_warm.start("die_choice", 2, a.code, lang="de")
    assert warm_a is not None and warm_a.size == 2
    wait_for(lambda: status(server, secret, "die_choice")["ready"] == 2, READY_S, "class A's two pages ready")
    assert status(server, secret, "die_choice")["lang"] == "de"  # each warmed kernel built the class's page ahead
    page = fetch_page(server.url, f"/voila/render/die_choice.ipynb?class={a.code}&lang=de")  # a pupil of A arrives
    taken = page.kernel_id
    assert page.status == 200 and taken and f"Using pre-heated kernel: {taken}" in server.log_text()
    wait_for(lambda: "the page built ahead for the class link in de joins its pupil" in server.log_text(), 30, "used")

    b = new_class("doublet_penalties")  # a second class starts while A runs: one place is taken, one warmed for A
    warm_b = class_warm.start("doublet_penalties", 28, b.code)
    assert warm_b is not None and (warm_b.size, warm_b.asked) == (PLACES - 1 - 1, 28)
    wait_for(lambda: status(server, secret, "doublet_penalties")["ready"] == 1, READY_S, "class B's page ready")
    assert kernels(server) == PLACES  # the pupil's, A's idle one, B's: never more than the places
    warm_b.ready = warm_b.size
    assert "1 of 28" in warm_b.words("en")

    end_class(a)
    cooled = class_warm.cool("die_choice", a.code)
    assert cooled == {"ready": 0, "size": 0, "cooled": 1}
    wait_for(lambda: kernels(server) == PLACES - 1, READY_S, "A's idle warmed kernel shut down")
    assert kernel_alive(taken) and request("127.0.0.1", server, "GET", f"/api/kernels/{taken}")[0] == 200
    assert status(server, secret, "doublet_penalties") == {"ready": 1, "size": 1}  # B's pool untouched, no language

    end_class(b)
    assert class_warm.cool("doublet_penalties", b.code) == {"ready": 0, "size": 0, "cooled": 1}
    wait_for(lambda: kernels(server) == 1, READY_S, "B's idle warmed kernel shut down")
    assert kernel_alive(taken), "the pupil's page's kernel is never shut down by End class"
    assert close_page(server.url, taken) == 204
    wait_for(lambda: kernels(server) == 0, READY_S, "the pupil's page closed")


@pytest.mark.parametrize(
    ("host", "headers", "path", "refused"),
    [
        ("127.0.0.1", {}, "/donkeylab/warm?lesson=hello", 403),  # no secret: a page on this machine
        ("127.0.0.1", {"X-Donkeylab-Secret": "wrong"}, "/donkeylab/warm?lesson=hello", 403),
        (OTHER, {"X-Donkeylab-Secret": "right"}, "/donkeylab/warm?lesson=hello", 403),  # from another device
        ("127.0.0.1", {"X-Donkeylab-Secret": "right"}, "/donkeylab/warm?lesson=../etc", 400),  # no lesson
    ],
)
def test_a_forged_end_of_a_warm_up_is_refused_and_cools_nothing(
    server: Server, secret: str, host: str, headers: dict[str, str], path: str, refused: int
) -> None:
    c = new_class("die_choice")
    warm = class_warm.start("die_choice", 1, c.code)
    assert warm is not None and warm.size == 1
    wait_for(lambda: status(server, secret, "die_choice")["ready"] == 1, READY_S, "the class's page ready")
    sent = {k: secret if v == "right" else v for k, v in headers.items()}
    lesson_path = path.replace("hello", "die_choice")
    for query in (lesson_path, lesson_path + f"&class={c.code}"):
        assert request(host, server, "DELETE", query, sent)[0] == refused
    assert status(server, secret, "die_choice") == {"ready": 1, "size": 1} and kernels(server) == 1
    end_class(c)
    assert class_warm.cool("die_choice", c.code) == {"ready": 0, "size": 0, "cooled": 1}
    wait_for(lambda: kernels(server) == 0, READY_S, "the idle warmed kernel shut down")
