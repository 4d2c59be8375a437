"""Exact race odds under uniformly random play: "is the race fair, and which card should I hope for?".

Random play makes the race a Markov chain over race positions (``graph.explore``): at each position the
player to act picks one of its legal moves uniformly (or passes). Back moves on sand (ER-MOVE-2) make the
chain cyclic, so it is solved exactly with ``Fraction`` arithmetic: the expected number of visits of every
position, ``v = start + Qᵀ v``, is computed strongly connected component by component in topological order
(singletons directly, each cyclic component by exact fraction-free sparse elimination). Everything else follows from
``v``: the chance of each finishing order is the visits of its finished node, the expected number of turns
is the sum of visits of unfinished positions, the chain-length distribution weighs each move by visits.
Results are cached per board and rules; the packaged boards' odds under the default rules are solved once and
shipped (``odds_table``).

``random_play_chain`` exposes the same chain for the lab's numpy fast path (see ``RaceChain``).
"""

from __future__ import annotations

import math
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, fields
from fractions import Fraction
from functools import lru_cache

from donkeylab.core.setup import check_rules
from donkeylab.esels_rennen import odds_table
from donkeylab.esels_rennen.board import Board, load_board, packaged_boards
from donkeylab.esels_rennen.graph import ALL_ORDERS, FIXED_ORDER, RaceGraph, reachable
from donkeylab.esels_rennen.messages import card_code
from donkeylab.esels_rennen.race import STOP_RACE_OVER, Turn
from donkeylab.esels_rennen.rules import CARD_ORDER, CARDS, DONKEYS, PLAYERS, Rules, card_points


@dataclass(frozen=True, slots=True)
class RaceChain:
    """The race under uniformly random play as a Markov chain (one step = one player's turn).

    - ``states``: hashable position keys ``(pos, podium, last)`` (see ``graph``): ``pos`` holds the index into
      ``board.fields`` of red, green and yellow (-1 on the podium), ``podium`` donkey indices (0 red, 1 green,
      2 yellow) in finishing order, ``last`` the donkey that may not move back (-1 none). Index 0 is the start
      position after setup (with ``start_order="random"`` the race starts at one of ``start``'s states).
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
    # Why a move set off no hop (the stop's message key, ``race.STOP_*``) → expected number of such moves.
    still_moves: tuple[tuple[str, Fraction], ...]
    positions: int
    largest_cycle_class: int  # size of the largest strongly connected set of positions solved as a system
    seconds: float

    def expected_points(self, card: str) -> Fraction:
        """ER-SCORE-1 points the holder of ``card`` can expect from one race (a single card)."""
        return sum((p * card_points(card, CARD_ORDER[o]) for o, p in self.order_probability), Fraction(0))


def _resolve(board: Board | None, rules: Rules | None) -> tuple[Board, Rules]:
    from donkeylab.esels_rennen import _packaged, track_for

    rules = check_rules(Rules, rules, game=PLAYERS.game, rule=PLAYERS.rule)  # None: the defaults
    board = _packaged("default") if board is None else board
    track_for(board, rules)  # validates the board for these rules (ER-BOARD-2) and explores it once
    return board, rules


def _graph(board: Board, rules: Rules) -> RaceGraph:
    orders = ALL_ORDERS if rules.start_order == "random" else FIXED_ORDER
    return reachable(board, rules.sand, rules.finish_arrows, orders)


def random_play_chain(board: Board | None = None, rules: Rules | None = None) -> RaceChain:
    """The Markov chain of a race under uniformly random play (default board and rules if omitted)."""
    return _chain(*_resolve(board, rules))


@lru_cache(maxsize=4)
def _chain(board: Board, rules: Rules) -> RaceChain:
    graph = _graph(board, rules)
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


def stop_key(turn: Turn) -> str:
    """Why ``turn``'s chain stopped: the message key of its stop (``race.STOP_*``; the race's end included)."""
    if turn.over:
        return STOP_RACE_OVER[1]
    return turn.records[-1].key


def still_shares(odds: RaceOdds) -> dict[str, Fraction]:
    """Why a move sets off no hop, as shares of all moves (passes are not moves), largest first."""
    moves = sum((n for _, n in odds.chain_lengths), Fraction(0))
    return {key: n / moves for key, n in odds.still_moves}


def race_odds(board: Board | None = None, rules: Rules | None = None) -> RaceOdds:
    """Exact finishing-order probabilities, expected turns and chain lengths under random play (cached)."""
    return _odds(*_resolve(board, rules))


@lru_cache(maxsize=4)
def _odds(board: Board, rules: Rules) -> RaceOdds:
    began = time.perf_counter()
    stored = odds_table.read(board.name) if rules == Rules() and _is_packaged(board) else None
    if stored is not None:
        return RaceOdds(**{**stored, "seconds": time.perf_counter() - began})
    return _solve(board, rules)


def _is_packaged(board: Board) -> bool:
    return board.name in packaged_boards() and board == load_board(board.name)


def odds_fields(odds: RaceOdds) -> dict[str, object]:
    """``odds`` as a dict of its fields, as ``odds_table`` stores it (without the seconds it took)."""
    return {f.name: getattr(odds, f.name) for f in fields(odds) if f.name != "seconds"}


def solve_odds(board: Board, rules: Rules | None = None) -> RaceOdds:
    """Solve the race's chain for ``board`` and ``rules`` (defaults if None), never reading a stored table."""
    return _solve(*_resolve(board, rules))


