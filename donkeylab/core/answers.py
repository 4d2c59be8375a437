"""A pupil's typed answer, read and checked: "3/8", "0.375", "37.5 %", German "0,375" or "37,5 %", "1 in 81".

Pure (no UI): the answer box (``widgets.answer``) calls ``check`` and shows the verdict's sentence; the tests
call it directly. Pupils' browsers are untrusted, so the text is cut to ``MAX_CHARS`` before it is read, any
number is refused beyond ``MAX_DIGITS`` digits (no 10**100000 fractions), and a malformed answer becomes a
``Verdict`` with the reason's key, never an exception.

**One rule for every box** (issue 35: a whole percent was "close" in Lesson 3 and right in Lesson 4). An answer
is correct when it is the exact value (a fraction, "1 in N" or a decimal equal to it), or a *rounding* of it
that keeps at least two significant digits: for 3/28 = 0.10714… the answers 0.11, 11 %, 0.107 and 10.71 % are
right, because each is what 3/28 becomes when rounded at its last digit; 0.1 (one digit) and 10.8 % (a wrong
rounding) are "close". An exercise may add an absolute ``tolerance`` on top (none by default). So a pupil can
read the rule once and it holds on every page: round as you like, but keep two digits.

Feedback aimed at the answer: ``mistakes`` lists an exercise's known wrong answers (the lesson's own
misconception, e.g. 1/6 for two independent dice); typing one of them, or a rounding of it, is a
``mistake`` with its index, so the box can say what that answer got wrong. A probability typed without its
% sign ("18" for 18 %) is ``percent_sign``: the idea may be right, the writing is not, and it is no miss.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

MAX_CHARS: Final = 40  # what the kernel reads of an answer; a longer one is refused with a sentence
MAX_DIGITS: Final = 15  # per number: an answer needs no more, and Fraction("1e99999") must never be built
QUOTE_CHARS: Final = 24  # how much of a pupil's text a feedback sentence quotes back
MIN_DIGITS: Final = 2  # significant digits a rounded answer keeps to count as correct
CLOSE_SHARE: Final = Fraction(1, 10)  # "close": within a tenth of the exact value (or rounded to one digit)

Outcome = Literal["correct", "close", "mistake", "percent_sign", "not_yet", "malformed"]

_NUMBER = r"[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)"
_ABOUT = r"(?:(?:about|approx\.?|approximately|etwa|ca\.?|circa|rund|ungefähr|≈|~)\s*)?"
_FORM = re.compile(rf"^{_ABOUT}(?P<a>{_NUMBER})(?:\s*/\s*(?P<b>{_NUMBER}))?\s*(?P<pct>%)?$", re.IGNORECASE)
# "1 in 81" is how the pages write a probability ("etwa 1 von 81" in German), so a pupil may type it back
_ONE_IN = re.compile(rf"^{_ABOUT}(?P<a>\d+)\s+(?:in|von|out\s+of|aus)\s+(?P<b>\d+)$", re.IGNORECASE)


@dataclass(frozen=True)
class Reading:
    """What ``parse`` made of a text: the value, or ``None`` and the key of the reason (``answer/...``).

    ``unit``: the place value of the last digit typed, in the answer's own units (0.001 for "10.7 %" and for
    "0.107"); None for a fraction or "1 in N", which say their value exactly. ``digits``: the significant
    digits typed (2 for "0.013", 3 for "10.7"). ``percent``: the text carried a % sign."""

    value: Fraction | None
    problem: str = ""
    unit: Fraction | None = None
    digits: int = 0
    percent: bool = False


@dataclass(frozen=True)
class Verdict:
    """The result of ``check``: the outcome, the value read (None when malformed), the reason's key (a
    malformed answer's, or ``answer/more_digits`` for a rounding that kept too few digits) and, for a
    ``mistake``, the index of the known wrong answer it matched."""

    outcome: Outcome
    value: Fraction | None = None
    problem: str = ""
    mistake: int | None = None


def quote(text: str) -> str:
    """At most ``QUOTE_CHARS`` characters of the pupil's text, to say back in a sentence."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= QUOTE_CHARS else flat[: QUOTE_CHARS - 1] + "…"


