"""The die-choice lesson without a browser: the rulebook round at Fran's roll, the what-if, exact answers, links."""

from __future__ import annotations

import html
from fractions import Fraction

import pytest

from donkeylab.apps import APPS, build
from donkeylab.core.messages import player_name
from donkeylab.double_donkey import exact
from donkeylab.games import info as games_info
from donkeylab.lessons import dd_parts, dd_what_if, die_choice
from donkeylab.lessons.dd_parts import LangButton
from donkeylab.lessons.dd_what_if import WhatIfPanel
from donkeylab.lessons.page import Lesson, page
from donkeylab.pages.query import parse_query
from donkeylab.widgets import DiceTray, RuleExplainer, Stepper
from donkeylab.widgets.messages import say as ui_say
from donkeylab.widgets.share import ShareLink
from tests.apps.helpers import assert_bilingual, dd_state, everything, find, one, walk


@pytest.fixture(scope="module")
def lesson() -> Lesson:
    return die_choice.parts()


def fresh(text: str = "") -> Lesson:
    return die_choice.parts(parse_query(text, die_choice.PARAMS))


def test_parts_build_in_page_order(lesson: Lesson) -> None:
    kinds = [type(w).__name__ for w in lesson.step_through]
    assert kinds == ["Text", "LangButton", "Stepper", "HBox", "Folded"]  # the what-if folded (exercise 3's)
    assert isinstance(lesson.step_through[4].children[0], WhatIfPanel) and lesson.step_through[4].selected_index is None
    assert lesson.stepper is lesson.step_through[2] and lesson.answer == Fraction(1, 81)
    box = lesson.step_through[3]
    assert isinstance(box.children[0].children[0], DiceTray) and isinstance(box.children[1].children[0], RuleExplainer)
    assert len(lesson.exercises.items) == 3
    shown = list(walk(page(lesson)))
    for part in everything(lesson):
        assert any(part is w for w in shown)


def test_dd_dice_2_stepper_starts_at_frans_roll_with_two_forbidden_dice(lesson: Lesson) -> None:
    st = lesson.stepper
    assert st.index == die_choice.TELLING_STEP and dd_state(st).phase == "choose" and dd_state(st).roller == 1
    dice = {d["colour"]: d for d in st.snapshot["table"]["dice"]}
    assert [c for c, d in dice.items() if d["choosable"]] == ["dark_blue", "orange", "yellow"]
    for colour in ("green", "purple"):
        assert dice[colour]["rolled"] == 2 and not dice[colour]["choosable"]
        assert "2" in dice[colour]["why_not"]
    assert one(lesson, RuleExplainer).rule == "DD-DICE-2"


def test_dd_dice_2_a_click_on_a_forbidden_die_shows_the_rule() -> None:
    lesson = fresh()
    assert not one(lesson, DiceTray).click("Choose('green')")
    assert lesson.stepper.error.startswith("DD-DICE-2") and lesson.stepper.index == die_choice.TELLING_STEP
    assert one(lesson, DiceTray).click("Choose('yellow')")
    assert dd_state(lesson.stepper).hay == {"light_blue": 2, "yellow": 3}


def test_dd_dice_2_margaret_may_choose_freely_at_step_8() -> None:
    st = fresh().stepper
    st.jump(die_choice.FREE_STEP)
    assert dd_state(st).roller == 3
    assert all(d["choosable"] for d in st.snapshot["table"]["dice"] if d["rolled"] is not None)
    assert any(e["key"] == "DD-DICE-2/free" for e in st.snapshot["events"])


def test_dd_dice_3_the_rulebook_round_ends_with_the_rulebooks_hay_card() -> None:
    st = fresh().stepper
    st.jump(12)
    assert dd_state(st).hay == {"light_blue": 2, "dark_blue": 3, "orange": 5, "yellow": 2, "green": 2, "purple": 1}
    assert any(e["key"] == "DD-DICE-3/keep" for e in st.snapshot["events"])
    assert dd_state(st).phase == "play"


def test_dd_dice_3_german_rules_roll_the_last_die() -> None:
    st = fresh("variant=german").stepper
    st.jump(12)
    assert dd_state(st).hay["yellow"] == 2
    assert any(e["key"] == "DD-DICE-3/placed" for e in st.snapshot["events"])


