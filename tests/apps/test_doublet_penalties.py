"""Lesson "Doublets and the 77 bust": parts build without a browser, the telling position teaches
DN-DOUBLET-1 / DN-BUST-1, the exact answers are the engine's, links and the language switch work."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import ipywidgets as w
import pytest

from donkeylab import rulebook
from donkeylab.apps import APPS, build
from donkeylab.double_down import exact
from donkeylab.lessons import doublet_penalties as lesson
from donkeylab.lessons.page import Lesson
from donkeylab.widgets import LivePlot, RuleExplainer, RunningTotal, Stepper
from tests.apps.helpers import assert_bilingual, first, walk


@pytest.fixture(scope="module")
def parts() -> Lesson:
    return lesson.parts()


def htmls(page: Any) -> list[str]:
    """The HTML texts on the page."""
    return [x.value for x in walk(page) if isinstance(x, w.HTML)]


def test_parts_build_in_page_order(parts: Lesson) -> None:
    assert isinstance(parts.stepper, Stepper)
    inside = walk(w.VBox(parts.step_through))
    assert parts.stepper in inside, "the Stepper bar (Step, Back, Play) is on the page"
    assert any(isinstance(x, RunningTotal) for x in inside)
    assert any(isinstance(x, RuleExplainer) for x in inside)
    plots = [x for x in [*parts.live, *parts.going_further] if isinstance(x, LivePlot)]
    assert [(p.question, p.params.get("replacement")) for p in plots] == [
        ("double_down.token_at", None),  # the prediction (total 65), simulated as a running estimate
        ("double_down.risk", None),
        ("double_down.total_after", False),
        ("double_down.total_after", True),
    ]
    assert plots[0].params["total"] == 65
    assert len(parts.exercises.items) == 3 and [e.number for e in parts.going_further[0].exercises] == [4, 5]
    typed = [e.box is not None for e in [*parts.exercises.exercises, *parts.going_further[0].exercises]]
    assert sum(typed) == 4, "four answers are typed and checked (the fourth: a doublet counted by hand)"
    assert set(parts.widgets()) <= set(parts.switch.parts), "the switch reaches every part"


def test_dn_doublet_1_stepper_starts_at_the_telling_position(parts: Lesson) -> None:
    snap = parts.stepper.snapshot
    table = snap["table"]
    assert table["total"] == lesson.TELLING_TOTAL
    assert snap["current_player"] == lesson.PUPIL
    assert sorted(table["hands"][lesson.PUPIL]) == sorted(lesson.TELLING_HAND)
    assert exact.plays_by_outcome(lesson.TELLING_HAND, lesson.TELLING_TOTAL)["doublet"] == ("2",)
    assert parts.stepper.error == ""


def test_dn_doublet_1_clicking_the_2_shows_the_rule_sentence() -> None:
    parts = lesson.parts()
    view = first(w.VBox(parts.step_through), RunningTotal)
    explainer = first(w.VBox(parts.step_through), RuleExplainer)
    tokens = parts.stepper.snapshot["table"]["tokens"][lesson.PUPIL]
    assert view.click("PlayCard('2')")
    assert parts.stepper.snapshot["table"]["total"] == 66
    assert parts.stepper.snapshot["table"]["tokens"][lesson.PUPIL] == tokens - 1
    assert explainer.rule == "DN-DOUBLET-1"
    assert explainer.sentence == rulebook.rule("DN-DOUBLET-1").sentence("en")


def test_dn_bust_1_clicking_the_22_ends_the_round() -> None:
    parts = lesson.parts()
    assert parts.stepper.play("PlayCard('22')")
    rules = [e["rule"] for e in parts.stepper.snapshot["events"]]
    assert rules[0] == "DN-BUST-1"
    explainer = first(w.VBox(parts.step_through), RuleExplainer)
    assert explainer.rule in set(rules)


def test_prediction_reveal_shows_guess_and_answer(parts: Lesson) -> None:
    parts.prediction.input.value = 0.3
    assert parts.prediction.result.value == ""
    parts.prediction.button.click()
    shown = parts.prediction.result.value
    assert "0.3" in shown and "5/28" in shown
    assert "make a doublet (−10 → 55)" in shown and "6 make 77 or more (22, 33, 44, 55, 66, 76)" in shown


def test_exact_answer_is_the_engines(parts: Lesson) -> None:
    risk = exact.next_card_risk(lesson.PREDICT_AT)
    assert risk["doublet"] == Fraction(4, 56) and risk["bust"] == Fraction(6, 56)
    assert parts.answer == risk["doublet"] + risk["bust"] == Fraction(5, 28)
    assert "(4 + 6)/56 = 10/56" in parts.exact[0].value and "5/28" in parts.exact[0].value
    summary = exact.lesson_tables(k_max_distribution=1, k_max_summary=lesson.K_MAX, k_max_round_end=1)
    expected = [
        (r["k"], r["doublet_without"], r["doublet_with"], r["at_least_77_without"], r["at_least_77_with"])
        for r in summary["total_summary"]
    ]
    assert lesson.replacement_rows() == expected


def test_exact_risk_table_shows_every_listed_total() -> None:
    html = lesson.exact_risk_table("en")
    for total in lesson.RISK_TOTALS:
        assert f"<td>{total}</td>" in html
    assert "39/56" in html, "total 76: 39 of 56 cards bust"


def test_language_switch_changes_every_text() -> None:
    parts = lesson.parts()
    before = parts.question.value, parts.exercises.value, parts.going_further[2].value
    shown = lesson.page(parts)
    assert "<h3>The exact answer</h3>" in htmls(shown)
    parts.switch.value = "de"
    assert "<h3>Die exakte Antwort</h3>" in htmls(shown)
    assert parts.question.value != before[0] and "Schnapszahl" in parts.question.value
    assert "Übungen" in parts.exercises.value and parts.going_further[2].value != before[2]
    assert parts.stepper.lang == "de"
    assert all(p.lang == "de" for p in [*parts.live, *parts.going_further] if isinstance(p, LivePlot))
    assert "aufdecken" in parts.prediction.button.description


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"{(\w*)}", text))


def test_every_text_exists_in_both_languages() -> None:
    assert len(lesson.TEXTS) > 10
    assert_bilingual(lesson)
    for f in (lesson.exact_headline, lesson.exact_risk_table, lesson.exact_hand, lesson.exact_replacement):
        assert f("en") != f("de")


def test_registered_as_a_lesson_app() -> None:
    info = APPS[lesson.NAME]
    assert info.kind == "lesson" and info.notebook == "doublet_penalties.ipynb"
    assert {"seed", "lang", "step", "seat", "players"} <= set(info.params)


def test_link_with_seed_and_lang_builds_the_page() -> None:
    page = build(lesson.NAME, "seed=5&lang=de&reveal=1")
    stepper = first(page, Stepper)
    assert stepper.seed == 5 and stepper.lang == "de"
    assert stepper.snapshot["table"]["total"] == lesson.TELLING_TOTAL
    assert not any("dl-link-problems" in text for text in htmls(page))
    assert "<h3>Die exakte Antwort</h3>" in htmls(page), "the headings speak the link's language too"


def test_bad_link_shows_a_note_and_uses_defaults() -> None:
    page = build(lesson.NAME, "seed=banana&players=5")
    notes = [text for text in htmls(page) if "dl-link-problems" in text]
    assert notes and "seed=banana" in notes[0] and "players=5" in notes[0]
    stepper = first(page, Stepper)
    assert stepper.seed == 0 and stepper.snapshot["table"]["total"] == lesson.TELLING_TOTAL


def test_link_step_goes_back_in_the_telling_timeline() -> None:
    page = build(lesson.NAME, "step=2")
    stepper = first(page, Stepper)
    assert stepper.index == 2 and stepper.snapshot["table"]["total"] == 10


def test_the_pupil_sees_the_game_as_player_2_unless_the_link_asks_for_the_teacher() -> None:
    pupil = first(build(lesson.NAME, ""), Stepper)
    assert pupil.seat == lesson.PUPIL
    assert pupil.snapshot["table"]["hands"][0] is None, "Player 1's hand is hidden from the pupil"
    teacher = first(build(lesson.NAME, "seat=teacher"), Stepper)
    assert teacher.seat is None and teacher.snapshot["table"]["hands"][0] is not None


def test_german_exact_table_uses_decimal_commas() -> None:
    assert "<b>10,7 % (etwa 1 von 9; genau 3/28)</b>" in lesson.exact_risk_table("de")
    assert "<b>10.7 % (about 1 in 9; exactly 3/28)</b>" in lesson.exact_risk_table("en")


def test_the_headline_counts_a_doublet_and_the_77_separately() -> None:
    """At the headline total a card can cost a token both ways, and no card does both: the answer is two counts
    a pupil adds by hand. The cards the page names are the exact module's, each checked against the deck."""
    total = lesson.PREDICT_AT
    doublets = [c for c in exact.KINDS if exact.play_outcome(total, c) == "doublet"]
    busts = [c for c in exact.KINDS if exact.play_outcome(total, c) == "bust"]
    assert doublets == ["-10"] and total - 10 == 55
    assert busts == ["22", "33", "44", "55", "66", "76"] and all(total + int(c) >= 77 for c in busts)
    assert total + 11 == 76 and exact.play_outcome(total, "11") == "safe", "the page says: the 11 makes only 76"
    # the deck as RULES.md lists it: 3 × each of 2–9, 8 × 10, one each of 11 … 66 and 76, 4 × 0, 4 × −10
    deck = {str(v): 3 for v in range(2, 10)} | {"10": 8, "-10": 4} | {str(11 * i): 1 for i in range(1, 7)}
    deck |= {"76": 1}
    assert all(exact.FULL_DECK[c] == n for c, n in deck.items())
    assert sum(deck[c] for c in doublets) == 4 and sum(deck[c] for c in busts) == 6
    for lang in ("en", "de"):
        text = lesson.exact_headline(lang)
        assert "65" in text and "(4 + 6)/56 = 10/56" in text and "−10 → 55" in text
        assert "22, 33, 44, 55, 66, 76" in text