def _solve(board: Board, rules: Rules) -> RaceOdds:
    began = time.perf_counter()
    graph = _graph(board, rules)
    track = graph.track
    visits, largest = expected_visits(graph)
    orders: dict[str, Fraction] = dict.fromkeys(CARDS, Fraction(0))
    turns, passes = ExactSum(), ExactSum()
    lengths: defaultdict[int, ExactSum] = defaultdict(ExactSum)
    still: defaultdict[str, ExactSum] = defaultdict(ExactSum)
    for i, (pos, podium, last) in enumerate(graph.nodes):
        v = visits[i]
        if graph.is_over(i):
            orders[card_code(tuple(DONKEYS[d] for d in podium))] += v
            continue
        turns.add(v.numerator, v.denominator)
        if not track.moves(pos, last):
            passes.add(v.numerator, v.denominator)
            continue
        out = graph.edges[i]
        for hops, n in Counter(h for _, h in out).items():
            lengths[hops].add(v.numerator * n, v.denominator * len(out))
        for (d, target, _), (_, hops) in zip(track.moves(pos, last), out, strict=True):
            if hops == 0:  # edges follow the moves' order (graph.explore)
                still[stop_key(track.resolve(pos, podium, d, target, records=True))].add(
                    v.numerator, v.denominator * len(out)
                )
    return RaceOdds(
        order_probability=tuple(orders.items()),
        expected_turns=turns.value(),
        expected_passes=passes.value(),
        chain_lengths=tuple(sorted((h, total.value()) for h, total in lengths.items())),
        still_moves=tuple(sorted(((k, total.value()) for k, total in still.items()), key=lambda kv: -kv[1])),
        positions=len(graph.nodes),
        largest_cycle_class=largest,
        seconds=time.perf_counter() - began,
    )


