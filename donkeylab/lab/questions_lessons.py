"""Each lesson's headline question as a running estimate: yes/no trials, the estimate after N of them with its
95 % band, and the exact value as a line (``figures.convergence``). Registered in ``questions`` so a
``LivePlot`` shows them filling in, batch by batch.

Why the batches know where they start: a running estimate needs the hits among the first N trials for every
N on the plot. ``Question.batches`` tells an ``indexed`` question's sampler the index of its first trial
(``params["_start"]``), so each batch adds, for every checkpoint N of the grid, its own hits among trials
below N. Counts add up, so the sum over batches is exactly the running count, and stopping and resuming
draws the same plot.

The headlines:

- ``lesson.free_choice``: 2 numbers on the Hay card, 4 dice rolled: are all 4 on the Hay card's numbers?
  (DD-DICE-2; exact (2/6)^4 = 1/81). Dice rolled with numpy.
- ``lesson.seven_after_flip``: after phase 1 (random allowed dice, the last die under ``last_die``) and the
  orange flip, is the light blue/orange Double Donkey worth 7? (DD-ANGRY-1; exact from ``double_donkey.exact``:
  10.1 % under the English rules, 9.3 % under the German ones).
- ``lesson.token_at``: at a total, does a card drawn from the full 56-card deck cost a token? (DN-DOUBLET-1,
  DN-BUST-1; 3/7 at 70).
- ``lesson.best_order``: does a random race, played by the engine move by move (``apply``), end in the order
  of the best card? The exact value solves the race graph, so agreement checks both.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from donkeylab.lab.figure_words import board_words, say
from donkeylab.lab.pure import have_numpy
from donkeylab.lab.question_base import Counts, Exact, Param, Params, Question, register
from donkeylab.lab.questions_race import _board

if TYPE_CHECKING:
    import plotly.graph_objects as go

GRID_POINTS = 60
MAX_TRIALS = 1_000_000


def grid(high: int = MAX_TRIALS, points: int = GRID_POINTS) -> list[int]:
    """About log-spaced trial counts 1 … ``high``: where the running estimate is drawn."""
    return sorted({max(1, round(high ** (i / points))) for i in range(points + 1)})


GRID = grid()


def running_counts(hits: Sequence[bool], start: int) -> Counts:
    """A batch's hits among trials below each checkpoint N (``start`` is the index of its first trial).

    Plain running sums (numpy arrays or lists alike): a batch is at most a few thousand trials, and the
    static site has no numpy."""
    cum = list(accumulate(int(h) for h in hits))
    size = len(hits)
    counts: Counts = Counter({"n": size, "hits": int(cum[-1]) if size else 0})
    for n in GRID:
        k = n - start
        if k > 0:
            counts[("below", n)] = int(cum[min(k, size) - 1]) if size else 0
    return counts


def running_estimates(counts: Counts, n: int) -> tuple[list[int], list[Any]]:
    """(N, Wilson estimate after N trials) for the checkpoints up to ``n`` and ``n`` itself."""
    from donkeylab.lab.stats import wilson

    ns = [g for g in GRID if g < n] + [n]
    hits = [counts.get(("below", g), 0) for g in ns[:-1]] + [counts.get("hits", 0)]
    return ns, [wilson(h, m) for h, m in zip(hits, ns, strict=False)]


def convergence_question(
    name: str,
    title_key: str,
    params: tuple[Param, ...],
    exact: Callable[[Params], Fraction],
    hits: Callable[[int, int, Params], Sequence[bool]],
    max_n: int = 200_000,
    max_batch: int = 10_000,
) -> Question:
    """A yes/no question drawn as a running estimate closing in on ``exact`` (``hits``: a batch's trials)."""

    def sample(size: int, seed: int, p: Params) -> Counts:
        return running_counts(hits(size, seed, p), int(p.get("_start", 0)))

    def draw(ex: Exact, counts: Counts | None, n: int, p: Params, lang: str) -> go.Figure:
        """The running estimate; ``ex`` None draws no exact line (a class guessing before the reveal)."""
        from donkeylab.lab import figures

        value = None if ex is None else ex["p"]  # type: ignore[redundant-expr, unused-ignore]
        shown: dict[str, Any] = {k: v for k, v in p.items() if isinstance(v, int) and not k.startswith("_")}
        if "board" in p:
            shown["board"] = board_words(p["board"], lang)  # "the mini board", never its code name
        title = say(title_key, lang, **shown)
        if counts is None or n == 0:
            return figures.convergence([], [], title, say("estimated", lang), exact=value, lang=lang)
        ns, est = running_estimates(counts, n)
        return figures.convergence(ns, est, title, say("estimated", lang), exact=value, lang=lang)

    return register(
        Question(
            name,
            title_key,
            params,
            lambda p: {"p": exact(p)},
            draw,
            sample,
            max_n=max_n,
            max_batch=max_batch,
            indexed=True,
        )
    )


# ---------------------------------------------------------------------------------------------- L1
def _free_exact(p: Params) -> Fraction:
    from donkeylab.double_donkey import exact

    return exact.p_free_choice(p["k"], range(1, p["m"] + 1))


def _free_hits(size: int, seed: int, p: Params) -> Sequence[bool]:
    """Whether every one of ``k`` dice shows a number already on the Hay card (numpy, else ``random``)."""
    if not have_numpy():
        rng = random.Random(seed)
        return [all(rng.randint(1, 6) <= p["m"] for _ in range(p["k"])) for _ in range(size)]
    import numpy as np

    on_hay = np.zeros(7, dtype=bool)
    on_hay[1 : p["m"] + 1] = True
    rolls = np.random.default_rng(seed).integers(1, 7, size=(size, p["k"]))
    hits: list[bool] = on_hay[rolls].all(axis=1).tolist()  # type: ignore[assignment]
    return hits


convergence_question(
    "lesson.free_choice",
    "conv_free_choice",
    (Param("m", 2, "numbers on the Hay card", tuple(range(1, 6))), Param("k", 4, "dice rolled", tuple(range(2, 6)))),
    _free_exact,
    _free_hits,
)


# ---------------------------------------------------------------------------------------------- L2
# DD-DICE-3, the one rule of phase 1 the variants differ in: a page under the German rules must draw their
# numbers (issue 35 §1: ?variant=german stated 9.3 % beside a line at the English 10.1 %).
LAST_DIE = Param(
    "last_die",
    "choose",
    "DD-DICE-3: keep or re-roll the last die (the English rules), or always roll it (the German rules)",
    ("choose", "roll"),
)


def _seven_exact(p: Params) -> Fraction:
    from donkeylab.double_donkey import exact

    flips = ("orange",) if p["flipped"] else ()
    card = ("light_blue", "orange")
    return exact.card_value_distribution(card, flips, "random", p["last_die"]).get(7, Fraction(0))


def _seven_hits(size: int, seed: int, p: Params) -> Sequence[bool]:
    flipped = frozenset({"orange"}) if p["flipped"] else frozenset()
    if not have_numpy():
        from donkeylab.lab import pure

        rng = random.Random(seed)
        card = ("light_blue", "orange")
        return [pure.card_value(pure.hay_pips(rng, "random", p["last_die"]), card, flipped) == 7 for _ in range(size)]
    from donkeylab.lab.fast import flips

    pips = flips.hay_pips(size, seed, "random", p["last_die"])
    return flips.card_values(pips, ("light_blue", "orange"), flipped) == 7  # type: ignore[no-any-return]


convergence_question(
    "lesson.seven_after_flip",
    "conv_seven",
    (Param("flipped", True, "True: after the orange flip", (True, False)), LAST_DIE),
    _seven_exact,
    _seven_hits,
)


# ---------------------------------------------------------------------------------------------- L3
def _token_exact(p: Params) -> Fraction:
    from donkeylab.double_down import exact

    risk = exact.next_card_risk(p["total"])
    return risk["doublet"] + risk["bust"]


def _token_hits(size: int, seed: int, p: Params) -> Sequence[bool]:
    from donkeylab.double_down.deck import BUST_AT, CARD_KIND, DELTA, DOUBLETS

    # A card repeating the total (0, direction change, 2x) has delta 0: it never makes a new doublet here.
    if not have_numpy():
        rng = random.Random(seed)
        ends = [p["total"] + DELTA[k] for k in CARD_KIND]
        cost = [(a in DOUBLETS and a != p["total"]) or a >= BUST_AT for a in ends]
        return [cost[rng.randrange(len(CARD_KIND))] for _ in range(size)]
    import numpy as np

    after = np.array([p["total"] + DELTA[k] for k in CARD_KIND])
    costs = np.isin(after, list(DOUBLETS)) & (after != p["total"]) | (after >= BUST_AT)
    drawn = np.random.default_rng(seed).integers(0, len(CARD_KIND), size)
    return costs[drawn]  # type: ignore[no-any-return]


convergence_question(
    "lesson.token_at",
    "conv_token",
    (Param("total", 70, "the running total before the card", tuple(range(0, 77))),),
    _token_exact,
    _token_hits,
)


# ---------------------------------------------------------------------------------------------- L4
@functools.lru_cache(maxsize=4)
def _best(board: Any) -> tuple[str, Fraction]:
    from donkeylab.esels_rennen import exact
    from donkeylab.esels_rennen.messages import card_code

    odds = exact.race_odds(_board(board))
    card, p = max(odds.order_probability, key=lambda item: item[1])
    return (card if isinstance(card, str) else card_code(card)), p


def _order_exact(p: Params) -> Fraction:
    return _best(p["board"])[1]


def _order_hits(size: int, seed: int, p: Params) -> Sequence[bool]:
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


convergence_question(
    "lesson.best_order",
    "conv_best_order",
    (Param("board", "default", "a packaged board's name", convert=_board),),
    _order_exact,
    _order_hits,
    max_n=100_000,
    max_batch=2_000,
)


# ---------------------------------------------------------------------------------------------- L5
def running_sums(values: Sequence[float], start: int) -> Counts:
    """A batch's sum and sum of squares over its trials below each checkpoint N (for a running mean)."""
    x = [float(v) for v in values]
    cum, cum2 = list(accumulate(x)), list(accumulate(v * v for v in x))
    size = len(x)
    counts: Counts = Counter(
        {"n": size, "sum": float(cum[-1]) if size else 0.0, "sq": float(cum2[-1]) if size else 0.0}
    )
    for n in GRID:
        k = min(n - start, size)
        if k > 0:
            counts[("sum", n)] = float(cum[k - 1])  # type: ignore[assignment]  # Counter adds floats as well
            counts[("sq", n)] = float(cum2[k - 1])  # type: ignore[assignment]
    return counts


def running_means(counts: Counts, n: int) -> tuple[list[int], list[Any]]:
    """(N, mean after N trials with its normal 95 % CI) for the checkpoints 2 … ``n`` and ``n`` itself."""
    from donkeylab.lab.stats import Z95, Estimate

    ns = [g for g in GRID if 2 <= g < n] + [n]
    out = []
    for i, m in enumerate(ns):
        last = i == len(ns) - 1
        total = counts.get("sum" if last else ("sum", m), 0.0)
        squares = counts.get("sq" if last else ("sq", m), 0.0)
        mean = total / m
        var = max(squares - total * total / m, 0.0) / (m - 1) if m > 1 else float("inf")
        se = (var / m) ** 0.5
        out.append(Estimate("mean", mean, mean - Z95 * se, mean + Z95 * se, se, m, "normal"))
    return ns, out


def _rounds_sample(size: int, seed: int, p: Params) -> Counts:
    from donkeylab.lab import questions_games as qg

    results = qg.variant_results(size, seed, p["players"])
    english, german = (results[v].values("rounds") for v in qg.VARIANTS)
    return running_sums([e - g for e, g in zip(english, german, strict=True)], int(p.get("_start", 0)))


def _rounds_draw(_ex: Exact, counts: Counts | None, n: int, p: Params, lang: str) -> go.Figure:
    from donkeylab.lab import figures

    title, axis = say("conv_rounds", lang), say("conv_rounds_axis", lang)
    if counts is None or n < 2:
        return figures.convergence([], [], title, axis, exact=None, lang=lang)
    ns, est = running_means(counts, n)
    return figures.convergence(ns, est, title, axis, exact=None, lang=lang)


register(
    Question(
        "lesson.rounds_difference",
        "conv_rounds",
        (Param("players", 4, "players per game", (2, 3, 4, 5)),),
        lambda _p: {},
        _rounds_draw,
        _rounds_sample,
        max_n=10_000,
        max_batch=200,
        indexed=True,
    )
)
