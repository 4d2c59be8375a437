"""Worksheets as files: every lesson's sheets into a folder, and a sheet printed to PDF by headless Chromium.

For a teacher without the server (``donkeylab worksheet``): the HTML prints from any browser's print dialog;
the PDF is Chromium's own print of the same document (no PDF library: the stylesheet's ``@page`` is the layout).
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from donkeylab.lessons.worksheets import KINDS, LANGS, document, lessons

CHROMIUM = ("chromium", "chromium-browser", "google-chrome")


def file_name(name: str, lang: str, kind: str) -> str:
    """``die_choice-key-de.html``: what a folder of sheets is sorted by (lesson, then kind, then language)."""
    return f"{name}-{kind}-{lang}.html"


def write_all(folder: Path) -> list[Path]:
    """Every lesson's worksheet and key in both languages into ``folder`` (the default rules of each)."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in lessons():
        for lang in LANGS:
            for kind in KINDS:
                path = folder / file_name(name, lang, kind)
                path.write_text(document(name, lang, kind), encoding="utf-8")
                written.append(path)
    return written


def write_pdf(source: str, out: Path, chromium: str | None = None, timeout: float = 120) -> Path:
    """Print the HTML ``source`` to the PDF ``out`` with headless Chromium (the teacher's own browser prints
    the same document from the print dialog). OSError when no Chromium is found or it fails."""
    binary = chromium or next((found for b in CHROMIUM if (found := shutil.which(b))), None)
    if binary is None:
        raise OSError("no Chromium found to print the PDF (apt-get install chromium); write the HTML and print it")
    with tempfile.TemporaryDirectory(prefix="donkeylab-sheet-") as tmp:
        page = Path(tmp) / "sheet.html"
        page.write_text(source, encoding="utf-8")
        args = ["--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer", f"--user-data-dir={tmp}/p"]
        command = [binary, *args, f"--print-to-pdf={out.resolve()}", page.as_uri()]
        done = subprocess.run(command, capture_output=True, timeout=timeout, check=False)
    if done.returncode != 0 or not out.is_file():
        raise OSError(f"Chromium could not print {out}: {done.stderr.decode(errors='replace')[-300:]}")
    return out
