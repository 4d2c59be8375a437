"""Exact race odds under uniformly random play: "is the race fair, and which card should I hope for?".

Random play makes the race a Markov chain over race positions (``graph.explore``): at each position the
player to act picks one of its legal moves uniformly (or passes). Back moves on sand (ER-MOVE-2) make the
chain cyclic, so it is solved exactly with ``Fraction`` arithmetic: the expected number of visits of every
position, ``v = start + Qᵀ v``, is computed strongly connected component by component in topological order
(singletons directly, each cyclic component by exact Gaussian elimination). Everything else follows from
``v``: the chance of each finishing order is the visits of its finished node, the expected number of turns
is the sum of visits of unfinished positions, the chain-length distribution weighs each move by visits.
Results are cached per board and rules.

``random_play_chain`` exposes the same chain for the lab's numpy fast path (see ``RaceChain``).
"""

from __future__ import annotations

import itertools
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from donkeylab.esels_rennen.board import Board
from donkeylab.esels_rennen.graph import RaceGraph, explore
from donkeylab.esels_rennen.messages import card_code
from donkeylab.esels_rennen.race import Track
from donkeylab.esels_rennen.rules import CARD_ORDER, CARDS, DONKEYS, Rules, card_points

ALL_ORDERS = tuple(itertools.permutations(range(3)))


@dataclass(frozen=True, slots=True)
class RaceChain:
    """The race under uniformly random play as a Markov chain (one step = one player's turn).

    - ``states``: hashable position keys ``(pos, podium, last)`` (see ``graph``); index 0 is the start position
      after setup (with ``start_order="random"`` the race starts at one of ``start``'s states instead).
    - ``successors[i]``: ``(next index, exact probability)`` pairs summing to 1—a uniform choice among the legal
      moves of the player to act (moves reaching the same position merged), or the pass; empty once over.
    - ``outcome[i]``: the finishing order such as ``("red", "green", "yellow")`` if the race is over there.
    - ``start``: the start distribution, ``((0, Fraction(1)),)`` unless the start order is random.
    """

    states: tuple[tuple[object, ...], ...]
    successors: tuple[tuple[tuple[int, Fraction], ...], ...]
    outcome: tuple[tuple[str, str, str] | None, ...]
    start: tuple[tuple[int, Fraction], ...]


@dataclass(frozen=True, slots=True)
class RaceOdds:
    """The exact results of one board and rules (all ``Fraction``s)."""

    order_probability: tuple[tuple[str, Fraction], ...]  # card code → P(that finishing order)
    expected_turns: Fraction
    expected_passes: Fraction
    chain_lengths: tuple[tuple[int, Fraction], ...]  # hops → expected number of moves with that chain length
    positions: int
    largest_cycle_class: int  # size of the largest strongly connected set of positions solved as a system
    seconds: float

    def expected_points(self, card: str) -> Fraction:
        """ER-SCORE-1 points the holder of ``card`` can expect from one race (a single card)."""
        return sum((p * card_points(card, CARD_ORDER[o]) for o, p in self.order_probability), Fraction(0))


def _resolve(board: Board | None, rules: Rules | None) -> tuple[Track, Rules]:
    from donkeylab.esels_rennen import _packaged, track_for

    rules = rules or Rules()
    return track_for(board or _packaged("default"), rules), rules


def _graph(track: Track, rules: Rules) -> RaceGraph:
    return explore(track, ALL_ORDERS if rules.start_order == "random" else ((0, 1, 2),))


def random_play_chain(board: Board | None = None, rules: Rules | None = None) -> RaceChain:
    """The Markov chain of a race under uniformly random play (default board and rules if omitted)."""
    track, rules = _resolve(board, rules)
    return _chain(track, rules)


@lru_cache(maxsize=8)
def _chain(track: Track, rules: Rules) -> RaceChain:
    graph = _graph(track, rules)
    successors = []
    for out in graph.edges:
        merged: Counter[int] = Counter(j for j, _ in out)
        successors.append(tuple((j, Fraction(n, len(out))) for j, n in sorted(merged.items())))
    outcome = tuple(_outcome(graph, i) for i in range(len(graph.nodes)))
    p = Fraction(1, len(graph.starts))
    start = tuple((i, p * n) for i, n in sorted(Counter(graph.starts).items()))
    return RaceChain(graph.nodes, tuple(successors), outcome, start)


