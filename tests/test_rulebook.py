"""The rulebook data can never drift from the spec or misquote a rulebook.

Every rule ID of seeds/RULES.md has a title and a sentence in both languages, and every passage is a verbatim
quote of its seed file (up to line breaks and runs of spaces). The quote checker is itself tested on a
mutated passage, so a broken checker cannot pass everything.
"""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
from pathlib import Path

import pytest

from donkeylab import rulebook
from donkeylab.core import CATALOGUE
from donkeylab.games import GAMES, game_module, info

ROOT = Path(__file__).resolve().parents[1]
SPEC = (ROOT / "seeds/RULES.md").read_text(encoding="utf-8")
RULE_ROWS = dict(re.findall(r"^\| ((?:DD|ER|DN)-[A-Z]+-\d+) \| (.*) \|$", SPEC, re.M))
RULE_IDS = list(RULE_ROWS)


def normalise(text: str) -> str:
    """Collapse every run of whitespace (line breaks included) to one space."""
    return " ".join(text.split())


def quoted_verbatim(passage: str, seed_text: str) -> bool:
    """Whether ``passage`` occurs word for word in ``seed_text`` (whitespace normalised on both sides)."""
    return normalise(passage) in normalise(seed_text)


def seed(name: str) -> str:
    return (ROOT / "seeds" / name).read_text(encoding="utf-8")


def test_rules_md_tables_are_parsed() -> None:
    assert len(RULE_IDS) == 39, RULE_IDS


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_every_rule_has_title_and_sentence_in_both_languages(rule_id: str) -> None:
    r = rulebook.rule(rule_id)
    for lang in ("en", "de"):
        assert r.title(lang).strip() and r.sentence(lang).strip()
        assert 2 <= len(r.title(lang).split()) <= 7, f"{rule_id}: title {r.title(lang)!r} is not a short name"
    assert r.sentence("de") != r.sentence("en"), f"{rule_id}: the German sentence is the English one"
    assert r.title("de") != r.title("en"), f"{rule_id}: the German title is the English one"


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_every_passage_is_a_verbatim_quote_of_its_seed(rule_id: str) -> None:
    r = rulebook.rule(rule_id)
    assert r.passages, f"{rule_id}: no passage"
    for p in r.passages:
        assert quoted_verbatim(p.text, seed(p.source)), f"{rule_id}: not in {p.source}: {p.text!r}"


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_every_rule_quotes_its_games_english_rulebook(rule_id: str) -> None:
    r = rulebook.rule(rule_id)
    assert f"{r.game}.en.txt" in {p.source for p in r.passages}
    assert all(p.source.startswith(r.game + ".") for p in r.passages)


def test_quote_checker_rejects_a_mutated_passage() -> None:
    text = seed("double_donkey.en.txt")
    passage = rulebook.rule("DD-DICE-2").passages[0].text
    assert quoted_verbatim(passage, text)
    assert quoted_verbatim(passage.replace(" ", "\n  "), text)  # line breaks in the data do not matter
    assert not quoted_verbatim(passage.replace("different", "differing"), text)
    assert not quoted_verbatim(passage + " Always.", text)
    assert not quoted_verbatim(passage, seed("double_down.en.txt"))


def test_no_rule_that_rules_md_lacks() -> None:
    """Same IDs; each game's in RULES.md's order (the rulebook lists the games in the registry's order)."""
    assert sorted(rulebook.rule_ids()) == sorted(RULE_IDS)
    for prefix, game in rulebook.prefixes().items():
        assert [r.id for r in rulebook.rules_of(game)] == [r for r in RULE_IDS if r.startswith(prefix + "-")]


def test_the_prefixes_are_the_games_declarations() -> None:
    """No table of games in the rulebook: each registered game declares its prefix and its rules."""
    assert rulebook.prefixes() == {info(name).rule_prefix: name for name in GAMES}
    assert all(
        rulebook.rule(r).game == game for r, game in [("DD-END-1", "double_donkey"), ("ER-END-1", "esels_rennen")]
    )


@pytest.mark.parametrize("rule_id", [r for r, text in RULE_ROWS.items() if "[reconstruction]" in text])
def test_reconstructions_of_rules_md_are_labelled(rule_id: str) -> None:
    assert rulebook.rule(rule_id).basis == "reconstruction"


def test_only_rules_md_reconstructions_are_labelled_reconstruction() -> None:
    labelled = {r for r in RULE_IDS if rulebook.rule(r).basis == "reconstruction"}
    assert labelled == {r for r, text in RULE_ROWS.items() if "[reconstruction]" in text}


def test_dd_rules_carry_german_passages_where_the_german_seed_covers_them() -> None:
    german = {r.id for r in rulebook.rules_of("double_donkey") if any(p.lang == "de" for p in r.passages)}
    assert {"DD-DICE-2", "DD-ANGRY-1", "DD-VALUE-1", "DD-END-1"} <= german
    assert len(german) >= 12
    assert rulebook.rule("DD-DICE-2").quotes("de")[0].source == "double_donkey.de.txt"
    assert {p.lang for p in rulebook.rule("DD-DICE-2").quotes("en")} == {"en"}
    assert rulebook.rule("DN-BUST-1").quotes("de")[0].source == "double_down.en.txt"  # no German sheet


