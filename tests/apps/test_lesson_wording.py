"""Issue 35 §1, lesson by lesson: the false statements are gone, every number a changed sentence states is the
engine's (its exact modules, or the engine's own chance outcomes and legal moves), the feedback aims at each
exercise's classic wrong answer, and the German reads as German."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest

from donkeylab.core import CHANCE
from donkeylab.double_donkey import COLOURS, Choose, Rules, exact, new_game
from donkeylab.esels_rennen import exact as er_exact
from donkeylab.esels_rennen import load_board
from donkeylab.lessons import (
    angry_flips,
    arrow_chains,
    dd_flips,
    dd_parts,
    die_choice,
    doublet_penalties,
    doublet_penalties_text,
)
from donkeylab.lessons import framework as fw


def both(text: Any) -> str:
    return text.get("en") + "\n" + text.get("de")


def exercises_of(spec: fw.LessonSpec) -> list[fw.Exercise]:
    return list(next(s for s in spec.sections if isinstance(s, fw.Exercises)).items)


def box_of(module: Any, index: int, lang: str = "en") -> Any:
    """The answer box the page builds for the lesson's exercise ``index`` (through the framework)."""
    return fw.answer_box(exercises_of(module.spec())[index], lang)


def answer(box: Any, text: str) -> str:
    box.field.value = text
    box.check()
    return str(box.feedback_text())


# ---------------------------------------------------------------------------------------------- Lesson 1
def fifth_roll() -> Any:
    """A 4-player phase 1 after four placed dice with four different numbers: the 5th roll is next."""
    rules = Rules()
    state = new_game(4, rules).apply(dd_parts.forced_deal(rules, [[], [], [], []], 0))
    placed = [("light_blue", 1), ("dark_blue", 2), ("orange", 3), ("yellow", 4)]
    for i, (colour, _) in enumerate(placed):
        pips = dict(placed[i:]) | {c: 6 for c in COLOURS if c not in dict(placed)}
        state = state.apply(dd_parts.roll(**pips)).apply(Choose(colour))
    return state


def test_lesson_1_may_choose_the_die_with_a_free_choice_or_two_new_numbers() -> None:
    """The engine's own chance outcomes and legal moves at the 5th roll: free 4/9, both dice new 1/9 (both
    allowed), exactly one new 4/9 (forced). "Only a free choice lets you take the die" was false."""
    state = fifth_roll()
    assert state.current_player is CHANCE and len(state.hay) == 4
    cases: dict[str, Fraction] = {"free": Fraction(0), "either": Fraction(0), "forced": Fraction(0)}
    for roll, p in state.chance_outcomes():
        rolled = state.apply(roll)
        assert rolled.current_player == 0, "the 5th roll of four players is the starting player's"
        chooses = [a for a in rolled.legal_actions() if isinstance(a, Choose)]
        if any(e.key == "DD-DICE-2/free" for e in rolled.events):
            cases["free"] += p
        else:
            cases["either" if len(chooses) == 2 else "forced"] += p
    assert cases == {"free": Fraction(4, 9), "either": Fraction(1, 9), "forced": Fraction(4, 9)}
    free, both_new = die_choice.may_choose_with_two_dice()
    assert (free, both_new) == (cases["free"], cases["either"])
    item = die_choice.exercises()[1]
    assert item.exact == Fraction(5, 9) and item.why
    question, solution = both(item.question), both(item.solution)
    assert "Only a free choice" not in question and "Nur eine freie Wahl" not in question
    assert "the last of four" not in question and "als Letzter von vier" not in question
    assert "5th roll is yours again" in question and "beim 5. Wurf wieder an der Reihe" in question
    # both ways to pick the die are named in the question (review 2026-12, L1 F1): its answer is 5/9, literally
    assert "by the exception, or because both dice show new numbers" in question
    assert "durch die Ausnahme oder weil beide Würfel neue Zahlen zeigen" in question
    assert "4/9 + 1/9 = 5/9, about 56 %" in solution and "4/9 + 1/9 = 5/9, etwa 56 %" in solution
    assert "almost every second time" not in solution