def _outcome(graph: RaceGraph, i: int) -> tuple[str, str, str] | None:
    if not graph.is_over(i):
        return None
    a, b, c = (DONKEYS[d] for d in graph.nodes[i][1])
    return (a, b, c)


def race_odds(board: Board | None = None, rules: Rules | None = None) -> RaceOdds:
    """Exact finishing-order probabilities, expected turns and chain lengths under random play (cached)."""
    track, rules = _resolve(board, rules)
    return _odds(track, rules)


@lru_cache(maxsize=8)
def _odds(track: Track, rules: Rules) -> RaceOdds:
    began = time.perf_counter()
    graph = _graph(track, rules)
    visits, largest = expected_visits(graph)
    orders: dict[str, Fraction] = dict.fromkeys(CARDS, Fraction(0))
    turns = passes = Fraction(0)
    lengths: defaultdict[int, Fraction] = defaultdict(Fraction)
    for i, (pos, podium, last) in enumerate(graph.nodes):
        v = visits[i]
        if graph.is_over(i):
            orders[card_code(tuple(DONKEYS[d] for d in podium))] += v
            continue
        turns += v
        if not track.moves(pos, last):
            passes += v
            continue
        share = v / len(graph.edges[i])
        for _, hops in graph.edges[i]:
            lengths[hops] += share
    return RaceOdds(
        order_probability=tuple(orders.items()),
        expected_turns=turns,
        expected_passes=passes,
        chain_lengths=tuple(sorted(lengths.items())),
        positions=len(graph.nodes),
        largest_cycle_class=largest,
        seconds=time.perf_counter() - began,
    )


def expected_visits(graph: RaceGraph) -> tuple[list[Fraction], int]:
    """Exact expected visits of every node from the start distribution; also the largest cyclic class size."""
    n = len(graph.nodes)
    acc = [Fraction(0)] * n
    for s in graph.starts:
        acc[s] += Fraction(1, len(graph.starts))
    visits = [Fraction(0)] * n
    largest = 1
    for comp in strongly_connected(graph):
        if len(comp) == 1 and all(j != comp[0] for j, _ in graph.edges[comp[0]]):
            visits[comp[0]] = acc[comp[0]]
        else:
            largest = max(largest, len(comp))
            for i, v in zip(comp, _solve_class(graph, comp, acc), strict=True):
                visits[i] = v
        inside = set(comp)
        for i in comp:
            out = graph.edges[i]
            if out and visits[i]:
                share = visits[i] / len(out)
                for j, _ in out:
                    if j not in inside:
                        acc[j] += share
    return visits, largest


def _solve_class(graph: RaceGraph, comp: list[int], acc: list[Fraction]) -> list[Fraction]:
    """Solve ``v = acc + Qᵀ v`` on one strongly connected class exactly.

    Sparse Gaussian elimination with the Markowitz pivot rule (fewest fill-ins first), then back
    substitution: on the default board this keeps the largest class (hundreds of positions) to seconds
    instead of minutes with dense elimination.
    """
    local = {node: k for k, node in enumerate(comp)}
    n = len(comp)
    rows: list[dict[int, Fraction]] = [{k: Fraction(1)} for k in range(n)]
    cols: list[set[int]] = [{k} for k in range(n)]
    rhs = [acc[i] for i in comp]
    for i in comp:
        out = graph.edges[i]
        for j, _ in out:
            if j in local:  # visits flow i → j: row j gets −P(i→j) in column i
                r, c = local[j], local[i]
                rows[r][c] = rows[r].get(c, Fraction(0)) - Fraction(1, len(out))
                cols[c].add(r)
    todo = set(range(n))
    order: list[int] = []
    while todo:
        k = min(todo, key=lambda x: ((len(rows[x]) - 1) * (len(cols[x]) - 1), x))
        todo.discard(k)
        order.append(k)
        _eliminate(rows, cols, rhs, k, todo)
    v = [Fraction(0)] * n
    for k in reversed(order):
        total = rhs[k] - sum((x * v[c] for c, x in rows[k].items() if c != k), Fraction(0))
        v[k] = total / rows[k][k]
    return v


