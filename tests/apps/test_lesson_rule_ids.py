"""Rule IDs are explained where a pupil first meets them (issue 35 §1 and §2): the first text on a lesson page,
in page order, that shows a name like DD-DICE-2 also says that such names are our labels for the rulebook's
rules. The rule card beside a game (``RuleExplainer``) shows IDs too; it comes after that text."""

from __future__ import annotations

import importlib
import re
from typing import Any

import ipywidgets as w
import pytest

from donkeylab.lessons.page import page
from donkeylab.pages.query import parse_query
from donkeylab.widgets import RuleExplainer
from tests.apps.helpers import walk

ID = re.compile(r"\b(?:DD|DN|ER)-[A-Z]+-\d\b")
SAID = {
    "en": "are our labels for the rulebook's rules",
    "de": "sind unsere Kürzel für die Regeln aus der Spielanleitung",
}
PAGES = [
    ("die_choice", ""),
    ("angry_flips", ""),
    ("doublet_penalties", ""),
    ("arrow_chains", ""),
    ("arrow_chains", "board=tiny_chain"),
    ("full_games", "games=20"),
]


def shown(widget: Any) -> str:
    """What a widget shows that may hold a rule ID: an HTML text, or the rule card's rule."""
    if isinstance(widget, RuleExplainer):
        return str(widget.rule)
    value = getattr(widget, "value", None)
    return value if isinstance(widget, w.HTML) and isinstance(value, str) else ""


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("name", "query"), PAGES)
def test_the_first_rule_id_on_a_page_says_what_it_is(name: str, query: str, lang: str) -> None:
    module = importlib.import_module(f"donkeylab.lessons.{name}")
    lesson = module.parts(parse_query(f"lang={lang}&{query}", module.PARAMS))  # the whole lesson, in page order
    texts = [shown(x) for x in walk(page(lesson))]
    first = next(i for i, text in enumerate(texts) if ID.search(text))
    assert SAID[lang] in texts[first], f"{name} ({lang}) shows {ID.search(texts[first])} unexplained"
