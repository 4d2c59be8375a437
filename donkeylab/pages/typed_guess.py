"""A guess typed beside a prediction's slider: "1/81", "1.2 %", "0,012" or "1 in 80".

A slider is dragged to within a few hundredths; an answer of 1.2 % (Lesson 1's 1/81) needs a guess closer to 0
than that, and a pupil who thinks "about 1 in 100" should be able to say so. The typed text is read in the kernel
by the one reader of answers (``core.answers.parse``: the page is untrusted; ``BoundedText`` cuts a forged value),
kept in the slider's range and put on its step, and becomes the slider's value: the readout, the lock, class mode's
guess and the charts of guesses all read the slider as before.

The lock's click carries the slider's value as the page holds it (``pages.lock``); a pupil who types and at once
clicks "Lock in" sends the click before the page has heard the slider's new value. So the last typed guess is kept
(``pending``) until the slider moves by the pupil's hand, and the lock takes it first (``LockIn(prefer=...)``).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from donkeylab.core import answers
from donkeylab.pages.words import words
from donkeylab.widgets.answer import BoundedText

say = words(
    "typed_guess/",
    {
        "label": ("or type it:", "oder tippe sie ein:"),
        "placeholder": ("e.g. 30 % or 0.3", "z. B. 30 % oder 0,3"),
        "unreadable": (
            "Type a number from 0 to 1 (0.3), a percentage (30 %) or a fraction (3/10).",
            "Gib eine Zahl von 0 bis 1 (0,3), einen Prozentwert (30 %) oder einen Bruch (3/10) ein.",
        ),
    },
)


class TypedGuess(w.HBox):  # type: ignore[misc]
    """The field beside ``slider``: a readable guess in the slider's range sets the slider (on its step); anything
    else leaves it and says what to type. Disabled whenever the slider is (a locked guess, a closed question)."""

    def __init__(self, slider: w.FloatSlider, lang: str = "en", on_guess: Any = None) -> None:
        self.slider = slider
        self.on_guess = on_guess  # told each typed guess (a typed guess equal to the slider's value is one too)
        self.pending: float | None = None  # the last typed guess, until the slider moves by the pupil's hand
        self._writing = False
        self.label = w.HTML()
        self.field = BoundedText(continuous_update=False, layout=w.Layout(width="12em"))
        self.field.add_class("dl-typed-guess")
        self.note = w.HTML()
        super().__init__([self.label, self.field, self.note], layout=w.Layout(align_items="center", flex_flow="wrap"))
        self.field.observe(self._typed, names="value")
        slider.observe(self._moved, names="value")
        slider.observe(self._disabled, names="disabled")
        self.field.disabled = slider.disabled
        self.lang = lang
        self.set_lang(lang)

    def read(self, text: str) -> float | None:
        """The guess ``text`` says, in the slider's range and on its step; None if it says none."""
        reading = answers.parse(text)
        if reading.value is None:
            return None
        low, high, step = float(self.slider.min), float(self.slider.max), float(self.slider.step or 0)
        value = float(reading.value)
        if not low <= value <= high:
            return None
        if step > 0:
            value = min(high, max(low, low + round((value - low) / step) * step))
        return round(value, 9)

    def _typed(self, change: dict[str, Any]) -> None:
        if self._writing or self.slider.disabled:
            return
        text = str(change["new"]).strip()
        if not text:
            self._say("")
            return
        value = self.read(text)
        if value is None:
            self._say(say("unreadable").get(self.lang))
            return
        self._say("")
        self._writing = True
        try:
            self.slider.value = value
        finally:
            self._writing = False
        self.pending = value
        if self.on_guess is not None:
            self.on_guess(value)

    def _moved(self, _change: dict[str, Any]) -> None:
        """The slider moved: by a typed guess (kept pending) or by the pupil's hand (the field is cleared)."""
        if self._writing:
            return
        self.pending = None
        if self.field.value:
            self._writing = True
            try:
                self.field.value = ""
            finally:
                self._writing = False
            self._say("")

    def _disabled(self, change: dict[str, Any]) -> None:
        self.field.disabled = bool(change["new"])

    def _say(self, text: str) -> None:
        self.note.value = f"<span class='dl-refused' role='status'>{html.escape(text)}</span>" if text else ""

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.label.value = f"<span class='dl-typed-label'>{say('label').get(lang)}</span>"
        self.field.placeholder = say("placeholder").get(lang)
        if self.note.value:
            self._say(say("unreadable").get(lang))


def typed_pending(prediction: Any) -> Callable[[], float | None]:
    """What a lock prefers for ``prediction``: its last typed guess while the slider has not moved since (None for
    a prediction without a typed field, e.g. named choices)."""
    typed = getattr(prediction, "typed", None)
    return lambda: None if typed is None else typed.pending
