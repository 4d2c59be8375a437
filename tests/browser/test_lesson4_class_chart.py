"""The projector's guess chart of Lesson 4's prediction (which order card?), drawn alone in Chromium as
``test_dashboard_histogram`` draws it: its seven options are words ("red–green–yellow", "all equally likely"),
and slanted like the percent bins they ran off the chart's left and foot ("…wahrscheinlich"). Upright now, one
colour a line as on the lesson's own chart, every label inside the chart and clear of its neighbours."""

from __future__ import annotations

import itertools
import json

from playwright.sync_api import Page

from donkeylab.classmode.cockpit import bars
from donkeylab.classroom.questions import question_specs
from tests.browser.test_dashboard_histogram import STYLE, chart_code

LABELS_JS = """() => { const s = document.querySelector('svg').getBoundingClientRect();
  return [...document.querySelectorAll('text.dl-cd-bin')].map((t) => { const r = t.getBoundingClientRect();
    return {text: t.textContent, lines: t.querySelectorAll('tspan').length, turned: t.getAttribute('transform') || '',
            left: r.left - s.left, right: r.right - s.left, bottom: r.bottom - s.top, top: r.top - s.top,
            width: s.width, height: s.height}; }); }"""


def test_lesson_4s_options_stand_upright_inside_the_chart_one_colour_a_line(page: Page) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    spec = question_specs("arrow_chains")["best_card"]
    for lang in ("en", "de"):
        drawn = bars(spec, [0, 0, 1, 2, 3, 4, 5, 6, 6, 6], lang)
        for width in (520, 360):  # the projector's chart, and on a teacher's phone
            page.set_content(
                f"<style>{STYLE.read_text()} .dl-class-dash svg {{ width: {width}px; }}</style>"
                f"<div class='dl-class-dash' id='d'></div><script>(() => {{ {chart_code()}\n"
                "const T = {guesses: 'g', exact_line: 'exact'};\n"
                f"document.getElementById('d').append(histogram({json.dumps(drawn)}, 0, T));"
                "})();</script>"
            )
            assert errors == [], errors
            labels = page.evaluate(LABELS_JS)
            assert [x["text"].replace(" ", "") for x in labels] == [name.replace(" ", "") for name, _ in drawn]
            for x in labels:
                assert not x["turned"], x
                assert x["left"] >= 0 and x["right"] <= x["width"] and x["bottom"] <= x["height"], (lang, width, x)
            for name, x in zip(drawn, labels, strict=True):
                if "–" in name[0]:
                    assert x["lines"] == 3, (lang, x)  # one colour a line
            for a, b in itertools.pairwise(labels):
                assert a["right"] <= b["left"] + 0.5, (lang, width, "labels overlap", a["text"], b["text"])
