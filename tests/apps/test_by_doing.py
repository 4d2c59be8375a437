"""Lessons that teach by doing: the items the last pupil review of lessons 1, 2 and 5 left open. Every number a
changed sentence states is checked against the engine (its chance outcomes, legal moves or exact module), in
English and German; every answer box takes the page's own wording of its answer; a conceptual error is never
told to check its rounding."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from donkeylab.core import CHANCE, answers
from donkeylab.double_donkey import Rules
from donkeylab.lessons import angry_flips, angry_flips_hand, angry_flips_tree, die_choice, full_games, worksheets
from donkeylab.lessons import framework as fw
from donkeylab.lessons import full_games_questions as qg
from donkeylab.lessons.full_widgets import summary_html
from donkeylab.lessons.page import number, percent
from donkeylab.pages.query import parse_query
from donkeylab.pages.words import interval
from donkeylab.widgets import Stepper


def exercises_of(spec: fw.LessonSpec) -> list[fw.Exercise]:
    return list(next(s for s in spec.sections if isinstance(s, fw.Exercises)).items)


def feedback(item: fw.Exercise, text: str, lang: str = "en") -> str:
    """What a fresh answer box says to ``text`` (its first try)."""
    box = fw.answer_box(item, lang)
    box.field.value = text
    box.check()
    return str(box.feedback_text())


# ---------------------------------------------------------------------------------------------- Lesson 1
def margaret_roll(variant: str) -> Any:
    """The rulebook round on the lesson's own Stepper, at the chance point of Margaret's roll (step 8's roll)."""
    rules = Rules(variant=variant)  # type: ignore[arg-type]
    stepper = Stepper("double_donkey", 4, seed=0, rules=rules)
    die_choice.start_example(stepper, rules, 0, fresh=True)
    return stepper.match.states[die_choice.FREE_STEP - 1]


@pytest.mark.parametrize("variant", ["english", "german"])
def test_lesson_1_exercise_3_is_margarets_exception_counted_on_the_engines_rolls(variant: str) -> None:
    """The question's Hay card and dice are the round's at step 8, and (3/6)^3 = 1/8 is the share of the engine's
    own rolls there that give the exception (DD-DICE-2's free choice)."""
    state = margaret_roll(variant)
    assert state.current_player is CHANCE and sorted(state.hay.values()) == [1, 2, 5]
    free = Fraction(0)
    for roll, p in state.chance_outcomes():
        if any(e.key == "DD-DICE-2/free" for e in state.apply(roll).events):
            free += p
    item = exercises_of(die_choice.spec(variant))[2]
    assert free == Fraction(1, 8) == item.exact == die_choice.margaret_exception()
    assert item.hint is not None and item.mistakes
    for lang in ("en", "de"):
        question = item.question.get(lang)
        assert "2, 5" in question and "1" in question and "3" in question and "8" in question
    assert "1/8 = 12.5 %, about 1 in 8" in item.solution.get("en")
    assert "1/8 = 12,5 %, etwa 1 von 8" in item.solution.get("de")


def test_lesson_1_exercise_3_is_worked_on_paper_and_the_table_reading_moves_on_screen() -> None:
    """The three main exercises each ask for a number (pencil and paper); the what-if reading is the fourth,
    under going further, and says it is done on the screen."""
    items = exercises_of(die_choice.spec())
    assert all(item.exact is not None for item in items[: fw.MAIN_EXERCISES])
    assert items[3].exact is None
    assert items[3].question.get("en").startswith("On the screen:")
    assert items[3].question.get("de").startswith("Am Bildschirm:")
    assert "what-if" not in items[2].question.get("en") and "Was-wäre-wenn" not in items[2].question.get("de")


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("1/8", "en"),
        ("0.125", "en"),
        ("0,125", "de"),
        ("12.5 %", "en"),
        ("12,5 %", "de"),
        ("13 %", "en"),
        ("0.13", "en"),
        ("1 in 8", "en"),
        ("about 1 in 8", "en"),
        ("etwa 1 von 8", "de"),
        ("(1/2)^3", "en"),
        ("(3/6)³", "de"),
    ],
)
def test_lesson_1_exercise_3_takes_the_pages_own_wording(text: str, lang: str) -> None:
    item = exercises_of(die_choice.spec())[2]
    assert feedback(item, text, lang).startswith(("Correct!", "Richtig!"))


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("1/2", "1/2 is the probability for one die"),
        ("0.5", "1/2 is the probability for one die"),
        ("1.5", "a probability is never more than 1"),  # 1/2 + 1/2 + 1/2 added
        ("1/216", "one particular number"),
        ("1/27", "the 2 numbers of the question at the top"),
    ],
)
def test_lesson_1_exercise_3_aims_its_hints_at_the_wrong_idea(text: str, says: str) -> None:
    item = exercises_of(die_choice.spec())[2]
    said = feedback(item, text)
    assert says in said and "rounding" not in said


