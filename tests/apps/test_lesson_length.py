"""A page a 13-year-old finishes (issue 35 §2): at most about 450 words on a lesson's path before its exercises,
in both languages. Counted by ``page.words_before_exercises`` on the whole lesson (unsealed, as a teacher's
``?reveal=1`` shows it): the title and the prose of the question, prediction, step-through, simulation, answer
and notice; folded parts (how to play, going further) and the interactive views do not count. A sentence a
pupil does not need on the way goes further (folded), never back onto the path."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from donkeylab.lessons.page import words_before_exercises
from donkeylab.pages.query import parse_query

PAGES = [  # each lesson, and the links that change what its path says (the German rules, the mini board)
    ("die_choice", ""),
    ("die_choice", "variant=german"),
    ("angry_flips", ""),
    ("angry_flips", "variant=german"),
    ("doublet_penalties", ""),
    ("arrow_chains", ""),
    ("arrow_chains", "board=tiny_chain"),
    ("full_games", ""),
]
MOST = 450


def lesson(name: str, query: str, lang: str) -> Any:
    module = importlib.import_module(f"donkeylab.lessons.{name}")
    return module.parts(parse_query(f"lang={lang}&{query}", module.PARAMS))


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("name", "query"), PAGES)
def test_a_lessons_path_to_its_exercises_is_at_most_450_words(name: str, query: str, lang: str) -> None:
    parts = lesson(name, query, lang)
    assert parts.exercises is not None and parts.notice is not None, "the whole lesson is counted"
    words = words_before_exercises(parts)
    assert 150 < words <= MOST, f"{name}?{query} ({lang}): {words} words before the exercises"
