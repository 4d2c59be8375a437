"""The page ↔ kernel websocket, bounded: a pupil's page cannot flood its kernel or grow the server.

jupyter_server's ``ZMQChannelsWebsocketConnection`` forwards every frame a page sends and queues every reply
in the server until the page reads it. Unbounded, a flood of Back messages grows the server for good, a
socket that never reads holds every reply, closing the flooding tab logs one traceback per reply that can no
longer be written, and each refused ``execute_request`` logs a warning. ``ClassroomConnection`` bounds each of
these:

- **Rate:** each kernel accepts at most ``RATE`` messages per second from its pages (a bucket of ``BURST``);
  the excess is dropped before it reaches the kernel. A person clicks a few times a second; Play runs in
  the kernel. The widgets tell the page (``donkeylab.widgets`` limits again, at a lower rate, and say so).
- **Backlog:** at most ``MAX_BACKLOG`` bytes of replies wait for one page; past that the page is not
  reading, and its websocket is closed (a real page reconnects and asks for the widgets' state again).
- **Closed sockets:** replies to a closed page are dropped without a word.
- **Replays:** a frame sent twice (the same message id) is dropped; the kernel would refuse its signature
  and log a traceback for each copy.
- **Size:** a frame over ``MAX_FRAME`` bytes is dropped (tornado closes a socket whose frame is over
  ``listener.MAX_WS_MESSAGE`` before reading it). The largest frame a real page sends is a Stepper's ``play``
  with an action text of up to 20,000 characters (``core.actions.MAX_ACTION_CHARS``): under 80 KB in UTF-8.
- **Comms:** a page may open only the comms Voila's front end opens (``PAGE_COMM_TARGETS``: the widget
  manager's ``jupyter.widget.control``, watched on every app page in Chromium). A hand-made ``comm_open`` to
  ``jupyter.widget`` would make the kernel build any core ipywidget the page described (a ``FileUploadModel``
  with a large value included) and keep it, so a page could grow its kernel without bound.
- **Rate across reconnects:** a kernel's bucket is kept while the kernel lives; forgotten once it is gone.
  A bucket forgotten when the last socket closed would let a page that reconnects again and again pass any
  rate.
- **Sockets per kernel:** a kernel keeps at most ``MAX_SOCKETS`` websockets; a newer one closes the oldest. Each
  websocket holds four zmq sockets and the server's zmq context allows 1,023, so one page opening a few hundred
  sockets to its own kernel would lock every other pupil out. A real page has one, and a
  reconnect closes its old socket first.
- **Control comms:** the widget manager's ``comm_open`` carries a comm id (a short string) and the control
  protocol's version (``1.x``); any other is dropped and logged once with a count. The kernel would refuse it
  with its traceback, server paths included, written to the page's stderr (``kernel_guard`` refuses it too).
- **Logs:** a repeated warning is written once with its count, then at every ten-fold count. jupyter_server
  and zmq write three to four lines for each websocket a page opens; ``ReconnectLog`` keeps the first of each
  kind per kernel and minute and adds to the next one how many it held back (a page reconnecting many times a
  second would otherwise fill the log).
- **Idle sockets:** a websocket that sent no frame for ``idle_timeout`` seconds (900) is closed. A real page
  pings its kernel every 5 s (``widgets/heartbeat.js``) and reconnects when its socket closes; a socket held
  open only to hold it is let go.
- **No Nagle delay:** tornado leaves Nagle's algorithm on for a websocket, so after the kernel's small
  "busy" frame each widget update would wait for the browser's delayed ACK, on every Step, even with kernel
  and server idle. The replies are sent with TCP_NODELAY instead; a step's frames are few and small, so
  nothing is gained by holding them back.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, ClassVar

from jupyter_server.services.kernels.connection.base import deserialize_binary_message, deserialize_msg_from_ws_v1
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from tornado.ioloop import IOLoop
from tornado.iostream import StreamBufferFullError, StreamClosedError
from tornado.websocket import WebSocketClosedError
from traitlets import Float

RATE = 100.0  # messages per second a kernel accepts from its pages
BURST = 200  # messages accepted at once after a quiet spell
MAX_BACKLOG = 8 * 2**20  # bytes of unread replies per page before its websocket is closed
REMEMBERED_IDS = 1_000  # message ids per page remembered to drop a replayed frame
MAX_FRAME = 128 * 2**10  # bytes of one frame from a page; a real page's largest is under 80 KB (a play action)
MAX_SOCKETS = 4  # websockets one kernel keeps open at once (a real page has one)
PAGE_COMM_TARGETS = frozenset({"jupyter.widget.control"})  # the comms Voila's front end opens
V1 = "v1.kernel.websocket.jupyter.org"  # jupyter_server's binary websocket protocol
CONTROL_VERSION = re.compile(r"1(?:\.\d{1,4}){0,2}")  # the widget control protocol a page may speak
MAX_COMM_ID = 64  # characters of a comm id (the front end's are 32 hex digits)
LOG_WINDOW_S = 60.0  # a kind of reconnect line is written once per kernel in this many seconds
# Lines jupyter_server and zmq write for every websocket a page opens (or closes), by their start
RECONNECT_LINES = (
    "Connecting to kernel",
    "Adapting from protocol version",
    "Starting buffering for",
    "Discarding ",
    "Restoring connection for",
    "Replaying ",
    "Replacing stale connection",
    "Got events for closed stream",
    "Websocket closed",
)
KERNEL_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


class Bucket:
    """A token bucket: ``take()`` is True while the rate allows one more message."""

    def __init__(self, rate: float = RATE, burst: int = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.stamp = float(burst), time.monotonic()

    def take(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class OnceLog:
    """Counts repeated warnings and writes the 1st, 10th, 100th … with the count so far."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    def should_log(self, key: str) -> int:
        """The count to report for this occurrence of ``key``, or 0 when it is not worth a line."""
        self.counts[key] += 1
        n = self.counts[key]
        return n if n == 1 or str(n).rstrip("0") == "1" else 0

    def forget(self, stale: Callable[[str], bool]) -> None:
        """Drop the counts whose key is ``stale`` (a kernel that is gone: its counts would only grow the dict)."""
        for key in [k for k in self.counts if stale(k)]:
            del self.counts[key]


