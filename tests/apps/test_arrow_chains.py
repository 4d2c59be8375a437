"""Lesson "Arrow chains": parts build without a browser, the telling click starts a long chain that Step walks
hop by hop (ER-CHAIN-1/2, ER-FINISH-1), the exact answers are the engine's Markov-chain results, long Fractions
are folded, the reconstructed board is labelled (ER-BOARD-1), links and the language switch work."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import ipywidgets as w
import pytest

from donkeylab.apps import APPS, build
from donkeylab.esels_rennen import CARDS, exact, load_board
from donkeylab.lessons import arrow_chains as lesson
from donkeylab.lessons.page import ChoicePrediction, Lesson
from donkeylab.widgets import LivePlot, RaceBoard, RuleExplainer, Stepper
from tests.apps.helpers import assert_bilingual, first, walk


@pytest.fixture(scope="module")
def parts() -> Lesson:
    return lesson.parts()


def htmls(page: Any) -> list[str]:
    return [x.value for x in walk(page) if isinstance(x, w.HTML)]


def telling_move(board: str) -> str:
    donkey, to = lesson.TELLING[board].move
    return f"Move('{donkey}', '{to}')"


def test_parts_build_in_page_order(parts: Lesson) -> None:
    inside = walk(w.VBox(parts.step_through))
    assert parts.stepper in inside
    assert any(isinstance(x, RaceBoard) for x in inside) and any(isinstance(x, RuleExplainer) for x in inside)
    plots = [x for x in [*parts.live, *parts.going_further] if isinstance(x, LivePlot)]
    assert [(p.question, p.params["board"].name) for p in plots] == [
        ("esels_rennen.race_orders_engine", "default"),  # the engine itself plays, move by move: a separate check
        ("esels_rennen.race_orders", "default"),
        ("esels_rennen.race_orders", "tiny_chain"),
    ]
    assert len(parts.exercises.items) == 3 and parts.exercises.value.count("<details>") == 3
    assert [e.number for e in parts.going_further[0].exercises] == [4, 5]  # the fourth and fifth, going further
    assert set(parts.widgets()) <= set(parts.switch.parts)


@pytest.mark.parametrize("board", lesson.BOARDS)
def test_er_chain_1_stepper_starts_where_one_click_sets_off_a_long_chain(board: str) -> None:
    telling = lesson.TELLING[board]
    stepper = lesson.telling_stepper(board)
    assert stepper.snapshot["current_player"] == telling.pupil
    assert stepper.snapshot["table"]["board_name"] == board
    assert stepper.play(telling_move(board)), stepper.error
    hops = [e for e in stepper.snapshot["events"] if e["rule"] == "ER-CHAIN-1"]
    assert len(hops) == telling.hops


def test_er_chain_1_step_walks_the_chain_hop_by_hop(parts: Lesson) -> None:
    stepper = lesson.telling_stepper("default")
    explainer = RuleExplainer(stepper)
    view = RaceBoard(stepper)
    assert view.click(telling_move("default"))
    events = stepper.snapshot["events"]
    assert stepper.substep == 1 and explainer.rule == "ER-MOVE-1", "the click shows the move first"
    seen = []
    while stepper.substep < len(events):
        stepper.step()
        event = events[stepper.substep - 1]
        seen.append(explainer.rule)
        assert explainer.rule == event["rule"]
        if event["rule"] == "ER-CHAIN-1":
            assert {"donkey", "from", "to", "arrow"} <= set(event["data"]), "the board draws the hop from these"
    assert seen == ["ER-CHAIN-1"] * lesson.TELLING["default"].hops + ["ER-CHAIN-2"]


def test_er_finish_1_one_move_on_tiny_chain_runs_the_whole_race() -> None:
    stepper = lesson.telling_stepper("tiny_chain")
    assert stepper.play(telling_move("tiny_chain"))
    snap = stepper.snapshot
    rules = [e["rule"] for e in snap["events"]]
    assert rules.count("ER-FINISH-1") == 2 and "ER-END-1" in rules
    assert snap["table"]["podium"] == ["green", "yellow", "red"], "the exercise's answer"
    assert lesson.best_card("tiny_chain") == "GYR"


def test_er_board_1_the_reconstruction_is_said_wherever_the_board_is_shown(parts: Lesson) -> None:
    assert parts.stepper.snapshot["table"]["reconstruction"]
    step_texts = htmls(w.VBox(parts.step_through))
    # labelled in words a pupil reads (the rule card beside the board names ER-BOARD-1's code)
    assert any("reconstructed board" in t and "we built it from its description" in t for t in step_texts)
    assert any("reconstructed standard board" in x.value for x in parts.exact)
    for plot in (x for x in [*parts.live, *parts.going_further] if isinstance(x, LivePlot)):
        assert "reconstruction" in plot.figure["layout"]["title"]["text"]


def test_exact_answer_is_the_engines_markov_chain(parts: Lesson) -> None:
    odds = exact.race_odds(load_board("default"))
    probs = dict(odds.order_probability)
    assert sum(probs.values()) == 1
    best = max(CARDS, key=probs.__getitem__)
    assert parts.answer == probs[best] and parts.prediction.answer == best
    assert len(str(parts.answer.denominator)) > 1000, "the long Fractions this lesson must fold"


def test_long_fractions_become_a_percentage_and_about_1_in_n(parts: Lesson) -> None:
    orders = lesson.exact_orders("en")
    p = dict(exact.race_odds(load_board("default")).order_probability)["RGY"]
    assert f"{100 * float(p):.1f} %" in orders and "about 1 in 4" not in orders  # 1/4 = 25 %, not 23.0 %
    assert str(p.denominator) not in orders and "<details" not in orders, "no 1,250-digit fraction, folded or not"


def test_chain_shares_sum_to_one() -> None:
    for board in lesson.BOARDS:
        shares = lesson.chain_shares(board)
        assert sum(shares.values()) == 1
        assert shares[0] > Fraction(1, 2), "most moves start no chain (the notice says so)"


def test_prediction_relabels_its_choices_and_reveals_guess_and_answer() -> None:
    parts = lesson.parts()
    prediction = parts.prediction
    assert isinstance(prediction, ChoicePrediction)
    prediction.input.value = "YRG"
    prediction.button.click()
    assert "yellow–red–green" in prediction.result.value and "red–green–yellow" in prediction.result.value
    parts.switch.value = "de"
    assert prediction.input.value == "YRG", "switching language keeps the pupil's choice"
    assert ("gelb–rot–grün", "YRG") in prediction.input.options
    assert "gelb–rot–grün" in prediction.result.value and "Deine Schätzung" in prediction.result.value


def test_language_switch_changes_every_text() -> None:
    parts = lesson.parts()
    shown = lesson.page(parts)
    before = parts.question.value
    parts.switch.value = "de"
    assert parts.question.value != before and "Kette" in parts.question.value
    assert "<h3>Die exakte Antwort</h3>" in htmls(shown)
    assert any("nachgebautes Spielbrett" in t for t in htmls(w.VBox(parts.step_through)))
    assert parts.stepper.lang == "de" and "Übungen" in parts.exercises.value
    assert all(p.lang == "de" for p in parts.live if isinstance(p, LivePlot))


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"{(\w*)}", text))


def test_every_text_exists_in_both_languages() -> None:
    assert_bilingual(lesson)
    for f in (lesson.exact_headline, lesson.exact_orders, lesson.exact_chains, lesson.reconstruction_note):
        assert f("en") != f("de")


def test_registered_as_a_lesson_app() -> None:
    info = APPS[lesson.NAME]
    assert info.kind == "lesson" and info.notebook == "arrow_chains.ipynb"
    assert {"seed", "lang", "step", "seat", "players", "board"} <= set(info.params)


def test_link_with_board_seed_and_lang_builds_the_page() -> None:
    page = build(lesson.NAME, "seed=7&lang=de&board=tiny_chain")
    stepper = first(page, Stepper)
    assert stepper.seed == 7 and stepper.lang == "de"
    assert stepper.snapshot["table"]["board_name"] == "tiny_chain"
    assert stepper.snapshot["current_player"] == lesson.TELLING["tiny_chain"].pupil
    assert not any("dl-link-problems" in t for t in htmls(page))


def test_bad_link_shows_a_note_and_uses_defaults() -> None:
    page = build(lesson.NAME, "seed=banana&board=moon")
    notes = [t for t in htmls(page) if "dl-link-problems" in t]
    assert notes and "seed=banana" in notes[0] and "board=moon" in notes[0]
    stepper = first(page, Stepper)
    assert stepper.seed == 0 and stepper.snapshot["table"]["board_name"] == "default"


def test_german_tables_fold_with_german_words_and_decimal_commas() -> None:
    orders = lesson.exact_orders("de")
    p = dict(exact.race_odds(load_board("default")).order_probability)["RGY"]
    assert f"{100 * float(p):.1f} %".replace(".", ",") in orders
    assert "etwa 1 von" in orders and "about 1 in" not in orders
    assert str(p.denominator) not in orders, "a 1,250-digit fraction teaches nothing: not shown"


def test_headline_names_the_best_and_worst_card_against_a_fair_race() -> None:
    """The table's sentence names the best and worst card; the revealed answer just above it, the fair 1/6."""
    text = lesson.exact_headline("en")
    assert "red–green–yellow" in text and "yellow–red–green" in text and "not fair" in text
    (predict,) = [s for s in lesson.spec().sections if type(s).__name__ == "Predict"]
    assert "a fair race would give each order 1/6 ≈ 16.7 %" in predict.answer_text.get("en")
    assert "<details" not in text, "the sentence stays readable; exact values live in the table"


@pytest.mark.parametrize(
    ("board", "query", "seat"), [("default", "", 2), ("tiny_chain", "", 0), ("default", "seat=teacher", None)]
)
def test_the_pupil_sees_the_race_through_the_telling_seat(board: str, query: str, seat: int | None) -> None:
    page = build(lesson.NAME, f"board={board}&{query}")
    stepper = first(page, Stepper)
    assert stepper.seat == seat
    if seat is not None:
        cards = stepper.snapshot["table"]["cards"]
        assert [c is not None for c in cards] == [p == seat for p in range(lesson.PLAYERS)], "others' cards hidden"
