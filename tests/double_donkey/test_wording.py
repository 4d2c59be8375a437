"""Issue 35 §1: the sentences of the rule card and the event log read as a teacher writes them, in both languages.

German puts a colour before its noun and declines it ("der orangefarbene Wütende Esel … dreht den
orangefarbenen Würfel"), never "der Wütende Esel orange … den Würfel orange"; a full sentence after a colon
starts with a capital; and no page shows a rule option's code name (``once_per_colour``) where a ruling can be
said in words.
"""

from __future__ import annotations

import random
import re

import pytest

from donkeylab import double_donkey as dd
from donkeylab.core import CATALOGUE, Event
from donkeylab.double_donkey.messages import COLOUR_ADJECTIVES_DE, COLOUR_WORDS, ERRORS, MESSAGES
from donkeylab.double_donkey.view import VIEW_MESSAGES

GERMAN_COLOURS = "|".join(de for _, de in COLOUR_WORDS.values())
# A colour word after the noun it describes: "Würfel orange", "Esel grün" (the fault issue 35 found).
POSTPOSED = re.compile(rf"\b(Würfel|Esel) ({GERMAN_COLOURS})\b")
# A code identifier: once_per_colour, toggle_per_card, light_blue.
CODE_NAME = re.compile(r"\b[a-z]+_[a-z_]+\b")


def play_texts(rules: dd.Rules, seed: int, lang: str) -> list[str]:
    """Every event sentence, phase sentence and button of a whole random game, in ``lang``."""
    rng = random.Random(seed)
    s = dd.new_game(3, rules)
    out: list[str] = []
    while not s.is_terminal():
        snap = s.snapshot(lang=lang)
        out += [snap["phase_text"], *(a["label"] for a in snap["legal"])]
        out += [c["label"] for hand in snap["table"]["hands"] for c in hand or ()]
        s = s.apply(s.sample_chance(rng) if s.is_chance() else rng.choice(s.legal_actions()))
        out += [e.render(lang) for e in s.events]  # a state holds the events of its last action
    return out


GAMES = [
    (dd.Rules(variant="english"), 1),
    (dd.Rules(variant="german"), 2),
    (dd.Rules(variant="english", last_die="roll", angry_flip="once_per_colour"), 3),
]


@pytest.mark.parametrize(("rules", "seed"), GAMES)
def test_german_game_texts_put_colours_before_their_nouns(rules: dd.Rules, seed: int) -> None:
    texts = play_texts(rules, seed, "de")
    assert any(" dreht den " in t for t in texts), "an Angry Donkey flips (else the test tests little)"
    assert any(t.startswith("Nur noch ein Würfel ist übrig, er ist ") for t in texts), "DD-DICE-3"
    assert not [t for t in texts if POSTPOSED.search(t)]
    assert not [t for t in play_texts(rules, seed, "en") + texts if CODE_NAME.search(t)]


def test_no_german_template_puts_a_colour_placeholder_after_its_noun() -> None:
    """Every template of the catalogue, also those a game reaches only rarely (an error, a second flip)."""
    for key, (_, de) in {**MESSAGES, **ERRORS, **VIEW_MESSAGES}.items():
        assert not re.search(r"\b(Würfel|Esel) \{(colour|die|card)", de), key


@pytest.mark.parametrize("colour", sorted(COLOUR_ADJECTIVES_DE))
def test_dd_angry_1_flip_sentences_decline_the_colour(colour: str) -> None:
    strong, weak, weak_acc = COLOUR_ADJECTIVES_DE[colour]
    data = {"player": 0, "card": f"ANGRY:{colour}", "card_id": 51, "colour": colour, "before": 5, "after": 2}
    flip, again = Event("DD-ANGRY-1", data), Event("DD-ANGRY-1", data, key="DD-ANGRY-1/again")
    assert flip.render("de") == (
        f"Der {weak} Wütende Esel von Spieler 1 dreht den {weak_acc} Würfel von 5 auf 2 (7 − 5)."
    )
    assert again.render("de") == (
        f"Der {weak} Wütende Esel von Spieler 1 bewirkt nichts: Der {weak} Würfel wurde in dieser Runde schon "
        "umgedreht und bleibt bei 2 (nach diesen Regeln wird ein Würfel höchstens einmal pro Runde umgedreht)."
    )
    english = COLOUR_WORDS[colour][0]
    assert flip.text == f"Player 1's {english} Angry Donkey flips the {english} die from 5 to 2 (7 − 5)."
    assert "once_per_colour" not in again.text and "at most once per round" in again.text
    value = Event("DD-VALUE-1", {"player": 0, "card": f"ANGRY:{colour}", "value": 2}, key="DD-VALUE-1/angry")
    assert value.render("de") == f"Bei Spieler 1 zählt der {weak} Wütende Esel 2."
    assert CATALOGUE.term(f"ANGRY:{colour}", "de") == f"{strong} Wütender Esel"


def test_the_orange_forms_are_the_lessons() -> None:
    """The issue's own example, word for word (the lesson's two-flips panel says the same)."""
    data = {"player": 0, "card": "ANGRY:orange", "card_id": 53, "colour": "orange", "before": 5, "after": 2}
    assert (
        Event("DD-ANGRY-1", data)
        .render("de")
        .startswith("Der orangefarbene Wütende Esel von Spieler 1 dreht den orangefarbenen Würfel von 5 auf 2")
    )
    assert CATALOGUE.term("ANGRY:orange", "de") == "orangefarbener Wütender Esel"


def test_dice_are_named_as_german_names_a_number() -> None:
    """A die is "die gelbe 5" (like "die Fünf"): right with an article and in a list without one."""
    place = Event("DD-DICE-1", {"player": 1, "die": "yellow=5"}, key="DD-DICE-1/place")
    assert place.render("de") == "Spieler 2 legt die gelbe 5 auf die Misthaufen-Karte."
    keep = Event("DD-DICE-3", {"player": 1, "die": "light_blue=2"}, key="DD-DICE-3/keep")
    assert keep.render("de") == "Spieler 2 behält die hellblaue 2 und legt sie auf die Misthaufen-Karte."
    last = Event("DD-DICE-3", {"die": "purple=6"}, key="DD-DICE-3/placed")
    assert last.render("de") == "Die lila 6 kommt als letzter Würfel auf die Misthaufen-Karte."
    one = Event("DD-DICE-2", {"player": 0, "allowed": ("green=1",), "on_hay": "2, 3"}, key="DD-DICE-2/one")
    assert one.render("de") == (
        "Spieler 1 muss die grüne 1 nehmen: Nur dieser Wert liegt noch nicht auf der Misthaufen-Karte "
        "(schon dort: 2, 3)."
    )


def test_a_full_sentence_after_a_colon_starts_with_a_capital() -> None:
    """German: "…, also würfeln sie: Wer am höchsten würfelt, wird Oberesel." The English stays as it was."""
    rolloff = Event("DD-BIGGEST-2", {"tied": (0, 1), "value": 9}, key="DD-BIGGEST-2/rolloff")
    assert rolloff.render("de").endswith("also würfeln sie: Wer am höchsten würfelt, wird Oberesel.")
    refill = Event("DD-REFILL-2", {"n": 12})
    assert refill.render("de").startswith("Der Nachziehstapel ist leer: Die 12 Karten des Ablagestapels")
    assert refill.text.startswith("The draw pile is empty: the 12 cards of the discard pile")
