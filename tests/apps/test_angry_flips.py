"""The Angry Donkey lesson without a browser: the forced reveal walked flip by flip, the values table, two flips
of one colour, exact answers and links."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from donkeylab.apps import APPS, build
from donkeylab.double_donkey import Rules, build_deck, exact, new_game
from donkeylab.double_donkey.cards import card_value
from donkeylab.lab import questions
from donkeylab.lessons import angry_flips, angry_flips_tree, dd_flips, dd_parts
from donkeylab.lessons.page import Lesson, page
from donkeylab.pages.query import parse_query
from donkeylab.widgets import CardHands, LivePlot, RuleExplainer, Stepper
from donkeylab.widgets.share import ShareLink
from tests.apps.helpers import assert_bilingual, dd_state, everything, find, one, walk

BEFORE_AFTER = [  # (player, card, before the flips, after the flips)
    (0, "DD:light_blue+yellow", 6, 6),
    (0, "ANGRY:orange", 5, 2),
    (1, "DD:light_blue+orange", 7, 4),
    (2, "DD:dark_blue+green", 4, 9),
    (2, "ANGRY:green", 1, 6),
]


@pytest.fixture(scope="module")
def lesson() -> Lesson:
    return angry_flips.parts()


def fresh(text: str = "") -> Lesson:
    return angry_flips.parts(parse_query(text, angry_flips.PARAMS))


def shown_event(st: Stepper) -> dict[str, object]:
    event: dict[str, object] = st.snapshot["events"][st.substep - 1]
    return event


def test_parts_build_in_page_order(lesson: Lesson) -> None:
    kinds = [type(w).__name__ for w in lesson.step_through]
    assert kinds == ["Text", "LangButton", "Stepper", "HBox", "Folded"]
    assert isinstance(lesson.step_through[4].children[0], CardHands) and lesson.step_through[4].selected_index is None
    assert [type(w).__name__ for w in lesson.exact] == ["Rendered"]
    assert [type(w).__name__ for w in lesson.going_further] == ["Exercises", "Text", "LivePlot"]
    box = lesson.step_through[3]
    assert [type(w).__name__ for w in box.children[0].children] == ["FlipValues"]  # no tray naming the next roller
    assert lesson.answer == angry_flips.sevens() and len(lesson.exercises.items) == 2  # and one more, further
    assert [e.number for e in lesson.going_further[0].exercises] == [3]  # why 18 % is above 1/6
    shown = list(walk(page(lesson)))
    for part in everything(lesson):
        assert any(part is w for w in shown)


def test_dd_play_1_stepper_starts_at_the_reveal(lesson: Lesson) -> None:
    st = lesson.stepper
    assert st.index == angry_flips.TELLING_STEP and st.substep == 2
    assert shown_event(st)["key"] == "DD-PLAY-1/reveal"
    assert one(lesson, RuleExplainer).rule == "DD-PLAY-1"
    assert [[c["id"] for c in seat] for seat in st.snapshot["table"]["revealed"]] == [
        list(p.cards) for p in dd_parts.plays(Rules(), angry_flips.HANDS, angry_flips.PLAYED)
    ]


def test_the_step_through_does_not_name_the_new_biggest_donkey_before_the_flips(lesson: Lesson) -> None:
    """Review 2026-12, L2 U2. At the reveal the Stepper's state is already the next round: its roller, the new
    Biggest Donkey (DD-NEXT-1), is in the snapshot's phase sentence and table. The Stepper's bar shows the shown
    event's sentence while inside the reveal, not that phase sentence (widgets/stepper.js); the dice tray's
    caption said "Dice with Player 3", so the lesson shows the Hay card in its values table instead."""
    st = lesson.stepper
    assert st.snapshot["table"]["roller"] == 2 and "Player 3" in st.snapshot["phase_text"]
    assert 0 < st.substep < len(st.snapshot["events"]), "inside the reveal: the bar shows the event, not the phase"
    assert not any(type(x).__name__ == "DiceTray" for x in walk(page(lesson)))
    said = one(lesson, dd_flips.FlipValues).value + " ".join(e["text"] for e in st.snapshot["events"][: st.substep])
    assert "Biggest" not in said and "Player 3 roll" not in said


def test_dd_angry_1_substeps_walk_the_flips_then_the_values() -> None:
    lesson = fresh()
    st = lesson.stepper
    rules = []
    for _ in range(8):
        st.step()
        rules.append(shown_event(st)["rule"])
    assert rules == ["DD-ANGRY-1", "DD-ANGRY-1"] + ["DD-VALUE-1"] * 5 + ["DD-BIGGEST-1"]
    assert st.index == angry_flips.TELLING_STEP and one(lesson, RuleExplainer).rule == "DD-BIGGEST-1"


def test_dd_angry_1_the_values_table_fills_in_step_by_step() -> None:
    lesson = fresh()
    view = one(lesson, dd_flips.FlipValues).view()
    assert view is not None
    assert [(r.player, r.kind, r.before, r.after) for r in view.rows] == [
        (p, k, b, None) for p, k, b, _ in BEFORE_AFTER
    ]
    assert [(f.colour, f.before, f.after, f.shown) for f in view.flips] == [
        ("orange", 5, 2, False),
        ("green", 1, 6, False),
    ]
    assert "Player 2" in one(lesson, dd_flips.FlipValues).value and "?" in one(lesson, dd_flips.FlipValues).value
    lesson.stepper.step()
    view = one(lesson, dd_flips.FlipValues).view()
    assert view is not None and [f.shown for f in view.flips] == [True, False]
    for _ in range(7):
        lesson.stepper.step()
    view = one(lesson, dd_flips.FlipValues).view()
    assert view is not None
    assert [(r.player, r.kind, r.before, r.after) for r in view.rows] == BEFORE_AFTER
    assert view.later and "Player 3" in view.later[0]


def test_dd_value_1_values_before_are_the_engines_card_values() -> None:
    state = dd_state(fresh().stepper, angry_flips.TELLING_STEP - 1)
    for p, name, before, _ in BEFORE_AFTER:
        card = next(state.cards[c] for c in state.hands[p] if state.cards[c].kind == name)
        assert card_value(card, state.dice) == before


def test_dd_biggest_1_the_flips_make_player_3_the_biggest_donkey(lesson: Lesson) -> None:
    assert max(BEFORE_AFTER, key=lambda r: r[2])[0] == 1  # without the flips: Player 2
    assert dd_state(lesson.stepper).biggest == 2


def test_values_table_waits_outside_a_reveal() -> None:
    st = fresh().stepper
    st.jump(3)
    assert dd_flips.reveal_view(st.match, st.index, st.substep) is None


def test_dd_dice_3_german_rules_roll_the_last_die_and_reach_the_same_reveal() -> None:
    st = fresh("variant=german").stepper
    assert st.index == angry_flips.TELLING_STEP and dd_state(st).biggest == 2
    assert any(e.key == "DD-DICE-3/placed" for e in st.match.states[12].events)


@pytest.mark.parametrize(
    ("option", "end", "second_key"), [("toggle_per_card", 5, "DD-ANGRY-1"), ("once_per_colour", 2, "DD-ANGRY-1/again")]
)
def test_dd_angry_1_two_flips_of_one_colour(option: str, end: int, second_key: str) -> None:
    state, flips = dd_flips.two_flips(option)
    assert [e.data["colour"] for e in flips] == ["orange", "orange"] and flips[1].key == second_key
    assert dd_flips.orange_after(flips) == end
    assert state.rules.angry_flip == option
    html = dd_flips.two_flips_html("en")
    assert "ends on 5." in html and "ends on 2." in html


def test_exact_answer_equals_the_engine(lesson: Lesson) -> None:
    before = exact.card_value_distribution(("light_blue", "orange"), (), "random")
    after = exact.card_value_distribution(("light_blue", "orange"), ("orange",), "random")
    assert angry_flips.sevens() == (before[7], after[7])
    shown = lesson.exact[0].value
    for p in (before[7], after[7]):  # a percentage; fractions of 20 digits are not for pupils
        assert f"<b>{100 * float(p):.1f} %</b>" in shown
        assert f"{p.numerator}/{p.denominator}" not in shown
    assert "about 1 in 6" not in shown, "18.0 % is not 1/6, the independent dice's value: the lesson's point"
    further = lesson.going_further[1].value  # no deck note under a dice-only model: it contradicted this one
    assert "DD-DECK-1" not in shown + further and "the cards play no part" in further
    # the model the numbers hold under (review 2026-12, L2 F1): exact.py's "random" policy, a coin for the last die
    assert "every player places a random allowed die, and a coin toss decides: keep or re-roll" in shown
    assert "how often do the two dice show a pair" in shown  # the count by hand answers it, the notice gives 10.1 %
    notice = lesson.notice.value
    assert "show a pair in 10.1 % of games" in notice and "less than 1/6" in notice  # rarer than free dice


def test_live_plot_is_the_flip_question() -> None:
    lesson = fresh("policy=lowest")
    before, convergence, flip = lesson.live[1], lesson.live[2], lesson.going_further[2]
    assert convergence.question == "double_donkey.seven_after_flip" and convergence.params["flipped"] is True
    assert before.question == convergence.question and before.params["flipped"] is False
    assert before.seed == convergence.seed, "both values from the same games"
    assert "Without a flip" in before.figure["layout"]["title"]["text"]
    assert "After the orange flip" in convergence.figure["layout"]["title"]["text"]
    assert flip.question == "double_donkey.flip"
    assert flip.params == {
        "card": ("light_blue", "orange"),
        "angry": ("orange",),
        "policy": "lowest",
        "last_die": "choose",
    }
    assert convergence.params["last_die"] == "choose"


def test_live_plots_follow_the_german_rules() -> None:
    """?variant=german: the last die is always rolled, so both plots draw 9.3 %, the number the page states."""
    lesson = fresh("variant=german")
    convergence, flip = lesson.live[2], lesson.going_further[2]
    assert convergence.params["last_die"] == flip.params["last_die"] == lesson.live[1].params["last_die"] == "roll"
    before, after = angry_flips.sevens("roll")
    assert f"{100 * float(after):.1f}" == "9.3"
    assert questions.get(convergence.question).exact(convergence.params)["p"] == after
    table = questions.get(flip.question).exact(flip.params)
    assert (table[("before the flip", 7)], table[("after the flip", 7)]) == (before, after)


def test_dd_deck_1_the_orange_share_depends_on_our_deck() -> None:
    """How many cards an orange flip changes depends on our reconstructed deck: notebook 02 says it (18 of 57),
    not a pupil's exercise."""
    deck = build_deck("reconstruction")
    assert angry_flips.orange_cards() == Fraction(18, 57) == Fraction(sum("orange" in c.colour_names for c in deck), 57)
    assert "18 of 57 cards in our reconstructed deck" in Path("notebooks/02_angry_donkey_flips.ipynb").read_text()


