"""The "which move is best here?" quiz on every game's free-play page: the legal moves in the game's order (never
best first), Check explains the pick with the exact table's numbers and opens the chances panel, in English
and German, and a position without a choice asks nothing."""

from __future__ import annotations

import pytest

from donkeylab.apps import build
from donkeylab.widgets.best_move import BestMoveQuiz
from donkeylab.widgets.chances import panels_in
from tests.widgets.test_chances_panel import GAMES, decision


def quiz_of(page: object) -> BestMoveQuiz:
    (quiz,) = [c for c in page.children if isinstance(c, BestMoveQuiz)]  # type: ignore[attr-defined]
    return quiz


@pytest.mark.parametrize("game", GAMES)
def test_the_quiz_asks_before_the_panel_answers_and_explains_with_its_numbers(game: str) -> None:
    page = build(game, "seed=5")
    quiz, (panel,) = quiz_of(page), panels_in(page)
    stepper = quiz.stepper
    decision(stepper)
    while len(stepper.info.chances(stepper.state, stepper.seat).moves) < 2:  # a choice of one is no question
        stepper.step()
        decision(stepper)
    table = panel.table()
    assert table is not None
    legal = [a["action"] for a in stepper.state.snapshot(None, "en")["legal"]]
    assert [action for _, action in quiz.choices.options] == legal  # the game's order, not the ranking
    assert quiz.check.disabled and not panel.toggle.value  # nothing picked, nothing shown
    best, worst = table.moves[0], table.moves[-1]
    quiz.choices.value = best.action
    said = quiz.answer()
    assert panel.toggle.value  # the panel opens with the answer
    if not all(m.exact for m in table.moves):  # a bound against a bound decides nothing, and it says so
        assert "only lower bounds" in said and "at least" in said
        return
    assert said.startswith("Yes: ")
    if worst.value != best.value:
        panel.toggle.value = False
        quiz.choices.value = worst.action
        said = quiz.answer()
        assert said.startswith("Not the best: ") and table.value_name.get("en") in said
        stepper.lang = "de"
        assert quiz.result.value and "Nicht der beste" in quiz.result.value  # said again in German
    before = stepper.state
    while stepper.state is before:
        stepper.step()
    assert quiz.result.value == "" and quiz.choices.value is None  # a new position asks anew


def test_a_position_without_a_choice_asks_nothing() -> None:
    page = build("double_down", "seed=5&step=0")
    quiz = quiz_of(page)
    if quiz.choices.options:  # step 0 may already be a decision: step to the game's end instead
        quiz.stepper.advance(10_000)
    assert not quiz.choices.options and quiz.check.layout.display == "none"
    assert "Step on" in quiz.prompt.value
