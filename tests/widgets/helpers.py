"""Widgets without a browser (helpers): a recording comm stands in for the front end (as ipywidgets' own tests do)."""

from __future__ import annotations

from typing import Any


class RecordingComm:
    """Collects what a widget sends to the browser; ``kernel`` must be truthy or ipywidgets sends nothing."""

    comm_id = "test-comm"
    kernel = "test-kernel"

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def send(self, data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
        self.messages.append(data)

    def updates(self) -> list[dict[str, Any]]:
        """The state updates (``method == "update"``) sent so far."""
        return [m for m in self.messages if isinstance(m, dict) and m.get("method") == "update"]

    def close(self, *args: Any, **kwargs: Any) -> None:
        pass

    def on_msg(self, *args: Any, **kwargs: Any) -> None:
        pass


def record(widget: Any) -> RecordingComm:
    """Swap the widget's comm for a recorder and return it."""
    comm = RecordingComm()
    widget.comm = comm
    return comm


def front_end(widget: Any, **state: Any) -> None:
    """The browser changes synced traits (e.g. the language switch)."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}}, "buffers": []})


def click(widget: Any, **content: Any) -> None:
    """The browser sends a custom message (a button or a click on the game)."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})
