"""Guess first on a pupil's own lesson page (no class): guess → simulate → reveal → compare with your guess.

A guess made after seeing the simulation or the answer is not a guess. So on a sealed solo page (``page.page``
installs ``GuessFirst``) the pupil locks the guess in ("Lock in my guess", ``class_lock.LockIn``: the click
carries the value the page shows, checked in the kernel), and until then:

- every simulation on the page waits (``LivePlot.hold_start``: the kernel ignores the page's Start and the
  reason stands beside the greyed button), the same hold class mode uses;
- the Reveal waits (``Prediction.guess_first``: the kernel refuses the click and the result line says why).

After the lock the input takes no more changes (``Prediction.commit``), so the reveal compares the guess the pupil
made before simulating. At the reveal a **compare** section joins the answer: the pupil's guess beside the answer
and how far it was, in class mode's own words (``class_words.closeness``, with "about N times too big" for a
probability). Class mode switches the gate off (``off``): its guesses are locked with the class's own lock.

A notebook's ``parts()`` and a ``reveal=1`` page are not sealed and have no gate: everything is shown at once.
"""

from __future__ import annotations

import dataclasses
import html
from fractions import Fraction
from typing import Any

import ipywidgets as w

from donkeylab.pages import words as wd
from donkeylab.pages.guess_words import closeness
from donkeylab.pages.guess_words import say as class_say
from donkeylab.pages.lock import LockIn
from donkeylab.pages.parts import Text
from donkeylab.pages.typed_guess import typed_pending
from donkeylab.pages.words import words

say = words(
    "guessfirst/",
    {
        "choose": (
            "No guess yet: pick one of the answers above, then lock it in.",
            "Noch keine Schätzung: Wähl oben eine Antwort und leg sie dann fest.",
        ),
        "locked": (
            "Your guess {value} is locked in. Now run the simulation, then reveal the answer.",
            "Deine Schätzung {value} ist festgelegt. Lass jetzt die Simulation laufen und deck dann die Antwort auf.",
        ),
        "closed": (
            "Your guess {value} stays as you locked it in: compare it with the answer below.",
            "Deine Schätzung {value} bleibt, wie du sie festgelegt hast: Vergleiche sie unten mit der Antwort.",
        ),
        "start_waits": (
            "Lock in your guess first: then simulate.",
            "Leg zuerst deine Schätzung fest: Dann simuliere.",
        ),
        "heading": ("Compare with your guess", "Vergleiche mit deiner Schätzung"),
        "guessed": ("You guessed {guess}.", "Du hast {guess} geschätzt."),
        "chose": ("You chose: {guess}.", "Du hast gewählt: {guess}."),
        "wrong": (
            "Not this time. Look back at your simulation: did it point to the answer before you revealed it?",
            "Diesmal nicht. Schau noch einmal auf deine Simulation: Hat sie schon vor dem Aufdecken auf die "
            "Antwort gezeigt?",
        ),
        "then": (
            "Next, the exercises below: work them out with pencil and paper.",
            "Als Nächstes die Übungen unten: Rechne sie mit Stift und Papier aus.",
        ),
    },
)


class Compare(w.VBox):  # type: ignore[misc]
    """The compare section: the pupil's locked guess beside the answer, and how far it was (redrawn when the
    answer changes, e.g. Lesson 5's measurement arriving, and with the page's language)."""

    def __init__(self, prediction: Any, headline: Any, lang: str = "en") -> None:
        self.prediction, self.headline, self.lang = prediction, headline, lang
        self.heading = Text(say("heading"), "h3", lang)
        self.body = w.HTML()
        super().__init__([self.heading, self.body])
        self.add_class("dl-compare")
        prediction.result.observe(lambda _c: self.set_lang(self.lang), names="value")
        self.set_lang(lang)

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.heading.set_lang(lang)
        self.body.value = f"<div class='dl-compare-text'>{compare_html(self.prediction, self.headline, lang)}</div>"

    @property
    def value(self) -> str:
        """What the section says now (its heading and text), as one HTML text."""
        return str(self.heading.value) + str(self.body.value)


def compare_html(prediction: Any, headline: Any, lang: str) -> str:
    """The pupil's guess, the answer and how far apart they are, as sentences in ``lang``."""
    guess, answer = prediction.committed, prediction.answer
    shown = prediction.guess if prediction.committed is not None else None
    if shown is None:
        return ""
    answer_line = class_say("answer_is", lang, answer=prediction.answer_text.get(lang).rstrip(". "))
    if headline is not None and headline.kind == "choice":
        lines = [html.escape(say("chose", guess=str(shown)).get(lang)), answer_line]
        choices = list(headline.choices)
        if guess in choices and answer in choices:
            spec = dataclasses.replace(headline, exact=choices.index(answer))
            right = guess == answer
            lines.append(html.escape(closeness(spec, choices.index(guess), lang)) if right else say("wrong").get(lang))
    else:
        value = float(guess)
        percent = wd.decimal(100 * value, lang, 0 if round(100 * value, 6).is_integer() else 1)
        said = f"{prediction._shown(value)} ({percent} %)" if headline is not None else str(shown)
        lines = [html.escape(say("guessed", guess=said).get(lang)), answer_line]
        if headline is not None and isinstance(answer, (Fraction, int, float)):
            exact = wd.probability(answer, lang) if headline.kind == "probability" else wd.value(answer, lang)
            lines[1] = html.escape(class_say("answer_is", lang, answer=exact))  # 1.2 % (about 1 in 81; exactly 1/81)
            spec = dataclasses.replace(headline, exact=answer)
            lines.append(html.escape(closeness(spec, value, lang, times=True)))
    lines.append(say("then").get(lang))
    return "".join(f"<p>{line}</p>" for line in lines)


