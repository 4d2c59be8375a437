"""One way to say a word (issue 36): every sentence a reader sees comes from the one catalogue, by one mechanism.

Read from the source, so a new module that goes its own way fails here before anyone opens its page:

- no module outside ``donkeylab/core/`` compares a language with "en" or "de" (that is how a literal text
  chosen by language starts) or holds a ``{"en": text, "de": text}`` table of its own: a sentence in two
  languages is a catalogue message, a word a term. The few comparisons that choose data, not text, are listed
  below with their reason;
- no module outside core reads ``CATALOGUE.messages[...]`` itself, and none writes its own
  ``say(key, lang, **data)`` around ``CATALOGUE.render`` or ``Say``: a module's ``say`` is a binding,
  ``core.say.texts(prefix, table)``, of the one primitive ``CATALOGUE.text`` (values as given; with
  ``terms=True`` seats and terms translated first, as ``Say``/``CATALOGUE.render`` do, which fill in by
  ``CATALOGUE.text`` too).
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from donkeylab.core import CATALOGUE
from donkeylab.core.messages import LANGUAGES, other_language
from donkeylab.core.say import texts

ROOT = Path(__file__).resolve().parents[1] / "donkeylab"

# (path under donkeylab/, line's code) -> why the comparison chooses data, not a text a reader sees
EXCUSED = {
    ("cli.py", 'args.lang != "en"'): "a usage check: 'worksheet all' writes both languages, so --lang is refused",
    ("rulebook/__init__.py", 'p.lang == "de"'): "a quoted passage's own language (a seed's)",
    ("rulebook/__init__.py", 'lang == "de"'): "German passages for a German reader when the rulebook has any",
    ("rulebook/__init__.py", 'p.lang != "de"'): "the English ones otherwise (or our labelled translation)",
}


def _is_language(node: ast.expr) -> bool:
    """``lang``, ``args.lang``, ``self.lang``, ``query_lang``...: an expression naming a language."""
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
    return "lang" in name.lower()


def _is_str(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _is_language_code(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value in LANGUAGES


def language_choices(path: Path) -> list[tuple[int, str]]:
    """(line, code) of every ``lang == "de"``-like comparison, ``match lang: case "de"`` and bilingual table."""
    source = path.read_text(encoding="utf-8")
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            eq = any(isinstance(op, (ast.Eq, ast.NotEq, ast.Is, ast.IsNot)) for op in node.ops)
            if eq and any(map(_is_language, sides)) and any(map(_is_language_code, sides)):
                found.append((node.lineno, ast.get_source_segment(source, node) or ""))
        elif isinstance(node, ast.Match) and _is_language(node.subject):
            for case in node.cases:
                if isinstance(case.pattern, ast.MatchValue) and _is_language_code(case.pattern.value):
                    found.append((case.pattern.lineno, f"case {case.pattern.value.value!r}"))  # type: ignore[attr-defined]
        elif isinstance(node, ast.Dict) and len(node.keys) >= 2:
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            texts_ = [v for v in node.values if isinstance(v, ast.JoinedStr) or _is_str(v)]
            if keys == set(LANGUAGES) and len(texts_) == len(node.values):
                found.append((node.lineno, "{" + ", ".join(map(repr, sorted(keys))) + ": text} table"))
    return sorted(found)


def catalogue_reads(path: Path) -> list[tuple[int, str]]:
    """(line, code) of every ``CATALOGUE.messages[...]`` (a module rendering catalogue text by itself) and every
    ``CATALOGUE.template(...)`` (a raw template: only for a front end that fills its placeholders itself)."""
    source = path.read_text(encoding="utf-8")
    found = []
    for node in ast.walk(ast.parse(source)):
        target = None
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute):
            target = node.value if node.value.attr == "messages" else None
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "template":
            target = node.func
        if target is not None and isinstance(target.value, ast.Name) and target.value.id == "CATALOGUE":
            found.append((node.lineno, ast.get_source_segment(source, node) or ""))
    return sorted(found)


def hand_bindings(path: Path) -> list[tuple[int, str]]:
    """(line, name) of every module-level ``def say(key, lang, **data)`` whose body only renders a catalogue text
    (``return CATALOGUE.render(...)``, ``CATALOGUE.text(...)`` or ``Say(...).get(lang)``): a binding made by hand."""
    found = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if not isinstance(node, ast.FunctionDef) or [a.arg for a in node.args.args[1:2]] != ["lang"]:
            continue
        body = [b for b in node.body if not (isinstance(b, ast.Expr) and _is_str(b.value))]
        if len(body) != 1 or not isinstance(body[0], ast.Return) or not isinstance(body[0].value, ast.Call):
            continue
        func = body[0].value.func
        if not isinstance(func, ast.Attribute):
            continue
        on_catalogue = isinstance(func.value, ast.Name) and func.value.id == "CATALOGUE"
        if (on_catalogue and func.attr in ("render", "text")) or (
            func.attr == "get" and isinstance(func.value, ast.Call)
        ):
            found.append((node.lineno, node.name))
    return found


def _outside_core() -> list[Path]:
    return [p for p in sorted(ROOT.rglob("*.py")) if p.relative_to(ROOT).parts[0] != "core"]


def test_no_module_outside_core_chooses_a_text_by_language() -> None:
    seen = set()
    bad = []
    for path in _outside_core():
        rel = path.relative_to(ROOT).as_posix()
        for line, code in language_choices(path):
            if (rel, code) in EXCUSED:
                seen.add((rel, code))
            else:
                bad.append(f"{rel}:{line}: {code}")
    assert not bad, f"a text chosen by language belongs in the catalogue (a message or a term): {bad}"
    assert seen == set(EXCUSED), f"excused comparisons that are gone (drop them from EXCUSED): {set(EXCUSED) - seen}"


def test_no_module_outside_core_renders_catalogue_text_itself() -> None:
    allowed = {"widgets/words.py"}  # the front ends' words: templates travel with their placeholders left in
    bad = [
        f"{path.relative_to(ROOT).as_posix()}:{line}: {code}"
        for path in _outside_core()
        if path.relative_to(ROOT).as_posix() not in allowed
        for line, code in catalogue_reads(path)
    ]
    assert not bad, f"bind core.say.texts (values as given) or core.say.words (Say) instead: {bad}"


def test_say_helpers_are_bound_not_written_by_hand() -> None:
    bad = [
        f"{path.relative_to(ROOT).as_posix()}:{line}: {name}"
        for path in _outside_core()
        for line, name in hand_bindings(path)
    ]
    assert not bad, f"bind core.say.texts (terms=True: rendered as Say renders) instead of writing it again: {bad}"


def test_the_checks_can_fail(tmp_path: Path) -> None:
    module = tmp_path / "x.py"
    module.write_text(
        "from donkeylab.core import CATALOGUE\n"
        "def hello(lang):\n"
        "    return 'Hallo' if lang == 'de' else 'Hello'\n"
        "def bye(self):\n"
        "    if 'en' != self.lang:\n"
        "        return 'Tschüss'\n"
        "    match lang:\n"
        "        case 'de':\n"
        "            pass\n"
        "WORDS = {'en': 'yes', 'de': f'ja'}\n"
        "def say(key, lang):\n"
        "    return CATALOGUE.messages[key].get(lang).format()\n"
    )
    assert [line for line, _ in language_choices(module)] == [3, 5, 8, 10]
    assert [line for line, _ in catalogue_reads(module)] == [12]
    helpers = tmp_path / "z.py"
    helpers.write_text(
        "def say(key, lang, **data):\n"
        "    'A sentence.'\n"
        "    return CATALOGUE.render(f'x/{key}', data, lang)\n"
        "def _say(key, lang):\n"
        "    return _words(key).get(lang)\n"
        "def word(key, lang):\n"
        "    return CATALOGUE.render(key, {}, lang) if key in CATALOGUE.messages else key\n"
    )
    assert hand_bindings(helpers) == [(1, "say"), (4, "_say")]
    data = tmp_path / "y.py"
    data.write_text("ok = lang in ('en', 'de')\nother = other_language(lang)\nSEP = {'en': 1, 'de': 2}\n")
    assert language_choices(data) == [], "validating a language or a table of data is no text choice"


# The modules' ``say(key, lang, **data)`` helpers: each a binding of ``core.say.texts`` (values as given, or with
# ``terms=True`` as ``Say`` renders them).
BOUND = [
    ("donkeylab.lab.figure_words", "say"),
    ("donkeylab.lab.question_figures", "text"),
    ("donkeylab.double_donkey.questions", "say"),
    ("donkeylab.double_down.questions", "say"),
    ("donkeylab.esels_rennen.questions", "say"),
    ("donkeylab.lessons.full_games_questions", "say"),
    ("donkeylab.lessons.dd_what_if_figure", "_say"),
    ("donkeylab.site.page", "say"),
    ("donkeylab.classmode.words", "say"),
    ("donkeylab.lessons.dd_flips", "say"),
    ("donkeylab.lessons.dd_what_if", "say"),
    ("donkeylab.lessons.worksheets", "_t"),
    ("donkeylab.widgets.answer", "say"),
    ("donkeylab.widgets.explainer", "_say"),
    ("donkeylab.widgets.guard", "say"),
    ("donkeylab.widgets.liveplot", "_say"),
    ("donkeylab.widgets.messages", "say"),
]


@pytest.mark.parametrize(("module", "name"), BOUND)
def test_say_helpers_are_bindings_of_the_one_primitive(module: str, name: str) -> None:
    helper = getattr(importlib.import_module(module), name)
    assert helper.__qualname__ == texts("").__qualname__, f"{module}.{name} renders catalogue text by itself"


def test_texts_fills_in_values_as_given_and_render_translates_them() -> None:
    """``choose {colour}`` with "red", a term: ``texts`` keeps the caller's word, ``render`` translates it."""
    import donkeylab.esels_rennen  # noqa: F401  (registers the colour terms)
    from donkeylab.lab.figure_words import say

    assert say("choose", "de", colour="red") == CATALOGUE.text("figure/choose", "de", colour="red") == "red wählen"
    assert CATALOGUE.render("figure/choose", {"colour": "red"}, "de") == "rot wählen"
    assert say("sim_bar", "en", name="x", n="2,000") == "x (n=2,000, 95% interval)"
    with pytest.raises(KeyError, match="no message"):
        say("no such figure word", "en")
    with pytest.raises(ValueError, match="unknown language"):
        say("choose", "fr", colour="red")


def test_a_page_switches_to_the_other_language() -> None:
    assert [other_language(lang) for lang in (*LANGUAGES, "fr")] == ["de", "en", "en"]
