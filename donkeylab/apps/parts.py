"""Building blocks of a lesson page: bilingual text, a prediction to commit to, an exact answer, exercises.

Every part follows one language switch (``set_lang``), so a lesson app is readable in English or German.
Texts are given as ``T(en, de)``. Exact answers are shown as a Fraction and a decimal; a Fraction too
long to read is rounded, with the whole exact value one click away (a folded ``<details>``).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, NamedTuple

import ipywidgets as w

MAX_DIGITS = 12  # a numerator or denominator longer than this is shown rounded, the exact value folded


class T(NamedTuple):
    """A text in English and German."""

    en: str
    de: str

    def get(self, lang: str) -> str:
        return self.de if lang == "de" else self.en


def fraction_html(value: Fraction | int | float, digits: int = 4, lang: str = "en") -> str:
    """``31/216 ≈ 0.1435``; a long Fraction rounded, its exact value in a folded ``<details>``."""
    point = "," if lang == "de" else "."
    if not isinstance(value, Fraction):
        return f"<b>{float(value):.{digits}f}</b>".replace(".", point)
    decimal = f"{float(value):.{digits}f}".replace(".", point)
    if value.denominator == 1:
        return f"<b>{value.numerator}</b>"
    num, den = str(value.numerator), str(value.denominator)
    if max(len(num), len(den)) <= MAX_DIGITS:
        return f"<b>{num}/{den}</b> ≈ {decimal}"
    de = lang == "de"
    summary = f"exakter Bruch ({len(den)}-stelliger Nenner)" if de else f"exact fraction ({len(den)}-digit denominator)"
    folded = f"<code style='word-break:break-all'>{num}/{den}</code>"
    return f"<b>≈ {decimal}</b> <details class='dl-exact-long'><summary>{summary}</summary>{folded}</details>"


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
