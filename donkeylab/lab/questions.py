"""The lesson questions by name (``game.question``): an exact answer, a seeded batch simulator and a figure.

One mechanism serves every place a lesson question appears: ``lessons`` (one call, one figure), the
``LivePlot`` widget (exact markers at once, simulated bars filling in batch by batch) and the CLI. Each
``Question`` knows its parameters with defaults, computes the exact answer with the engines' ``exact``
modules, and simulates with the lab's numpy fast paths.

Reproducibility: batch ``b`` of a run draws only from a seed derived from ``(seed, b)`` (``core.rng_for``), so
the counts depend on ``(seed, n, batch)`` alone — not on how often a widget redrew, when it was stopped and
restarted, or who iterates. The lesson figure for ``(n, seed)`` is the LivePlot's final figure for the same
``(n, seed)`` and the default ``batch``.

Keys: the exact answer maps a value to its ``Fraction``. A question with several distributions in one figure
(``grouped``: the flip's before/after, the risk per running total) keys them ``(group, value)``; each group
then sums to 1. Simulated counts use the same keys. plotly is imported only when a figure is built.

Language: keys stay English identifiers (``"before the flip"``); every word a figure shows is looked up in
``figure_words`` for the ``lang`` passed to ``figure``/``answer`` ("en" or "de"), so a German page shows a
German figure of the same numbers.
"""

from __future__ import annotations

import dataclasses
from collections import Counter, deque
from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeVar

from donkeylab.core import rng_for
from donkeylab.core.messages import LANGUAGES
from donkeylab.lab.figure_words import angry_donkeys, card_name, number, say

if TYPE_CHECKING:
    import plotly.graph_objects as go

Params = dict[str, Any]
Exact = dict[Any, Fraction]
Counts = Counter[Any]
Sampler = Callable[[int, int, Params], Counts]  # (trials, seed, params) -> counts of one batch
Drawer = Callable[[Exact, "Counts | None", int, Params, str], "go.Figure"]  # ..., params, lang

V = TypeVar("V")

DEFAULT_N = 100_000
DEFAULT_BATCH = 10_000
# A page's bounds (a pupil can forge any number): ~6 us per numpy trial, so a batch of 25,000 takes ~0.15 s
# (Stop acts between batches) and a whole run at most ~10 s; a run redraws at most MAX_BATCHES times.
MAX_N = 1_000_000
MAX_BATCH = 25_000
MAX_BATCHES = 1_000


