"""The front-end files resolve in the editable install (``make app`` / ``make test``): the ESM/CSS come from the
checkout's ``widgets/``. A wheel carries them as ``donkeylab/widgets/static``; that a wheel installed into a fresh
venv finds them is checked with the wheel a school installs, in ``tests/serving/test_wheel.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from donkeylab.widgets import assets

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(p.name for p in (ROOT / "widgets").iterdir() if p.suffix in (".js", ".css"))


def test_assets_resolve_in_the_editable_install() -> None:
    for name in FILES:
        assert assets.asset(name).read_text(encoding="utf-8").strip(), name
    with pytest.raises(FileNotFoundError, match=r"nope\.js"):
        assets.asset("nope.js")
