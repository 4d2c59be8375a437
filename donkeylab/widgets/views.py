"""The game views: anywidgets that draw a Stepper's ``snapshot`` as SVG and turn clicks into actions.

A view holds no rule and no copy of the state: its only synced data is a reference to the Stepper (the
browser reads the Stepper's ``snapshot`` directly, so a step is still one message) and the colour palette.
A click in the browser sends the action's text to the Stepper's ``play``; ``click`` is its Python twin.
"""

from __future__ import annotations

from typing import Any, ClassVar

import anywidget
import traitlets as t

from donkeylab.lab import palette
from donkeylab.widgets import assets
from donkeylab.widgets.guard import PageGuard
from donkeylab.widgets.stepper import Stepper


def palette_json() -> dict[str, dict[str, str]]:
    """Colour, pattern and names of every die colour and donkey (the plots' colour-blind-safe palette)."""
    styles = {**palette.DIE_STYLES, **palette.DONKEY_STYLES}
    dice = {k: {"hex": v.colour, "en": v.name_en, "de": v.name_de, "pattern": v.pattern} for k, v in styles.items()}
    donkeys = {
        f"donkey:{k}": {"hex": v.colour, "en": v.name_en, "de": v.name_de, "pattern": v.pattern}
        for k, v in palette.DONKEY_STYLES.items()
    }
    return {**dice, **donkeys}


class GameView(PageGuard, anywidget.AnyWidget):
    """Base of the views; a subclass names its ESM/CSS and the games it can draw (empty: any game)."""

    games: ClassVar[tuple[str, ...]] = ()

    stepper = anywidget.WidgetTrait().tag(sync=True)
    palette = t.Dict(help="colour, pattern and en/de name of every die colour and donkey").tag(sync=True)

    def __init__(self, stepper: Stepper, **kwargs: Any) -> None:
        if not isinstance(stepper, Stepper):
            raise TypeError(f"{type(self).__name__} draws a Stepper, not {type(stepper).__name__}")
        if self.games and stepper.game not in self.games:
            raise ValueError(f"{type(self).__name__} draws {' or '.join(self.games)}, not {stepper.game}")
        super().__init__(stepper=stepper, palette=palette_json(), **kwargs)

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


class DiceTray(GameView):
    """Double Donkey's six dice and the Hay card: which rolled dice may be chosen and, for the others, why not.

    ``DiceTray(Stepper("double_donkey", 4))``; a click on a choosable die plays ``Choose(colour)``.
    """

    games = ("double_donkey",)
    _esm = assets.text("common.js", "dice_tray.js")
    _css = assets.text("views.css", "dice_tray.css")


class CardHands(GameView):
    """Double Donkey's hands, personal piles and the Biggest Donkey, each card's value under the dice.

    A click on cards in the hand of the player to act selects them; "Play" sends ``Play(player, cards)``.
    """

    games = ("double_donkey",)
    _esm = assets.text("common.js", "card_hands.js")
    _css = assets.text("views.css", "card_hands.css")


class RunningTotal(GameView):
    """Double Down's running total on a number line with the doublets and 77, tokens, direction and 2x."""

    games = ("double_down",)
    _esm = assets.text("common.js", "running_total.js")
    _css = assets.text("views.css", "running_total.css")


class RaceBoard(GameView):
    """Esels-Rennen's board drawn from its JSON (any valid board), arrows, donkeys and the current chain hop."""

    games = ("esels_rennen",)
    _esm = assets.text("common.js", "race_board.js")
    _css = assets.text("views.css", "race_board.css")


class EventLog(GameView):
    """The latest events up to the cursor, each with its rule ID; a click on one jumps to its step."""

    _esm = assets.text("common.js", "event_log.js")
    _css = assets.text("views.css", "event_log.css")


VIEWS: dict[str, tuple[type[GameView], ...]] = {
    "double_donkey": (DiceTray, CardHands),
    "double_down": (RunningTotal,),
    "esels_rennen": (RaceBoard,),
}