def _eliminate(
    rows: list[dict[int, Fraction]], cols: list[set[int]], rhs: list[Fraction], k: int, todo: set[int]
) -> None:
    """Remove unknown ``k`` from every remaining row (one step of sparse Gaussian elimination)."""
    pivot_row = rows[k]
    pivot = pivot_row[k]
    for r in cols[k] & todo:
        row = rows[r]
        factor = row.pop(k) / pivot
        for c, x in pivot_row.items():
            if c == k:
                continue
            value = row.get(c, Fraction(0)) - factor * x
            if value:
                row[c] = value
                cols[c].add(r)
            else:
                row.pop(c, None)
                cols[c].discard(r)
        rhs[r] -= factor * rhs[k]


def strongly_connected(graph: RaceGraph) -> list[list[int]]:
    """Tarjan's algorithm (iterative); classes in topological order (every edge goes to the same or a later one)."""
    n = len(graph.nodes)
    index = [-1] * n
    low = [0] * n
    on_stack = [False] * n
    stack: list[int] = []
    out: list[list[int]] = []
    counter = 0
    for root in range(n):
        if index[root] != -1:
            continue
        work = [(root, 0)]
        while work:
            v, k = work.pop()
            if k == 0:
                index[v] = low[v] = counter
                counter += 1
                stack.append(v)
                on_stack[v] = True
            edges = graph.edges[v]
            while k < len(edges):
                w = edges[k][0]
                k += 1
                if index[w] == -1:
                    work.append((v, k))
                    work.append((w, 0))
                    break
                if on_stack[w]:
                    low[v] = min(low[v], index[w])
            else:
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on_stack[w] = False
                        comp.append(w)
                        if w == v:
                            break
                    out.append(comp)
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[v])
    return out[::-1]


def lesson_tables(board: Board | None = None, rules: Rules | None = None) -> dict[str, list[dict[str, object]]]:
    """The exact tables of the lesson "is the race fair, and which card should I hope for?" (plain rows).

    - ``finishing_orders``: per order card, the chance that the race ends in its order and the ER-SCORE-1
      points its holder can expect;
    - ``chain_lengths``: per chain length (hops), the expected number of such moves per race and their share;
    - ``race``: expected turns and passes per race, the size of the Markov chain and the solve time.

    Readable rounded columns come first; the exact ``Fraction`` columns (``*_exact``, ``value``) come last,
    because their numerators and denominators run to hundreds of digits on the default board.
    """
    odds = race_odds(board, rules)
    orders: list[dict[str, object]] = []
    for card, p in odds.order_probability:
        points = odds.expected_points(card)
        orders.append(
            {
                "card": card,
                "order": "–".join(CARD_ORDER[card]),
                "percent": round(100 * float(p), 2),
                "expected_points": round(float(points), 4),
                "probability_exact": p,
                "expected_points_exact": points,
            }
        )
    moves = sum((n for _, n in odds.chain_lengths), Fraction(0))
    lengths: list[dict[str, object]] = [
        {
            "hops": hops,
            "percent": round(100 * float(n / moves), 2),
            "expected_moves": round(float(n), 4),
            "share_exact": n / moves,
            "expected_moves_exact": n,
        }
        for hops, n in odds.chain_lengths
    ]
    race: list[dict[str, object]] = [
        {"quantity": "expected turns per race", "approx": float(odds.expected_turns), "value": odds.expected_turns},
        {"quantity": "expected passes per race", "approx": float(odds.expected_passes), "value": odds.expected_passes},
        {"quantity": "race positions (Markov states)", "approx": odds.positions, "value": odds.positions},
        {"quantity": "largest cyclic class", "approx": odds.largest_cycle_class, "value": odds.largest_cycle_class},
        {"quantity": "solve time (s)", "approx": round(odds.seconds, 3), "value": round(odds.seconds, 3)},
    ]
    return {"finishing_orders": orders, "chain_lengths": lengths, "race": race}
