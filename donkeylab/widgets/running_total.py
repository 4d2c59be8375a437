"""``RunningTotal``: Double Down's running total on a number line with the doublets and 77, tokens, direction and 2x.

Its ESM (``widgets/running_total.js``) and CSS stand beside it; its words are its game's
(``double_down.VIEW_WORDS["running_total"]``, collected by ``words``).
"""

from __future__ import annotations

from typing import ClassVar

from donkeylab.widgets import assets
from donkeylab.widgets.views import GameView


class RunningTotal(GameView):
    """``RunningTotal(Stepper("double_down", 3))``; a click on a card of the hand on show plays it."""

    games: ClassVar[tuple[str, ...]] = ("double_down",)
    front_end = "running_total"
    _esm = assets.asset("running_total.js")
    _css = assets.text("views.css", "running_total.css")