def test_prediction_reveal_shows_guess_and_answer(lesson: Lesson) -> None:
    pred = lesson.prediction
    pred.input.value = "more"
    pred.reveal()
    assert "<b>more often</b>" in pred.result.value and "Less often" in pred.result.value
    before, after = angry_flips.sevens()
    assert pred.answer == angry_flips.PREDICTION_ANSWER == "less" and after < before
    assert f"about {round(100 * float(before))} %" in pred.result.value


def test_language_switch_changes_every_text() -> None:
    lesson = fresh()
    lesson.switch.value = "de"
    assert "Wütende" in lesson.question.value and "Misthaufen-Karte" in one(lesson, dd_flips.FlipValues).value
    assert "Spieler 2" in one(lesson, dd_flips.FlipValues).value and len(lesson.going_further) == 3
    assert lesson.stepper.lang == "de" and one(lesson, RuleExplainer).lang == "de"
    assert all(plot.lang == "de" for plot in find(lesson.going_further[2], LivePlot) + lesson.live[1:])
    assert lesson.step_through[4].get_title(0) == angry_flips.HANDS_TITLE.de
    assert "Übungen" in lesson.exercises.value


def test_two_flips_of_one_colour_are_for_the_teacher_not_the_pupils_page() -> None:
    """A custom deck's case (two Angry Donkeys of one colour) is in notebook 02, not in the pupil's going further."""
    lesson = fresh()
    texts = " ".join(getattr(w, "value", "") for w in lesson.going_further if isinstance(getattr(w, "value", ""), str))
    assert dd_flips.two_flips_html("en") not in texts and "Two flips" not in texts
    assert "## Two flips of one colour" in Path("notebooks/02_angry_donkey_flips.ipynb").read_text(encoding="utf-8")


