"""The class's results, kept before End class deletes them (issue 34 §4): a CSV and a page of charts.

Built in the teacher's kernel from the store's results and sent to the teacher's browser as files to save (the
dashboard's "Save the results"): nothing is written on the server, and nothing leaves the teacher's page.

- **CSV** (``results_csv``): one row per guess, per question, in sorted order and without pseudonyms (as the
  dashboard shows them, so not even the order links a guess to a pupil), then the pooled counts per question
  and outcome, then the answers and the class's calibration.
- **Charts** (``report_html``): a self-contained HTML page (no script, inline SVG) with each question's guesses,
  the answer and the class's pooled estimate, to print or keep.
"""

from __future__ import annotations

import csv
import html
import io
import time
from collections.abc import Mapping, Sequence
from typing import Any

from donkeylab.apps import class_cockpit as cockpit
from donkeylab.apps.class_words import answer_words, say
from donkeylab.classroom import ClassQuestion
from donkeylab.core import CATALOGUE

Results = Mapping[str, Mapping[str, Any]]  # qid -> ClassStore.results(...)


def file_of(
    what: str, code: str, title: str, specs: Sequence[ClassQuestion], results: Results, lang: str
) -> tuple[str, str, str]:
    """The file "Save the results" hands the teacher's browser: (name, media type, text)."""
    stamp = time.strftime("%Y%m%d-%H%M")
    if what == "csv":
        return f"class-{code}-{stamp}.csv", "text/csv", results_csv(code, specs, results, lang)
    return f"class-{code}-{stamp}.html", "text/html", report_html(code, title, specs, results, lang)


def results_csv(code: str, specs: Sequence[ClassQuestion], results: Results, lang: str) -> str:
    """Guesses (sorted, no pseudonyms), pooled counts and answers of every question, as CSV text."""
    out = io.StringIO()
    rows = csv.writer(out)
    rows.writerow(["class", "question", "number", "kind", "what", "value"])
    for i, spec in enumerate(specs, 1):
        r = results[spec.qid]
        for value in r["answers"]:
            rows.writerow([code, spec.qid, i, spec.kind, "guess", _plain_number(value)])
        for outcome, n in sorted(r["counts"].items()):
            rows.writerow([code, spec.qid, i, spec.kind, f"pooled:{outcome}", n])
        if r["revealed"]:
            rows.writerow([code, spec.qid, i, spec.kind, "answer", _plain_number(float(spec.exact))])
            for line in cockpit.calibration(spec, r["answers"], r["counts"], lang):
                rows.writerow([code, spec.qid, i, spec.kind, "calibration", line])
    return out.getvalue()


def _plain_number(x: float) -> str:
    """A number as a spreadsheet reads it in any language: a point, no thousands mark."""
    return f"{x:.6g}"


def report_html(code: str, lesson_title: str, specs: Sequence[ClassQuestion], results: Results, lang: str) -> str:
    """One page of the class's charts: each question, its guesses, the answer and the calibration."""
    when = time.strftime("%Y-%m-%d %H:%M")
    parts = [
        f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'><title>{html.escape(code)}</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>{html.escape(say('report_title', lang, code=code))}</h1>",
        f"<p>{html.escape(lesson_title)} · {when}</p>",
    ]
    for i, spec in enumerate(specs, 1):
        r = results[spec.qid]
        prompt = CATALOGUE.render(spec.prompt, {}, lang) if spec.prompt in CATALOGUE.messages else spec.qid
        parts.append(f"<section><h2>{i}. {prompt}</h2>")
        parts.append(f"<p>{html.escape(say('report_counts', lang, pupils=r['pupils'], answered=r['answered']))}</p>")
        bars = cockpit.bars(spec, r["answers"], lang)
        parts.append(bars_svg(bars, cockpit.exact_bar(spec) if r["revealed"] else -1))
        if r["revealed"]:
            parts.append(f"<p class='answer'>{html.escape(say('exact', lang, answer=answer_words(spec, lang)))}</p>")
            lines = cockpit.calibration(spec, r["answers"], r["counts"], lang)
            parts.append("<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>")
        parts.append("</section>")
    parts.append("</body></html>")
    return "".join(parts)


def bars_svg(bars: Sequence[Sequence[Any]], exact: int) -> str:
    """The guesses' chart as an SVG (the answer's bar in orange)."""
    w, h, left, bottom, top = 640, 240, 30, 56, 20
    most = max([1, *(int(b[1]) for b in bars)])
    step = (w - left) / max(1, len(bars))
    shapes = []
    for i, (label, n) in enumerate(bars):
        bh = (h - bottom - top) * int(n) / most
        x, y = left + i * step + 2, h - bottom - bh
        fill = "#D55E00" if i == exact else "#0072B2"
        shapes.append(
            f"<rect x='{x:.1f}' y='{y:.1f}' width='{step - 4:.1f}' height='{max(bh, 0.5):.1f}' fill='{fill}'/>"
        )
        if n:
            shapes.append(f"<text x='{x + (step - 4) / 2:.1f}' y='{y - 4:.1f}' text-anchor='middle'>{int(n)}</text>")
        lx, ly = x + (step - 4) / 2, h - bottom + 14
        shapes.append(
            f"<text x='{lx:.1f}' y='{ly:.1f}' text-anchor='end' transform='rotate(-35 {lx:.1f} {ly:.1f})' "
            f"class='bin'>{html.escape(str(label))}</text>"
        )
    return f"<svg viewBox='0 0 {w} {h}' width='{w}' height='{h}' role='img'>{''.join(shapes)}</svg>"


STYLE = (
    "body{font-family:system-ui,sans-serif;max-width:48em;margin:2em auto;color:#222}h1{font-size:1.5em}"
    "h2{font-size:1.15em}section{page-break-inside:avoid;border-top:1px solid #ccc;padding-top:.5em}"
    "svg text{font-size:12px}svg text.bin{font-size:10px}.answer{font-weight:700;color:#a1420a}"
)
