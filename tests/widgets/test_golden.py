"""Golden widget playthroughs: a seeded Stepper shows, click by click, exactly what was recorded."""

from __future__ import annotations

import pytest

from tests.widgets.golden import CASES, golden_path, widget_playthrough_text


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_widget_playthrough(name: str) -> None:
    path = golden_path(name)
    assert path.exists(), f"{path} missing: run python -m tests.widgets.golden {name}"
    got = widget_playthrough_text(*CASES[name]).splitlines()
    want = path.read_text(encoding="utf-8").splitlines()
    for i, (g, w) in enumerate(zip(got, want, strict=False), start=1):
        assert g == w, f"{path.name} line {i} differs:\n got: {g[:400]}\nwant: {w[:400]}"
    assert len(got) == len(want), f"{path.name}: {len(got)} lines, golden file has {len(want)}"
