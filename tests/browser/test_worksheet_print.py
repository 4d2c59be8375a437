"""Every lesson's worksheet and answer key, in both languages, printed as a teacher prints them (issue 35 §3).

Chromium prints each document to PDF (``page.pdf``, the print path of Chromium's own print dialog, A4 from the
document's ``@page``), and the test checks what a teacher would see on paper:

- the page count (a worksheet 1-3 pages, a key 1-4);
- nothing cut off: in the print-emulated page at the printable width, no element reaches past the printable
  area, no box's content overflows it, no border sits on the area's edge (Chromium prints half of it), and no
  unbreakable block (an exercise, the question) is taller than a page, where Chromium would have to cut it; in
  the PDF itself (``pdftotext -bbox``), every letter of the page's text is printed (a glyph clipped at the edge
  is left out: "always" came out as "alway") and every word lies within the side margins, above the paper's
  bottom edge;
- the first page's picture (``pdftoppm``, saved under the test output folder as
  ``worksheets/<lesson>-<kind>-<lang>-page1.png`` for a human to look at): ink where the title is, and none in
  the side margins or the top margin.

One Chromium for all of it (the worker's profile); each document takes well under a second.
"""

from __future__ import annotations

import html
import re
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from playwright.sync_api import BrowserContext, Page

from donkeylab.lessons import worksheets as ws
from tests.browser.helpers import lock_guess

CASES = [(name, lang, kind) for name in ws.lessons() for lang in ws.LANGS for kind in ws.KINDS]
PAGES = {"worksheet": (1, 3), "key": (1, 4)}
# a key one page longer: Lesson 2's carries its counts by hand (two 6 × 6 tables, the 1-in-3 count) with every
# solution and typical wrong answer, besides its exercises and the going-further tree; Lesson 4's its count on the
# mini board and the tree's first branching, each with its solution and typical wrong answers
KEY_EXTRA = {"angry_flips": 1, "arrow_chains": 1}
# and Lesson 4's worksheet: with its count on the mini board and the tree's first step with room to write, the
# German one runs to a fourth page (the English one fits three)
SHEET_EXTRA = {"arrow_chains": 1}
A4_MM = (210, 297)
PX_PER_MM = 96 / 25.4  # CSS pixels
PT_PER_MM = 72 / 25.4  # PDF points
DPI = 80  # the first page's picture
TOP, RIGHT, BOTTOM, LEFT = ws.MARGIN_MM
PRINT_WIDTH_MM = A4_MM[0] - LEFT - RIGHT
PRINT_HEIGHT_MM = A4_MM[1] - TOP - BOTTOM

# In the print-emulated page at the printable width: what reaches past it, what overflows its own box, and which
# unbreakable block is taller than a page (Chromium cuts such a block wherever the page ends).
FIT_JS = """([pageHeight]) => {
  const out = [];
  const width = document.documentElement.clientWidth;
  const name = (el) => (el.className ? el.tagName + '.' + String(el.className).split(' ')[0] : el.tagName) +
    ' ' + (el.textContent || '').trim().slice(0, 50);
  for (const el of document.querySelectorAll('main *')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.left < -0.5 || r.right > width + 0.5) out.push(`outside the printable width: ${name(el)} ${r.right}`);
    const style = getComputedStyle(el);
    const edge = parseFloat(style.borderRightWidth) > 0 && style.borderRightStyle !== 'none';
    if (edge && r.right > width - 1) out.push(`a border on the printable edge, half cut off: ${name(el)} ${r.right}`);
    if (style.display !== 'inline' && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
      out.push(`overflows its box: ${name(el)} ${el.scrollWidth} > ${el.clientWidth}`);
    if (style.breakInside === 'avoid' && r.height > pageHeight) out.push(`taller than a page: ${name(el)} ${r.height}`);
  }
  return out;
}"""


@pytest.fixture(scope="module")
def folder(output_dir: Path) -> Path:
    made = output_dir / "worksheets"
    made.mkdir(parents=True, exist_ok=True)
    return made


@pytest.fixture(scope="module")
def tab(profile: BrowserContext) -> Any:
    """One tab for every document: print media, the printable width of A4 as its viewport."""
    page = profile.new_page()
    page.emulate_media(media="print")
    page.set_viewport_size({"width": round(PRINT_WIDTH_MM * PX_PER_MM), "height": round(A4_MM[1] * PX_PER_MM)})
    yield page
    page.close()


def pdf_pages(pdf: Path) -> int:
    """The number of pages; every page is A4 (``pdfinfo`` names the size)."""
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    match = re.search(r"^Pages:\s+(\d+)", info, re.M)
    assert match is not None, info
    assert re.search(r"^Page size:.*\(A4\)", info, re.M), info
    return int(match.group(1))


def pdf_words(pdf: Path) -> list[tuple[int, float, float, float, str]]:
    """Every word Chromium printed (``pdftotext -bbox``): page, left, right and bottom in points, and the word. A
    glyph clipped at the printable area's edge is not printed at all ("always" became "alway")."""
    box = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    words, page = [], 0
    pattern = r'<page |<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)'
    for tag in re.finditer(pattern, box):
        if tag.group(0) == "<page ":
            page += 1
            continue
        words.append((page, float(tag.group(1)), float(tag.group(2)), float(tag.group(3)), html.unescape(tag.group(4))))
    assert page > 0, "pdftotext found no page"
    return words