def test_dd_deck_1_fran_gets_the_rulebook_what_if_hand() -> None:
    state = dd_state(fresh().stepper)
    assert sorted(state.cards[c].colour_names for c in state.hands[1]) == sorted(exact.RULEBOOK_WHAT_IF["hand"])


def test_restart_button_goes_back_to_frans_roll() -> None:
    lesson = fresh()
    st = lesson.stepper
    st.play("Choose('orange')")
    st.step()
    assert st.index == die_choice.TELLING_STEP + 2
    one(lesson, LangButton).click()
    assert st.index == die_choice.TELLING_STEP and len(st.match) == 13


def test_prediction_reveal_shows_guess_and_answer(lesson: Lesson) -> None:
    pred = lesson.prediction
    pred.input.value = 0.3
    assert pred.result.value == ""
    pred.button.click()
    assert "0.3" in pred.result.value and "1/81" in pred.result.value


def test_exact_answer_equals_the_engine(lesson: Lesson) -> None:
    assert die_choice.prediction_answer() == exact.p_free_choice(4, {2, 5}) == Fraction(1, 81)
    assert "<b>1.2 % (about 1 in 81; exactly 1/81)</b>" in die_choice.exact_head("en")
    assert "<b>1,2 % (etwa 1 von 81; genau 1/81)</b>" in die_choice.exact_head("de")
    html = die_choice.free_choice_html("en")
    for k, m in ((2, 4), (3, 2), (5, 1)):  # no k = 1 row: one die leaves nothing to choose
        p = exact.p_free_choice(k, range(1, m + 1))
        assert f"exactly {p.numerator}/{p.denominator})</b>" in html
    for rule in exact.LAST_DIE:  # percentages; a fraction only when it is short (at most 12 digits in all)
        for p in exact.distinct_values_distribution("random", rule).values():
            short = len(str(p.numerator)) + len(str(p.denominator)) <= 12
            assert (f"{p.numerator}/{p.denominator}" in html) == short
    assert "0.013 %" in html and "less than" not in html  # tiny, but with two significant figures, never "0.0 %"
    assert "DD-DECK-1" not in html  # the tables are about dice only: no cards are dealt (review 2026-12, L1 U4)


def test_live_plots_are_the_headline_and_the_distinct_values_question(lesson: Lesson) -> None:
    convergence = lesson.live[1]
    assert convergence.question == "double_donkey.free_choice" and convergence.params == {"m": 2, "k": 4}
    assert convergence.figure["data"], "the exact line is drawn before any simulation"
    distinct = lesson.going_further[-1]  # after the fourth exercise (the what-if reading) and the tables
    assert distinct.question == "double_donkey.distinct_values"
    assert distinct.params == {"policy": "random", "last_die": "choose"}
    assert fresh("variant=german").going_further[-1].params["last_die"] == "roll"


def test_what_if_panel_equals_the_engine_at_frans_roll(lesson: Lesson) -> None:
    panel: WhatIfPanel = one(lesson, WhatIfPanel)
    assert panel.wait()
    pos = panel.position()
    assert not isinstance(pos, str)
    key, chooser = pos
    assert chooser == 1 and panel.result(key) == exact.what_if(**exact.RULEBOOK_WHAT_IF)
    assert "yellow 3" in panel.value and "★" not in panel.value  # no die marked best: exercise 3 reads it
    shown = html.unescape(panel.value)
    assert "Player 2's hand: orange/yellow Double Donkey, dark blue/green Double Donkey, purple Angry" in shown
    assert "a coin toss decides whether the last die is kept or re-rolled" in shown  # the exact model's DD-DICE-3


