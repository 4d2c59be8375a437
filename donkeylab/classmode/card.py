"""``ClassCard``: the top of a pupil's class page — who they are in which class, the class's question of the
moment, the teacher's pause, and where the teacher sends the class.

The first question of a class is the lesson's own prediction (its slider and Reveal stand in the lesson); the
others are asked here, on the card: the question, a slider (a probability or a number) or the options (a
choice), "Lock in my guess", and after the teacher's reveal the answer and how close the pupil came — their
own closeness only. Everything drawn is the kernel's. The page sends two messages, each checked here: a lock
(``{"method": "lock", "value": v}``, the input's value as the page shows it: a number in the question's range
on its step, or an option's index) and the section in view (``{"method": "section", "section": name}``, one
of the lesson's section names), which the teacher's roster shows. The card passes a pause (it only reports);
a lock during a pause is refused here.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import anywidget
import traitlets as t

from donkeylab.classroom.checks import SECTIONS
from donkeylab.widgets import assets, guard
from donkeylab.widgets.guard import PageGuard


class ClassCard(PageGuard, anywidget.AnyWidget):
    """The class card: ``on_lock(value)`` gets a checked guess for the current card question, ``on_section``
    the section the page shows."""

    _esm = assets.text("heartbeat.js", "class_card.js")  # the lost-kernel banner, as every page has
    _css = assets.asset("class_card.css")
    pause_exempt = True

    lang = t.Enum(("en", "de"), "en", help="the page's language").tag(sync=True)
    texts = t.Dict(help="the card's fixed words in lang").tag(sync=True)
    banner = t.Unicode(help="who the pupil is in which class (or why the lesson goes on alone)").tag(sync=True)
    alone = t.Bool(False, help="the lesson goes on without the class").tag(sync=True)
    pooled = t.Unicode(help="the class's pooled trials, in words").tag(sync=True)
    question: t.Dict[str, Any] = t.Dict(
        help="the class's question now: {index, count, headline, prompt, kind, low, high, step, options, unit}"
    ).tag(sync=True)
    enabled = t.Bool(False, help="the lock may be pressed (the kernel decides)").tag(sync=True)
    status = t.Unicode(help="no guess yet / locked in / closed, and the answer with the pupil's closeness").tag(
        sync=True
    )
    kind = t.Enum(("none", "locked", "closed", "refused"), "none", help="what the status says").tag(sync=True)
    paused = t.Unicode(help="why the page is paused (empty: it is not)").tag(sync=True)
    goto: t.Dict[str, Any] = t.Dict(help="where the teacher sends the class: {seq, section}").tag(sync=True)

    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang=lang)
        self.on_lock: Callable[[float], None] | None = None
        self.on_section: Callable[[str], None] | None = None
        self.on_msg(self._on_page)

    def _on_page(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        method, fields = content.get("method"), set(content) - {"method"}
        if method == "section" and fields == {"section"} and content["section"] in SECTIONS:
            if self.on_section is not None:
                self.on_section(str(content["section"]))
        elif method == "lock" and fields == {"value"} and self.enabled and guard.PAUSE.reason is None:
            value = self.checked(content["value"])
            if value is not None and self.on_lock is not None:
                self.on_lock(value)

    def checked(self, value: Any) -> float | None:
        """The page's value if the current card question can hold it (on its step), else None."""
        q = self.question
        if not q or q.get("headline") or isinstance(value, bool) or not isinstance(value, (int, float)):
            return None
        if not math.isfinite(value) or not float(q["low"]) <= float(value) <= float(q["high"]):
            return None
        if q["kind"] == "choice":
            return float(value) if float(value).is_integer() else None
        step = float(q["step"])
        return round(float(q["low"]) + round((float(value) - float(q["low"])) / step) * step, 9)

    def click(self, value: Any) -> None:
        """The Python twin of a click on the card's lock, with the value the page would send."""
        self._on_page(self, {"method": "lock", "value": value}, [])

    def _page_says(self, text: str) -> None:
        self.status, self.kind = text, "refused"

    def __repr__(self) -> str:
        return f"ClassCard({self.question.get('index', 0)}/{self.question.get('count', 0)}, kind={self.kind!r})"
