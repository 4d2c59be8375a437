"""The dashboard's guess chart drawn alone in Chromium: every bin's label inside the chart, and the exact bin's
label clear of the count on its bar.

With thirteen probability bins the labels are slanted, and the last ("90–100 %") ran past the chart's foot on the
projector (the whole-lesson test's screenshots). The chart's own code (``widgets/class_dashboard.js``, up to and
including ``histogram``) is loaded into a blank page with the dashboard's style sheet.
"""

from __future__ import annotations

import json

from playwright.sync_api import Page

from donkeylab.classmode.charts import percent_bins
from tests.browser.conftest import ROOT

SOURCE = ROOT / "widgets" / "class_dashboard.js"
STYLE = ROOT / "widgets" / "class_dashboard.css"


def chart_code() -> str:
    """The dashboard's helpers and ``histogram``, without the widget's render code after it."""
    text = SOURCE.read_text()
    start = text.index("function histogram")
    return text[: text.index("\n}\n", start) + 3]


def test_every_bins_label_of_the_guess_chart_stays_inside_it_and_the_exact_label_clear(page: Page) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    for lang in ("en", "de"):
        bars = percent_bins([0.005 + i / 13 for i in range(13)] + [0.95], lang)  # the exact bin the tallest
        page.set_content(
            f"<style>{STYLE.read_text()} .dl-class-dash svg {{ width: 520px; }}</style>"
            f"<div class='dl-class-dash' id='d'></div><script>(() => {{ {chart_code()}\n"  # a scope per language
            f"const T = {{guesses: 'g', exact_line: 'exact'}};\n"
            f"document.getElementById('d').append(histogram({json.dumps(bars)}, 12, T));"
            "})();</script>"
        )
        assert errors == [], errors
        outside = page.evaluate(
            """() => { const s = document.querySelector('svg').getBoundingClientRect();
              return [...document.querySelectorAll('text.dl-cd-bin')].filter((t) => {
                const r = t.getBoundingClientRect();
                return r.left < s.left || r.right > s.right || r.bottom > s.bottom;
              }).map((t) => t.textContent); }"""
        )
        assert len(bars) == 13 and outside == [], (lang, outside)
        overlaps = page.evaluate(
            """() => { const label = document.querySelector('text.dl-cd-n[fill="#D55E00"]').getBoundingClientRect();
              return [...document.querySelectorAll('text.dl-cd-n:not([fill])')].filter((t) => {
                const r = t.getBoundingClientRect();
                return r.left < label.right && label.left < r.right && r.top < label.bottom && label.top < r.bottom;
              }).map((t) => t.textContent); }"""
        )
        assert overlaps == [], (lang, "the exact bin's label covers the count", overlaps)
