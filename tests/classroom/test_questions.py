"""Class mode's question table against the lab and the lessons it stands for, and its layer."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import pytest

from donkeylab.classroom import lessons, outcome_name, question_specs
from donkeylab.lab import questions as lab


@pytest.mark.parametrize("lesson", lessons())
def test_every_question_pools_a_lab_question_with_its_outcomes(lesson: str) -> None:
    for spec in question_specs(lesson).values():
        question = lab.get(spec.lab)
        assert spec.batch == question.max_batch
        exact = question.exact(dict(spec.params))
        names = {outcome_name(key) for key in exact}
        assert set(spec.hit) <= names, (spec.hit, sorted(names)[:10])
        assert spec.low < spec.high
        if spec.whole:
            assert len(spec.choices) == spec.high - spec.low + 1


def test_the_exact_answers_are_the_lessons() -> None:
    from donkeylab.double_donkey import exact as dd_exact
    from donkeylab.double_down import exact as dn_exact

    risk = dn_exact.next_card_risk(70)
    assert question_specs("doublet_penalties")["token_risk"].exact == float(risk["doublet"] + risk["bust"])
    assert question_specs("die_choice")["free_choice"].exact == float(dd_exact.p_free_choice(4, range(1, 3)))
    assert float(Fraction(1, 81)) == question_specs("die_choice")["free_choice"].exact
    spec = question_specs("angry_flips")["flip_seven"]
    before = dd_exact.card_value_distribution(("light_blue", "orange"), (), "random")[7]
    after = dd_exact.card_value_distribution(("light_blue", "orange"), ("orange",), "random")[7]
    assert after < before and spec.choices[int(spec.exact)] == "less"  # the lesson's answer


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
    from donkeylab.core import CATALOGUE

    def fields(text: str) -> set[str]:
        return {f for _, f, _, _ in string.Formatter().parse(text) if f}

    keys = [k for k in CATALOGUE.messages if k.startswith(("class/", "classmode/"))]
    assert len(keys) > 40
    for key in keys:
        msg = CATALOGUE.messages[key]
        assert msg.en.strip() and msg.de.strip(), key
        assert fields(msg.en) == fields(msg.de), key
