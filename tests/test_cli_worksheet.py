"""``donkeylab worksheet``: a lesson's worksheet or answer key as a file, for a teacher without the server."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from donkeylab.cli import main
from donkeylab.lessons import worksheets


def test_writes_the_document_the_server_would_show(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "key.html"
    args = ["worksheet", "angry_flips", "--lang", "de", "--key", "--variant", "german", "--out", str(out)]
    assert main(args) == 0
    assert out.read_text(encoding="utf-8") == worksheets.document("angry_flips", "de", "key", {"variant": "german"})
    assert f"wrote {out}" in capsys.readouterr().err


def test_names_the_file_after_lesson_kind_and_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["worksheet", "doublet_penalties"]) == 0
    assert (tmp_path / "doublet_penalties-worksheet-en.html").is_file()


def test_all_writes_every_sheet_into_a_folder(tmp_path: Path) -> None:
    assert main(["worksheet", "all", "--out", str(tmp_path / "sheets")]) == 0
    assert len(list((tmp_path / "sheets").glob("*.html"))) == len(worksheets.lessons()) * 4


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (["worksheet", "nowhere"], "no lesson 'nowhere'"),
        (["worksheet", "doublet_penalties", "--variant", "german"], "takes no options"),
        (["worksheet", "all", "--key"], "'all' writes both kinds"),
    ],
)
def test_a_bad_request_is_one_line_and_exit_2(args: list[str], why: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert why in err and err.count("\n") == 1


def test_pdf_is_printed_by_chromium_on_a4(tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    assert main(["worksheet", "die_choice", "--lang", "de", "--pdf", "--out", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF")
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True, check=True).stdout
    assert "(A4)" in info