def test_texts_are_bilingual() -> None:
    for module in (angry_flips, dd_flips):
        assert_bilingual(module)


def test_build_from_a_link_and_from_a_bad_one() -> None:
    page = build("angry_flips", "seed=9&lang=de&seat=3")
    (stepper,) = find(page, Stepper)
    assert stepper.seed == 9 and stepper.lang == "de" and stepper.seat == 2
    page = build("angry_flips", "seed=banana&policy=sideways")
    assert "seed=banana" in page.children[0].value and "policy=sideways" in page.children[0].value
    (stepper,) = find(page, Stepper)
    assert stepper.seed == 0 and stepper.index == angry_flips.TELLING_STEP


def test_share_link_carries_variant_and_policy() -> None:
    page_ = build("angry_flips", "policy=highest")
    (share,) = find(page_, ShareLink)
    query = share.query()
    # The variant comes from the Stepper's current rules; the default one is left out of the link (it is what a
    # link without it gives).
    assert query["policy"] == "highest" and "variant" not in query and query["players"] == "3"
    assert build("angry_flips", "variant=german").children is not None
    (german,) = find(build("angry_flips", "variant=german"), ShareLink)
    assert german.query()["variant"] == "german"


def test_registered_as_a_lesson_app() -> None:
    info = APPS["angry_flips"]
    assert info.kind == "lesson" and info.notebook == "angry_flips.ipynb"
    assert "policy" in info.params


