"""The page ↔ kernel websocket's own settings, without a server."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

from donkeylab.server.connection import MAX_BACKLOG, ClassroomConnection


class Socket:
    """What ``_on_zmq_reply`` touches of tornado's websocket connection."""

    def __init__(self) -> None:
        self.stream = SimpleNamespace(max_write_buffer_size=None)
        self.nodelay: list[bool] = []

    def is_closing(self) -> bool:
        return False

    def set_nodelay(self, value: bool) -> None:
        self.nodelay.append(value)


def test_replies_leave_at_once_without_waiting_for_nagles_algorithm(monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[Any] = []
    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "_on_zmq_reply", lambda self, stream, msg: sent.append(msg))
    socket = Socket()
    connection = ClassroomConnection.__new__(ClassroomConnection)
    monkeypatch.setattr(ClassroomConnection, "websocket_handler", SimpleNamespace(ws_connection=socket))
    for msg in (["busy"], ["update"]):
        connection._on_zmq_reply(None, msg)
    assert sent == [["busy"], ["update"]]
    assert socket.nodelay == [True]  # set once, before the first reply
    assert socket.stream.max_write_buffer_size == MAX_BACKLOG
