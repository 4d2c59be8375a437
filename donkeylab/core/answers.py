"""A pupil's typed answer, read and checked: "3/8", "0.375", "37.5 %", German "0,375" or "37,5 %", "1 in 81".

Pure (no UI): the answer box (``widgets.answer``) calls ``check`` and shows the verdict's sentence; the tests
call it directly. Pupils' browsers are untrusted, so the text is cut to ``MAX_CHARS`` before it is read, any
number is refused beyond ``MAX_DIGITS`` digits (no 10**100000 fractions), and a malformed answer becomes a
``Verdict`` with the reason's key, never an exception.

**One rule for every box**: an answer is right when it gives the exact value's first two significant figures.
A decimal or a percentage is right when it is the exact value rounded at its last digit, keeping at least two
significant digits: for 3/28 = 0.10714… the answers 0.11, 11 %, 0.107 and 10.71 % are right; 0.1 (one digit)
and 10.8 % (a wrong rounding) are a rounding slip ("close"). A fraction, a power like "(3/7)^5" or "1 in N" is
right when it is exact or rounds to the same two significant figures as the exact value (9/50 = 0.18 and
"1 in 9" = 0.11… for 0.1797… and 3/28), so a page's own "about 1 in 9" is an answer (``one_in_for`` picks the
N a page prints by this same rule). An exercise may add an absolute ``tolerance`` on top (none by default).

Feedback aimed at the answer: ``mistakes`` lists an exercise's known wrong answers (the lesson's own
misconception, e.g. 1/6 for two independent dice); typing one of them, or a rounding of it, is a
``mistake`` with its index, so the box can say what that answer got wrong. A probability typed without its
% sign ("18" for 18 %) is ``percent_sign``: the idea may be right, the writing is not, and it is no miss.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

MAX_CHARS: Final = 40  # what the kernel reads of an answer; a longer one is refused with a sentence
MAX_DIGITS: Final = 15  # per number: an answer needs no more, and Fraction("1e99999") must never be built
MAX_POWER: Final = 12  # the largest exponent read ("(1/6)^5"); 15 digits to the 12th stay a small number
QUOTE_CHARS: Final = 24  # how much of a pupil's text a feedback sentence quotes back
MIN_DIGITS: Final = 2  # significant digits a rounded answer keeps to count as correct

Outcome = Literal["correct", "close", "mistake", "percent_sign", "not_yet", "malformed"]

_NUMBER = r"[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)"
_ABOUT = r"(?:(?:about|approx\.?|approximately|etwa|ca\.?|circa|rund|ungefähr|≈|~)\s*)?"
# one side of a fraction: a number, or a bracketed fraction, either raised to a whole power: 6, (1/6)^5, 6^5
_SIDE = rf"(?:{_NUMBER}|\(\s*{_NUMBER}(?:\s*[/:]\s*{_NUMBER})?\s*\))(?:\s*(?:\^|\*\*)\s*\d+)?"
# "/" or ":", the division sign of German schools ("1 : 6" is 1/6)
_FORM = re.compile(rf"^{_ABOUT}(?P<a>{_SIDE})(?:\s*[/:]\s*(?P<b>{_SIDE}))?\s*(?P<pct>%)?$", re.IGNORECASE)
_POWER = re.compile(
    rf"^(?:(?P<n>{_NUMBER})|\(\s*(?P<p>{_NUMBER})(?:\s*[/:]\s*(?P<q>{_NUMBER}))?\s*\))"
    r"(?:\s*(?:\^|\*\*)\s*(?P<k>\d+))?$"
)
# "1 in 81" is how the pages write a probability ("etwa 1 von 81" in German), so a pupil may type it back, with
# the page's thousands marks too ("1 in 7,776", "1 von 7.776"), or with one or two decimals ("1 in 5.6" for
# 18.0 %, "1 von 5,6"): a mark followed by three digits groups thousands, by one or two it is a decimal mark.
# "1 zu 6" / "1 to 6" are odds (1 in 7), not a probability: ``_ODDS`` recognises them to say so
_ONE_IN = re.compile(
    rf"^{_ABOUT}(?P<a>\d+)\s+(?:in|von|of|out\s+of|aus)\s+(?P<b>\d{{1,3}}(?:[,. ]\d{{3}})+|\d+(?P<d>[.,]\d{{1,2}})?)$",
    re.IGNORECASE,
)
_ODDS = re.compile(rf"^{_ABOUT}(?P<a>\d+)\s*(?:zu|to)\s*(?P<b>\d+)$", re.IGNORECASE)
_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
# a count typed as a word ("three", "drei"): the small whole numbers a lesson's counts ask for
_WORDS: Final = {
    word: str(n)
    for words in (
        "zero one two three four five six seven eight nine ten eleven twelve",
        "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf",
    )
    for n, word in enumerate(words.split())
}


@dataclass(frozen=True)
class Reading:
    """What ``parse`` made of a text: the value, or ``None`` and the key of the reason (``answer/...``).

    ``unit``: the place value of the last digit typed, in the answer's own units (0.001 for "10.7 %" and for
    "0.107"); None for a fraction, a power or "1 in N", which say a value exactly. ``digits``: the significant
    digits typed (2 for "0.013", 3 for "10.7"). ``percent``: the text carried a % sign. ``one_in``: the N of
    "1 in N"."""

    value: Fraction | None
    problem: str = ""
    unit: Fraction | None = None
    digits: int = 0
    percent: bool = False
    one_in: int | None = None


@dataclass(frozen=True)
class Verdict:
    """The result of ``check``: the outcome, the value read (None when malformed), the reason's key (a
    malformed answer's, ``answer/more_digits`` for a rounding that kept too few digits, ``answer/rounding_slip``
    for a wrong rounding) and, for a ``mistake``, the index of the known wrong answer it matched."""

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


def _side(text: str) -> Fraction | str:
    """One side of a fraction: "6", "(1/6)^5" or "6^5" as a value, or the reason's key."""
    found = _POWER.match(text.strip())
    if found is None:
        return "answer/unreadable"
    if found["n"] is not None:
        base = _decimal(found["n"])
    else:
        below = _decimal(found["q"]) if found["q"] is not None else Fraction(1)
        if below == 0:
            return "answer/divide_by_zero"
        base = _decimal(found["p"]) / below
    power = int(found["k"]) if found["k"] is not None else 1
    if power > MAX_POWER:
        return "answer/too_long"
    return base**power


