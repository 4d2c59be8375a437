"""The rule explainer without a browser: ``show`` and ``lang`` fill the synced traits; a stepper is followed."""

from __future__ import annotations

from typing import Any

import pytest
import traitlets as t

from donkeylab import rulebook
from donkeylab.core import CATALOGUE
from donkeylab.widgets import RuleExplainer, assets
from donkeylab.widgets.explainer import latest_rule
from tests.widgets.helpers import front_end, record

TEXT_TRAITS = (
    "rule",
    "title",
    "sentence",
    "passage",
    "source",
    "passage_lang",
    "note",
    "basis_label",
    "heading",
    "hint",
    "lang",
)


class FakeStepper(t.HasTraits):
    """The three traits a stepper must offer (duck typing: no Stepper class involved)."""

    snapshot = t.Dict()
    substep = t.Int(0)
    lang = t.Unicode("en")


class StepperWithoutSubstep(t.HasTraits):
    snapshot = t.Dict()
    lang = t.Unicode("en")


def snap(*rules: str) -> dict[str, Any]:
    return {"events": [{"rule": r, "key": r, "text": "...", "data": {}} for r in rules]}


def test_show_sets_every_text_trait() -> None:
    w = RuleExplainer()
    w.show("DD-DICE-2")
    r = rulebook.rule("DD-DICE-2")
    assert w.rule == "DD-DICE-2"
    assert w.title == "Value not yet on the Hay card" == r.title("en")
    assert w.sentence == r.sentence("en")
    assert "The die you choose must have a value" in w.passage
    assert "Exception: if all dice show" in w.passage  # both English passages, joined
    assert w.source == "double_donkey.en.txt" and w.passage_lang == "en"
    assert w.note == ""  # stated by the rulebook itself
    assert w.heading and w.hint


def test_show_of_an_event_key_shows_its_base_rule() -> None:
    w = RuleExplainer()
    w.show("DN-DOUBLET-1/swim")
    assert w.rule == "DN-DOUBLET-1" and "doublet" in w.passage


def test_show_sends_one_message() -> None:
    w = RuleExplainer()
    comm = record(w)
    w.show("ER-CHAIN-1")
    assert len(comm.updates()) == 1
    assert comm.updates()[0]["state"]["rule"] == "ER-CHAIN-1"


def test_language_switch_sends_one_message() -> None:
    w = RuleExplainer()
    w.show("DD-DICE-1")
    comm = record(w)
    front_end(w, lang="de")
    assert len(comm.updates()) == 1  # the browser already knows lang; only the new texts are sent
    assert comm.updates()[0]["state"]["title"] == "Würfeln und einen Würfel legen"


def test_lang_switch_translates_title_and_sentence_and_prefers_the_german_passage() -> None:
    w = RuleExplainer(lang="en")
    w.show("DD-DICE-2")
    english_passage = w.passage
    w.lang = "de"
    assert w.title == "Zahl noch nicht auf dem Misthaufen"
    assert w.sentence == rulebook.rule("DD-DICE-2").sentence("de")
    assert w.source == "double_donkey.de.txt" and w.passage_lang == "de"
    assert "noch NICHT in der Tischmitte" in w.passage
    w.lang = "en"
    assert w.passage == english_passage


def test_german_reader_of_an_english_only_rule_gets_the_verbatim_english_quote_and_a_note() -> None:
    w = RuleExplainer(lang="de")
    w.show("DN-BUST-1")
    assert w.sentence.startswith("Wer 77 oder mehr")
    assert w.passage == rulebook.rule("DN-BUST-1").passages[0].text  # the quote is never translated
    assert w.source == "double_down.en.txt" and w.passage_lang == "en"
    assert w.note == CATALOGUE.render("ui/explainer/english_quote", {}, "de")


def test_german_reader_of_esels_rennen_gets_our_translation_labelled_as_one() -> None:
    w = RuleExplainer(lang="de")
    w.show("ER-CHAIN-1")
    assert w.passage == rulebook.rule("ER-CHAIN-1").quotes("de")[0].text and "Esel dieser Farbe" in w.passage
    assert w.source == "esels_rennen.en.txt (übersetzt)" and w.passage_lang == "de"
    assert w.note == CATALOGUE.render("ui/explainer/translation", {}, "de")
    w.lang = "en"
    assert w.passage == rulebook.rule("ER-CHAIN-1").passages[0].text  # the rulebook's own words
    assert w.source == "esels_rennen.en.txt" and w.passage_lang == "en" and w.note == ""


def test_front_end_language_switch_re_renders() -> None:
    w = RuleExplainer()
    w.show("ER-MOVE-1")
    front_end(w, lang="de")
    assert w.lang == "de" and w.title == "Einen Esel vorwärts ziehen"


def test_lang_is_validated() -> None:
    w = RuleExplainer()
    with pytest.raises(t.TraitError):
        w.lang = "fr"
    with pytest.raises(t.TraitError):
        RuleExplainer(lang="fr")


