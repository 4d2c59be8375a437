"""Esels-Rennen's lesson questions (``QUESTIONS`` → the lab's registry as ``esels_rennen.<name>``), with the words
their figures say.

- ``race_orders``: is the race fair? The probability of each finishing order under random play: exact from
  the race graph (``exact.race_odds``), simulated by sampling that graph (``fast_race``, or ``pure.RaceWalk``).
- ``race_orders_engine``: the same orders from random races played by the engine itself, action by action
  through ``apply``. The fast simulator samples the graph the exact answer solves, so only this simulation is a
  second, separate way to the answer; both share the rules of one move (``race.Track``), nothing else.
- ``best_order``: does a random race end in the most likely order (Lesson 4's headline, a running estimate)?

``engine_races`` also classifies every move of those races by why it set off no hop (ER-CHAIN-2/3, ER-END-1),
read from the engine's events: the tests compare it with ``exact.still_shares``. Why here: a game's package is
the one home of its content.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from donkeylab.core import CATALOGUE
from donkeylab.core.fastpath import have_numpy
from donkeylab.core.questions import GameQuestion, Param
from donkeylab.core.say import texts
from donkeylab.esels_rennen import pure
from donkeylab.esels_rennen.rules import CARDS

WORDS: dict[str, tuple[str, str]] = {
    "race_question": (
        "Esels-Rennen: probability of each finishing order (random play){board}",
        "Esels-Rennen: Wahrscheinlichkeit jeder Reihenfolge im Ziel (zufälliges Ziehen){board}",
    ),
    "race_engine_question": (
        "Esels-Rennen: each finishing order in random races the computer plays move by move{board}",
        "Esels-Rennen: jede Reihenfolge im Ziel bei Zufallsrennen{board}, vom Computer Zug für Zug gespielt",
    ),
    "on_board": (" on the {board}", " auf dem {board}"),
    "reconstruction": (
        " (our reconstruction, not the printed board)",
        " (unsere Rekonstruktion, nicht das gedruckte Brett)",
    ),
    "conv_best_order": (
        "Random races played by the game program on the {board} (our reconstruction): how often do they end "
        "in the most likely order? (after N races)",
        "Zufallsrennen, vom Spielprogramm auf dem {board} gespielt (unsere Rekonstruktion): Wie "
        "oft enden sie mit der häufigsten Reihenfolge? (nach N Rennen)",
    ),
}
# ``say(key, lang, **data)``: a figure word of this module in ``lang``, ``data`` filled in as given (already
# in ``lang``)
say = texts("figure/", WORDS)


def _board(value: Any) -> Any:
    from donkeylab.esels_rennen import Board, load_board

    return value if isinstance(value, Board) else load_board("default" if value is None else str(value))


def _board_words(board: Any, lang: str) -> str:
    """A board as the lessons call it: "standard board", "mini board", any other "board 'name'"."""
    from donkeylab.esels_rennen.messages import board_words

    return board_words(str(getattr(board, "name", board)), lang)


def _on_board(p: Mapping[str, Any], lang: str) -> dict[str, str]:
    shown = p["board"]
    on = say("on_board", lang, board=_board_words(shown, lang))
    return {"board": on + (say("reconstruction", lang) if shown.reconstruction else "")}


# ---------------------------------------------------------------------------------------------- race orders
def _race_exact(p: Mapping[str, Any]) -> dict[Any, Fraction]:
    from donkeylab.esels_rennen import exact

    return dict(exact.race_odds(p["board"], p["rules"]).order_probability)


@functools.lru_cache(maxsize=8)
def _race_arrays(board: Any, rules: Any) -> Any:
    """The race chain ready to sample: numpy alias tables, or ``pure.RaceWalk`` without numpy."""
    from donkeylab.esels_rennen import exact

    chain = exact.random_play_chain(board, rules)
    if not have_numpy():
        return pure.RaceWalk(chain)
    from donkeylab.esels_rennen import fast_race

    return fast_race.RaceArrays.from_chain(chain)


def _race_sample(size: int, seed: int, p: Mapping[str, Any]) -> Counter[Any]:

    arrays = _race_arrays(p["board"], p["rules"])
    orders: Mapping[tuple[str, ...], int]
    if isinstance(arrays, pure.RaceWalk):
        orders = arrays.orders(size, seed)
    else:
        from donkeylab.esels_rennen import fast_race

        orders = fast_race.simulate_races(arrays, size, seed).order_counts()
    return Counter({"".join(d[0].upper() for d in o): c for o, c in orders.items()})


# ---------------------------------------------------------------------------------------------- the engine's races
@dataclasses.dataclass
class EngineRaces:
    """What ``engine_races`` counted: finishing orders (card codes), moves, and moves with no hop by reason."""

    orders: Counter[Any]
    moves: int
    still: Counter[Any]  # the stop's message key (``race.STOP_*``) → moves that set off no hop for that reason

    def still_shares(self) -> dict[str, float]:
        return {key: n / self.moves for key, n in self.still.most_common()}


def engine_races(races: int, seed: int | str = 0, board: Any = "default", rules: Any = None) -> EngineRaces:
    """``races`` random races of 3 players played by the engine, every action through ``apply``.

    Every seat picks one of its legal actions uniformly (a pass when it must), as the exact answer assumes.
    A move (forward or back; not a pass) sets off no hop when its events hold no ER-CHAIN-1 hop; its reason
    is its last event's key, or the race's end (ER-END-1) when the move finished the race."""
    from donkeylab import esels_rennen as er
    from donkeylab.esels_rennen.messages import card_code
    from donkeylab.esels_rennen.race import STOP_RACE_OVER

    rng = random.Random(seed)
    start = er.new_game(3, rules, _board(board))
    orders: Counter[Any] = Counter()
    still: Counter[Any] = Counter()
    moves = 0
    for _ in range(races):
        s = start
        while not s.is_terminal():
            if s.is_chance():
                s = s.apply(s.sample_chance(rng))
                continue
            action = rng.choice(s.legal_actions())
            s = s.apply(action)
            if not isinstance(action, (er.Move, er.Back)):
                continue
            moves += 1
            if not any(e.key == "ER-CHAIN-1" for e in s.events):
                still[STOP_RACE_OVER[1] if s.is_terminal() else s.events[-1].key] += 1
        orders[card_code(s.podium)] += 1
    return EngineRaces(orders, moves, still)


def _engine_sample(size: int, seed: int, p: Mapping[str, Any]) -> Counter[Any]:
    return engine_races(size, seed, p["board"], p["rules"]).orders


# ---------------------------------------------------------------------------------------------- Lesson 4's headline
@functools.lru_cache(maxsize=4)
def _best(board: Any) -> tuple[str, Fraction]:
    from donkeylab.esels_rennen import exact
    from donkeylab.esels_rennen.messages import card_code

    odds = exact.race_odds(_board(board))
    card, p = max(odds.order_probability, key=lambda item: item[1])
    return (card if isinstance(card, str) else card_code(card)), p


def _order_exact(p: Mapping[str, Any]) -> dict[str, Fraction]:
    return {"p": _best(p["board"])[1]}


def _order_hits(size: int, seed: int, p: Mapping[str, Any]) -> list[bool]:
    from donkeylab import esels_rennen as er
    from donkeylab.esels_rennen.messages import card_code

    best = _best(p["board"])[0]
    rng = random.Random(seed)
    start = er.new_game(3, None, _board(p["board"]))
    out = [False] * size
    for i in range(size):
        s = start
        while not s.is_terminal():
            s = s.apply(s.sample_chance(rng) if s.is_chance() else rng.choice(s.legal_actions()))
        out[i] = card_code(s.podium) == best
    return out


def _order_label(code: Any, lang: str) -> str:
    """An order card in a figure as the lessons' tables name it: "red–green–yellow", "rot–grün–gelb" (the code
    "RGY" on a bar was a word a pupil had to decode; the figure breaks the name into lines to fit a phone)."""
    return CATALOGUE.term(str(code), lang)


def _best_words(p: Mapping[str, Any], lang: str) -> dict[str, str]:
    return {"board": _board_words(p["board"], lang)}  # "the mini board", never its code name


BOARD = Param("board", "default", "a packaged board's name (or a Board)", convert=_board)
RULES = Param("rules", None, "Esels-Rennen Rules (None: the defaults)")

QUESTIONS = (
    GameQuestion(
        "race_orders",
        "figure/race_question",
        "figure/race_axis",
        exact=_race_exact,
        params=(BOARD, RULES),
        rules=pure.RULES_COVERED,  # the fast path's too: it states them through its twin
        sample=_race_sample,
        figure="orders",
        words=_on_board,
        label=_order_label,
        outcomes=CARDS,  # the bars in the order cards' order (the lesson's guess offers them so), never re-sorted
        fast=True,
    ),
    GameQuestion(
        "race_orders_engine",
        "figure/race_engine_question",
        "figure/race_axis",
        exact=_race_exact,
        params=(BOARD, RULES),
        rules=("ER-SETUP-1", *pure.RULES_COVERED),  # the race model's rules and the start
        sample=_engine_sample,
        figure="orders",
        words=_on_board,
        label=_order_label,
        outcomes=CARDS,
        max_n=100_000,  # races through the engine: a whole run stays within a minute
        max_batch=1_000,  # a fraction of a second of races, so Stop answers within a second
    ),
    GameQuestion(
        "best_order",
        "figure/conv_best_order",
        "figure/estimated",
        exact=_order_exact,
        params=(BOARD,),
        sample=_order_hits,
        words=_best_words,
        figure="running",
        indexed=True,
        max_n=100_000,
        max_batch=2_000,
    ),
)
