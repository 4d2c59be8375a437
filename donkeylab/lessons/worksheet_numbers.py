"""The numbers of a worksheet's answer key as the pages write them: an exercise's exact answer (a probability as
a percentage with its "about 1 in N" and fraction, any other value as a value), the answers a box counts as right
(two significant figures) and lists of them that never run a comma into a decimal comma. Kept apart from the
sheet's layout (``worksheets``), which reads them."""

from __future__ import annotations

from fractions import Fraction

from donkeylab.core.say import texts
from donkeylab.lessons import framework as fw
from donkeylab.lessons.worksheet_text import say
from donkeylab.pages import words as wd

_t = texts("", terms=True)  # a catalogue sentence in a language (``number/percent``)


def is_probability(item: fw.Exercise) -> bool:
    """Whether an exercise's answer is a probability (written as the pages write one: ``words.probability``):
    a value from 0 to 1 whose known wrong answers are too. A width factor of 1/2 whose classic wrong answers
    are 2 and 4 (Lesson 5) is no probability, and "50 %" would misread it."""
    values = [item.exact, *(value for value, _ in item.mistakes)]
    return all(v is not None and 0 <= v <= 1 for v in values)


def exact_text(item: fw.Exercise, lang: str) -> str:
    """An exercise's exact answer as the pages write it: ``10.7 % (about 1 in 9; exactly 3/28)`` for a
    probability, ``9`` or ``31/24 ≈ 1.29`` for any other value."""
    assert item.exact is not None
    return wd.probability(item.exact, lang) if is_probability(item) else wd.value(item.exact, lang)


def significant(x: Fraction, lang: str, digits: int = 2) -> str:
    """``x`` rounded to ``digits`` significant digits as a pupil writes it (0.00013, 0,56, 130): the least an
    answer box counts as right (``core.answers``: a rounding that keeps two significant digits)."""
    if x == 0:
        return "0"
    sign, x = ("-" if x < 0 else ""), abs(x)
    exponent = 0
    while x >= 10 ** (exponent + 1):
        exponent += 1
    while x < Fraction(10) ** exponent:
        exponent -= 1
    shift = digits - 1 - exponent
    mantissa = int(x * Fraction(10) ** shift + Fraction(1, 2))  # half up; within half a unit either way
    return sign + wd.decimal(mantissa / Fraction(10) ** shift, lang, max(shift, 0))


def accepted(item: fw.Exercise, lang: str) -> list[str]:
    """Answers the exercise's box counts as right, to show the teacher what to accept: the short fraction, the
    decimal and (for a probability) the percentage, each rounded to two significant digits."""
    assert item.exact is not None
    shown = [significant(item.exact, lang)]
    if is_probability(item):
        shown.append(_t("number/percent", lang, x=significant(100 * item.exact, lang)))
    if (fraction := wd.short_fraction(item.exact)) is not None and fraction not in shown:
        shown.append(fraction)
    return shown


def numbers(items: list[str], lang: str) -> str:
    """ "0.56, 56 % or 5/9" / "0,56; 56 % oder 5/9": numbers listed so that no comma runs into a decimal comma."""
    *head, last = items
    if not head:
        return last
    first = head[0]
    for item in head[1:]:
        first = say("list", first=first, second=item).get(lang)
    return say("list.last", first=first, last=last).get(lang)


def _brief(value: Fraction, probability: bool, lang: str) -> str:
    """A known wrong answer in a table cell: its short fraction, else its percentage or decimal."""
    fraction = wd.short_fraction(value)
    if fraction is not None:
        return fraction
    return wd.percent(value, lang) if probability else wd.value(value, lang)