def test_lesson_1_feedback_aims_at_the_classic_wrong_answers() -> None:
    one, two = box_of(die_choice, 0), box_of(die_choice, 1)
    assert "1/6 is the probability for one die" in answer(one, "1/6")
    assert "multiply them, don't add" in answer(one, "5/6")
    assert "4/9 is only the exception" in answer(two, "4/9")
    assert "1/9 is only the case" in answer(two, "11 %")
    assert answer(two, "56 %").startswith("Correct!")


def test_lesson_1_says_rounds_and_suppose() -> None:
    further = both(die_choice.further_intro())  # going further since issue 35 §2 (the notice is the headline's)
    assert "of rounds" in further and "der Runden" in further and "of games" not in further
    assert f"{round(100 * float(exact.p_some_free_choice()))} %" in further  # 52 %: per phase 1, so per round
    assert "of games" not in both(die_choice.notice_text())
    ex3 = exercises_of(die_choice.spec())[3].question  # the what-if reading: exercise 4, on the screen
    assert "suppose her hand is" in ex3.en and "Nimm an, sie hat" in ex3.de
    assert "does not show her cards" in ex3.en and "zeigt ihre Karten nicht" in ex3.de


def test_lesson_1_under_german_rules_ranks_with_the_german_last_die() -> None:
    """The what-if panel reads the last-die rule off the Stepper; the exercise's solution must say the same."""
    for variant, last_die in (("english", "choose"), ("german", "roll")):
        solution = exercises_of(die_choice.spec(variant))[3].solution.get("en")
        panel = dd_what_if_means(last_die)
        for colour, mean in panel.items():
            assert f"{dd_parts.colour_name(colour, 'en')} ≈ {dd_parts.decimal(mean, 'en')}" in solution, variant
    assert "orange ≈ 3.37" in exercises_of(die_choice.spec("german"))[3].solution.get("en")


def dd_what_if_means(last_die: str) -> dict[str, Fraction]:
    rulebook = exact.RULEBOOK_WHAT_IF
    found = exact.what_if(rulebook["hay"], rulebook["rolled"], rulebook["hand"], "random", last_die)  # type: ignore[arg-type]
    return {c: sum((v * p for v, p in d.items()), Fraction(0)) for c, d in found.items()}


# ---------------------------------------------------------------------------------------------- every lesson
QUESTION_KEYS = {
    "die_choice": ("prompt", "ex1.q", "ex2.q"),  # the question's paragraph sets the scene; the prompt asks
    "angry_flips": ("pairs.q",),
    "angry_flips_tree": ("q.choose", "q.roll"),
    "doublet_penalties": ("prompt", "exercises", "ex2.q", "ex3.q", "exercises5", "app.blurb"),
    "arrow_chains": ("ex1.q", "win.q"),
}


@pytest.mark.parametrize(("name", "keys"), list(QUESTION_KEYS.items()))
def test_probability_questions_are_asked_plainly(name: str, keys: tuple[str, ...]) -> None:
    """ "How likely may you…" / "Wie wahrscheinlich darfst du…" → "What is the probability…" / "Wie groß ist
    die Wahrscheinlichkeit…"."""
    from donkeylab.lessons import angry_flips_tree

    modules = (die_choice, angry_flips, doublet_penalties, arrow_chains)
    module = {m.NAME: m for m in modules}.get(name, angry_flips_tree)
    for key in keys:
        en, de = module.TEXTS[key]
        assert "what is the probability" in en.lower(), key
        assert re.search(r"wie groß ist (\w+ ){0,3}die wahrscheinlichkeit", de.lower()), key
        assert not re.search(r"How likely (may|do|does|is)", en) and "Wie wahrscheinlich" not in de, key


