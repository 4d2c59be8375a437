"""The sheet route (``apps/worksheet_route.py``): the teacher gets a lesson's worksheet or key, under a policy
without scripts; a pupil of a class, a visitor and a stranger are sent to the join box; a bad request is a
short 400 or 404. Run on a bare tornado application whose identity provider names the user, as the class
server's ``class_gate.ClassroomIdentity`` does (who is the teacher is that module's, tested with the server)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import http.client
import threading
from collections.abc import Iterator

import pytest
from jupyter_server.auth.identity import IdentityProvider, User
from tornado import web
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets

from donkeylab.lessons import worksheets
from donkeylab.server import class_gate
from donkeylab.server.worksheet_route import PATTERN, WorksheetHandler, respond


class Named(IdentityProvider):
    """An identity provider that says who asks (the test's ``X-Who`` header): the teacher, a pupil of class ABC123,
    a visitor, or nobody."""

    def get_user(self, handler: web.RequestHandler) -> User | None:
        return USERS[handler.request.headers.get("X-Who", "nobody")]


USERS = {
    "teacher": User(class_gate.TEACHER),
    "pupil": User(f"{class_gate.PUPIL}:ABC123"),
    "visitor": User(class_gate.VISITOR),
    "nobody": None,
}


@pytest.fixture(scope="module")
def port() -> Iterator[int]:
    """The route on a bare tornado application, in a thread with its own event loop (a browser test's Playwright
    may hold this thread's loop in the same worker)."""
    started: concurrent.futures.Future[tuple[asyncio.AbstractEventLoop, int]] = concurrent.futures.Future()

    def serve() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        app = web.Application([(PATTERN, WorksheetHandler)], identity_provider=Named(), base_url="/")
        sockets = bind_sockets(0, "127.0.0.1")
        server = HTTPServer(app)
        server.add_sockets(sockets)
        started.set_result((loop, sockets[0].getsockname()[1]))
        loop.run_forever()
        server.stop()
        loop.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    loop, number = started.result(timeout=30)
    yield number
    loop.call_soon_threadsafe(loop.stop)
    thread.join(timeout=30)


def ask(port: int, who: str, path: str) -> tuple[int, dict[str, str], str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path, headers={"X-Who": who})
        answer = connection.getresponse()
        return answer.status, dict(answer.getheaders()), answer.read().decode()
    finally:
        connection.close()


def test_the_teacher_gets_the_sheet_under_a_policy_without_scripts(port: int) -> None:
    status, headers, body = ask(
        port, "teacher", "/donkeylab/worksheet/angry_flips?lang=de&kind=key&variant=german&token=x"
    )
    assert status == 200
    assert body == worksheets.document("angry_flips", "de", "key", {"variant": "german"})
    assert headers["Content-Security-Policy"] == worksheets.CSP
    assert headers["Cache-Control"] == "no-store"
    assert ask(port, "teacher", "/donkeylab/worksheet/die_choice")[2] == worksheets.document("die_choice")


@pytest.mark.parametrize("who", ["pupil", "visitor", "nobody"])
def test_anyone_else_is_sent_to_the_join_box(port: int, who: str) -> None:
    status, headers, body = ask(port, who, "/donkeylab/worksheet/die_choice?kind=key")
    assert status == 302 and headers["Location"].startswith("/join")
    assert "dl-key-answer" not in body


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("nowhere", 404),
        ("Die_Choice", 404),
        ("die_choice?lang=fr", 400),
        ("die_choice?lang=de&lang=en", 400),
        ("die_choice?variant=../x", 400),
        ("doublet_penalties?variant=german", 400),
    ],
)
def test_a_bad_request_is_a_short_answer(port: int, path: str, status: int) -> None:
    answer = ask(port, "teacher", f"/donkeylab/worksheet/{path}")
    assert answer[0] == status and len(answer[2]) < 300


@pytest.mark.parametrize(
    ("query", "status"),
    [({}, 200), ({"kind": [b"key"]}, 200), ({"x": [b"1"]}, 400), ({"lang": [b"\xff"]}, 400)],
)
def test_respond(query: dict[str, list[bytes]], status: int) -> None:
    assert respond("full_games", query)[0] == status
