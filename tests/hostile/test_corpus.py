"""The corpus of hand-written hostile inputs (``tests/data/hostile/``): every case gives exactly the error
``cases.json`` names for it (class, rule, a phrase of the message), or the CLI exit code and one line."""

from __future__ import annotations

import re

import pytest

from tests.hostile.corpus import CORPUS, Case, cases, run_case

CASES = cases()


def test_every_corpus_file_has_a_case() -> None:
    named = {c.spec["file"] for c in CASES if c.spec.get("file")}
    files = {str(p.relative_to(CORPUS)) for p in CORPUS.glob("*/*") if p.is_file()}
    assert files == named, (
        f"files without a case: {sorted(files - named)}; cases without a file: {sorted(named - files)}"
    )


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_hostile_input_gives_its_documented_error(case: Case) -> None:
    outcome = run_case(case)
    if case.loader == "cli":
        assert outcome.exit == case.spec["exit"], outcome
        assert outcome.message.count("\n") == 1 and "Traceback" not in outcome.message, outcome.message
    else:
        assert outcome.error == case.expected, outcome
    if case.expected != "accepted":
        assert re.search(case.spec["match"], outcome.message), outcome.message
        assert len(outcome.message) <= 2_100, "an error message quotes only a capped part of the input"
    if "rule" in case.spec:
        assert outcome.message.startswith(case.spec["rule"] + ":"), outcome.message
