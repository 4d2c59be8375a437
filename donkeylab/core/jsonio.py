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
from pathlib import Path
from typing import Any, Protocol, TypeVar

from donkeylab.core.actions import Action
from donkeylab.core.errors import DonkeylabError, LoadError, clip, quote

SCHEMA_VERSION = 1
MAX_SAVE_BYTES = 5_000_000
# The longest random games have about 200 actions; loading replays every action (time and memory for each), so
# this cap bounds what the worst save costs to load.
MAX_HISTORY = 10_000
# JSON numbers in saves and boards are small (players, seats, coordinates): a longer one is refused before
# Python converts it (CPython itself refuses 4,300+ digits, with an error of the wrong kind).
MAX_NUMBER_CHARS = 30

R = TypeVar("R")


class GameModule(Protocol):
    """What a game package offers to the loader (and to the registry in ``donkeylab.games``)."""

    NAME: str

    def new_game(self, players: int, rules: Any = ..., **setup: Any) -> Any: ...
    def parse_action(self, text: str) -> Action: ...

    @property
    def Rules(self) -> Any: ...


def dump_state(state: Any) -> str:
    history = state.history
    if len(history) > MAX_HISTORY:
        raise LoadError(f"this game has {len(history)} actions; a save holds at most {MAX_HISTORY}")
    doc = {
        "schema": SCHEMA_VERSION,
        "game": state.game,
        "players": state.num_players,
        "rules": state.rules.to_dict(),
        "setup": dict(state.setup),
        "history": [str(a) for a in history],
    }
    return json.dumps(doc, indent=1, sort_keys=False)


class _Refused(ValueError):
    """Raised inside the JSON parser's hooks; ``strict_json`` turns it into the caller's error."""


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    doc = dict(pairs)
    if len(doc) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise _Refused(f"key {quote(twice)} appears twice in one object")
    return doc


def _small_int(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise _Refused(f"a number of {len(text)} digits; numbers here have at most {MAX_NUMBER_CHARS}")
    return int(text)


def _finite_float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise _Refused(f"a number of {len(text)} characters; numbers here have at most {MAX_NUMBER_CHARS}")
    return float(text)


def _no_constant(text: str) -> Any:
    raise _Refused(f"{text} is not a JSON number")


def strict_json(text: object, max_chars: int, what: str, error: type[LoadError] = LoadError) -> Any:
    """Parse untrusted JSON (a save, a board) or raise ``error``: text or UTF-8 bytes only, size-capped before
    parsing, no duplicate keys (JSON would silently keep the last), no NaN/Infinity, no huge numbers."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise error(f"{what} must be JSON text, not {type(text).__name__}")
    if len(text) > max_chars:
        raise error(f"{what} is {len(text)} characters; the limit is {max_chars}")
    try:
        return json.loads(
            text,
            object_pairs_hook=_no_duplicates,
            parse_int=_small_int,
            parse_float=_finite_float,
            parse_constant=_no_constant,
        )
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, UnicodeDecodeError and _Refused are ValueErrors
        raise error(f"{what} is not valid JSON: {clip(str(exc))}") from None


def read_document(text: str | bytes) -> dict[str, Any]:
    """Parse and check the envelope of a save (size, JSON, schema version, field types, history length)."""
    doc = strict_json(text, MAX_SAVE_BYTES, "save")
    if not isinstance(doc, dict):
        raise LoadError("a save must be a JSON object")
    schema = doc.get("schema")
    if type(schema) is not int or schema != SCHEMA_VERSION:  # not true, not 1.0: exactly the number 1
        raise LoadError(f"unknown schema version {quote(schema)}; this donkeylab reads {SCHEMA_VERSION}")
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
    if len(doc["history"]) > MAX_HISTORY:
        raise LoadError(f"the history has {len(doc['history'])} actions; a save holds at most {MAX_HISTORY}")
    if not all(isinstance(a, str) for a in doc["history"]):
        raise LoadError("field 'history' must be a list of action strings")
    return doc


def load_state(text: str | bytes, module: GameModule) -> Any:
    """Rebuild a state from ``dump_state`` output by replaying its history with ``module``'s rules."""
    return load_document(read_document(text), module)


def load_document(doc: Mapping[str, Any], module: GameModule) -> Any:
    """Rebuild a state from a save already checked by ``read_document``."""
    if doc["game"] != module.NAME:
        raise LoadError(f"this save is for {quote(doc['game'])}, not {module.NAME!r}")
    rules = rules_from_dict(module.Rules, doc["rules"])
    try:
        state = module.new_game(doc["players"], rules, **doc["setup"])
    except (TypeError, DonkeylabError) as exc:  # TypeError: a setup key new_game does not take
        raise LoadError(f"bad setup: {clip(str(exc))}") from None
    for step, text_action in enumerate(doc["history"], start=1):
        try:
            state = state.apply(module.parse_action(text_action))
        except DonkeylabError as exc:  # unreadable, malformed (refused when built) or against the rules
            raise LoadError(f"history step {step} ({quote(text_action)}) is illegal: {exc}") from None
    return state


def rules_from_dict(cls: Callable[..., R], data: Mapping[str, Any]) -> R:
    """Build a frozen rules dataclass from a dict, checking names and (simple) types strictly."""
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls!r} is not a dataclass")
    hints = typing.get_type_hints(cls)
    fields = {f.name for f in dataclasses.fields(cls)}
    unknown = set(data) - fields
    if unknown:
        raise LoadError(f"unknown rule option(s) {quote(sorted(map(str, unknown)))}; known: {sorted(fields)}")
    for key, value in data.items():
        if not _matches(value, hints[key]):
            raise LoadError(f"rule option {key!r} has the wrong type: {quote(value)}")
    try:
        return cls(**{k: _thaw(v) for k, v in data.items()})  # type: ignore[return-value]
    except (ValueError, TypeError) as exc:
        raise LoadError(f"bad rules: {clip(str(exc))}") from None


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


def rulebook_entries(module_file: str, name: str = "rulebook.json") -> dict[str, Any]:
    """The ``rules`` object of the rulebook data file beside ``module_file`` (a game's ``rules.py``): how a game
    declares its rulebook (``RULEBOOK``) without a Python literal of 300 lines; ``donkeylab.rulebook`` checks it."""
    document = json.loads(Path(module_file).with_name(name).read_text(encoding="utf-8"))
    entries: dict[str, Any] = document["rules"]
    return entries
