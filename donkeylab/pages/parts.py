"""Building blocks of a lesson page: text, a prediction to commit to, exercises a pupil answers.

Every part follows one language switch (``set_lang``), so a lesson app is readable in English or German.
Every text is a ``words.Say`` (a key of the core catalogue with its data); there is no other way to write a
bilingual sentence here. Numbers go through ``words.probability`` / ``words.value``: a percentage and
"about 1 in N" first, a fraction second and only when it is short, so a pupil page never shows a number of
1,000 digits.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Protocol

import ipywidgets as w

from donkeylab.pages import words as wd
from donkeylab.pages.typed_guess import TypedGuess
from donkeylab.pages.words import Say, words


class Speaks(Protocol):
    """Anything with a sentence per language: a ``Say``, or a function of the language."""

    def get(self, lang: str) -> str: ...


say = words(
    "parts/",
    {
        "reveal": ("Reveal the answer", "Antwort aufdecken"),  # the same words as the teacher's dashboard
        "your_guess": ("Your guess", "Deine Schätzung"),
        "no_guess": ("none (you did not set one)", "keine (du hast keine abgegeben)"),
        "reveal_waits": (
            "Lock in your guess first: then reveal the answer and compare.",
            "Leg zuerst deine Schätzung fest: Dann deck die Antwort auf und vergleiche.",
        ),
        "the_answer": ("The answer", "Die Antwort"),
        "exercises": ("Exercises", "Übungen"),
        "more_exercises": ("More exercises", "Weitere Übungen"),
        "show_answer": ("Show the answer", "Antwort zeigen"),
        "answer_here": ("Your answer:", "Deine Antwort:"),
        "why": ("Why it matters in the game", "Warum das im Spiel wichtig ist"),
    },
)


def fraction_html(value: Fraction | int | float, lang: str = "en", probability: bool = False) -> str:
    """An exact value in bold as a pupil reads it: a probability as ``10.7 % (about 1 in 9; exactly 3/28)``, any
    other value as ``31/24 ≈ 1.29`` or, when its fraction is long, ``≈ 1.29`` (an average is no percentage)."""
    if probability:
        return f"<b>{html.escape(wd.probability(value, lang))}</b>"
    return f"<b>{html.escape(wd.value(value, lang))}</b>"


class Text(w.HTML):  # type: ignore[misc]
    """An HTML paragraph that switches language with the page."""

    def __init__(self, text: Speaks, tag: str = "p", lang: str = "en") -> None:
        self.text, self.tag = text, tag
        super().__init__()
        self.set_lang(lang)

    def set_lang(self, lang: str) -> None:
        self.value = f"<{self.tag}>{self.text.get(lang)}</{self.tag}>"

    def __repr__(self) -> str:
        return f"Text({getattr(self.text, 'key', '')!r})"


class Prediction(w.VBox):  # type: ignore[misc]
    """Commit to a guess first: a slider (``low``..``high``) or a choice; Reveal shows it beside the answer."""

    def __init__(
        self,
        prompt: Speaks,
        answer: Any,
        answer_text: Speaks,
        *,
        choices: Sequence[Any] | None = None,
        low: float = 0.0,
        high: float = 1.0,
        step: float = 0.01,
        lang: str = "en",
    ) -> None:
        self.prompt, self.answer, self.answer_text = prompt, answer, answer_text
        self.label = w.HTML()
        self.choices = choices
        if choices is not None:  # a mapping {value: words} shows the words in the page's language
            self.input: w.ValueWidget = w.ToggleButtons(options=self._options(lang), value=None)
        else:
            # the slider's own readout is formatted in the browser, always with a point ("0.30" on a German
            # page): the kernel writes it instead, in the page's language (``readout``)
            self.input = w.FloatSlider(value=(low + high) / 2, min=low, max=high, step=step, readout=False)
        self.step = step
        self.readout = w.HTML(layout=w.Layout(min_width="3em"))
        self.readout.add_class("dl-readout")
        self.button = w.Button(button_style="warning", icon="eye", layout=w.Layout(width="auto"))
        self.button.on_click(lambda _b: self.reveal())
        self.result = w.HTML()
        self.revealed = False
        # Held: the answer waits for someone else (a class's teacher). A disabled button is disabled only in
        # the page, and a forged click reaches ``on_click`` all the same: the kernel itself refuses it here.
        self.held = False
        self.touched = False  # the pupil has set a guess (a slider's starting value is nobody's guess)
        self.stated: str | None = None  # the guess as someone else records it (class mode's locked guess)
        # Guess first on a pupil's own page (``guess_first``): Reveal waits until the guess is committed
        # (``commit``, the page's "Lock in"); a forged click is refused here and told why (``refusal``).
        self.guess_first = False
        self.committed: Any = None  # the locked guess: what the reveal compares, whatever the input says later
        self.refusal: Speaks | None = None  # why a Reveal was refused, said in the result line until the commit
        self.on_reveal: list[Callable[[], None]] = []  # the rest of the lesson, unsealed at the reveal
        # In a class, an answer sentence that also states a later question's answer (Lesson 2's "about 10 % after
        # the flip") is said briefly until that question is revealed too (``class_pupil``).
        self.brief: Speaks | None = None
        self.lang = lang
        # beside a slider, a guess typed ("1/81", "1.2 %"): a small answer needs a guess nearer 0 than a drag gives
        self.typed: TypedGuess | None = None
        if choices is None:
            self.typed = TypedGuess(self.input, lang, on_guess=self._typed_guess)
        shown = self.input if self.typed is None else w.VBox([w.HBox([self.input, self.readout]), self.typed])
        super().__init__([self.label, shown, self.button, self.result])
        self.add_class("dl-prediction")
        self.input.observe(self._touched, names="value")
        self.input.observe(lambda _c: self._draw_readout(), names="value")
        self.set_lang(lang)

    def _touched(self, _change: Any) -> None:
        self.touched = True

    def _typed_guess(self, _value: float) -> None:
        self.touched = True  # a typed guess is a guess, even one equal to where the slider sits
        self._draw_readout()

    @property
    def guess(self) -> Any:
        if self.committed is not None:
            return self.committed
        return self.input.value if self.touched else None

    def commit(self, value: Any) -> bool:
        """Lock ``value`` in as the pupil's guess (a value the input can hold, checked by the caller): the input
        shows it and stops taking changes. Once only, and never after the reveal; True if it was locked now."""
        if self.committed is not None or self.revealed or value is None:
            return False
        self.input.value = value
        self.committed, self.touched, self.refusal = value, True, None
        self.input.disabled = True
        self._draw_result()
        return True

    def reveal(self) -> None:
        """What the Reveal button does: the guess stays, the answer appears beside it (not while held, and with
        ``guess_first`` not before a committed guess: the result line then says why)."""
        if self.held or self.revealed:
            return
        if self.guess_first and self.committed is None:
            self.refusal = say("reveal_waits")
            self._draw_result()
            return
        self.revealed = True
        self._draw_result()
        for callback in self.on_reveal:
            callback()

    def _options(self, lang: str) -> list[Any]:
        if isinstance(self.choices, Mapping):
            return [(words.get(lang), value) for value, words in self.choices.items()]
        return list(self.choices or ())

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        if isinstance(self.choices, Mapping) and isinstance(self.input, w.ToggleButtons):
            kept, touched = self.input.value, self.touched
            self.input.options = self._options(lang)
            self.input.value = kept
            self.touched = touched  # new labels are not a guess
        self.label.value = f"<b>{self.prompt.get(lang)}</b>"
        self.button.description = say("reveal").get(lang)
        typed = getattr(self, "typed", None)
        if typed is not None:
            typed.set_lang(lang)
        self._draw_readout()
        self._draw_result()

    def _shown(self, value: Any) -> str:
        """A slider's value as the page's language writes it (0.30 / 0,30; on a finer step as many places as the
        value needs: 0.012, 0.50), anything else as it is."""
        if isinstance(value, float) and self.choices is None:
            places = 2
            while places < 6 and abs(round(value, places) - value) > 1e-9 and 10.0**-places > self.step / 2:
                places += 1
            return wd.decimal(value, self.lang, places)
        return str(value)

    def _draw_readout(self) -> None:
        self.readout.value = self._shown(self.input.value) if self.choices is None else ""

    def _draw_result(self) -> None:
        if not self.revealed:
            said = "" if self.refusal is None else self.refusal.get(self.lang)
            self.result.value = f"<div class='dl-refused' role='status'>{said}</div>" if said else ""
            return
        named = isinstance(self.choices, Mapping) and self.guess is not None
        shown = self.choices[self.guess].get(self.lang) if named else self.guess  # type: ignore[index]
        if self.stated is not None:
            shown = self.stated
        guess = say("no_guess").get(self.lang) if shown is None else html.escape(self._shown(shown))
        self.result.value = (
            f"<div class='dl-reveal'>{say('your_guess').get(self.lang)}: <b>{guess}</b> · "
            f"{say('the_answer').get(self.lang)}: {(self.brief or self.answer_text).get(self.lang)}</div>"
        )

    def __repr__(self) -> str:
        return f"Prediction({getattr(self.prompt, 'key', '')!r})"


class Exercise(w.VBox):  # type: ignore[misc]
    """One exercise: its question, and either an answer box (a number to type) or a folded answer."""

    def __init__(self, number: int, question: Speaks, answer: Speaks, box: Any = None, lang: str = "en") -> None:
        self.number, self.question, self.answer, self.box = number, question, answer, box
        self.head = w.HTML()
        self.folded = w.HTML()
        super().__init__([self.head, box] if box is not None else [self.head, self.folded])
        self.add_class("dl-exercise")
        self.set_lang(lang)

    def set_lang(self, lang: str) -> None:
        self.head.value = f"<p><b>{self.number}.</b> {self.question.get(lang)}</p>"
        self.folded.value = (
            f"<details><summary>{say('show_answer').get(lang)}</summary><p>{self.answer.get(lang)}</p></details>"
        )
        if self.box is not None:
            self.box.set_lang(lang)


class Folded(w.Accordion):  # type: ignore[misc]
    """Widgets folded under a title that switches language (closed at first): what a pupil may open, not read
    on the way (a lesson's going further, a side table)."""

    def __init__(self, title: Speaks, child: Any, lang: str = "en") -> None:
        super().__init__(children=[child], selected_index=None)
        self.title_text = title
        self.set_lang(lang)

    def set_lang(self, lang: str) -> None:
        self.set_title(0, self.title_text.get(lang))


class Exercises(w.VBox):  # type: ignore[misc]
    """Numbered exercises under one heading; ``items`` are (question, answer) pairs, ``boxes`` the answer
    box of each (None: the answer is folded away until the pupil opens it). ``first`` is the number of the
    first one and ``title`` the heading's key (a lesson's exercises beyond three are "more exercises", 4…).
    ``note``: said once under the heading (what an answer box counts as right), instead of under every box."""

    def __init__(
        self,
        items: Sequence[tuple[Speaks, Speaks]],
        lang: str = "en",
        boxes: Sequence[Any] | None = None,
        first: int = 1,
        title: str = "exercises",
        note: Speaks | None = None,
    ) -> None:
        self.items = list(items)
        self.title_key = title
        self.note_text = note
        boxes = list(boxes) if boxes is not None else [None] * len(self.items)
        self.title = w.HTML()
        self.note = w.HTML()
        self.exercises = [
            Exercise(first + i, q, a, b, lang) for i, ((q, a), b) in enumerate(zip(self.items, boxes, strict=False))
        ]
        super().__init__([self.title, self.note, *self.exercises])
        self.add_class("dl-exercises")
        self.set_lang(lang)

    @property
    def value(self) -> str:
        """Everything the exercises say now, as one HTML text (what a pupil can read, answers folded)."""
        text: str = self.title.value + self.note.value + "".join(e.head.value + e.folded.value for e in self.exercises)
        return text

    def set_lang(self, lang: str) -> None:
        self.title.value = f"<h3>{say(self.title_key).get(lang)}</h3>"
        self.note.value = (
            "" if self.note_text is None else f"<p class='dl-answer-rule'><small>{self.note_text.get(lang)}</small></p>"
        )
        for exercise in self.exercises:
            exercise.set_lang(lang)

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


def by_lang(render: Callable[[str], str]) -> Speaks:
    """A function of the language used where a ``Say`` is expected (HTML built from catalogue words)."""

    class _Rendered:
        def get(self, lang: str) -> str:
            return render(lang)

    return _Rendered()


__all__ = [
    "Exercise",
    "Exercises",
    "Folded",
    "LanguageSwitch",
    "Prediction",
    "Say",
    "Speaks",
    "Text",
    "by_lang",
    "fraction_html",
]


def side_by_side(parts: Sequence[Any]) -> list[Any]:
    """Simulations shown together (Lesson 2: the 7s without a flip and after it, from the same games) stand side by
    side where the screen is wide enough and wrap under each other on a phone: two plots stacked took a laptop's
    whole screen. Only the page's layout changes; ``Lesson.live`` stays the flat list the rest reads."""
    out: list[Any] = []
    run: list[Any] = []
    for part in [*parts, None]:
        if part is not None and hasattr(part, "hold_start"):  # a LivePlot
            run.append(part)
            continue
        if len(run) > 1:
            for plot in run:
                plot.layout.flex, plot.layout.min_width = "1 1 520px", "300px"
            row = w.HBox(run, layout=w.Layout(flex_flow="row wrap", align_items="flex-start", grid_gap="12px"))
            row.add_class("dl-side-by-side")
            out.append(row)
        else:
            out += run
        run = []
        if part is not None:
            out.append(part)
    return out
