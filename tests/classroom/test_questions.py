"""Class mode's question table against the lab and the lessons it stands for, and its layer (issues 20, 34).

Every lesson offers class mode, each with its own prediction first and the other guesses after it; for each
question the bounds hold the exact answer, a pooled one's outcomes exist in its lab question, and the exact
value is the lesson's own (from the engines' exact modules, or Lesson 5's long measurement).
"""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import pytest

from donkeylab.apps import APPS
from donkeylab.classroom import lessons, outcome_name, question_specs
from donkeylab.classroom.questions import ClassQuestion, add
from donkeylab.core import CATALOGUE
from donkeylab.lab import questions as lab


def test_every_lesson_is_offered_in_class_mode() -> None:
    assert sorted(lessons()) == sorted(name for name, info in APPS.items() if info.kind == "lesson")
    for lesson in lessons():
        specs = list(question_specs(lesson).values())
        assert len(specs) >= 2, f"{lesson}: its prediction and at least one more guess"
        assert specs[0].headline and not any(q.headline for q in specs[1:])


@pytest.mark.parametrize("lesson", lessons())
def test_every_question_holds_its_answer_and_pools_what_its_lab_question_has(lesson: str) -> None:
    for spec in question_specs(lesson).values():
        assert spec.low <= float(spec.exact) <= spec.high, spec.qid
        assert spec.prompt in CATALOGUE.messages, spec.prompt
        if spec.kind == "choice":
            assert len(spec.choices) == spec.high - spec.low + 1 and float(spec.exact).is_integer()
            for option in spec.choices:
                assert f"{spec.choice_words}{option}" in CATALOGUE.messages, (spec.qid, option)
        if spec.lab is None:
            continue
        question = lab.get(spec.lab)
        assert spec.batch == question.max_batch
        names = {outcome_name(key) for key in question.exact(dict(spec.params))}
        assert set(spec.hit) <= names, (spec.hit, sorted(names)[:10])
        assert spec.what in CATALOGUE.messages


def test_the_exact_answers_are_the_lessons() -> None:
    from donkeylab.double_donkey import exact as dd_exact
    from donkeylab.double_down import exact as dn_exact
    from donkeylab.lessons import arrow_chains, framework, full_games

    def risk(total: int) -> Fraction:
        r = dn_exact.next_card_risk(total)
        return Fraction(r["doublet"] + r["bust"])

    dc, af, dp = question_specs("die_choice"), question_specs("angry_flips"), question_specs("doublet_penalties")
    assert dc["free_choice"].exact == dd_exact.p_free_choice(4, range(1, 3)) == Fraction(1, 81)
    assert dc["four_two"].exact == dd_exact.p_free_choice(2, range(1, 5)) == Fraction(4, 9)
    assert dp["token_risk"].exact == risk(65) == Fraction(5, 28) and dp["risk_64"].exact == risk(64)
    assert dp["risk_74"].exact == risk(74) == Fraction(9, 14)
    before = dd_exact.card_value_distribution(("light_blue", "orange"), (), "random")[7]
    after = dd_exact.card_value_distribution(("light_blue", "orange"), ("orange",), "random")[7]
    assert af["seven_after"].exact == after and after < before
    assert af["flip_seven"].choices[int(af["flip_seven"].exact)] == "less"
    ac = question_specs("arrow_chains")
    assert ac["best_card"].choices[int(ac["best_card"].exact)] == arrow_chains.best_card()
    # the class guesses among the lesson's own options: the six orders and "all equally likely" (review 2026-12)
    predict = next(s for s in arrow_chains.spec().sections if isinstance(s, framework.Predict))
    assert ac["best_card"].choices == tuple(predict.choices) and "same" in ac["best_card"].choices
    assert predict.answer == ac["best_card"].choices[int(ac["best_card"].exact)]
    assert ac["no_hop"].exact == pytest.approx(float(arrow_chains.chain_shares("default")[0]), abs=1e-12)
    fg = question_specs("full_games")
    assert fg["shorter"].choices[int(fg["shorter"].exact)] == "german"
    assert fg["rounds_shorter"].exact == full_games.MEASURED["german"][0]


def test_a_question_that_cannot_be_asked_is_refused_when_declared() -> None:
    ok = ClassQuestion("q", "class/q/unit.rounds", 0.5, headline=True)
    for bad in (
        (ClassQuestion("q", "x", 0.5, kind="guess", headline=True),),
        (ClassQuestion("q", "x", 0.5, low=1.0, high=0.0, headline=True),),
        (ClassQuestion("q", "x", 0.5, kind="choice", headline=True),),  # a choice without options
        (ok, ClassQuestion("r", "x", 0.5, headline=True)),  # two headlines
        (ClassQuestion("q", "x", 0.5),),  # none
    ):
        with pytest.raises(ValueError):
            add("a_lesson_of_a_test", *bad)
    assert "a_lesson_of_a_test" not in lessons()


def test_the_store_imports_no_ui() -> None:
    code = (
        "import sys, donkeylab.classroom; bad = [m for m in ('ipywidgets', 'anywidget', 'plotly', 'IPython', "
        "'donkeylab.widgets', 'donkeylab.apps') if m in sys.modules]; print(bad); sys.exit(bool(bad))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_class_sentence_is_in_both_languages_with_the_same_placeholders() -> None:
    import string

    import donkeylab.apps  # noqa: F401  (registers the class mode pages' words)

    def fields(text: str) -> set[str]:
        return {f for _, f, _, _ in string.Formatter().parse(text) if f}

    keys = [k for k in CATALOGUE.messages if k.startswith(("class/", "classmode/"))]
    assert len(keys) > 40
    for key in keys:
        msg = CATALOGUE.messages[key]
        assert msg.en.strip() and msg.de.strip(), key
        assert fields(msg.en) == fields(msg.de), key


def test_a_measured_answer_is_revealed_as_measured_and_an_exact_one_as_exact() -> None:
    """Lesson 5's answers come from 50,000 simulated pairs of games: a trial's teacher read "The exact answer:
    0.52 rounds" on the projector beside a page that says it is measured."""
    from donkeylab.classmode.words import answer_line
    from donkeylab.classroom.questions import question_specs

    for lesson, specs in ((name, question_specs(name)) for name in ("die_choice", "full_games")):
        for spec in specs.values():
            words = {lang: answer_line(spec, lang) for lang in ("en", "de")}
            measured = lesson == "full_games"
            assert spec.measured == measured
            assert words["en"].startswith("The answer, measured:" if measured else "The exact answer:"), words
            assert words["de"].startswith("Die Antwort, gemessen:" if measured else "Die exakte Antwort:"), words
