"""What a page may send to its kernel: a pupil's browser is untrusted (any trait or message can be forged).

One mixin, ``PageGuard``, sits in front of every donkeylab widget's ``_handle_msg`` (the one door through which
the page reaches the kernel), so the rules are written once:

- **Rate limit per kernel** (one kernel serves one page): a token bucket lets ``MESSAGES_PER_SECOND`` messages
  through, ``BURST`` at once; the excess is dropped and the page is told once per flood, in its language.
- **Heartbeat**: ``{"ping": k}`` is answered ``{"pong": k}`` at once, on its own small bucket, so a flood of
  clicks never makes a page think its kernel died (the front end shows ``texts["lost"]`` when pongs stop).
- **Only the traits a page may write** (``page_writable``): a write to any other synced trait, or a value a
  trait's validation refuses, is sent back to the browser at the kernel's value (never left wrong there)
  and the widget shows one sentence quoting at most ``QUOTE_CHARS`` characters of the input.
- Binary buffers are refused (no donkeylab widget syncs one); a custom message must be a JSON object.

Validators raise ``Refused`` with a sentence for the page; any other ``TraitError`` (its text may quote the whole
forged value) is replaced by a short generic sentence.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from typing import Any, ClassVar

import traitlets as t

from donkeylab.core.errors import quote
from donkeylab.core.say import texts

MESSAGES_PER_SECOND = 50.0
BURST = 50.0
PINGS_PER_SECOND = 10.0  # a page pings once per 5 s per Stepper or LivePlot: room for dozens of them
PING_BURST = 30.0
QUOTE_CHARS = 40
MAX_PING = 2**31

_TEXTS = {
    "lost": (
        "This page lost its connection to the server: reload the page.",
        "Diese Seite hat die Verbindung zum Server verloren: Lade die Seite neu.",
    ),
    "flood": (
        "Too many clicks at once: some were ignored. Wait a moment, then go on.",
        "Zu viele Klicks auf einmal: einige wurden ignoriert. Warte kurz und mach dann weiter.",
    ),
    "read_only": (
        "“{name}” is set by the kernel, not by the page; it stays as it was.",
        "„{name}“ setzt der Kernel, nicht die Seite; es bleibt, wie es war.",
    ),
    "refused": (
        "The value {value} for “{name}” was refused; it stays as it was.",
        "Der Wert {value} für „{name}“ wurde abgelehnt; es bleibt, wie es war.",
    ),
}
say = texts("guard/", _TEXTS, terms=True)  # say(key, lang, **data): the guard's sentence in ``lang``


def short(value: object, limit: int = QUOTE_CHARS) -> str:
    """At most ``limit`` characters of untrusted input, quoted (a 9 MB string becomes ``'xxxx…``)."""
    text = quote(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def page_texts(lang: str) -> dict[str, str]:
    """The words every front end needs from the kernel (the banner must work when the kernel is gone)."""
    return {"lost": say("lost", lang)}


class Refused(t.TraitError):
    """A validator's refusal whose message is a sentence in the widget's language, safe to show the page."""


def whole_number(value: Any, low: int, high: int) -> int | None:
    """``value`` as an int in ``low..high`` if it is one (an int or an integral finite float, never a bool)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            return None
        value = int(value)
    if isinstance(value, int) and low <= value <= high:
        return value
    return None


class TokenBucket:
    """``rate`` tokens per second, at most ``capacity`` saved up; ``take`` spends one if there is one."""

    def __init__(self, rate: float, capacity: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.capacity, self.clock = rate, capacity, clock
        self.tokens = capacity
        self.last = clock()
        self.told = False  # the page was told about the current flood
        self._lock = threading.Lock()

    def take(self) -> bool:
        with self._lock:
            now = self.clock()
            self.tokens = min(self.capacity, self.tokens + (now - self.last) * self.rate)
            self.last = now
            if self.tokens >= 1:
                if self.tokens >= self.capacity - 1:
                    self.told = False  # the page calmed down: a new flood is told again
                self.tokens -= 1
                return True
            return False

    def tell(self) -> bool:
        """True once per flood: whether the dropped message is the first one the page should hear about."""
        with self._lock:
            first, self.told = not self.told, True
            return first


# One page per kernel: the buckets are the kernel's (module globals, replaced by tests).
PAGE_LIMIT = TokenBucket(MESSAGES_PER_SECOND, BURST)
PING_LIMIT = TokenBucket(PINGS_PER_SECOND, PING_BURST)


class Pause:
    """The page's controls held by someone else (a class's teacher: "pens down, eyes to the front").

    While ``reason`` is set, every guarded widget of the kernel refuses the page's clicks and writes (a Step,
    Play, Start, a lock-in) and says ``reason(lang)`` once; the page draws its own overlay, but a forged
    message must meet the same refusal. A widget with ``pause_exempt`` (the class card, which only reports)
    goes on; heartbeats and the language do too."""

    def __init__(self) -> None:
        self.reason: Callable[[str], str] | None = None
        self.told: set[int] = set()

    def hold(self, reason: Callable[[str], str]) -> None:
        self.install()
        self.reason, self.told = reason, set()

    def install(self) -> None:
        """Make ipywidgets' own widgets meet a pause (a class page does this when it joins, before any pause)."""
        _pause_core_widgets()

    def release(self) -> None:
        self.reason, self.told = None, set()


