"""The server answers only to its own names: a page of another site cannot reach it through DNS rebinding.

DNS rebinding: a page on ``http://rebind.evil:9200``, whose name its owner makes resolve to 127.0.0.1, is in
the browser's eyes the same origin as that server, so its script reads the server's answers and opens its
websockets; opened by the teacher on the serving machine, it acts as the teacher. The browser still says which name
it asked for: the ``Host`` header (and ``Origin`` on websockets and POSTs) carries ``rebind.evil``. So every
request, on every route and before any handler, must name this server:

- **an address** (IPv4 or IPv6, any port): a browser that sends an address as ``Host`` connected to that
  address itself, so its page's origin is this server's, never another site's (rebinding needs a name). The
  pupils' links and the QR code hold addresses (``serve.lan_addresses``);
- **a name of this machine**: ``localhost`` and any ``*.localhost``, the machine's host name (``hostname``,
  its fully qualified name and ``<hostname>.local``);
- **a name the admin declared**: ``donkeylab serve --host-name NAME`` (``ClassroomVoila.host_names``), e.g. the
  name of a reverse proxy in front of the server.

Any other ``Host`` gets 421 (misdirected), any other ``Origin`` 403, a short page in both languages and
nothing else: no kernel, no file, no websocket. ``Origin: null`` (a sandboxed frame, a file) is refused on a
websocket or a POST. ``this_machine`` is the second question some routes ask: did the connection come from
the serving machine itself (its loopback or one of its own addresses)?
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from tornado import httputil, web
from tornado.routing import Matcher

from donkeylab.core import CATALOGUE
from donkeylab.server.page_guard import bilingual_page

CATALOGUE.add("SERVE-HOST-TITLE", "Not this server's name", "Nicht der Name dieses Servers")
CATALOGUE.add(
    "SERVE-HOST",
    "This server answers only to its own addresses and names. Open the address the teacher gave you.",
    "Dieser Server antwortet nur unter seinen eigenen Adressen und Namen. Öffne die Adresse, die deine Lehrkraft"
    " dir gegeben hat.",
)
LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"})
FORWARDED = ("X-Forwarded-For", "Forwarded", "X-Real-Ip")
MAX_NAME = 253  # characters of a DNS name


def host_of(value: str) -> str:
    """The host part of a ``Host`` header or an origin's netloc, lower case, without port or brackets."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1 : value.find("]")] if "]" in value else ""
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def is_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return False
    return True


def machine_names() -> frozenset[str]:
    """This machine's own names, as a browser on the school network or on this machine may write them."""
    names = set(LOOPBACK_NAMES)
    for name in (socket.gethostname(), socket.getfqdn()):
        if name:
            short = name.lower().rstrip(".")
            names |= {short, f"{short.split('.')[0]}.local", short.split(".")[0]}
    return frozenset(names)


class OwnNames:
    """The names this server answers to (``module docstring``); ``accepts`` a ``Host`` or origin host."""

    def __init__(self, declared: Iterable[str] = ()) -> None:
        self.names = machine_names() | {host_of(n) for n in declared if n.strip()}

    def accepts(self, host: str) -> bool:
        if not host or len(host) > MAX_NAME:
            return False
        return is_address(host) or host in self.names or host.endswith(".localhost")


def refusal(request: httputil.HTTPServerRequest, names: OwnNames) -> int:
    """0 when the request names this server; else the status to refuse it with (421: Host, 403: Origin)."""
    if not names.accepts(host_of(request.headers.get("Host", ""))):
        return 421
    origin = request.headers.get("Origin")
    if origin is None:
        return 0
    if origin.strip().lower() == "null":
        websocket = request.headers.get("Upgrade", "").lower() == "websocket"
        return 403 if websocket or request.method not in ("GET", "HEAD", "OPTIONS") else 0
    return 0 if names.accepts(host_of(urlsplit(origin.strip()).netloc.rsplit("@", 1)[-1])) else 403


class ForeignName(Matcher):
    """A routing rule that matches every request not naming this server (the first rule of the server)."""

    def __init__(self, names: OwnNames) -> None:
        self.names = names

    def match(self, request: httputil.HTTPServerRequest) -> dict[str, Any] | None:
        status = refusal(request, self.names)
        return {"target_kwargs": {"status": status}} if status else None


class Misdirected(web.RequestHandler):
    """The refusal for a request of another name: the status, a short page in both languages, nothing else."""

    def initialize(self, status: int) -> None:
        self.refusal_status = status

    def prepare(self) -> None:
        self.set_status(self.refusal_status)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(bilingual_page(self.refusal_status, "SERVE-HOST-TITLE", "SERVE-HOST", {}))


def this_machine(request: Any, own: Iterable[str]) -> bool:
    """Whether a request came from the serving machine itself, no proxy in between: a loopback address, or one
    of the machine's own addresses ``own`` (a kernel reaching a server bound to a network address)."""
    if any(request.headers.get(h) for h in FORWARDED):
        return False
    remote = str(request.remote_ip).split("%")[0]
    try:
        return ipaddress.ip_address(remote).is_loopback or remote in set(own)
    except ValueError:
        return False
