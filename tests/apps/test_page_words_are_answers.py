"""A page's own words are answers: every probability a lesson prints for an exercise's answer — in its page
sections, its answer key and its worksheet, as a fraction, a power, a percentage, a decimal with a point or a
comma, or "about 1 in N" — is accepted by that exercise's answer box, in both languages and under both rule
sets. A printed number "belongs" to an exercise when it lies within ``NEAR`` of its exact value and is no
writing of one of the exercise's named wrong answers (the page quotes those to contrast them: "less than 1/6")."""

from __future__ import annotations

import html
import importlib
import re
from collections.abc import Iterator
from fractions import Fraction

import pytest

from donkeylab.core import answers
from donkeylab.lessons import framework as fw
from donkeylab.lessons import worksheets as ws
from donkeylab.pages.registry import APPS

NEAR = Fraction(8, 100)  # relative: "1 in 6" for 18.0 % (7 % off) must count as this answer's, 10.1 % must not
SETTINGS = [(name, {}) for name in ws.lessons()] + [
    (name, {"variant": "german"}) for name in ws.lessons() if "variant" in ws.spec_options(name)
]
SUPER = "⁰¹²³⁴⁵⁶⁷⁸⁹"
# the forms a page prints, longest first; each match is blanked before the next form is looked for
FORMS = [
    rf"\(\d+/\d+\)[{SUPER}]+",  # (1/6)⁵
    r"(?:about|etwa) 1 (?:in|von) \d{1,3}(?:[.,]\d{3})*(?!\d)",  # about 1 in 7,776 / etwa 1 von 7.776
    r"(?<![\d.,])\d+(?:[.,]\d+)?\s?%",  # 10.7 % / 10,7 %
    r"(?<![\d/)])\d+/\d+(?![\d/(])",  # 3/28
    r"(?<![\d.,/])0[.,]\d+",  # 0.107 / 0,107
]


def plain(document: str) -> str:
    text = re.sub(r"<style.*?</style>", " ", document, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", text)).replace("\u00a0", " ").replace("\u202f", " ")


def printed(text: str) -> Iterator[str]:
    """Every probability-like number in ``text``, as printed."""
    for form in FORMS:
        for found in re.finditer(form, text):
            yield found[0]
        text = re.sub(form, " ", text)


def own_text(item: fw.Exercise, lang: str) -> str:
    """What the page, the key and the worksheet print for one exercise: its question, hint, solution, the
    feedback on its wrong answers, the key's exact value and its examples of right answers."""
    parts = [item.question.get(lang), item.solution.get(lang), ws.exact_text(item, lang), *ws.accepted(item, lang)]
    parts += [item.hint.get(lang)] if item.hint is not None else []
    parts += [why.get(lang) for _, why in item.mistakes]
    return plain(" ".join(parts))


def headline_values(spec: fw.LessonSpec) -> list[Fraction]:
    values = [s.value for s in spec.sections if isinstance(s, fw.ExactAnswer)]
    flat = [v for value in values for v in (value if isinstance(value, tuple | list) else [value])]
    return [Fraction(v) for v in flat if isinstance(v, Fraction | int)]


def headline_text(spec: fw.LessonSpec, lang: str) -> str:
    """The page's exact answer, its prediction's answer and what to notice (each printed in the key too)."""
    parts = [part(lang) for s in spec.sections if isinstance(s, fw.ExactAnswer) for part in s.parts]
    parts += [s.answer_text.get(lang) for s in spec.sections if isinstance(s, fw.Predict)]
    parts += [s.text.get(lang) for s in spec.sections if isinstance(s, fw.Notice)]
    return plain(" ".join(parts))


def refusals(tokens: set[str], exact: Fraction, known: list[Fraction], tolerance: Fraction) -> tuple[list[str], int]:
    """The printed ``tokens`` that belong to ``exact`` but its box refuses, and how many belonged."""
    refused, belonged = [], 0
    for token in sorted(tokens):
        value = answers.parse(token).value
        if value is None or abs(value - exact) > NEAR * exact:
            continue
        if any(answers.check(token, wrong).outcome == "correct" for wrong in known):
            continue  # a named wrong answer, quoted to contrast it ("1/6 ≈ 16.7 %")
        belonged += 1
        if answers.check(token, exact, tolerance, mistakes=known).outcome != "correct":
            refused.append(token)
    return refused, belonged


def spec_of(name: str, options: dict[str, str]) -> fw.LessonSpec:
    module = importlib.import_module(APPS[name].build.__module__)
    spec: fw.LessonSpec = module.spec(**options)
    return spec


@pytest.mark.parametrize(("name", "options"), SETTINGS, ids=[f"{n}-{o.get('variant', 'default')}" for n, o in SETTINGS])
@pytest.mark.parametrize("lang", ws.LANGS)
def test_every_printed_answer_is_accepted_by_its_box(name: str, options: dict[str, str], lang: str) -> None:
    spec = spec_of(name, options)
    headline = headline_values(spec)
    page = set(printed(headline_text(spec, lang)))
    items = [s for section in spec.sections if isinstance(section, fw.Exercises) for s in section.items]
    for item in items:
        if item.exact is None or not 0 < item.exact < 1:
            continue
        tokens = set(printed(own_text(item, lang))) | (page if item.exact in headline else set())
        known = [Fraction(v) for v, _ in item.mistakes]
        refused, belonged = refusals(tokens, item.exact, known, item.tolerance)
        assert not refused, (str(item.exact), refused)
        assert belonged >= 1, f"{item.exact} is never printed"


@pytest.mark.parametrize(("name", "options"), SETTINGS, ids=[f"{n}-{o.get('variant', 'default')}" for n, o in SETTINGS])
@pytest.mark.parametrize("lang", ws.LANGS)
def test_the_headline_as_printed_would_be_accepted(name: str, options: dict[str, str], lang: str) -> None:
    """The exact answer's numbers, as the page prints them, are what a box asking for them accepts: "18.0 %
    (about 1 in 6)" for 0.1797… fails this (1 in 6 is 0.17)."""
    spec = spec_of(name, options)
    page = set(printed(headline_text(spec, lang)))
    items = [s for section in spec.sections if isinstance(section, fw.Exercises) for s in section.items]
    contrasts = [Fraction(v) for item in items for v, _ in item.mistakes]  # e.g. 1/6 for independent dice
    for value in headline_values(spec):
        if 0 < value < 1:
            refused, _ = refusals(page, value, [c for c in contrasts if c != value], Fraction(0))
            assert not refused, (str(value), refused)
