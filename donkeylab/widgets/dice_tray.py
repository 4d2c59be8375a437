"""``DiceTray``: Double Donkey's six dice and the Hay card; which rolled dice may be chosen and, if not, why.

Its ESM (``widgets/dice_tray.js``) and CSS stand beside it; its words are its game's
(``double_donkey.VIEW_WORDS["dice_tray"]``, collected by ``words``).
"""

from __future__ import annotations

from typing import ClassVar

from donkeylab.widgets import assets
from donkeylab.widgets.views import GameView


class DiceTray(GameView):
    """``DiceTray(Stepper("double_donkey", 4))``; a click on a rolled die plays its ``Choose(colour)``.

    The engine judges the click: a forbidden die answers with its rule (DD-DICE-2)."""

    games: ClassVar[tuple[str, ...]] = ("double_donkey",)
    front_end = "dice_tray"
    _esm = assets.asset("dice_tray.js")
    _css = assets.text("views.css", "dice_tray.css")
