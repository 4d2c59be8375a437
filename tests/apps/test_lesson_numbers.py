"""Each number a lesson shows is true and no more precise than what stands behind it: a measured value is
rounded to what its interval supports, a count is stated only when it is what the page says it is, a share
that depends on a ruling names it, and no claim about pupils stands without evidence."""

from __future__ import annotations

import re

import pytest

from donkeylab.lab.stats import Estimate
from donkeylab.lessons import arrow_chains, die_choice, full_games, full_widgets
from donkeylab.pages import words as wd


@pytest.mark.parametrize(
    ("value", "low", "high", "shown"),
    [
        (0.64, 0.47, 0.80, ("0.6", "0.5", "0.8")),  # the review's reveal: ±0.17 supports one decimal
        (0.523, 0.511, 0.535, ("0.52", "0.51", "0.54")),
        (6.66, 6.60, 6.73, ("6.66", "6.60", "6.73")),
        (3.2, 1.1, 5.4, ("3", "1", "5")),
    ],
)
def test_a_measured_value_is_as_precise_as_its_interval(
    value: float, low: float, high: float, shown: tuple[str, str, str]
) -> None:
    assert wd.interval(value, low, high, "en") == shown


def test_lesson_5_reveal_rounds_to_its_interval() -> None:
    estimate = Estimate("diff", 0.64, 0.47, 0.80, 0.085, 200, "normal")
    assert full_widgets.mean_text(estimate, "en") == "<b>0.6</b> (0.5 to 0.8)"
    assert full_widgets.mean_text(estimate, "de") == "<b>0,6</b> (0,5 bis 0,8)"
    assert full_games.measured("german", "en") == "0.52"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_lesson_4_names_the_ruling_behind_the_already_finished_share(lang: str) -> None:
    """The split of 'no hop' between 'own colour' and 'already finished' depends on how a donkey that has just
    finished on a finish arrow of its own colour counts; the engine counts it as finished (race.py), so the
    page says so, in plain words: the chain ends either way, and the rulebook does not say which reason it is."""
    text = arrow_chains.still_text(lang)
    said = {
        "en": "the chain ends either way, and as the rulebook does not say which reason that is, we count it here",
        "de": "Die Kette endet so oder so, und da die Spielregel nicht sagt, welcher Grund das ist, zählen wir es hier",
    }
    assert said[lang] in text


@pytest.mark.parametrize("lang", ["en", "de"])
def test_lesson_4_states_no_count_of_positions(lang: str) -> None:
    text = arrow_chains.exact_headline(lang)
    assert not re.search(r"\d[\d.,]* (positions|Stellungen)", text)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_lesson_1_claims_nothing_about_what_people_guess(lang: str) -> None:
    text = die_choice.say("answer", p="x").get(lang)
    assert "most people" not in text and "die meisten" not in text


def test_the_guess_slider_writes_the_pages_decimal_mark() -> None:
    """A German page showed "0.30" on the slider and "Deine Schätzung: 0.3" at the reveal."""
    from donkeylab.pages.parts import Prediction

    prediction = Prediction(die_choice.say("prompt"), 0.5, die_choice.say("prompt"), lang="de")
    assert not prediction.input.readout, "the browser's own readout always writes a point"
    prediction.input.value = 0.3
    assert prediction.readout.value == "0,30"
    prediction.reveal()
    assert "Deine Schätzung: <b>0,30</b>" in prediction.result.value
    prediction.set_lang("en")
    assert prediction.readout.value == "0.30" and "Your guess: <b>0.30</b>" in prediction.result.value


def test_the_trials_axis_writes_whole_numbers_not_10k() -> None:
    from donkeylab.lab import figures

    hits = [i % 3 == 0 for i in range(300)]
    from donkeylab.lab import lessons as lab_lessons

    figure = lab_lessons.convergence(hits, 1 / 3, "x", "de")
    assert figure.layout.xaxis.tickformat == ",d" and figure.layout.xaxis.exponentformat == "none"
    assert figure.layout.separators == ",."  # so German ticks read 10.000, English 10,000
    assert figures.convergence  # the one convergence figure of the lab


def test_no_rule_card_quotes_a_translators_note() -> None:
    """Lesson 3's card showed "(the French source lists this card but does not describe any rule for it)"."""
    import json
    from pathlib import Path

    from donkeylab import rulebook

    texts = []
    for game in ("double_down", "esels_rennen", "double_donkey"):
        path = Path(rulebook.__file__).parents[1] / game / "rulebook.json"
        for rule_id in json.loads(path.read_text(encoding="utf-8"))["rules"]:
            texts += [passage.text for passage in rulebook.rule(rule_id).passages]
    assert texts and not any("French source" in t or "source lists" in t for t in texts)
