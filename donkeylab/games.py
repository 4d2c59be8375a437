"""The games by name: one ``GameInfo`` per game, read by the CLI, the lab and the widgets.

A ``GameInfo`` declares a game's facts once (titles, player range, rule options with their allowed values
and defaults, set-up options, bots) and gives uniform access to its engine (``new_game``, ``load``,
``parse_action``, ``bot``), so no caller passes engine modules around as ``Any``. It lives above the game
packages (core must not know the games) and imports an engine only when its info is first asked for.

An engine package offers ``NAME``, ``PLAYERS`` (a ``core.players.PlayerRange``), ``Rules``, ``new_game`` and
``parse_action``; saves of every game are read by the one ``load`` below (``core.jsonio.load_document``).
Optionally, so that no upper layer needs a name switch, it also declares (defaults in brackets):

- ``SETUP_OPTIONS`` — ``{keyword: RuleOption}`` for ``new_game``'s set-up keywords a link may carry
  (Esels-Rennen's ``board``: its packaged boards) [none: a set-up keyword is for code only];
- ``VIEWS`` — the widgets that draw it, as ``"package.module:Class"`` names (the engine imports no widget)
  [none: the Stepper bar alone];
- ``STATIC_KEYS`` — snapshot ``table`` entries that never change within a game (sent to a page once) [none];
- ``metrics(final, counts)`` — the lab's per-game measures of a finished game [none];
- ``ICON`` — the sign on its gallery card ["▶"]; its card's words are the messages ``<name>/free_play`` and
  ``<name>/blurb`` [its title, no line];
- ``RULE_PREFIX`` and ``RULEBOOK`` — the prefix of its rule IDs (``"DD"``) and per rule ID a title, a sentence
  (en + de), the verbatim passages and the basis (``rulebook.json``'s shape), which ``donkeylab.rulebook``
  collects from every registered game [none: its events name no rule the explainer can show];
- ``COLOUR_STYLES`` — ``{colour: core.colours.ColourStyle}``, how plots and views draw each colour it names,
  each named by the catalogue term of its key (``lab.palette`` collects them) [none];
- ``VIEW_WORDS`` — ``{widget: {key: (en, de)}}``, the words its views draw themselves (``widgets.words``
  collects them under ``ui/<widget>/<key>``) [none];
- ``QUESTIONS`` — ``core.questions.GameQuestion``s, its questions in plain Python, which the lab's question
  registry collects as ``<name>.<question>`` (a LivePlot runs them) [none].
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import types
import typing
from collections import Counter
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from donkeylab.bot_specs import parse_bot
from donkeylab.core.actions import Action
from donkeylab.core.colours import ColourStyle
from donkeylab.core.errors import LoadError, quote
from donkeylab.core.jsonio import load_document, read_document, rules_from_dict
from donkeylab.core.match import Bot, RandomBot
from donkeylab.core.messages import CATALOGUE
from donkeylab.core.options import RuleOption
from donkeylab.core.players import PlayerRange
from donkeylab.core.questions import GameQuestion
from donkeylab.core.state import GameState

__all__ = ["GAMES", "GameInfo", "RuleOption", "from_module", "game_module", "info", "infos", "load", "register"]

GAMES: dict[str, str] = {
    "double_donkey": "donkeylab.double_donkey",
    "double_down": "donkeylab.double_down",
    "esels_rennen": "donkeylab.esels_rennen",
}


@dataclasses.dataclass(frozen=True)
class GameInfo:
    """Everything a tool needs to offer a game without knowing it (see ARCHITECTURE.md)."""

    name: str
    module: types.ModuleType
    players: PlayerRange
    options: Mapping[str, RuleOption]
    setup: tuple[str, ...]  # keyword arguments of new_game beyond players and rules (esels_rennen: board)
    bots: Mapping[str, type]
    setup_options: Mapping[str, RuleOption] = dataclasses.field(default_factory=dict)  # the linkable set-up keys
    views: tuple[str, ...] = ()  # "package.module:Class" of each widget that draws the game
    static_keys: tuple[str, ...] = ()  # table entries that never change within a game
    metrics: Callable[[GameState, Counter[str]], dict[str, Any]] | None = None
    icon: str = "▶"
    rule_prefix: str = ""  # the prefix of the game's rule IDs ("DD"): ``rulebook`` finds a rule's game by it
    rulebook: Mapping[str, Any] = dataclasses.field(default_factory=dict)  # rule ID -> entry (rulebook.json's)
    colours: Mapping[str, ColourStyle] = dataclasses.field(default_factory=dict)  # named by the catalogue's terms
    view_words: Mapping[str, Mapping[str, tuple[str, str]]] = dataclasses.field(default_factory=dict)  # widget words
    questions: tuple[GameQuestion, ...] = ()  # its own questions, collected by the lab's registry

    @property
    def min_players(self) -> int:
        return self.players.low

    @property
    def max_players(self) -> int:
        return self.players.high

    @property
    def default_players(self) -> int:
        return self.players.default

    @property
    def chances(self) -> Callable[..., Any] | None:
        """The game's "what are my chances?" table, ``<game>.chances.chances(state, seat)``; None for a game
        without one. Imported on first use: a page that never opens the panel never loads it."""
        name = self.module.__name__ + ".chances"
        try:
            found = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name != name:
                raise
            return None
        return getattr(found, "chances", None)

    def title(self, lang: str = "en") -> str:
        return CATALOGUE.render(f"{self.name}/title", {}, lang)

    def text(self, key: str, lang: str = "en", default: str = "") -> str:
        """The game's own message ``<name>/<key>`` in ``lang`` (``default`` when the game has none)."""
        full = f"{self.name}/{key}"
        return CATALOGUE.render(full, {}, lang) if full in CATALOGUE.messages else default

    @property
    def Rules(self) -> type:
        rules: type = self.module.Rules
        return rules

    def rules(self, options: Mapping[str, Any] | None = None, /, **more: Any) -> Any:
        """The game's ``Rules`` from option values (a mapping, keywords or both), checked as strictly as a
        save's: an unknown option or a value outside its choices is a ``LoadError`` naming it."""
        return rules_from_dict(self.Rules, {**(options or {}), **more})

    def new_game(self, players: int | None = None, rules: Any = None, **setup: Any) -> GameState:
        """A new game; ``players`` defaults to the game's usual number, ``setup`` takes ``self.setup`` keys."""
        unknown = sorted(set(setup) - set(self.setup))
        if unknown:
            raise ValueError(f"{self.name} takes no set-up option {quote(unknown)}; it takes {list(self.setup)}")
        count = self.players.default if players is None else players
        state: GameState = self.module.new_game(count, rules, **setup)
        return state

    def load(self, text: str | bytes) -> GameState:
        """A save of this game, rebuilt by replaying its history (``LoadError`` for anything else)."""
        state: GameState = load_document(read_document(text), self.module)
        return state

    def parse_action(self, text: str) -> Action:
        action: Action = self.module.parse_action(text)
        return action

    def bot(self, spec: str) -> Bot:
        """A bot from ``Name`` or ``Name(args)`` (``bot_specs``); ``Random`` works for every game."""
        name, args, kwargs = parse_bot(spec)
        cls = self.bots.get(name)
        if cls is None:
            raise ValueError(f"{self.name} has no bot {quote(name)}; known: {', '.join(self.bots)}")
        try:
            bot: Bot = cls(*args, **kwargs)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"bot {quote(spec)}: {exc}") from None
        return bot


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
    """The bot classes of the game's ``bots`` module (anything with ``act``), with ``Random`` always there."""
    try:
        bots = importlib.import_module(module.__name__ + ".bots")
    except ModuleNotFoundError:  # a game without bots of its own still has the random one
        return {"Random": RandomBot}
    found = {
        n: v
        for n, v in sorted(vars(bots).items())
        if isinstance(v, type) and v.__module__ == bots.__name__ and callable(getattr(v, "act", None))
    }
    return found if "Random" in found else {"Random": RandomBot, **found}


