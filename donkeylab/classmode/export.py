"""The class's results, kept before End class deletes them: a CSV and a page of charts.

Built in the teacher's kernel from the store's results and sent to the teacher's browser as files to save (the
dashboard's "Save the results"): nothing is written on the server, and nothing leaves the teacher's page.

- **CSV, anonymous** (``results_csv``): one row per guess, per question, in sorted order and without pseudonyms
  (as the dashboard shows them, so not even the order links a guess to a pupil), then the pooled simulations per
  question (trials, how often it happened, the class's estimate), then the answers and the class's calibration.
- **CSV, by pupil** (``pupils_csv``): one row per pseudonym with the guess to every question and the exercises
  tried and right; saved only when the teacher chooses it (the names are pseudonyms, but they link the guesses).
- Column names and row labels are words in the teacher's language, numbers as a spreadsheet reads them.
- **Charts** (``report_html``): a self-contained HTML page (no script, inline SVG) with each question's guesses,
  the answer and the class's pooled estimate, to print or keep.
"""

from __future__ import annotations

import csv
import html
import io
import re
import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from donkeylab.classmode import cockpit
from donkeylab.classmode.words import answer_line, choice_words, say
from donkeylab.classroom import ClassQuestion
from donkeylab.core import CATALOGUE, numbers

if TYPE_CHECKING:  # the store (and SQLAlchemy) is imported when a class is opened
    from donkeylab.classroom.store import ClassStore

Results = Mapping[str, Mapping[str, Any]]  # qid -> ClassStore.results(...)
Pupils = Sequence[Mapping[str, Any]]  # [{"name", "progress", "guesses": {qid: value}, "tried", "right"}, ...]
# A spreadsheet opened by a double click reads the file as its language's settings say: German Excel expects ";"
# between columns and a decimal comma (a comma-separated file landed in one column), and UTF-8 only with a BOM
# ("Schätzung" came out as "SchÃ¤tzung")
BOM = "\ufeff"


def file_of(
    what: str, code: str, title: str, specs: Sequence[ClassQuestion], results: Results, lang: str, pupils: Pupils
) -> tuple[str, str, str]:
    """The file "Save the results" hands the teacher's browser: (name, media type, text); ``what`` is "csv"
    (anonymous), "pupils" (a row per pseudonym) or "html" (the charts)."""
    stamp = time.strftime("%Y%m%d-%H%M")
    if what == "csv":
        return f"class-{code}-{stamp}.csv", "text/csv", BOM + results_csv(code, specs, results, lang)
    if what == "pupils":
        return f"class-{code}-{stamp}-pupils.csv", "text/csv", BOM + pupils_csv(specs, pupils, lang)
    return f"class-{code}-{stamp}.html", "text/html", report_html(code, title, specs, results, lang)


def saved(
    store: ClassStore, code: str, key: str, what: str, specs: Sequence[ClassQuestion], title: str, lang: str
) -> tuple[str, str, str]:
    """``file_of`` with the class's results read from the store (and its roster, for the file by pupil only)."""
    results = {q.qid: store.results(code, key, q.qid) for q in specs}
    pupils = []
    if what == "pupils":
        guesses = store.guesses_by_name(code, key)
        for r in store.roster(code, key):
            done = {k: len(r["progress"].get(k, [])) for k in ("tried", "right")}
            pupils.append({"name": r["name"], "progress": r["progress"], "guesses": guesses.get(r["name"], {}), **done})
    return file_of(what, code, title, specs, results, lang, pupils)


def results_csv(code: str, specs: Sequence[ClassQuestion], results: Results, lang: str) -> str:
    """Guesses (sorted, no pseudonyms), pooled simulations and answers of every question, as CSV text."""
    out = io.StringIO()
    rows = csv.writer(out, delimiter=_delimiter(lang))
    rows.writerow([say(f"csv.{c}", lang) for c in ("class", "number", "question", "kind", "what", "value")])
    for i, spec in enumerate(specs, 1):
        r = results[spec.qid]
        row = [code, i, _prompt(spec, lang), say(f"csv.kind.{spec.kind}", lang)]
        for value in r["answers"]:
            rows.writerow([*row, say("csv.guess", lang), _value(spec, value, lang)])
        trials = sum(r["counts"].values()) // spec.per_trial
        if trials:
            hits = sum(r["counts"].get(h, 0) for h in spec.hit) // spec.per_trial
            rows.writerow([*row, say("csv.trials", lang), trials])
            rows.writerow([*row, say("csv.hits", lang), hits])
            rows.writerow([*row, say("csv.estimate", lang), _plain_number(hits / trials, lang)])
        if r["revealed"]:
            rows.writerow([*row, say("csv.answer", lang), _value(spec, float(spec.exact), lang)])
            for line in cockpit.calibration(spec, r["answers"], r["counts"], lang):
                rows.writerow([*row, say("calibration", lang), line])
    return out.getvalue()


def pupils_csv(specs: Sequence[ClassQuestion], pupils: Pupils, lang: str) -> str:
    """One row per pupil: the pseudonym (as the dashboard names them: in their page's language when it reported
    it, else in ``lang``), the guess to every
    question (empty when none), the exercises tried and right."""
    out = io.StringIO()
    rows = csv.writer(out, delimiter=_delimiter(lang))
    heads = [say("csv.question_guess", lang, i=i) for i in range(1, len(specs) + 1)]
    rows.writerow([say("col_name", lang), *heads, say("csv.tried", lang), say("csv.right", lang)])
    for p in pupils:
        guesses = [_value(s, p["guesses"][s.qid], lang) if s.qid in p["guesses"] else "" for s in specs]
        rows.writerow([cockpit.shown_name(p, lang), *guesses, p["tried"], p["right"]])
    return out.getvalue()


def _delimiter(lang: str) -> str:
    """Between columns: ";" where the decimal mark is a comma (German spreadsheets), else ","."""
    return ";" if numbers.separators(lang)["decimal"] == "," else ","


def _prompt(spec: ClassQuestion, lang: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", CATALOGUE.render(spec.prompt, {}, lang))) if spec.prompt else ""


def _value(spec: ClassQuestion, value: float, lang: str) -> str:
    """A guess or answer as a spreadsheet reads it: a choice by its words, a number in the file's language."""
    if spec.kind == "choice" and 0 <= int(value) < len(spec.choices):
        return choice_words(spec, int(value), lang)
    return _plain_number(value, lang)


def _plain_number(x: float, lang: str) -> str:
    """A number as a spreadsheet in ``lang`` reads it: its decimal mark, no thousands mark (0.18 / 0,18)."""
    return numbers.localise(f"{x:.6g}", lang)


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
            parts.append(f"<p class='answer'>{html.escape(answer_line(spec, lang))}</p>")
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
