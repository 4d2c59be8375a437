"""A class page that may not be in its running class stops its own kernel: its place on the server is freed.

A pupil the teacher took out, or a page refused because the class (or its address's share of it) is full, keeps
every answer sealed and has nothing left to do; its kernel would still hold one of the server's places (and
~100 MB) until the tab closes. So, once the card says why, the kernel sets every widget's lost-kernel sentence
to that reason (the page's banner shows it when the kernel is gone; ``stopped`` keeps the card from reloading
the page when the server answers, which would only start a kernel refused again) and asks its own server to shut
it down, through the route a closing tab's beacon uses (``/voila/api/shutdown/<its id>``). A reload by hand starts
a kernel that is refused again and stops again. Outside a donkeylab server (a hub, a notebook, the static site)
there is no server to ask and nothing happens.
"""

from __future__ import annotations

import logging
import re
import threading
import urllib.request
from pathlib import Path

from donkeylab.classmode.warm import TIMEOUT_S, server_info
from donkeylab.classmode.words import say

log = logging.getLogger(__name__)
STOPS = ("removed", "full")  # the reasons a page stops its kernel; a store that is down is the server's fault
STOP_AFTER_S = 3.0  # the card's note reaches the page first
KERNEL_FILE = re.compile(r"kernel-([0-9a-f-]{36})\.json$")


def own_kernel_id() -> str | None:
    """This kernel's id, read from its connection file's name (``kernel-<id>.json``), or None outside one."""
    try:
        from ipykernel.connect import get_connection_file

        found = KERNEL_FILE.search(Path(get_connection_file()).name)
    except Exception:  # not in a kernel, or an ipykernel without an app
        return None
    return found.group(1) if found else None


def stop_soon(why: str, code: str, lang: str, after: float = STOP_AFTER_S) -> threading.Thread | None:
    """Say ``why`` in every widget's lost-kernel sentence, then stop this kernel ``after`` seconds (on a thread of
    its own); None when there is no server to ask or no kernel id to give."""
    info, kernel_id = server_info(), own_kernel_id()
    if why not in STOPS or not info.get("port") or kernel_id is None:
        return None
    words = f"{say(why, lang, code=code)} {say('page_stopped', lang)}"
    thread = threading.Thread(target=_stop, args=(info, kernel_id, words, after), name="donkeylab-leave", daemon=True)
    thread.start()
    return thread


def _stop(info: dict[str, object], kernel_id: str, words: str, after: float) -> None:
    set_lost(words)
    threading.Event().wait(after)  # a thread of its own giving the page time, not a test waiting
    base = str(info.get("base_url") or "/")
    url = f"http://127.0.0.1:{int(str(info['port']))}{base}voila/api/shutdown/{kernel_id}"
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method="POST"), timeout=TIMEOUT_S):
            pass
    except OSError:  # the server shuts this kernel down while answering: the reply may never come
        log.debug("asked the server to stop kernel %s", kernel_id, exc_info=True)


def set_lost(words: str) -> int:
    """Set every widget's lost-kernel sentence to ``words``, marked as a kernel stopped on purpose; returns how
    many widgets changed."""
    from ipywidgets.widgets.widget import _instances

    changed = 0
    for widget in list(_instances.values()):  # a copy: widgets may be made meanwhile
        texts = getattr(widget, "texts", None)
        if isinstance(texts, dict) and "lost" in texts and texts["lost"] != words:
            widget.texts = {**texts, "lost": words, "stopped": "1"}
            changed += 1
    return changed
