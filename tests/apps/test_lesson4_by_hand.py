"""Lesson 4 is no black box (issue 35 §2): exercise 2 has a pupil count one piece of the answer by hand, the first
player's moves on the mini board (drawn into the exercise) and which of them set off a hop. Every number and
every sentence of that count is the engine's: its own legal moves and chains (``new_game``, ``legal_actions``,
``apply``) and its exact Markov chain (``exact.random_play_chain``)."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import ipywidgets as w
import pytest

from donkeylab import esels_rennen as er
from donkeylab.apps import build
from donkeylab.esels_rennen import exact, load_board
from donkeylab.lessons import arrow_chains as lesson
from donkeylab.lessons import arrow_chains_count as count
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
    found = count.first_moves()
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
    assert "Green to c1: 11 hops. Green reaches the finish on a5 and leaves the board, and the chain goes on" in en
    assert "the red arrow on a5 moves red. Then yellow reaches the finish too." in en
    assert "Two donkeys are through, so the race is over: green first, yellow second, red third." in en
    assert "Rot auf a1 und Grün auf e1 landen auf einem Pfeil ihrer eigenen Farbe: kein Sprung." in de
    assert "Grün auf c1: 11 Sprünge. Grün erreicht auf a5 das Ziel" in de and "Der rote Pfeil auf a5 bewegt Rot." in de
    assert "Zwei Esel sind durch, also ist das Rennen vorbei: Grün Erster, Gelb Zweiter, Rot Dritter." in de
    state = start()
    hops = {m: [e for e in state.apply(er.Move(*m)).events if e.rule == "ER-CHAIN-1"] for m in FIRST_MOVES}
    assert [(e.data["donkey"], e.data["to"]) for e in hops[("red", "c1")]] == [("yellow", "e1")]
    assert [(e.data["donkey"], e.data["to"]) for e in hops[("yellow", "g1")]] == [("red", "a1")]
    # the rule the solution states where it applies: after green finishes on a5, a5's red arrow moves red; then
    # yellow finishes, the second donkey through, and the race is over
    events = state.apply(er.Move("green", "c1")).events
    finish = [i for i, e in enumerate(events) if e.rule == "ER-FINISH-1"]
    assert [(events[i].data["donkey"], events[i].data["field"]) for i in finish] == [("green", "a5"), ("yellow", "g5")]
    after = events[finish[0] + 1]
    assert after.rule == "ER-CHAIN-1" and (after.data["arrow"], after.data["donkey"]) == ("a5", "red")
    assert events[finish[1] + 1].key == "ER-END-1/third"
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
def test_the_count_is_exercise_2_after_the_guess_the_simulation_and_the_reveal(lang: str) -> None:
    """On the sealed app page the simulation waits for the pupil's guess and the exact answer for the reveal; the
    count by hand on the mini board is exercise 2, its drawing in the question, and "going further" has the mini
    board to check each move on screen."""
    page = build(lesson.NAME, f"lang={lang}")
    parts = page.lesson
    plots = [x for x in parts.live if isinstance(x, LivePlot)]
    assert parts.sealed and plots and all(p.held and p.exact_hidden for p in plots)
    assert not parts.by_hand and not [x for x in walk(w.VBox(parts.step_through)) if isinstance(x, AnswerBox)]
    give_guess(parts)
    parts.prediction.reveal()
    children = list(page.children)
    at = {getattr(box, "name", ""): i for i, box in enumerate(children)}
    assert at["exact"] < at["exercises"] and "by_hand" not in at
    assert parts.guess_gate.compare in parts.boxes["exact"].children
    boxes = [x for x in walk(parts.exercises) if isinstance(x, AnswerBox)]
    assert [b.exact for b in boxes][1:] == [3, Fraction(1, 18)], "the count, then the two-step tree"
    second = parts.exercises.exercises[1].head.value
    assert "<svg" in second and "data-donkey='green' data-field='d0'" in second, "the mini board, drawn"
    inside = walk(w.VBox(parts.going_further))
    steppers = [x for x in inside if isinstance(x, Stepper)]
    assert [s.snapshot["table"]["board_name"] for s in steppers] == ["tiny_chain"]
    mini = steppers[0]
    assert mini.snapshot["current_player"] == 0 and mini.seat == 0
    assert sum(isinstance(x, RaceBoard) and x.stepper is mini for x in inside) == 1
    assert mini.play("Move('green', 'c1')"), mini.error
    assert mini.snapshot["table"]["podium"] == ["green", "yellow", "red"]


def test_on_the_mini_boards_own_page_the_count_is_checked_on_the_board_above() -> None:
    """?board=tiny_chain: the step-through is the mini board at the same first move, so no second board; its
    intro no longer gives away which move runs the race (the count asks that)."""
    page = build(lesson.NAME, "board=tiny_chain&reveal=1")
    inside = walk(w.VBox([*page.lesson.step_through, *page.lesson.going_further]))
    steppers = [x for x in inside if isinstance(x, Stepper)]
    assert [s.snapshot["table"]["board_name"] for s in steppers] == ["tiny_chain"]
    assert (
        steppers[0].snapshot["current_player"] == 0 and steppers[0].index == lesson.telling_stepper("tiny_chain").index
    )
    intro = lesson.say("step_intros.tiny_chain")
    assert "c1" not in intro.en and "c1" not in intro.de and "exercise 2" in intro.en


# ------------------------------------------------------------------------------- the tree, started by hand
def test_the_trees_first_branching_is_the_engines() -> None:
    """A random first move ends the race with probability 1/6: of the engine's 6 first moves only green to c1
    does, in the order green–yellow–red (exercise 3's tree). That order's exact chance on the mini board (the whole
    tree, solved by the exact module) is more than this first branch alone gives, and it is the board's best card."""
    state = start()
    moves = state.legal_actions()
    over = [m for m in moves if state.apply(m).is_terminal()]
    assert over == [er.Move("green", "c1")] and count.race_over_at_once() == Fraction(len(over), len(moves))
    assert count.ending_order() == "GYR"
    exact_gyr = lesson.order_probabilities("tiny_chain")["GYR"]
    assert exact_gyr > Fraction(1, 6) and lesson.best_card("tiny_chain") == "GYR"


def test_exercise_3_wins_at_once_in_1_of_18_over_every_deal_and_first_move() -> None:
    """Pencil and paper: the 6 cards dealt at random (the engine's 720 deals, each 1/720), then a random first
    move (1/6 each): Player 1 is among the winners after that one move with probability 1/3 × 1/6 = 1/18."""
    root = er.new_game(lesson.PLAYERS, board="tiny_chain")
    deals = root.chance_outcomes()
    assert len(deals) == 720 and sum(p for _, p in deals) == 1
    wins, holds = Fraction(0), Fraction(0)
    for deal, p in deals:
        state = root.apply(deal)
        holds += p * ("GYR" in state.cards[0])
        moves = state.legal_actions()
        for move in moves:
            after = state.apply(move)
            if after.is_terminal() and 0 in after.winners:
                wins += p / len(moves)
    assert holds == Fraction(1, 3) and wins == Fraction(1, 18)
    item = lesson.exercises()[2]
    assert item.exact == wins
    assert item.solution.get("en").endswith(
        "holding green–yellow–red (2 of the 6 cards: 2/6 = 1/3), then moving green to c1 (1 of the 6 moves: 1/6). "
        "A random move does not depend on the cards, so along the path the probabilities multiply: "
        "1/3 × 1/6 = 1/18 ≈ 5.6 %."
    )
    assert "1/3 · 1/6 = 1/18 ≈ 5,6 %." in item.solution.get("de")
    for right in ("1/18", "0.056", "5.6 %", "about 1 in 18", "2/36"):
        assert answer(answer_box(item, "en"), right).startswith("Correct!"), right
    for right in ("0,056", "5,6 %", "etwa 1 von 18", "1/18"):
        assert answer(answer_box(item, "de"), right).startswith("Richtig!"), right
    feedback = {wrong: answer(answer_box(item, "en"), wrong) for wrong in ("1/6", "1/3", "1/36", "1/2")}
    assert "probability of the move alone" in feedback["1/6"]
    assert "probability of holding the card alone" in feedback["1/3"]
    assert "Player 1 holds 2 cards, not 1" in feedback["1/36"]
    assert "Along one path of a tree the probabilities multiply" in feedback["1/2"]


def test_the_worksheet_and_key_carry_the_count_and_the_tree() -> None:
    """Both pencil-and-paper exercises (2: the count on the drawing, 3: the two-step tree) are on the sheet with
    room to write, the key gives their answers."""
    from donkeylab.lessons import worksheets as ws
    from tests.apps.test_worksheets import plain

    for lang in ("en", "de"):
        sheet, key = (plain(ws.document("arrow_chains", lang, kind)) for kind in ("worksheet", "key"))
        for item in lesson.exercises()[1:3]:
            question, solution = plain(item.question.get(lang)), plain(item.solution.get(lang))
            assert question in sheet and question in key and solution not in sheet and solution in key
    key_en = ws.document("arrow_chains", "en", "key")
    assert "1/2" in key_en and "1/18" in key_en


# ------------------------------------------------------------------------------- rulings, said where they apply
def test_each_ruling_is_stated_where_it_applies_in_plain_words() -> None:
    """Where the rulebook is silent, the page says so in words a pupil reads, at the place the ruling acts: the
    chain's stop at the board's edge (the count's intro, and exercise 2's reasons), the chain's stop when a donkey
    finishes on an arrow of its own colour (exercise 2's reasons: the chain ends either way, the ruling is which reason
    it counts under). Both are the engine's: the rulebook file marks the first a ruling, and a random race on the
    mini board shows the second counted as "already finished" (ER-CHAIN-3)."""
    import json
    import random
    from pathlib import Path

    intro = count.by_hand_exercise().question
    assert "the rulebook names only the taken field; we end the chain off the board too" in intro.en
    assert "die Spielregel nennt nur das besetzte Feld; wir beenden die Kette auch am Brettrand" in intro.de
    off = lesson.STILL_WORDS["ER-CHAIN-2/off_board"]
    assert "the rulebook does not say what happens then; we end the chain" in off.en
    assert "die Spielregel sagt nicht, was dann passiert; wir beenden die Kette" in off.de
    finished = lesson.STILL_WORDS["ER-CHAIN-3"]
    said = "only just finished on an arrow of its own colour: the chain ends either way, and as the rulebook"
    assert said in finished.en
    assert "Die Kette endet so oder so, und da die Spielregel nicht sagt, welcher Grund das ist" in finished.de
    for words in (off, finished, intro):
        assert "our ruling" not in words.en and "Festlegung" not in words.de
    rules = json.loads(Path(er.__file__).with_name("rulebook.json").read_text())["rules"]
    assert (
        rules["ER-CHAIN-2"]["basis"] == "ruling" and "off the board is our ruling" in rules["ER-CHAIN-2"]["why"]["en"]
    )
    rng = random.Random(0)  # random races until a donkey finishes on an arrow of its own colour
    for _ in range(300):
        state = er.new_game(lesson.PLAYERS, board="tiny_chain")
        state = state.apply(state.chance_outcomes()[0][0])
        while not state.is_terminal():
            state = state.apply(rng.choice(state.legal_actions()))
            pairs = zip(state.events, state.events[1:], strict=False)
            seen = [(a, b) for a, b in pairs if a.rule == "ER-FINISH-1" and b.rule == "ER-CHAIN-3"]
            if seen:
                finish, stop = seen[0]
                assert stop.data["field"] == finish.data["field"] and stop.data["colour"] == finish.data["donkey"]
                assert stop is state.events[-1], "the chain ends there"
                return
    raise AssertionError("no race on the mini board showed a donkey finishing on its own colour")


def test_no_code_words_on_lesson_4s_path() -> None:
    """ "game engine", "bots" and "our ruling" were words a pupil met; the texts say "the computer", "the other
    players" and the ruling itself."""
    from donkeylab.esels_rennen.questions import WORDS
    from donkeylab.lessons.arrow_chains_text import TEXTS

    texts = [t for pair in TEXTS.values() for t in pair] + list(WORDS["race_engine_question"])
    for word in (r"\b[Ee]ngine", r"\b[Bb]ots?\b", "our ruling", "Festlegung", "game program", "Spielprogramm"):
        assert not [t for t in texts if re.search(word, t)], word


def test_the_first_chains_rule_card_calls_no_rulebook_stop_our_ruling() -> None:
    """The step-through's chain stops on an arrow of the green donkey's own colour, a stop the rulebook states: its
    rule card named ER-CHAIN-2's ruling (the board's edge) there, where it does not apply."""
    from donkeylab.widgets import RuleExplainer

    for lang in ("en", "de"):
        parts = build(lesson.NAME, f"lang={lang}").lesson
        assert parts.stepper.snapshot["events"][-1]["key"] == "ER-CHAIN-2/own"
        (card,) = [x for x in walk(w.VBox(parts.step_through)) if isinstance(x, RuleExplainer)]
        assert card.rule == "ER-CHAIN-2" and card.basis_label == "" and "ruling" not in card.note.lower()
        assert "Festlegung" not in card.note


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_count_is_checked_on_the_drawing_on_paper_and_on_the_board_on_screen(lang: str) -> None:
    """The worksheet has no Back button: exercise 2 sends the pupil to its drawing, on paper and on the page; the
    page's "going further" has the mini board to step through as well."""
    from donkeylab.lessons import worksheets

    paper = {"en": "follow its arrows on the drawing", "de": "folgst du den Pfeilen auf der Zeichnung"}[lang]
    screen = {"en": "Back undoes them", "de": "Zurück macht sie rückgängig"}[lang]
    for kind in ("worksheet", "key"):
        sheet = worksheets.document("arrow_chains", lang, kind)
        assert paper in sheet and screen not in sheet, kind
    assert paper in count.by_hand_exercise().question.get(lang)
    assert screen in lesson.say("further.check").get(lang)
