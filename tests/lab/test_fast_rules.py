"""Every fast path states which rules it covers, and those are real rule IDs of RULES.md."""

from __future__ import annotations

import re
from pathlib import Path

from donkeylab.lab.fast import FAST_PATHS

RULES = Path(__file__).resolve().parents[2] / "seeds" / "RULES.md"


def test_every_fast_path_names_real_rule_ids() -> None:
    known = set(re.findall(r"^\| ((?:DD|DN|ER)-[A-Z]+-\d) \|", RULES.read_text(encoding="utf-8"), flags=re.M))
    assert len(known) > 30
    for name, module in FAST_PATHS.items():
        covered = set(module.RULES_COVERED)
        assert covered, f"fast path {name} must state the rules it covers"
        assert covered <= known, f"fast path {name}: unknown rule IDs {sorted(covered - known)}"