def parse(text: object) -> Reading:
    """The number a pupil typed, exactly: a fraction "3/8", a decimal "0.375" / "0,375", a percentage
    "37.5%" / "37,5 %" (also "3/8 %" is read as a percentage), a power "(3/7)^5" / "(3/7)⁵" / "1/6^5",
    "1 in 8" / "1 von 8" / "1 in 7,776", each optionally after "about" / "etwa" / "≈". Outside "1 in N" no
    thousands separators: in an answer between 0 and 1 "1,5" is a decimal comma."""
    if not isinstance(text, str):
        return Reading(None, "answer/not_text")
    if len(text) > MAX_CHARS:
        return Reading(None, "answer/too_long")
    flat = " ".join(text.replace("\u2009", " ").replace("\u00a0", " ").replace("−", "-").split())
    flat = re.sub(r"([⁰¹²³⁴⁵⁶⁷⁸⁹]+)", lambda m: "^" + m[1].translate(_SUPERSCRIPTS), flat)
    if not flat:
        return Reading(None, "answer/empty")
    flat = _WORDS.get(flat.lower(), flat)
    if len(re.sub(r"\D", "", flat)) > 2 * MAX_DIGITS or any(len(d) > MAX_DIGITS for d in re.findall(r"\d+", flat)):
        return Reading(None, "answer/too_long")
    if odds_as_chance(flat) is not None:  # the one reading of odds: the refusal quotes the same numbers
        return Reading(None, "answer/odds")
    one_in = _ONE_IN.match(flat)
    if one_in is not None:
        n = _decimal(one_in["b"]) if one_in["d"] else Fraction(int(re.sub(r"\D", "", one_in["b"])))
        if n == 0:
            return Reading(None, "answer/divide_by_zero")
        whole = one_in["a"] == "1" and n.denominator == 1
        return Reading(int(one_in["a"]) / n, one_in=int(n) if whole else None)
    match = _FORM.match(flat)
    if match is None:
        return Reading(None, "answer/unreadable")
    percent = match["pct"] is not None
    scale = Fraction(1, 100) if percent else Fraction(1)
    top = _side(match["a"])
    below = _side(match["b"]) if match["b"] is not None else Fraction(1)
    for side in (top, below):
        if isinstance(side, str):
            return Reading(None, side)
    assert isinstance(top, Fraction) and isinstance(below, Fraction)
    if below == 0:
        return Reading(None, "answer/divide_by_zero")
    value = top / below * scale
    if match["b"] is not None or not re.fullmatch(_NUMBER, match["a"]):  # a fraction or a power: exact
        return Reading(value, percent=percent)
    unit, digits = _places(match["a"])
    return Reading(value, unit=unit * scale, digits=digits, percent=percent)


def odds_as_chance(text: str) -> tuple[int, int] | None:
    """Odds "a to b" ("1 zu 9") as the chance they mean, (a, a + b): "1 in 10"; None for any other text. The
    odds refusal quotes the pupil's own numbers, so its example never hints at another answer."""
    found = _ODDS.match(" ".join(text.split()))
    return (int(found["a"]), int(found["a"]) + int(found["b"])) if found is not None else None


