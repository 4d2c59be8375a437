"""A headless pupil: opens a served app page and talks to its kernel the way Voila's front end does.

Loading ``/voila/render/<app>.ipynb`` makes the server start a kernel and run the notebook; the page names
that kernel (``"kernelId"``). The front end then opens the kernel's websocket, asks the widget manager for
every model's state (a ``jupyter.widget.control`` comm) and sends clicks as comm messages. Doing the same
without a browser lets the serving tests check what a pupil can and cannot do, and ``benchmarks/classroom.py``
run thirty pupils on two cores. Only comm and kernel-info messages pass Voila's websocket: code cannot run.
"""

from __future__ import annotations

import asyncio
import http.cookiejar
import json
import re
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass
from typing import Any

from tornado.httpclient import HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')
WIDGET_PROTOCOL = "1.0.0"  # ipywidgets' control-comm protocol


@dataclass(frozen=True)
class Page:
    status: int
    html: str
    kernel_id: str | None
    seconds: float


def _with_token(url: str, token: str | None) -> str:
    if not token:
        return url
    return url + ("&" if "?" in url else "?") + urllib.parse.urlencode({"token": token})


def fetch_page(
    base: str, path: str, token: str | None = None, timeout: float = 300, jar: http.cookiejar.CookieJar | None = None
) -> Page:
    """GET a page (redirects followed); any status is returned, not raised. ``jar`` keeps the cookies a browser
    keeps (a class page's: the class code and the browser's own key), for the kernel's websocket to send."""
    start = time.monotonic()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar)) if jar is not None else None
    try:
        url = _with_token(base + path, token)
        with opener.open(url, timeout=timeout) if opener else urllib.request.urlopen(url, timeout=timeout) as reply:
            status, body = reply.status, reply.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as err:
        status, body = err.code, err.read().decode("utf-8", "replace")
    found = KERNEL_ID.search(body)
    return Page(status, body, found.group(1) if found else None, time.monotonic() - start)


def close_page(base: str, kernel_id: str, token: str | None = None, timeout: float = 120) -> int:
    """What the page's beacon does when its tab closes: POST the shutdown route (no ``_xsrf``)."""
    request = urllib.request.Request(_with_token(f"{base}/voila/api/shutdown/{kernel_id}", token), method="POST")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as reply:
            return int(reply.status)
    except urllib.error.HTTPError as err:
        return int(err.code)


def decode_frame(frame: str | bytes) -> dict[str, Any]:
    """A websocket frame of jupyter_server's default protocol: JSON text, or binary with buffers after it."""
    if isinstance(frame, str):
        message: dict[str, Any] = json.loads(frame)
        return message
    count = int.from_bytes(frame[:4], "big")
    offsets = [int.from_bytes(frame[4 + 4 * i : 8 + 4 * i], "big") for i in range(count)]
    end = offsets[1] if count > 1 else len(frame)
    decoded: dict[str, Any] = json.loads(frame[offsets[0] : end])
    return decoded


def message(msg_type: str, content: dict[str, Any], metadata: dict[str, Any] | None = None) -> dict[str, Any]:
    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": "pageclient", "username": "pupil"}
    header |= {"version": "5.3", "date": ""}
    return {
        "header": header,
        "parent_header": {},
        "metadata": metadata or {},
        "content": content,
        "channel": "shell",
        "buffers": [],
    }


class KernelSession:
    """The websocket of one page's kernel: send messages, wait for what comes back (always with a deadline)."""

    def __init__(self, ws: WebSocketClientConnection, timeout: float) -> None:
        self.ws, self.timeout = ws, timeout
        self.received: list[dict[str, Any]] = []

    @classmethod
    async def open(
        cls,
        base: str,
        kernel_id: str,
        token: str | None = None,
        timeout: float = 120,
        jar: http.cookiejar.CookieJar | None = None,
    ) -> KernelSession:
        url = base.replace("http", "ws", 1) + f"/api/kernels/{kernel_id}/channels?session_id={uuid.uuid4()}"
        cookies = "; ".join(f"{c.name}={c.value}" for c in jar or ())
        request = HTTPRequest(_with_token(url, token), headers={"Cookie": cookies} if cookies else {})
        ws = await asyncio.wait_for(websocket_connect(request), timeout)
        return cls(ws, timeout)

    async def send(self, msg: dict[str, Any]) -> str:
        await self.ws.write_message(json.dumps(msg))
        msg_id: str = msg["header"]["msg_id"]
        return msg_id

    async def next(self) -> dict[str, Any]:
        frame = await asyncio.wait_for(self.ws.read_message(), self.timeout)
        if frame is None:
            raise ConnectionError("the kernel's websocket closed")
        msg = decode_frame(frame)
        self.received.append(msg)
        return msg

    async def until_idle(self, msg_id: str, reply: bool = False) -> list[dict[str, Any]]:
        """Every message up to the kernel going idle after ``msg_id``; with ``reply``, also until the shell
        reply to it arrived (iopub's idle and the shell reply travel on different channels, in either order)."""
        seen = []
        idle = replied = False
        while not (idle and (replied or not reply)):
            msg = await self.next()
            seen.append(msg)
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            idle = idle or (msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle")
            replied = replied or msg["msg_type"].endswith("_reply")
        return seen

    async def widget_states(self) -> dict[str, dict[str, Any]]:
        """Every widget model's state, asked for as the front end's widget manager does on connecting."""
        comm_id = uuid.uuid4().hex
        opening = {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}}
        await self.send(message("comm_open", opening, {"version": WIDGET_PROTOCOL}))
        await self.send(message("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}}))
        while True:
            msg = await self.next()
            data = msg["content"].get("data", {}) if msg["msg_type"] == "comm_msg" else {}
            if msg["content"].get("comm_id") == comm_id and data.get("method") == "update_states":
                states: dict[str, dict[str, Any]] = data["states"]
                await self._say_drawn(states)
                return states

    async def _say_drawn(self, states: dict[str, dict[str, Any]]) -> None:
        """What a browser's page does once its widgets exist: each ``Drawn`` widget says so (a class page joins
        its class only then)."""
        for model_id, model in states.items():
            if "model.send({ drawn: 1 })" in str(model.get("state", {}).get("_esm", "")):
                data = {"method": "custom", "content": {"drawn": 1}}
                await self.send(message("comm_msg", {"comm_id": model_id, "data": data}))

    async def custom(self, model_id: str, content: dict[str, Any]) -> list[dict[str, Any]]:
        """A click: ``model.send(content)`` in the front end; returns the state updates it caused."""
        data = {"method": "custom", "content": content}
        seen = await self.until_idle(await self.send(message("comm_msg", {"comm_id": model_id, "data": data})))
        return [
            m["content"]["data"]["state"]
            for m in seen
            if m["msg_type"] == "comm_msg"
            and m["content"].get("comm_id") == model_id
            and m["content"]["data"].get("method") == "update"
        ]

    def close(self) -> None:
        self.ws.close()


def steppers(states: dict[str, dict[str, Any]]) -> list[str]:
    """The model ids of the page's Steppers (the widgets with a game timeline)."""
    return sorted(mid for mid, model in states.items() if {"game", "index", "substep"} <= set(model["state"]))
