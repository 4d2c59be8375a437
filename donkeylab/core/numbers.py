"""Numbers as each language writes them: the one formatter of every page, plot and sentence.

English writes 1,250.5 and German 1.250,5. Done by hand in each place (``replace(".", ",")``), one page would
show "0.02" beside "0,02" and "300000" beside "300.000". Everything that writes a number for a
reader comes here: the lab's figures, the lessons, class mode, the answer boxes; ``separators(lang)`` hands
the same two marks to a front end that formats on its own (the class dashboard's axis). Standard library
only, so the engines' sentences could use it too.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

SEPARATORS = {"en": {"decimal": ".", "group": ","}, "de": {"decimal": ",", "group": "."}}


def separators(lang: str) -> dict[str, str]:
    """The decimal mark and the thousands mark of ``lang`` (for a front end's own formatting)."""
    return dict(SEPARATORS["de" if lang == "de" else "en"])


def localise(text: str, lang: str) -> str:
    """A number written the English way (``1,250.5``) in ``lang``'s marks (``1.250,5``)."""
    if lang != "de":
        return text
    swap: dict[str, str | int | None] = {",": ".", ".": ","}
    return text.translate(str.maketrans(swap))


def whole(n: int, lang: str) -> str:
    """1,250 in English, 1.250 in German."""
    return localise(f"{int(n):,}", lang)


def decimal(x: Fraction | float, lang: str, digits: int = 2) -> str:
    """0.25 / 0,25, rounded to ``digits`` as a school rounds (a 5 rounds up: 1/8 ≈ 0.13, where Python's format
    rounds the binary 0.125 to even, 0.12); no thousands mark (a probability or an average, not a count).
    A Fraction is rounded exactly, a float as it prints (2.675 → 2.68)."""
    exact = Decimal(x.numerator) / Decimal(x.denominator) if isinstance(x, Fraction) else Decimal(repr(float(x)))
    if not exact.is_finite():
        return localise(f"{float(x):.{digits}f}", lang)
    return localise(f"{exact.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP):.{digits}f}", lang)


def trimmed(x: Fraction | float, lang: str, digits: int = 8) -> str:
    """A decimal without trailing zeros: 0.00001, never 1e-05 (a tolerance, a step)."""
    return localise(f"{float(x):.{digits}f}".rstrip("0").rstrip("."), lang)
