"""Every Voila app by name: its gallery card, the query parameters its link may carry, and its builder.

An app notebook is a thin shell (``donkeylab.apps.app("double_down")``); everything it shows is built here
from ``donkeylab.widgets``. A builder gets the parsed ``Query`` and returns a widget; ``app`` wraps it so a
bad link or a failure while building shows a friendly sentence, never a traceback.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as w

from donkeylab.apps.parts import T
from donkeylab.apps.query import Param, Query
from donkeylab.games import info
from donkeylab.lab.links import game_params


@dataclasses.dataclass(frozen=True)
class AppInfo:
    """A gallery card (title, one line, icon) and how to build the page from a link's query."""

    name: str
    title: T
    blurb: T
    icon: str
    params: Mapping[str, Param]
    build: Callable[[Query], Any]
    kind: str = "lesson"  # "lesson" or "game"

    @property
    def notebook(self) -> str:
        return f"{self.name}.ipynb"


APPS: dict[str, AppInfo] = {}


def register(info: AppInfo) -> AppInfo:
    if info.name in APPS:
        raise ValueError(f"app {info.name!r} registered twice")
    APPS[info.name] = info
    return info


def common_params(game: str, *, default_players: int | None = None) -> dict[str, Param]:
    """seed, players, step, lang, seat and the game's linkable options — what every step-through page of
    ``game`` takes from its link, read off its ``GameInfo`` (``lab.links.game_params``)."""
    return game_params(info(game), default_players=default_players)


def problems_box(query: Query, lang: str = "en") -> w.HTML:
    """The link's problems as one friendly note (empty when the link was fine)."""
    if not query.problems:
        return w.HTML("")
    head = (
        "Dieser Link hatte Fehler; die Seite nimmt Standardwerte:"
        if lang == "de"
        else ("This link had mistakes; the page uses defaults instead:")
    )
    import html

    items = "".join(f"<li>{html.escape(p)}</li>" for p in query.problems)
    box = w.HTML(f"<div class='dl-link-problems' role='status'>{head}<ul>{items}</ul></div>")
    box.add_class("dl-link-problems-box")
    return box
