"""``state.snapshot(seat, lang)``: the one JSON view of a state that every widget, app and test reads.

The keys shared by all games are built here once; a game supplies three small hooks on its state
(``_view_phase_text``, ``_view_label``, ``_view_table``) plus a ``{game}/title`` message. Everything is
plain JSON (dicts, lists, str, int, float, bool, None) so it can be sent to a browser as it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from donkeylab.core.chance import CHANCE
from donkeylab.core.events import Event
from donkeylab.core.messages import CATALOGUE, LANGUAGES, player_name


class Viewable(Protocol):
    """What a snapshot reads off a state (``core.state.GameState`` has it all): typed here so that this module
    never imports the state module, which imports this one for ``snapshot``."""

    @property
    def game(self) -> str: ...
    @property
    def num_players(self) -> int: ...
    @property
    def current_player(self) -> Any: ...
    @property
    def winners(self) -> Sequence[int]: ...
    @property
    def events(self) -> Sequence[Event]: ...
    def legal_actions(self) -> Sequence[Any]: ...
    def _view_label(self, action: Any, lang: str) -> str: ...
    def _view_phase_text(self, lang: str) -> str: ...
    def _view_table(self, seat: int | None, lang: str) -> Mapping[str, Any]: ...


SNAPSHOT_KEYS = (
    "game",
    "title",
    "lang",
    "seat",
    "phase",
    "phase_text",
    "current_player",
    "players",
    "legal",
    "events",
    "winners",
    "table",
)


_PLAIN = frozenset({type(None), bool, int, float, str})


def jsonable(value: Any) -> Any:
    """Tuples → lists, sets → sorted lists, mappings → dicts with str keys; other non-JSON values → str."""
    kind = type(value)
    if kind in _PLAIN:  # the common case first: exact types, no isinstance chain (snapshots are built per step)
        return value
    if kind is dict:
        return {k if type(k) is str else str(k): jsonable(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [jsonable(v) for v in value]
    if isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return [jsonable(v) for v in sorted(value, key=repr)]
    return str(value)


def check_view_args(state: Viewable, seat: int | None, lang: str) -> None:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.num_players):
        raise ValueError(f"seat must be None (teacher view) or 0..{state.num_players - 1}, not {seat!r}")


def build_snapshot(state: Viewable, seat: int | None = None, lang: str = "en") -> dict[str, Any]:
    """The shared keys (see ARCHITECTURE.md) around the game's own ``table``."""
    check_view_args(state, seat, lang)
    player = state.current_player
    current: int | str | None = "chance" if player is CHANCE else player
    sees_choices = isinstance(player, int) and (seat is None or seat == player)
    legal = (
        [{"action": str(a), "label": state._view_label(a, lang)} for a in state.legal_actions()] if sees_choices else []
    )
    events = [
        {"rule": e.rule, "key": e.key, "text": e.render(lang), "data": jsonable(dict(e.data))} for e in state.events
    ]
    return {
        "game": state.game,
        "title": CATALOGUE.render(f"{state.game}/title", {}, lang),
        "lang": lang,
        "seat": seat,
        "phase": str(getattr(state, "_phase", "")),
        "phase_text": state._view_phase_text(lang),
        "current_player": current,
        "players": [{"seat": p, "name": player_name(p, lang)} for p in range(state.num_players)],
        "legal": legal,
        "events": events,
        "winners": [int(w) for w in state.winners],
        "table": jsonable(state._view_table(seat, lang)),
    }