@pytest.mark.parametrize("rule_id", [r.id for r in rulebook.rules_of("esels_rennen")])
def test_er_rules_show_a_german_reader_our_labelled_translation_of_every_english_passage(rule_id: str) -> None:
    """Esels-Rennen has no German seed: a German reader gets each English passage in our own translation, marked
    as one (``translated``, the language ``de``); an English reader gets the rulebook's own words."""
    r = rulebook.rule(rule_id)
    german, english = r.quotes("de"), r.quotes("en")
    assert [p.text for p in english] == [p.text for p in r.passages] and not any(p.translated for p in english)
    assert len(german) == len(english) and all(p.translated and p.lang == "de" for p in german)
    assert [p.source for p in german] == [p.source for p in english] == ["esels_rennen.en.txt"] * len(english)
    for original, translation in zip(english, german, strict=True):
        assert translation.text != original.text and translation.text.strip()
        assert translation.text.count("\n") == original.text.count("\n"), "the same lines as the quote"


def test_a_translation_is_checked_when_the_rulebook_is_read() -> None:
    passage = {"source": "double_down.en.txt", "text": "the last total is repeated"}
    good = {**GOOD, "passages": [{**passage, "translations": {"de": "die letzte Summe wird wiederholt"}}]}
    (quote,) = rulebook.parse({"rules": {"DN-ZERO-1": good}})["DN-ZERO-1"].quotes("de")
    assert quote.translated and quote.text == "die letzte Summe wird wiederholt"
    for bad in ({"en": "the same"}, {"de": " "}, {"fr": "le total"}, ["de"]):
        entry = {**GOOD, "passages": [{**passage, "translations": bad}]}
        with pytest.raises(ValueError, match="translations"):
            rulebook.parse({"rules": {"DN-ZERO-1": entry}})


def test_event_keys_and_options_resolve_to_their_base_rule() -> None:
    assert rulebook.rule("DD-DICE-2/option").id == "DD-DICE-2"
    assert rulebook.rule("DN-DOUBLET-1/swim").id == "DN-DOUBLET-1"
    assert rulebook.base_id("ER-CHAIN-2/off_board") == "ER-CHAIN-2"


def test_every_engine_message_key_names_a_rule_of_the_rulebook() -> None:
    for name in GAMES:
        game_module(name)  # registers its messages
    keys = [k for k in CATALOGUE.messages if re.match(r"(DD|DN|ER)-", k)]
    assert len(keys) > 39
    for key in keys:
        assert rulebook.rule(key).id == key.split("/")[0]


@pytest.mark.parametrize("unknown", ["GAME-OVER", "DD-DICE-9", "dd-dice-2", ""])
def test_unknown_rule_raises_key_error_naming_it(unknown: str) -> None:
    with pytest.raises(KeyError, match=re.escape(repr(unknown))):
        rulebook.rule(unknown)


def test_rules_of_each_game() -> None:
    assert [r.id for r in rulebook.rules_of("double_down")] == [r for r in RULE_IDS if r.startswith("DN-")]
    assert len(rulebook.rules_of("esels_rennen")) == 12
    assert len(rulebook.rules_of("double_donkey")) == 15
    with pytest.raises(ValueError, match="chess"):
        rulebook.rules_of("chess")


def test_rule_is_frozen_and_languages_are_checked() -> None:
    r = rulebook.rule("DN-ZERO-1")
    assert r.game == "double_down"
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.id = "DN-ZERO-2"  # type: ignore[misc]
    for call in (r.title, r.sentence, r.quotes):
        with pytest.raises(ValueError, match="unknown language"):
            call("fr")


GOOD = {
    "title": {"en": "The 0 card", "de": "Die 0-Karte"},
    "sentence": {"en": "0 repeats the total.", "de": "0 wiederholt die Summe."},
    "passages": [{"source": "double_down.en.txt", "text": "the last total is repeated"}],
}


@pytest.mark.parametrize(
    ("rule_id", "change", "message"),
    [
        ("DN-ZERO-1", {"sentence": {"en": "0 repeats the total."}}, "sentence needs exactly the languages"),
        ("DN-ZERO-1", {"title": {"en": "The 0 card", "de": " "}}, "title has an empty text"),
        ("DN-ZERO-1", {"passages": []}, "at least one rulebook passage"),
        ("DN-ZERO-1", {"passages": [{"source": "esels_rennen.en.txt", "text": "x"}]}, "another game's"),
        ("DN-ZERO-1", {"passages": [{"source": "notes.md", "text": "x"}]}, "seed file name"),
        ("DN-ZERO-1", {"basis": "hearsay"}, "basis must be one of"),
        ("ZERO", {}, "is not a rule ID"),
    ],
)
def test_parse_rejects_a_bad_entry_naming_the_rule(rule_id: str, change: dict[str, object], message: str) -> None:
    assert rulebook.parse({"rules": {"DN-ZERO-1": GOOD}})["DN-ZERO-1"].basis == "rulebook"
    with pytest.raises(ValueError, match=message):
        rulebook.parse({"rules": {rule_id: {**GOOD, **change}}})


def test_rulebook_imports_no_widget_or_plot_library() -> None:
    probe = (
        "import sys, donkeylab.rulebook as rb; rb.rule_ids(); "
        "bad = [m for m in ('ipywidgets', 'anywidget', 'traitlets', 'IPython', 'plotly') if m in sys.modules]; "
        "assert not bad, bad"
    )
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