def test_dd_play_1_the_forced_round_is_legal_in_the_engine() -> None:
    rules = Rules()
    state = new_game(angry_flips.PLAYERS, rules)
    for action in angry_flips.forced_round(rules, seed=4):
        state = state.apply(action)
    assert state.round == 2 and state.biggest == 2


def test_dd_angry_1_a_link_made_between_two_flips_reopens_between_them() -> None:
    """Issue 19 §3: the share link of a page stopped after the first flip opens after the first flip."""
    first = build("angry_flips", "")
    (stepper,) = find(first, Stepper)
    while not any(e["rule"] == "DD-ANGRY-1" for e in stepper.snapshot["events"][: stepper.substep]):
        stepper.step()
    assert stepper.substep < len(stepper.snapshot["events"]), "the first flip is not the action's last event"
    (share,) = find(first, ShareLink)
    query = share.query()
    assert query["sub"] == str(stepper.substep)
    (again,) = find(build("angry_flips", "&".join(f"{k}={v}" for k, v in query.items())), Stepper)
    assert (again.index, again.substep) == (stepper.index, stepper.substep)
    assert again.snapshot == stepper.snapshot


def test_the_tree_exercises_branches_are_counted_again_here() -> None:
    """Each branch the tree's solution names (1/18 placed at once, 1/2 left over, 1/9 left over showing the 2)
    counted again by enumerating the 36 rolls of orange and yellow under DD-DICE-2 (a new number must be placed
    when there is one; a random allowed die), and the totals, 11/72 (English: a coin keeps or re-rolls the last
    die) and 5/36 (German: the last die is rolled again), are the engine's exact model's (``orange_on_two``)."""
    hay = set(angry_flips_tree.HAY.values())
    placed_two = left_over = left_two = Fraction(0)
    for orange in range(1, 7):
        for yellow in range(1, 7):
            new = [die for die, pips in (("orange", orange), ("yellow", yellow)) if pips not in hay]
            allowed = new or ["orange", "yellow"]  # the exception: no new number, any die may be placed
            for die in allowed:
                p = Fraction(1, 36) / len(allowed)
                if die == "orange":
                    placed_two += p if orange == 2 else 0
                else:
                    left_over += p
                    left_two += p if orange == 2 else 0
    assert (placed_two, left_over, left_two) == (Fraction(1, 18), Fraction(1, 2), Fraction(1, 9))
    sixth = Fraction(1, 6)
    english = placed_two + left_two * (Fraction(1, 2) + sixth / 2) + (left_over - left_two) * sixth / 2
    german = placed_two + left_over * sixth
    assert (english, german) == (angry_flips.orange_on_two("choose"), angry_flips.orange_on_two("roll"))
    assert (english, german) == (Fraction(11, 72), Fraction(5, 36))
    for variant, said in (("english", ("1/18", "= 1/2", "1/9 · 7/12", "11/72")), ("german", ("1/18", "1/12", "5/36"))):
        tree = angry_flips_tree.tree_exercise("choose" if variant == "english" else "roll")
        for lang in ("en", "de"):
            assert all(s in tree.solution.get(lang) for s in said), (variant, lang)
