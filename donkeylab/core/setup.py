"""The ``rules`` argument of ``new_game``: one check, shared by the three engines (and any game built on core).

``new_game(players, rules)`` takes the game's own ``Rules``, ``None`` for the defaults, or a mapping of option
names to values, read exactly as ``GameInfo.rules`` and a save's ``"rules"`` field are (``rules_from_dict``:
an unknown option or a wrong value is named). Anything else (a string, a number, another game's ``Rules``)
is refused. Every refusal is an ``IllegalAction`` under the game's setup rule, the same error as a bad player
count, so a caller catches one error for a bad set-up and never meets an ``AttributeError`` later.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from donkeylab.core.errors import IllegalAction, LoadError, clip, quote
from donkeylab.core.jsonio import rules_from_dict
from donkeylab.core.messages import CATALOGUE

R = TypeVar("R")

CATALOGUE.add(
    "core/rules",
    "The rules of {game} are a {expected} or a mapping of option names to values, not {value} (of type {kind}).",
    "Die Regeln von {game} sind ein {expected} oder ein Mapping von Optionsnamen auf Werte, "
    "nicht {value} (vom Typ {kind}).",
)
CATALOGUE.add(
    "core/rules-option",
    "The rules of {game} cannot be built from this mapping: {problem}",
    "Die Regeln von {game} lassen sich aus diesem Mapping nicht bauen: {problem}",
)


def check_rules(cls: type[R], rules: object, *, game: str, rule: str, default: R | None = None) -> R:
    """``rules`` as a ``cls``: itself if it is one, ``default`` (or ``cls()``) for ``None``, ``cls`` built from a
    mapping; otherwise ``IllegalAction`` under ``rule`` (the game's setup rule) with a sentence saying why."""
    if isinstance(rules, cls):
        return rules
    if rules is None:
        return cls() if default is None else default
    if isinstance(rules, Mapping):
        build: Callable[..., R] = cls
        try:
            return rules_from_dict(build, rules)
        except LoadError as exc:
            raise IllegalAction.of(rule, "core/rules-option", {"game": game, "problem": clip(str(exc))}) from None
    data = {
        "game": game,
        "expected": _type_name(cls),
        "value": _short(quote(rules)),
        "kind": clip(_type_name(type(rules)), 60),
    }
    raise IllegalAction.of(rule, "core/rules", data)


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _type_name(kind: type) -> str:
    """``str``, ``double_down.Rules`` (a game's class by its package), ``tests.toy_game.Rules``."""
    module = str(getattr(kind, "__module__", "") or "")
    if module == "builtins":
        return kind.__qualname__
    if module.startswith("donkeylab."):
        module = module.split(".")[1]
    return f"{module}.{kind.__qualname__}"
