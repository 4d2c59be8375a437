"""Running the ``donkeylab`` command in-process the way a shell would, for the hostile-input tests."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from donkeylab.cli import main


def run(args: Sequence[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``donkeylab ARGS`` (argparse's own exits included)."""
    capsys.readouterr()
    try:
        code = main(list(args))
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 2
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line(code: int, err: str, expected: int) -> None:
    """The CLI's error promise: the expected exit code, and one line on stderr naming what was wrong."""
    assert code == expected, f"exit {code}, wanted {expected}: {err}"
    assert "Traceback" not in err and err.endswith("\n") and err.count("\n") == 1, err
    assert len(err) <= 600, err
