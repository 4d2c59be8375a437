"""Starting a class warms its lesson for the class size: the teacher's kernel asks its own server.

Thirty pages of one lesson opened at once wait far longer on a cold server than with thirty kernels started in
advance (``--preheat die_choice=30``; ``benchmarks/class_start.py``). A teacher should not need to
know that flag: "Start a class" asks the server (``POST /donkeylab/warm``, ``class_gate.WarmHandler``) to keep
``size`` kernels of the lesson ready, and the dashboard says how many are ready. The request goes from this
kernel to its server on this machine with the secret the server gave its kernels (``DONKEYLAB_SERVER``), so no
page can send it. Outside a donkeylab server (a hub, a notebook) there is nothing to ask, and nothing is said.

The server warms only as many as its places leave (another class may hold the rest); the dashboard then says
"ready for 12 of 28". End class asks the server to shut down the warmed kernels no pupil took (``cool``): left
running, three classes of pupils who never came held 7.5 GB.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import threading
import time
import urllib.request
from typing import Any
from urllib.parse import urlencode

from donkeylab.classmode.words import counted, say

log = logging.getLogger(__name__)
SERVER_ENV = "DONKEYLAB_SERVER"  # what the server tells its kernels: addresses, port, the warm-up secret
TIMEOUT_S = 3.0
STATUS_EVERY_S = 2.0
DESK_ENV = "DONKEYLAB_DESK_WARM"
LANGS = ("en", "de")  # a class link's languages


def server_info() -> dict[str, Any]:
    """In a kernel: what its server exported (empty outside one). A JupyterHub user's server exports its own
    prefix (``/user/NAME/``) and the hub's base URL: a class link then goes through the hub to each pupil's
    own server."""
    try:
        info = json.loads(os.environ.get(SERVER_ENV, "{}"))
    except ValueError:
        return {}
    if not isinstance(info, dict):
        return {}
    prefix, base = os.environ.get("JUPYTERHUB_SERVICE_PREFIX"), os.environ.get("JUPYTERHUB_BASE_URL")
    if prefix and base:
        info["hub"] = {"prefix": prefix, "base": base}
    return info


def _url(info: dict[str, Any], query: str = "") -> str:
    base = str(info.get("base_url") or "/")
    return f"http://127.0.0.1:{int(info['port'])}{base}donkeylab/warm{query}"


def _ask(request: urllib.request.Request) -> dict[str, Any] | None:
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_S) as reply:
            found = json.loads(reply.read())
            return found if isinstance(found, dict) else None
    except (OSError, ValueError):
        return None


class Warm:
    """One lesson being warmed: ``words(lang)`` says how many pupils' pages are ready (asked every 2 s).

    ``size``: the pages the server warms; ``asked``: the class's size (more when the server had no room)."""

    def __init__(self, lesson: str, size: int, info: dict[str, Any], asked: int | None = None) -> None:
        self.lesson, self.size, self.info = lesson, size, info
        self.asked = size if asked is None else max(size, asked)
        self.ready = 0
        self._asked = 0.0

    def status(self) -> int:
        """The server's count of warmed pages no pupil took yet. Asked again every 2 s even once all were ready:
        a page taken or culled lowers it, and a count that stopped at "all ready" would stay true forever."""
        now = time.monotonic()
        if now - self._asked >= STATUS_EVERY_S:
            self._asked = now
            request = urllib.request.Request(_url(self.info, f"?lesson={self.lesson}"))
            request.add_header("X-Donkeylab-Secret", str(self.info.get("secret", "")))
            found = _ask(request)
            if found is not None and isinstance(found.get("ready"), int):
                self.ready = min(self.size, found["ready"])
        return self.ready

    def words(self, lang: str, joined: int = 0) -> str:
        """How many pupils have a page ready: those who joined (each took a warmed page) and those still waiting."""
        ready = min(self.size, self.status() + joined)
        if ready >= self.size and self.size < self.asked:
            return say("warm_short", lang, size=self.size, asked=self.asked)
        key = "warm_done" if ready >= self.size else "warm_going"
        return say(counted(key, self.size), lang, ready=ready, size=self.size)


def _send(method: str, query: str = "", body: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """Ask this kernel's server's warm-up (None when there is no server to ask, or it did not answer)."""
    info = server_info()
    if not info.get("secret") or not info.get("port"):
        return None
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(_url(info, query), data=data, method=method)
    request.add_header("X-Donkeylab-Secret", str(info["secret"]))
    request.add_header("Content-Type", "application/json")
    return _ask(request)


def desk_warms() -> bool:
    """Whether the start screen warms the lesson it shows. Not in a hub (each pupil has a server of their own,
    and this one serves only the teacher), nor where ``DESK_ENV`` is "0" (the test suite's servers, whose
    teachers start classes of two or three)."""
    return os.environ.get(DESK_ENV, "1") != "0" and "hub" not in server_info()


def start(lesson: str, size: int, code: str = "", desk: str = "", lang: str = "") -> Warm | None:
    """Ask the server to keep ``size`` pages of ``lesson`` ready for the class ``code`` (or for a teacher's
    start screen, ``desk``), its pupils' pages in ``lang`` (the class link's); None when there is no server to
    ask."""
    body = {"lesson": lesson, "size": size, "class": code, "desk": desk, "lang": lang}
    found = _send("POST", body=body)
    info = server_info()
    if found is None:
        if info.get("secret"):
            log.warning("class mode: the server did not take the warm-up of %s", lesson)
        return None
    warm = Warm(lesson, int(found.get("size", size)), info, asked=size)
    warm.ready = int(found.get("ready", 0))
    return warm


def cool(lesson: str, code: str = "", desk: str = "") -> dict[str, Any] | None:
    """The class ``code`` has ended (or the desk ``desk`` shows another lesson or started its class): ask the
    server to shut down the kernels warmed for ``lesson`` that no pupil took (the server's reply, or None when
    there is no server to ask or it did not answer)."""
    query = {"lesson": lesson, **({"desk": desk} if desk else {"class": code})}
    found = _send("DELETE", "?" + urlencode(query))
    if found is None and server_info().get("secret"):
        log.warning("class mode: the server did not take the end of the warm-up of %s", lesson)
    return found


def built() -> None:
    """In a warmed kernel: tell the server this kernel's page is built, so the next kernel of the warm-up may
    start (a few build at a time: thirty at once shared the cores and were all ready only at the end).

    The kernel's id is its connection file's name (``-f …/kernel-ID.json`` in its command line; no ipykernel
    import), and the request goes in a thread of its own: the page's build goes on at once, as before."""
    args = sys.argv
    given = args[args.index("-f") + 1] if "-f" in args[:-1] else ""
    name = os.path.basename(given)
    if not (name.startswith("kernel-") and name.endswith(".json")) or not server_info().get("secret"):
        return  # not a kernel a donkeylab server started: nothing to tell
    body = {"built": name[len("kernel-") : -len(".json")]}
    threading.Thread(target=_send, args=("POST", "", body), name="donkeylab-built", daemon=True).start()


def class_language(lesson: str) -> str | None:
    """In a warmed kernel: the language of the class whose pupil it waits for, when the server warms ``lesson``
    for a class or a teacher's start screen (None: a ``--preheat`` pool, no server, or no answer). The pupil's
    page is then built ahead for that class's link (``apps.prepared``)."""
    found = _send("GET", "?" + urlencode({"lesson": lesson}))
    lang = found.get("lang") if found is not None else None
    return lang if lang in LANGS else None
