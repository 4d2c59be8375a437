"""The free-play apps: a whole game with teacher controls (seed, variant, rule options, players, seat view,
forcing the dice or the deal by typing the chance outcome) and a link that reproduces the step.

Every game of ``games.GAMES`` gets one, built from its ``GameInfo`` alone (link parameters from its options
and set-up, rules by ``info.rules``, views as the game declares them); ``CARDS`` only adds the gallery's words
and icon for the three games of the box, and a game without a card gets its title.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from donkeylab.apps.parts import T
from donkeylab.apps.query import Query
from donkeylab.apps.registry import APPS, AppInfo, common_params, problems_box, register
from donkeylab.games import GAMES, info
from donkeylab.lab.links import rules_of, setup_of

CARDS: dict[str, tuple[T, T, str]] = {
    "double_donkey": (
        T("Double Donkey — play a whole game", "Double Donkey — ein ganzes Spiel"),
        T(
            "Dice on the Hay card, secret cards, Angry Donkey flips and the Biggest Donkey, step by step.",
            "Würfel auf die Misthaufen-Karte, geheime Karten, wütende Esel und der Oberesel, Schritt für Schritt.",
        ),
        "⚄",
    ),
    "double_down": (
        T("Double Down — play a whole game", "Double Down — ein ganzes Spiel"),
        T(
            "A running total that must dodge the doublets and 77: tokens, swimming, 2x and direction changes.",
            "Eine Summe, die Paschzahlen und der 77 ausweichen muss: Chips, Schwimmen, 2x und Richtungswechsel.",
        ),
        "Σ",
    ),
    "esels_rennen": (
        T("Esels-Rennen — play a whole race", "Esels-Rennen — ein ganzes Rennen"),
        T(
            "Three donkeys, arrows and chain reactions on a board you can change.",
            "Drei Esel, Pfeile und Kettenreaktionen auf einem Brett, das du ändern kannst.",
        ),
        "⇗",
    ),
}


def build_game(game: str, query: Query) -> Any:
    """The explorer of ``game`` at the step, seed, players, rules, language and seat the link asks for."""
    from donkeylab.widgets.explorer import Explorer
    from donkeylab.widgets.share import ShareLink
    from donkeylab.widgets.stepper import Stepper

    gi = info(game)
    stepper = Stepper(
        game,
        query["players"],
        seed=query["seed"],
        rules=rules_of(gi, query.values),
        lang=query["lang"],
        seat=query["seat"],
        **setup_of(gi, query.values),
    )
    stepper.advance(query["step"])
    return w.VBox([problems_box(query, query["lang"]), Explorer(stepper), ShareLink(stepper)])


def register_game(game: str) -> AppInfo:
    """The free-play app of a registered game (its gallery card from ``CARDS``, else its title)."""
    gi = info(game)

    def build(query: Query) -> Any:
        return build_game(game, query)

    title, blurb, icon = CARDS.get(game) or (T(gi.title("en"), gi.title("de")), T("", ""), "▶")
    return register(AppInfo(game, title, blurb, icon, common_params(game), build, kind="game"))


for _game in GAMES:
    if _game not in APPS:
        register_game(_game)