def test_the_pages_claims_where_a_doublet_is_the_bigger_danger_are_the_engines() -> None:
    """The path's short sentence ("below 24 a doublet is usually the bigger danger; above 32, usually 77 or more")
    and going further's exact one (up to 23 but not at 10; equal from 24 to 31; from 33 on mostly 77 or more),
    checked at every total with the exact next-card risk, and said so on the page in both languages."""
    risk = {t: exact.next_card_risk(t) for t in range(77)}
    doublet = {t for t, r in risk.items() if r["doublet"] > r["bust"]}
    equal = {t for t, r in risk.items() if r["doublet"] == r["bust"]}
    assert doublet & set(range(24)) == set(range(24)) - {10} and risk[10]["doublet"] == 0
    assert set(range(24, 32)) <= equal
    later = range(33, 77)
    assert sum(t not in doublet | equal for t in later) >= 0.9 * len(later)  # "mostly", "usually"
    assert len(doublet & set(range(24))) >= 0.9 * 24
    notice, further = lesson.say("notice"), lesson.say("further.intro")
    assert "Below 24 a doublet is usually the bigger danger; above 32, usually 77 or more." in notice.get("en")
    assert "Unter 24 ist meist eine Schnapszahl die größere Gefahr; über 32 meist die 77 oder mehr." in notice.get("de")
    assert "(but not at 10, where no card makes one); from 24 to 31 both are equally likely; from 33 on" in (
        further.get("en")
    )
    assert "(nicht bei 10, wo keine Karte eine macht); von 24 bis 31 sind beide gleich wahrscheinlich; ab 33" in (
        further.get("de")
    )
    assert "At 70 only 77 or more is a danger" in notice.get("en")
