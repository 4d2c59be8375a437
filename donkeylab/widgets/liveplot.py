"""``LivePlot``: a lesson question's exact answer at once, its simulation filling in batch by batch.

The question (``lab.questions``) does all the work: its exact answer is drawn when the plot is made, then
``start()`` simulates in a background thread (the kernel stays free for the next cell; in the browser, which
has no threads, an asyncio task that gives the loop back after every batch: ``widgets.background``) and every
batch sends ``done`` and the new figure in **one** message. Batch ``b`` draws from a seed derived from
``(seed, b)``, so stopping, resuming or running blocking gives the figure the lab's ``lessons`` draw for the
same ``n`` and ``seed``. ``lang`` is the language of the controls and of every word in the figure: setting it
redraws the figure in one message with the new controls' words.

Page weight: plotly.js is several megabytes. A ``go.FigureWidget`` ships it with every instance; here the front end
gets it once per kernel from one shared ``PlotlyBundle`` widget (``plotly_bundle.py``), and every LivePlot
only sends the figure's JSON.
"""

from __future__ import annotations

import json
import math
import threading
from collections import Counter
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any

import anywidget
import traitlets as t

from donkeylab.core.bounds import MAX_SEED
from donkeylab.core.say import texts
from donkeylab.lab import figures, questions
from donkeylab.lab.figure_words import number
from donkeylab.widgets import assets, background, guard
from donkeylab.widgets.guard import PageGuard, Refused, short, whole_number
from donkeylab.widgets.kit import KitUser, widget_ref
from donkeylab.widgets.plotly_bundle import PlotlyBundle

_TEXTS = {
    "start": ("Start", "Start"),
    "stop": ("Stop", "Stopp"),
    "continue": ("Continue", "Weiter"),
    "finished": ("Finished", "Fertig"),
    "loading": ("loading plot…", "Diagramm wird geladen …"),
    "no_plotly": (
        "The plot cannot be drawn: plotly.js did not load in this page. Reload the page; if that does not help, "
        "tell your teacher.",
        "Das Diagramm kann nicht gezeichnet werden: plotly.js wurde auf dieser Seite nicht geladen. Lade die "
        "Seite neu; wenn das nicht hilft, sag es deiner Lehrkraft.",
    ),
    "exact_only": (
        "Exact answer, worked out by counting every case: this chart shows no simulation.",
        "Exakte Antwort, durch Abzählen aller Fälle ausgerechnet: dieses Diagramm zeigt keine Simulation.",
    ),
    "progress": ("{done} of {n} trials simulated", "{done} von {n} Durchgängen simuliert"),
    "progress_label": ("simulated trials", "simulierte Durchgänge"),
    "failed": ("The simulation stopped with an error: {reason}", "Die Simulation brach mit einem Fehler ab: {reason}"),
    "bad_n": (
        "{value} trials were refused: this plot runs 0 to {high} trials, in at most {batches} batches.",
        "{value} Durchgänge wurden abgelehnt: dieses Diagramm simuliert 0 bis {high} Durchgänge, in höchstens "
        "{batches} Stapeln.",
    ),
    "bad_batch": (
        "A batch of {value} was refused: a batch here has 1 to {high} trials, at most {batches} batches a run.",
        "Ein Stapel von {value} wurde abgelehnt: ein Stapel hat hier 1 bis {high} Durchgänge, höchstens "
        "{batches} Stapel pro Lauf.",
    ),
    "bad_seed": (
        "Seed {value} was refused: a seed is a whole number from 0 to {high}.",
        "Startwert {value} wurde abgelehnt: ein Startwert ist eine ganze Zahl von 0 bis {high}.",
    ),
}
_say = texts("liveplot/", _TEXTS, terms=True)  # _say(key, lang, **data): the plot's sentence in ``lang``
_SENTENCES = ("progress", "failed", "bad_n", "bad_batch", "bad_seed")  # with placeholders: not in ``texts``


