"""Every Voila app by name: its gallery card, the query parameters its link may carry, and its builder.

An app notebook is a thin shell (``donkeylab.apps.app("double_down")``); everything it shows is built here
from ``donkeylab.widgets``. A builder gets the parsed ``Query`` and returns a widget; ``app`` wraps it so a
bad link or a failure while building shows a friendly sentence, never a traceback.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import ipywidgets as w

from donkeylab.core.say import Say, words
from donkeylab.games import info
from donkeylab.links import game_params
from donkeylab.pages.query import Param, Query


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


class Apps(dict[str, AppInfo]):
    """The apps by name. A game registered after the apps were imported (``games.register``) gets its free-play
    app as soon as anyone looks: every lookup and listing first runs the ``catch_up`` functions (``games_apps``
    adds one that makes the app of any game still without), so a new game needs one registration, not two."""

    def __init__(self) -> None:
        super().__init__()
        self.catch_up: list[Callable[[], None]] = []

    def _caught_up(self) -> Apps:
        for run in self.catch_up:
            run()
        return self

    def __missing__(self, name: str) -> AppInfo:
        self._caught_up()
        if dict.__contains__(self, name):
            return dict.__getitem__(self, name)
        raise KeyError(name)

    def __contains__(self, name: object) -> bool:
        return dict.__contains__(self._caught_up(), name)

    def __iter__(self) -> Iterator[str]:
        return dict.__iter__(self._caught_up())

    def values(self) -> Any:
        return dict.values(self._caught_up())

    def items(self) -> Any:
        return dict.items(self._caught_up())


APPS: Apps = Apps()


def register(info: AppInfo) -> AppInfo:
    """Add an app; every app's link also takes ``big=1``, the presenter view (``apps.presenter``)."""
    from donkeylab.pages import presenter

    if dict.__contains__(APPS, info.name):  # not ``in``: that would make a late game's app (``Apps``)
        raise ValueError(f"app {info.name!r} registered twice")
    info = dataclasses.replace(info, params={**info.params, presenter.PARAM.name: presenter.PARAM})
    APPS[info.name] = info
    return info


def common_params(game: str, *, default_players: int | None = None) -> dict[str, Param]:
    """seed, players, step, lang, seat and the game's linkable options — what every step-through page of
    ``game`` takes from its link, read off its ``GameInfo`` (``links.game_params``)."""
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