def test_what_if_panel_waits_and_hides_other_hands() -> None:
    lesson = fresh()
    st, panel = lesson.stepper, one(lesson, WhatIfPanel)
    st.step()  # Fran places the orange die: Jan's roll is next, nobody chooses now
    assert dd_state(st).phase == "roll" and "appears when" in panel.value
    st.back()
    st.seat = 0
    assert "Only Player 2" in panel.value
    # the hint names the view menu's own entries (stepper.js: "teacher" and "seen_by"), in both languages
    for lang in ("en", "de"):
        st.lang = lang
        menu = (ui_say("ui/stepper/teacher", lang), ui_say("ui/stepper/seen_by", lang, name=player_name(1, lang)))
        assert all(entry in panel.value for entry in menu), (lang, panel.value)
    st.lang = "en"
    st.seat = 1
    assert panel.wait() and "best card on average" in panel.value


def test_what_if_is_cached_per_position() -> None:
    first = dd_what_if.cached_what_if(**exact.RULEBOOK_WHAT_IF)
    assert dd_what_if.cached_what_if(**exact.RULEBOOK_WHAT_IF) is first


def test_exercises_answers_come_from_the_engine() -> None:
    items = die_choice.exercises()
    assert "1/7776" in items[0].solution.en and items[0].exact == Fraction(1, 7776)
    assert items[1].exact == Fraction(5, 9) and items[1].why  # a free choice (4/9) or two new numbers (1/9)
    means = {c: sum(v * p for v, p in d.items()) for c, d in exact.what_if(**exact.RULEBOOK_WHAT_IF).items()}
    ranked = sorted(means, key=means.__getitem__)
    answer = items[3].solution.en  # the what-if reading (exercise 4)
    positions = [answer.index(dd_parts.colour_name(c, "en")) for c in ranked]
    assert positions == sorted(positions) and ranked[0] == "yellow"


def test_language_switch_changes_every_text() -> None:
    lesson = fresh()
    lesson.switch.value = "de"
    assert "Misthaufen-Karte" in lesson.question.value and "Misthaufen-Karte" in lesson.exact[0].value
    assert lesson.stepper.lang == "de" and lesson.live[1].lang == "de" and one(lesson, RuleExplainer).lang == "de"
    assert lesson.going_further[-1].lang == "de"
    assert "Übungen" in lesson.exercises.value and "aufdecken" in lesson.prediction.button.description
    assert one(lesson, LangButton).description == die_choice.say("restart").de
    assert one(lesson, WhatIfPanel).wait() and "Spieler 2" in one(lesson, WhatIfPanel).value
    lesson.stepper.lang = "en"  # the stepper bar's own menu: the page follows
    assert lesson.switch.value == "en" and "Hay card" in lesson.question.value


def test_texts_are_bilingual() -> None:
    for module in (die_choice, dd_what_if):
        assert_bilingual(module)


def test_build_from_a_link() -> None:
    page = build("die_choice", "seed=5&lang=de&step=8")
    (stepper,) = find(page, Stepper)
    assert stepper.seed == 5 and stepper.lang == "de" and stepper.index == 8
    assert "Dieser Link" not in page.children[0].value


def test_build_with_a_bad_link_shows_a_note_and_uses_defaults() -> None:
    page = build("die_choice", "seed=banana&players=3")
    note = page.children[0].value
    assert "seed=banana" in note and "players=3" in note
    (stepper,) = find(page, Stepper)
    assert stepper.seed == 0 and stepper.index == die_choice.TELLING_STEP


def test_share_link_reproduces_the_step() -> None:
    lesson = fresh("seed=3")
    lesson.stepper.jump(9)
    query = "&".join(f"{k}={v}" for k, v in ShareLink(lesson.stepper, {"variant": "english"}).query().items())
    assert "variant" not in query  # the default variant: what a link without it gives
    again = die_choice.parts(parse_query(query, die_choice.PARAMS)).stepper
    assert again.index == 9 and again.snapshot == lesson.stepper.snapshot


def test_registered_as_a_lesson_app() -> None:
    info = APPS["die_choice"]
    assert info.kind == "lesson" and info.notebook == "die_choice.ipynb"
    assert set(info.params) == {
        "seed",
        "players",
        "step",
        "sub",
        "lang",
        "seat",
        "odds",
        "variant",
        "class",
        "_pupil",
        "reveal",
        "big",
    }  # class: issue 20; _pupil (the server's, never a link's) and reveal: issue 33
    assert "variant" in games_info("double_donkey").options
