"""Actions: frozen dataclasses whose ``str`` is a Python-literal call, so ``parse`` round-trips exactly.

``str(Choose("orange"))`` is ``Choose('orange')``; ``parse_action("Choose('orange')", CLASSES)`` rebuilds it
with ``ast.literal_eval`` on the arguments only, so a saved game can never execute code.

Every state that exists can be saved and loaded again: building an action normalises its fields to the
plain types its annotations name (a numpy string becomes a ``str``, a numpy integer an ``int``, a list or
``range`` a tuple), and the engines accept only exact values (``apply`` refuses anything else, e.g. numpy
items inside a tuple), so a history always prints as literals that ``parse_action`` reads back.
"""

from __future__ import annotations

import ast
import dataclasses
import operator
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from donkeylab.core.errors import LoadError, clip, quote

# An action text longer than this is refused before it is parsed (the longest real one, a deal of a large
# custom deck, is a few thousand characters); it keeps ``ast.parse`` away from hostile megabytes.
MAX_ACTION_CHARS = 20_000

Check = Callable[[Any], Any]


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base class: subclasses are ``@dataclass(frozen=True, slots=True)`` with literal-valued fields."""

    def __post_init__(self) -> None:
        """Normalise each field to the plain type its annotation names, when it is that in disguise (numpy's
        ``str_`` and integers, a list or ``range`` for a tuple); anything else is left for ``apply`` to refuse
        with the rule of the moment. A history thus always prints as literals that load again. Cheap: a type
        test per field (a tuple's items are not visited)."""
        checks = _CHECKS.get(type(self))
        if checks is None:
            checks = _CHECKS[type(self)] = _field_checks(type(self))
        for name, check in checks:
            value = getattr(self, name)
            if type(value) in _PLAIN:  # already a plain str, int or tuple: right, or for apply to refuse
                continue
            try:
                fixed = check(value)
            except _Malformed:
                continue
            object.__setattr__(self, name, fixed)

    def __str__(self) -> str:
        args = ", ".join(repr(getattr(self, f.name)) for f in dataclasses.fields(self))
        return f"{type(self).__name__}({args})"

    def quoted(self) -> str:
        """``str(self)`` with every field capped (see ``errors.quote``): for error messages."""
        args = ", ".join(quote(getattr(self, f.name)) for f in dataclasses.fields(self))
        return f"{type(self).__name__}({args})"


def quote_action(action: object) -> str:
    """An action, or anything passed as one, for an error message with every field capped: one spelling for
    every engine, because ``str`` of a hostile field (a 5,000-digit int) raises instead of printing."""
    return action.quoted() if isinstance(action, Action) else quote(action)


class _Malformed(Exception):
    """A field value that is not its annotated type in any disguise."""


_CHECKS: dict[type, tuple[tuple[str, Check], ...]] = {}
_PLAIN = frozenset({str, int, tuple})


def _field_checks(cls: type) -> tuple[tuple[str, Check], ...]:
    """Per field of ``cls``: its name and its normalising check (built once per class)."""
    hints = typing.get_type_hints(cls)
    return tuple((f.name, _check_for(hints[f.name])) for f in dataclasses.fields(cls))


def _check_for(hint: Any) -> Check:
    """The normalising check of one annotation: ``str``, ``int`` or a tuple (of anything)."""
    if hint is str:
        return _as_str
    if hint is int:
        return _as_int
    if typing.get_origin(hint) is tuple:
        return _as_tuple
    raise TypeError(f"action fields are str, int or tuples, not {hint!r}")


def _as_str(value: Any) -> str:
    if type(value) is str:
        return value
    if isinstance(value, str):  # numpy's str_ and other subclasses: the plain text they hold
        return str.__str__(value)
    raise _Malformed


def _as_int(value: Any) -> int:
    if type(value) is int:
        return value
    if isinstance(value, (bool, float)) or not hasattr(type(value), "__index__"):
        raise _Malformed
    try:  # numpy integers and other exact integer types
        return operator.index(value)
    except TypeError:
        raise _Malformed from None


def _as_tuple(value: Any) -> tuple[Any, ...]:
    """Only the container: its items are the engine's to check (every hot-path action is built from a tuple
    of plain values, and checking 56 card ids on every deal would cost a rollout several per cent)."""
    if type(value) is tuple:
        return value
    if isinstance(value, (tuple, list, range)):
        return tuple(value)
    raise _Malformed


def action_table(classes: Iterable[type[Action]]) -> dict[str, type[Action]]:
    return {cls.__name__: cls for cls in classes}


def parse_action(text: str, classes: Mapping[str, type[Action]]) -> Action:
    """Parse ``Name(arg, ...)`` back into an action; any other shape raises ``LoadError`` (never another error)."""
    if not isinstance(text, str):
        raise LoadError(f'an action is a text such as "Pass()", not {type(text).__name__}')
    if len(text) > MAX_ACTION_CHARS:
        raise LoadError(f"action text of {len(text)} characters; the limit is {MAX_ACTION_CHARS}")
    try:
        node = ast.parse(text.strip(), mode="eval").body
    except SyntaxError as exc:
        raise LoadError(f"cannot parse action {quote(text)}: {clip(str(exc.msg))}") from None
    except (ValueError, RecursionError, MemoryError) as exc:  # lone surrogates, nesting too deep
        raise LoadError(f"cannot parse action {quote(text)}: {type(exc).__name__}") from None
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.keywords):
        raise LoadError(f"cannot parse action {quote(text)}: expected Name(arguments)")
    cls = classes.get(node.func.id)
    if cls is None:
        raise LoadError(f"unknown action {quote(node.func.id)}; known: {', '.join(sorted(classes))}")
    try:
        args: list[Any] = [_freeze(ast.literal_eval(a)) for a in node.args]
        return cls(*args)
    except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError) as exc:
        raise LoadError(f"bad arguments in action {quote(text)}: {clip(str(exc))}") from None


def _freeze(value: Any) -> Any:
    """Lists from hand-written JSON become tuples, so actions stay hashable."""
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return value
