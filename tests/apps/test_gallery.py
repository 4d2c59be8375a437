"""The gallery's cards: one per app, each with an icon every classroom browser can draw."""

from __future__ import annotations

from pathlib import Path

import pytest

from donkeylab.apps import APPS, gallery


@pytest.fixture(autouse=True)
def no_classes_of_this_machine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The gallery lists the classes this machine's teacher started (its key file): a class someone left
    running here (a trial's, a day old) put its code and lesson on the page under test."""
    monkeypatch.setenv("DONKEYLAB_TEACHER_KEYS", str(tmp_path / "teacher-keys.json"))
    monkeypatch.setenv("DONKEYLAB_CLASS_DB", f"sqlite:///{tmp_path / 'class.db'}")


@pytest.mark.parametrize("name", sorted(APPS))
def test_every_icon_is_one_character_of_a_plain_font(name: str) -> None:
    """Pictographic emoji (U+1F000 and up) need an emoji font that Debian's Chromium and many school
    machines lack: they showed as empty boxes on the gallery. DejaVu Sans covers the symbols below that."""
    icon = APPS[name].icon
    assert len(icon) == 1 and ord(icon) < 0x1F000, f"{name}: {icon!r} needs an emoji font"
    assert icon in gallery("en").value


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_sentence_of_the_gallery_is_catalogue_text_in_the_page_language(lang: str) -> None:
    """Issue 36: the gallery's page text lives in the one catalogue, German included: each piece of text a
    visitor reads is a catalogue message in the page's language (icons and the "·" between links aside)."""
    import html
    import re

    from donkeylab.core import CATALOGUE

    page = re.sub(r"<style>.*?</style>", "", gallery(lang).value, flags=re.S)
    pieces = {html.unescape(p).strip().removesuffix(":") for p in re.split(r"<[^>]+>", page)}
    said = {m.get(lang) for m in CATALOGUE.messages.values()}
    said |= {CATALOGUE.render("gallery/lesson_n", {"n": n}, lang) for n in range(1, 6)}  # a lesson's number
    foreign = {m.get(other) for m in CATALOGUE.messages.values() for other in ("en", "de") if other != lang}
    unsaid = {p for p in pieces if len(p) > 1 and p not in said and f"{p}:" not in said}
    assert not unsaid, f"gallery text outside the catalogue (or not in {lang}): {sorted(unsaid)}"
    assert not {p for p in pieces if p in foreign - said}, "text of the other language on the page"


@pytest.mark.parametrize(("lang", "word"), [("en", "Lesson"), ("de", "Lektion")])
def test_the_lessons_are_listed_in_lesson_order_and_the_answer_keys_in_an_open_teacher_area(
    lang: str, word: str
) -> None:
    import re

    page = gallery(lang).value
    assert re.findall(r"class='dl-card-kind'>([^<]*)<", page)[:5] == [f"{word} {n}" for n in range(1, 6)]
    first = re.findall(r"class='dl-card-link' href='([a-z_]+)\.ipynb", page)[:5]
    assert first == ["die_choice", "angry_flips", "doublet_penalties", "arrow_chains", "full_games"]
    area = page[page.index("id='dl-teacher'") :]
    assert "<details" not in page and area.count("dl-sheet-key") == 5  # open, every lesson's key on it
    assert "href='#dl-teacher'" in page  # and a link to it at the top
