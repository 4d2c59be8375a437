"""Proof of one place per game (issue 17 §2, issue 36): the tests' toy game joins as a fourth game with the
same standing as the three: its free-play page renders (Step, Back, the link), its explainer shows its own rule,
the palette holds its colour, the words tables its view word and a LivePlot runs its question — with no edit
outside ``tests/toy_game.py`` and the fixture's registration. This test edits nothing either: everything is
read off the toy game's ``GameInfo`` (``RULE_PREFIX``/``RULEBOOK``, ``COLOUR_STYLES``, ``VIEW_WORDS``,
``QUESTIONS``). ARCHITECTURE.md's list of what a new game must touch is what this file proves.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from donkeylab import games, rulebook
from donkeylab.apps import build
from donkeylab.lab import palette, questions
from donkeylab.pages.query import parse_query
from donkeylab.pages.registry import APPS
from donkeylab.widgets import Explorer, LivePlot, RuleExplainer, ShareLink, Stepper
from donkeylab.widgets.views import palette_json
from donkeylab.widgets.words import front_end_words, tables, ui_word
from tests.widgets.helpers import click, front_end


@pytest.fixture
def toy_app(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setitem(games.GAMES, "toy_race", "tests.toy_game")  # games.register, undone after the test
    yield "toy_race"
    APPS.pop("toy_race", None)


def parts(page: Any) -> tuple[Explorer, ShareLink]:
    explorer = next(w for w in page.children if isinstance(w, Explorer))
    share = next(w for w in page.children if isinstance(w, ShareLink))
    return explorer, share


def test_the_toy_game_s_free_play_page_renders_steps_back_and_links(toy_app: str) -> None:
    app = APPS[toy_app]
    assert app.kind == "game" and app.title.en == "Toy race" and app.title.de == "Spielzeug-Rennen"
    assert set(app.params) == {
        "seed",
        "players",
        "step",
        "sub",
        "lang",
        "seat",
        "odds",
        "big",
    }  # Rules(goal: int) has no choices
    page = build(toy_app, "seed=3&players=3&step=2&lang=de")
    explorer, share = parts(page)
    stepper: Stepper = explorer.stepper
    assert stepper.game == "toy_race" and stepper.state.num_players == 3 and stepper.index == 2
    assert explorer.views == () and isinstance(explorer.explainer, RuleExplainer)  # the toy declares no view
    assert explorer.controls is not None and explorer.controls.options == {}
    assert stepper.snapshot["lang"] == "de" and stepper.words["de"]["step"] == "Schritt ▶"

    before = stepper.index
    click(stepper, method="step")
    click(stepper, method="step")
    after = (stepper.index, stepper.substep)
    assert stepper.index > before and stepper.error == ""
    click(stepper, method="back")
    assert (stepper.index, stepper.substep) < after and stepper.length > stepper.index  # the future is kept
    front_end(stepper, seat=1)
    link = share.query()
    assert link == {"seed": "3", "players": "3", "step": str(stepper.index), "lang": "de", "seat": "2"}

    query = parse_query("&".join(f"{k}={v}" for k, v in link.items()), app.params)
    assert not query.problems
    again, _ = parts(build(toy_app, "&".join(f"{k}={v}" for k, v in link.items())))
    assert again.stepper.full_snapshot() == stepper.full_snapshot()


def test_the_toy_game_s_own_rule_is_in_the_explainer(toy_app: str) -> None:
    """The toy declares its rule prefix and rulebook (``RULE_PREFIX``, ``RULEBOOK``): the rulebook collects them,
    so the explainer of its page shows the rule of a roll, in both languages; a rule it does not declare
    (TOY-STEP) shows none and the page still works."""
    explorer, _ = parts(build(toy_app, "seed=1&step=2"))
    assert [e["rule"] for e in explorer.stepper.snapshot["events"]] == ["TOY-ROLL-1"]
    assert explorer.explainer.rule == "TOY-ROLL-1" and explorer.explainer.title == "Roll and move"
    assert explorer.explainer.passage and explorer.explainer.source == "toy_race.en.txt"
    explorer.explainer.lang = "de"
    assert explorer.explainer.sentence.startswith("Wer würfelt, zieht so viele Felder")
    assert rulebook.rules_of(toy_app)[0].id == "TOY-ROLL-1" and rulebook.prefixes()["TOY"] == toy_app

    stepped, _ = parts(build(toy_app, "seed=1&step=4"))
    assert [e["rule"] for e in stepped.stepper.snapshot["events"]] == ["TOY-STEP"]
    assert stepped.explainer.rule == "" and stepped.explainer.hint


def test_the_toy_game_s_colour_is_in_the_palette(toy_app: str) -> None:
    """The toy declares one colour (``COLOUR_STYLES``, named by a catalogue term): the plots' palette and every
    view's palette collect it, named in both languages."""
    style = palette.styles(toy_app)["toy_pink"]
    assert (style.colour, style.symbol, style.pattern) == ("#CC79A7", "star", "+")
    assert (style.name("en"), style.name("de")) == ("pink", "rosa") and palette.style_for("toy_pink") == style
    assert palette_json()[f"{toy_app}:toy_pink"] == {"hex": "#CC79A7", "en": "pink", "de": "rosa", "pattern": "+"}


def test_the_toy_game_s_view_word_is_collected(toy_app: str) -> None:
    """The toy declares one word of a view (``VIEW_WORDS``): the words tables collect it, in both languages."""
    assert front_end_words("toy_track") == {"en": {"goal": "goal"}, "de": {"goal": "Ziel"}}
    assert ui_word("toy_track", "goal", "de") == "Ziel" and tables()["toy_track"] == {"goal": ("goal", "Ziel")}


def test_the_toy_game_s_question_runs_in_a_live_plot(toy_app: str) -> None:
    """The toy declares one question in plain Python (``QUESTIONS``: a trial played by its engine and the exact
    answer in fractions); the lab's registry collects it as ``toy_race.turns`` and a LivePlot runs it, the
    simulated bars beside the exact diamonds, in German too."""
    assert f"{toy_app}.turns" in LivePlot.questions()
    exact = questions.get(f"{toy_app}.turns").exact({"goal": 10})
    assert sum(exact.values()) == 1 and min(exact) == 2 and exact[10] == Fraction(1, 6**9)  # nine 1s, then any

    plot = LivePlot(f"{toy_app}.turns", n=1_200, seed=1, batch=400, lang="de", goal=10)
    plot.run()
    assert plot.done == 1_200 and plot.error == "" and plot.simulated
    bars, diamonds = plot.figure["data"]
    assert bars["type"] == "bar" and diamonds["type"] == "scatter"
    assert plot.figure["layout"]["title"]["text"].startswith("Wie viele Züge braucht")
    simulated = dict(zip(bars["x"], bars["y"], strict=True))
    assert simulated["3"] == pytest.approx(float(exact[3]), abs=0.05)  # 3 turns: the likeliest, ~46 %
    assert dict(zip(diamonds["x"], diamonds["y"], strict=True))["3"] == pytest.approx(float(exact[3]))