def two_figures(x: Fraction) -> Fraction:
    """``x`` rounded to two significant figures (halves away from zero): 0.17976… → 0.18, 1/81 → 0.012."""
    x = Fraction(x)
    if x == 0:
        return x
    size, scale = abs(x), Fraction(1)
    while size * scale >= 100:
        scale /= 10
    while size * scale < 10:
        scale *= 10
    rounded = math.floor(size * scale + Fraction(1, 2)) / scale
    return rounded if x > 0 else -rounded


def agrees(value: Fraction, exact: Fraction) -> bool:
    """``value`` and ``exact`` round to the same two significant figures (a fraction or "1 in N" that a page
    may print for ``exact``)."""
    return two_figures(value) == two_figures(exact)


def one_in_for(p: Fraction | float) -> int | None:
    """The N for which "about 1 in N" says ``p`` right to two significant figures (1/N and ``p`` round alike),
    or None when no whole N does: 3/28 → 9, 1/81 → 81, but 0.1797… → None (1/6 = 0.17, 1/5 = 0.20)."""
    p = Fraction(p)
    if p <= 0:
        return None
    near = max(1, round(1 / p))
    fits = [n for n in (near - 1, near, near + 1) if n >= 1 and agrees(Fraction(1, n), p)]
    return min(fits, key=lambda n: abs(Fraction(1, n) - p)) if fits else None


def _rounds_to(reading: Reading, target: Fraction, digits: int = MIN_DIGITS) -> bool:
    """The typed value is ``target`` rounded at its last digit, keeping at least ``digits`` digits."""
    assert reading.value is not None
    if reading.unit is None or reading.digits < digits:
        return False
    off, half = abs(reading.value - target), reading.unit / 2
    return off < half or (off == half and abs(reading.value) > abs(target))  # a 5 rounds up: 0.13 for 0.125


def _slip(reading: Reading, exact: Fraction) -> str | None:
    """The reason's key when ``reading`` is a rounding slip of ``exact`` (the right number, rounded too much or
    at the wrong place), else None: so "Check your rounding" is said only where rounding is the mistake."""
    assert reading.value is not None
    if _rounds_to(reading, exact, digits=1):
        return "answer/more_digits"
    if reading.unit is not None and reading.digits >= MIN_DIGITS and abs(reading.value - exact) <= reading.unit:
        return "answer/rounding_slip"
    if reading.one_in is not None and exact > 0 and abs(reading.one_in - 1 / exact) <= _last_place(reading.one_in) / 2:
        if one_in_for(exact) is None:  # "1 in 4" for 26.7 %: the nearest whole N, but no whole N is right
            return "answer/one_in_rough"
        return "answer/rounding_slip"  # "1 in 80" for 1/81 rounds 81; "1 in 9" for 1/8 rounds nothing: a wrong idea
    return None


def _as_percent(reading: Reading) -> Reading:
    """``reading`` as if its % sign had been typed ("44" read as 44 %)."""
    assert reading.value is not None
    unit = reading.unit / 100 if reading.unit is not None else None
    return Reading(reading.value / 100, unit=unit, digits=reading.digits, percent=True)


def _last_place(n: int) -> int:
    """The place value of the last non-zero digit of ``n``: 80 → 10, 7800 → 100, 9 → 1."""
    place = 1
    while n and n % (10 * place) == 0:
        place *= 10
    return place


def check(
    text: object,
    exact: Fraction,
    tolerance: Fraction = Fraction(0),
    close: Fraction | None = None,
    mistakes: Sequence[Fraction] = (),
) -> Verdict:
    """Judge ``text`` against ``exact``, in this order:

    - ``correct``: the exact value, a decimal rounding of it that keeps two significant digits, or within the
      exercise's extra absolute ``tolerance`` (none by default);
    - ``mistake``: one of the known wrong answers ``mistakes`` (or a decimal rounding of one), with its index;
    - ``correct``: a fraction, a power or "1 in N" that rounds to the exact value's two significant figures;
    - ``percent_sign``: a probability's answer above 1 (and at most 100) typed without a % sign;
    - ``close``: a rounding slip (``_slip``: rounded to one digit, or wrongly at the last digit), or within
      ``close`` of the exact value when an exercise gives it;
    - ``not_yet`` otherwise (a conceptual error: no word about rounding); ``malformed`` with the reason's key
      when the text is no number.
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
    if reading.unit is None and agrees(value, exact):  # right to two figures, not exactly: the box says which
        return Verdict("correct", value, "answer/correct_near")
    if 0 <= exact <= 1 and not reading.percent and 1 < value <= 100:
        meant = _as_percent(reading)
        for i, wrong in enumerate(mistakes):  # "44" for a known wrong 43.9 %: the idea's hint matters more
            if _rounds_to(meant, Fraction(wrong)):
                return Verdict("mistake", value, mistake=i)
        return Verdict("percent_sign", value, "answer/percent_sign")
    slip = _slip(reading, exact)
    if slip is not None:
        return Verdict("close", value, slip)
    if close is not None and off <= close:
        return Verdict("close", value)
    return Verdict("not_yet", value)
