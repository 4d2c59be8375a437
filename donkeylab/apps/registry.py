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
from donkeylab.apps.query import MAX_STEP, Param, Query, choice, integer, seat_or_teacher


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
    """seed, players, step, lang, seat — what every step-through page can take from its link."""
    from donkeylab.games import info

    gi = info(game)
    params = [
        Param("seed", integer(0, 2**31 - 1), 0),
        Param("players", integer(gi.min_players, gi.max_players), default_players or gi.default_players),
        Param("step", integer(0, MAX_STEP), 0),
        Param("lang", choice("en", "de"), "en"),
        Param("seat", seat_or_teacher(gi.max_players), None),
    ]
    if game == "double_donkey":
        params.append(Param("variant", choice("english", "german"), "english"))
    if game == "esels_rennen":
        from donkeylab.esels_rennen import packaged_boards

        params.append(Param("board", choice(*sorted(packaged_boards())), "default"))
    return {p.name: p for p in params}


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
