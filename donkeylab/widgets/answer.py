"""``AnswerBox``: a pupil types an answer, presses Check and reads "correct", "close" or "not yet".

The reading and the checking are ``lab.answers`` (pure, tested without widgets); this module is the box and
its words. Plain ipywidgets (a text field, two buttons, an HTML line): nothing to draw that needs JS.

Feedback follows the lesson's rule: a hint after the first miss, the worked solution after the second (or
when the pupil asks for it). A malformed answer gets a sentence and does not count as a miss. The page is
untrusted: the field's value is cut to ``MAX_FIELD`` characters in the kernel (a forged 5 MB value never
reaches the parser) and a sentence quotes at most ``answers.QUOTE_CHARS`` characters of it.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import ipywidgets as w
import traitlets as t

from donkeylab.core import CATALOGUE
from donkeylab.lab import answers

MAX_FIELD = 200  # characters the kernel keeps of the field; answers.parse refuses anything over 40

_TEXTS = {
    "check": ("Check", "Prüfen"),
    "show": ("Show the solution", "Lösung zeigen"),
    "placeholder": ("e.g. 3/28, 0.107 or 10.7 %", "z. B. 3/28, 0,107 oder 10,7 %"),
    "correct": ("Correct! {value} is right.", "Richtig! {value} stimmt."),
    "close": (
        "Close: {value} is near, but not near enough. Check your rounding or your last step.",
        "Knapp: {value} ist nah dran, aber nicht nah genug. Prüf das Runden oder deinen letzten Schritt.",
    ),
    "not_yet": ("Not yet: {value} is not the answer.", "Noch nicht: {value} ist nicht die Antwort."),
    "hint": ("Hint: {hint}", "Tipp: {hint}"),
    "solution": ("Solution: {solution}", "Lösung: {solution}"),
    "tolerance": (
        "An answer within {tolerance} of the exact value counts as correct.",
        "Eine Antwort, die höchstens {tolerance} vom exakten Wert abweicht, zählt als richtig.",
    ),
    "exact_only": ("Give the exact number.", "Gib die genaue Zahl an."),
    "not_text": ("Type a number, for example 3/28.", "Gib eine Zahl ein, zum Beispiel 3/28."),
    "too_long": (
        "That answer is too long: a number like 3/28, 0.107 or 10.7 % is enough.",
        "Diese Antwort ist zu lang: Eine Zahl wie 3/28, 0,107 oder 10,7 % reicht.",
    ),
    "empty": ("Type your answer first.", "Gib zuerst deine Antwort ein."),
    "unreadable": (
        "“{text}” is not a number I can read. Write it like 3/28, 0.107 or 10.7 %.",
        "„{text}“ kann ich nicht als Zahl lesen. Schreib sie wie 3/28, 0,107 oder 10,7 %.",
    ),
    "divide_by_zero": ("“{text}” divides by zero.", "„{text}“ teilt durch null."),
}
CATALOGUE.add_all(_TEXTS, prefix="answer/")


def say(key: str, lang: str, **data: object) -> str:
    return CATALOGUE.render(f"answer/{key}", data, lang)


def tolerance_text(tolerance: Fraction, lang: str) -> str:
    """The exercise's tolerance as a plain decimal (0.00001, never 1e-05), in the language's writing."""
    text = f"{float(tolerance):.8f}".rstrip("0").rstrip(".")
    return text.replace(".", ",") if lang == "de" else text


def shown(value: Fraction, lang: str) -> str:
    """The value the pupil typed, said back rounded (a pupil's 0.1070000001 is not quoted in full)."""
    text = f"{float(value):.4g}"
    return text.replace(".", ",") if lang == "de" else text


class BoundedText(w.Text):  # type: ignore[misc]
    """A text field whose value the kernel cuts to ``MAX_FIELD`` characters, whatever the page sends."""

    @t.validate("value")
    def _cut(self, proposal: dict[str, Any]) -> str:
        value = proposal["value"]
        return value[:MAX_FIELD] if isinstance(value, str) else ""


class AnswerBox(w.VBox):  # type: ignore[misc]
    """One exercise's answer field: ``AnswerBox(Fraction(3, 28), Fraction(1, 1000), hint, solution)``.

    ``hint`` and ``solution`` are functions of the language (a lesson's catalogue entries). ``tolerance``
    is absolute in the answer's units. ``check()`` and ``show_solution()`` are what the buttons do.
    """

    def __init__(
        self,
        exact: Fraction,
        tolerance: Fraction,
        hint: Callable[[str], str],
        solution: Callable[[str], str],
        lang: str = "en",
        near: Fraction | None = None,
    ) -> None:
        self.exact, self.tolerance, self.near = Fraction(exact), Fraction(tolerance), near
        self.hint, self.solution = hint, solution
        self.misses = 0
        self.verdict: answers.Verdict | None = None
        self.solved = self.solution_shown = False
        # The value goes to the kernel when the field is left (or Enter), not per keystroke: ipywidgets holds a
        # model's update back while its previous one awaits the kernel, but sends a click at once, so under load
        # Check overtook the last keystroke and judged "1/777" for a typed "1/7776" (seen in a fresh run).
        self.field = BoundedText(layout=w.Layout(width="16em"), continuous_update=False)
        self.check_button = w.Button(button_style="primary", icon="check")
        self.check_button.on_click(lambda _b: self.check())
        self.show_button = w.Button(icon="lightbulb-o")
        self.show_button.on_click(lambda _b: self.show_solution())
        self.feedback = w.HTML()
        self.rule = w.HTML()  # the tolerance, stated for this exercise
        self.lang = lang
        super().__init__([w.HBox([self.field, self.check_button, self.show_button]), self.rule, self.feedback])
        self.add_class("dl-answer")
        self.set_lang(lang)

    def check(self) -> answers.Verdict:
        """Read the field, judge it, count a miss (a malformed answer is no miss) and redraw the feedback."""
        verdict = answers.check(self.field.value, self.exact, self.tolerance, self.near)
        self.verdict = verdict
        if verdict.outcome == "correct":
            self.solved = True
        elif verdict.outcome != "malformed":
            self.misses += 1
            if self.misses >= 2:
                self.solution_shown = True
        self._draw()
        return verdict

    def show_solution(self) -> None:
        self.solution_shown = True
        self._draw()

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.check_button.description = say("check", lang)
        self.show_button.description = say("show", lang)
        self.field.placeholder = say("placeholder", lang)
        rule = say("tolerance", lang, tolerance=tolerance_text(self.tolerance, lang)) if self.tolerance else None
        self.rule.value = f"<small>{rule or say('exact_only', lang)}</small>"
        self._draw()

    def feedback_text(self) -> str:
        """The feedback as plain sentences (what the HTML line shows), for tests and notebooks."""
        lang, parts = self.lang, []
        verdict = self.verdict
        if verdict is not None:
            if verdict.outcome == "malformed":
                key = verdict.problem.removeprefix("answer/")
                parts.append(say(key, lang, text=answers.quote(str(self.field.value))))
            else:
                assert verdict.value is not None
                parts.append(say(verdict.outcome, lang, value=shown(verdict.value, lang)))
                if verdict.outcome != "correct" and self.misses >= 1 and not self.solution_shown:
                    parts.append(say("hint", lang, hint=self.hint(lang)))
        if self.solution_shown:
            parts.append(say("solution", lang, solution=self.solution(lang)))
        return "\n".join(parts)

    def _draw(self) -> None:
        outcome = "" if self.verdict is None else self.verdict.outcome
        lines = "".join(f"<p>{html.escape(line)}</p>" for line in self.feedback_text().split("\n") if line)
        self.feedback.value = f"<div class='dl-feedback dl-{outcome or 'none'}' role='status'>{lines}</div>"

    def __repr__(self) -> str:
        return f"AnswerBox({self.exact})"
