"""Lesson questions whose simulation checks an exact answer another way (registered in ``questions``).

- ``double_down.next_card``: the next card at one running total, drawn at random from the full 56-card deck
  (the prediction of the Double Down lesson: at 70 it costs a token with probability 3/7).
- ``esels_rennen.race_orders_engine``: the finishing orders of random races played by the engine itself,
  action by action through ``EselsRennenState.apply`` (random legal actions, the engine's own chance). The
  exact answer solves the graph of race positions; the fast simulator samples that same graph, so only
  this simulation is a second, separate way to the answer. Both share the rules of one move (``race.Track``,
  tested rule by rule), nothing else.

``engine_races`` also classifies every move of those races by why it set off no hop (ER-CHAIN-2/3,
ER-END-1), read from the engine's events: the tests compare it with ``esels_rennen.exact.still_shares``.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from donkeylab.lab.figure_words import number, say
from donkeylab.lab.question_base import Counts, Exact, Param, Params, Question, _title, register, sim_module
from donkeylab.lab.questions_race import _board, _race_exact, race_orders_figure

if TYPE_CHECKING:
    import plotly.graph_objects as go

_DECK = SimpleNamespace(RULES_COVERED=("DN-PLAY-1", "DN-MINUS-1", "DN-ZERO-1", "DN-DOUBLET-1", "DN-BUST-1"))


def _engine_rules() -> SimpleNamespace:
    """What the engine's races cover: the fast race model's rules and the start (lab.fast loads numpy: late)."""
    race = sim_module("race")
    return SimpleNamespace(RULES_COVERED=("ER-SETUP-1", *race.RULES_COVERED))


OUTCOMES = ("safe", "doublet", "bust")


# ---------------------------------------------------------------------------------------------- Double Down
def _next_exact(p: Params) -> Exact:
    from donkeylab.double_down import exact

    return dict(exact.next_card_risk(p["total"]))


def _next_sample(size: int, seed: int, p: Params) -> Counts:
    from donkeylab.double_down import exact
    from donkeylab.double_down.deck import CARD_KIND, KINDS
    from donkeylab.lab import pure

    outcome = [exact.play_outcome(p["total"], KINDS[k]) for k in CARD_KIND]  # one entry per card of the deck
    counts: Counts = Counter(dict.fromkeys(OUTCOMES, 0))
    if not pure.have_numpy():  # the browser: the same draw, one card at a time
        counts.update(pure.next_card_outcomes(outcome, size, seed))
        return counts
    import numpy as np

    drawn = np.random.default_rng(seed).integers(0, len(CARD_KIND), size)
    per_card = np.bincount(drawn, minlength=len(CARD_KIND))
    for card, n in enumerate(per_card.tolist()):
        counts[outcome[card]] += n
    return counts


def _next_draw(ex: Exact, counts: Counts | None, n: int, p: Params, lang: str) -> go.Figure:
    from donkeylab.lab import figures

    shown = {say(o, lang): q for o, q in ex.items()}
    sim = None
    if counts is not None:
        sim = {say(o, lang): e for o, e in figures.estimates_from_counts(counts, n, list(ex)).items()}
    title = _title(say("next_card_title", lang, total=number(p["total"], lang)), _DECK, lang)
    return figures.exact_vs_simulated(shown, sim, title, say("next_card_axis", lang), lang=lang)


register(
    Question(
        "double_down.next_card",
        "Double Down: the next card at one running total, drawn at random from a full deck",
        (Param("total", 70, "the running total before the card", convert=int),),
        _next_exact,
        _next_draw,
        _next_sample,
        fast=True,
    )
)


# ---------------------------------------------------------------------------------------------- Esels-Rennen
@dataclass
class EngineRaces:
    """What ``engine_races`` counted: finishing orders (card codes), moves, and moves with no hop by reason."""

    orders: Counts
    moves: int
    still: Counts  # the stop's message key (``race.STOP_*``) → moves that set off no hop for that reason

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
    orders: Counts = Counter()
    still: Counts = Counter()
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


def _engine_sample(size: int, seed: int, p: Params) -> Counts:
    return engine_races(size, seed, p["board"], p["rules"]).orders


_engine_draw = race_orders_figure("race_engine_question", _engine_rules)


register(
    Question(
        "esels_rennen.race_orders_engine",
        "Esels-Rennen: the finishing orders of random races played by the engine itself",
        (
            Param("board", "default", "a packaged board's name (or a Board)", convert=_board),
            Param("rules", None, "Esels-Rennen Rules (None: the defaults)"),
        ),
        _race_exact,
        _engine_draw,
        _engine_sample,
        max_n=100_000,  # the engine plays ~2,500 races a second here: 40 s at most
        max_batch=1_000,  # ~0.4 s, so Stop answers within a second
    )
)
