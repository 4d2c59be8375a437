"""The sheet route (``apps/worksheet_route.py``): the teacher gets a lesson's worksheet or key, under a policy
without scripts; a pupil of a class, a visitor and a stranger are sent to the join box; a bad request is a
short 400 or 404. Run on a bare tornado application whose identity provider names the user, as the class
server's ``class_gate.ClassroomIdentity`` does (who is the teacher is that module's, tested with the server)."""

from __future__ import annotations

from typing import Any

import pytest
from jupyter_server.auth.identity import IdentityProvider, User
from tornado import web
from tornado.testing import AsyncHTTPTestCase

from donkeylab.apps import class_gate, worksheets
from donkeylab.apps.worksheet_route import PATTERN, WorksheetHandler, respond


class Named(IdentityProvider):
    """An identity provider that says who asks: the teacher, a pupil of class ABC123, a visitor, or nobody."""

    user: User | None = None

    def get_user(self, handler: web.RequestHandler) -> User | None:
        return self.user


USERS = {
    "teacher": User(class_gate.TEACHER),
    "pupil": User(f"{class_gate.PUPIL}:ABC123"),
    "visitor": User(class_gate.VISITOR),
    "nobody": None,
}


class RouteTest(AsyncHTTPTestCase):
    identity = Named()

    def get_app(self) -> web.Application:
        return web.Application([(PATTERN, WorksheetHandler)], identity_provider=self.identity, base_url="/")

    def ask(self, who: str, path: str) -> Any:
        self.identity.user = USERS[who]
        return self.fetch(path, follow_redirects=False)

    def test_the_teacher_gets_the_sheet_under_a_policy_without_scripts(self) -> None:
        answer = self.ask("teacher", "/donkeylab/worksheet/angry_flips?lang=de&kind=key&variant=german&token=x")
        assert answer.code == 200
        assert answer.body.decode() == worksheets.document("angry_flips", "de", "key", {"variant": "german"})
        assert answer.headers["Content-Security-Policy"] == worksheets.CSP
        assert answer.headers["Cache-Control"] == "no-store"
        assert self.ask("teacher", "/donkeylab/worksheet/die_choice").body.decode() == worksheets.document("die_choice")

    def test_anyone_else_is_sent_to_the_join_box(self) -> None:
        for who in ("pupil", "visitor", "nobody"):
            answer = self.ask(who, "/donkeylab/worksheet/die_choice?kind=key")
            assert answer.code == 302 and answer.headers["Location"].startswith("/join"), who
            assert b"dl-key-answer" not in answer.body

    def test_a_bad_request_is_a_short_answer(self) -> None:
        assert self.ask("teacher", "/donkeylab/worksheet/nowhere").code == 404
        assert self.ask("teacher", "/donkeylab/worksheet/die_choice?lang=fr").code == 400
        assert self.ask("teacher", "/donkeylab/worksheet/die_choice?lang=de&lang=en").code == 400
        assert self.ask("teacher", "/donkeylab/worksheet/die_choice?variant=../x").code == 400
        assert self.ask("teacher", "/donkeylab/worksheet/doublet_penalties?variant=german").code == 400
        assert self.ask("teacher", "/donkeylab/worksheet/Die_Choice").code == 404


@pytest.mark.parametrize(
    ("query", "status"),
    [({}, 200), ({"kind": [b"key"]}, 200), ({"x": [b"1"]}, 400), ({"lang": [b"\xff"]}, 400)],
)
def test_respond(query: dict[str, list[bytes]], status: int) -> None:
    assert respond("full_games", query)[0] == status