class ClassroomConnection(ZMQChannelsWebsocketConnection):
    """``ZMQChannelsWebsocketConnection`` with a rate per kernel, a size per frame, only the front end's comms,
    a backlog per page and quiet logs (the module docstring says why each)."""

    buckets: ClassVar[dict[str, Bucket]] = {}  # per kernel: every page of a kernel shares its rate
    notes: ClassVar[OnceLog] = OnceLog()
    sockets: ClassVar[dict[str, list[ClassroomConnection]]] = {}  # per kernel: its open websockets, oldest first
    idle_timeout = Float(900.0, config=True, help="Seconds a page's websocket stays open without a frame from it.")

    def connect(self) -> Any:
        mine = self.sockets.setdefault(self.kernel_id, [])
        while len(mine) >= MAX_SOCKETS:
            oldest = mine.pop(0)
            self._note("sockets", f"closed the oldest of more than {MAX_SOCKETS} websockets to one kernel")
            oldest.websocket_handler.close(1008, "too many connections to this kernel")
        mine.append(self)
        self._heard = time.monotonic()
        self._idle_timer: object = IOLoop.current().call_later(self.idle_timeout, self._watch_idle)
        return super().connect()

    def _watch_idle(self) -> None:
        """Close the socket once the page sent nothing for ``idle_timeout``; else look again when it could be."""
        silent = time.monotonic() - self._heard
        if silent < self.idle_timeout:
            self._idle_timer = IOLoop.current().call_later(self.idle_timeout - silent, self._watch_idle)
            return
        self._note("idle", f"closed a websocket silent for {self.idle_timeout:.0f} s")
        self.websocket_handler.close(1000, "idle")

    def disconnect(self) -> Any:
        timer = self.__dict__.get("_idle_timer")
        if timer is not None:
            IOLoop.current().remove_timeout(timer)
        mine = self.sockets.get(self.kernel_id, [])
        if self in mine:
            mine.remove(self)
        if not mine:
            self.sockets.pop(self.kernel_id, None)
        return super().disconnect()  # type: ignore[no-untyped-call]

    def _note(self, key: str, text: str) -> None:
        count = self.notes.should_log(f"{self.kernel_id}:{key}")
        if count:
            self.log.warning("kernel %s: %s (%d so far)", self.kernel_id, text, count)

    def handle_incoming_message(self, incoming_msg: Any) -> None:
        self._heard = time.monotonic()
        if not self._bucket().take():
            self._note("rate", f"dropped messages beyond {RATE:.0f} per second")
            return
        if _size(incoming_msg) > MAX_FRAME:
            self._note("size", f"dropped messages over {MAX_FRAME // 2**10} KB")
            return
        frame = Frame(incoming_msg, self.subprotocol == V1)
        msg_type, msg_id = frame.header.get("msg_type"), frame.header.get("msg_id")
        allowed = self.multi_kernel_manager.allowed_message_types
        if allowed and isinstance(msg_type, str) and msg_type not in allowed:
            self._note("type", f"ignored {msg_type[:40]!r} messages from the page")
            return
        if msg_type == "comm_open" and frame.content().get("target_name") not in PAGE_COMM_TARGETS:
            target = str(frame.content().get("target_name"))[:40]
            self._note("comm", f"ignored comm_open to {target!r} (a page opens only {sorted(PAGE_COMM_TARGETS)})")
            return
        if msg_type == "comm_open" and not control_comm_ok(frame):
            self._note("control", "ignored a malformed comm_open to the widget manager's control comm")
            return
        if isinstance(msg_id, str) and not self._first_time(msg_id):
            # a replayed frame: the kernel would refuse its signature with a traceback in the log
            self._note("replay", "dropped messages sent twice")
            return
        super().handle_incoming_message(incoming_msg)

    def _bucket(self) -> Bucket:
        """The kernel's bucket, kept across its pages' reconnects; the first frame for a new kernel also forgets
        the buckets and log counts of kernels that are gone (so both stay as many as the kernels alive)."""
        bucket = self.buckets.get(self.kernel_id)
        if bucket is None:
            alive = set(self.multi_kernel_manager.list_kernel_ids())
            for gone in [k for k in self.buckets if k not in alive]:
                del self.buckets[gone]
            self.notes.forget(lambda key: key.split(":", 1)[0] not in alive)
            bucket = self.buckets[self.kernel_id] = Bucket()
        return bucket

    def _first_time(self, msg_id: str) -> bool:
        seen: dict[str, None] = self.__dict__.setdefault("_seen_ids", {})
        if msg_id in seen:
            return False
        seen[msg_id] = None
        if len(seen) > REMEMBERED_IDS:
            del seen[next(iter(seen))]
        return True

    def _on_zmq_reply(self, stream: Any, msg_list: Any) -> None:
        ws = getattr(self.websocket_handler, "ws_connection", None)
        if ws is None or ws.is_closing():
            self._note("closed", "dropped replies to a closed page")
            return
        try:
            ws.stream.max_write_buffer_size = MAX_BACKLOG
            if not self.__dict__.get("_nodelay"):
                ws.set_nodelay(True)  # see NODELAY below
                self._nodelay = True
        except AttributeError:  # no stream: the connection is being torn down
            return
        try:
            super()._on_zmq_reply(stream, msg_list)  # type: ignore[no-untyped-call]
        except StreamBufferFullError:
            self._note("backlog", f"closed a page that left {MAX_BACKLOG // 2**20} MB of replies unread")
            self.websocket_handler.close(1008, "too many unread messages")
        except (WebSocketClosedError, StreamClosedError):
            self._note("closed", "dropped replies to a closed page")

    def write_message(self, *args: Any, **kwargs: Any) -> Any:
        future = self.websocket_handler.write_message(*args, **kwargs)
        future.add_done_callback(_retrieve)  # a write cut off by a closing page is no traceback in the log
        return future


