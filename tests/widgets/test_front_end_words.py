"""The front ends hold no words of their own: every label comes from the kernel's catalogue through a trait.

Issue 16 §6 (one way to write bilingual text): the JS files draw ``words`` (``donkeylab/widgets/words.py``,
keys ``ui/<widget>/<key>``), so no JS file may contain German text, and every word a JS file asks for must be
in its widget's table (a missing key would show the key itself on a pupil's page).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from donkeylab.core import CATALOGUE
from donkeylab.widgets import assets
from donkeylab.widgets.words import front_end_words, tables

JS = sorted({assets.asset(p.name) for p in assets._PLACES[1].glob("*.js")} | set(assets._PLACES[0].glob("*.js")))
GERMAN_LETTERS = re.compile("[äöüÄÖÜß„]")
# The files whose words are a widget's table (the plotly bundle and the kit itself show no words).
FRONT_ENDS = {
    "stepper.js": "stepper",
    "dice_tray.js": "dice_tray",
    "card_hands.js": "card_hands",
    "running_total.js": "running_total",
    "race_board.js": "race_board",
    "event_log.js": "event_log",
    "share.js": "share",
}
_SAY = re.compile(r"""\bsay\(\s*(?:"([a-z0-9_]+)"|`([a-z0-9_]+)_\$\{[^}]*\}`)""")
_CHOICE = re.compile(r"""say\(\s*[^"`()]*\?\s*"([a-z0-9_]+)"\s*:\s*"([a-z0-9_]+)"\s*\)""")


def _german_phrases() -> set[str]:
    """Every German text of the words tables that is not also English (placeholders and signs removed)."""
    out = set()
    for table in tables().values():
        for en, de in table.values():
            for part in re.split(r"\{\w+\}|[—:·(),.!?★✓…▶◀❚]", de):
                part = part.strip()
                if len(part) >= 5 and part not in en:
                    out.add(part)
    return out


def test_the_js_files_are_found() -> None:
    assert {p.name for p in JS} >= set(FRONT_ENDS) | {"common.js", "explainer.js", "liveplot.js"}


@pytest.mark.parametrize("path", JS, ids=lambda p: p.name)
def test_no_js_file_contains_german_text(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert not GERMAN_LETTERS.search(text), (
        f"{path.name}: German letters; put the words in widgets/words.py or the game's VIEW_WORDS"
    )
    found = sorted(p for p in _german_phrases() if p in text)
    assert not found, f"{path.name} contains German text {found}; the front end gets its words through a trait"


def test_a_js_file_with_german_text_is_caught(tmp_path: Path) -> None:
    """The check can fail: the old inline pair of the dice tray is German text."""
    text = 'tr(st, "no die yet", "noch kein Würfel")'
    assert GERMAN_LETTERS.search(text) and any(p in text for p in _german_phrases())


@pytest.mark.parametrize(("name", "widget"), sorted(FRONT_ENDS.items()))
def test_every_word_a_front_end_asks_for_is_in_its_table(name: str, widget: str) -> None:
    text = assets.asset(name).read_text(encoding="utf-8")
    asked = {a or f"{b}_" for a, b in _SAY.findall(text)} | {k for pair in _CHOICE.findall(text) for k in pair}
    assert asked, f"{name} asks for no word: the pattern of this test no longer matches the file"
    table = tables()[widget]
    for key in asked:
        if key.endswith("_"):  # a family such as letter_${colour} or variant_${t.variant}
            assert any(k.startswith(key) for k in table), f"{name}: no {key}* words"
        else:
            assert key in table, f"{name} asks for {key!r}, which no words table has"


@pytest.mark.parametrize("widget", sorted(tables()))
def test_the_words_trait_carries_both_languages_with_the_same_placeholders(widget: str) -> None:
    value = front_end_words(widget)
    assert set(value) == {"en", "de"} and set(value["en"]) == set(value["de"]) == set(tables()[widget])
    for key in tables()[widget]:
        en, de = value["en"][key], value["de"][key]
        assert set(re.findall(r"\{(\w+)\}", en)) == set(re.findall(r"\{(\w+)\}", de)), key
        assert CATALOGUE.messages[f"ui/{widget}/{key}"].en == en
