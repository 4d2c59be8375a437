"""The preheated kernels' request hand-over without a server: the waiter table and the kernel's wait.

Voila's ``RequestInfoSocketHandler.on_close`` deleted the last waiter when the closing socket was not
registered (issue 15 §2), and ``voila.utils.get_query_string`` gave up after one broken socket, so a server
stall made the next page ignore its link. Both are tested against stand-ins, and against Voila's own code
where it is the bug being shown.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
import websockets
from voila.request_info_handler import RequestInfoSocketHandler

from donkeylab.pages.query import wait_for_request
from donkeylab.server.request_info import ClassroomRequestInfo
from tests.serving.conftest import free_port


class Manager:
    def __init__(self, *ids: str) -> None:
        self.ids = list(ids)

    def __contains__(self, kernel_id: str) -> bool:
        return kernel_id in self.ids

    def list_kernel_ids(self) -> list[str]:
        return list(self.ids)


class Socket:
    """A handler without tornado: ``open``/``on_close``/``write_message`` as the websocket calls them."""

    def __init__(self, cls: type[Any]) -> None:
        self.sent: list[Any] = []
        self.cls = cls
        self._cache = getattr(cls, "_cache", {})  # the class tables the handlers read through ``self``
        self.requests = getattr(cls, "requests", {})

    def open(self, kernel_id: str) -> None:
        self.cls.open(self, kernel_id)

    def on_close(self) -> None:
        self.cls.on_close(self)

    def write_message(self, payload: Any) -> None:
        self.sent.append(payload)

    def close(self, code: int | None = None, reason: str | None = None) -> None:
        self.closed_with = code  # tornado then calls on_close, as the test does when it means it


@pytest.fixture
def table() -> Iterator[None]:
    ClassroomRequestInfo.waiters.clear()
    ClassroomRequestInfo.requests.clear()
    ClassroomRequestInfo.kernel_manager = Manager("mine", "pool")
    yield
    ClassroomRequestInfo.waiters.clear()
    ClassroomRequestInfo.requests.clear()
    ClassroomRequestInfo.kernel_manager = None


def test_voilas_handler_deletes_a_classmates_waiter() -> None:
    """The bug itself, in Voila 0.5's handler (if this fails, Voila fixed it and our handler may go)."""
    RequestInfoSocketHandler._waiters.clear()
    first, second, pool = (Socket(RequestInfoSocketHandler) for _ in range(3))
    first.open("made-up")
    second.open("made-up")  # replaces the first in the table
    pool.open("pool")  # a preheated kernel waits for its pupil
    first.on_close()
    assert "pool" not in RequestInfoSocketHandler._waiters
    RequestInfoSocketHandler._waiters.clear()


def test_a_closing_socket_removes_only_itself(table: None) -> None:
    first, second, pool = (Socket(ClassroomRequestInfo) for _ in range(3))
    first.open("mine")
    second.open("mine")
    pool.open("pool")
    first.on_close()
    assert ClassroomRequestInfo.waiters == {"mine": second, "pool": pool}
    second.on_close()
    assert ClassroomRequestInfo.waiters == {"pool": pool}
    ClassroomRequestInfo.send_updates({"kernel_id": "pool", "payload": '{"QUERY_STRING": "seed=4"}'})
    assert pool.sent == ['{"QUERY_STRING": "seed=4"}']


def test_a_kernel_that_reconnects_gets_its_request_again_and_gone_kernels_are_forgotten(table: None) -> None:
    ClassroomRequestInfo.send_updates({"kernel_id": "pool", "payload": "request"})  # before it waits
    late = Socket(ClassroomRequestInfo)
    late.open("pool")
    late.on_close()  # the socket broke (a stall) before the kernel read it
    again = Socket(ClassroomRequestInfo)
    again.open("pool")
    assert late.sent == again.sent == ["request"]
    ClassroomRequestInfo.kernel_manager = Manager("mine")  # the pool kernel is gone
    ClassroomRequestInfo.send_updates({"kernel_id": "mine", "payload": "other"})
    assert set(ClassroomRequestInfo.requests) == {"mine"} and "pool" not in ClassroomRequestInfo.waiters


def serve_in_thread(handler: Any) -> tuple[int, threading.Event]:
    """A websockets server on a free port in its own thread, stopped when the returned event is set."""
    port, ready, stop = free_port(), threading.Event(), threading.Event()

    async def main() -> None:
        async with websockets.serve(handler, "127.0.0.1", port):
            ready.set()
            while not stop.is_set():
                await asyncio.sleep(0.05)

    threading.Thread(target=asyncio.run, args=(main(),), daemon=True).start()
    assert ready.wait(30)
    return port, stop


def test_the_kernel_asks_again_after_its_socket_broke() -> None:
    """A stall closed the first socket before the request came; the second one brings it."""
    connections = []

    async def handler(ws: Any) -> None:
        connections.append(ws)
        if len(connections) == 1:
            await ws.close()
            return
        await ws.send(json.dumps({"QUERY_STRING": "seed=9&lang=de", "SERVER_NAME": "x"}))

    port, stop = serve_in_thread(handler)
    try:
        got = wait_for_request(f"ws://127.0.0.1:{port}/voila/query/k", give_up_s=30, retry_s=0.1)
    finally:
        stop.set()
    assert got == {"QUERY_STRING": "seed=9&lang=de", "SERVER_NAME": "x"} and len(connections) == 2


def test_a_request_that_never_comes_is_none_not_the_defaults() -> None:
    assert wait_for_request(f"ws://127.0.0.1:{free_port()}/voila/query/k", give_up_s=0.5, retry_s=0.1) is None