def control_comm_ok(frame: Frame) -> bool:
    """Whether a control ``comm_open`` is the widget manager's: a short comm id, a dict of data, version 1.x."""
    content, version = frame.content(), frame.metadata().get("version")
    comm_id, data = content.get("comm_id"), content.get("data", {})
    return (
        isinstance(comm_id, str)
        and 0 < len(comm_id) <= MAX_COMM_ID
        and isinstance(data, dict)
        and isinstance(version, str)
        and CONTROL_VERSION.fullmatch(version) is not None
    )


class ReconnectLog(logging.Filter):
    """Lets through the first line of each kind of ``RECONNECT_LINES`` per kernel every ``LOG_WINDOW_S``; the
    next one that passes says how many it held back. Installed on jupyter_server's and zmq's loggers
    (``install``)."""

    def __init__(self, window: float = LOG_WINDOW_S) -> None:
        super().__init__()
        self.window = window
        self.seen: dict[tuple[str, str], list[float]] = {}  # (kind, kernel) -> [window start, lines held back]

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        kind = next((k for k in RECONNECT_LINES if text.startswith(k)), None)
        if kind is None:
            return True
        found = KERNEL_ID.search(text)
        key, now = (kind, found.group(0) if found else ""), time.monotonic()
        entry = self.seen.get(key)
        if entry is not None and now - entry[0] < self.window:
            entry[1] += 1
            return False
        if len(self.seen) > 10_000:  # bounded: forget the kernels quiet for a window
            self.seen = {k: v for k, v in self.seen.items() if now - v[0] < self.window}
        self.seen[key] = [now, 0.0]
        if entry is not None and entry[1]:
            record.msg, record.args = f"{text} ({int(entry[1])} more such lines since the last one shown)", ()
        return True

    def install(self, *loggers: logging.Logger) -> None:
        for logger in (*loggers, logging.getLogger("tornado.general")):
            if self not in logger.filters:
                logger.addFilter(self)


