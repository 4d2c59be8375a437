"""Lesson 4 is no black box (issue 35 §2): before the simulation and the exact answer, a pupil counts one piece of
the answer by hand, the first player's moves on the mini board and which of them set off a hop. Every number and
every sentence of that count is the engine's: its own legal moves and chains (``new_game``, ``legal_actions``,
``apply``) and its exact Markov chain (``exact.random_play_chain``)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import ipywidgets as w
import pytest

from donkeylab import esels_rennen as er
from donkeylab.apps import build
from donkeylab.esels_rennen import exact, load_board
from donkeylab.lessons import arrow_chains as lesson
from donkeylab.lessons.framework import answer_box
from donkeylab.widgets import LivePlot, RaceBoard, Stepper
from donkeylab.widgets.answer import AnswerBox
from tests.apps.helpers import give_guess, walk

# What each first move does on the mini board, as the solution states it: (hops, why its chain stops).
FIRST_MOVES = {
    ("red", "a1"): (0, "ER-CHAIN-2/own"),  # lands on a red arrow: its own colour
    ("red", "c1"): (1, "ER-CHAIN-2/occupied"),  # yellow hops f0 → e1; green cannot move onto e1
    ("green", "c1"): (11, "ER-END-1"),  # runs the whole race: green, yellow, red
    ("green", "e1"): (0, "ER-CHAIN-2/own"),
    ("yellow", "e1"): (0, "ER-CHAIN-2/occupied"),  # the green arrow would move green onto e1, where yellow stands
    ("yellow", "g1"): (1, "ER-CHAIN-2/own"),  # red hops b0 → a1, onto a red arrow
}


def start() -> Any:
    return er.new_game(lesson.PLAYERS, board="tiny_chain").apply(er.Deal.of(*[list(c) for c in lesson.DEAL]))


def test_the_mini_boards_first_moves_are_the_engines() -> None:
    state = start()
    moves = state.legal_actions()
    assert [(m.donkey, m.to) for m in moves] == list(FIRST_MOVES), "6 first moves, each donkey left or right"
    for move in moves:
        after = state.apply(move)
        hops = sum(e.rule == "ER-CHAIN-1" for e in after.events)
        last = after.events[-1].key if after.current_player is not None else "ER-END-1"
        assert (hops, last) == FIRST_MOVES[(move.donkey, move.to)], move
    ending = state.apply(er.Move("green", "c1"))
    assert ending.current_player is None and ending.podium == ("green", "yellow", "red")
    found = lesson.first_moves()
    assert [(m.donkey, m.to, m.hops) for m in found] == [(d, t, h) for (d, t), (h, _) in FIRST_MOVES.items()]
    assert [m.ends_race for m in found] == [(d, t) == ("green", "c1") for d, t in FIRST_MOVES]
    assert lesson.by_hand_exercise().exact == 3 == sum(h > 0 for h, _ in FIRST_MOVES.values())


def test_the_exact_module_scales_the_same_count() -> None:
    """The exact answer is this counting over every position: its chain's first step is the six moves, six
    different positions each with probability 1/6, and the one that ends the race does so green–yellow–red."""
    chain = exact.random_play_chain(load_board("tiny_chain"))
    ((first, one),) = chain.start
    assert one == 1
    step = dict(chain.successors[first])
    assert list(step.values()) == [Fraction(1, 6)] * 6
    over = {chain.outcome[j]: p for j, p in step.items() if chain.outcome[j] is not None}
    assert over == {("green", "yellow", "red"): Fraction(1, 6)}
    assert dict(lesson.odds("tiny_chain").order_probability)["GYR"] > Fraction(1, 6)


def test_the_solution_says_what_the_engine_does_in_both_languages() -> None:
    solution = lesson.say("hand.solution")
    en, de = solution.en, solution.de
    assert en.startswith("3 of the 6 moves, so a chain with probability 3/6 = 1/2.")
    assert de.startswith("3 der 6 Züge, also eine Kette mit Wahrscheinlichkeit 3/6 = 1/2.")
    assert "Red to a1 and green to e1 land on an arrow of their own colour: no hop." in en
    assert "Yellow to e1 lands on a green arrow, but green cannot move onto e1" in en
    assert "Red to c1: yellow hops to e1, then green is blocked (1 hop)." in en
    assert "Yellow to g1: red hops to a1, onto a red arrow (1 hop)." in en
    assert "Green to c1: 11 hops, and the race is over: green first, yellow second, red third." in en
    assert "Rot auf a1 und Grün auf e1 landen auf einem Pfeil ihrer eigenen Farbe: kein Sprung." in de
    assert "Grün auf c1: 11 Sprünge, und das Rennen ist vorbei: Grün Erster, Gelb Zweiter, Rot Dritter." in de
    state = start()
    hops = {m: [e for e in state.apply(er.Move(*m)).events if e.rule == "ER-CHAIN-1"] for m in FIRST_MOVES}
    assert [(e.data["donkey"], e.data["to"]) for e in hops[("red", "c1")]] == [("yellow", "e1")]
    assert [(e.data["donkey"], e.data["to"]) for e in hops[("yellow", "g1")]] == [("red", "a1")]
    hint = lesson.say("hand.hint")
    assert "red to a1 or c1, green to c1 or e1, yellow to e1 or g1" in hint.en


def answer(box: AnswerBox, text: str) -> str:
    box.field.value = text
    box.check()
    return str(box.feedback_text())


def test_the_count_box_aims_at_the_classic_mistakes() -> None:
    item = lesson.by_hand_exercise()
    assert answer(answer_box(item, "en"), "3").startswith("Correct!")
    assert "shorter chains count too" in answer(answer_box(item, "en"), "1")
    for wrong in ("4", "5", "6"):
        assert "a hop that cannot happen" in answer(answer_box(item, "en"), wrong), wrong
    assert "That is the probability of a chain" in answer(answer_box(item, "en"), "1/2")
    assert "Wahrscheinlichkeit einer Kette" in answer(answer_box(item, "de"), "0,5")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_count_comes_after_the_guess_the_simulation_and_the_reveal(lang: str) -> None:
    """On the sealed app page the simulation waits for the pupil's guess and the exact answer for the reveal; the
    count by hand comes right after the answer and the comparison (guess, simulate, reveal, compare, count), with
    a mini board of its own to check each move on."""
    page = build(lesson.NAME, f"lang={lang}")
    parts = page.lesson
    plots = [x for x in parts.live if isinstance(x, LivePlot)]
    assert parts.sealed and plots and all(p.held and p.exact_hidden for p in plots)
    assert not parts.by_hand and not [x for x in walk(w.VBox(parts.step_through)) if isinstance(x, AnswerBox)]
    give_guess(parts)
    parts.prediction.reveal()
    children = list(page.children)
    at = {getattr(box, "name", ""): i for i, box in enumerate(children)}
    assert at["exact"] < at["by_hand"] < at["exercises"]
    assert parts.guess_gate.compare in parts.boxes["exact"].children
    inside = walk(w.VBox(parts.by_hand))
    boxes = [x for x in inside if isinstance(x, AnswerBox)]
    steppers = [x for x in inside if isinstance(x, Stepper)]
    assert len(boxes) == 1 and boxes[0].exact == 3
    assert [s.snapshot["table"]["board_name"] for s in steppers] == ["tiny_chain"]
    mini = steppers[0]
    assert mini.snapshot["current_player"] == 0 and mini.seat == 0
    assert sum(isinstance(x, RaceBoard) and x.stepper is mini for x in inside) == 1
    assert mini.play("Move('green', 'c1')"), mini.error
    assert mini.snapshot["table"]["podium"] == ["green", "yellow", "red"]
    texts = [x.value for x in inside if isinstance(x, w.HTML)]
    heading = lesson.say("hand.heading").get(lang)
    assert any(heading in t for t in texts)


def test_on_the_mini_boards_own_page_the_count_is_done_on_the_board_above() -> None:
    """?board=tiny_chain: the step-through is the mini board at the same first move, so no second board; its
    intro no longer gives away which move runs the race (the count asks that)."""
    page = build(lesson.NAME, "board=tiny_chain&reveal=1")
    inside = walk(w.VBox([*page.lesson.step_through, *page.lesson.by_hand]))
    steppers = [x for x in inside if isinstance(x, Stepper)]
    assert [s.snapshot["table"]["board_name"] for s in steppers] == ["tiny_chain"]
    assert (
        steppers[0].snapshot["current_player"] == 0 and steppers[0].index == lesson.telling_stepper("tiny_chain").index
    )
    assert [x.exact for x in inside if isinstance(x, AnswerBox)] == [3]
    intro = lesson.say("step_intros.tiny_chain")
    assert "c1" not in intro.en and "c1" not in intro.de
