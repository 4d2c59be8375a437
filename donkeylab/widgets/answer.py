"""``AnswerBox``: a pupil types an answer, presses Check and reads "correct", "close" or "not yet".

The reading and the checking are ``core.answers`` (pure, tested without widgets; one rule for every box: the
exact value or a rounding of it that keeps two significant digits); this module is the box and its words.
Plain ipywidgets (a text field, two buttons, an HTML line): nothing to draw that needs JS.

Feedback follows the lesson's rule: a hint after the first miss, the worked solution after the second (or
when the pupil asks for it). A known wrong answer (an exercise's ``mistakes``) gets its own hint at once: it
says what that answer got wrong. A malformed answer, or a probability typed without its % sign, gets a
sentence and does not count as a miss. Right and wrong are told by a mark (✓ / ✗) and the words, with a
colour beside them, never by colour alone (``FEEDBACK_STYLE``; every pair of colours ≥ 4.5:1). The page is
untrusted: the field's value is cut to ``MAX_FIELD`` characters in the kernel (a forged 5 MB value never
reaches the parser) and a sentence quotes at most ``answers.QUOTE_CHARS`` characters of it.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as w
import traitlets as t

from donkeylab.core import CATALOGUE, answers, numbers
from donkeylab.core.say import texts

MAX_FIELD = 200  # characters the kernel keeps of the field; answers.parse refuses anything over 40

_TEXTS = {
    "check": ("Check", "Prüfen"),
    "show": ("Show the solution", "Lösung zeigen"),
    # a number no exercise has as its answer (3/28 was Lesson 3's first answer)
    "placeholder": ("e.g. 3/8, 0.375 or 37.5 %", "z. B. 3/8, 0,375 oder 37,5 %"),
    "placeholder_whole": ("a whole number, e.g. 12", "eine ganze Zahl, z. B. 12"),
    "correct": ("Correct! {value} is right.", "Richtig! {value} stimmt."),
    # 1/9 for 3/28: both are 0.11 to two figures, the page's rule, but 1/9 is not the exact answer (a reviewer)
    "correct_near": (
        "Correct to two significant figures: {value} and the exact answer {exact} both round to {rounded}.",
        "Richtig auf zwei gültige Ziffern: {value} und die exakte Antwort {exact} ergeben gerundet beide {rounded}.",
    ),
    "close": (
        "Close: {value} is near, but not near enough. Check your last step.",
        "Knapp: {value} ist nah dran, aber nicht nah genug. Prüf deinen letzten Schritt.",
    ),
    # the right number, rounded at the wrong place (10.8 % for 10.71… %): a slip, said apart from a wrong idea
    "rounding_slip": (
        "Close: {value} is nearly right, but rounded wrongly. Check your rounding at the last digit you keep.",
        "Knapp: {value} ist fast richtig, aber falsch gerundet. Prüf das Runden an der letzten Ziffer, die du "
        "behältst.",
    ),
    # "1 in 4" for 26.7 %: the nearest whole N, yet no "1 in N" with a whole N gives the answer's two figures
    "one_in_rough": (
        "Close: {value} is near, but “1 in N” with a whole number N is too rough here. Give a fraction, or a "
        "decimal or percentage with two significant figures.",
        "Knapp: {value} ist nah dran, aber „1 von N“ mit einer ganzen Zahl N ist hier zu grob. Gib einen Bruch an "
        "oder eine Dezimal- oder Prozentzahl mit zwei gültigen Ziffern.",
    ),
    "more_digits": (
        "Close: {value} is rounded too much. Keep at least two digits (not counting zeros at the front).",
        "Knapp: {value} ist zu stark gerundet. Behalte mindestens zwei Ziffern (Nullen vorne zählen nicht).",
    ),
    "not_yet": ("Not yet: {value} is not the answer.", "Noch nicht: {value} ist nicht die Antwort."),
    "percent_sign": (
        "{value} is more than 1, but a probability is never more than 1. If you mean {value} %, type the % sign.",
        "{value} ist mehr als 1, aber eine Wahrscheinlichkeit ist nie größer als 1. Wenn du {value} % meinst, "
        "schreib das %-Zeichen dazu.",
    ),
    "hint": ("Hint: {hint}", "Tipp: {hint}"),
    "solution": ("Solution: {solution}", "Lösung: {solution}"),
    # said once per page, under the exercises' heading (``parts.Exercises``), and once per worksheet
    "rounding": (
        "An answer is right when its first two significant figures are right. Give a fraction, or a decimal or "
        "percentage rounded to at least two significant figures. Three examples: 0.38 (not 0.4); 38 % (not 40 %); "
        "0.0038 (not 0.004); exact values like 0.5 are right too, and a fraction or “1 in N” counts when, rounded, "
        "it gives the same two figures.",
        "Eine Antwort ist richtig, wenn ihre ersten zwei gültigen Ziffern stimmen. Gib einen Bruch an oder eine "
        "Dezimal- oder Prozentzahl, gerundet auf mindestens zwei gültige Ziffern. Drei Beispiele: 0,38 (nicht 0,4); "
        "38 % (nicht 40 %); 0,0038 (nicht 0,004); exakte Werte wie 0,5 sind auch richtig, und ein Bruch oder "
        "„1 von N“ zählt, wenn er gerundet dieselben zwei Ziffern ergibt.",
    ),
    "tolerance": (
        "An answer within {tolerance} of the exact value counts as correct too.",
        "Eine Antwort, die höchstens {tolerance} vom exakten Wert abweicht, zählt auch als richtig.",
    ),
    "exact_only": ("Give the exact number.", "Gib die genaue Zahl an."),
    "not_text": ("Type a number, for example 3/8.", "Gib eine Zahl ein, zum Beispiel 3/8."),
    "too_long": (
        "That answer is too long: a number like 3/8, 0.375 or 37.5 % is enough.",
        "Diese Antwort ist zu lang: Eine Zahl wie 3/8, 0,375 oder 37,5 % reicht.",
    ),
    "empty": ("Type your answer first.", "Gib zuerst deine Antwort ein."),
    "unreadable": (
        "“{text}” is not a number I can read. Write it like 3/8, 0.375, 37.5 % or 1 in 8.",
        "„{text}“ kann ich nicht als Zahl lesen. Schreib sie wie 3/8, 0,375, 37,5 % oder 1 von 8.",
    ),
    "odds": (
        "“{text}” reads as odds: {a} to {b} means {a} in {n}. Write the probability, like {a} in {n} or {a}/{n}.",
        "„{text}“ ist ein Chancenverhältnis: {a} zu {b} heißt {a} von {n}. Schreib die Wahrscheinlichkeit, etwa "
        "{a} von {n} oder {a}/{n}.",
    ),
    "divide_by_zero": ("“{text}” divides by zero.", "„{text}“ teilt durch null."),
}
CATALOGUE.add_all(_TEXTS, prefix="answer/")
say = texts("answer/", terms=True)  # say(key, lang, **data): the answer box's sentence in ``lang``


# Ink and background of the feedback per outcome, each pair ≥ 4.5:1 (WCAG AA; tests/widgets/test_answer_box.py
# computes it); the mark and the words carry the verdict, the colour only repeats it.
COLOURS: dict[str, tuple[str, str]] = {
    "correct": ("#1b5e20", "#e8f5e9"),
    "close": ("#9b1c1c", "#fdecea"),
    "mistake": ("#9b1c1c", "#fdecea"),
    "not_yet": ("#9b1c1c", "#fdecea"),
    "percent_sign": ("#8a4b00", "#fff4e5"),
    "malformed": ("#8a4b00", "#fff4e5"),
}
MARKS = {"correct": "✓", "close": "✗", "mistake": "✗", "not_yet": "✗"}
Mistakes = Sequence[tuple[Fraction, Callable[[str], str]]]


def exact_words(exact: Fraction, lang: str) -> str:
    """The exact answer as a sentence quotes it: its fraction when short (3/28), else its decimal's first five
    figures (0.17976…, not 3913007381/21767823360)."""
    if exact.denominator <= 1000:
        return str(exact)
    return f"{numbers.decimal(exact, lang, 5)}…"


def tolerance_text(tolerance: Fraction, lang: str) -> str:
    """The exercise's tolerance as a plain decimal (0.00001, never 1e-05), in the language's writing."""
    return numbers.trimmed(tolerance, lang)


class BoundedText(w.Text):  # type: ignore[misc]
    """A text field whose value the kernel cuts to ``MAX_FIELD`` characters, whatever the page sends."""

    @t.validate("value")
    def _cut(self, proposal: dict[str, Any]) -> str:
        value = proposal["value"]
        return value[:MAX_FIELD] if isinstance(value, str) else ""


class AnswerBox(w.VBox):  # type: ignore[misc]
    """One exercise's answer field: ``AnswerBox(Fraction(3, 28), Fraction(0), hint, solution)``.

    ``hint`` and ``solution`` are functions of the language (a lesson's catalogue entries). ``tolerance``
    is an extra absolute slack in the answer's units (0: the one rounding rule of ``core.answers`` alone).
    ``rule`` False: the box does not repeat the rounding rule under itself (a lesson page says it once, above
    its exercises); a whole-number answer's "give the exact number" and a tolerance are still said.
    ``mistakes``: known wrong answers, each with its own hint (a function of the language), shown at once
    when the pupil types that answer. ``check()`` and ``show_solution()`` are what the buttons do.
    """

    def __init__(
        self,
        exact: Fraction,
        tolerance: Fraction,
        hint: Callable[[str], str],
        solution: Callable[[str], str],
        lang: str = "en",
        near: Fraction | None = None,
        mistakes: Mistakes = (),
        rule: bool = True,
    ) -> None:
        self.exact, self.tolerance, self.near = Fraction(exact), Fraction(tolerance), near
        self.says_rule = rule  # False: the page states the rounding rule once, above its exercises
        self.hint, self.solution = hint, solution
        self.mistakes = [(Fraction(value), why) for value, why in mistakes]
        self.misses = 0
        self.verdict: answers.Verdict | None = None
        self.typed = ""  # the text the verdict judged, said back in the feedback
        self.solved = self.solution_shown = False
        self.on_check: list[Callable[[AnswerBox], None]] = []  # told after every check (class mode's progress)
        # The value goes to the kernel when the field is left (or Enter), not per keystroke: ipywidgets holds a
        # model's update back while its previous one awaits the kernel, but sends a click at once, so under load
        # Check would overtake the last keystroke and judge "1/777" for a typed "1/7776".
        self.field = BoundedText(layout=w.Layout(width="16em"), continuous_update=False)
        self.check_button = w.Button(button_style="primary", icon="check")
        self.check_button.on_click(lambda _b: self.check())
        self.show_button = w.Button(icon="lightbulb-o")
        self.show_button.on_click(lambda _b: self.show_solution())
        self.feedback = w.HTML()
        self.rule = w.HTML()  # what counts as right, stated for this exercise
        self.lang = lang
        super().__init__([w.HBox([self.field, self.check_button, self.show_button]), self.rule, self.feedback])
        self.add_class("dl-answer")
        self.set_lang(lang)

    def check(self) -> answers.Verdict:
        """Read the field, judge it, count a miss (a malformed answer or a missing % sign is no miss) and
        redraw the feedback."""
        self.typed = str(self.field.value)
        known = [value for value, _ in self.mistakes]
        verdict = answers.check(self.typed, self.exact, self.tolerance, self.near, known)
        self.verdict = verdict
        if verdict.outcome == "correct":
            self.solved = True
        elif verdict.outcome not in ("malformed", "percent_sign"):
            self.misses += 1
            if self.misses >= 2:
                self.solution_shown = True
        self._draw()
        for callback in self.on_check:
            callback(self)
        return verdict

    def show_solution(self) -> None:
        self.solution_shown = True
        self._draw()

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.check_button.description = say("check", lang)
        self.show_button.description = say("show", lang)
        whole = self.exact.denominator == 1  # a count: "e.g. 3/8" would suggest a fraction is asked for
        self.field.placeholder = say("placeholder_whole" if whole else "placeholder", lang)
        rule = [say("exact_only", lang)] if whole else [say("rounding", lang)] if self.says_rule else []
        if self.tolerance:
            rule.append(say("tolerance", lang, tolerance=tolerance_text(self.tolerance, lang)))
        self.rule.value = f"<small>{' '.join(rule)}</small>" if rule else ""
        self._draw()

    def feedback_text(self) -> str:
        """The feedback as plain sentences (what the HTML line shows, without the mark), for tests and
        notebooks."""
        lang, parts = self.lang, []
        verdict = self.verdict
        said = answers.quote(self.typed)
        if verdict is not None:
            if verdict.outcome == "malformed":
                odds = answers.odds_as_chance(self.typed) if verdict.problem == "answer/odds" else None
                more = {"a": odds[0], "b": odds[1] - odds[0], "n": odds[1]} if odds else {}
                parts.append(say(verdict.problem.removeprefix("answer/"), lang, text=said, **more))
            elif verdict.outcome == "mistake":
                assert verdict.mistake is not None
                parts.append(say("not_yet", lang, value=said))
                parts.append(say("hint", lang, hint=self.mistakes[verdict.mistake][1](lang)))
            elif verdict.problem == "answer/correct_near":
                rounded = numbers.trimmed(answers.two_figures(self.exact), lang)
                parts.append(
                    say("correct_near", lang, value=said, exact=exact_words(self.exact, lang), rounded=rounded)
                )
            else:
                key = verdict.problem.removeprefix("answer/") or verdict.outcome
                parts.append(say(key, lang, value=said))
                if verdict.outcome in ("close", "not_yet") and self.misses >= 1 and not self.solution_shown:
                    parts.append(say("hint", lang, hint=self.hint(lang)))
        if self.solution_shown:
            parts.append(say("solution", lang, solution=self.solution(lang)))
        return "\n".join(parts)

    def _draw(self) -> None:
        outcome = "" if self.verdict is None else self.verdict.outcome
        lines = [html.escape(line) for line in self.feedback_text().split("\n") if line]
        if lines and outcome in MARKS:
            lines[0] = f"<span class='dl-mark' aria-hidden='true'>{MARKS[outcome]}</span> {lines[0]}"
        ink, paper = COLOURS.get(outcome, ("inherit", "transparent"))
        style = f"color:{ink};background:{paper};padding:2px 8px;border-radius:4px" if outcome else ""
        body = "".join(f"<p>{line}</p>" for line in lines)
        self.feedback.value = (
            f"<div class='dl-feedback dl-{outcome or 'none'}' role='status' style='{style}'>{body}</div>"
        )

    def __repr__(self) -> str:
        return f"AnswerBox({self.exact})"
