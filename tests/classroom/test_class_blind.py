"""Every class question blind until its own reveal, for every lesson, in English and German (a kernel with a real
store, no browser: what a pupil's page holds is the state of its widgets, sent or sent on request).

A class runs its lesson's questions in order, as the teacher does: ask one, check that no widget made for the
page holds its answer (or a later question's) in any form the page writes it, reveal it, check that the answer is
there now (so the search cannot pass by looking for the wrong thing), then the next. The forms are the value as a
percentage, a decimal, a fraction, the float an exact line is drawn at, and what implies it (Lesson 3's doublet and
bust shares at that total; the headline's own answer sentences from ``tests/apps/test_lesson_blind``).

Guess first is checked on the way: a simulation that estimates the question of the moment refuses a forged Start
until the pupil has locked in a guess for it, and says why beside the button.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

from donkeylab.apps import build
from donkeylab.classmode import seal as class_seal
from donkeylab.classmode.pupil import PupilPart
from donkeylab.classmode.words import answer_words, say
from donkeylab.classroom import ClassQuestion, ClassStore, lessons, question_specs
from donkeylab.double_down import exact as dn_exact
from donkeylab.pages import words as wd
from donkeylab.widgets import guard
from tests.apps.test_lesson_blind import FORMS as HEADLINE_FORMS
from tests.classroom.test_pages import class_store, every_state, pupil_of, until

BROWSER = "blind-browser-key-0001"


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ClassStore]:
    yield from class_store(tmp_path, monkeypatch)


def number_forms(x: Fraction | float, kind: str, lang: str) -> list[str]:
    """Patterns of ``x`` as a page writes it: 44.4 % / 44 %, 0.44 / 0.444 (not inside a longer number), the
    float of an exact line (0.44444…), a fraction 4/9."""
    out = []
    if kind == "probability":  # a whole percent only from 10 % on ("1 %" is too common to mean 1/81)
        out += [rf"(?<![\d.,]){re.escape(wd.percent(x, lang, d)).replace(' ', ' ?')}" for d in (1, 0) if d or x >= 0.1]
    out += [rf"(?<![\d.,])(?<!step\": ){re.escape(wd.decimal(x, lang, d))}(?!\d)" for d in (2, 3)]
    out.append(re.escape(repr(float(x))[:8]))
    if isinstance(x, Fraction) and x.denominator != 1:
        out.append(rf"(?<![\d/]){x.numerator}/{x.denominator}(?![\d/])")
    return out


def implied(lesson: str, q: ClassQuestion, lang: str) -> list[str]:
    """What states a question's answer without its value: the doublet and bust shares at Lesson 3's totals."""
    if lesson == "doublet_penalties" and q.qid.startswith("risk_"):
        risk = dn_exact.next_card_risk(int(q.qid.removeprefix("risk_")))
        return [re.escape(wd.percent(risk[o], lang, 1)) for o in ("doublet", "bust")]
    return []


def forms(lesson: str, q: ClassQuestion, page: Any, lang: str) -> list[str]:
    """Patterns of ``q``'s answer, the class's own sentence for it first ("The answer: German rules.")."""
    said = [re.escape(say("answer_is", lang, answer=answer_words(q, lang)))]
    if q.headline:
        if lesson == "die_choice":
            return said + number_forms(Fraction(q.exact), "probability", lang)
        return said + [re.escape(f) for f in HEADLINE_FORMS[lesson](page.lesson, lang)]
    return said + number_forms(q.exact, q.kind, lang) + implied(lesson, q, lang)


COLOURSCALE = re.compile(r'\[[\d.]+, "#[0-9a-fA-F]{6}"\]')  # plotly's template: [0.444…, "#bd3786"], on every plot


def found(patterns: list[str], text: str) -> list[str]:
    """Each match of ``patterns`` in ``text`` with where it stands (the plots' colour scales left out)."""
    text = COLOURSCALE.sub("", text)
    return [
        f"{m.group(0)!r} in …{text[max(0, m.start() - 80) : m.end() + 20]}…"
        for p in patterns
        for m in re.finditer(p, text)
    ]


def guess(part: PupilPart, q: ClassQuestion) -> None:
    """Lock in a guess for ``q`` as the page does: the prediction's lock, or the card's. A page presses the lock
    only once it is enabled: the join sets ``part.pupil`` a moment before the page is drawn and the lock enabled,
    and a click in between is refused (a fresh-clone run under load locked nothing in 20 s)."""
    if q.headline:
        until(lambda: part.lock.enabled)
        part.lock.click(0 if q.whole else 0.5)
    else:
        part.card.click(q.low)
    until(lambda: q.qid in part.locked)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("lesson", lessons())
def test_every_question_is_blind_until_its_own_reveal(store: ClassStore, lesson: str, lang: str) -> None:
    specs = list(question_specs(lesson).values())
    since = set(w.widgets.widget._instances)
    k = store.create_class(lesson)
    page = build(lesson, f"class={k.code}&_pupil={BROWSER}&lang={lang}")
    part = pupil_of(page)
    until(lambda: part.pupil is not None and part.polls > 0)
    if lesson == "full_games":
        assert page.lesson.table.wait(300), "the bots' games (played for the prediction's answer) must be done"
    for i, q in enumerate(specs):
        store.set_state(k.code, k.teacher_key, {"question": q.qid})
        until(lambda q=q, i=i: part.current == q.qid and part.card.question.get("index") == i + 1)
        states = every_state(since)
        for later in specs[i:]:
            leaked = found(forms(lesson, later, page, lang), states)
            assert not leaked, f"{lesson} ({lang}) on question {i + 1} shows {later.qid}'s answer: {leaked[:3]}"
        held = [(plot, qids) for plot, qids in class_seal.estimating(part) if q.qid in qids]
        for plot, _ in held:  # guess first: a forged Start does nothing, and the page says why
            assert plot.held and str(i + 1) in plot.held
            plot._on_front_end(plot, {"method": "start"}, [])
            assert not plot.running and plot.done == 0
        guess(part, q)
        for plot, qids in held:
            until(lambda plot=plot, qids=qids: not plot.held or set(qids) - set(part.locked) - part.revealed)
        store.reveal(k.code, k.teacher_key, q.qid)
        until(lambda q=q: q.qid in part.revealed)
        states = every_state(since)
        assert found(forms(lesson, q, page, lang), states), f"{lesson} ({lang}): {q.qid}'s answer after its reveal"
    assert not part.lesson.pending and not part.lesson.sealed  # the whole lesson is there at the end


def update(widget: Any, state: dict[str, Any]) -> None:
    """A page's update of ``widget`` as its comm delivers it (through the handler the comm holds)."""
    widget.comm._msg_callback(
        {"content": {"data": {"method": "update", "state": state, "buffer_paths": []}}, "buffers": []}
    )


def click(widget: Any, content: dict[str, Any]) -> None:
    widget.comm._msg_callback({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def test_a_pause_stops_every_control_of_the_page_core_widgets_too(store: ClassStore) -> None:
    """While the teacher pauses, the Stepper's Back, the simulation's Start and ipywidgets' own slider refuse what
    the page sends (each through the handler its comm holds since the page opened); after the release they work."""
    k = store.create_class("doublet_penalties")
    part = pupil_of(build("doublet_penalties", f"class={k.code}&_pupil={BROWSER}"))
    until(lambda: part.pupil is not None)
    guess(part, part.headline)
    stepper, slider = part.lesson.stepper, w.FloatSlider(0.5)  # a core widget opened before the pause
    plot = part.plots[0][0]
    until(lambda: not plot.held)
    store.set_state(k.code, k.teacher_key, {"paused": True})
    until(lambda: guard.PAUSE.reason is not None and part.card.paused)
    index = stepper.index  # the telling position: the pupil's turn, so the page's move is Back
    click(stepper, {"method": "back"})
    click(plot, {"method": "start"})
    update(slider, {"value": 0.9})
    update(part.prediction.input, {"value": 0.9})
    assert stepper.index == index and not plot.running and plot.done == 0
    assert slider.value == 0.5 and part.prediction.input.value == 0.5
    assert "paused" in plot.error
    store.set_state(k.code, k.teacher_key, {"paused": False})
    until(lambda: guard.PAUSE.reason is None and not part.card.paused)
    click(stepper, {"method": "back"})
    update(slider, {"value": 0.9})
    assert stepper.index != index and slider.value == 0.9
    click(plot, {"method": "start"})
    until(lambda: plot.running or plot.done > 0)
    plot.stop()
