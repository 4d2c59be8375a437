"""A pupil's reload loses nothing: the new page is put back where this browser's last page was.

The store keeps what a pupil's page last reported (``ClassStore.report``: the Stepper's step, the section in
view, the page's language, the exercises tried and right, the teacher's last "everyone to …" the page
followed) and hands it back when the same browser joins again (``Pupil.progress``, checked when it was
stored). ``restore`` applies it to the new page in its kernel; the exact scroll place is the page's own
(``ClassPlace``: kept in the tab's session storage, so it needs no round trip while the tab closes).

A report leaves soon after every change (``report_soon``), so a reload right after a step, an exercise or a
language switch finds it stored; a burst of changes (the Stepper playing) is reported once every
``REPORT_GAP_S``.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Mapping
from typing import Any

import anywidget
import traitlets as t

from donkeylab.classroom.checks import LANGS, SECTIONS
from donkeylab.widgets import assets
from donkeylab.widgets.guard import PageGuard

REPORT_GAP_S = 0.3  # two reports of one page at least this far apart (the worker's poll reports the rest)


log = logging.getLogger(__name__)


class ClassPlace(PageGuard, anywidget.AnyWidget):
    """The pupil's scroll place, kept by the page across a reload (``widgets/class_place.js``): the section at
    the top of the window and how far into it. ``section`` is the kernel's fallback (the section the page last
    reported, for a tab whose own record is gone); ``lang`` is written into the address bar, so a reload opens
    the page in the language the pupil chose. The page writes no trait (``PageGuard``: a forged one is refused)."""

    pause_exempt = True  # it only keeps the place: a class's pause lets its messages pass

    _esm = assets.asset("class_place.js")
    key = t.Unicode(help="what the page's record is kept under: the class code").tag(sync=True)
    section = t.Unicode(help="the section the page last reported (restored when the tab kept no place)").tag(sync=True)
    lang = t.Enum(LANGS, "en", help="the page's language, written into the address bar").tag(sync=True)
    ready = t.Bool(False, help="the kernel has put the page back (the page holds the place until then)").tag(sync=True)


def restore(part: Any) -> None:
    """Put the new page of a returning pupil where their last page was: its language, the Stepper's step, the
    section, the exercise tally, and the teacher's pacing it had followed (so an old "everyone to step 4" is
    not applied again over the pupil's own step 8; a newer one still is)."""
    progress: Mapping[str, Any] = part.pupil.progress if part.pupil is not None and part.pupil.again else {}
    lang = progress.get("lang")
    if lang in LANGS and lang != part.lesson.switch.value:
        part.lesson.switch.value = lang  # every part of the page follows the switch, the card and lock too
    if isinstance(progress.get("seq"), int):
        part.seq = progress["seq"]
    step, stepper = progress.get("step"), getattr(part.lesson, "stepper", None)
    if isinstance(step, int) and stepper is not None and step != int(stepper.index):
        go_to(stepper, step)
    section = progress.get("section")
    if section in SECTIONS:
        part.section = part.place.section = section
    part.tried |= {int(n) for n in progress.get("tried", ())}
    part.right |= {int(n) for n in progress.get("right", ())}
    part.jobs.put(lambda: setattr(part.place, "ready", True))  # after the first poll: the reveals built too


def kept(part: Any) -> dict[str, Any]:
    """The fields of a report that only a reload needs: the page's language and the pacing it followed."""
    out: dict[str, Any] = {"lang": part.lang}
    if isinstance(part.seq, int):
        out["seq"] = part.seq
    return out


def watch(part: Any) -> None:
    """Report the page's language when it changes (the Stepper's step, the section and the exercises are
    reported by the part itself), and keep the address bar's language with it."""

    def switched(change: Mapping[str, Any]) -> None:
        part.place.lang = change["new"]
        part._changed()

    part.place.lang = part.lesson.switch.value
    part.lesson.switch.observe(switched, names="value")


def report_soon(part: Any) -> None:
    """Queue a report for the worker thread, once however many changes come before it runs: at once, or when
    ``REPORT_GAP_S`` has passed since the last one."""
    if part.alone is not None or part.pupil is None or getattr(part, "report_queued", False):
        return
    part.report_queued = True
    wait = getattr(part, "reported_at", 0.0) + REPORT_GAP_S - time.monotonic()
    if wait <= 0:
        part.jobs.put(lambda: _flush(part))
        return
    timer = threading.Timer(wait, lambda: part.jobs.put(lambda: _flush(part)))
    timer.daemon = True
    timer.start()


def _flush(part: Any) -> None:
    part.report_queued = False
    if part.dirty and part.alone is None:
        part.reported_at = time.monotonic()
        part._report()


def go_to(stepper: Any, step: int) -> None:
    """The teacher's "everyone to step N" (within the timeline, or on with bots and chance)."""
    try:
        stepper.go_to(step)
    except Exception:  # a step this page cannot reach (a human's move first): it stays where it is
        log.debug("class pacing: step %d not reachable here", step, exc_info=True)