def test_reconstruction_and_ruling_are_labelled_in_both_languages() -> None:
    w = RuleExplainer()
    w.show("ER-BOARD-1")
    reconstruction = w.note
    w.show("ER-MOVE-3")
    ruling = w.note
    assert reconstruction and ruling and reconstruction != ruling
    w.lang = "de"
    assert w.note and w.note != ruling
    w.show("DD-DECK-1")
    assert w.note.startswith("Unsere Rekonstruktion")


RULINGS = ("DD-BIGGEST-2", "DN-DRAW-1", "DD-DICE-3", "ER-CHAIN-2", "DN-DOUBLE-1")


@pytest.mark.parametrize("rule_id", RULINGS)
def test_a_ruling_says_so_visibly_and_why_in_both_languages(rule_id: str) -> None:
    r = rulebook.rule(rule_id)
    assert r.basis == "ruling" and r.why is not None
    w = RuleExplainer()
    w.show(rule_id)
    assert w.basis_label == "our ruling" and w.note.startswith("Our ruling") and r.why.en in w.note
    w.lang = "de"
    assert w.basis_label == "unsere Festlegung" and w.note.startswith("Unsere Festlegung") and r.why.de in w.note
    w.show("DN-ZERO-1")
    assert w.basis_label == "" and "Festlegung" not in w.note, "a rule the rulebook states has no ruling label"


def test_german_biggest_donkey_tie_names_the_english_passage_and_our_ruling() -> None:
    w = RuleExplainer(lang="de")
    w.show("DD-BIGGEST-2")
    assert w.source == "double_donkey.en.txt" and "Zitat aus der englischen Spielregel" in w.note
    assert "unsere Festlegung" in w.note, "the roll-off a German game applies is ours, and the card says so"


@pytest.mark.parametrize("unknown", ["GAME-OVER", "XX-NOPE-1", "DD-DICE-9"])
def test_unknown_rule_is_a_clear_error_and_changes_nothing(unknown: str) -> None:
    w = RuleExplainer()
    w.show("DD-VALUE-1")
    before = {n: getattr(w, n) for n in TEXT_TRAITS}
    with pytest.raises(KeyError, match=unknown):
        w.show(unknown)
    with pytest.raises(t.TraitError, match=unknown):
        w.rule = unknown
    assert {n: getattr(w, n) for n in TEXT_TRAITS} == before


def test_clear_shows_the_hint_only() -> None:
    w = RuleExplainer()
    w.show("DD-VALUE-1")
    w.clear()
    assert w.rule == w.title == w.sentence == w.passage == w.source == w.note == ""
    assert w.hint


def test_follows_a_stepper_event_by_event() -> None:
    st = FakeStepper(snapshot=snap("DD-PLAY-1", "DD-ANGRY-1", "DD-VALUE-1/angry"), substep=1)
    w = RuleExplainer(st)
    assert w.rule == "DD-PLAY-1"
    st.substep = 2
    assert w.rule == "DD-ANGRY-1"
    st.substep = 3
    assert w.rule == "DD-VALUE-1"
    st.snapshot = snap("DN-PLAY-1", "DN-DOUBLET-1/swim")  # the next state, shown whole
    assert w.rule == "DN-DOUBLET-1"


def test_follows_the_stepper_language() -> None:
    st = FakeStepper(snapshot=snap("ER-CHAIN-2/own"), substep=1, lang="de")
    w = RuleExplainer(st)
    assert w.lang == "de" and w.title == "Wann die Kette endet"
    st.lang = "en"
    assert w.lang == "en" and w.title == "When the chain stops"


def test_events_the_rulebook_lacks_keep_the_previous_rule() -> None:
    st = FakeStepper(snapshot=snap("DN-BUST-1"), substep=1)
    w = RuleExplainer(st)
    st.snapshot = snap("GAME-OVER", "TOY-RACE-1")
    st.substep = 2
    assert w.rule == "DN-BUST-1"


def test_an_earlier_known_event_of_the_same_state_wins_over_an_unknown_latest_one() -> None:
    assert latest_rule(snap("ER-FINISH-1", "TOY-RACE-1"), 2) == "ER-FINISH-1"
    assert latest_rule(snap("ER-FINISH-1", "ER-END-1/third"), 1) == "ER-FINISH-1"
    assert latest_rule(snap("TOY-RACE-1"), None) is None
    assert latest_rule({"events": [{"no": "rule"}, "junk"]}, None) is None


def test_the_start_of_a_game_clears_the_card() -> None:
    st = FakeStepper(snapshot=snap("DD-SETUP-1"), substep=1)
    w = RuleExplainer(st)
    assert w.rule == "DD-SETUP-1"
    st.snapshot = {"events": []}  # Back to the start, or a new game
    assert w.rule == ""


def test_a_stepper_without_substep_shows_its_last_event() -> None:
    st = StepperWithoutSubstep(snapshot=snap("ER-MOVE-1", "ER-CHAIN-1", "ER-CHAIN-2/occupied"))
    w = RuleExplainer(st)
    assert w.rule == "ER-CHAIN-2"
    assert w.stepper is st


def test_a_stepper_needs_a_snapshot_trait() -> None:
    with pytest.raises(TypeError, match="snapshot"):
        RuleExplainer({"snapshot": {}})