# ---------------------------------------------------------------------------------------------- numbers
@pytest.mark.parametrize(
    ("p", "en", "de"),
    [
        (Fraction(3, 7), "42.9 % (exactly 3/7)", "42,9 % (genau 3/7)"),  # was "about 1 in 2"
        (Fraction(2, 5), "40.0 % (exactly 2/5)", "40,0 % (genau 2/5)"),
        (Fraction(1, 3), "33.3 % (about 1 in 3; exactly 1/3)", "33,3 % (etwa 1 von 3; genau 1/3)"),
        (Fraction(3, 28), "10.7 % (about 1 in 9; exactly 3/28)", "10,7 % (etwa 1 von 9; genau 3/28)"),
    ],
)
def test_one_in_n_only_up_to_about_a_third(p: Fraction, en: str, de: str) -> None:
    from donkeylab.pages import words

    assert words.probability(p, "en") == en and words.probability(p, "de") == de
    assert "1 in 2" not in words.probability(Fraction(43, 100), "en")


# ---------------------------------------------------------------------------------------------- Lesson 2
def test_lesson_2_states_the_independent_baseline_and_aims_at_one_sixth() -> None:
    """1/6 is what independent dice give, before and after the flip: the lesson's point, so the page says it
    and the answer 1/6 gets feedback about independence, not "check your rounding"."""
    pairs = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    sevens = Fraction(sum(a + b == 7 for a, b in pairs), 36)
    doubles = Fraction(sum(a == b for a, b in pairs), 36)
    after_flip = Fraction(sum(a + (7 - b) == 7 for a, b in pairs), 36)
    assert sevens == doubles == after_flip == Fraction(1, 6)
    from donkeylab.lessons import angry_flips_hand, angry_flips_tree

    html = angry_flips.exact_html("en") + angry_flips.exact_html("de")
    assert "about 1 in 6" not in html and "etwa 1 von 6" not in html
    free = angry_flips_hand.free_exercise().solution  # the count by hand says it: 1/6 either way
    assert "6 of 36 before the flip and 6 of 36 after it" in free.en and "1/6 either way" in free.en
    assert "vor dem Umdrehen 6 von 36 und danach 6 von 36" in free.de and "beide Male 1/6" in free.de
    box = fw.answer_box(angry_flips_tree.tree_exercise(), "en")  # the tree: 1/6 is what free dice would give
    text = answer(box, "1/6")
    assert box.verdict.outcome == "mistake" and "1/6 would be right if orange were rolled freely" in text
    assert "Check your rounding" not in text
    box = box_of(angry_flips, 2)  # the 7s without a flip from the pairs: 1/6 is free dice again
    text = answer(box, "1/6")
    assert box.verdict.outcome == "mistake" and "1/6 is what free dice give" in text
    assert "Check your rounding" not in text


def test_lesson_2s_count_by_hand_is_computed_on_the_engines_rules() -> None:
    """The count by hand on the Hay card: the tree of the last two dice (11/72), the engine's exact model; its
    first branch is the engine's own legal moves (orange showing the 2 is placed 1 time in 3); each classic wrong
    answer gets its own hint, and no hint names a rule by its code."""
    from donkeylab.lessons import angry_flips_hand, angry_flips_tree

    tree = angry_flips_tree.tree_exercise()
    assert tree.exact == angry_flips.orange_on_two() == Fraction(11, 72)
    assert angry_flips_hand.placed_on_two() == Fraction(1, 3)
    box = fw.answer_box(tree, "en")
    for right in ("11/72", "0.15", "15 %", "15.3 %", "33/216"):
        assert answer(box, right).startswith("Correct!"), right
    assert "the rule matters" in answer(box, "1/6") and "DD-" not in answer(box, "1/6")
    assert "only the branch" in answer(box, "1/18")


def test_lesson_2_asks_one_question_per_box_and_aims_at_the_unflipped_die() -> None:
    first = exercises_of(angry_flips.spec())[0]
    assert first.question.en.count("?") == 1 and first.question.de.count("?") == 1
    assert "What does the die show now" not in first.question.en
    assert "1 is the die before the flip" in answer(box_of(angry_flips, 0), "1")
    assert "as if it were one die" in answer(box_of(angry_flips, 1), "2")


