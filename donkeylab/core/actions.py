"""Actions: frozen dataclasses whose ``str`` is a Python-literal call, so ``parse`` round-trips exactly.

``str(Choose("orange"))`` is ``Choose('orange')``; ``parse_action("Choose('orange')", CLASSES)`` rebuilds it
with ``ast.literal_eval`` on the arguments only, so a saved game can never execute code.
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from donkeylab.core.errors import LoadError


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base class: subclasses are ``@dataclass(frozen=True, slots=True)`` with literal-valued fields."""

    def __str__(self) -> str:
        args = ", ".join(repr(getattr(self, f.name)) for f in dataclasses.fields(self))
        return f"{type(self).__name__}({args})"


def action_table(classes: Iterable[type[Action]]) -> dict[str, type[Action]]:
    return {cls.__name__: cls for cls in classes}


def parse_action(text: str, classes: Mapping[str, type[Action]]) -> Action:
    """Parse ``Name(arg, ...)`` back into an action; any other shape raises ``LoadError``."""
    try:
        node = ast.parse(text.strip(), mode="eval").body
    except SyntaxError as exc:
        raise LoadError(f"cannot parse action {text!r}: {exc.msg}") from None
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.keywords):
        raise LoadError(f"cannot parse action {text!r}: expected Name(arguments)")
    cls = classes.get(node.func.id)
    if cls is None:
        raise LoadError(f"unknown action {node.func.id!r}; known: {', '.join(sorted(classes))}")
    try:
        args: list[Any] = [_freeze(ast.literal_eval(a)) for a in node.args]
        return cls(*args)
    except (ValueError, TypeError, SyntaxError, RecursionError) as exc:
        raise LoadError(f"bad arguments in action {text!r}: {exc}") from None


def _freeze(value: Any) -> Any:
    """Lists from hand-written JSON become tuples, so actions stay hashable."""
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return value