def test_lesson_1_exercise_3_tells_a_rounding_slip_from_a_wrong_idea() -> None:
    item = exercises_of(die_choice.spec())[2]
    assert "rounded too much" in feedback(item, "0.1")  # 0.125 rounded to one digit
    assert "Check your rounding" in feedback(item, "12.6 %")  # the right number, rounded wrongly
    for wrong in ("1 in 9", "1 in 7", "1/9", "0.2"):  # a wrong count, not a rounding
        said = feedback(item, wrong)
        assert said.startswith("Not yet") and "rounding" not in said, wrong


def test_a_one_in_n_is_a_rounding_slip_only_when_n_rounds_the_exact_n() -> None:
    """ "1 in 80" for 1/81 rounds 81 to one figure (a slip); "1 in 9" for 1/8 rounds nothing (a wrong idea)."""
    assert answers.check("1 in 80", Fraction(1, 81)).problem == "answer/rounding_slip"
    assert answers.check("1 in 9", Fraction(1, 8)).outcome == "not_yet"
    assert answers.check("1 in 7", Fraction(1, 8)).problem == ""
    assert answers.check("1 in 7,800", Fraction(1, 7776)).outcome == "correct"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_lesson_1_exercise_3_is_on_the_worksheet_with_a_box_and_on_the_key(lang: str) -> None:
    sheet = worksheets.document("die_choice", lang, "worksheet")
    key = worksheets.document("die_choice", lang, "key")
    question = exercises_of(die_choice.spec())[2].question.get(lang)
    assert question in sheet and question in key
    block = sheet.split(question)[1].split("<!--next-->")[0]
    assert "dl-ws-box" in block  # room for the number
    answer = key.split(question)[1].split("<!--next-->")[0]
    assert "1/8" in answer and ("12.5\u00a0%" in answer or "12,5\u00a0%" in answer), answer[:300]


# ---------------------------------------------------------------------------------------------- Lesson 2
def test_lesson_2_says_what_the_reveal_steps_hold_and_that_step_then_starts_round_2() -> None:
    """The intro names the step the page opens at and what Step does after its last event; both are the
    engine's: the reveal is step 15, its last event starts round 2, and Step beyond it plays round 2's roll."""
    lesson = angry_flips.parts()
    stepper = lesson.stepper
    assert stepper.index == angry_flips.TELLING_STEP and stepper.substep == 2
    events = stepper.match.states[angry_flips.TELLING_STEP].events
    assert events[-1].rule == "DD-NEXT-1" and "starts round 2" in events[-1].render("en")
    intro = angry_flips.say("step_intro")
    assert f"(step {angry_flips.TELLING_STEP})" in intro.get("en") and "Step starts round 2" in intro.get("en")
    assert f"(Schritt {angry_flips.TELLING_STEP})" in intro.get("de") and "beginnt mit Schritt Runde 2" in intro.get(
        "de"
    )
    stepper.jump(angry_flips.TELLING_STEP)
    stepper.step()  # past the reveal's last event: round 2's dice
    assert stepper.index == angry_flips.TELLING_STEP + 1
    assert stepper.match.states[stepper.index].round == 2