def test_lesson_2_under_german_rules_states_the_german_numbers() -> None:
    """?variant=german always rolls the last die (DD-DICE-3): 18.1 % and 9.3 %, not 18.0 % and 10.1 %."""
    card = ("light_blue", "orange")
    for variant, last_die, shown in (
        ("english", "choose", ("18.0 %", "10.1 %")),
        ("german", "roll", ("18.1 %", "9.3 %")),
    ):
        before = exact.card_value_distribution(card, (), "random", last_die)[7]
        after = exact.card_value_distribution(card, ("orange",), "random", last_die)[7]
        spec = angry_flips.spec(variant)
        answer_section = next(s for s in spec.sections if isinstance(s, fw.ExactAnswer))
        assert answer_section.value == (before, after)
        html = answer_section.parts[0]("en")
        assert all(f"<b>{x}</b>" in html for x in shown), variant
        pairs = exercises_of(spec)[2]  # the 7s without a flip from the pairs: the page's own number
        assert pairs.exact == before == (1 - after) / 5
        assert f"≈ {shown[0]}" in pairs.solution.en
    assert "9.3 % of games, less than 1/6. Without a flip it is 18.1 %" in angry_flips.notice_text("roll").get("en")


def test_lesson_2_german_is_german() -> None:
    texts = "\n".join(de for _, de in angry_flips.TEXTS.values())
    assert "Paschs" not in texts and "Pasche" in texts
    assert "Chance" not in texts
    two = dd_flips.two_flips_html("de")
    assert "Der orangefarbene Wütende Esel von Spieler 1 dreht den orangefarbenen Würfel von 5 auf 2." in two
    assert "Wütende Esel orange" not in two and "Würfel orange" not in two
    assert dd_parts.card_label("ANGRY:green", "de") == "grüner Wütender Esel"
    assert dd_parts.card_label("ANGRY:orange", "de") == "orangefarbener Wütender Esel"  # the engine's forms


def test_lesson_2_shows_no_code_names() -> None:
    for lang in ("en", "de"):
        two = dd_flips.two_flips_html(lang)
        for code in ("angry_flip", "toggle_per_card", "once_per_colour", "<code>"):
            assert code not in two, (lang, code)
    assert "our ruling" in dd_flips.two_flips_html("en") and "unsere Festlegung" in dd_flips.two_flips_html("de")


# ---------------------------------------------------------------------------------------------- Lesson 3
def test_lesson_3_labels_the_repeated_doublet_as_our_ruling() -> None:
    """ "0 on a doublet total is always safe" is our ruling (DN-DOUBLET-1's option): the engine applies it, and
    the page now says whose ruling it is."""
    from donkeylab.double_down import exact as dn_exact

    assert all(dn_exact.play_outcome(66, card) == "safe" for card in ("0", "reverse", "2x"))
    notice = doublet_penalties.say("notice")
    assert "always safe" in notice.en and "our ruling: the rulebook does not say" in notice.en
    assert "immer sicher" in notice.de and "unsere Festlegung: Die Spielregel sagt dazu nichts" in notice.de


def test_lesson_3_feedback_aims_at_the_classic_wrong_answers() -> None:
    from donkeylab.double_down import exact as dn_exact

    assert dn_exact.play_outcome(0, "76") == "safe" and dn_exact.play_outcome(76, "-10") == "doublet"
    first = exercises_of(doublet_penalties.spec())[0]
    assert first.question.en.count("?") == 1 and "Which cards" not in first.question.en
    assert "counts the 76 too" in answer(box_of(doublet_penalties, 0), "7/56")
    assert "counts the four −10s as safe" in answer(box_of(doublet_penalties, 1), "17/56")
    assert "costs a token" in answer(box_of(doublet_penalties, 1), "77 %")
    assert "draws every card afresh" in answer(box_of(doublet_penalties, 2), "1.4 %")  # (3/7)⁵ = 1.45 %
    assert answer(box_of(doublet_penalties, 2), "1.1 %").startswith("Correct!")
    assert "% sign" in answer(box_of(doublet_penalties, 2), "1.1")