def _texts(lang: str, done: int, n: int) -> dict[str, str]:
    """The words of the front end in ``lang``, the progress line for ``done`` of ``n`` included."""
    words = {k: _say(k, lang) for k in _TEXTS if k not in _SENTENCES} | guard.page_texts(lang)
    words["progress"] = _say("progress", lang, done=number(done, lang), n=number(n, lang))
    return words


def _params_key(params: Mapping[str, Any]) -> tuple[tuple[str, Any], ...] | None:
    """``params`` as a cache key, or None when a value is not hashable."""
    key = tuple(sorted(params.items()))
    try:
        hash(key)
    except TypeError:
        return None
    return key


@lru_cache(maxsize=256)
def _exact_of(question: str, params: tuple[tuple[str, Any], ...]) -> Any:
    """``question``'s exact answer for ``params``, once per process (read, never changed, by the plots)."""
    return questions.get(question).exact(dict(params))


@lru_cache(maxsize=256)
def _exact_figure(question: str, params: tuple[tuple[str, Any], ...], lang: str, hidden: bool = False) -> str:
    """The exact-only figure of ``question`` as JSON text, once per process.

    Each plot starts with it, and building it goes through plotly's validators, slow enough that a lesson's
    plots would add to the pupil's wait, as a preheated kernel builds the page after the request came. The
    text is parsed again for each plot, so no two widgets share one mutable dict.
    """
    resolved = dict(params)
    exact = None if hidden else _exact_of(question, params)
    figure = questions.get(question).figure(exact, None, 0, resolved, lang)
    return json.dumps(figures.figure_json(figure))


def _up_to(figure: dict[str, Any], n: int) -> dict[str, Any]:
    """An empty running chart's trials axis from 1 to this plot's own N, not the lab's 1 to 1,000,000: the pupil
    sees how far Start will go."""
    axis = figure.get("layout", {}).get("xaxis", {})
    if axis.get("type") == "log" and "range" in axis:
        axis["range"] = [0, math.log10(max(n, 10))]
    return figure


