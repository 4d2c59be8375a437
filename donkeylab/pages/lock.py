"""``LockIn``: a pupil's "Lock in my guess" in class mode, locking the guess the pupil sees.

The prediction's input (a slider or a choice) syncs its value to the kernel on its own; a click on a plain
button beside it could overtake the slider's last update, and the kernel would then store a guess the pupil
never saw (0.53 locked while the page shows 0.55). Here the click message carries the input's value
as the page holds it (``widgets/class_lock.js``), and the kernel checks it like any page input: a number in
the slider's range on its step, or the index of a choice. Everything drawn (label, enabled, status) is the
kernel's; the page writes no trait.

A click never does nothing in silence: the page says "sending" at once, and when no answer comes from the
kernel (the server has gone: its heartbeat's pong is missing) that the guess was NOT saved and why. A
disabled button always says why (joining, locked in, closed). The words are the kernel's, sent ahead
(``texts``): when they are needed the kernel may be gone.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import anywidget
import ipywidgets as w
import traitlets as t

from donkeylab.core.say import texts
from donkeylab.widgets import assets
from donkeylab.widgets.guard import PageGuard, page_texts
from donkeylab.widgets.kit import widget_ref

TEXTS = {
    "sending": ("Sending your guess …", "Deine Schätzung wird gesendet …"),
    "unsaved": (
        "Not saved: this page has lost its connection to the server, so your guess did not reach your teacher. "
        "Reload the page, then lock in your guess again.",
        "Nicht gespeichert: Diese Seite hat die Verbindung zum Server verloren, deine Schätzung ist nicht bei "
        "deiner Lehrkraft angekommen. Lade die Seite neu und leg deine Schätzung dann noch einmal fest.",
    ),
    "unsaved.solo": (
        "Not locked in: this page has lost its connection to the server. Reload the page, then lock in your "
        "guess again.",
        "Nicht festgelegt: Diese Seite hat die Verbindung zum Server verloren. Lade die Seite neu und leg deine "
        "Schätzung dann noch einmal fest.",
    ),
    "joining": (
        "Connecting to the class: you can lock in your guess in a moment.",
        "Verbindung zur Klasse wird hergestellt: Gleich kannst du deine Schätzung festlegen.",
    ),
}
say = texts("classlock/", TEXTS)


def lock_texts(lang: str, solo: bool = False) -> dict[str, str]:
    """The words a lock's page needs before it needs them: sending, not saved (the kernel gone), joining;
    ``solo``: a pupil's own page (``guess_first``), where no teacher waits for the guess."""
    texts = {key: say(key, lang) for key in TEXTS if key != "unsaved.solo"} | page_texts(lang)
    if solo:
        texts["sending"] = ""
        texts["unsaved"] = say("unsaved.solo", lang)
    return texts


class LockIn(PageGuard, anywidget.AnyWidget):
    """The lock-in button and its status for ``input`` (a ``FloatSlider`` or ``ToggleButtons``); ``on_lock``
    gets the checked value (a float, or the chosen option) when the page asks to lock it."""

    _esm = assets.text("heartbeat.js", "class_lock.js")  # the heartbeat: a click the kernel never got is said
    _css = assets.asset("class_lock.css")

    input = widget_ref("the prediction's input whose value the page sends with a click")
    reader = t.Unicode("value", help="the input's trait the page reads: 'value' (slider) or 'index' (choice)").tag(
        sync=True
    )
    label = t.Unicode(help="the button's words").tag(sync=True)
    enabled = t.Bool(False, help="whether the button may be pressed (the kernel decides)").tag(sync=True)
    status = t.Unicode(help="the sentence under the button: no guess yet, locked in, closed").tag(sync=True)
    kind = t.Enum(("none", "locked", "closed", "refused"), "none", help="what the status says").tag(sync=True)
    lang = t.Enum(("en", "de"), "en", help="the page's language").tag(sync=True)
    texts = t.Dict(help="the page's own sentences (sending, not saved, joining), in its language").tag(sync=True)

    def __init__(
        self,
        source: w.ValueWidget,
        on_lock: Callable[[Any], None],
        lang: str = "en",
        solo: bool = False,
        prefer: Callable[[], Any] | None = None,
    ) -> None:
        self.on_lock = on_lock
        self.source = source
        # a guess the kernel holds that the page's click cannot carry yet (a typed guess the slider has not shown
        # on the page: ``pages.typed_guess``); None: the page's value stands
        self.prefer = prefer
        self.solo = solo  # a pupil's own page: its words name no teacher
        reader = "index" if isinstance(source, w.ToggleButtons) else "value"
        super().__init__(input=source, reader=reader, lang=lang, texts=lock_texts(lang, solo))
        self.on_msg(self._on_page)

    @t.observe("lang")
    def _lang_changed(self, change: Any) -> None:
        self.texts = lock_texts(change["new"], getattr(self, "solo", False))

    def _on_page(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("method") == "lock" and set(content) == {"method", "value"}:
            value = self.checked(content["value"])
            preferred = self.prefer() if self.prefer is not None else None
            if preferred is not None and value is not None:
                value = preferred  # a typed guess the page's click came too early to carry
            if value is not None and self.enabled:
                self.on_lock(value)

    def click(self, value: Any = None) -> None:
        """The Python twin of a click: ``value`` as the page would send it (default: the kernel's own)."""
        if value is None:
            value = getattr(self.source, self.reader)
        self._on_page(self, {"method": "lock", "value": value}, [])

    def checked(self, value: Any) -> Any:
        """The input's value the page sent, if it is one the input can hold; else None (refused, unsaid: the
        button only sends what the input shows)."""
        source = self.source
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            return None
        if isinstance(source, w.ToggleButtons):
            options = list(source.options)
            if not float(value).is_integer() or not 0 <= int(value) < len(options):
                return None
            option = options[int(value)]
            return option[1] if isinstance(option, tuple) else option
        low, high, step = float(source.min), float(source.max), float(source.step or 0)
        if not low <= float(value) <= high:
            return None
        if step > 0:
            value = low + round((float(value) - low) / step) * step
        return round(float(value), 9)

    def __repr__(self) -> str:
        return f"LockIn(enabled={self.enabled}, kind={self.kind!r})"