def test_lesson_3_whole_percents_count_as_everywhere() -> None:
    """ "23 %" for 13/56 and "11 %" for 3/28 were "close" here while Lesson 4 took whole percents."""
    assert answer(box_of(doublet_penalties, 0), "11 %").startswith("Correct!")
    assert answer(box_of(doublet_penalties, 1), "23 %").startswith("Correct!")
    assert answer(box_of(arrow_chains, 3), "44 %").startswith("Correct!")
    assert "Keep at least two digits" in answer(box_of(arrow_chains, 3), "0.4")


# ---------------------------------------------------------------------------------------------- Lesson 4
def test_lesson_4_shows_boards_by_name_not_by_code() -> None:
    """ "default: chance" and "tiny_chain" were code names on the page."""
    for lang in ("en", "de"):
        pages = [arrow_chains.exact_headline(lang), arrow_chains.exact_orders(lang), arrow_chains.exact_chains(lang)]
        pages += [arrow_chains.count_headline(lang), arrow_chains.notice().get(lang)]
        pages += [arrow_chains.say(k).get(lang) for k in ("win.q", "step_intros.default", "step_intros.tiny_chain")]
        text = re.sub(r"<[^>]+>", " ", " ".join(pages))
        assert "tiny_chain" not in text and "default" not in text, lang
    assert "standard board: probability" in arrow_chains.exact_orders("en")
    assert "Mini-Brett: Wahrscheinlichkeit" in arrow_chains.exact_orders("de")


def test_lesson_4s_tree_and_exercise_3_are_the_engines_first_moves() -> None:
    """On the mini board the first player has 6 legal moves and only the green donkey to c1 ends the race, in
    the order green–yellow–red, the board's best card: the tree's first branching (1/6), exercise 3's second step
    (Player 1 wins at once: 2/6 × 1/6 = 1/18)."""
    from donkeylab import esels_rennen as er
    from donkeylab.lessons import arrow_chains_count as count

    state = er.new_game(3, board="tiny_chain").apply(er.Deal.of(*[list(c) for c in arrow_chains.DEAL]))
    moves = state.legal_actions()
    ending = [m for m in moves if state.apply(m).current_player is None]
    assert len(moves) == 6 and ending == [er.Move("green", "c1")]
    assert state.apply(ending[0]).podium == ("green", "yellow", "red") and arrow_chains.best_card("tiny_chain") == "GYR"
    assert count.race_over_at_once() == Fraction(1, len(moves))
    assert exercises_of(arrow_chains.spec())[2].exact == Fraction(2, 6) * Fraction(1, len(moves))
    assert "1/6 would be right for one order in a fair race" in answer(box_of(arrow_chains, 0), "1/6")


def test_lesson_4s_first_exercises_are_computed_not_read() -> None:
    """Exercises 1 and 2 read a cell of a table; now exercise 1 takes a step of probability on the table's numbers
    (two disjoint orders add: yellow first, 17.6 % + 9.1 % = 26.7 %), exercise 2 is a count by hand on the mini
    board (3 of the 6 first moves set off a hop), and exercise 4, under going further, takes the complement of
    the row "0 hops" (100 % − 56.1 % = 43.9 %). The exact values from the engine's exact race odds."""
    odds = er_exact.race_odds(load_board("default"))
    orders = dict(odds.order_probability)
    yellow_first = orders["YRG"] + orders["YGR"]
    hop = 1 - arrow_chains.chain_shares("default")[0]
    first, count, _, second = exercises_of(arrow_chains.spec())[:4]
    assert (first.exact, count.exact, second.exact) == (yellow_first, 3, hop)
    assert (round(100 * float(yellow_first), 1), round(100 * float(hop), 1)) == (26.7, 43.9)
    for lang, right in (("en", ("26.7 %", "0.27", "27 %")), ("de", ("26,7 %", "0,27", "27 %"))):
        assert all(answer(box_of(arrow_chains, 0, lang), r).startswith(("Correct!", "Richtig!")) for r in right)
    assert "That is one order only" in answer(box_of(arrow_chains, 0), "9.1 %")
    assert "That is one order only" in answer(box_of(arrow_chains, 0), "17.6 %")
    assert "1/3 would be right in a fair race" in answer(box_of(arrow_chains, 0), "1/3")
    assert answer(box_of(arrow_chains, 3), "43.9 %").startswith("Correct!")
    assert "moves without a hop" in answer(box_of(arrow_chains, 3), "56.1 %")
    assert "ER-CHAIN-2" not in second.solution.get("en"), "the pupil's solution in words, without rule IDs"


