"""Listening for a class: connections are bounded, so half-open requests cannot lock the pupils out.

Why: one address can open more sockets than the common 1,024-descriptor limit within seconds, each sending a
request line and headers but never the blank line that ends them. Tornado keeps such a socket until its header
timeout, an hour by default, so every pupil's page would time out. Then ``accept()`` fails with EMFILE;
tornado's accept handler raises, the listening socket stays readable, and the loop calls it again at once: a
core at full load writing "Too many open files" tracebacks. ``ClassroomListener`` (wired in by
``ClassroomVoila.listen``) bounds each step:

- **Timeouts.** A request's headers must arrive within ``header_timeout`` seconds (10; the same bound is the
  idle time of a kept-alive connection between two requests: tornado uses one setting for both), its body
  within ``body_timeout`` (30). A pupil's browser sends its headers in one packet; websockets, once
  open, have no such timeout (a pupil may read a lesson for twenty minutes).
- **Sizes.** The request line and headers together at most ``MAX_HEADER`` bytes: a longer link is refused
  before any handler reads it (ours are far shorter, the cookies of a few local Jupyter servers included). A
  body at most ``MAX_BODY`` (the apps post only the empty tab-close beacon and small forms); one websocket
  message at most ``MAX_WS_MESSAGE`` (tornado closes the socket without reading it; ``connection`` drops
  smaller ones over its own ``MAX_FRAME``).
- **Connections per client address.** At most ``max_per_address`` open at once (HTTP or websocket), and never
  more than a quarter of the descriptor limit: one address cannot take the descriptors everybody else
  needs. The default, 512, is far above what a class uses: a browser opens at most 6 HTTP connections to a
  server plus one websocket per open page, and a whole class on one machine (``benchmarks/classroom.py``)
  stays far below it. A connection beyond it is closed at once. A websocket counts as the connection it was
  upgraded from, until it closes.
- **Connections in all.** At most ``max_open`` at once: the descriptor limit less the share kept for the
  kernels, files and zmq sockets (``1 / SHARE_OF_DESCRIPTORS``). When they are all in use, a new connection
  closes the oldest connection of the address holding the most (if that address holds at least two more than
  the newcomer's), else it is refused: many addresses at once, each at its own bound, could otherwise hold
  every descriptor and shut out an address that holds few, as a pupil's device or the teacher's does.
- **Descriptors.** The soft ``RLIMIT_NOFILE`` is raised to the hard limit where the process may (often 1,024
  soft and 524,288 hard on Linux), to at most ``MAX_DESCRIPTORS``.
- **Out of descriptors anyway** (many addresses at once): the listening socket is left alone for ``PAUSE_S``
  and tried again; the connections wait in the kernel's backlog meanwhile. No spinning.
- **Logs.** Each of these refusals, and every request answered 4xx or 5xx, is logged once with a count (the
  1st, 10th, 100th …, as ``connection.OnceLog``), with the request's URI cut to ``URI_CHARS``.
"""

from __future__ import annotations

import errno
import resource
import socket
from collections import Counter
from collections.abc import Callable
from typing import Any

from tornado import web
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop
from tornado.iostream import IOStream
from tornado.log import access_log
from tornado.netutil import _DEFAULT_BACKLOG
from traitlets import Float, Int
from traitlets.config import LoggingConfigurable

from donkeylab.server.connection import MAX_FRAME, OnceLog

MAX_HEADER = 32 * 2**10  # bytes of request line and headers
MAX_BODY = 2**20  # bytes of a request body
MAX_WS_MESSAGE = 4 * MAX_FRAME  # bytes of one websocket message; larger ones close the socket unread
PAUSE_S = 0.5  # seconds the listening socket rests after accept() failed for want of descriptors
URI_CHARS = 200  # characters of a request's URI in the log
SHARE_OF_DESCRIPTORS = 4  # one address may hold at most 1/4 of the descriptor limit
MAX_DESCRIPTORS = 65_536  # the soft limit is raised this far at most: far more than a class needs