def test_the_stepper_counts_a_steps_events_as_the_steps_own() -> None:
    """ "step 15 · event 2 of 15" read as two counts of one thing: the event counter says whose events they are."""
    from donkeylab.widgets.words import front_end_words

    words = front_end_words("stepper")
    assert words["en"]["event"] == " · event {sub} of {n} in this step"
    assert words["de"]["event"] == " · Ereignis {sub} von {n} in diesem Schritt"


@pytest.mark.parametrize("variant", ["english", "german"])
def test_lesson_2_tree_solution_is_one_short_step_a_line_and_adds_up(variant: str) -> None:
    last_die = "roll" if variant == "german" else "choose"
    tree = angry_flips_tree.tree_exercise(last_die)  # type: ignore[arg-type]
    assert tree.exact == angry_flips.orange_on_two(last_die)  # type: ignore[arg-type]
    for lang in ("en", "de"):
        lines = tree.solution.get(lang).split("\n")
        word = "Step" if lang == "en" else "Schritt"
        steps = [line for line in lines if line.startswith(word)]
        assert len(steps) == (6 if variant == "english" else 4) and len(lines) == len(steps) + 1
        prose = [sum(any(c.isalpha() for c in w) for w in line.split()) for line in lines]  # words, not sums
        assert all(n <= 32 for n in prose), prose
    # each step's numbers, recomputed: the first branch, the leftover, and the sum
    sixth, old, new, half = Fraction(1, 6), Fraction(4, 6), Fraction(2, 6), Fraction(1, 2)
    first = sixth * old * half
    left_over = old * new + (old * old + new * new) * half
    left_two = sixth * new + sixth * old * half
    assert (first, left_over, left_two) == (Fraction(1, 18), Fraction(1, 2), Fraction(1, 9))
    if variant == "english":
        total = first + left_two * (half + half * sixth) + (left_over - left_two) * half * sixth
        assert left_two * (half + half * sixth) == Fraction(7, 108)
        assert (left_over - left_two) * half * sixth == Fraction(7, 216)
        said = ("= 1/18", "= 1/2", "1/9 · 7/12 = 7/108", "= 7/216", "33/216 = 11/72 ≈ 15.3 %")
    else:
        total = first + left_over * sixth
        said = ("= 1/18", "= 1/2", "1/2 · 1/6 = 1/12", "= 5/36 ≈ 13.9 %")
    assert total == tree.exact
    english = tree.solution.get("en")
    assert all(s in english for s in said), variant
    assert all(s.replace(".", ",") in tree.solution.get("de") for s in said[-1:])


@pytest.mark.parametrize(
    ("index", "text", "says"),
    [
        (0, "5", "opposite faces added up to 6"),
        (0, "1/6", "The question asks what the card is worth"),
        (-1, "0.5", "1/2 is the probability that orange is left over"),
        (-1, "0,5", "1/2 is the probability that orange is left over"),
        (-1, "50 %", "1/2 is the probability that orange is left over"),
        (-1, "1/6", "1/6 would be right if orange were rolled freely"),
        (-1, "1/18", "1/18 is only the branch"),
        (-1, "5/36", "5/36 is the answer when the last die is always rolled"),
    ],
)
def test_lesson_2_aims_hints_at_5_one_sixth_and_one_half(index: int, text: str, says: str) -> None:
    item = exercises_of(angry_flips.spec())[index] if index >= 0 else angry_flips_tree.tree_exercise()
    said = feedback(item, text)
    assert says in said and "rounding" not in said


