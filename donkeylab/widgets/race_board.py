"""``RaceBoard``: Esels-Rennen's board drawn from its JSON (any valid board), arrows, donkeys and the current chain hop.

Its ESM (``widgets/race_board.js``) and CSS stand beside it; its words are its game's
(``esels_rennen.VIEW_WORDS["race_board"]``, collected by ``words``).
"""

from __future__ import annotations

from typing import ClassVar

from donkeylab.widgets import assets
from donkeylab.widgets.views import GameView


class RaceBoard(GameView):
    """``RaceBoard(Stepper("esels_rennen", 3))``; click a donkey, then one of its marked fields."""

    games: ClassVar[tuple[str, ...]] = ("esels_rennen",)
    front_end = "race_board"
    _esm = assets.asset("race_board.js")
    _css = assets.text("views.css", "race_board.css")
