"""The free-play apps: a whole game with teacher controls (seed, variant, rule options, players, seat view,
forcing the dice or the deal by typing the chance outcome) and a link that reproduces the step.

Every game of ``games.GAMES`` gets one, built from its ``GameInfo`` alone: link parameters from its options
and set-up, rules by ``info.rules``, views as the game declares them, and the gallery card from its own
messages (``<game>/free_play``, ``<game>/blurb``, else its title) and ``ICON``.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from donkeylab.core.say import words
from donkeylab.games import GAMES, info
from donkeylab.links import rules_of, setup_of
from donkeylab.pages.query import Query
from donkeylab.pages.registry import APPS, AppInfo, common_params, problems_box, register


def build_game(game: str, query: Query) -> Any:
    """The explorer of ``game`` at the step, seed, players, rules, language and seat the link asks for."""
    from donkeylab.widgets.best_move import BestMoveQuiz
    from donkeylab.widgets.chances import ChancesPanel
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
    if query.values.get("sub") is not None:
        stepper.show_events(query["sub"])
    problems = problems_box(query, query["lang"])
    stepper.observe(lambda change: problems.set_lang(change["new"]), names="lang")  # the page's one language menu
    chances = ChancesPanel(stepper, shown=query["odds"] == "1")  # off unless the link asks (?odds=1)
    share = ShareLink(stepper)
    share.follow(chances.toggle, "odds")
    # "which move is best here?" asked before the panel answers it
    return w.VBox([problems, Explorer(stepper), BestMoveQuiz(chances), chances, share])


def register_game(game: str) -> AppInfo:
    """The free-play app of a registered game (its gallery card from ``CARDS``, else its title)."""
    gi = info(game)

    def build(query: Query) -> Any:
        return build_game(game, query)

    # The card's words are the game's own messages, registered as this app's catalogue entries.
    card = {
        "title": (gi.text("free_play", "en", gi.title("en")), gi.text("free_play", "de", gi.title("de"))),
        "blurb": (gi.text("blurb", "en"), gi.text("blurb", "de")),
    }
    say = words(f"app/{game}/", {k: (en.replace("{", "{{"), de.replace("{", "{{")) for k, (en, de) in card.items()})
    return register(AppInfo(game, say("title"), say("blurb"), gi.icon, common_params(game), build, kind="game"))


def _late_games() -> None:
    """The app of every game registered since (``Apps.catch_up``): ``games.register`` is a new game's one call."""
    for game in GAMES:
        if not dict.__contains__(APPS, game):
            register_game(game)


_late_games()
APPS.catch_up.append(_late_games)
