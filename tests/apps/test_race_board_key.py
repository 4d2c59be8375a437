"""Lesson 4's race board: the donkeys' tokens let the arrow of their field show (it is drawn again over a
see-through token), and the board has a key for its sand and finish fields, in the page's language."""

from __future__ import annotations

from pathlib import Path

from donkeylab.esels_rennen.view_words import VIEW_WORDS

SCRIPT = Path(__file__).parents[2] / "widgets" / "race_board.js"
STYLE = Path(__file__).parents[2] / "widgets" / "race_board.css"


def test_the_board_has_a_key_for_sand_and_finish_in_both_languages() -> None:
    words = VIEW_WORDS["race_board"]
    for key in ("key", "key_sand", "key_finish"):
        en, de = words[key]
        assert en and de and en != de, key
        assert f'say("{key}")' in SCRIPT.read_text(encoding="utf-8"), key
    assert "Sand" in words["key_sand"][1] and "Ziel" in words["key_finish"][1]


def test_a_donkeys_token_does_not_hide_the_arrow_of_its_field() -> None:
    script, style = SCRIPT.read_text(encoding="utf-8"), STYLE.read_text(encoding="utf-8")
    assert "dl-arrow-over" in script and "arrowGlyph(v, p, f.arrow)" in script
    assert "fill-opacity" in style


def test_the_sand_key_states_the_rule_with_its_conditions_and_that_it_is_our_reading() -> None:
    """A maths reviewer: "may also be moved one field back (ER-MOVE-2)" left out both conditions of the rule
    (all three donkeys racing; not the donkey moved last) and that it is our reading of an unclear sentence, which
    changes the middle of the ranking. No rule code on the pupil's board."""
    en, de = VIEW_WORDS["race_board"]["key_sand"]
    assert "all three donkeys" in en and "not the donkey moved last" in en and "our reading" in en
    assert "alle drei Esel" in de and "nur nicht der zuletzt gezogene" in de and "unsere Lesart" in de
    assert "ER-" not in en + de