def test_lesson_4_hover_text_has_no_long_fractions() -> None:
    """The exact markers' hover labels quoted ~1,250-digit fractions (24 on each page)."""
    from donkeylab.lab import figures
    from donkeylab.widgets import LivePlot

    for board in arrow_chains.BOARDS:
        plot = LivePlot("esels_rennen.race_orders", n=1_000, board=board)
        texts = [t for trace in plot.figure["data"] for t in (trace.get("text") or [])]
        assert texts and all(len(t) <= 20 for t in texts), board
    assert figures.exact_hover(Fraction(3, 28)) == " (= 3/28)" and figures.exact_hover(Fraction(10**20, 3**50)) == ""


def test_english_and_german_are_capitalised_where_the_cards_view_names_the_rules() -> None:
    from donkeylab.widgets.words import front_end_words

    table = front_end_words("card_hands")
    assert table["en"]["variant_english"] == "English" and table["en"]["variant_german"] == "German"
    assert (
        "(English rules)" in die_choice.say("exact.choose").en and "(German rules)" in die_choice.say("exact.roll").en
    )


def test_notebook_01_says_what_the_answer_boxes_take() -> None:
    """Notebook 01 said "the answer boxes accept 1/81": 1/81 is the slider's answer, no box's."""
    import json

    with open("notebooks/01_die_choice.ipynb", encoding="utf-8") as f:
        teacher = "".join(json.load(f)["cells"][1]["source"])
    assert "answer boxes accept 1/81" not in teacher and "a slider" in teacher
    boxes = [item.exact for item in exercises_of(die_choice.spec()) if item.exact is not None]
    assert Fraction(1, 81) not in boxes and boxes == [Fraction(1, 7776), Fraction(5, 9), Fraction(1, 8)]
    assert "`1/7776`" in teacher and "`5/9`" in teacher and "5/9 ≈ 56 %" in teacher and "`1/8`" in teacher


@pytest.mark.parametrize("lang", ["en", "de"])
def test_lesson_3_points_at_its_exercises_by_what_they_ask(lang: str) -> None:
    """'Exercise 4 finds one after 2 cards' pointed at the wrong exercise once a new one came before it (a
    review found it): a reference says what the exercise is about, and that exercise asks it."""
    items = next(s for s in doublet_penalties.spec().sections if isinstance(s, fw.Exercises)).items
    asked = [item.question.get(lang) for item in items]
    further = " ".join(
        str(v) for k, v in doublet_penalties_text.TEXTS.items() if "further" in k for v in [v[lang == "de"]]
    )
    assert not re.search(r"(exercise|Übung) 4\b", further)
    assert "152" in further and any("152" in text for text in asked)
    hand = next(n for n, text in enumerate(asked, 1) if re.search(r"\b5\b", text) and ("hand" in text.lower()))
    assert f"{'Übung' if lang == 'de' else 'exercise'} {hand}" in " ".join(
        v[lang == "de"] for v in doublet_penalties_text.TEXTS.values() if isinstance(v, tuple)
    )


def test_pupils_words_for_intervals_and_rules() -> None:
    """The pupil's words: "95 % interval" on the table (the going-further text names "confidence interval" once,
    as what statisticians call it), and the points exercise of Lesson 4 explains the points without a rule ID."""
    from donkeylab.lessons import full_widgets

    points = exercises_of(arrow_chains.spec())[3].question
    for lang in ("en", "de"):
        assert "ER-SCORE-1" not in points.get(lang)
        caption = full_widgets.say("caption", count="20").get(lang)
        assert "95 % interval" in caption or "95-%-Intervall" in caption
        assert "onfidence" not in caption and "Konfidenz" not in caption
