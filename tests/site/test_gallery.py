"""The static gallery as a teacher reads it, without a browser: the Voila gallery's order and "Lesson N" labels."""

from __future__ import annotations

import importlib
import re

import pytest

from donkeylab.lessons import worksheet_links
from donkeylab.site import gallery

voila_gallery = importlib.import_module("donkeylab.apps.gallery")  # the package's ``gallery`` is a function


@pytest.fixture(scope="module")
def cards() -> list[gallery.Card]:
    return gallery.cards()


def test_cards_are_in_the_voila_gallerys_order_and_each_lesson_says_its_number(cards: list[gallery.Card]) -> None:
    voila = [info.name for info in voila_gallery._in_order() if info.kind != "teacher"]
    assert [c["name"] for c in cards] == voila
    lessons = worksheet_links.lessons()
    assert [c["name"] for c in cards[: len(lessons)]] == lessons  # the lessons first, in lesson order
    page = gallery.index_html(cards)
    found = re.findall(r"data-app='(\w+)'>.*?<span class='dl-card-kind'>([^<]*)</span>", page)
    assert [name for name, _ in found] == voila  # the page shows them in that order
    kinds = dict(found)
    for name in lessons:
        assert kinds[name] == f"Lesson {worksheet_links.NUMBERS[name]}"
    assert {kinds[c["name"]] for c in cards if c["kind"] == "game"} == {"free play"}
