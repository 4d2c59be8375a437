"""The game views' base: an anywidget that draws a Stepper's ``snapshot`` and turns clicks into actions.

A view holds no rule and no copy of the state: its only synced data is a reference to the Stepper (the
browser reads the Stepper's ``snapshot`` directly, so a step is still one message), the colour palette and
its words. A click in the browser sends the action's text (written by the engine, in the snapshot) to the
Stepper's ``play``; ``click`` is its Python twin. Each view is a module of its own with its ESM beside it
(``dice_tray.py`` + ``widgets/dice_tray.js``, ...); which views a game has, the game declares
(``GameInfo.views``), and ``views_for`` reads that declaration.
"""

from __future__ import annotations

import importlib
from typing import Any, ClassVar

import anywidget
import traitlets as t

from donkeylab.games import GameInfo
from donkeylab.lab import palette
from donkeylab.widgets.guard import PageGuard
from donkeylab.widgets.kit import KitUser, widget_ref
from donkeylab.widgets.stepper import Stepper


def palette_json() -> dict[str, dict[str, str]]:
    """Colour, pattern and names of every colour the registered games declare (the plots' colour-blind-safe
    palette, ``lab.palette``): under its bare key (a later game's wins: a view of one game reads its own colours
    only where two games share a key with the same hex) and under ``<game>:<key>``."""
    out: dict[str, dict[str, str]] = {}
    for game, styles in palette.all_styles().items():
        for key, style in styles.items():
            entry = {"hex": style.colour, "en": style.name("en"), "de": style.name("de"), "pattern": style.pattern}
            out[key] = out[f"{game}:{key}"] = entry
    return out


class GameView(KitUser, PageGuard, anywidget.AnyWidget):
    """Base of the views; a subclass names its ESM/CSS, its words and the games it can draw (empty: any)."""

    games: ClassVar[tuple[str, ...]] = ()

    stepper = widget_ref("the Stepper this view draws (its snapshot, substep and lang)")
    palette = t.Dict(help="colour, pattern and en/de name of every colour a game declares").tag(sync=True)

    def __init__(self, stepper: Stepper, **kwargs: Any) -> None:
        if not isinstance(stepper, Stepper):
            raise TypeError(f"{type(self).__name__} draws a Stepper, not {type(stepper).__name__}")
        if self.games and stepper.game not in self.games:
            raise ValueError(f"{type(self).__name__} draws {' or '.join(self.games)}, not {stepper.game}")
        super().__init__(stepper=stepper, palette=palette_json(), **self._kit_traits(), **kwargs)

    def _page_says(self, text: str) -> None:
        """A view's clicks go to its Stepper: so do the sentences about refused page input."""
        self.model._page_says(text)

    @property
    def model(self) -> Stepper:
        """The Stepper this view draws (typed access to the ``stepper`` trait)."""
        stepper: Stepper = self.stepper
        return stepper

    def click(self, action: str) -> bool:
        """What a click in the browser does: the action's text goes to ``Stepper.play``."""
        return self.model.play(action)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.model!r})"


def view_class(ref: str) -> type[GameView]:
    """The view class a game names as ``"package.module:Class"`` (a ``TypeError`` for anything else)."""
    module_name, _, name = ref.partition(":")
    cls = getattr(importlib.import_module(module_name), name, None)
    if not (isinstance(cls, type) and issubclass(cls, GameView)):
        raise TypeError(f"{ref!r} names no GameView")
    return cls


def views_for(info: GameInfo) -> tuple[type[GameView], ...]:
    """The views the game declares (``GameInfo.views``); a game without any shows the Stepper bar alone."""
    return tuple(view_class(ref) for ref in info.views)


def __getattr__(name: str) -> Any:
    """``views.DiceTray`` and the other view classes by their short names, each from its own module."""
    modules = {
        "DiceTray": "dice_tray",
        "CardHands": "card_hands",
        "RunningTotal": "running_total",
        "RaceBoard": "race_board",
        "EventLog": "event_log",
    }
    if name in modules:
        return getattr(importlib.import_module(f"donkeylab.widgets.{modules[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
