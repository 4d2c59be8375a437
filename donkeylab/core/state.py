"""The engine contract shared by all three games: an immutable ``GameState`` with explicit chance points.

A subclass implements ``_apply`` (mutating a *fresh copy*, never ``self``), ``legal_actions`` and the
chance methods; the base class supplies copying, the event list, the history (a parent chain, so ``apply``
is O(1) and a rollout is not quadratic), replay and JSON. Everything a widget or a lesson needs—step,
back, time travel, rulebook replays, Monte Carlo, exact enumeration—falls out of this one contract.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar, Protocol, Self, runtime_checkable

from donkeylab.core.actions import Action, quote_action
from donkeylab.core.chance import CHANCE
from donkeylab.core.errors import IllegalAction, NotEnumerable
from donkeylab.core.events import Event
from donkeylab.core.snapshot import build_snapshot
from donkeylab.core.trust import NO_VOUCHER, Vouching

Player = int


@runtime_checkable
class State(Protocol):
    """What every game state offers (see ARCHITECTURE.md); ``GameState`` is the shared implementation."""

    @property
    def current_player(self) -> object: ...
    @property
    def events(self) -> tuple[Event, ...]: ...
    @property
    def history(self) -> tuple[Action, ...]: ...
    @property
    def winners(self) -> tuple[int, ...]: ...
    def legal_actions(self) -> tuple[Action, ...]: ...
    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]: ...
    def sample_chance(self, rng: random.Random) -> Action: ...
    def apply(self, action: Action) -> State: ...
    def describe(self) -> str: ...
    def is_terminal(self) -> bool: ...
    def to_json(self) -> str: ...


class RulesLike(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


class GameState(Vouching, ABC):
    """Immutable game state. Public data is exposed through read-only properties in subclasses.

    The one thing written after construction is the voucher of ``core.trust`` (which action objects this
    state produced): a cache that never changes what the state means.
    """

    game: ClassVar[str] = "?"
    # The RULES.md rule that ends this game (DD-END-1, DN-END-1, ER-END-1): an action after the end breaks it.
    end_rule: ClassVar[str]

    _parent: GameState | None
    _action: Action | None
    _events: tuple[Event, ...]

    def __init__(self, players: int, rules: RulesLike, setup: Mapping[str, Any] | None = None) -> None:
        self._players = players
        self._rules = rules
        self._setup: Mapping[str, Any] = dict(setup or {})
        self._parent = None
        self._action = None
        self._events = ()

    # ------------------------------------------------------------------ contract implemented by games
    @property
    @abstractmethod
    def current_player(self) -> int | object | None:
        """Seat to act, ``CHANCE`` at a chance point, ``None`` when the game is over."""

    @abstractmethod
    def legal_actions(self) -> tuple[Action, ...]:
        """Legal actions of the player to act; at a chance point the possible outcomes (if enumerable)."""

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Apply ``action`` to ``self``, which is a private fresh copy; raise ``IllegalAction`` if illegal."""

    @property
    @abstractmethod
    def winners(self) -> tuple[int, ...]:
        """Seats that won (empty while the game runs, or when everybody lost)."""

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """``(outcome, exact probability)`` pairs; raises ``NotEnumerable`` for shuffles."""
        raise NotEnumerable(f"{type(self).__name__}: this chance point cannot be enumerated")

    def sample_chance(self, rng: random.Random) -> Action:
        """One chance outcome drawn from ``rng``; default: draw from ``chance_outcomes``."""
        outcomes = self.chance_outcomes()
        r = Fraction(rng.random())
        acc = Fraction(0)
        for outcome, p in outcomes:
            acc += p
            if r < acc:
                return outcome
        return outcomes[-1][0]

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see; games override to hide other hands and face-down cards."""
        raise NotImplementedError

    # ------------------------------------------------------------------ the view contract (core/snapshot.py)
    def snapshot(self, seat: int | None = None, lang: str = "en") -> dict[str, Any]:
        """The JSON view of this state for ``seat`` (``None``: the teacher's view) in ``lang``.

        Same top-level keys for every game (see ARCHITECTURE.md); the game fills ``table`` through
        ``_view_table`` and writes the short texts through ``_view_phase_text`` and ``_view_label``.
        """
        return build_snapshot(self, seat, lang)

    def _view_phase_text(self, lang: str) -> str:
        """One sentence in ``lang`` saying what happens now (whose turn, which decision)."""
        raise NotImplementedError

    def _view_label(self, action: Action, lang: str) -> str:
        """A short label in ``lang`` for a legal action of the player to act (a button text)."""
        return str(action)

    def _view_table(self, seat: int | None, lang: str) -> dict[str, Any]:
        """The game-specific picture for ``seat`` (``None``: everything); JSON-able values only."""
        raise NotImplementedError

    # ------------------------------------------------------------------ shared machinery
    @property
    def rules(self) -> Any:
        return self._rules

    @property
    def num_players(self) -> int:
        return self._players

    @property
    def setup(self) -> Mapping[str, Any]:
        """Extra JSON-able ``new_game`` arguments (e.g. the board), recorded in saves."""
        return self._setup

    @property
    def events(self) -> tuple[Event, ...]:
        """The events produced by the ``apply`` that made this state."""
        return self._events

    @property
    def parent(self) -> GameState | None:
        return self._parent

    @property
    def last_action(self) -> Action | None:
        return self._action

    @property
    def history(self) -> tuple[Action, ...]:
        actions: list[Action] = []
        node: GameState | None = self
        while node is not None and node._action is not None:
            actions.append(node._action)
            node = node._parent
        return tuple(reversed(actions))

    def describe(self) -> str:
        """One line summarising the state (golden playthroughs, debugging); games override it."""
        hidden = {"_parent", "_action", "_events", "_rules", "_setup", "_vouched"}
        return " ".join(f"{k.lstrip('_')}={v!r}" for k, v in vars(self).items() if k not in hidden)

    def is_terminal(self) -> bool:
        return self.current_player is None

    def is_chance(self) -> bool:
        return self.current_player is CHANCE

    def apply(self, action: Action) -> Self:
        """A new state with ``action`` applied; ``self`` is never changed (also not when it raises)."""
        if self.current_player is None:
            raise IllegalAction(self.end_rule, f"the game is over; {quote_action(action)} cannot be played")
        new = object.__new__(type(self))
        fields = self.__dict__.copy()  # one dict copy, then plain dict writes: the hot path of every rollout
        fields["_parent"] = self
        fields["_action"] = action
        fields["_events"] = ()
        fields["_vouched"] = NO_VOUCHER  # trust is per producing state (core.trust): none inherited
        new.__dict__ = fields
        new._events = tuple(new._apply(action))
        return new

    def _copy(self) -> Self:
        """A shallow copy for building positions by hand (tests, exact solvers); ``apply`` inlines the same."""
        new = object.__new__(type(self))
        new.__dict__ = self.__dict__.copy()
        new._vouched = NO_VOUCHER  # a copy is edited by hand next: it must not trust the original's actions
        return new

    def root(self) -> GameState:
        node: GameState = self
        while node._parent is not None:
            node = node._parent
        return node

    def to_json(self) -> str:
        from donkeylab.core.jsonio import dump_state

        return dump_state(self)

    def timeline(self) -> list[GameState]:
        """Every state from the start of the game to this one (what Back/Forward walk through)."""
        out: list[GameState] = []
        node: GameState | None = self
        while node is not None:
            out.append(node)
            node = node._parent
        return out[::-1]


def require(condition: bool, rule: str, message: str) -> None:
    """Raise ``IllegalAction(rule, message)`` unless ``condition``: keeps ``_apply`` bodies flat."""
    if not condition:
        raise IllegalAction(rule, message)


def check_type(action: Action, expected: type | tuple[type, ...], rule: str, state: GameState) -> None:
    """Refuse anything but exactly the expected action class(es): a subclass would print under its own name,
    so its save could not be loaded again."""
    if type(action) not in (expected if isinstance(expected, tuple) else (expected,)):
        names = expected.__name__ if isinstance(expected, type) else "/".join(t.__name__ for t in expected)
        raise IllegalAction(rule, f"{state.game} expects {names} now, not {quote_action(action)}")


def play_random(state: GameState, rng: random.Random, max_actions: int = 100_000) -> GameState:
    """Uniformly random legal actions and sampled chance until the game ends (a Monte Carlo rollout)."""
    s = state
    for _ in range(max_actions):
        player = s.current_player
        if player is None:
            return s
        if player is CHANCE:
            s = s.apply(s.sample_chance(rng))
        else:
            s = s.apply(rng.choice(s.legal_actions()))
    raise RuntimeError(f"{state.game}: no end after {max_actions} actions")
