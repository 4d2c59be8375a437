"""Lesson 4's count by hand is done on the mini board (a maths teacher's review): the printed worksheet asked "how
many of the 6 first moves set off a hop?" without the board, so a pupil with the paper alone could not count. The
worksheet and the key draw the mini board at the count's position, from the engine's own board and positions:
every field with its name and its arrow, each donkey on its field, the finish; black on white, nothing fetched."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from donkeylab import esels_rennen as er
from donkeylab.core import CATALOGUE
from donkeylab.lessons import arrow_chains as lesson
from donkeylab.lessons import worksheets as ws
from tests.apps.test_worksheets import plain

GREY = re.compile(r"#([0-9a-f])\1\1$|#([0-9a-f]{2})\2\2$|none$")  # black, white or a grey: no colour needed


def drawing(lang: str, kind: str) -> tuple[str, ET.Element]:
    """The document's body and its one board drawing, parsed."""
    body = ws.document("arrow_chains", lang, kind).split("<body>", 1)[1]
    assert body.count("<svg") == 1, "one drawing: the mini board, at the count"
    found = re.search(r"<svg.*?</svg>", body, re.S)
    assert found is not None
    return body, ET.fromstring(found.group(0))


@pytest.mark.parametrize("kind", ws.KINDS)
@pytest.mark.parametrize("lang", ws.LANGS)
def test_the_sheet_draws_the_mini_board_in_the_exercise_that_counts_on_it(lang: str, kind: str) -> None:
    body, svg = drawing(lang, kind)
    text = plain(body)
    asked = plain(lesson.say("hand.q", board="").get(lang))  # exercise 2's words, the drawing under them
    tree = plain(lesson.exercises()[2].question.get(lang))
    at = text.index("<svg")
    assert text.index(asked) < at < text.index(tree), "in exercise 2, under its question, before exercise 3"

    board = er.load_board(lesson.MINI)
    groups = {g.get("data-field"): g for g in svg.iter("g") if g.get("data-field") and not g.get("data-donkey")}
    assert set(groups) == {f.id for f in board.fields}, "every field of the engine's board"
    for field in board.fields:
        g = groups[field.id]
        assert g.get("data-kind") == field.kind
        assert field.id in ["".join(t.itertext()) for t in g.iter("text")], f"{field.id} named on its field"
        arrows = [a.get("data-arrow") for a in g.iter("g") if a.get("data-arrow")]
        assert arrows == ([f"{field.arrow.colour} {field.arrow.direction}"] if field.arrow else []), field.id

    state = er.new_game(lesson.PLAYERS, board=lesson.MINI).apply(er.Deal.of(*[list(c) for c in lesson.DEAL]))
    donkeys = {g.get("data-donkey"): g.get("data-field") for g in svg.iter("g") if g.get("data-donkey")}
    assert donkeys == dict(state.positions) == {"red": "b0", "green": "d0", "yellow": "f0"}, "the count's position"
    letters = er.VIEW_WORDS["race_board"]
    for donkey, field in donkeys.items():
        assert f"{letters[f'letter_{donkey}'][ws.LANGS.index(lang)]} {CATALOGUE.term(donkey, lang)}" in text
        assert field in svg.get("aria-label", "")
    assert plain(lesson.say("sheet_board.finish").get(lang)) in ["".join(t.itertext()) for t in svg.iter("text")]


def test_the_drawing_prints_in_black_and_white_and_fetches_nothing() -> None:
    for lang in ws.LANGS:
        _, svg = drawing(lang, "worksheet")
        colours = {v for e in svg.iter() for k, v in e.attrib.items() if k in ("fill", "stroke")}
        assert colours and all(GREY.match(c) for c in colours), colours
        raw = ET.tostring(svg, encoding="unicode")
        assert "http" not in raw and "href" not in raw and not re.search(r"url\((?!#)", raw)
