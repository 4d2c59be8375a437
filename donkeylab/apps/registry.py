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

from donkeylab.apps.query import Param, Query
from donkeylab.core.say import Say, words
from donkeylab.games import info
from donkeylab.lab.links import game_params


@dataclasses.dataclass(frozen=True)
class AppInfo:
    """A gallery card (title, one line, icon) and how to build the page from a link's query."""

    name: str
    title: Say
    blurb: Say
    icon: str
    params: Mapping[str, Param]
    build: Callable[[Query], Any]
    kind: str = "lesson"  # "lesson", "game" or "teacher" (class mode)

    @property
    def notebook(self) -> str:
        return f"{self.name}.ipynb"


APPS: dict[str, AppInfo] = {}


def register(info: AppInfo) -> AppInfo:
    """Add an app; every app's link also takes ``big=1``, the presenter view (``apps.presenter``)."""
    from donkeylab.apps import presenter

    if info.name in APPS:
        raise ValueError(f"app {info.name!r} registered twice")
    info = dataclasses.replace(info, params={**info.params, presenter.PARAM.name: presenter.PARAM})
    APPS[info.name] = info
    return info


def common_params(game: str, *, default_players: int | None = None) -> dict[str, Param]:
    """seed, players, step, lang, seat and the game's linkable options — what every step-through page of
    ``game`` takes from its link, read off its ``GameInfo`` (``lab.links.game_params``)."""
    return game_params(info(game), default_players=default_players)


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
