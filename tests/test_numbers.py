"""The one number formatter (``core.numbers``): every page, plot and sentence writes numbers through it."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

from donkeylab.core import numbers

ROOT = Path(__file__).resolve().parents[1]


def test_each_language_writes_its_own_marks() -> None:
    assert (numbers.whole(1_234_567, "en"), numbers.whole(1_234_567, "de")) == ("1,234,567", "1.234.567")
    assert (numbers.decimal(Fraction(1, 81), "en", 4), numbers.decimal(Fraction(1, 81), "de", 4)) == (
        "0.0123",
        "0,0123",
    )
    assert numbers.localise("1,250.5", "de") == "1.250,5" and numbers.localise("1,250.5", "en") == "1,250.5"
    assert numbers.trimmed(Fraction(1, 100_000), "de") == "0,00001"
    assert numbers.separators("de") == {"decimal": ",", "group": "."}


def test_no_module_writes_a_decimal_comma_by_hand() -> None:
    """Nine places once swapped marks by hand (a class page showed 0.02 beside 0,02): now only core.numbers."""
    hand = re.compile(r"""replace\(\s*["']\.["']\s*,\s*["'],["']\s*\)|replace\(\s*["'],["']\s*,\s*["']\.["']\s*\)""")
    found = []
    for path in [*(ROOT / "donkeylab").rglob("*.py"), *(ROOT / "widgets").glob("*.js")]:
        if path.name == "numbers.py" or path.match("core/answers.py"):  # the answer box READS a typed comma
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if hand.search(line):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not found, "\n".join(found)


def test_a_five_rounds_up_as_a_school_rounds() -> None:
    """1/8 is 0.125: a key printed "1/8 ≈ 0.12" (Python's format rounds the binary 0.125 to even); a maths
    teacher rounds a 5 up. A float is rounded as it prints (2.675 is 2.67499… in binary)."""
    from donkeylab.core.numbers import decimal

    assert [decimal(Fraction(1, 8), "en"), decimal(0.125, "de"), decimal(2.675, "en")] == ["0.13", "0,13", "2.68"]
    assert [decimal(12.5, "en", 0), decimal(-0.125, "en"), decimal(Fraction(2, 3), "en", 3)] == ["13", "-0.13", "0.667"]
    assert decimal(Fraction(1, 81), "de", 4) == "0,0123" and decimal(float("nan"), "en") == "nan"