def _decimal(text: str) -> Fraction:
    """One number with a point or a comma as its decimal mark (both languages' pupils type both)."""
    return Fraction(text.replace(",", "."))


def _places(text: str) -> tuple[Fraction, int]:
    """The place value of ``text``'s last digit and its count of significant digits: "0.013" → (1/1000, 2),
    "10.7" → (1/10, 3), "18" → (1, 2)."""
    body = text.lstrip("+-").replace(",", ".")
    whole, _, frac = body.partition(".")
    unit = Fraction(1, 10 ** len(frac))
    significant = (whole + frac).lstrip("0")
    return unit, len(significant)


def parse(text: object) -> Reading:
    """The number a pupil typed, exactly: a fraction "3/8", a decimal "0.375" / "0,375", a percentage
    "37.5%" / "37,5 %" (also "3/8 %" is read as a percentage), "1 in 8" / "1 von 8", each optionally after
    "about" / "etwa" / "≈". Thousands separators are not accepted: in an answer between 0 and 1 "1,5" is a
    decimal comma."""
    if not isinstance(text, str):
        return Reading(None, "answer/not_text")
    if len(text) > MAX_CHARS:
        return Reading(None, "answer/too_long")
    flat = " ".join(text.replace("\u2009", " ").replace("\u00a0", " ").replace("−", "-").split())
    if not flat:
        return Reading(None, "answer/empty")
    one_in = _ONE_IN.match(flat)
    match = _FORM.match(flat)
    if one_in is None and match is None:
        return Reading(None, "answer/unreadable")
    found = one_in or match
    assert found is not None
    if any(len(re.sub(r"\D", "", part or "")) > MAX_DIGITS for part in (found["a"], found["b"])):
        return Reading(None, "answer/too_long")
    percent = match is not None and match["pct"] is not None
    scale = Fraction(1, 100) if percent else Fraction(1)
    value = _decimal(found["a"]) * scale
    if found["b"] is not None:  # a fraction or "1 in N": exactly the value it says, no rounding place
        below = _decimal(found["b"])
        if below == 0:
            return Reading(None, "answer/divide_by_zero")
        return Reading(value / below, percent=percent)
    unit, digits = _places(found["a"])
    return Reading(value, unit=unit * scale, digits=digits, percent=percent)


def _rounds_to(reading: Reading, target: Fraction, digits: int = MIN_DIGITS) -> bool:
    """The typed value is ``target`` rounded at its last digit, keeping at least ``digits`` digits."""
    assert reading.value is not None
    if reading.unit is None or reading.digits < digits:
        return False
    return abs(reading.value - target) <= reading.unit / 2


def check(
    text: object,
    exact: Fraction,
    tolerance: Fraction = Fraction(0),
    close: Fraction | None = None,
    mistakes: Sequence[Fraction] = (),
) -> Verdict:
    """Judge ``text`` against ``exact``, in this order:

    - ``correct``: the exact value, a rounding of it that keeps two significant digits, or within the
      exercise's extra absolute ``tolerance`` (none by default);
    - ``mistake``: one of the known wrong answers ``mistakes`` (or a rounding of one), with its index;
    - ``percent_sign``: a probability's answer above 1 (and at most 100) typed without a % sign;
    - ``close``: rounded to one digit only (problem ``answer/more_digits``), or within a tenth of the exact
      value (within ``close`` when it is given);
    - ``not_yet`` otherwise; ``malformed`` with the reason's key when the text is no number.
    """
    reading = parse(text)
    value = reading.value
    if value is None:
        return Verdict("malformed", None, reading.problem)
    exact = Fraction(exact)
    off = abs(value - exact)
    if off <= tolerance or _rounds_to(reading, exact):
        return Verdict("correct", value)
    for i, wrong in enumerate(mistakes):
        if value == wrong or _rounds_to(reading, Fraction(wrong)):
            return Verdict("mistake", value, mistake=i)
    if 0 <= exact <= 1 and not reading.percent and 1 < value <= 100:
        return Verdict("percent_sign", value, "answer/percent_sign")
    if _rounds_to(reading, exact, digits=1):
        return Verdict("close", value, "answer/more_digits")
    if off <= (CLOSE_SHARE * abs(exact) if close is None else close):
        return Verdict("close", value)
    return Verdict("not_yet", value)
