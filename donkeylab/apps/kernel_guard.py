"""An app page's kernel, served: what it refuses from its page, and why its page says it was stopped.

The server is the first line (``connection.ClassroomConnection`` drops every comm a page may not open); the
kernel of a served page refuses the same, so a frame that ever slips past the server still builds nothing:

- **``jupyter.widget``**: a ``comm_open`` there makes ipywidgets build whatever widget the page describes, any
  core model with any value (a ``FileUploadModel`` holding megabytes, again and again), and keep it. Every widget of
  an app is built by its kernel; Voila's front end never opens this target (watched on every app page in Chromium).
  Once the page is built, each such comm is closed at once, no widget made.
- **``jupyter.widget.control``**: the widget manager opens one to ask for the widgets' state when the page
  loads; ipywidgets keeps every one ever opened. Here a new one closes the one before. A malformed one (another
  protocol version, a version that is no string) is closed with one line: ipywidgets would raise, and the comm
  manager log the traceback, server paths included, to the kernel's stderr, which the page receives.

**Memory.** ``CappedKernelManager`` stops a served kernel whose memory passes ``max_kernel_mb`` and passes the
ceiling to its kernels in ``DONKEYLAB_KERNEL_MB``. A stopped kernel cannot explain itself, and the page's
heartbeat banner (``widgets/common.js``) shows the sentence its widgets hold in ``texts["lost"]``. So a thread
here reads the kernel's own memory four times a second and, from ``ANNOUNCE_AT`` of the ceiling on, sets
that sentence on every widget to say why, in the widget's language; below it again, the usual one comes back.
The banner shows only once the kernel stops answering, so a page that stays under the ceiling never shows it;
a quarter below the ceiling leaves the sentence time to reach the page before the server's next look.

All of this happens only in a kernel that ``CappedKernelManager`` started (``DONKEYLAB_KERNEL_MB`` is set):
an app built in JupyterLab or under nbval keeps ipywidgets' own behaviour.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from pathlib import Path
from typing import Any

from donkeylab.core import CATALOGUE

log = logging.getLogger(__name__)
MEMORY_ENV = "DONKEYLAB_KERNEL_MB"  # set by CappedKernelManager for every kernel it starts
ANNOUNCE_AT = 0.75  # of the ceiling: from here on the lost-kernel sentence says why (set before the server looks)
WATCH_S = 0.25  # seconds between two looks at the kernel's own memory (the server looks once a second)

CATALOGUE.add(
    "SERVE-KERNEL-MEMORY",
    "This page used more memory than the server allows ({mb} MB per page), so the server stopped it: reload the page.",
    "Diese Seite hat mehr Speicher gebraucht, als der Server erlaubt ({mb} MB pro Seite), darum hat der Server "
    "sie beendet: Lade die Seite neu.",
)

_refused = [0]
_watching = threading.Event()


def ceiling_mb() -> int | None:
    """The memory ceiling the server set for this kernel, or None when no classroom server started it."""
    value = os.environ.get(MEMORY_ENV, "")
    return int(value) if value.isdigit() and int(value) > 0 else None


def rss_mb(pid: int | None = None) -> float | None:
    """Resident memory of process ``pid`` (this one if None) in MB, or None where it cannot be read.

    Linux's ``/proc`` is read directly (a few microseconds); elsewhere psutil if it is installed."""
    try:
        pages = int((Path("/proc") / (str(pid) if pid else "self") / "statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        pass
    try:
        import psutil  # type: ignore[import-untyped]

        return float(psutil.Process(pid).memory_info().rss) / 2**20
    except Exception:  # no psutil, or the process is gone
        return None


def guard_kernel() -> None:
    """Close the widget doors and watch the memory, in a kernel the classroom server started (else nothing)."""
    ceiling = ceiling_mb()
    if ceiling is None:
        return
    refuse_page_widgets()
    if rss_mb() is not None and not _watching.is_set():
        _watching.set()
        threading.Thread(target=_watch, args=(ceiling,), name="donkeylab-memory", daemon=True).start()


def refuse_page_widgets(manager: Any = None) -> None:
    """``jupyter.widget`` closes every comm a page opens; ``jupyter.widget.control`` keeps only the newest (on the
    kernel's comm manager, or ``manager``)."""
    import comm

    manager = manager or comm.get_comm_manager()
    manager.register_target("jupyter.widget", _refuse)
    manager.register_target("jupyter.widget.control", _one_control_comm)


def _refuse(opened: Any, msg: Any) -> None:
    _note_refused("refused a widget the page tried to create")
    opened.close()


def _note_refused(text: str, *args: object) -> None:
    _refused[0] += 1
    n = _refused[0]
    if n == 1 or str(n).rstrip("0") == "1":  # 1st, 10th, 100th: as the server's notes
        log.warning(text + " (%d refused so far)", *args, n)


def _one_control_comm(opened: Any, msg: Any) -> None:
    import ipywidgets as w

    previous = w.Widget._control_comm
    try:
        w.Widget.handle_control_comm_opened(opened, msg)
    except Exception as exc:  # a forged comm_open: one line, no traceback (it would reach the page)
        _note_refused("refused a malformed widget-manager comm (%s)", type(exc).__name__)
        opened.close()
        return
    if previous is not None and previous is not opened:
        previous.close()  # a comm the page already closed stays closed: close() does nothing then


def _watch(ceiling: int) -> None:
    told = False
    while True:
        mb = rss_mb()
        over = mb is not None and mb >= ANNOUNCE_AT * ceiling
        if over or told:
            try:
                say_why(ceiling if over else None)
            except Exception:  # a widget closing meanwhile: the next look tries again
                log.debug("could not update the lost-kernel sentence", exc_info=True)
            told = over
        time.sleep(WATCH_S)  # polling /proc: no event announces memory


def say_why(ceiling: int | None) -> int:
    """Set every widget's lost-kernel sentence to the memory one (``ceiling`` in MB), or back to the usual one
    (None); returns how many widgets changed."""
    from ipywidgets.widgets.widget import _instances

    from donkeylab.widgets.guard import say

    changed = 0
    for widget in list(_instances.values()):  # a copy: the page may create widgets meanwhile
        texts = getattr(widget, "texts", None)
        if not isinstance(texts, dict) or "lost" not in texts:
            continue
        lang = str(getattr(widget, "lang", "en"))
        wanted = (
            CATALOGUE.render("SERVE-KERNEL-MEMORY", {"mb": ceiling}, lang) if ceiling is not None else say("lost", lang)
        )
        if texts["lost"] != wanted:
            widget.texts = {**texts, "lost": wanted}
            changed += 1
    return changed