class GuessFirst:
    """The gate of one solo lesson page: the lock, what it holds (Start, Reveal) and the compare section."""

    def __init__(self, lesson: Any) -> None:
        self.lesson = lesson
        prediction = self.prediction = lesson.prediction
        self.lang: str = lesson.switch.value
        self.lock = LockIn(prediction.input, self._lock, self.lang, solo=True, prefer=typed_pending(prediction))
        self.plots = [x for x in lesson.widgets() if hasattr(x, "hold_start")]  # every simulation before the reveal
        self.compare: Compare | None = None
        self.on = True
        prediction.guess_first = True
        children = list(prediction.children)
        children[children.index(prediction.button) : 0] = [self.lock]
        prediction.children = children
        prediction.input.observe(lambda _c: self.draw(), names="value")
        lesson.on_unseal.append(self._revealed)
        lesson.switch.parts.append(self)
        self.draw()

    @property
    def locked(self) -> bool:
        return self.prediction.committed is not None

    def _lock(self, value: Any) -> None:
        """The page's "Lock in" with the value it showed (``LockIn.checked``): the guess, once."""
        if self.on and self.prediction.commit(value):
            self.draw()

    def set_lang(self, lang: str) -> None:
        self.lang = self.lock.lang = lang
        self.draw()

    def draw(self) -> None:
        """The lock's words and state, and what waits for it (each simulation's Start, both Reveal buttons)."""
        if not self.on:
            return
        prediction, lang = self.prediction, self.lang
        shown = None if prediction.guess is None else html.unescape(prediction._shown(prediction.guess))
        choosing = prediction.choices is not None and prediction.input.value is None
        if prediction.revealed:
            status, kind = say("closed", value=shown).get(lang) if shown is not None else "", "closed"
        elif self.locked:
            status, kind = say("locked", value=shown).get(lang), "locked"
        else:
            status, kind = (say("choose").get(lang) if choosing else class_say("no_guess", lang)), "none"
        with self.lock.hold_sync():
            self.lock.label = class_say("lock", lang)
            self.lock.enabled = not self.locked and not prediction.revealed and not choosing
            self.lock.kind, self.lock.status = kind, status
        waiting = not self.locked and not prediction.revealed
        prediction.button.disabled = waiting
        for box in getattr(self.lesson, "boxes", {}).values():
            box.button.disabled = waiting
        reason = say("start_waits").get(lang) if waiting else ""
        for plot in self.plots:
            plot.hold_start(reason)

    def _revealed(self) -> None:
        """The reveal: the compare section joins the answer's place (once), the lock says the guess stays."""
        box = self.lesson.boxes.get("exact") if self.on else None
        if box is not None and self.compare is None and self.prediction.revealed:
            from donkeylab.classroom.questions import question_specs

            try:
                headline = next(iter(question_specs(self.lesson.spec.name).values()))
            except (KeyError, AttributeError, StopIteration):
                headline = None
            self.compare = Compare(self.prediction, headline, self.lang)
            self.lesson.switch.parts.append(self.compare)
            box.children = (*box.children, self.compare)
        self.draw()

    def off(self) -> None:
        """Class mode: its own lock and hold take over; this gate lets go of everything it held."""
        self.on = False
        prediction = self.prediction
        prediction.guess_first, prediction.refusal = False, None
        prediction.children = [c for c in prediction.children if c is not self.lock]
        prediction.button.disabled = False
        for box in getattr(self.lesson, "boxes", {}).values():
            box.button.disabled = False
        for plot in self.plots:
            plot.hold_start("")


def install(lesson: Any) -> GuessFirst | None:
    """The gate of a sealed solo page (``page.page``); None for a page shown whole (notebook, ``reveal=1``)."""
    if not getattr(lesson, "sealed", False) or getattr(lesson, "prediction", None) is None:
        return None
    gate = GuessFirst(lesson)
    lesson.guess_gate = gate
    return gate


def off(lesson: Any) -> None:
    """Class mode joins the page: the solo gate is switched off (the class holds its own way)."""
    gate = getattr(lesson, "guess_gate", None)
    if gate is not None:
        gate.off()
