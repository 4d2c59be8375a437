"""``/donkeylab/worksheet/<lesson>?lang=de&kind=key&variant=german``: a lesson's printable sheet, for the teacher.

Why a route of its own: a sheet is static HTML computed at once from the lesson's spec
(``apps.worksheets``), so it needs no kernel and no Voila page (a kernel's start each), and Voila's file handler
serves only images (``voila.json``'s ``file_allowlist``). Why for the teacher only (``class_gate``: this
machine, or whoever holds the server's token): the answer key holds every answer of the lesson a class is
guessing blind, and the worksheet is the teacher's to print and hand out. Anyone else is sent to
the join box, as for every page they may not open. The answer key asks more: it is served only to the serving
machine itself (``class_gate.is_local``: loopback, no proxy). The token is the teacher's on other devices, and
a token read off a projected address bar or a photo must not open the answers; a teacher on another device
gets a 403 that says where to open the key. The document holds no script, and is sent under
``worksheets.CSP`` (no script at all), never cached.

Wiring (``apps/server.py``, ``ClassroomVoila.init_handlers``, beside ``/join``)::

    (url_path_join(self.server_url, worksheet_route.PATTERN), worksheet_route.WorksheetHandler),
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.utils import url_path_join
from tornado import web

from donkeylab.core import CATALOGUE
from donkeylab.lessons import worksheets
from donkeylab.server import class_gate
from donkeylab.server.page_guard import bilingual_page

CATALOGUE.add("SERVE-KEY-TITLE", "The answer key opens on the serving computer", "Die Lösungen öffnen sich am Server")
CATALOGUE.add(
    "SERVE-KEY",
    "The answer key holds the answers the class guesses blind, so the server shows it only on the computer it runs"
    " on, not on another device even with the teacher's link. Open it there and print it.",
    "Die Lösungen enthalten die Antworten, die die Klasse blind schätzt. Darum zeigt der Server sie nur auf dem"
    " Computer, auf dem er läuft, nicht auf einem anderen Gerät, auch nicht mit dem Link der Lehrkraft. Öffne sie"
    " dort und drucke sie aus.",
)

PATTERN = r"/donkeylab/worksheet/([a-z_]{1,40})"
SERVER_ONLY = ("token",)  # a teacher on another device adds ?token=… once; it is the server's, not the sheet's
MAX_ARGUMENTS = 8


def respond(lesson: str, arguments: Mapping[str, Sequence[bytes]]) -> tuple[int, str]:
    """The status and body for a sheet request (``arguments``: tornado's ``query_arguments``): 200 and the
    document; 404 for no such lesson; 400 for a repeated, unknown or bad value (``lang``, ``kind``, and the
    lesson's own options such as ``variant``)."""
    if lesson not in worksheets.lessons():
        return 404, "No such lesson."
    if len(arguments) > MAX_ARGUMENTS or any(len(values) != 1 for values in arguments.values()):
        return 400, "Give each value once."
    values = {k: v[0].decode("utf-8", "replace") for k, v in arguments.items() if k not in SERVER_ONLY}
    lang, kind = values.pop("lang", "en"), values.pop("kind", "worksheet")
    try:
        return 200, worksheets.document(lesson, lang, kind, values)
    except ValueError as exc:
        return 400, str(exc)[:200]


class WorksheetHandler(JupyterHandler):
    """The sheet route: the teacher gets the document, anyone else the join box."""

    def get_login_url(self) -> str:
        return str(url_path_join(self.base_url, "join"))

    @property
    def content_security_policy(self) -> str:
        return worksheets.CSP

    @web.authenticated
    def get(self, lesson: str) -> None:
        role, _code = class_gate.role_of(self.current_user)
        if role != class_gate.TEACHER:
            self.redirect(self.get_login_url())
            return
        if self.get_query_argument("kind", None) == "key" and not class_gate.is_local(self.request):
            self.set_status(403)
            self.set_header("Content-Type", "text/html; charset=UTF-8")
            self.set_header("Cache-Control", "no-store")
            self.finish(bilingual_page(403, "SERVE-KEY-TITLE", "SERVE-KEY", {}))
            return
        status, body = respond(lesson, self.request.query_arguments)
        self.set_status(status)
        self.set_header("Content-Type", f"text/{'html' if status == 200 else 'plain'}; charset=UTF-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(body)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """A short plain line (no Jupyter error template: a Voila server may not have Jupyter's templates)."""
        self.set_header("Content-Type", "text/plain; charset=UTF-8")
        self.finish(f"{status_code}")
