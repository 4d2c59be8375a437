"""What a lesson question is (``Question``, ``Param``) and the registry of them by name; no question lives here.

The registry holds the lab's own questions (``register``) and collects each registered game's declared ones
(``GameInfo.questions``, plain ``core.questions.GameQuestion``s, wrapped by ``from_game``): ``get`` and ``names``
see both, so a game's question runs in a ``LivePlot`` with no module in ``lab/``.

Split from ``questions`` so that the modules holding questions (``questions``, ``questions_race``,
``questions_checks``, ``questions_games``) import this one and never each other: ``questions`` imports them all
(which registers them), nothing imports back.
"""

from __future__ import annotations

import dataclasses
import random
import types
from collections import Counter, deque
from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar, cast

from donkeylab import games
from donkeylab.core import CATALOGUE, rng_for
from donkeylab.core.messages import LANGUAGES
from donkeylab.core.questions import GameQuestion
from donkeylab.lab.figure_words import say

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
    fast: bool = False  # samples from ``lab.fast`` (``lab.pure`` without numpy): ``fit`` scales a page's run
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
        exact: Exact | None,
        counts: Counts | None,
        n: int,
        params: Mapping[str, Any] | None = None,
        lang: str = "en",
    ) -> go.Figure:
        """Exact markers with simulated bars and 95% CIs (exact only while ``counts`` is None or ``n`` is 0),
        every word in ``lang``. ``exact`` None: a running estimate without its exact line (before a reveal)."""
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; choose one of {LANGUAGES}")
        if exact is None and not self.indexed:
            raise ValueError(f"{self.name} draws its exact answer in every bar: only a running estimate hides it")
        shown = cast(Exact, exact)  # None only for a running estimate, whose drawer leaves the exact line out
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


PURE_SCALE = 10  # ``lab.pure`` is ~3-10x slower than numpy, and Pyodide slower again than CPython


def fit(question: Question, n: int, batch: int) -> tuple[int, int]:
    """A page's ``(n, batch)`` for this process: unchanged with numpy; ``PURE_SCALE`` times smaller for a
    fast-path question without it (the browser), so a batch still takes well under a second (Stop)."""
    from donkeylab.lab.pure import have_numpy

    if not question.fast or have_numpy():
        return n, batch
    return n // PURE_SCALE, max(1, batch // PURE_SCALE)


def sim_module(name: str, sampling: bool = False) -> Any:
    """The simulator module ``name`` (``dice``, ``flips``, ``totals``, ``race``): ``lab.fast``'s with numpy.
    Without it, ``lab.pure`` itself when ``sampling`` (its functions are the twins, other draws for a seed),
    else ``pure``'s namespace of that name (the same ``RULES_COVERED``, for the figure's title)."""
    import importlib

    from donkeylab.lab import pure

    if pure.have_numpy():
        return importlib.import_module(f"donkeylab.lab.fast.{name}")
    return pure if sampling else getattr(pure, name)


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


# A game's trial is pure Python through its engine (~0.1 ms): batches small enough that Stop answers within ~0.2 s
GAME_MAX_N = 200_000
GAME_MAX_BATCH = 2_000


def from_game(game: str, declared: GameQuestion) -> Question:
    """The lesson question ``<game>.<name>`` of a game's declared question: ``trial`` in seeded batches (batch
    ``b`` from ``random.Random(batch_seed(seed, b))``), its exact answer beside, the distribution figure."""

    def sample(size: int, seed: int, p: Params) -> Counts:
        rng = random.Random(seed)
        return Counter(declared.trial(rng, p) for _ in range(size))

    def exact(p: Params) -> Exact:
        return dict(declared.exact(p)) if declared.exact is not None else {}

    def draw(ex: Exact, counts: Counts | None, n: int, p: Params, lang: str) -> go.Figure:
        from donkeylab.lab import figures

        keys = sorted({*ex, *(counts or {})})
        sim = figures.estimates_from_counts(counts, n, keys) if counts is not None else None
        title = CATALOGUE.render(declared.title, {}, lang)
        if declared.rules:  # the rules the trial covers, as the lab's own questions name theirs
            title = _title(title, types.SimpleNamespace(RULES_COVERED=declared.rules), lang)
        axis = CATALOGUE.render(declared.axis, {}, lang)
        return figures.exact_vs_simulated(dict(sorted(ex.items())) or None, sim, title, axis, lang=lang)

    params = tuple(
        Param(name, default, f"{name} (default {default!r})", convert=type(default))
        for name, default in declared.params.items()
    )
    title = CATALOGUE.render(declared.title, {}, "en")
    return Question(
        f"{game}.{declared.name}", title, params, exact, draw, sample, max_n=GAME_MAX_N, max_batch=GAME_MAX_BATCH
    )


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


def _title(main: str, module: Any, lang: str) -> str:
    """The question as the title, the rules the simulation covers as a small second line."""
    return f"{main}<br><sup>{say('covers', lang, rules=', '.join(module.RULES_COVERED))}</sup>"
