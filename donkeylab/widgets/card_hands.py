"""``CardHands``: Double Donkey's hands, personal piles and the Biggest Donkey, each card's value under the dice.

Its ESM (``widgets/card_hands.js``) and CSS stand beside it; its words are its game's
(``double_donkey.VIEW_WORDS["card_hands"]``, collected by ``words``).
"""

from __future__ import annotations

from typing import ClassVar

from donkeylab.widgets import assets
from donkeylab.widgets.views import GameView


class CardHands(GameView):
    """A click on cards in the hand of the player to act selects them; "Play" sends ``Play(player, cards)``."""

    games: ClassVar[tuple[str, ...]] = ("double_donkey",)
    front_end = "card_hands"
    _esm = assets.asset("card_hands.js")
    _css = assets.text("views.css", "card_hands.css")
