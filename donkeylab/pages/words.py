"""The one way an app names a text: a key of the core catalogue (``core.messages.CATALOGUE``) and its data.

A lesson module holds its words in one table ``{key: (en, de)}`` and registers it with ``words(prefix,
table)``; what it hands to the widgets is a ``Say`` (key + data), rendered in the page's language when the
page switches. Data values may be functions of the language (a number written 0.25 or 0,25, a colour's
name): they are called with the language before the template is filled. So the English and the German
sentence always carry the same facts, and a test checks that both have the same placeholders.

Numbers as a pupil reads them (percentage, "about 1 in N", a short fraction) come from here too: their
words ("about 1 in", "etwa 1 von") are catalogue entries, never an English string translated afterwards.
"""

from __future__ import annotations

import math
from fractions import Fraction

from donkeylab.core import answers, numbers
from donkeylab.core.say import Say, words

__all__ = [
    "MAX_DIGITS",
    "Say",
    "band",
    "decimal",
    "interval",
    "one_in",
    "percent",
    "probability",
    "short_fraction",
    "span",
    "value",
    "whisker",
    "whole",
    "words",
]

MAX_DIGITS = 12  # a fraction of more digits (numerator and denominator together) is not shown to a pupil
# "about 1 in N" only up to about 1/3 (and only where 1/N is right to two significant figures, ``one_in``)
ONE_IN_MAX = 0.35


_NUMBERS = {
    "percent": ("{x} %", "{x} %"),
    "one_in": ("about 1 in {n}", "etwa 1 von {n}"),
    "never": ("never", "nie"),
    "always": ("always", "immer"),
    "to": ("{low} to {high}", "{low} bis {high}"),
    "exactly": ("exactly {fraction}", "genau {fraction}"),
    # what a running estimate's 95 % band promises, said once for every lesson: Wilson's band holds the true
    # value in about 95 of 100 runs only once the event is expected at least 10 times (at p = 1/81 and N = 10
    # in about 88; tests/apps/test_band_claim.py computes the coverage exactly)
    "band": (
        "The shaded band is the <b>95 % interval</b>: once the event is expected at least 10 times, it holds "
        "the true value in about 95 of 100 simulations (before that, less often).",
        "Das Band ist das <b>95-%-Intervall</b>: Sobald man das Ereignis mindestens 10-mal erwartet, enthält es "
        "den wahren Wert in etwa 95 von 100 Simulationen (vorher seltener).",
    ),
    "whisker": (
        "Each bar's whisker is its <b>95 % interval</b>: once the order is expected at least 10 times, it holds "
        "the true value in about 95 of 100 such simulations.",
        "Der Strich an jedem Balken ist sein <b>95-%-Intervall</b>: Sobald man die Reihenfolge mindestens 10-mal "
        "erwartet, enthält er den wahren Wert in etwa 95 von 100 solchen Simulationen.",
    ),
}
_say = words("number/", _NUMBERS)


def decimal(x: Fraction | float, lang: str, digits: int = 2) -> str:
    """0.25 in English, 0,25 in German (rounded to ``digits``): ``core.numbers``, the one formatter."""
    return numbers.decimal(x, lang, digits)


def whole(n: int, lang: str) -> str:
    """1,250 in English, 1.250 in German."""
    return numbers.whole(n, lang)


def percent(p: Fraction | float, lang: str, digits: int = 1) -> str:
    """23.1 % / 23,1 % (``digits`` decimals), but never fewer than two significant figures: 0.013 %, 0.50 %,
    9.3 % with ``digits=0`` (never "0.0 %", "less than 0.1 %" or "9 %" for 0.093), so every percentage a page
    prints is an answer its boxes take (``core.answers``: right to two significant figures)."""
    x = 100 * float(p)
    if 0 < abs(x) < 10 ** (1 - digits):
        digits = max(digits, 1 - math.floor(math.log10(abs(x))))
    return _say("percent", x=decimal(x, lang, digits)).get(lang)


def one_in(p: Fraction | float, lang: str) -> str | None:
    """ "about 1 in 81" ("never" for 0), or None when no whole N says ``p`` right to two significant figures
    (0.1797… is "1 in 5.6": "about 1 in 6" would say 17 %): the answer boxes' own rule
    (``answers.one_in_for``), so every "about 1 in N" a page prints is an answer the boxes take."""
    if float(p) <= 0:
        return _say("never").get(lang)
    n = answers.one_in_for(p)
    return None if n is None else _say("one_in", n=whole(n, lang)).get(lang)


def short_fraction(p: Fraction) -> str | None:
    """``3/28`` when numerator and denominator together have at most ``MAX_DIGITS`` digits, else None: a pupil
    can hold 3/28 or 16/81, not 2009672785/78364164096 (the percentage and "about 1 in 39" say it)."""
    if len(str(abs(p.numerator))) + len(str(p.denominator)) > MAX_DIGITS:
        return None
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def probability(p: Fraction | float, lang: str) -> str:
    """A probability as a pupil reads it: percentage and "about 1 in N" first, a short fraction second:
    ``10.7 % (about 1 in 9; exactly 3/28)``. Above about a third (``ONE_IN_MAX``) no "1 in N": it would round
    to "1 in 2"; 0 and 1 are "never" / "always"."""
    x = float(p)
    if x == 0:
        return _say("never").get(lang) + " (0 %)"
    if x == 1:
        return _say("always").get(lang) + " (100 %)"
    head = percent(p, lang)
    about = None if x > ONE_IN_MAX else one_in(p, lang)
    extra = [] if about is None else [about]
    if isinstance(p, Fraction) and (frac := short_fraction(p)) is not None:
        extra.append(_say("exactly", fraction=frac).get(lang))
    return f"{head} ({'; '.join(extra)})" if extra else head


def value(x: Fraction | float | int, lang: str, digits: int = 2) -> str:
    """Any other exact value (an average, a count): a short fraction with its decimal, else the decimal."""
    if isinstance(x, int) or (isinstance(x, Fraction) and x.denominator == 1):
        return str(int(x))
    if isinstance(x, Fraction) and (frac := short_fraction(x)) is not None:
        return f"{frac} ≈ {decimal(x, lang, digits)}"
    return f"≈ {decimal(x, lang, digits)}"


def band(lang: str) -> str:
    """The sentence under every lesson's running estimate: what its 95 % band promises, and from which N."""
    return _say("band").get(lang)


def whisker(lang: str) -> str:
    """``band``'s promise for a bar chart's whiskers (one interval per bar), with the same condition on N."""
    return _say("whisker").get(lang)


def supported_places(low: float, high: float) -> int:
    """The decimal places a measurement with the interval ``low`` to ``high`` supports: those down to the first
    significant digit of its half-width (0.47 to 0.80: half-width 0.17, so one place; 0.511 to 0.535: two). A
    number shown with its interval is no more precise than the interval lets it be."""
    half = (float(high) - float(low)) / 2
    if not math.isfinite(half) or half <= 0:
        return 2
    return min(2, max(0, -math.floor(math.log10(half))))  # two at most: a pupil reads 0.35, not 0.354


def interval(value: float, low: float, high: float, lang: str) -> tuple[str, str, str]:
    """A measured value and its interval, each rounded to ``supported_places``: ("0.6", "0.5", "0.8")."""
    places = supported_places(low, high)
    return decimal(value, lang, places), decimal(low, lang, places), decimal(high, lang, places)


def span(low: str, high: str, lang: str) -> str:
    """ "6.60 to 6.73" / "6,60 bis 6,73"."""
    return _say("to", low=low, high=high).get(lang)