class ExactSum:
    """Sums thousands of huge fractions fast: numerators are added over the running lcm of the denominators.

    ``Fraction.__add__`` reduces after every addition (several big gcds each time); here each *distinct*
    denominator costs one gcd and each term one multiplication, and the result is reduced once.
    """

    def __init__(self) -> None:
        self.numerator = 0
        self.denominator = 1

    def add(self, numerator: int, denominator: int) -> None:
        if self.denominator % denominator:
            grow = denominator // math.gcd(self.denominator, denominator)
            self.numerator *= grow
            self.denominator *= grow
        self.numerator += numerator * (self.denominator // denominator)

    def value(self) -> Fraction:
        return Fraction(self.numerator, self.denominator)


def expected_visits(graph: RaceGraph) -> tuple[list[Fraction], int]:
    """Exact expected visits of every node from the start distribution; also the largest cyclic class size."""
    n = len(graph.nodes)
    inflow = [ExactSum() for _ in range(n)]  # visits flowing in from classes already solved
    for s in graph.starts:
        inflow[s].add(1, len(graph.starts))
    visits = [Fraction(0)] * n
    largest = 1
    for comp in strongly_connected(graph):
        if len(comp) == 1 and all(j != comp[0] for j, _ in graph.edges[comp[0]]):
            visits[comp[0]] = inflow[comp[0]].value()
        else:
            largest = max(largest, len(comp))
            solved = _solve_class(graph, comp, [inflow[i].value() for i in comp])
            for i, v in zip(comp, solved, strict=True):
                visits[i] = v
        inside = set(comp)
        for i in comp:
            out, v = graph.edges[i], visits[i]
            if out and v:
                for j, _ in out:
                    if j not in inside:
                        inflow[j].add(v.numerator, v.denominator * len(out))
    return visits, largest


def _solve_class(graph: RaceGraph, comp: list[int], inflow: list[Fraction]) -> list[Fraction]:
    """Solve ``v = inflow + Qᵀ v`` on one strongly connected class exactly (with ``solve_integer``).

    Each equation is scaled to integer coefficients (scaling does not change the solution) and the right-hand
    sides are put over one common denominator, so the elimination runs on integers.
    """
    local = {node: k for k, node in enumerate(comp)}
    n = len(comp)
    exact_rows: list[dict[int, Fraction]] = [{k: Fraction(1)} for k in range(n)]
    for i in comp:
        out = graph.edges[i]
        for j, _ in out:
            if j in local:  # visits flow i → j: row j gets −P(i→j) in column i
                row = exact_rows[local[j]]
                row[local[i]] = row.get(local[i], Fraction(0)) - Fraction(1, len(out))
    scales = [math.lcm(*(x.denominator for x in frow.values())) for frow in exact_rows]
    sides = [inflow[r] * scales[r] for r in range(n)]
    denom = math.lcm(*(x.denominator for x in sides))
    rows = [{c: int(x * scale) for c, x in frow.items()} for frow, scale in zip(exact_rows, scales, strict=True)]
    rhs = [[int(x * denom)] for x in sides]
    return [v / denom for (v,) in solve_integer(rows, rhs)]


def solve_integer(rows: list[dict[int, int]], rhs: list[list[int]]) -> list[list[Fraction]]:
    """Solve the sparse system ``rows · x = rhs`` exactly, for every column of ``rhs`` at once.

    Sparse Gaussian elimination with the Markowitz pivot rule (fewest fill-ins first), done *fraction-free*:
    every row stays integer and its content is divided out after each step, so only the back substitution makes
    ``Fraction``s. On the default board this solves the largest class (~650 positions) about 4x faster than
    Fractions. ``rows`` (row → column → coefficient) and ``rhs`` are consumed.
    """
    cols: list[set[int]] = [set() for _ in rows]
    for r, row in enumerate(rows):
        for c in row:
            cols[c].add(r)
    todo = set(range(len(rows)))
    order: list[int] = []
    while todo:
        k = min(todo, key=lambda x: ((len(rows[x]) - 1) * (len(cols[x]) - 1), x))
        todo.discard(k)
        order.append(k)
        for r in cols[k] & todo:
            _eliminate(rows, cols, rhs, k, r)
    v: list[list[Fraction]] = [[] for _ in rows]
    for k in reversed(order):
        known = [ExactSum() for _ in rhs[k]]
        for c, x in rows[k].items():
            if c != k:
                for total, z in zip(known, v[c], strict=True):
                    total.add(x * z.numerator, z.denominator)
        v[k] = [(b - total.value()) / rows[k][k] for b, total in zip(rhs[k], known, strict=True)]
    return v


def _eliminate(rows: list[dict[int, int]], cols: list[set[int]], rhs: list[list[int]], k: int, r: int) -> None:
    """Row ``r`` := p·row r − q·row ``k`` (integers, no unknown ``k`` left), then divided by its content."""
    pivot_row, row = rows[k], rows[r]
    q = row.pop(k)
    g = math.gcd(pivot_row[k], q)
    p, q = pivot_row[k] // g, q // g
    new = {c: p * x for c, x in row.items()}
    for c, x in pivot_row.items():
        if c == k:
            continue
        value = new.get(c, 0) - q * x
        if value:
            new[c] = value
            cols[c].add(r)
        else:
            new.pop(c, None)
            cols[c].discard(r)
    b = [p * x - q * y for x, y in zip(rhs[r], rhs[k], strict=True)]
    content = math.gcd(*new.values(), *b)
    if content > 1:
        new = {c: x // content for c, x in new.items()}
        b = [x // content for x in b]
    rows[r], rhs[r] = new, b


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


def rewrite_tables() -> int:
    """Solve every packaged board under the default rules again and rewrite its shipped table (``odds_table``)."""
    for board in packaged_boards():
        odds = solve_odds(load_board(board))
        written = odds_table.write(board, odds_fields(odds))
        print(f"{written}: {odds.positions} positions, solved in {odds.seconds:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(rewrite_tables())
