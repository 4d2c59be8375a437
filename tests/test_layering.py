"""The layers of ARCHITECTURE.md, checked on every import statement of the package (inside functions too).

``tests/lab/test_layering.py`` checks what importing the lab and the CLI pulls in at run time; this file reads
the source, so a rule broken by an import deep inside a function fails here as well:

- core imports only the standard library (``core/fastchunks.py``, the games' fast paths' numpy plumbing, numpy too);
- an engine (``double_donkey``, ``double_down``, ``esels_rennen``) imports core, numpy and itself — never
  another engine, ``games``, the lab, the widgets or the apps;
- ``games``, ``bot_specs`` and ``rulebook`` import core and the engines; ``links`` (a page link's format, beside
  ``games``) imports core and ``games`` only;
- the lab never imports the widgets, the apps or a widget library;
- the widgets never import the apps;
- the class store (``classroom``) imports core, itself and its database drivers — no UI library, no lab;
- the static site's builder (``site``) sits beside the CLI: it may import the apps, never the CLI;
- **the apps' rule**: an app module imports the apps, the widgets, the lab, ``games``, core, and an engine only
  through its public face — the package itself (``from donkeylab.double_down import KINDS``) or its ``bots``
  and ``exact`` modules — never an engine's internal modules (``cards``, ``deck``, ``state``, ``view`` ...).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "donkeylab"
ENGINES = ("double_donkey", "double_down", "esels_rennen")
ENGINE_PUBLIC = ("bots", "exact", "questions")


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import in ``path``; ``from x import y`` gives ``x.y`` too (y may be a module)."""
    out: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append((node.lineno, node.module))
            out += [(node.lineno, f"{node.module}.{a.name}") for a in node.names if a.name != "*"]
    return out


def layer(path: Path) -> str:
    rel = path.relative_to(ROOT).parts
    if rel[0] in ENGINES:
        return "engine"
    if rel[0] in ("core", "lab", "widgets", "apps", "rulebook", "classroom", "site"):
        return rel[0]
    top = {"games.py": "games", "bot_specs.py": "games", "links.py": "games", "cli.py": "cli", "__init__.py": "root"}
    return top[rel[0]]


def allowed(path: Path, module: str) -> bool:
    """Whether a module of ``path``'s layer may import ``module`` (the rules of the docstring)."""
    own = layer(path)
    top = module.split(".")[0]
    if top != "donkeylab":
        if own == "core":  # and numpy in the one plumbing module of the games' fast paths
            return top in sys.stdlib_module_names or (top == "numpy" and path.name == "fastchunks.py")
        if own in ("engine", "games", "rulebook"):
            return top in sys.stdlib_module_names or top == "numpy"
        if own == "lab":
            return top not in ("ipywidgets", "anywidget", "IPython", "traitlets")
        if own == "classroom":
            return top not in ("ipywidgets", "anywidget", "IPython", "traitlets", "plotly")
        return True
    parts = module.split(".")[1:]
    if not parts:
        return True
    target = parts[0]
    if own == "core":
        return target == "core"
    if own == "engine":
        return target == "core" or target == path.relative_to(ROOT).parts[0]
    if path == ROOT / "links.py":
        return target in ("core", "games")
    if own in ("games", "rulebook"):
        return target in ("core", "games", "bot_specs", "rulebook", *ENGINES)
    if own == "lab":
        return target not in ("widgets", "apps", "cli")
    if own == "widgets":
        return target not in ("apps", "cli")
    if own == "classroom":
        return target in ("core", "classroom")
    if own == "site":
        return target != "cli"
    if own == "apps":
        if target in ENGINES:
            return len(parts) == 1 or parts[1] in ENGINE_PUBLIC
        return target != "cli"
    return True


SOURCES = sorted(ROOT.rglob("*.py"))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_import_keeps_the_layers(path: Path) -> None:
    bad = [f"line {n}: {m}" for n, m in imports(path) if not allowed(path, m) and not _is_name(m)]
    assert not bad, f"{path.relative_to(ROOT)} ({layer(path)}) imports across its layer: {bad}"


def _is_name(module: str) -> bool:
    """``from donkeylab.double_down import KINDS`` yields ``donkeylab.double_down.KINDS``: a name, not a module."""
    where = ROOT.parent / module.replace(".", "/")
    return module.startswith("donkeylab.") and not where.with_suffix(".py").exists() and not where.is_dir()


def test_the_rule_can_fail(tmp_path: Path) -> None:
    """An app importing an engine's internal module, and an engine importing the lab, are refused."""
    lesson = ROOT / "apps" / "lessons" / "x.py"
    engine = ROOT / "double_down" / "x.py"
    assert not allowed(lesson, "donkeylab.double_donkey.cards") and not allowed(lesson, "donkeylab.double_down.deck")
    assert allowed(lesson, "donkeylab.double_down") and allowed(lesson, "donkeylab.double_donkey.bots")
    assert not allowed(engine, "donkeylab.lab.stats") and not allowed(engine, "donkeylab.esels_rennen")
    assert not allowed(ROOT / "core" / "x.py", "numpy") and not allowed(ROOT / "lab" / "x.py", "ipywidgets")
    assert not allowed(ROOT / "widgets" / "x.py", "donkeylab.apps.query")
    links = ROOT / "links.py"  # the games layer's link format: core and ``games``, never the lab or an engine
    assert layer(links) == "games" and allowed(links, "donkeylab.games") and allowed(links, "donkeylab.core.bounds")
    assert not allowed(links, "donkeylab.lab.stats") and not allowed(links, "donkeylab.double_down")
    assert not allowed(ROOT / "classroom" / "x.py", "donkeylab.widgets") and not allowed(
        ROOT / "classroom" / "x.py", "ipywidgets"
    )


def test_the_lesson_framework_and_the_page_import_one_way() -> None:
    """``framework`` builds a lesson from its spec and hands it to ``page``, which draws it: the page never imports
    the framework back (issue 36: the two imported each other, inside functions)."""
    page = ROOT / "apps" / "lessons" / "page.py"
    assert not [m for _, m in imports(page) if m.startswith("donkeylab.apps.lessons.framework")]
