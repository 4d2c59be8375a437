"""The three free-play apps: a whole game with teacher controls (seed, variant, rule options, players, seat
view, forcing the dice or the deal by typing the chance outcome) and a link that reproduces the step."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from donkeylab.apps.query import Query
from donkeylab.apps.registry import AppInfo, common_params, problems_box, register
from donkeylab.apps.words import Say, words


def build_game(game: str, query: Query) -> Any:
    """The explorer of ``game`` at the step, seed, players, language and seat the link asks for."""
    from donkeylab.widgets.explorer import Explorer
    from donkeylab.widgets.share import ShareLink
    from donkeylab.widgets.stepper import Stepper

    kwargs: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    if game == "double_donkey":
        from donkeylab.double_donkey import Rules

        kwargs["rules"] = Rules(variant=query["variant"])
        extra["variant"] = query["variant"]
    if game == "esels_rennen":
        kwargs["board"] = query["board"]
        extra["board"] = query["board"]
    stepper = Stepper(game, query["players"], seed=query["seed"], lang=query["lang"], seat=query["seat"], **kwargs)
    stepper.advance(query["step"])
    page = Explorer(stepper)
    return w.VBox([problems_box(query, query["lang"]), page, ShareLink(stepper, extra)])


TEXTS: dict[str, tuple[str, str]] = {
    "double_donkey.title": (
        "Double Donkey — play a whole game",
        "Double Donkey — ein ganzes Spiel",
    ),
    "double_donkey.blurb": (
        "Dice on the Hay card, secret cards, Angry Donkey flips and the Biggest Donkey, step by step.",
        "Würfel auf die Misthaufen-Karte, geheime Karten, wütende Esel und der Oberesel, Schritt für Schritt.",
    ),
    "double_down.title": (
        "Double Down — play a whole game",
        "Double Down — ein ganzes Spiel",
    ),
    "double_down.blurb": (
        "A running total that must dodge the doublets and 77: tokens, swimming, 2x and direction changes.",
        "Eine Summe, die Paschzahlen und der 77 ausweichen muss: Chips, Schwimmen, 2x und Richtungswechsel.",
    ),
    "esels_rennen.title": (
        "Esels-Rennen — play a whole race",
        "Esels-Rennen — ein ganzes Rennen",
    ),
    "esels_rennen.blurb": (
        "Three donkeys, arrows and chain reactions on a board you can change.",
        "Drei Esel, Pfeile und Kettenreaktionen auf einem Brett, das du ändern kannst.",
    ),
}
say = words("app/", TEXTS)


def _register(game: str, title: Say, blurb: Say, icon: str) -> None:
    def build(query: Query) -> Any:
        return build_game(game, query)

    register(AppInfo(game, title, blurb, icon, common_params(game), build, kind="game"))


_register(
    "double_donkey",
    say("double_donkey.title"),
    say("double_donkey.blurb"),
    "⚄",
)
_register(
    "double_down",
    say("double_down.title"),
    say("double_down.blurb"),
    "Σ",
)
_register(
    "esels_rennen",
    say("esels_rennen.title"),
    say("esels_rennen.blurb"),
    "⇗",
)