class LivePlot(KitUser, PageGuard, anywidget.AnyWidget):
    """Exact first, simulation filling in: ``LivePlot("double_down.total_after", n=50_000, seed=1, k=4)``.

    ``start()`` runs in the background, ``stop()`` ends the run after the batch in progress, ``run()`` blocks
    until ``n`` trials are done (tests, scripts), ``reset(seed=..., n=..., **params)`` starts over.
    ``LivePlot.questions()`` lists the question names; each question's parameters are keyword arguments.
    """

    _esm = assets.asset("liveplot.js")
    _css = assets.asset("liveplot.css")
    page_writable = frozenset({"n", "seed", "batch", "lang"})  # each bounded by its validator below

    question = t.Unicode(help="the lesson question, 'game.question' (see LivePlot.questions())").tag(sync=True)
    n = t.Int(questions.DEFAULT_N, min=0, help="number of trials to simulate (at most the question's max_n)").tag(
        sync=True
    )
    seed = t.Int(0, help="the run's seed: batch b draws from a seed derived from (seed, b)").tag(sync=True)
    batch = t.Int(questions.DEFAULT_BATCH, min=1, help="trials per batch (one redraw; at most max_batch)").tag(
        sync=True
    )
    done = t.Int(0, help="trials simulated so far (0..n)").tag(sync=True)
    running = t.Bool(False, help="True while a background run is going on").tag(sync=True)
    simulated = t.Bool(True, help="False for an exact-only question: its chart shows no simulation").tag(sync=True)
    figure = t.Dict(help="the plotly figure as JSON (data, layout): exact markers, simulated bars with 95% CIs").tag(
        sync=True
    )
    error = t.Unicode("", help="why the last run failed; empty when fine").tag(sync=True)
    held = t.Unicode("", help="why Start is refused now, shown beside it (a class: guess first); empty: free").tag(
        sync=True
    )
    lang = t.Enum(("en", "de"), "en", help="language of the controls and the figure: 'en' or 'de'").tag(sync=True)
    texts = t.Dict(help="the words of the controls in lang, the progress line included").tag(sync=True)
    bundle = widget_ref("the kernel's one PlotlyBundle (plotly.js, sent once per page)")

    def __init__(
        self,
        question: str,
        n: int = questions.DEFAULT_N,
        seed: int = 0,
        batch: int = questions.DEFAULT_BATCH,
        lang: str = "en",
        *,
        hide_exact: bool = False,
        **params: Any,
    ) -> None:
        self._ready = self._resetting = False
        self._question = questions.get(question)
        if hide_exact and not (self._question.indexed or self._question.blind):
            raise ValueError(f"{question} draws its exact answer in every bar: it cannot hide it")
        # Before a class's reveal (or a pupil's own): the running estimate without the exact line. The exact
        # answer stays in the kernel; nothing sent to the page (figure, legend, hover) holds it.
        self._hide_exact = hide_exact
        self._kernel_seed: int | None = None  # a class's run: the seed only the kernel knows (``lock_run``)
        n, batch = questions.fit(self._question, n, batch)  # smaller runs where numpy is missing (the browser)
        self._params = self._question.resolve(params)
        self._exact = self._exact_for(self._params)
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._runner: background.Worker | None = None
        self._failure: Exception | None = None
        self._counts: Counter[Any] = Counter()
        self.partners: list[LivePlot] = []  # plots the page's Start and Stop run with this one (``run_together``)
        super().__init__(
            question=question,
            n=n,
            seed=seed,
            batch=batch,
            lang=lang,
            simulated=self._question.simulated,
            figure=self._figure(0, lang, n),
            texts=_texts(lang, 0, n),
            bundle=PlotlyBundle.shared(),
            **self._kit_traits(),
        )  # one comm_open message carries the exact figure: it is drawn before any simulation
        self.on_msg(self._on_front_end)
        self._ready = True

    @classmethod
    def questions(cls) -> list[str]:
        """The names of the lesson questions a LivePlot can show."""
        return questions.names()

    @property
    def params(self) -> dict[str, Any]:
        """The question's parameters as this plot uses them (defaults filled in)."""
        return dict(self._params)

    # ------------------------------------------------------------------ running
    def start(self) -> None:
        """Simulate the remaining trials in a background thread; returns at once."""
        with self._lock:
            runner = self._runner
            if runner is not None and runner.is_alive() and (background.threads() or not self._stop.is_set()):
                return  # (a stopped task only waits to see its flag: it counts nothing more, start anew)
            if not self.simulated or self.done >= self.n:
                return
            self._stop = threading.Event()  # a stopped task still pending sees its own flag set, never this one
            self._sync(running=True, error="")
            self._runner = background.Worker(self._steps, "donkeylab-liveplot")
            self._runner.start()

    def stop(self, wait: bool = True) -> None:
        """End the run after the batch in progress (its counts are kept); ``wait``: until the thread ended."""
        self._stop.set()
        if wait:
            self.wait()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the background run has ended (True) or ``timeout`` seconds passed (False)."""
        runner = self._runner
        if runner is not None:
            runner.join(timeout)
            return not runner.is_alive()
        return True

    def run(self) -> None:
        """Simulate the remaining trials in the calling thread (a running background run is stopped first).

        An error in the simulation is shown in ``error`` and raised.
        """
        self.stop()
        if not self.simulated or self.done >= self.n:
            return
        self._stop = threading.Event()
        self._sync(error="")
        failure = self._loop()
        if failure is not None:
            raise failure

    def reset(self, seed: int | None = None, n: int | None = None, **params: Any) -> None:
        """Start over with the exact answer only: another seed, another n or other question parameters."""
        self.stop()
        resolved = self._question.resolve({**self._params, **params})  # bad input raises, nothing changed
        exact = self._exact_for(resolved) if resolved != self._params else self._exact
        with self._lock:
            self._params, self._exact = resolved, exact
            self._counts = Counter()
            values: dict[str, Any] = {"done": 0, "error": ""}
            if seed is not None:
                values["seed"] = int(seed)
            if n is not None:
                values["n"] = int(n)
            self._resetting = True
            try:
                self._sync(**values, figure=self._figure(0, self.lang))
            finally:
                self._resetting = False

    def _loop(self) -> Exception | None:
        """The whole run here and now; the error it ended with, if any."""
        for _ in self._steps():
            pass
        return self._failure

    def _steps(self) -> Iterator[float]:
        """Batches from ``done`` on until ``n`` or a stop; each batch is one message (``done`` + figure) and
        one unit of background work (a task gives the browser's loop back after it: Stop is read there)."""
        stop = self._stop
        self._failure = None
        with self._lock:
            n, seed, batch, params = self.n, self.run_seed, self.batch, self._params
            first = self.done // batch
        try:
            for done, counts in self._question.batches(n, seed, batch, params, first=first):
                with self._lock:
                    self._counts.update(counts)
                    self._sync(done=done, figure=self._figure(done, self.lang))
                if stop.is_set():
                    break
                yield 0.0
                if stop.is_set():  # Stop was read while the loop had it (a task): no further batch
                    break
        except Exception as exc:  # the pupil sees a sentence, the kernel keeps going
            self._sync(running=False, error=_say("failed", self.lang, reason=str(exc)[:200] or type(exc).__name__))
            self._failure = exc
            return
        if self._stop is stop:  # not when a newer run has started meanwhile (a task resuming late)
            self._sync(running=False)

    # ------------------------------------------------------------------ syncing
    def _exact_for(self, params: Mapping[str, Any]) -> Any:
        """The exact answer for resolved ``params``: kept per process when they can be a key."""
        key = _params_key(params)
        return self._question.exact(params) if key is None else _exact_of(self._question.name, key)

    def show_exact(self) -> None:
        """The reveal: the exact line joins the figure (one message; the counts so far stay)."""
        with self._lock:
            if self._hide_exact:
                self._hide_exact = False
                self._sync(figure=self._figure(self.done, self.lang))

    @property
    def exact_hidden(self) -> bool:
        return self._hide_exact

    def lock_run(self, seed: int) -> None:
        """A class's plot: the kernel's own ``seed``, and the page may write only the language (a pooled run's
        seed, size and batches are the kernel's, so no page can pick lucky seeds or count a trial twice).

        The seed stays in the kernel: the page's ``seed`` reads 0. A page that knew it could simulate the run
        itself before pressing Start and reload until the run it liked came up."""
        self.__dict__["page_writable"] = frozenset({"lang"})  # this plot's own allowlist, narrower than the class's
        self._kernel_seed = int(seed)
        self.reset(seed=0)

    @property
    def run_seed(self) -> int:
        """The seed the run draws from: the kernel's own for a class's plot (``lock_run``), else ``seed``."""
        return self.seed if self._kernel_seed is None else self._kernel_seed

    def hold_start(self, reason: str) -> None:
        """A class's guess first: while ``reason`` is set the page's Start does nothing and the reason stands beside
        the disabled button (empty: Start works). Only the page's click is held; ``run()`` is the kernel's own."""
        if reason and self.running:
            self.stop(wait=False)
        if reason != self.held:
            self.held = reason

    def _figure(self, done: int, lang: str, n: int | None = None) -> dict[str, Any]:
        """The figure JSON of the counts after ``done`` trials (the exact answer alone while ``done`` is 0), its
        empty trials axis up to ``n`` (default: the plot's; the traits are not set yet while it is made)."""
        key = _params_key(self._params) if not done else None
        if key is not None:
            fresh: dict[str, Any] = json.loads(_exact_figure(self._question.name, key, lang, self._hide_exact))
            return _up_to(fresh, self.n if n is None else n)
        counts = self._counts if done else None
        exact = None if self._hide_exact else self._exact
        return figures.figure_json(self._question.figure(exact, counts, done, self._params, lang))

    def _sync(self, **values: Any) -> None:
        """Set ``values`` and the progress line in one message."""
        with self._lock, self.hold_sync():
            for name, value in values.items():
                setattr(self, name, value)
            self.texts = _texts(self.lang, self.done, self.n)

    def notify_change(self, change: Any) -> None:
        """A new ``lang`` goes out in one message with the controls' words and the figure redrawn in it."""
        if change["name"] == "lang" and self._ready:
            with self._lock, self.hold_sync():
                super().notify_change(change)
        else:
            super().notify_change(change)

    @t.observe("lang")
    def _on_lang(self, _change: dict[str, Any]) -> None:
        """The figure's words follow the language; its numbers (the counts so far) stay."""
        if self._ready:
            with self._lock:
                self._sync(figure=self._figure(self.done, self.lang))

    @t.observe("n", "seed", "batch")
    def _on_run_setting(self, _change: dict[str, Any]) -> None:
        """``plot.seed = 4`` (or n, batch) set directly: the counts so far belong to another run, start over."""
        if self._ready and not self._resetting:
            self.reset()

    @t.validate("n")
    def _valid_n(self, proposal: dict[str, Any]) -> int:
        """The question's bound (a forged 10**12 would keep a core busy for days) and ``MAX_BATCHES`` redraws."""
        q, value = self._question, proposal["value"]
        n = whole_number(value, 0, q.max_n)
        if n is None or questions.batch_count(n, self.batch) > questions.MAX_BATCHES:
            raise Refused(self._bounds("bad_n", value, q.max_n))
        return n

    @t.validate("batch")
    def _valid_batch(self, proposal: dict[str, Any]) -> int:
        """No batch runs longer than well under a second: Stop acts between batches."""
        q, value = self._question, proposal["value"]
        batch = whole_number(value, 1, q.max_batch)
        if batch is None or questions.batch_count(self.n, batch) > questions.MAX_BATCHES:
            raise Refused(self._bounds("bad_batch", value, q.max_batch))
        return batch

    @t.validate("seed")
    def _valid_seed(self, proposal: dict[str, Any]) -> int:
        seed = whole_number(proposal["value"], 0, MAX_SEED)
        if seed is None:
            raise Refused(_say("bad_seed", self.lang, value=short(proposal["value"]), high=number(MAX_SEED, self.lang)))
        return seed

    def _bounds(self, key: str, value: Any, high: int) -> str:
        lang = self.lang
        return _say(key, lang, value=short(value), high=number(high, lang), batches=number(questions.MAX_BATCHES, lang))

    def _page_says(self, text: str) -> None:
        """A refused setting or a flood of messages: the sentence shows where a failed run's does."""
        self.error = text

    @t.validate("question")
    def _valid_question(self, proposal: dict[str, Any]) -> str:
        if self._ready and proposal["value"] != self._question.name:
            raise t.TraitError("the question of a LivePlot is fixed; make a new LivePlot for another question")
        name: str = proposal["value"]
        return name

    def _on_front_end(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """The Start/Stop button: ``{"method": "start" | "stop"}`` (Stop does not block the kernel)."""
        if not isinstance(content, dict):
            return
        for plot in [self, *self.partners]:
            if content.get("method") == "start" and not plot.held:  # a held Start is refused here, not only greyed
                plot.start()
            elif content.get("method") == "stop":
                plot.stop(wait=False)

    @staticmethod
    def run_together(plots: list[LivePlot]) -> None:
        """One Start (or Stop) on any of ``plots`` runs (or stops) them all: plots shown together, e.g. the same
        games with and without a flip, need no second button a pupil may miss. Each still refuses while held."""
        for plot in plots:
            plot.partners = [other for other in plots if other is not plot]

    def __repr__(self) -> str:
        params = "".join(f", {k}={v!r}" for k, v in self._params.items() if k != "board" and v is not None)
        board = self._params.get("board")
        if board is not None:
            params += f", board={getattr(board, 'name', board)!r}"
        return (
            f"LivePlot({self.question!r}, n={self.n}, seed={self.seed}, batch={self.batch}{params}, done={self.done})"
        )
