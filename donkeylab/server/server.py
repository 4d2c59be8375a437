"""The classroom Voila: Voila itself, with an allowlist in front of it and a sentence when the server is full.

Voila serves a folder of notebooks through many routes (render, tree, files, contents, static, templates) and
checks each path in its own way; a traversal such as ``/voila/render/../../pyproject.toml`` ends in a
redirect to a refused file, ``/voila/templates/../..`` in a 500. Rather than trust each route, the routes
below answer first: a page is served only when its path is exactly ``/voila/render/<app>.ipynb`` for an app
notebook found at start-up; any path with ``..``, an encoded dot, slash or backslash, or an empty segment is
a 404 before Voila sees it; ``/`` and the tree open the gallery. When ``CappedKernelManager`` refuses a
kernel, the pupil gets a short page in English and German instead of Voila's error page.

Run as ``python -m donkeylab.server.server FOLDER [voila options]`` (``donkeylab.server.serve.voila_command``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import parse_qsl, urlencode

import voila.handler
from jupyter_server.services.kernels.handlers import KernelHandler
from jupyter_server.utils import url_path_join
from tornado import web
from traitlets import List, Unicode
from voila.app import Voila
from voila.request_info_handler import RequestInfoSocketHandler
from voila.tornado.handler import TornadoVoilaHandler

from donkeylab.core import CATALOGUE
from donkeylab.server import class_gate, worksheet_route
from donkeylab.server.connection import ClassroomConnection, ReconnectLog
from donkeylab.server.host_guard import ForeignName, Misdirected, OwnNames
from donkeylab.server.kernels import ServerFull
from donkeylab.server.listener import ClassroomListener
from donkeylab.server.page_guard import (
    NonceStamper,
    address_tag,
    app_params,
    bilingual_page,
    content_security_policy,
    new_nonce,
    refused_link_page,
    split_link,
)
from donkeylab.server.request_info import ClassroomRequestInfo
from donkeylab.widgets import assets

CATALOGUE.add("SERVE-FULL-TITLE", "The class server is full", "Der Klassen-Server ist voll")
CATALOGUE.add(
    "SERVE-FULL",
    "All {limit} places are taken. Close a page you no longer need, then reload this one in a minute.",
    "Alle {limit} Plätze sind belegt. Schließe eine Seite, die du nicht mehr brauchst, und lade diese in einer"
    " Minute neu.",
)

# A path that names something by a detour: parent or current directory, encoded dot/slash/backslash, "//".
DETOUR = r".*(?:\.\.|%2[eEfF]|%5[cC]|\\|//|/\./).*"
RETRY_AFTER_S = 60


class Refused(web.RequestHandler):
    """404 for every method: the path is not one of the apps' (nothing is said about why)."""

    def prepare(self) -> None:
        raise web.HTTPError(404)


def server_full_page(limit: int) -> str:
    """The page a pupil sees when every place is taken: what happened and what to do, in both languages."""
    return bilingual_page(503, "SERVE-FULL-TITLE", "SERVE-FULL", {"limit": limit})


class AppPageHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voila's page handler, guarded (``page_guard``): only the app's own link parameters, only pages its
    visitor may open (``class_gate``: a pupil holding a class code opens that class's lesson, nothing else), a
    place left (else ``server_full_page`` with ``Retry-After``, at once), and a Content-Security-Policy with a
    nonce. The kernel gets the link without the server's token and, on a class page, with the browser's key."""

    link_params: ClassVar[Mapping[str, frozenset[str]]] = {}  # notebook -> the parameters its link may carry

    def get_login_url(self) -> str:
        """A visitor without the right to a page lands on the join box (pupils are the usual such visitors;
        a teacher on another device adds ``?token=…`` once, or logs in at ``/login``)."""
        return str(url_path_join(self.base_url, "join"))

    @web.authenticated
    async def get(self, path: str | None = None) -> None:
        unknown, kept = split_link(self.request.query, self.link_params.get(path or "", frozenset()))
        if unknown:
            self.set_status(400)
            self.set_header("Content-Type", "text/html; charset=UTF-8")
            self.finish(refused_link_page(unknown, self.request.path + (f"?{kept}" if kept else "")))
            return
        role, code = class_gate.role_of(self.current_user)
        given = self.get_query_argument("class", None)
        if not class_gate.may_open(role, code, path or "", given):
            self.redirect(self.get_login_url())
            return
        self.class_page = given is not None or path == class_gate.DASHBOARD
        self._kernel_query(given is not None and "class" in self.link_params.get(path or "", frozenset()))
        refuse = getattr(self.kernel_manager, "refuse_if_full", None)
        if refuse is not None:
            # before a pool kernel is taken: a page beyond the places is told at once; the teacher's dashboard
            # never is (the teacher's other pages count like anyone's: a server on loopback has only teachers)
            # a full server may give this page the place of another address's page that never connected
            teacher = role == class_gate.TEACHER and path == class_gate.DASHBOARD
            refuse(teacher=teacher, address=self.request.remote_ip)
        nonce = new_nonce()
        self.set_header("Content-Security-Policy", content_security_policy(nonce))
        # a class page whose widgets never draw (its kernel lost while a restarted server starts every page's)
        # has no heartbeat to bring it back: this script of its own tries again (widgets/class_return.js)
        stamper = NonceStamper(nonce, assets.text("class_return.js") if self.class_page else "")
        async for chunk in self.get_generator(path=path):
            self.write(stamper.feed(chunk))
            self.flush()
        self.write(stamper.flush())

    def _kernel_query(self, class_page: bool) -> None:
        """What the page's kernel reads as its link (Voila hands it ``request.query``): never the server's
        token; on a class lesson page, the browser's own key as ``_pupil`` (a pupil cannot set it: a link
        carrying one was refused above as a foreign parameter)."""
        server_only = ("token", class_gate.PUPIL_PARAM)
        pairs = [(k, v) for k, v in parse_qsl(self.request.query, keep_blank_values=True) if k not in server_only]
        if class_page:
            tag = address_tag(self.request.remote_ip)  # the store bounds new pupils per address and class
            pairs.append((class_gate.PUPIL_PARAM, f"{class_gate.browser_key(self)}.{tag}"))
        self.request.query = urlencode(pairs)
        self.request.uri = self.request.path + (f"?{self.request.query}" if pairs else "")

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        exc = kwargs.get("exc_info", (None, None, None))[1]
        if status_code >= 500 and getattr(self, "class_page", False):
            # a class page the server could not serve now (full, or its kernel's start failed) loads again by
            # itself: no script of ours is on such a page, and a pupil brought back by a reload must not be stuck
            self.set_header("Refresh", str(RETRY_AFTER_S))
        if isinstance(exc, ServerFull):
            self.set_header("Retry-After", str(RETRY_AFTER_S))
            self.set_header("Content-Type", "text/html; charset=UTF-8")
            self.write(server_full_page(exc.limit))
            return
        super().write_error(status_code, **kwargs)


def app_notebooks(folder: Path) -> list[str]:
    """The notebooks a pupil may open: ``*.ipynb`` directly in the apps folder, none hidden."""
    return sorted(p.name for p in folder.glob("*.ipynb") if p.is_file() and not p.name.startswith("."))


def guard_rules(server_url: str, notebooks: Sequence[str]) -> list[tuple[Any, ...]]:
    """Routes tried before Voila's: refuse detours and anything under render/tree/contents but the apps."""
    apps = "|".join(re.escape(name) for name in notebooks) or "(?!)"
    rules: list[tuple[Any, ...]] = [
        (DETOUR, Refused),
        (url_path_join(server_url, rf"/voila/render/(?!(?:{apps})$).*"), Refused),
        (url_path_join(server_url, r"/voila/tree/.+"), Refused),
        (url_path_join(server_url, r"/voila/api/contents(?:/.*)?"), Refused),  # names, sizes, dates: not needed
        (url_path_join(server_url, r"/logout"), Refused),  # Voila's logout page has no template (a 500)
    ]
    if "index.ipynb" in notebooks:
        gallery = {"url": url_path_join(server_url, "/voila/render/index.ipynb"), "permanent": False}
        rules += [
            (server_url, web.RedirectHandler, gallery),
            (url_path_join(server_url, "/voila/tree/?"), web.RedirectHandler, gallery),
        ]
    return rules


class KernelStatusHandler(KernelHandler):
    """``/api/kernels/<id>``: a page may read its kernel's status but not stop or restart a kernel by id
    (an injected script used ``DELETE`` to kill a classmate's kernel; the tab-close beacon has its own route)."""

    def delete(self, *args: Any, **kwargs: Any) -> None:
        raise web.HTTPError(405)


