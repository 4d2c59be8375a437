"""Building blocks of a lesson page: bilingual text, a prediction to commit to, an exact answer, exercises.

Every part follows one language switch (``set_lang``), so a lesson app is readable in English or German.
Texts are given as ``T(en, de)``. Exact answers are shown as a Fraction and a decimal; a Fraction too
long to read (more than ``MAX_DIGITS`` digits) is not shown at all: a probability becomes a percentage and
"about 1 in N", any other value a rounded decimal. A pupil page never shows a number of 1,000 digits.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, NamedTuple

import ipywidgets as w

MAX_DIGITS = 12  # a numerator or denominator longer than this is not shown: the value is rounded


class T(NamedTuple):
    """A text in English and German."""

    en: str
    de: str

    def get(self, lang: str) -> str:
        return self.de if lang == "de" else self.en


def fraction_html(value: Fraction | int | float, digits: int = 4, lang: str = "en", probability: bool = False) -> str:
    """``31/216 ≈ 0.1435``; a Fraction too long to read is rounded: ``≈ 23.0 % (about 1 in 4)`` when the caller
    says it is a ``probability``, ``≈ 1.3396`` for any other value (an average of 0.96 points is no 96 %)."""
    point = "," if lang == "de" else "."
    decimal = f"{float(value):.{digits}f}".replace(".", point)
    if not isinstance(value, Fraction):
        return f"<b>{decimal}</b>"
    if value.denominator == 1:
        return f"<b>{value.numerator}</b>"
    num, den = str(value.numerator), str(value.denominator)
    if max(len(num), len(den)) <= MAX_DIGITS:
        return f"<b>{num}/{den}</b> ≈ {decimal}"
    if not probability:
        return f"<b>≈ {decimal}</b>"
    words = percent_words(value, lang)
    return f"<b>{html.escape(words)}</b>" if words.startswith("<") else f"<b>≈ {html.escape(words)}</b>"


def percent_words(p: Fraction | float, lang: str = "en") -> str:
    """A probability as a pupil reads it: ``23.0 % (about 1 in 4)`` / ``23,0 % (etwa 1 von 4)``; above one
    half the percentage alone ("about 1 in 1" says nothing)."""
    x = float(p)
    if x < 0.001:
        shown = "< 0.1 %"
    else:
        shown = f"{100 * x:.1f} %"
    if x > 0.5:
        return shown.replace(".", ",") if lang == "de" else shown
    n = f"{round(1 / x):,}" if x > 0 else "∞"
    if lang == "de":
        return f"{shown.replace('.', ',')} (etwa 1 von {n.replace(',', '.')})"
    return f"{shown} (about 1 in {n})"


class Text(w.HTML):  # type: ignore[misc]
    """An HTML paragraph that switches language with the page."""

    def __init__(self, text: T, tag: str = "p", lang: str = "en") -> None:
        self.text, self.tag = text, tag
        super().__init__()
        self.set_lang(lang)

    def set_lang(self, lang: str) -> None:
        self.value = f"<{self.tag}>{self.text.get(lang)}</{self.tag}>"

    def __repr__(self) -> str:
        return f"Text({self.text.en[:40]!r})"


class Prediction(w.VBox):  # type: ignore[misc]
    """Commit to a guess first: a slider (``low``..``high``) or a choice; Reveal shows it beside the answer."""

    def __init__(
        self,
        prompt: T,
        answer: Any,
        answer_text: T,
        *,
        choices: Sequence[Any] | None = None,
        low: float = 0.0,
        high: float = 1.0,
        step: float = 0.01,
        lang: str = "en",
    ) -> None:
        self.prompt, self.answer, self.answer_text = prompt, answer, answer_text
        self.label = w.HTML()
        if choices is not None:
            self.input: w.ValueWidget = w.ToggleButtons(options=list(choices), value=None)
        else:
            self.input = w.FloatSlider(value=(low + high) / 2, min=low, max=high, step=step, readout_format=".2f")
        self.button = w.Button(button_style="warning", icon="eye")
        self.button.on_click(lambda _b: self.reveal())
        self.result = w.HTML()
        self.revealed = False
        self.lang = lang
        super().__init__([self.label, self.input, self.button, self.result])
        self.add_class("dl-prediction")
        self.set_lang(lang)

    @property
    def guess(self) -> Any:
        return self.input.value

    def reveal(self) -> None:
        """What the Reveal button does: the guess stays, the answer appears beside it."""
        self.revealed = True
        self._draw_result()

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.label.value = f"<b>{html.escape(self.prompt.get(lang))}</b>"
        self.button.description = "Zeig die Antwort" if lang == "de" else "Reveal the answer"
        self._draw_result()

    def _draw_result(self) -> None:
        if not self.revealed:
            self.result.value = ""
            return
        de = self.lang == "de"
        guess = "—" if self.guess is None else html.escape(str(self.guess))
        self.result.value = (
            f"<div class='dl-reveal'>{'Dein Tipp' if de else 'Your guess'}: <b>{guess}</b> · "
            f"{'Die Antwort' if de else 'The answer'}: {self.answer_text.get(self.lang)}</div>"
        )

    def __repr__(self) -> str:
        return f"Prediction({self.prompt.en[:40]!r})"


class Exercises(w.HTML):  # type: ignore[misc]
    """Numbered exercises, each answer folded away until the pupil opens it."""

    def __init__(self, items: Sequence[tuple[T, T]], lang: str = "en") -> None:
        self.items = list(items)
        super().__init__()
        self.set_lang(lang)

    def set_lang(self, lang: str) -> None:
        title = "Übungen" if lang == "de" else "Exercises"
        show = "Antwort zeigen" if lang == "de" else "Show the answer"
        rows = "".join(
            f"<li><p>{q.get(lang)}</p><details><summary>{show}</summary><p>{a.get(lang)}</p></details></li>"
            for q, a in self.items
        )
        self.value = f"<h3>{title}</h3><ol class='dl-exercises'>{rows}</ol>"

    def __repr__(self) -> str:
        return f"Exercises({len(self.items)})"


class LanguageSwitch(w.ToggleButtons):  # type: ignore[misc]
    """English / Deutsch for a whole page: calls ``set_lang`` or sets ``lang`` on every part it is given."""

    def __init__(self, parts: Sequence[Any], lang: str = "en") -> None:
        super().__init__(options=[("English", "en"), ("Deutsch", "de")], value=lang)
        self.parts = list(parts)
        self.observe(lambda ch: self.apply(ch["new"]), names="value")

    def apply(self, lang: str) -> None:
        for part in self.parts:
            if hasattr(part, "set_lang"):
                part.set_lang(lang)
            elif hasattr(part, "lang"):
                part.lang = lang

    def __repr__(self) -> str:
        return f"LanguageSwitch({self.value!r})"
