"""The lesson questions by name (``game.question``): an exact answer, a seeded batch simulator and a figure.

One mechanism serves every place a lesson question appears: ``lessons`` (one call, one figure), the
``LivePlot`` widget (exact markers at once, simulated bars filling in batch by batch) and the CLI. Each
``Question`` knows its parameters with defaults, computes the exact answer with the engines' ``exact``
modules, and simulates with its game's numpy fast path (the game's pure twin where numpy is missing, e.g. in the
browser: ``fit`` then makes a page's runs ten times smaller).

No question lives here: a question lives with its game or its lesson. The registry holds each registered game's declared
questions (``GameInfo.questions``: ``core.questions.GameQuestion``s, wrapped by ``from_game`` as ``<game>.<name>`` and
drawn with the figure kind they name, ``question_figures``) and the questions a lesson registers itself (``register``:
Lesson 5's whole games, which need the lab's experiments); ``get`` and ``names`` see both.

Reproducibility: batch ``b`` of a run draws only from a seed derived from ``(seed, b)`` (``core.rng_for``), so
the counts depend on ``(seed, n, batch)`` alone — not on how often a widget redrew, when it was stopped and
restarted, or who iterates. The lesson figure for ``(n, seed)`` is the LivePlot's final figure for the same
``(n, seed)`` and the default ``batch``.

Keys: the exact answer maps a value to its ``Fraction``. A question with several distributions in one figure
(``grouped``: the flip's before/after, the risk per running total) keys them ``(group, value)``; each group
then sums to 1. Simulated counts use the same keys. plotly is imported only when a figure is built.

Language: keys stay English identifiers (``"before the flip"``); every word a figure shows is a catalogue key
looked up for the ``lang`` passed to ``figure``/``answer`` ("en" or "de"), so a German page shows a German
figure of the same numbers.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter, deque
from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar, cast

from donkeylab import games
from donkeylab.core import rng_for
from donkeylab.core.fastpath import have_numpy
from donkeylab.core.messages import LANGUAGES
from donkeylab.core.questions import GameQuestion, Param

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
# A page's bounds (a pupil can forge any number): a numpy batch takes a fraction of a second (Stop acts between
# batches) and a whole run stays within seconds; a run redraws at most MAX_BATCHES times.
MAX_N = 1_000_000
MAX_BATCH = 25_000
MAX_BATCHES = 1_000


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
    fast: bool = False  # samples from a game's numpy fast path (its pure twin without numpy): ``fit`` scales a run
    indexed: bool = False  # the sampler reads its first trial's index in ``params["_start"]`` (running estimates)
    blind: bool = False  # its figure draws the simulation alone too (bars with no exact marks: a page's guess first)

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
        exact: Exact | None,
        counts: Counts | None,
        n: int,
        params: Mapping[str, Any] | None = None,
        lang: str = "en",
    ) -> go.Figure:
        """Exact markers with simulated bars and 95% CIs (exact only while ``counts`` is None or ``n`` is 0),
        every word in ``lang``. ``exact`` None: the simulation without its exact line or marks (before a reveal),
        for a running estimate or a ``blind`` question."""
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; choose one of {LANGUAGES}")
        if exact is None and not (self.indexed or self.blind):
            raise ValueError(f"{self.name} draws its exact answer in every bar: it cannot hide it")
        shown = cast(Exact, exact)  # None only where the drawer leaves the exact answer out
        return self.draw(shown, counts if counts is not None and n > 0 else None, n, self.resolve(params), lang)

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


PURE_SCALE = 10  # a game's pure twin is ~3-10x slower than numpy, and Pyodide slower again than CPython


def fit(question: Question, n: int, batch: int) -> tuple[int, int]:
    """A page's ``(n, batch)`` for this process: unchanged with numpy; ``PURE_SCALE`` times smaller for a
    fast-path question without it (the browser), so a batch still takes well under a second (Stop)."""
    if not question.fast or have_numpy():
        return n, batch
    return n // PURE_SCALE, max(1, batch // PURE_SCALE)


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
    """The question called ``name`` (``game.question``), the lab's or a registered game's; an unknown name raises
    ``KeyError`` listing them."""
    found = QUESTIONS.get(name) or _game_questions().get(name)
    if found is None:
        raise KeyError(f"no lesson question {name!r}; known: {', '.join(names())}")
    return found


def names() -> list[str]:
    return sorted({*QUESTIONS, *_game_questions()})


# A game's trial is pure Python through its engine: batches small enough that Stop answers at once
GAME_MAX_N = 200_000
GAME_MAX_BATCH = 2_000
# A running estimate's batch adds its hits below every checkpoint of the grid: smaller batches than a histogram's
RUNNING_MAX_N = 200_000
RUNNING_MAX_BATCH = 10_000


def from_game(game: str, declared: GameQuestion) -> Question:
    """The lesson question ``<game>.<name>`` of a game's declared question: its sampler (or ``trial`` played in
    seeded batches, batch ``b`` from ``random.Random(batch_seed(seed, b))``), its exact answer, and the figure
    kind it names (``question_figures``); a ``running`` question's yes/no outcomes become running counts."""
    from donkeylab.lab.question_figures import DRAWERS, title

    def draw(ex: Exact, counts: Counts | None, n: int, p: Params, lang: str) -> go.Figure:
        return DRAWERS[declared.figure](declared, ex, counts, n, p, lang)

    def exact(p: Params) -> Exact:
        return dict(declared.exact(p)) if declared.exact is not None else {}

    params = declared.param_list()
    played = declared.sample is None and declared.trial is not None  # trial by trial through an engine: slow
    running = declared.figure == "running"
    english = title(declared, {p.name: p.check(p.default) for p in params}, "en")
    return Question(
        f"{game}.{declared.name}",
        english,
        params,
        exact,
        draw,
        _sampler(declared),
        grouped=declared.grouped,
        max_n=declared.max_n or (GAME_MAX_N if played else RUNNING_MAX_N if running else MAX_N),
        max_batch=declared.max_batch or (GAME_MAX_BATCH if played else RUNNING_MAX_BATCH if running else MAX_BATCH),
        fast=declared.fast,
        indexed=declared.indexed,
        blind=declared.figure == "orders",  # the orders' bars stand without their exact diamonds
    )


def _sampler(declared: GameQuestion) -> Sampler | None:
    """One batch's counts: the declared batch sampler, else its trial in a loop; running counts for ``running``."""
    from donkeylab.lab.running import running_counts

    batch: Callable[[int, int, Params], Any]
    if declared.sample is not None:
        batch = declared.sample
    elif declared.trial is not None:
        trial = declared.trial

        def played(size: int, seed: int, p: Params) -> Any:
            rng = random.Random(seed)
            outcomes = [trial(rng, p) for _ in range(size)]
            return outcomes if declared.figure == "running" else Counter(outcomes)

        batch = played
    else:
        return None
    if declared.figure != "running":
        return batch

    def running(size: int, seed: int, p: Params) -> Counts:
        return running_counts(batch(size, seed, p), int(p.get("_start", 0)))

    return running


def _game_questions() -> dict[str, Question]:
    return _collected(tuple(games.GAMES.items()))


@cache
def _collected(registry: tuple[tuple[str, str], ...]) -> dict[str, Question]:
    """Every registered game's declared questions, wrapped once per registry."""
    out: dict[str, Question] = {}
    for name, _ in registry:
        for declared in games.info(name).questions:
            question = from_game(name, declared)
            out[question.name] = question
    return out
