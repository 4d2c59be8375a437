"""Every Voila app by name: its gallery card, the query parameters its link may carry, and its builder.

An app notebook is a thin shell (``donkeylab.apps.app("double_down")``); everything it shows is built here
from ``donkeylab.widgets``. A builder gets the parsed ``Query`` and returns a widget; ``app`` wraps it so a
bad link or a failure while building shows a friendly sentence, never a traceback.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as w

from donkeylab.apps.query import MAX_STEP, Param, Query, choice, integer, seat_or_teacher
from donkeylab.apps.words import Say, words


@dataclasses.dataclass(frozen=True)
class AppInfo:
    """A gallery card (title, one line, icon) and how to build the page from a link's query."""

    name: str
    title: Say
    blurb: Say
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


_say = words(
    "link/",
    {
        "head": (
            "This link had mistakes; the page uses defaults instead:",
            "Dieser Link hatte Fehler; die Seite nimmt Standardwerte:",
        )
    },
)


class ProblemsBox(w.HTML):  # type: ignore[misc]
    """The link's problems as one friendly note in the page's language (empty when the link was fine)."""

    def __init__(self, query: Query, lang: str = "en") -> None:
        super().__init__("")
        self.notes: tuple[Any, ...] = query.notes or tuple(_Plain(p) for p in query.problems)
        self.add_class("dl-link-problems-box")
        self.set_lang(lang)

    def set_lang(self, lang: str) -> None:
        if not self.notes:
            self.value = ""
            return
        items = "".join(f"<li>{html.escape(n.get(lang))}</li>" for n in self.notes)
        self.value = f"<div class='dl-link-problems' role='status'>{_say('head').get(lang)}<ul>{items}</ul></div>"


class _Plain:
    """A problem given as a plain sentence (a ``Query`` built by hand): shown as it is."""

    def __init__(self, text: str) -> None:
        self.text = text

    def get(self, lang: str) -> str:
        return self.text


def problems_box(query: Query, lang: str = "en") -> ProblemsBox:
    """The link's problems as one friendly note (empty when the link was fine)."""
    return ProblemsBox(query, lang)
