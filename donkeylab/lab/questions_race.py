"""The Esels-Rennen finishing-order question and the pieces the race-order check shares with it.

Its own module so that ``questions_checks`` can reuse the board reader and the figure without importing
``questions`` (which imports it): no circle.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from donkeylab.lab.figure_words import board_words, say
from donkeylab.lab.question_base import Counts, Exact, Param, Params, Question, _title, register, sim_module

if TYPE_CHECKING:
    import plotly.graph_objects as go


def _board(value: Any) -> Any:
    from donkeylab.esels_rennen import Board, load_board

    return value if isinstance(value, Board) else load_board("default" if value is None else str(value))


def _race_exact(p: Params) -> Exact:
    from donkeylab.esels_rennen import exact

    return dict(exact.race_odds(p["board"], p["rules"]).order_probability)


@lru_cache(maxsize=8)
def _race_arrays(board: Any, rules: Any) -> Any:
    """The race chain ready to sample: numpy alias tables, or ``pure.RaceWalk`` without numpy."""
    from donkeylab.esels_rennen import exact
    from donkeylab.lab import pure

    chain = exact.random_play_chain(board, rules)
    if not pure.have_numpy():
        return pure.RaceWalk(chain)
    from donkeylab.lab.fast import race

    return race.RaceArrays.from_chain(chain)


def _race_sample(size: int, seed: int, p: Params) -> Counts:
    from donkeylab.lab import pure

    arrays = _race_arrays(p["board"], p["rules"])
    orders: Mapping[tuple[str, ...], int]
    if isinstance(arrays, pure.RaceWalk):
        orders = arrays.orders(size, seed)
    else:
        from donkeylab.lab.fast import race

        orders = race.simulate_races(arrays, size, seed).order_counts()
    return Counter({"".join(d[0].upper() for d in o): c for o, c in orders.items()})


def race_orders_figure(question_key: str, covered: Any) -> Any:
    """The draw function of a finishing-order question: the title ``question_key`` on the board, the rules
    ``covered`` (a module or namespace with ``RULES_COVERED``) named under it."""

    def draw(ex: Exact, counts: Counts | None, n: int, p: Params, lang: str) -> go.Figure:
        from donkeylab.lab import figures

        shown = p["board"]
        on = say("on_board", lang, board=board_words(shown, lang))
        label = on + (say("reconstruction", lang) if shown.reconstruction else "")
        title = _title(say(question_key, lang, board=label), covered() if callable(covered) else covered, lang)
        sim = figures.estimates_from_counts(counts, n, list(ex)) if counts is not None else None
        return figures.race_orders(ex, sim, title, lang)

    return draw


def _fast_race() -> Any:
    return sim_module("race")


_race_draw = race_orders_figure("race_question", _fast_race)


register(
    Question(
        "esels_rennen.race_orders",
        "Esels-Rennen: is the race fair? The probability of each finishing order",
        (
            Param("board", "default", "a packaged board's name (or a Board)", convert=_board),
            Param("rules", None, "Esels-Rennen Rules (None: the defaults)"),
        ),
        _race_exact,
        _race_draw,
        _race_sample,
        fast=True,
    )
)
