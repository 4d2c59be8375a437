"""The README's Python example is executed, so the first thing a newcomer copies always works."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)


def test_readme_has_an_example() -> None:
    assert BLOCKS, "README.md lost its Python example"


@pytest.mark.parametrize("block", BLOCKS)
def test_readme_example_runs(block: str, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(block, str(README), "exec"), {"__name__": "readme"})
    assert capsys.readouterr().out.strip(), "the example prints what it shows"
