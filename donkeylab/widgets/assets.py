"""Where the front-end files live: the checkout's top-level ``widgets/`` or the wheel's ``static/`` copy.

In an editable install (what ``make app`` and ``make test`` use) hatchling's force-include does not apply,
so the ESM/CSS are read from the source tree; a built wheel carries them as ``donkeylab/widgets/static``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PLACES = (Path(__file__).parent / "static", Path(__file__).resolve().parents[2] / "widgets")


def asset(name: str) -> Path:
    """The path of front-end file ``name`` (e.g. ``"stepper.js"``)."""
    for folder in _PLACES:
        path = folder / name
        if path.is_file():
            return path
    raise FileNotFoundError(f"widget asset {name!r} is in neither {_PLACES[0]} nor {_PLACES[1]}")


@cache
def text(*names: str) -> str:
    """The files ``names`` joined into one text: views share ``common.js`` helpers without a JS build."""
    return "\n".join(asset(n).read_text(encoding="utf-8") for n in names)