@dataclasses.dataclass(frozen=True)
class Param:
    """One parameter of a question: its default, a check/normaliser, and the choices a widget may offer."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] = ()  # empty: any value ``convert`` accepts
    convert: Callable[[Any], Any] = lambda v: v

    def check(self, value: Any) -> Any:
        value = self.convert(value)
        if self.choices and value not in self.choices:
            allowed = ", ".join(map(repr, self.choices))
            raise ValueError(f"parameter {self.name!r} must be one of {allowed}, not {value!r}")
        return value


@dataclasses.dataclass(frozen=True)
class Question:
    """A lesson question: title, parameters, exact answer, optional simulator and the figure grammar."""

    name: str
    title: str
    params: tuple[Param, ...]
    exact_fn: Callable[[Params], Exact]
    draw: Drawer
    sample: Sampler | None = None  # None: exact only (the figure is the exact one)
    grouped: bool = False
    max_n: int = MAX_N  # the most trials a widget runs (a page may ask for any number)
    max_batch: int = MAX_BATCH  # the largest batch: one batch must take well under a second (Stop waits for it)
    indexed: bool = False  # the sampler reads its first trial's index in ``params["_start"]`` (running estimates)

    @property
    def simulated(self) -> bool:
        return self.sample is not None

    @property
    def defaults(self) -> Params:
        return {p.name: p.default for p in self.params}

    def resolve(self, params: Mapping[str, Any] | None = None) -> Params:
        """The defaults overridden by ``params``, each checked; unknown names raise ``ValueError``."""
        given = dict(params or {})
        known = {p.name: p for p in self.params}
        unknown = set(given) - set(known)
        if unknown:
            raise ValueError(f"{self.name} has no parameter {sorted(unknown)}; known: {', '.join(known) or 'none'}")
        return {name: p.check(given.get(name, p.default)) for name, p in known.items()}

    def exact(self, params: Mapping[str, Any] | None = None) -> Exact:
        """The exact answer (key → Fraction; ``(group, value)`` keys when ``grouped``)."""
        return self.exact_fn(self.resolve(params))

    def distributions(self, values: Mapping[Any, V]) -> dict[Any, dict[Any, V]]:
        """Exact probabilities or simulated counts split per distribution (one, keyed None, unless ``grouped``)."""
        if not self.grouped:
            return {None: dict(values)}
        out: dict[Any, dict[Any, V]] = {}
        for (group, value), x in values.items():
            out.setdefault(group, {})[value] = x
        return out

    def batches(
        self,
        n: int,
        seed: int | str = 0,
        batch: int = DEFAULT_BATCH,
        params: Mapping[str, Any] | None = None,
        first: int = 0,
    ) -> Iterator[tuple[int, Counts]]:
        """Yield ``(trials done, counts of this batch)`` for batches ``first``, ``first + 1``, …: a stopped run
        resumes where it ended. Nothing for an exact-only question."""
        resolved = self.resolve(params)
        count = batch_count(n, batch)
        if self.sample is None:
            return
        for b in range(first, count):  # sizes computed batch by batch: no list as long as the run
            size = min(batch, n - b * batch)
            given = {**resolved, "_start": b * batch} if self.indexed else resolved
            yield b * batch + size, self.sample(size, batch_seed(seed, b), given)

    def simulate(
        self, n: int, seed: int | str = 0, batch: int = DEFAULT_BATCH, params: Mapping[str, Any] | None = None
    ) -> Iterator[tuple[int, Counts]]:
        """Yield ``(trials done, cumulative counts)`` after each batch; nothing for an exact-only question."""
        total: Counts = Counter()
        for done, counts in self.batches(n, seed, batch, params):
            total.update(counts)
            yield done, Counter(total)

    def figure(
        self,
        exact: Exact,
        counts: Counts | None,
        n: int,
        params: Mapping[str, Any] | None = None,
        lang: str = "en",
    ) -> go.Figure:
        """Exact markers with simulated bars and 95% CIs (exact only while ``counts`` is None or ``n`` is 0),
        every word in ``lang``."""
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; choose one of {LANGUAGES}")
        return self.draw(exact, counts if counts is not None and n > 0 else None, n, self.resolve(params), lang)

    def answer(
        self,
        n: int = DEFAULT_N,
        seed: int | str = 0,
        batch: int = DEFAULT_BATCH,
        params: Mapping[str, Any] | None = None,
        lang: str = "en",
    ) -> go.Figure:
        """The lesson figure: the exact answer beside the whole simulation of ``n`` trials."""
        last = deque(self.simulate(n, seed, batch, params), maxlen=1)  # only the final counts matter
        done, counts = last[0] if last else (0, None)
        return self.figure(self.exact(params), counts, done, params, lang)


def batch_count(n: int, batch: int) -> int:
    """How many batches a run of ``n`` trials has (the last one may be smaller), computed, never listed."""
    if n < 0 or batch < 1:
        raise ValueError(f"need n >= 0 and batch >= 1, not n={n}, batch={batch}")
    return -(-n // batch)


def batch_sizes(n: int, batch: int) -> list[int]:
    """The sizes of the batches of a run of ``n`` trials (a list: for small runs and tests only)."""
    return [min(batch, n - b * batch) for b in range(batch_count(n, batch))]


def batch_seed(seed: int | str, b: int) -> int:
    """The seed batch ``b`` of a run seeded ``seed`` draws from (a 64-bit integer for numpy's PCG64)."""
    return rng_for(seed, "batch", b).getrandbits(64)


QUESTIONS: dict[str, Question] = {}


def register(question: Question) -> Question:
    """Add ``question`` to the registry (a later one of the same name replaces it)."""
    QUESTIONS[question.name] = question
    return question


def get(name: str) -> Question:
    """The question called ``name`` (``game.question``); an unknown name raises ``KeyError`` listing them."""
    try:
        return QUESTIONS[name]
    except KeyError:
        raise KeyError(f"no lesson question {name!r}; known: {', '.join(names())}") from None


def names() -> list[str]:
    return sorted(QUESTIONS)


# ---------------------------------------------------------------------------------------------- the questions
def _title(main: str, module: Any, lang: str) -> str:
    """The question as the title, the rules the simulation covers as a small second line."""
    return f"{main}<br><sup>{say('covers', lang, rules=', '.join(module.RULES_COVERED))}</sup>"


def _colours(value: Any) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(str(c) for c in value)


POLICY = Param("policy", "random", "how every seat chooses its die", ("random", "lowest", "highest"))


def _distinct_exact(p: Params) -> Exact:
    from donkeylab.double_donkey import exact

    return exact.distinct_values_distribution(p["policy"], p["last_die"])


def _distinct_sample(size: int, seed: int, p: Params) -> Counts:
    from donkeylab.lab.fast import dice

    return Counter(dice.distinct_distribution(size, seed, p["policy"], p["last_die"]))


def _distinct_draw(ex: Exact, counts: Counts | None, n: int, p: Params, lang: str) -> go.Figure:
    from donkeylab.lab import figures
    from donkeylab.lab.fast import dice

    sim = figures.estimates_from_counts(counts, n, list(ex)) if counts is not None else None
    title = _title(say("distinct_title", lang, policy=say(f"policy/{p['policy']}", lang)), dice, lang)
    return figures.exact_vs_simulated(ex, sim, title, say("distinct_axis", lang), lang=lang)


register(
    Question(
        "double_donkey.distinct_values",
        "How many different values end up on the Hay card after phase 1?",
        (
            POLICY,
            Param(
                "last_die", "choose", "DD-DICE-3: keep or re-roll the last die, or always roll it", ("choose", "roll")
            ),
        ),
        _distinct_exact,
        _distinct_draw,
        _distinct_sample,
    )
)

FLIP_SERIES = ("before the flip", "after the flip")


def _flip_exact(p: Params) -> Exact:
    from donkeylab.double_donkey import exact

    before = exact.card_value_distribution(p["card"], (), p["policy"])
    after = exact.card_value_distribution(p["card"], p["angry"], p["policy"])
    return {**{(FLIP_SERIES[0], v): q for v, q in before.items()}, **{(FLIP_SERIES[1], v): q for v, q in after.items()}}


def _flip_sample(size: int, seed: int, p: Params) -> Counts:
    from donkeylab.lab.fast import flips

    before, after = flips.flip_distributions(p["card"], p["angry"], size, seed, hay=p["policy"])
    return Counter(
        {**{(FLIP_SERIES[0], v): c for v, c in before.items()}, **{(FLIP_SERIES[1], v): c for v, c in after.items()}}
    )


def _flip_draw(ex: Exact, counts: Counts | None, n: int, p: Params, lang: str) -> go.Figure:
    from donkeylab.lab import figures
    from donkeylab.lab.fast import flips

    shown = {s: say(s, lang) for s in FLIP_SERIES}  # the keys stay English, the legend follows lang
    exact_series = {shown[s]: {v: q for (g, v), q in ex.items() if g == s} for s in FLIP_SERIES}
    keys = sorted({v for _, v in ex})
    series = {}
    if counts is not None:
        for s in FLIP_SERIES:
            mine = {v: c for (g, v), c in counts.items() if g == s}
            series[shown[s]] = figures.estimates_from_counts(mine, n, keys)
    title = _title(
        say("flip_title", lang, card=card_name(p["card"], lang), angry=angry_donkeys(p["angry"], lang)), flips, lang
    )
    return figures.side_by_side(series, title, say("flip_axis", lang), exact=exact_series, lang=lang)


register(
    Question(
        "double_donkey.flip",
        "A card's value before and after Angry Donkeys flip their dice",
        (
            Param("card", ("light_blue", "orange"), "the card: one colour (Angry Donkey) or two", convert=_colours),
            Param("angry", ("orange",), "the colours of the Angry Donkeys revealed", convert=_colours),
            POLICY,
        ),
        _flip_exact,
        _flip_draw,
        _flip_sample,
        grouped=True,
    )
)


def _total_exact(p: Params) -> Exact:
    from donkeylab.double_down import exact

    law = (
        exact.total_distribution_with_replacement if p["replacement"] else exact.total_distribution_without_replacement
    )
    return law(p["k"])


def _total_sample(size: int, seed: int, p: Params) -> Counts:
    from donkeylab.lab.fast import totals

    return Counter(totals.total_distribution(p["k"], size, seed, p["replacement"]))


def _total_draw(ex: Exact, counts: Counts | None, n: int, p: Params, lang: str) -> go.Figure:
    from donkeylab.lab import figures
    from donkeylab.lab.fast import totals

    sim = figures.estimates_from_counts(counts, n, list(ex)) if counts is not None else None
    how = say("with" if p["replacement"] else "without", lang)
    title = _title(say("total_title", lang, k=number(p["k"], lang), how=how), totals, lang)
    return figures.exact_vs_simulated(ex, sim, title, say("total_axis", lang), lang=lang)


register(
    Question(
        "double_down.total_after",
        "Double Down: the running total after k cards",
        (
            Param("k", 3, "number of cards played", convert=int),
            Param("replacement", False, "draw with replacement (the Markov-chain approximation)", convert=bool),
        ),
        _total_exact,
        _total_draw,
        _total_sample,
    )
)


def _risk_exact(p: Params) -> Exact:
    from donkeylab.double_down import exact
    from donkeylab.double_down.deck import BUST_AT

    return {(t, o): q for t in range(BUST_AT) for o, q in exact.next_card_risk(t).items()}


def _risk_draw(ex: Exact, counts: Counts | None, n: int, p: Params, lang: str) -> go.Figure:
    from donkeylab.lab import figures

    rows: dict[int, dict[str, Any]] = {}
    for (total, outcome), q in ex.items():
        rows.setdefault(total, {"total": total})[outcome] = q
    return figures.risk_by_total([rows[t] for t in sorted(rows)], lang=lang)


register(
    Question(
        "double_down.risk",
        "Double Down: how risky is the next card at each running total? (exact)",
        (),
        _risk_exact,
        _risk_draw,
        None,
        grouped=True,
    )
)


def _board(value: Any) -> Any:
    from donkeylab.esels_rennen import Board, load_board

    return value if isinstance(value, Board) else load_board("default" if value is None else str(value))


def _race_exact(p: Params) -> Exact:
    from donkeylab.esels_rennen import exact

    return dict(exact.race_odds(p["board"], p["rules"]).order_probability)


@lru_cache(maxsize=8)
def _race_arrays(board: Any, rules: Any) -> Any:
    from donkeylab.esels_rennen import exact
    from donkeylab.lab.fast import race

    return race.RaceArrays.from_chain(exact.random_play_chain(board, rules))


def _race_sample(size: int, seed: int, p: Params) -> Counts:
    from donkeylab.lab.fast import race

    races = race.simulate_races(_race_arrays(p["board"], p["rules"]), size, seed)
    return Counter({"".join(d[0].upper() for d in o): c for o, c in races.order_counts().items()})


def race_orders_figure(question_key: str, covered: Any) -> Any:
    """The draw function of a finishing-order question: the title ``question_key`` on the board, the rules
    ``covered`` (a module or namespace with ``RULES_COVERED``) named under it."""

    def draw(ex: Exact, counts: Counts | None, n: int, p: Params, lang: str) -> go.Figure:
        from donkeylab.lab import figures

        shown = p["board"]
        label = say("on_board", lang, board=shown.name) + (say("reconstruction", lang) if shown.reconstruction else "")
        title = _title(say(question_key, lang, board=label), covered() if callable(covered) else covered, lang)
        sim = figures.estimates_from_counts(counts, n, list(ex)) if counts is not None else None
        return figures.race_orders(ex, sim, title, lang)

    return draw


def _fast_race() -> Any:
    from donkeylab.lab.fast import race

    return race


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
    )
)


# Simulated-only questions live in their own module; importing it registers them here.
from donkeylab.lab import questions_checks, questions_games, questions_lessons  # noqa: E402, F401