def test_lesson_2_tree_first_branch_is_the_engines_legal_moves() -> None:
    """The tree's step 1 (orange placed at once on the 2: 1/6 · 4/6 · 1/2 = 1/18) is 1/6 of the probability that
    orange showing 2 is placed, counted on the engine's own legal moves over yellow's six faces (1/3)."""
    assert angry_flips_hand.placed_on_two() == Fraction(1, 3)
    assert "1/6 · 4/6 · 1/2 = 1/18" in angry_flips_tree.tree_exercise().solution.get("en")
    assert Fraction(1, 6) * angry_flips_hand.placed_on_two() == Fraction(1, 18)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("variant", ["english", "german"])
def test_lesson_2_worksheet_has_boxes_for_both_simulated_shares_and_the_key_the_exact_ones(
    variant: str, lang: str
) -> None:
    options = {"variant": variant}
    sheet = worksheets.document("angry_flips", lang, "worksheet", options)
    key = worksheets.document("angry_flips", lang, "key", options)
    heading = angry_flips.say("sim.heading").get(lang)
    block = sheet.split(f"<h2>{heading}</h2>")[1].split("</section>")[0]
    assert block.count("dl-ws-box") == 4  # a share and its N for each of the two plots
    assert angry_flips.say("sim.before").get(lang) in block and angry_flips.say("sim.after").get(lang) in block
    before, after = angry_flips.sevens("roll" if variant == "german" else "choose")
    expected = key.split(f"<h2>{heading}</h2>")[1].split("</section>")[0]
    assert percent(before, lang).replace(" ", "\u00a0") in expected or percent(before, lang) in expected
    assert percent(after, lang).replace(" ", "\u00a0") in expected or percent(after, lang) in expected
    assert "dl-ws-box" not in expected


# ---------------------------------------------------------------------------------------------- Lesson 5
LONG_RUN = (full_games.MEASURED_PAIRS, full_games.MEASURED["german"])


@pytest.mark.parametrize("lang", ["en", "de"])
def test_lesson_5_says_its_own_table_is_a_small_run_and_how_far_it_wanders(lang: str) -> None:
    """The default page's 200 pairs: the summary under its table (going further) says the run is small, how far its
    average can wander (half its 95 % interval, from the run itself) and the long run's figures the reveal states,
    inside this run's interval (computed, not assumed)."""
    results = qg.variant_results(200, 0, 4, "Random")
    diff = qg.paired_difference(results)
    text = summary_html(results, lang, LONG_RUN)
    half = number((diff.high - diff.low) / 2, lang, 1)
    value, low, high = interval(*full_games.MEASURED["german"], lang)
    if lang == "en":
        assert f"A small run of 200 pairs: its average can be off by up to about {half} rounds." in text
        assert f"The long run (50,000 pairs) measured {value} rounds ({low} to {high}), inside this interval." in text
    else:
        assert f"Ein kleiner Lauf mit 200 Paaren: Sein Mittelwert kann bis zu etwa {half} Runden danebenliegen." in text
        assert f"Der lange Lauf (50.000 Paare) ergab {value} Runden ({low} bis {high}), in diesem Intervall." in text
    assert diff.low <= full_games.MEASURED["german"][0] <= diff.high  # what "inside" claims
    assert (diff.high - diff.low) / 2 > 5 * (LONG_RUN[1][2] - LONG_RUN[1][1]) / 2, "the page's run is the small one"


def test_lesson_5_says_outside_when_the_small_run_misses_the_long_run() -> None:
    results = qg.variant_results(200, 0, 4, "Random")
    diff = qg.paired_difference(results)
    far = (LONG_RUN[0], (diff.high + 1.0, diff.high + 0.9, diff.high + 1.1))
    assert "outside this interval (that happens in about 5 of 100 runs)." in summary_html(results, "en", far)
    assert "außerhalb dieses Intervalls (das passiert in etwa 5 von 100 Läufen)." in summary_html(results, "de", far)