def _setup(module: types.ModuleType) -> tuple[str, ...]:
    params = list(inspect.signature(module.new_game).parameters)
    return tuple(params[2:])


def from_module(module: types.ModuleType) -> GameInfo:
    """The ``GameInfo`` of an engine package (registered or not: the tests' toy game is not)."""
    players = getattr(module, "PLAYERS", None)
    if not isinstance(players, PlayerRange):
        raise TypeError(f"{module.__name__} declares no PLAYERS range (a core.players.PlayerRange)")
    return GameInfo(
        module.NAME,
        module,
        players,
        _options(module.Rules),
        _setup(module),
        _bots(module),
        setup_options=dict(getattr(module, "SETUP_OPTIONS", {})),
        views=tuple(getattr(module, "VIEWS", ())),
        static_keys=tuple(getattr(module, "STATIC_KEYS", ())),
        metrics=getattr(module, "metrics", None),
        icon=str(getattr(module, "ICON", "▶")),
        rule_prefix=str(getattr(module, "RULE_PREFIX", "")),
        rulebook=dict(getattr(module, "RULEBOOK", {})),
        colours=dict(getattr(module, "COLOUR_STYLES", {})),
        view_words=dict(getattr(module, "VIEW_WORDS", {})),
        questions=tuple(getattr(module, "QUESTIONS", ())),
    )


def register(name: str, module_path: str) -> None:
    """Add a game to the registry by its engine package's dotted path (how a fourth game joins: nothing else
    above the engines names it). Registering the same game again with the same path is harmless."""
    if GAMES.get(name, module_path) != module_path:
        raise ValueError(f"game {quote(name)} is already registered as {GAMES[name]}")
    GAMES[name] = module_path


def info(name: str) -> GameInfo:
    """The ``GameInfo`` of a registered game (``ValueError`` naming the choices for anything else)."""
    if not isinstance(name, str) or name not in GAMES:
        raise ValueError(f"unknown game {quote(name)}; choose one of {', '.join(GAMES)}")
    return _info(name, GAMES[name])


@cache
def _info(name: str, path: str) -> GameInfo:
    return from_module(importlib.import_module(path))


def game_module(name: str) -> types.ModuleType:
    """The engine package of game ``name`` (``double_donkey``, ``double_down`` or ``esels_rennen``)."""
    return info(name).module


def infos() -> tuple[GameInfo, ...]:
    return tuple(info(n) for n in GAMES)


def load(text: str | bytes) -> GameState:
    """Load a save of any game (its ``game`` field names it); any problem is one ``LoadError``."""
    doc = read_document(text)
    name = doc["game"]
    if name not in GAMES:
        raise LoadError(f"unknown game {quote(name)} in save; known: {', '.join(GAMES)}")
    state: GameState = load_document(doc, info(name).module)
    return state
