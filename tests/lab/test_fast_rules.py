"""Every fast path (a game's ``fast_*.py``, numpy) and its pure twin state which rules they cover, and those are
real rule IDs of RULES.md."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "donkeylab"
FAST_PATHS = {
    f"{p.parent.name}.{p.stem}": importlib.import_module(f"donkeylab.{p.parent.name}.{p.stem}")
    for p in sorted(PACKAGE.glob("*/fast_*.py")) + sorted(PACKAGE.glob("*/pure.py"))
}

RULES = Path(__file__).resolve().parents[2] / "seeds" / "RULES.md"


def test_every_fast_path_names_real_rule_ids() -> None:
    known = set(re.findall(r"^\| ((?:DD|DN|ER)-[A-Z]+-\d) \|", RULES.read_text(encoding="utf-8"), flags=re.M))
    assert len(known) > 30 and len(FAST_PATHS) == 7
    for name, module in FAST_PATHS.items():
        covered = set(module.RULES_COVERED)
        assert covered, f"fast path {name} must state the rules it covers"
        assert covered <= known, f"fast path {name}: unknown rule IDs {sorted(covered - known)}"