class ClassroomVoila(Voila):  # type: ignore[misc]
    """Voila with ``guard_rules`` in front of its routes and our handlers in place of four of Voila's:
    the page (``AppPageHandler``), the preheated kernels' request socket (``ClassroomRequestInfo``), the
    kernel status route, and the page's websocket (``ClassroomConnection``, bounded). Before all of them, a
    request that does not name this server is refused (``host_guard``: DNS rebinding)."""

    host_names = List(
        Unicode(),
        config=True,
        help="Names this server answers to besides its addresses and this machine's names (a proxy's name).",
    )

    def listen(self) -> None:
        """Voila's ``listen`` (ports tried, address logged, the loop run), on ``ClassroomListener``'s bounded HTTP
        server: Voila's calls ``self.app.listen(port, ip)``, which is pointed at the listener here."""
        listener = ClassroomListener(parent=self)
        setattr(self.app, "listen", lambda port, address="", **_: listener.listen(self.app, port, address))  # noqa: B010
        super().listen()

    def init_settings(self) -> dict[str, Any]:
        self.kernel_websocket_connection_class = ClassroomConnection
        ReconnectLog().install(self.log)
        self.identity_provider_class = class_gate.ClassroomIdentity
        urls = [f"http://{host}:{self.port}{self.base_url}" for host in reachable_hosts(self.ip)]
        class_gate.WarmHandler.secret = class_gate.export_server_info(self.ip, self.port, self.base_url, urls)
        settings: dict[str, Any] = super().init_settings()  # kernels start in here: after the export
        return settings

    def init_handlers(self) -> list[tuple[Any, ...]]:
        ours = {TornadoVoilaHandler: AppPageHandler, RequestInfoSocketHandler: ClassroomRequestInfo}
        ours[KernelHandler] = KernelStatusHandler
        voila_rules = [(rule[0], ours.get(rule[1], rule[1]), *rule[2:]) for rule in super().init_handlers()]
        notebooks = app_notebooks(Path(self.root_dir))
        AppPageHandler.link_params = app_params(notebooks)
        ClassroomRequestInfo.kernel_manager = self.kernel_manager
        ClassroomRequestInfo.own_addresses = own_addresses(self.ip)
        ClassroomRequestInfo.on_handed_out = getattr(self.kernel_manager, "handed_out", None)
        voila.handler.RequestInfoSocketHandler = ClassroomRequestInfo  # Voila's page handler sends through it
        class_gate.WarmHandler.kernel_manager = self.kernel_manager
        if hasattr(self.kernel_manager, "cool_gone"):  # a class closed without End class: its pool is cooled too
            self.kernel_manager.open_codes = class_gate.GATE.open_codes
        class_gate.WarmHandler.lessons = frozenset(class_lessons())
        ours_first = [
            (url_path_join(self.server_url, "/join"), class_gate.JoinHandler),
            (url_path_join(self.server_url, "/donkeylab/warm"), class_gate.WarmHandler),
            (url_path_join(self.server_url, worksheet_route.PATTERN), worksheet_route.WorksheetHandler),
        ]
        names = OwnNames(self.host_names)
        self.log.info("answering to addresses and the names %s", ", ".join(sorted(names.names)))
        return [(ForeignName(names), Misdirected), *ours_first, *guard_rules(self.server_url, notebooks), *voila_rules]


def class_lessons() -> list[str]:
    from donkeylab.classroom import lessons

    return lessons()


def reachable_hosts(ip: str) -> list[str]:
    """Where pupils reach a server bound to ``ip``: this machine's network addresses for every address,
    127.0.0.1 for a server of this machine only (the dashboard warns then), else the address itself."""
    from donkeylab.server.serve import lan_addresses

    if ip in ("", "0.0.0.0", "::"):
        return lan_addresses() or ["127.0.0.1"]
    return [ip]


def own_addresses(ip: str) -> list[str]:
    """This machine's addresses a connection from the machine itself may come from, besides loopback."""
    from donkeylab.server.serve import lan_addresses

    return [*lan_addresses(), *([ip] if ip not in ("", "0.0.0.0", "::") else [])]


def main(argv: Sequence[str] | None = None) -> None:
    ClassroomVoila.launch_instance(argv)


if __name__ == "__main__":
    main()
