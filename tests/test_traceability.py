"""The traceability table in seeds/README.md can never lie: every cell it fills must point at real code."""

from __future__ import annotations

import ast
import importlib
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULE_IDS = re.findall(r"^\| ((?:DD|ER|DN)-[A-Z]+-\d+) \|", (ROOT / "seeds/RULES.md").read_text(), re.M)
EMPTY = {"—", "-", ""}


def table_rows() -> dict[str, list[str]]:
    rows: dict[str, list[str]] = {}
    for line in (ROOT / "seeds/README.md").read_text().splitlines():
        cells = [c.strip().strip("`") for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and re.fullmatch(r"(DD|ER|DN)-[A-Z]+-\d+", cells[0]):
            assert cells[0] not in rows, f"rule {cells[0]} has two rows"
            rows[cells[0]] = cells[1:]
    return rows


ROWS = table_rows()


def slug(rule: str) -> str:
    return rule.lower().replace("-", "_")


def resolve(ref: str) -> object:
    module_name, _, qualname = ref.partition(":")
    obj: object = importlib.import_module(module_name)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    return obj


def defined_tests(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    return {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name.startswith("test")}


def test_rules_md_is_parsed() -> None:
    assert len(RULE_IDS) == 39, RULE_IDS


@pytest.mark.parametrize("rule", RULE_IDS)
def test_every_rule_has_a_row(rule: str) -> None:
    assert rule in ROWS, f"{rule} has no row in seeds/README.md"


@pytest.mark.parametrize("rule", RULE_IDS)
def test_engine_cell_imports(rule: str) -> None:
    ref = ROWS[rule][0]
    assert ref not in EMPTY, f"{rule}: no engine function named"
    assert ":" in ref, f"{rule}: write the function as module:qualified.name, not {ref!r}"
    assert callable(resolve(ref)), f"{rule}: {ref} is not callable"


@pytest.mark.parametrize("rule", RULE_IDS)
def test_test_cell_exists_and_is_named_after_rule(rule: str) -> None:
    refs = [r.strip() for r in ROWS[rule][1].split(",")]
    assert refs and refs[0] not in EMPTY, f"{rule}: no test named"
    for ref in refs:
        path, _, name = ref.partition("::")
        assert (ROOT / path).exists(), f"{rule}: {path} does not exist"
        assert name in defined_tests(ROOT / path), f"{rule}: {path} has no test {name}"
        assert slug(rule) in name, f"{rule}: test {name} is not named after the rule ({slug(rule)})"


@pytest.mark.parametrize("rule", RULE_IDS)
def test_notebook_cell_names_a_notebook_that_teaches_the_rule(rule: str) -> None:
    ref = ROWS[rule][2]
    assert ref not in EMPTY, f"{rule}: no notebook named"
    path, _, anchor = ref.partition("#")
    notebook = ROOT / path
    assert notebook.exists(), f"{rule}: notebook {path} does not exist"
    cells = json.loads(notebook.read_text())["cells"]
    assert any(rule in "".join(c["source"]) for c in cells), f"{rule}: {path} never mentions the rule"
    if anchor:
        assert any(c.get("id") == anchor for c in cells), f"{rule}: {path} has no cell with id {anchor!r}"
