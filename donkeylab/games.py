"""The games by name: one ``GameInfo`` per game, read by the CLI, the lab and the widgets.

A ``GameInfo`` declares a game's facts once (titles, player range, rule options with their allowed values
and defaults, bots) and gives uniform access to its engine (``new_game``, ``load``, ``parse_action``), so no
caller passes engine modules around as ``Any``. It lives above the game packages (core must not know the
games) and imports an engine only when its info is first asked for.
"""

from __future__ import annotations

import dataclasses
import importlib
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any

from donkeylab.core.actions import Action
from donkeylab.core.errors import LoadError, quote
from donkeylab.core.jsonio import load_document, load_state, read_document
from donkeylab.core.messages import CATALOGUE
from donkeylab.core.state import GameState

GAMES: dict[str, str] = {
    "double_donkey": "donkeylab.double_donkey",
    "double_down": "donkeylab.double_down",
    "esels_rennen": "donkeylab.esels_rennen",
}

# Player range and default per game (RULES.md DD-SETUP-2, DN-SETUP-1, ER-SETUP-1).
_PLAYERS: dict[str, tuple[int, int, int]] = {
    "double_donkey": (2, 5, 4),
    "double_down": (2, 8, 4),
    "esels_rennen": (2, 6, 3),
}


@dataclasses.dataclass(frozen=True)
class RuleOption:
    """One rule option: its allowed values (``None`` when free-form, e.g. a custom deck) and default."""

    name: str
    default: Any
    choices: tuple[Any, ...] | None


@dataclasses.dataclass(frozen=True)
class GameInfo:
    """Everything a tool needs to offer a game without knowing it (see ARCHITECTURE.md)."""

    name: str
    module: types.ModuleType
    min_players: int
    max_players: int
    default_players: int
    options: Mapping[str, RuleOption]
    bots: Mapping[str, type]

    def title(self, lang: str = "en") -> str:
        return CATALOGUE.render(f"{self.name}/title", {}, lang)

    @property
    def Rules(self) -> type:
        rules: type = self.module.Rules
        return rules

    def rules(self, **options: Any) -> Any:
        """The game's ``Rules`` from option values, with the strict checks of a save (``LoadError``)."""
        from donkeylab.core.jsonio import rules_from_dict

        return rules_from_dict(self.Rules, options)

    def new_game(self, players: int | None = None, rules: Any = None, **setup: Any) -> GameState:
        state: GameState = self.module.new_game(self.default_players if players is None else players, rules, **setup)
        return state

    def load(self, text: str | bytes) -> GameState:
        """A save of this game, rebuilt by replaying its history (``LoadError`` for anything else)."""
        state: GameState = load_state(text, self.module)
        return state

    def parse_action(self, text: str) -> Action:
        action: Action = self.module.parse_action(text)
        return action


def _options(rules_cls: type) -> dict[str, RuleOption]:
    """Each field of a ``Rules`` dataclass with its ``Literal``/bool choices and its default."""
    hints = typing.get_type_hints(rules_cls)
    out: dict[str, RuleOption] = {}
    for field in dataclasses.fields(rules_cls):
        out[field.name] = RuleOption(field.name, field.default, _choices(hints[field.name]))
    return out


def _choices(hint: Any) -> tuple[Any, ...] | None:
    if hint is bool:
        return (False, True)
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        return typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        parts = [_choices(h) for h in typing.get_args(hint) if h is not type(None)]
        if all(p is not None for p in parts):
            return tuple(v for p in parts for v in p or ())
    return None


def _bots(module: types.ModuleType) -> dict[str, type]:
    try:
        bots = importlib.import_module(module.__name__ + ".bots")
    except ModuleNotFoundError:  # a game without bots of its own still has the random one
        from donkeylab.core import RandomBot

        return {"Random": RandomBot}
    return {
        n: v
        for n, v in sorted(vars(bots).items())
        if isinstance(v, type) and v.__module__ == bots.__name__ and callable(getattr(v, "act", None))
    }


def info(name: str) -> GameInfo:
    """The ``GameInfo`` of a registered game (``ValueError`` naming the choices for anything else)."""
    if not isinstance(name, str) or name not in GAMES:
        raise ValueError(f"unknown game {quote(name)}; choose one of {', '.join(GAMES)}")
    return _info(name)


@cache
def _info(name: str) -> GameInfo:
    module = importlib.import_module(GAMES[name])
    low, high, default = _PLAYERS.get(name) or (  # a game registered by a test declares its own range
        getattr(module, "MIN_PLAYERS", 1),
        getattr(module, "MAX_PLAYERS", 8),
        getattr(module, "DEFAULT_PLAYERS", 2),
    )
    return GameInfo(name, module, low, high, default, _options(module.Rules), _bots(module))


def game_module(name: str) -> Any:
    """The engine package of game ``name`` (``double_donkey``, ``double_down`` or ``esels_rennen``)."""
    if not isinstance(name, str) or name not in GAMES:
        raise ValueError(f"unknown game {quote(name)}; choose one of {', '.join(GAMES)}")
    return info(name).module


def infos() -> tuple[GameInfo, ...]:
    return tuple(info(n) for n in GAMES)


def load(text: str | bytes) -> Any:
    """Load a save of any game (dispatches on its ``game`` field); any problem is one ``LoadError``."""
    doc = read_document(text)
    name = doc["game"]
    if name not in GAMES:
        raise LoadError(f"unknown game {quote(name)} in save; known: {', '.join(GAMES)}")
    return load_document(doc, info(name).module)