PAUSE = Pause()  # the kernel's one page


def _pause_core_widgets() -> None:
    """Make ipywidgets' own widgets (an answer box's field and Check, the language switch) meet the pause too.

    Installed when a class page joins (or the first time a pause is held), so a kernel that never joins a class
    keeps ipywidgets as it is. A donkeylab widget decides in ``PageGuard._handle_msg``; every other widget's
    update is sent back at the kernel's value and its click dropped while paused. A widget's comm holds the
    handler it was opened with (a bound method, not looked up again), so every open widget is pointed at the
    new one here; widgets opened later get it from the class."""
    import ipywidgets as w

    original = w.Widget._handle_msg
    if getattr(original, "_donkeylab_pause", False):
        return

    def handle(self: Any, msg: Any) -> None:
        if PAUSE.reason is not None and not isinstance(self, PageGuard):
            data: dict[str, Any] = (msg.get("content", {}).get("data") if isinstance(msg, dict) else None) or {}
            method = data.get("method") if isinstance(data, dict) else None
            if method == "update":
                state = data.get("state")
                self.send_state([k for k in state if k in self.keys] if isinstance(state, dict) else None)
                return
            if method == "custom":
                return
        original(self, msg)

    handle._donkeylab_pause = True  # type: ignore[attr-defined]
    w.Widget._handle_msg = handle
    from ipywidgets.widgets import widget as core

    for widget in list(core._instances.values()):
        comm = getattr(widget, "comm", None)
        if comm is not None and not isinstance(widget, PageGuard) and type(widget)._handle_msg is handle:
            comm.on_msg(widget._handle_msg)


def _only_language(method: Any, data: dict[str, Any]) -> bool:
    """A message that changes nothing but the page's language (allowed while paused)."""
    state = data.get("state")
    return method == "update" and isinstance(state, dict) and set(state) == {"lang"}


class PageGuard:
    """Mixin in front of an ipywidgets ``Widget``: rate limit, heartbeat and trait allowlist (module docstring).

    A widget lists the traits its page may write in ``page_writable`` and overrides ``_page_says`` to show a
    sentence (the Stepper's ``error``, the LivePlot's ``error``); ``_page_lang`` is the language of it.
    """

    page_writable: ClassVar[frozenset[str]] = frozenset()
    pause_exempt: ClassVar[bool] = False  # True: the page's messages pass while the class is paused

    def _handle_msg(self, msg: Any) -> None:
        widget: Any = self
        try:
            data = msg["content"]["data"]
            method = data["method"]
        except (KeyError, TypeError):
            return
        if not isinstance(data, dict):
            return
        content = data.get("content")
        if method == "custom" and isinstance(content, dict) and "ping" in content:
            ping = whole_number(content.get("ping"), 0, MAX_PING)
            if len(content) == 1 and ping is not None and PING_LIMIT.take():
                widget.send({"pong": ping})
            return
        if not PAGE_LIMIT.take():
            if PAGE_LIMIT.tell():
                self._page_says(say("flood", self._page_lang()))
            return
        if (
            PAUSE.reason is not None
            and not self.pause_exempt
            and method != "request_state"
            and not _only_language(method, data)
        ):
            if id(self) not in PAUSE.told:
                PAUSE.told.add(id(self))
                self._page_says(PAUSE.reason(self._page_lang()))
            if method == "update" and isinstance(data.get("state"), dict):
                widget.send_state([k for k in data["state"] if k in widget.keys])  # the page's value goes back
            return
        if method == "update":
            self._page_update(data.get("state"), data.get("buffer_paths"), msg.get("buffers"))
        elif method == "request_state":
            widget.send_state()
        elif method == "custom" and isinstance(content, dict):
            widget._handle_custom_msg(content, [])

    def _page_update(self, state: Any, buffer_paths: Any, buffers: Any) -> None:
        """Apply the writable traits one by one; everything refused goes back to the browser at the kernel's value."""
        widget: Any = self
        if not isinstance(state, dict):
            return
        lang = self._page_lang()
        refused: list[str] = []
        sentence = ""
        for name, value in state.items():
            if name not in widget.keys:
                continue
            if name not in self.page_writable or buffer_paths or buffers:
                refused.append(name)
                sentence = say("read_only", lang, name=name)
                continue
            try:
                widget.set_state({name: value})
            except Refused as exc:
                refused.append(name)
                sentence = str(exc)
            except (t.TraitError, TypeError, ValueError, OverflowError):
                refused.append(name)
                sentence = say("refused", lang, value=short(value), name=name)
        if refused:
            widget.send_state(refused)
            self._page_says(sentence)

    def _page_lang(self) -> str:
        lang = getattr(self, "lang", "en")
        return lang if lang in ("en", "de") else "en"

    def _page_says(self, text: str) -> None:
        """Show ``text`` to the page (a widget without a message area says nothing)."""
