"""A pupil's typed answer, read and checked: "3/28", "0.107", "10.7 %", German "0,107" or "10,7 %".

Pure (no UI): the answer box (``widgets.answer``) calls ``check`` and shows the verdict's sentence; the tests
call it directly. Pupils' browsers are untrusted, so the text is cut to ``MAX_CHARS`` before it is read, any
number is refused beyond ``MAX_DIGITS`` digits (no 10**100000 fractions), and a malformed answer becomes a
``Verdict`` with the reason's key, never an exception.

Why a tolerance per exercise: "about 10.7 %" and "3/28" are both right for 3/28, but a pupil who typed
"11 %" has the idea and one rounding step to go ("close"), while "0.3" has not ("not yet").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

MAX_CHARS: Final = 40  # what the kernel reads of an answer; a longer one is refused with a sentence
MAX_DIGITS: Final = 15  # per number: an answer needs no more, and Fraction("1e99999") must never be built
QUOTE_CHARS: Final = 24  # how much of a pupil's text a feedback sentence quotes back

Outcome = Literal["correct", "close", "not_yet", "malformed"]

_NUMBER = r"[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)"
_FORM = re.compile(rf"^(?P<a>{_NUMBER})(?:\s*/\s*(?P<b>{_NUMBER}))?\s*(?P<pct>%)?$")


@dataclass(frozen=True)
class Reading:
    """What ``parse`` made of a text: the value, or ``None`` and the key of the reason (``answer/...``)."""

    value: Fraction | None
    problem: str = ""


@dataclass(frozen=True)
class Verdict:
    """The result of ``check``: the outcome, the value read (None when malformed) and the reason's key."""

    outcome: Outcome
    value: Fraction | None = None
    problem: str = ""


def quote(text: str) -> str:
    """At most ``QUOTE_CHARS`` characters of the pupil's text, to say back in a sentence."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= QUOTE_CHARS else flat[: QUOTE_CHARS - 1] + "…"


def _decimal(text: str) -> Fraction:
    """One number with a point or a comma as its decimal mark (both languages' pupils type both)."""
    return Fraction(text.replace(",", "."))


def parse(text: object) -> Reading:
    """The number a pupil typed, exactly: a fraction "3/28", a decimal "0.107" / "0,107", a percentage
    "10.7%" / "10,7 %" (also "3/28 %" is read as a percentage). Thousands separators are not accepted: in
    an answer between 0 and 1 "1,5" is a decimal comma."""
    if not isinstance(text, str):
        return Reading(None, "answer/not_text")
    if len(text) > MAX_CHARS:
        return Reading(None, "answer/too_long")
    flat = text.strip().replace("\u2009", " ").replace("\u00a0", " ").replace("−", "-")
    if not flat:
        return Reading(None, "answer/empty")
    match = _FORM.match(flat)
    if match is None:
        return Reading(None, "answer/unreadable")
    if any(len(re.sub(r"\D", "", part or "")) > MAX_DIGITS for part in (match["a"], match["b"])):
        return Reading(None, "answer/too_long")
    value = _decimal(match["a"])
    if match["b"] is not None:
        below = _decimal(match["b"])
        if below == 0:
            return Reading(None, "answer/divide_by_zero")
        value /= below
    if match["pct"]:
        value /= 100
    return Reading(value)


def check(text: object, exact: Fraction, tolerance: Fraction, close: Fraction | None = None) -> Verdict:
    """``correct`` within ``tolerance`` of ``exact`` (absolute, in the answer's own units: 0.001 is 0.1
    percentage points for a probability), ``close`` within ``close`` (default 5 × tolerance), else
    ``not_yet``; ``malformed`` with the reason's key when the text is no number."""
    reading = parse(text)
    if reading.value is None:
        return Verdict("malformed", None, reading.problem)
    off = abs(reading.value - Fraction(exact))
    if off <= tolerance:
        return Verdict("correct", reading.value)
    if off <= (5 * tolerance if close is None else close):
        return Verdict("close", reading.value)
    return Verdict("not_yet", reading.value)