def test_lesson_5_reveal_states_the_long_runs_verdict_whatever_the_small_run_says() -> None:
    """The reveal's lead and the prediction's answer are the long run's (as class mode's and the key's), not a
    small table's; its evidence is the pupil's own run (tests/apps/test_lesson5_measured.py)."""
    assert full_games.long_run_verdict() == "german" == questions_answer()
    assert full_games.key_answer().get("en").startswith("<b>German rules</b>: over 50,000 pairs")
    lesson = full_games.parts(parse_query("games=20&seed=3", full_games.PARAMS))
    assert lesson.prediction.answer == "german"
    assert lesson.prediction.answer_text.get("en").startswith("<b>German rules</b>: ")


def questions_answer() -> str:
    from donkeylab.classroom.questions import question_specs

    question = question_specs("full_games")["shorter"]
    return str(question.choices[int(question.exact)])


@pytest.mark.parametrize("lang", ["en", "de"])
def test_lesson_5_measured_text_has_no_seed(lang: str) -> None:
    text = full_games.say("measured").get(lang).lower()
    assert "seed" not in text and "startwert" not in text
    assert "the same table" in text or "dieselbe tabelle" in text


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(
    ("lesson", "index", "text", "says"),
    [
        ("die_choice", 1, "2/3", ("2/3 = 4/6 is the probability for one die", "2/3 = 4/6 ist die")),
        ("die_choice", 1, "0,67", ("2/3 = 4/6 is the probability for one die", "2/3 = 4/6 ist die")),
        ("die_choice", 1, "0.5", ("as if all four were equally likely", "als wären alle vier gleich")),
        ("die_choice", 1, "50 %", ("as if all four were equally likely", "als wären alle vier gleich")),
        ("angry_flips", 1, "14", ("14 is 7 + 7", "14 ist 7 + 7")),
        ("doublet_penalties", 1, "9/56", ("leaves out one kind of safe card", "lässt eine Sorte sicherer")),
        ("doublet_penalties", 1, "1/4", ("1/4 would be 14 of the 56 cards", "1/4 wären 14 der 56 Karten")),
        ("doublet_penalties", 1, "25 %", ("1/4 would be 14 of the 56 cards", "1/4 wären 14 der 56 Karten")),
    ],
)
def test_the_wrong_answers_reviewers_typed_get_a_hint_aimed_at_their_idea(
    lesson: str, index: int, text: str, says: tuple[str, str], lang: str
) -> None:
    """The maths review's answers that got only "Not yet": Lesson 1 Q2's 2/3 (one die) and 1/2 (four cases taken
    as equally likely), Lesson 2's 14 (7 + 7 without the old sum), Lesson 3's 9/56 (a kind of safe card left
    out) and 1/4."""
    from donkeylab.lessons import doublet_penalties

    spec = {"die_choice": die_choice, "angry_flips": angry_flips, "doublet_penalties": doublet_penalties}[lesson]
    said = feedback(exercises_of(spec.spec())[index], text, lang)
    assert says[lang == "de"] in said and "rounding" not in said and "Runden" not in said


@pytest.mark.parametrize(("lang", "says"), [("en", "the exact answer 0.17976… both round to 0.18"), ("de", "0,17976…")])
def test_a_fraction_right_to_two_figures_is_told_the_exact_answer_as_a_short_decimal(lang: str, says: str) -> None:
    """Lesson 2's 18.0 % is 3913007381/21767823360: "9/50" was told that fraction in full."""
    said = feedback(exercises_of(angry_flips.spec())[2], "9/50", lang)
    assert says in said and "3913007381" not in said


@pytest.mark.parametrize(("text", "lang"), [("6/36", "en"), ("6 of 36", "en"), ("6 von 36", "de")])
def test_lesson_2s_count_written_as_a_share_is_told_to_give_the_number_without_quoting_another_answer(
    text: str, lang: str
) -> None:
    said = feedback(angry_flips_hand.free_exercise(), text, lang)
    assert ("a share of the 36 squares" if lang == "en" else "ein Anteil an den 36 Feldern") in said
    assert "1/6" not in said