class ClassroomListener(LoggingConfigurable):
    """Makes Voila's HTTP server: the bounds of the module docstring, configurable as ``ClassroomListener.*``."""

    max_per_address = Int(
        512,
        config=True,
        help="Connections (HTTP or websocket) one client address may hold open at once; 0 means no limit.",
    )
    header_timeout = Float(10.0, config=True, help="Seconds for a request's headers, and for an idle connection.")
    body_timeout = Float(30.0, config=True, help="Seconds for a request's body.")

    def listen(self, app: web.Application, port: int, address: str = "") -> HTTPServer:
        """What ``Application.listen`` does, with the bounds: Voila's ``listen()`` calls it for each port it tries."""
        limit = raise_descriptor_limit()
        per_address = self.max_per_address
        if limit is not None and per_address > 0:
            per_address = min(per_address, max(1, limit // SHARE_OF_DESCRIPTORS))
        app.settings["websocket_max_message_size"] = MAX_WS_MESSAGE
        app.settings["log_function"] = AccessLog()
        server = BoundedHTTPServer(
            app,
            max_header_size=MAX_HEADER,
            max_body_size=MAX_BODY,
            idle_connection_timeout=self.header_timeout,
            body_timeout=self.body_timeout,
        )
        server.per_address, server.log = per_address, self.log
        server.max_open = 0 if limit is None else max(1, limit - limit // SHARE_OF_DESCRIPTORS)
        server.listen(port, address)
        self.log.info(
            "listening with %s descriptors, at most %d connections per address and %d in all",
            *(limit or "unknown", per_address, server.max_open),
        )
        return server


def raise_descriptor_limit() -> int | None:
    """Raise the soft limit on open files towards the hard one, to at most ``MAX_DESCRIPTORS``; returns the soft
    limit now in force (None where there is none to read)."""
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (OSError, ValueError):
        return None
    ceiling = MAX_DESCRIPTORS if hard == resource.RLIM_INFINITY else min(hard, MAX_DESCRIPTORS)
    for wanted in (ceiling, 10_240):  # macOS refuses more than its OPEN_MAX (10,240) under an unlimited hard one
        if wanted <= soft:
            break
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            return wanted
        except (OSError, ValueError):
            continue
    return soft


class BoundedHTTPServer(HTTPServer):
    """``HTTPServer`` with connections counted per client address and an accept loop that survives EMFILE."""

    per_address = 0
    max_open = 0  # connections in all (0: no bound)
    log: Any = access_log

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.open_by_address: Counter[str] = Counter()
        self.streams: dict[str, dict[IOStream, None]] = {}  # per address: its open connections, oldest first
        self.total = 0
        self.notes = OnceLog()

    def add_sockets(self, sockets: Any) -> None:
        for sock in sockets:
            self._sockets[sock.fileno()] = sock
            self._handlers[sock.fileno()] = self._accept_on(sock)

    def _accept_on(self, sock: socket.socket) -> Callable[[], None]:
        """Tornado's ``add_accept_handler``, except that a failing ``accept()`` rests the socket for ``PAUSE_S``
        instead of raising (the socket stays readable, so tornado's handler would run again at once, for ever)."""
        io_loop = IOLoop.current()
        state = {"removed": False, "resting": False}

        def on_readable(fd: Any, events: int) -> None:
            for _ in range(_DEFAULT_BACKLOG):  # as tornado: at most a backlog's worth per turn of the loop
                if state["removed"] or state["resting"]:
                    return
                try:
                    connection, address = sock.accept()
                except BlockingIOError:
                    return
                except ConnectionAbortedError:
                    continue
                except OSError as err:
                    rest(err)
                    return
                self._handle_connection(connection, address)

        def rest(err: OSError) -> None:
            name = errno.errorcode.get(err.errno or 0, str(err.errno))
            count = self.notes.should_log(f"accept:{name}")
            if count:
                self.log.warning(
                    "cannot accept connections (%s: %s): resting %.1f s (%d times so far)",
                    *(name, err.strerror, PAUSE_S, count),
                )
            io_loop.remove_handler(sock)
            state["resting"] = True
            io_loop.call_later(PAUSE_S, wake)

        def wake() -> None:
            state["resting"] = False
            if not state["removed"]:
                io_loop.add_handler(sock, on_readable, IOLoop.READ)

        def remove() -> None:
            if not state["removed"] and not state["resting"]:
                io_loop.remove_handler(sock)
            state["removed"] = True

        io_loop.add_handler(sock, on_readable, IOLoop.READ)
        return remove

    def _handle_connection(self, connection: socket.socket, address: Any) -> None:
        if self.ssl_options is not None:  # not ours to serve: Voila never listens with TLS itself
            super()._handle_connection(connection, address)
            return
        host = str(address[0]) if isinstance(address, tuple) else ""
        if self.per_address and self.open_by_address[host] >= self.per_address:
            self._refuse(connection, "per_address", host, "ClassroomListener.max_per_address")
            return
        if self.max_open and self.total >= self.max_open and not self._make_room(host):
            self._refuse(connection, "max_open", host, "all connections in use")
            return
        self.open_by_address[host] += 1
        self.total += 1
        stream: IOStream | None = None
        try:
            stream = CountedIOStream(
                connection, lambda: self._closed(host, stream), max_buffer_size=self.max_buffer_size
            )
            self.streams.setdefault(host, {})[stream] = None
            self.handle_stream(stream, address)
        except Exception:  # as tornado: one connection's failure is logged, the server goes on
            if stream is None:
                self._closed(host, None)
                connection.close()
            else:
                stream.close()
            if self.notes.should_log("connection"):
                self.log.error("error in a connection callback", exc_info=True)

    def _refuse(self, connection: socket.socket, key: str, host: str, why: str) -> None:
        connection.close()
        count = self.notes.should_log(key)
        if count:
            self.log.warning(
                "refused a connection from %s: %d are open from there, %d in all (%s; %d refused so far)",
                *(host, self.open_by_address[host], self.total, why, count),
            )

    def _make_room(self, host: str) -> bool:
        """Close the oldest connection of the address holding the most, if it holds two more than ``host``."""
        biggest, held = self.open_by_address.most_common(1)[0] if self.open_by_address else ("", 0)
        if held < self.open_by_address[host] + 2 or not self.streams.get(biggest):
            return False
        oldest = next(iter(self.streams[biggest]))
        oldest.close()  # its count is released at once (``CountedIOStream.close_fd``)
        count = self.notes.should_log("evicted")
        if count:
            self.log.warning(
                "all %d connections in use: closed the oldest of %s's %d for a newcomer from %s (%d so far)",
                *(self.max_open, biggest, held, host, count),
            )
        return self.total < self.max_open

    def _closed(self, host: str, stream: IOStream | None) -> None:
        self.total -= 1
        self.open_by_address[host] -= 1
        if self.open_by_address[host] <= 0:
            del self.open_by_address[host]
        mine = self.streams.get(host, {})
        mine.pop(stream, None)  # type: ignore[arg-type]
        if not mine:
            self.streams.pop(host, None)


class CountedIOStream(IOStream):
    """An ``IOStream`` that reports its socket's closing once: after a websocket upgrade the same stream serves
    the websocket, so a connection is counted until it truly ends."""

    def __init__(self, connection: socket.socket, on_closed: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(connection, **kwargs)
        self._on_closed: Callable[[], None] | None = on_closed

    def close_fd(self) -> None:
        try:
            super().close_fd()
        finally:
            done, self._on_closed = self._on_closed, None
            if done is not None:
                done()


class AccessLog:
    """Tornado's access log with each URI cut to ``URI_CHARS``; a request answered 4xx or 5xx is logged once with
    a count per status and handler (else a flood of refused links writes one line, or a traceback, per
    request)."""

    def __init__(self) -> None:
        self.notes = OnceLog()

    def __call__(self, handler: web.RequestHandler) -> None:
        status, request = handler.get_status(), handler.request
        uri = request.uri or ""
        shown = uri if len(uri) <= URI_CHARS else uri[: URI_CHARS - 1] + "…"
        line = ("%d %s %s (%s) %.2fms", status, request.method, shown, request.remote_ip, 1000 * request.request_time())
        if status < 400:
            access_log.info(*line)
            return
        count = self.notes.should_log(f"{status}:{type(handler).__name__}")
        if count:
            method = access_log.warning if status < 500 else access_log.error
            method(line[0] + " (%d such so far)", *line[1:], count)
