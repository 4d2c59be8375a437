"""The exact race odds of the packaged boards under the default rules, solved once and shipped as data.

Solving the default board's Markov chain (``exact``) takes seconds, longer in Pyodide, and every kernel that
shows the arrow-chains lesson would pay it: a pupil's page on a cold kernel, every visit of the
static site, every notebook run of the tests. The solution is a fact of the board and the rules, so it ships
beside the boards, in ``odds/<board>.json`` (a Fraction as ``{"fraction": "p/q"}``), and ``exact.race_odds`` reads it
when the board and the rules are exactly the packaged ones. Any other board or rule option is solved when
asked. ``tests/esels_rennen/test_odds_table.py`` solves again and compares, so a rule change cannot leave a
stale table; after one, ``python -m donkeylab.esels_rennen.exact`` rewrites the files.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

ODDS_DIR = Path(__file__).parent / "odds"


def read(board: str) -> dict[str, Any] | None:
    """The stored odds of packaged board ``board`` under the default rules (Fractions restored), if shipped."""
    path = ODDS_DIR / f"{board}.json"
    if not path.is_file():
        return None
    stored: dict[str, Any] = _decode(json.loads(path.read_text(encoding="utf-8")))
    return stored


def write(board: str, fields: dict[str, Any]) -> Path:
    """Store ``fields`` (a ``RaceOdds`` as a dict) for packaged board ``board``."""
    ODDS_DIR.mkdir(exist_ok=True)
    path = ODDS_DIR / f"{board}.json"
    path.write_text(json.dumps(_encode(fields), indent=1) + "\n", encoding="utf-8")
    return path


def _encode(value: Any) -> Any:
    if isinstance(value, Fraction):
        return {"fraction": f"{value.numerator}/{value.denominator}"}
    if isinstance(value, dict):
        return {k: _encode(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_encode(v) for v in value]
    return value


def _decode(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"fraction"}:
        return Fraction(value["fraction"])
    if isinstance(value, dict):
        return {k: _decode(v) for k, v in value.items()}
    if isinstance(value, list):
        return tuple(_decode(v) for v in value)
    return value
