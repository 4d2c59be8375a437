"""Versioned JSON saves: rules + players + setup + the action history *is* the game.

Loading replays the history through ``apply``, so a tampered file can never produce a state the rules do
not allow; every problem surfaces as one ``LoadError`` that says where (field or step) and why.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar

from donkeylab.core.actions import Action
from donkeylab.core.errors import DonkeylabError, LoadError

SCHEMA_VERSION = 1
MAX_SAVE_BYTES = 5_000_000

R = TypeVar("R")


class GameModule(Protocol):
    """What a game package offers to the loader (and to the registry in ``donkeylab.games``)."""

    NAME: str

    def new_game(self, players: int, rules: Any = ..., **setup: Any) -> Any: ...
    def parse_action(self, text: str) -> Action: ...

    @property
    def Rules(self) -> Any: ...


def dump_state(state: Any) -> str:
    doc = {
        "schema": SCHEMA_VERSION,
        "game": state.game,
        "players": state.num_players,
        "rules": state.rules.to_dict(),
        "setup": dict(state.setup),
        "history": [str(a) for a in state.history],
    }
    return json.dumps(doc, indent=1, sort_keys=False)


def read_document(text: str | bytes) -> dict[str, Any]:
    """Parse and check the envelope of a save (size, JSON, schema version, field types)."""
    if len(text) > MAX_SAVE_BYTES:
        raise LoadError(f"save is {len(text)} bytes; the limit is {MAX_SAVE_BYTES}")
    try:
        doc = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise LoadError(f"not valid JSON: {exc}") from None
    if not isinstance(doc, dict):
        raise LoadError("a save must be a JSON object")
    if doc.get("schema") != SCHEMA_VERSION:
        raise LoadError(f"unknown schema version {doc.get('schema')!r}; this donkeylab reads {SCHEMA_VERSION}")
    expected: dict[str, type | tuple[type, ...]] = {
        "game": str,
        "players": int,
        "rules": dict,
        "setup": dict,
        "history": list,
    }
    for key, typ in expected.items():
        if key not in doc:
            raise LoadError(f"missing field {key!r}")
        if not isinstance(doc[key], typ) or isinstance(doc[key], bool):
            raise LoadError(f"field {key!r} has the wrong type ({type(doc[key]).__name__})")
    if not all(isinstance(a, str) for a in doc["history"]):
        raise LoadError("field 'history' must be a list of action strings")
    return doc


def load_state(text: str | bytes, module: GameModule) -> Any:
    """Rebuild a state from ``dump_state`` output by replaying its history with ``module``'s rules."""
    doc = read_document(text)
    if doc["game"] != module.NAME:
        raise LoadError(f"this save is for {doc['game']!r}, not {module.NAME!r}")
    rules = rules_from_dict(module.Rules, doc["rules"])
    try:
        state = module.new_game(doc["players"], rules, **doc["setup"])
    except TypeError as exc:
        raise LoadError(f"bad setup: {exc}") from None
    except DonkeylabError as exc:
        raise LoadError(f"bad setup: {exc}") from None
    for step, text_action in enumerate(doc["history"], start=1):
        action = module.parse_action(text_action)
        try:
            state = state.apply(action)
        except DonkeylabError as exc:
            raise LoadError(f"history step {step} ({text_action}) is illegal: {exc}") from None
    return state


def rules_from_dict(cls: Callable[..., R], data: Mapping[str, Any]) -> R:
    """Build a frozen rules dataclass from a dict, checking names and (simple) types strictly."""
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls!r} is not a dataclass")
    hints = typing.get_type_hints(cls)
    fields = {f.name for f in dataclasses.fields(cls)}
    unknown = set(data) - fields
    if unknown:
        raise LoadError(f"unknown rule option(s) {sorted(unknown)}; known: {sorted(fields)}")
    for key, value in data.items():
        if not _matches(value, hints[key]):
            raise LoadError(f"rule option {key!r} has the wrong type: {value!r}")
    try:
        return cls(**{k: _thaw(v) for k, v in data.items()})  # type: ignore[return-value]
    except (ValueError, TypeError) as exc:
        raise LoadError(f"bad rules: {exc}") from None


def rules_to_dict(rules: Any) -> dict[str, Any]:
    return {f.name: _jsonable(getattr(rules, f.name)) for f in dataclasses.fields(rules)}


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_thaw(v) for v in value)
    return value


def _matches(value: Any, hint: Any) -> bool:
    """A small structural type check for the literal types rules use (bool/int/str/Literal/tuples/None)."""
    origin = typing.get_origin(hint)
    if hint is Any:
        return True
    if origin is typing.Literal:
        return value in typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_matches(value, h) for h in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, (list, tuple)):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_matches(v, args[0]) for v in value)
        return len(value) == len(args) and all(_matches(v, a) for v, a in zip(value, args, strict=True))
    return isinstance(value, hint) if isinstance(hint, type) else True
