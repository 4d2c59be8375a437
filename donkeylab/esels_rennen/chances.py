"""Esels-Rennen: for each legal move, the exact chance of each finishing order and the mover's expected points.

The rest of the race is played by the pages' bots (``bots.Random``: a uniformly random legal move, or the
pass). Under random play the race is the Markov chain of ``exact`` over race positions (who holds which card
does not change where the donkeys go), so the chance of each finishing order from *every* position is one
backward solve of that chain, cached per board and rules: ``h = r + Q h`` class by class (sinks first,
singletons directly, each cyclic class by exact Gaussian elimination). A move's row is a lookup of the
position it leads to. Only the mover's own order card(s) enter (ER-SCORE-1: with two cards the better one
counts), so the hidden cards of the others never matter.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Final

from donkeylab.core import numbers
from donkeylab.core.chances import Chances, MoveChances, empty, no_decision, outcomes_of, ranked
from donkeylab.core.say import words
from donkeylab.esels_rennen.exact import ExactSum, _graph, solve_integer, strongly_connected
from donkeylab.esels_rennen.graph import Node, RaceGraph, node_of
from donkeylab.esels_rennen.messages import card_code
from donkeylab.esels_rennen.rules import CARD_ORDER, CARDS, DONKEYS, NAME, best_points
from donkeylab.esels_rennen.state import EselsRennenState

say = words(
    "esels_rennen/chances/",
    {
        "counted": (
            "the exact chance of each finishing order after this move, and the points you can expect from your own "
            "card (2 for the right winner, 1 for the right second, 1 for the first two swapped; if you "
            "hold two cards, the better one counts); the finishing orders of your card are marked",
            "die exakte Chance jeder Zielreihenfolge nach diesem Zug und die Punkte, die du mit deiner Karte "
            "erwarten kannst (2 für den richtigen Sieger, 1 für den richtigen Zweiten, 1 für die ersten "
            "zwei vertauscht; hast du zwei Karten, zählt die bessere); die Reihenfolgen deiner Karte sind markiert",
        ),
        "value": ("expected points", "erwartete Punkte"),
        "assumed": (
            "every later move is made at random, each allowed move (or the pass) equally likely, your own later moves "
            "too",
            "jeder spätere Zug ist zufällig, jeder erlaubte Zug (oder Passen) gleich wahrscheinlich, auch deine "
            "eigenen späteren Züge",
        ),
        "outcome/order": ("{x}", "{x}"),
        "outcome/mine": ("{x} (your card)", "{x} (deine Karte)"),
        "mine_note": ("your card's order: {p}", "Reihenfolge deiner Karte: {p}"),
    },
)
COUNTED: Final = say("counted")
VALUE_NAME: Final = say("value")
ASSUMED: Final = say("assumed")
Absorption = tuple[Fraction, ...]  # P(each order of CARDS) from one position


def chances(state: EselsRennenState, seat: int | None = None) -> Chances:
    """The chances table of the player to move in ``state`` (``seat``: whose eyes; None = the player to move)."""
    reason = no_decision(state.current_player, seat)
    if reason:
        return empty(NAME, seat, reason, COUNTED, VALUE_NAME, ASSUMED)
    mover = state.current_player
    assert isinstance(mover, int)
    mine = tuple(state.cards[mover])
    graph = _graph(state.track.board, state.rules)
    index, absorb = _solved(graph)
    rows = []
    for action in state.legal_actions():
        after = state.apply(action)
        node = node_of(graph.track, after._pos, after._podium, after._last)
        odds = absorb[index[node]]
        rows.append(_row(str(action), _label(action), odds, mine))
    return Chances(NAME, mover, ranked(rows, True), COUNTED, VALUE_NAME, True, ASSUMED)


def _label(action: object) -> str:
    donkey, to = getattr(action, "donkey", None), getattr(action, "to", None)
    if donkey is None:
        return "pass"
    way = "back" if type(action).__name__ == "Back" else "forward"
    return f"{donkey} {way} to {to}"


@dataclass(frozen=True)
class Percent:
    """A probability written as a percentage in the page's language (``Say`` data: called with it); equal when
    the probability is, so two tables with the same numbers are equal."""

    p: Fraction

    def __call__(self, lang: str) -> str:
        return f"{numbers.decimal(100 * self.p, lang, 1)} %"


def _row(action: str, label: str, odds: Absorption, mine: tuple[str, ...]) -> MoveChances:
    points = sum((p * best_points(mine, CARD_ORDER[c]) for c, p in zip(CARDS, odds, strict=True)), Fraction(0))
    names = [f"{'mine' if c in mine else 'order'}:{c}" for c in CARDS]  # the term: red–green–yellow, rot–grün–gelb
    win = sum((p for c, p in zip(CARDS, odds, strict=True) if c in mine), Fraction(0))
    note = (say("mine_note", p=Percent(win)),)
    return MoveChances(action, label, outcomes_of(zip(names, odds, strict=True)), points, note)


def order_odds(state: EselsRennenState) -> dict[str, Fraction]:
    """P(each finishing order, card code → probability) from ``state`` with random play (every state, any phase
    but the deal: a finished race gives its own order with probability 1)."""
    graph = _graph(state.track.board, state.rules)
    index, absorb = _solved(graph)
    node = node_of(graph.track, state._pos, state._podium, state._last)
    return dict(zip(CARDS, absorb[index[node]], strict=True))


@lru_cache(maxsize=4)
def _solved(graph: RaceGraph) -> tuple[dict[Node, int], tuple[Absorption, ...]]:
    """Per node of ``graph``: P(the race ends in each order of ``CARDS``) under random play (exact)."""
    n = len(graph.nodes)
    h: list[Absorption | None] = [None] * n
    for i in range(n):
        if graph.is_over(i):
            code = card_code(tuple(DONKEYS[d] for d in graph.nodes[i][1]))
            h[i] = tuple(Fraction(int(c == code)) for c in CARDS)
    for comp in reversed(strongly_connected(graph)):
        if h[comp[0]] is not None:
            continue
        if len(comp) == 1 and all(j != comp[0] for j, _ in graph.edges[comp[0]]):
            h[comp[0]] = _mean([h[j] for j, _ in graph.edges[comp[0]]])
        else:
            for i, row in zip(comp, _solve_class(graph, comp, h), strict=True):
                h[i] = row
    index = {node: i for i, node in enumerate(graph.nodes)}
    return index, tuple(row if row is not None else (Fraction(0),) * 6 for row in h)


def _mean(rows: list[Absorption | None]) -> Absorption:
    """The average of the rows (one per legal move: the random bot's uniform choice), summed over one lcm."""
    out = []
    for c in range(len(CARDS)):
        total = ExactSum()
        for r in rows:
            assert r is not None, "classes are solved sinks first"
            total.add(r[c].numerator, r[c].denominator)
        out.append(Fraction(total.numerator, total.denominator * len(rows)))
    return tuple(out)


def _solve_class(graph: RaceGraph, comp: list[int], h: list[Absorption | None]) -> list[Absorption]:
    """Solve ``k·h_i − Σ_{j in comp} h_j = Σ_{j outside} h_j`` (``k`` = moves of i) for one cyclic class.

    The equations have integer coefficients and the right-hand sides (the already solved classes) are put over
    one common denominator, so ``exact.solve_integer`` solves every card's column at once on integers.
    """
    local = {node: r for r, node in enumerate(comp)}
    width = len(CARDS)
    outside = [[h[j] for j, _ in graph.edges[i] if j not in local] for i in comp]
    denom = math.lcm(*(x.denominator for rows in outside for row in rows if row is not None for x in row))
    rows: list[dict[int, int]] = []
    rhs: list[list[int]] = []
    for r, i in enumerate(comp):
        row: dict[int, int] = {r: len(graph.edges[i])}
        for j, _ in graph.edges[i]:
            if j in local:
                row[local[j]] = row.get(local[j], 0) - 1
        rows.append({c: x for c, x in row.items() if x})
        b = [0] * width
        for hj in outside[r]:
            assert hj is not None, "classes are solved sinks first"
            b = [x + int(y * denom) for x, y in zip(b, hj, strict=True)]
        rhs.append(b)
    return [tuple(x / denom for x in row) for row in solve_integer(rows, rhs)]


def consistent(state: EselsRennenState, seat: int, rng: random.Random) -> EselsRennenState:
    """A state equal to ``state`` in everything ``seat`` can see: the other players' order cards dealt afresh
    from the cards ``seat`` does not hold. For tests and rollouts."""
    rest = [c for c in CARDS if c not in state.cards[seat]]
    rng.shuffle(rest)
    cards = []
    for p in range(state.num_players):
        if p == seat:
            cards.append(tuple(state.cards[p]))
        else:
            n = len(state.cards[p])
            cards.append(tuple(rest[:n]))
            rest = rest[n:]
    new = state._copy()
    new._cards, new._hidden = tuple(cards), tuple(rest)
    return new