def test_close_stops_following() -> None:
    st = FakeStepper(snapshot=snap("DN-ZERO-1"), substep=1)
    w = RuleExplainer(st)
    w.close()
    st.snapshot = snap("DN-MINUS-1")
    assert w.rule == "DN-ZERO-1" and w.stepper is None


@pytest.mark.parametrize("game", ["double_donkey", "double_down", "esels_rennen"])
def test_follows_the_real_stepper(game: str) -> None:
    from donkeylab.widgets import Stepper

    st = Stepper(game, 3, seed=2)
    w = RuleExplainer(st)
    for _ in range(40):
        st.step()
        shown = st.snapshot["events"][: st.substep]
        assert w.rule == rulebook.base_id(shown[-1]["rule"])
    st.lang = "de"
    assert w.lang == "de" and w.sentence == rulebook.rule(w.rule).sentence("de")


def test_repr_has_no_memory_address() -> None:
    w = RuleExplainer(lang="de")
    w.show("DD-DICE-2")
    assert repr(w) == "RuleExplainer(rule='DD-DICE-2', lang='de')"


def test_every_trait_is_documented() -> None:
    for name in TEXT_TRAITS:
        assert RuleExplainer.class_traits()[name].help, name


def test_explainer_sentences_exist_in_both_languages() -> None:
    keys = [k for k in CATALOGUE.messages if k.startswith("ui/explainer/")]
    assert len(keys) == 9
    for key in keys:
        msg = CATALOGUE.messages[key]
        assert msg.en.strip() and msg.de.strip() and msg.en != msg.de


def test_assets_resolve_and_the_explainer_is_not_a_second_voice() -> None:
    """The Stepper's announcer says each event once (``tests/browser/test_keyboard.py``); a live explainer
    made screen readers read the rule card after it on every step."""
    js, css = assets.asset("explainer.js"), assets.asset("explainer.css")
    assert js.is_file() and css.is_file()
    esm = js.read_text(encoding="utf-8")
    assert "export default" in esm and "aria-live" not in esm
    assert "export default" in str(RuleExplainer._esm)  # explainer.js alone, loaded by path
    with pytest.raises(FileNotFoundError, match=r"nope\.js"):
        assets.asset("nope.js")


def test_a_ruling_about_one_case_is_labelled_only_where_that_case_happens() -> None:
    """ER-CHAIN-2's ruling is the stop at the board's edge; its stops at an own-colour arrow and a taken field are
    the rulebook's. The card said "our ruling" beside Lesson 4's first chain, which stopped on an own-colour arrow:
    a ruling shown where it does not apply. Shown by event key, and followed from a game's events."""
    from donkeylab import esels_rennen as er
    from donkeylab.widgets import Stepper

    r = rulebook.rule("ER-CHAIN-2")
    assert r.ruling_keys == ("ER-CHAIN-2/off_board",)
    assert r.basis_for("ER-CHAIN-2/own") == r.basis_for("ER-CHAIN-2/occupied") == "rulebook"
    assert r.basis_for("ER-CHAIN-2/off_board") == r.basis_for(None) == "ruling"
    w = RuleExplainer()
    w.show("ER-CHAIN-2/own")
    assert w.rule == "ER-CHAIN-2" and w.basis_label == "" and "ruling" not in w.note.lower()
    w.show("ER-CHAIN-2/off_board")
    assert w.basis_label == "our ruling" and r.why is not None and r.why.en in w.note
    w.lang = "de"
    assert w.basis_label == "unsere Festlegung"
    w.show("ER-CHAIN-2/occupied")
    assert w.basis_label == "" and "Festlegung" not in w.note
    # followed: the mini board's first move red → a1 stops on a red arrow (own colour)
    stepper = Stepper("esels_rennen", 3, seed=0, board="tiny_chain")
    stepper.play(er.Deal.of(["RGY", "RYG"], ["GRY", "GYR"], ["YRG", "YGR"]))
    card = RuleExplainer(stepper)
    stepper.play(er.Move("red", "a1"))
    stepper.jump(stepper.index)  # the move shown whole, its chain's stop included
    assert stepper.snapshot["events"][-1]["key"] == "ER-CHAIN-2/own"
    assert card.rule == "ER-CHAIN-2" and card.basis_label == ""


def test_ruling_keys_belong_to_their_rule_and_to_a_ruling() -> None:
    entry = {
        "title": {"en": "t", "de": "t"},
        "sentence": {"en": "s", "de": "s"},
        "passages": [{"source": "esels_rennen.en.txt", "text": "Each player turn consists of two phases:"}],
    }
    with pytest.raises(ValueError, match="basis 'rulebook' has none"):
        rulebook.parse({"rules": {"ER-CHAIN-2": {**entry, "ruling_keys": ["ER-CHAIN-2/x"]}}})
    why = {"en": "w", "de": "w"}
    with pytest.raises(ValueError, match="an event key of this rule"):
        rulebook.parse({"rules": {"ER-CHAIN-2": {**entry, "basis": "ruling", "why": why, "ruling_keys": ["ER-X-1/a"]}}})
