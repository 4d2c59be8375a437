"""What a guess is told, on a solo lesson page and on a class page alike: the lock, the answer, how close it came.

Both the solo page's guess-first gate (``lessons.guess_first``) and class mode (``classmode``) say these
sentences, so they live below both; class mode's ``words.say`` finds them by their keys.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from donkeylab.core import CATALOGUE, numbers
from donkeylab.core.say import texts

if TYPE_CHECKING:
    from donkeylab.classroom.questions import ClassQuestion

TEXTS = {
    "lock": ("Lock in my guess", "Meine Schätzung festlegen"),
    "no_guess": (
        "No guess yet: set your guess above, then lock it in.",
        "Noch keine Schätzung: Stell oben deine Schätzung ein und leg sie dann fest.",
    ),
    "answer_is": ("The answer: {answer}.", "Die Antwort: {answer}."),
    "close_points": (
        "Your guess was {d} percentage points away from the answer.",
        "Deine Schätzung lag {d} Prozentpunkte daneben.",
    ),
    "close_number": ("Your guess was {d} away from the answer.", "Deine Schätzung lag {d} daneben."),
    "close_exact": ("Your guess hit the answer exactly.", "Deine Schätzung hat die Antwort genau getroffen."),
    "close_big": ("That is about {k} times too big.", "Das ist etwa {k}-mal zu groß."),
    "close_small": ("That is about {k} times too small.", "Das ist etwa {k}-mal zu klein."),
    "close_right": ("You chose the right one.", "Du hast die richtige gewählt."),
    "close_wrong": ("You chose {guess}.", "Du hast {guess} gewählt."),
}
say = texts("guess/", TEXTS, terms=True)  # say(key, lang, **data): a guess's sentence in ``lang``


def answer_words(spec: ClassQuestion, lang: str) -> str:
    """A question's answer as pupils read it: a probability as a percentage (with its fraction when short),
    a number with its unit, a choice by its words."""
    from fractions import Fraction

    from donkeylab.pages import words as wd

    if spec.kind == "choice":
        return choice_words(spec, int(spec.exact), lang)
    if spec.kind == "probability":
        exact = spec.exact if isinstance(spec.exact, Fraction) else Fraction(spec.exact)
        return wd.probability(exact, lang) if isinstance(spec.exact, Fraction) else wd.percent(exact, lang)
    unit = f" {CATALOGUE.render(spec.unit, {}, lang)}" if spec.unit else ""
    return f"{numbers.decimal(spec.exact, lang, 2)}{unit}"


def choice_words(spec: ClassQuestion, index: int, lang: str) -> str:
    """The words of a choice's option ``index`` (the question's catalogue prefix), else its identifier."""
    key = f"{spec.choice_words}{spec.choices[index]}"
    return CATALOGUE.render(key, {}, lang) if key in CATALOGUE.messages else spec.choices[index]


def closeness(spec: ClassQuestion, guess: float, lang: str, times: bool = False) -> str:
    """How close a pupil's own guess came (only ever shown to that pupil). ``times``: a probability guess off by
    half as much again or more also says "about N times too big / too small" (a solo page's compare: 5 % for
    1.2 % is only 3.8 points away, and 4 times too big)."""
    if spec.kind == "choice":
        if int(guess) == int(spec.exact):
            return say("close_right", lang)
        return say("close_wrong", lang, guess=choice_words(spec, int(guess), lang))
    gap = abs(float(guess) - float(spec.exact))
    if gap < 1e-9:
        return say("close_exact", lang)
    if spec.kind == "probability":
        # a tenth of a point at least, else a hundredth: a typed guess of 0.012 for 1/81 is 0.03 points off, not "0.0"
        points = say("close_points", lang, d=numbers.decimal(100 * gap, lang, 1 if 100 * gap >= 0.05 else 2))
        return f"{points} {times_words(float(guess), float(spec.exact), lang)}".strip() if times else points
    unit = f" {CATALOGUE.render(spec.unit, {}, lang)}" if spec.unit else ""
    return say("close_number", lang, d=f"{numbers.decimal(gap, lang, 2)}{unit}")


TIMES_FROM = 1.5  # a guess this many times the answer (or its part) or further says how many times


def times_words(guess: float, exact: float, lang: str) -> str:
    """ "That is about 4 times too big." for a guess ``TIMES_FROM`` times the answer or more (too small: the
    other way round); "" when the guess is nearer, or either is 0 (no number of times says it)."""
    if guess <= 0 or exact <= 0:
        return ""
    ratio = guess / exact
    key, k = ("close_big", ratio) if ratio >= 1 else ("close_small", 1 / ratio)
    if k < TIMES_FROM:
        return ""
    # one decimal below 3 (1.7, 2.2: halves said 1.5 for 1.68), whole numbers from there on
    tenths = round(k, 1)
    shown = numbers.whole(round(k), lang) if k >= 3 or tenths.is_integer() else numbers.decimal(tenths, lang, 1)
    return say(key, lang, k=shown)