def cut_off(pdf: Path, shown: str) -> list[str]:
    """What did not reach the paper whole: a letter of the page's text (``shown``, its ``innerText`` in print
    media) missing from the PDF, and a printed word outside the side margins or past the paper's bottom edge."""
    words = pdf_words(pdf)
    # letters, not words: a superscript (m/6)<sup>k</sup> is one word on the page and two in the PDF
    footer = (A4_MM[1] - BOTTOM) * PT_PER_MM  # the page footer (title, page number) is printed in the margin
    printed = "".join(w[4] for w in words if w[3] <= footer)
    missing = Counter("".join(shown.split())) - Counter(printed)
    out = [f"missing from the PDF: {char!r} ×{n}" for char, n in missing.items()]
    low, high = LEFT * PT_PER_MM - 1, (A4_MM[0] - RIGHT) * PT_PER_MM + 1
    for page, x0, x1, y1, word in words:
        if x0 < low or x1 > high or y1 > A4_MM[1] * PT_PER_MM:
            out.append(f"page {page}: {word!r} at x {x0:.0f}..{x1:.0f}, y to {y1:.0f}")
    return out


def first_page(pdf: Path, png: Path) -> Image.Image:
    """Page 1 as a picture (``pdftoppm``), kept at ``png`` for a human to look at."""
    stem = png.with_suffix("")
    subprocess.run(
        ["pdftoppm", "-png", "-r", str(DPI), "-f", "1", "-l", "1", "-singlefile", str(pdf), str(stem)], check=True
    )
    return Image.open(png).convert("L")


def ink(picture: Image.Image, box_mm: tuple[float, float, float, float]) -> int:
    """Dark pixels in the box (left, top, right, bottom in mm) of the picture."""
    scale = DPI / 25.4
    left, top, right, bottom = (round(v * scale) for v in box_mm)
    region = picture.crop((left, top, right, bottom))
    return sum(region.histogram()[:160])


@pytest.mark.parametrize(("name", "lang", "kind"), CASES)
def test_sheet_prints_on_a4_with_nothing_cut_off(tab: Page, folder: Path, name: str, lang: str, kind: str) -> None:
    stem = f"{name}-{kind}-{lang}"
    tab.set_content(ws.document(name, lang, kind))
    assert tab.evaluate(FIT_JS, [PRINT_HEIGHT_MM * PX_PER_MM]) == []

    pdf = folder / f"{stem}.pdf"
    tab.pdf(path=str(pdf), prefer_css_page_size=True)
    low, high = PAGES[kind]
    high += KEY_EXTRA.get(name, 0) if kind == "key" else SHEET_EXTRA.get(name, 0)
    assert low <= pdf_pages(pdf) <= high
    assert cut_off(pdf, tab.inner_text("main")) == []

    picture = first_page(pdf, folder / f"{stem}-page1.png")
    width, height = A4_MM
    assert ink(picture, (0, 0, width, TOP - 1)) == 0, "ink in the top margin"
    assert ink(picture, (0, 0, LEFT - 1, height)) == 0, "ink in the left margin"
    assert ink(picture, (width - RIGHT + 1, 0, width, height)) == 0, "ink in the right margin"
    assert ink(picture, (LEFT, TOP, width - RIGHT, TOP + 20)) > 200, "no title at the top of page 1"
    assert ink(picture, (LEFT, height - BOTTOM, width - RIGHT, height)) > 20, "no footer on page 1"


def test_a_teacher_prints_the_worksheet_from_the_lesson_page(app: Any) -> None:
    """The lesson page links to its worksheet (issue 35 §3), in the page's language, served by the class server's
    teacher-only route; the answer key is linked from the gallery only, never from a page a pupil may see."""
    from playwright.sync_api import expect

    app.open("die_choice.ipynb", "lang=de", ready=".dl-sheet-links a")
    links = app.page.locator(".dl-sheet-links a")
    expect(links).to_have_count(1)
    with app.page.context.expect_page() as opened:
        links.first.click()
    sheet = opened.value
    sheet.wait_for_load_state()
    assert sheet.locator("h1").inner_text().startswith("Lektion 1")
    assert "Lösung" not in sheet.locator("main").inner_text()
    sheet.close()
    lock_guess(app.page)  # guess first: the Reveal waits for a locked guess
    app.page.locator(".dl-prediction button", has_text="Antwort aufdecken").first.click()
    expect(app.page.locator(".dl-answer").first).to_be_attached()  # the exercises are built: revealed
    expect(links).to_have_count(1)  # still no answer key on the lesson's page
    app.open("index.ipynb", "lang=de", ready=".dl-gallery a.dl-card-link")
    keys = app.page.locator(".dl-sheets a", has_text="Lösungsblatt")  # the teacher's area is open, not folded
    expect(keys).to_have_count(len(ws.lessons()))
    with app.page.context.expect_page() as opened:
        keys.first.click()
    key = opened.value
    key.wait_for_load_state()
    assert "Lösung" in key.locator("main").inner_text()
    key.close()