def _retrieve(future: Any) -> None:
    if not future.cancelled():
        future.exception()


class Frame:
    """A frame from the page, read only as far as needed: its header always, its content for a ``comm_open``.

    JSON text in the default protocol; binary in jupyter_server's v1 websocket protocol (the one Voila's front
    end speaks), where each part is JSON of its own. A part that cannot be read is ``{}``: jupyter_server then
    decides, and refuses what it cannot parse.
    """

    def __init__(self, raw: Any, v1: bool) -> None:
        self.raw, self.v1 = raw, v1
        self._whole: dict[str, Any] | None = None
        self.header = self._part("header", 0)

    def content(self) -> dict[str, Any]:
        return self._part("content", 3)

    def metadata(self) -> dict[str, Any]:
        return self._part("metadata", 2)

    def _part(self, name: str, index: int) -> dict[str, Any]:
        try:
            if self.v1 and isinstance(self.raw, bytes):
                part = json.loads(deserialize_msg_from_ws_v1(self.raw)[1][index])  # type: ignore[no-untyped-call]
            else:
                if self._whole is None:
                    raw = self.raw
                    whole = json.loads(raw) if isinstance(raw, str) else deserialize_binary_message(raw)  # type: ignore[no-untyped-call]
                    self._whole = whole if isinstance(whole, dict) else {}
                part = self._whole.get(name) or {}
        except (ValueError, AttributeError, IndexError, TypeError, KeyError):
            return {}
        return part if isinstance(part, dict) else {}


def _size(frame: Any) -> int:
    """Bytes of a frame as UTF-8, exact whenever they could be over ``MAX_FRAME`` (text is encoded only then:
    a character is at most 4 bytes)."""
    if isinstance(frame, str):
        return len(frame) if len(frame) * 4 <= MAX_FRAME else len(frame.encode("utf-8", "surrogatepass"))
    return len(frame)
