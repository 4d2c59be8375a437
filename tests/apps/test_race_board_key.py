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
