"""Handing a preheated kernel its page's link, without Voila 0.5's waiter bug.

With preheated kernels Voila runs each app's notebook before any pupil asks for it; the notebook then waits on
``/voila/query/<its kernel id>`` for the request (the link's query string). Voila's
``RequestInfoSocketHandler`` keeps those waiters in a class-level dict and, when a socket that is not
registered closes, deletes the **last** waiter instead of none (its ``for … break`` falls through). Two
sockets to a made-up id, one closed later, are enough to delete a waiting pool kernel's entry: the next
pupil's page never becomes ready and its kernel stays busy for good. This handler

- refuses an id that is not a kernel of this server (a 404 before the websocket opens),
- removes a waiter only if it is itself, and keeps one waiter per kernel (the newest),
- keeps the request of a kernel until that kernel is gone, so a kernel whose socket broke (a server stall)
  gets it again when it reconnects, and drops the requests of kernels that no longer exist.

The socket is the kernel's, not a page's: it is open only to connections from the serving machine
(``host_guard.this_machine``; a pupil's device gets 403), one per kernel (a newer one closes the one before),
and for at most ``QUERY_IDLE_S`` seconds without its request (the kernel then reconnects): open to pupils'
devices, such sockets to a page's own kernel id, opened from many addresses, could hold every descriptor of the
server.

``donkeylab.server.server`` routes ``/voila/query/…`` here and points Voila's page handler at
``ClassroomRequestInfo.send_updates``. The kernel side is ``donkeylab.pages.query.current_query_string``,
which reconnects until its request arrives instead of giving up after one try.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from tornado import web
from tornado.ioloop import IOLoop
from voila.request_info_handler import RequestInfoSocketHandler

from donkeylab.server.host_guard import this_machine

QUERY_IDLE_S = 300.0  # seconds a kernel's socket stays open without its request; the kernel then reconnects


class ClassroomRequestInfo(RequestInfoSocketHandler):  # type: ignore[misc]
    """One waiter per existing kernel; a request stays cached until its kernel is gone."""

    waiters: ClassVar[dict[str, ClassroomRequestInfo]] = {}
    requests: ClassVar[dict[str, str]] = {}
    kernel_manager: ClassVar[Any] = None  # set by the server: the kernel ids that may wait
    on_handed_out: ClassVar[Any] = None  # called with a kernel id when its page was requested
    own_addresses: ClassVar[Sequence[str]] = ()  # set by the server: this machine's addresses besides loopback
    idle_s: ClassVar[float] = QUERY_IDLE_S

    async def get(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        if not this_machine(self.request, self.own_addresses):
            raise web.HTTPError(403)
        manager = type(self).kernel_manager
        if manager is None or kernel_id not in manager:
            raise web.HTTPError(404)
        await super().get(kernel_id, *args, **kwargs)

    def open(self, kernel_id: str) -> None:
        self._kernel_id = kernel_id
        before = ClassroomRequestInfo.waiters.get(kernel_id)
        ClassroomRequestInfo.waiters[kernel_id] = self
        if before is not None and before is not self:
            before.close(1000, "replaced by a newer socket of this kernel")
        self._idle = IOLoop.current().call_later(ClassroomRequestInfo.idle_s, self.close, 1000, "no request: reconnect")
        if kernel_id in self.requests:
            self.write_message(self.requests[kernel_id])

    def on_close(self) -> None:
        idle = getattr(self, "_idle", None)
        if idle is not None:
            IOLoop.current().remove_timeout(idle)
        kernel_id = getattr(self, "_kernel_id", None)
        if kernel_id is not None and ClassroomRequestInfo.waiters.get(kernel_id) is self:
            del ClassroomRequestInfo.waiters[kernel_id]

    @classmethod
    def send_updates(cls, msg: dict[str, Any]) -> None:
        """Voila's page handler calls this with ``{"kernel_id", "payload"}`` when it hands out a kernel."""
        kernel_id, payload = msg["kernel_id"], msg["payload"]
        cls.forget_gone_kernels()
        cls.requests[kernel_id] = payload
        if cls.on_handed_out is not None:
            cls.on_handed_out(kernel_id)
        waiter = cls.waiters.get(kernel_id)
        if waiter is not None:
            try:
                waiter.write_message(payload)
            except Exception:  # the socket broke: the kernel reconnects and open() sends it again
                cls.waiters.pop(kernel_id, None)

    @classmethod
    def forget_gone_kernels(cls) -> None:
        """Requests and waiters of kernels that no longer exist (bounded by the number of kernels)."""
        manager = cls.kernel_manager
        if manager is None:
            return
        alive = set(manager.list_kernel_ids())
        for table in (cls.requests, cls.waiters):
            for kernel_id in [k for k in table if k not in alive]:
                del table[kernel_id]
