"""The bilingual catalogue: every sentence exists in English and German with the same placeholders."""

from __future__ import annotations

import re
import string

import pytest

from donkeylab.core import CATALOGUE, Event
from donkeylab.core.messages import join_words, player_name
from donkeylab.games import GAMES, game_module
from donkeylab.widgets import words

for _name in GAMES:  # registering happens on import
    game_module(_name)
words.tables()  # the widgets' and every game view's words join the catalogue when first collected: check them too


def fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


@pytest.mark.parametrize("key", sorted(CATALOGUE.messages))
def test_message_has_both_languages_with_same_placeholders(key: str) -> None:
    msg = CATALOGUE.messages[key]
    assert msg.en.strip() and msg.de.strip(), f"{key}: empty text"
    assert fields(msg.en) == fields(msg.de), f"{key}: en {fields(msg.en)} vs de {fields(msg.de)}"


def test_every_game_registers_messages() -> None:
    prefixes = {key.split("-")[0] for key in CATALOGUE.messages}
    assert {"DD", "DN", "ER"} <= prefixes


def test_render_translates_terms_and_names() -> None:
    CATALOGUE.add_term("test_colour", "light blue", "hellblau")
    CATALOGUE.add(
        "TEST-RENDER", "{player} takes {colour}; allowed: {values}.", "{player} nimmt {colour}; erlaubt: {values}."
    )
    event = Event("TEST-RENDER", {"player": 1, "colour": "test_colour", "values": ("test_colour", "x")})
    assert event.text == "Player 2 takes light blue; allowed: light blue or x."
    assert event.render("de", names=["Olivia", "Fran"]) == "Fran nimmt hellblau; erlaubt: hellblau oder x."
    with pytest.raises(ValueError, match="unknown language"):
        event.render("fr")


def test_register_conflict_is_an_error() -> None:
    CATALOGUE.add("TEST-TWICE", "a", "b")
    CATALOGUE.add("TEST-TWICE", "a", "b")  # same text again is fine (module re-import)
    with pytest.raises(ValueError, match="twice"):
        CATALOGUE.add("TEST-TWICE", "a", "c")


def test_helpers() -> None:
    assert join_words(["a", "b", "c"]) == "a, b or c"
    assert join_words(["a", "b"], "de") == "a oder b"
    assert join_words(["a", "b", "c"], "de", "and") == "a, b und c"
    assert player_name(0, "de") == "Spieler 1"


def test_player_lists_join_with_and_ties_with_or() -> None:
    CATALOGUE.add("TEST-WIN", "{winners} win.", "{winners} gewinnen.")
    CATALOGUE.add("TEST-TIE", "Who, {tied}?", "Wer, {tied}?")
    names = ["Olivia", "Fran", "Jan"]
    assert Event("TEST-WIN", {"winners": (2, 0)}).render("en", names) == "Olivia and Jan win."
    assert Event("TEST-WIN", {"winners": (2, 0)}).render("de", names) == "Olivia und Jan gewinnen."
    assert Event("TEST-TIE", {"tied": (0, 1)}).render("en", names) == "Who, Olivia or Fran?"


def test_term_conflict_is_an_error() -> None:
    CATALOGUE.add_term("test_term", "x", "y")
    with pytest.raises(ValueError, match="twice"):
        CATALOGUE.add_term("test_term", "x", "z")


def test_words_agree_with_their_count() -> None:
    """A page prints "1 card" and "3 Zielkarten", never "card(s)" or "Zielkarte(n)": ``{n:|one|many}`` picks the
    word for a number or for the size of a collection, in the kernel's catalogue as in the front end's."""
    CATALOGUE.add("TEST-PLURAL", "{n} {n:|card|cards}; {cards:|card|cards} {cards}", "{n} {n:|Karte|Karten}; {cards}")
    one = Event("TEST-PLURAL", {"n": 1, "cards": ("x",)})
    many = Event("TEST-PLURAL", {"n": 3, "cards": ("x", "y")})
    assert (one.render("en"), many.render("en")) == ("1 card; card x", "3 cards; cards x or y")
    assert (one.render("de"), many.render("de")) == ("1 Karte; x", "3 Karten; x oder y")
    assert CATALOGUE.text("TEST-PLURAL", "en", n=0, cards="") == "0 cards; cards "


@pytest.mark.parametrize("key", sorted(CATALOGUE.messages))
def test_no_sentence_leaves_its_plural_to_the_reader(key: str) -> None:
    msg = CATALOGUE.messages[key]
    for text in (msg.en, msg.de):
        assert not re.search(r"[a-zäöü]\((?:s|n|en|e)\)", text), f"{key}: {text!r} (use {{n:|one|many}})"
