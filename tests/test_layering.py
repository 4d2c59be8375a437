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
- the pages' layers, bottom to top: ``pages`` (what every page is built from: links, the registry, number
  words, the guess's words) ← ``lessons`` and ``classmode`` side by side (neither imports the other: the apps
  compose a lesson page with its class) ← ``apps`` (the pages and the gallery) ← ``server`` (serving them);
  none of them imports the CLI or the static site's builder;
- the static site's builder (``site``) sits beside the CLI: it may import the apps, never the CLI;
- **the engines' public face**: a page module imports an engine only through the package itself
  (``from donkeylab.double_down import KINDS``) or its ``bots``, ``exact`` and ``questions`` modules — never an
  engine's internal modules (``cards``, ``deck``, ``state``, ``view`` ...);
- no import circle anywhere in the package (``test_no_import_circle``).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "donkeylab"
ENGINES = ("double_donkey", "double_down", "esels_rennen")
ENGINE_PUBLIC = ("bots", "exact", "questions")
PAGE_LAYERS = ("pages", "lessons", "classmode", "apps", "server")  # bottom to top (lessons and classmode side by side)
ABOVE = {  # what a page layer never imports: the layers above it (and its sibling)
    "pages": ("lessons", "classmode", "apps", "server"),
    "lessons": ("classmode", "apps", "server"),
    "classmode": ("lessons", "apps", "server"),
    "apps": ("server",),
    "server": (),
}


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
    if rel[0] in ("core", "lab", "widgets", "rulebook", "classroom", "site", *PAGE_LAYERS):
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
        return target not in ("widgets", "cli", "site", *PAGE_LAYERS)
    if own == "widgets":
        return target not in ("cli", "site", *PAGE_LAYERS)
    if own == "classroom":
        return target in ("core", "classroom")
    if own == "site":
        return target != "cli"
    if own in PAGE_LAYERS:
        if target in ENGINES:
            return len(parts) == 1 or parts[1] in ENGINE_PUBLIC
        return target not in ("cli", "site", *ABOVE[own])
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
    lesson = ROOT / "lessons" / "x.py"
    engine = ROOT / "double_down" / "x.py"
    assert not allowed(lesson, "donkeylab.double_donkey.cards") and not allowed(lesson, "donkeylab.double_down.deck")
    assert allowed(lesson, "donkeylab.double_down") and allowed(lesson, "donkeylab.double_donkey.bots")
    assert not allowed(engine, "donkeylab.lab.stats") and not allowed(engine, "donkeylab.esels_rennen")
    assert not allowed(ROOT / "core" / "x.py", "numpy") and not allowed(ROOT / "lab" / "x.py", "ipywidgets")
    assert not allowed(ROOT / "widgets" / "x.py", "donkeylab.pages.query")
    assert not allowed(lesson, "donkeylab.classmode.pupil") and not allowed(
        ROOT / "classmode" / "x.py", "donkeylab.lessons"
    )
    assert not allowed(ROOT / "pages" / "x.py", "donkeylab.apps") and not allowed(
        ROOT / "apps" / "x.py", "donkeylab.server"
    )
    assert allowed(ROOT / "server" / "x.py", "donkeylab.apps.gallery") and allowed(lesson, "donkeylab.pages.words")
    links = ROOT / "links.py"  # the games layer's link format: core and ``games``, never the lab or an engine
    assert layer(links) == "games" and allowed(links, "donkeylab.games") and allowed(links, "donkeylab.core.bounds")
    assert not allowed(links, "donkeylab.lab.stats") and not allowed(links, "donkeylab.double_down")
    assert not allowed(ROOT / "classroom" / "x.py", "donkeylab.widgets") and not allowed(
        ROOT / "classroom" / "x.py", "ipywidgets"
    )


def test_the_lesson_framework_and_the_page_import_one_way() -> None:
    """``framework`` builds a lesson from its spec and hands it to ``page``, which draws it: the page never imports
    the framework back (issue 36: the two imported each other, inside functions)."""
    page = ROOT / "lessons" / "page.py"
    assert not [m for _, m in imports(page) if m.startswith("donkeylab.lessons.framework")]


def module_of(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Module → the package's modules it imports (inside functions too). ``from pkg import mod`` is an edge to
    ``pkg.mod`` only: a package's ``__init__`` is not what a module of it depends on."""
    known = {module_of(p) for p in SOURCES}
    graph: dict[str, set[str]] = {}
    for path in SOURCES:
        found = {m for _, m in imports(path) if m in known}
        graph[module_of(path)] = {m for m in found if not any(o.startswith(m + ".") for o in found)} - {module_of(path)}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    top = stack.pop()
                    on.discard(top)
                    group.append(top)
                    if top == node:
                        break
                if len(group) > 1:
                    out.append(sorted(group))
    return out


def test_no_import_circle() -> None:
    """No module of the package imports, through any chain, a module that imports it back: each folder can be
    read from the bottom up."""
    assert circles(import_graph()) == []


def test_a_circle_is_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]
