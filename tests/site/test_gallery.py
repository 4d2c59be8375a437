"""The static gallery as a teacher reads it, without a browser: the Voila gallery's order and "Lesson N" labels,
and at the end every lesson's worksheet and answer key in both languages, each a page the build writes."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from donkeylab.lessons import worksheet_links, worksheets
from donkeylab.site import build, gallery

LANGS = ("en", "de")
voila_gallery = importlib.import_module("donkeylab.apps.gallery")  # the package's ``gallery`` is a function


@pytest.fixture(scope="module")
def cards() -> list[gallery.Card]:
    return gallery.cards()


@pytest.fixture(scope="module")
def site(cards: list[gallery.Card], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sheets as the build writes them, and the gallery beside them."""
    folder = gallery.write_sheets(cards, tmp_path_factory.mktemp("site"))
    (folder / "index.html").write_text(gallery.index_html(cards), encoding="utf-8")
    return folder


def test_cards_are_in_the_voila_gallerys_order_and_each_lesson_says_its_number(cards: list[gallery.Card]) -> None:
    voila = [info.name for info in voila_gallery._in_order() if info.kind != "teacher"]
    assert [c["name"] for c in cards] == voila
    lessons = worksheet_links.lessons()
    assert [c["name"] for c in cards[: len(lessons)]] == lessons  # the lessons first, in lesson order
    page = gallery.index_html(cards)
    found = re.findall(r"data-app='(\w+)'>.*?<span class='dl-card-kind'>([^<]*)</span>", page)
    assert [name for name, _ in found] == voila  # the page shows them in that order
    kinds = dict(found)
    for name in lessons:
        assert kinds[name] == f"Lesson {worksheet_links.NUMBERS[name]}"
    assert {kinds[c["name"]] for c in cards if c["kind"] == "game"} == {"free play"}


def test_every_lesson_links_its_worksheet_and_key_in_both_languages_to_a_page_of_the_site(site: Path) -> None:
    page = (site / "index.html").read_text(encoding="utf-8")
    main = page[page.index("<main>") : page.index("</main>")]
    teacher = main[main.index("id='dl-teacher'") :]
    assert "For the teacher: worksheets and answer keys" in teacher and teacher.endswith("</section>")  # the end
    rows = dict(re.findall(r"<tr data-app='(\w+)'>(.*?)</tr>", teacher))
    assert list(rows) == worksheet_links.lessons()
    linked = []
    for name, row in rows.items():
        assert f"Lesson {worksheet_links.NUMBERS[name]}" in row
        for lang in LANGS:
            for kind in worksheets.KINDS:
                (href,) = re.findall(rf"class='dl-ws-button dl-sheet-{kind}' href='([^']+)' hreflang='{lang}'", row)
                assert not re.match(r"[a-z]+:|/", href) and ".." not in href  # relative: file://, any web path
                assert (site / href).is_file(), href
                assert name in href
                linked.append(href)
    written = sorted(str(p.relative_to(site)) for p in site.rglob("*.html") if p.name != "index.html")
    assert sorted(linked) == written and len(written) == len(worksheet_links.lessons()) * 4


def test_a_sheet_is_the_whole_page_of_its_lesson_and_loads_nothing_from_elsewhere(
    cards: list[gallery.Card], site: Path
) -> None:
    (lesson,) = (c for c in cards if c["name"] == "doublet_penalties")
    for lang in LANGS:
        for kind in worksheets.KINDS:
            text = (site / lesson["sheets"][lang][kind]).read_text(encoding="utf-8")
            assert text == worksheets.document("doublet_penalties", lang, kind)
            assert text.startswith("<!doctype html>") and text.rstrip().endswith("</html>")
            title = re.sub(r"<[^>]+>", "", worksheets.sheet("doublet_penalties").title.get(lang))
            assert f"<html lang='{lang}'>" in text and title in text
    build._keep_requests_on_site(site)  # the build's check: no page of the site loads from another host


def test_the_build_writes_the_sheets_where_the_apps_import_and_hands_them_to_its_venv(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sheets are made in the project's Python (the lessons import plotly, the build venv has none) and the
    venv's build is told where they are."""
    monkeypatch.setenv("DONKEYLAB_SITE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(build.fetch, "venv_python", lambda cfg: tmp_path / "venv" / "bin" / "python")
    made: list[Path] = []
    monkeypatch.setattr(build.gallery, "write_sheets", lambda apps, folder: made.append(folder) or folder)
    ran: list[list[str]] = []

    class Done:
        stdout = b'{"seconds": 1}\n'

    monkeypatch.setattr(build.subprocess, "run", lambda command, **kw: ran.append(command) or Done())
    build.build(tmp_path / "out", apps=[])
    ((command,), (folder,)) = ran, made
    assert command[command.index("--sheets") + 1] == str(folder.resolve())
    passed: dict[str, object] = {}
    monkeypatch.setattr(build, "build", lambda out, apps, sheets: passed.update(sheets=sheets) or {"seconds": 1.0})
    (tmp_path / "cards.json").write_text("[]")
    build.main([str(tmp_path / "out"), "--cards", str(tmp_path / "cards.json"), "--sheets", str(folder)])
    assert passed["sheets"] == folder
