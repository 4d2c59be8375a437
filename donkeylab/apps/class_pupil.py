"""The pupil's side of class mode: ONE call a lesson page makes, ``join_class(lesson_name, query, lesson)``.

A lesson opened with ``?class=K7Q2XF`` joins that class in the pupil's own kernel:

- a banner "Class K7Q2XF · you are Blue Donkey 17" (and the class's pooled trials);
- "Lock in my guess" beside the lesson's prediction sends the guess (the last one counts); the prediction's
  own Reveal waits for the teacher, and the kernel polls the store once a second, so every page reveals
  within about a second of the teacher's click;
- every batch the lesson's matching LivePlot simulates is added to the class's pool. The counts are
  recomputed here from the lab's own seeded simulation (``Question.batches`` for the plot's seed, batch and
  parameters: the same numbers the plot drew), never taken from the browser;
- an unknown, ended or expired code, or a store that cannot be reached, leaves a friendly note and the
  lesson as it is without class mode. Every store call runs on one worker thread, with bounded retries.

Wiring a lesson (the lessons are data from issue 16 on; the hook is this one call in the page builder):
the lesson's link parameters take ``**class_pupil.PARAMS`` (``class``), and the builder returns
``join_class(NAME, query, lesson, page(lesson))``: the same page, with the class banner on top when the link
has ``?class=`` (without one the page is returned untouched).
"""

from __future__ import annotations

import html
import logging
import queue
import random
import threading
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from donkeylab.apps.class_words import count_words, number_words, say
from donkeylab.apps.query import Param
from donkeylab.classroom import ClassError, ClassQuestion, outcome_name, question_specs
from donkeylab.classroom.names import clean_code, pseudonym_de
from donkeylab.widgets.drawn import Drawn

if TYPE_CHECKING:  # the store (and SQLAlchemy) is imported when a class is opened, not with the page
    from donkeylab.classroom.store import ClassStore

log = logging.getLogger(__name__)
POLL_S = 1.0  # the reveal reaches a page within about this long after the teacher's click
POOL_EVERY = 3  # the banner's pooled count is read every third poll
RETRIES = 3  # a store call is tried this often (1 s, 2 s apart) before the page gives up on it
MAX_FAILED_POLLS = 30  # about half a minute without the store: the page goes on alone
MAX_RUNS = 100  # batch ids are seed slot * 1000 + batch (the store takes ids below 100,000)


def read_code(text: str) -> str:
    code = clean_code(text)
    if code is None:
        raise ValueError("a class code of 6 letters and digits")
    return code


PARAMS = {"class": Param("class", read_code, None)}


def join_class(lesson_name: str, query: Any, lesson: Any, page: Any, store_url: str | None = None) -> Any:
    """THE lesson hook: ``page`` (the lesson's page box) joined to the class of ``?class=CODE``, its banner
    first; without a code, or for a lesson class mode does not offer, ``page`` as it was. ``lesson`` is the
    page's ``Lesson`` (its ``prediction``, ``live`` plots and language ``switch`` are used)."""
    code = query.values.get("class")
    try:
        specs = question_specs(lesson_name) if code else {}
    except KeyError:
        specs = {}
    if not code or not specs:
        return page
    part = PupilPart(code, next(iter(specs.values())), lesson.prediction, list(lesson.live), lesson.switch.value)
    lesson.switch.parts.append(part)
    part.start(store_url)
    page.children = (part.banner, *page.children, part.drawn)
    return page


class PupilPart:
    """One pupil's connection to a class: the banner, the lock-in button and the pooling of batches."""

    def __init__(self, code: str, spec: ClassQuestion, prediction: Any, plots: list[Any], lang: str) -> None:
        self.code, self.spec, self.prediction, self.lang = code, spec, prediction, lang
        self.plots = [p for p in plots if _pools(p, spec)]
        self.store: ClassStore | None = None
        self.pupil: Any = None
        self.trials = 0
        self.revealed = False
        self.alone: str | None = None  # why the lesson works on alone (a catalogue key), or None
        self.locked: float | None = None
        self.failed_polls = 0
        self.banner = w.HTML()
        self.banner.add_class("dl-class-banner")
        # The worker thread changes the banner, status and buttons at any moment, also while the page is still
        # creating its widgets (an update then is dropped): once the page has drawn them, their state again.
        self.drawn = Drawn(self._resend)
        self.lock = w.Button(button_style="success", icon="lock", disabled=True)
        self.lock.add_class("dl-class-lock")
        self.lock.on_click(lambda _b: self.send(self.lock_in))
        self.status = w.HTML()
        self.status.add_class("dl-class-status")
        self.jobs: queue.Queue[Callable[[], None] | None] = queue.Queue()
        # (plot, seed) → its slot: batch b of a seed is pooled under slot * 1000 + b, so a pupil who runs the
        # same seed again adds nothing twice (the same draws are not new evidence).
        self.slots: dict[tuple[int, int], int] = {}
        self._draw()

    # ------------------------------------------------------------------ start and stop
    def start(self, store_url: str | None) -> None:
        """Connect and join on the worker thread (the page is shown meanwhile: "Joining class …")."""
        self._hold_reveal(True)
        children = list(self.prediction.children)
        children[children.index(self.prediction.button) : 0] = [self.lock, self.status]
        self.prediction.children = children
        for plot in self.plots:  # from the start: batches run while joining wait in the queue for the worker
            # Each pupil simulates with a seed of its own: thirty pupils on the page's default seed would pool
            # thirty copies of one simulation, and the class's interval would shrink with no new evidence.
            plot.seed = random.SystemRandom().randrange(1, 2**31)
            plot.observe(lambda ch, plot=plot: self._batch_done(plot, ch["new"]), names="done")
        # Once locked in, the stored guess follows the input until the reveal ("you may change it"): a click on
        # Lock in can overtake the slider's last value on its way to the kernel (ipywidgets holds back a
        # model's updates while one is unanswered; the click is another widget's message), and the pupil
        # must end with the value they see stored, not the one before it.
        self.prediction.input.observe(lambda _c: self._follow(), names="value")
        threading.Thread(target=self._work, args=(store_url,), name="donkeylab-class", daemon=True).start()

    def _work(self, store_url: str | None) -> None:
        def connect() -> None:
            self.store = _open_store(store_url)
            self.pupil = self.store.join(self.code)

        if not self._call(connect):
            return
        self.lock.disabled = False
        self._draw()
        polls = 0
        while self.alone is None:
            try:
                job = self.jobs.get(timeout=POLL_S)
            except queue.Empty:
                job = None
            if job is not None:
                job()
                continue
            polls += 1
            self._poll(polls)

    def _poll(self, polls: int) -> None:
        store = self.store
        assert store is not None
        if not self.revealed:
            self._call(lambda: self._set_revealed(store.revealed(self.code, self.spec.qid)), poll=True)
        if self.alone is None and polls % POOL_EVERY == 0:
            self._call(lambda: self._set_trials(store.pooled_trials(self.code, self.spec.qid)), poll=True)

    def _call(self, call: Callable[[], object], poll: bool = False) -> bool:
        """Run a store call with bounded retries; a refusal or a store gone for good ends class mode here.

        A ``poll`` is tried once: the next poll comes a second later anyway, and only ``MAX_FAILED_POLLS`` in a
        row without the store (a database restarting) send the page on alone."""
        for attempt in range(RETRIES):
            try:
                call()
                self.failed_polls = 0
                return True
            except ClassError as exc:
                if exc.key == "unreachable" and poll:
                    self.failed_polls += 1
                    if self.failed_polls < MAX_FAILED_POLLS:
                        return False
                elif exc.key == "unreachable" and attempt < RETRIES - 1:
                    threading.Event().wait(1.0 + attempt)  # a worker thread backing off, not a test waiting
                    continue
                self._refused(exc)
                return False
            except Exception:  # the pupil's lesson must go on whatever the store did
                log.exception("class %s: a store call failed", self.code)
                self._go_alone("no_store")
                return False
        return False

    def _refused(self, exc: ClassError) -> None:
        if exc.key in ("unknown_class", "bad_code", "gone"):
            self._go_alone("ended" if self.pupil is not None else "not_open")
        elif exc.key == "unreachable":
            self._go_alone("no_store")
        elif exc.key == "revealed":
            self._set_revealed(True)
        else:  # a refused guess: say why, stay in class
            self.status.value = f"<span role='alert'>{html.escape(exc.render(self.lang))}</span>"

    def _go_alone(self, why: str) -> None:
        self.alone = why
        self.lock.disabled = True
        self.lock.layout.display = "none"
        self._hold_reveal(False)
        self._draw()

    # ------------------------------------------------------------------ the guess and the reveal
    def send(self, job: Callable[[], None]) -> None:
        """Queue a store call for the worker thread (the click handler returns at once)."""
        if self.alone is None:
            self.jobs.put(job)

    def lock_in(self) -> None:
        """What "Lock in my guess" does: the prediction's current value, as the question's number, stored."""
        value = self.guess_value()
        if value is None or self.revealed:
            return
        store = self.store
        assert store is not None and self.pupil is not None
        self.status.value = say("sending", self.lang)
        if self._call(lambda: store.answer(self.code, self.pupil.id, self.spec.qid, value)):
            self.locked = value
            self._draw()
            # The slider's last value may have arrived while this answer was being stored: _follow saw no lock
            # yet then, and the page kept the older guess for good (fresh run 31). Follow it now.
            self._follow()

    def _follow(self) -> None:
        if self.locked is not None and not self.revealed and self.guess_value() != self.locked:
            self.send(self.lock_in)

    def guess_value(self) -> float | None:
        """The pupil's input as the store's number: a slider's value, or a choice's index among the options."""
        raw = self.prediction.input.value
        if raw is None:
            return None
        if self.spec.whole:
            options = [str(v) for v in self.spec.choices]
            return float(options.index(str(raw))) if str(raw) in options else None
        try:
            return float(raw)
        except (TypeError, ValueError):
            return None

    def _set_revealed(self, revealed: bool) -> None:
        if revealed and not self.revealed:
            self.revealed = True
            self.lock.disabled = True
            self._hold_reveal(False)
            self.prediction.reveal()
            self._draw()

    def _hold_reveal(self, hold: bool) -> None:
        """The prediction's own Reveal waits for the teacher while the pupil is in class."""
        self.prediction.button.disabled = hold
        self.prediction.button.description = say("wait_reveal", self.lang) if hold else self._reveal_words()

    def _reveal_words(self) -> str:
        return "Zeig die Antwort" if self.lang == "de" else "Reveal the answer"

    # ------------------------------------------------------------------ pooling
    def _batch_done(self, plot: Any, done: int) -> None:
        """A plot finished a batch (``done`` grew); ``done`` falling to 0 is the next run starting."""
        if done <= 0:
            return
        batch, seed, n, params = plot.batch, plot.seed, plot.n, plot.params
        slot = self.slots.setdefault((id(plot), seed), len(self.slots))
        if slot >= MAX_RUNS:
            return
        b = (done - 1) // batch
        self.send(lambda: self._pool(plot.question, n, seed, batch, params, slot * 1000 + b, b))

    def _pool(self, name: str, n: int, seed: int, batch: int, params: dict[str, Any], key: int, b: int) -> None:
        """Recompute batch ``b`` with the lab (the plot's own numbers) and add it to the class's pool once."""
        from donkeylab.lab import questions

        found = next(iter(questions.get(name).batches(n, seed, batch, params, first=b)), None)
        if found is None:
            return
        counts: Mapping[Any, int] = found[1]
        if "n" in counts and "hits" in counts:  # a running estimate's batch: its trials, hits and misses
            counts = {"p": counts["hits"], "not": counts["n"] - counts["hits"]}
        clean = {outcome_name(k): int(v) for k, v in counts.items()}
        store, pid = self.store, self.pupil.id
        assert store is not None
        self._call(lambda: store.add_trials(self.code, pid, self.spec.qid, key, clean))

    def _set_trials(self, trials: int) -> None:
        if trials != self.trials:
            self.trials = trials
            self._draw()

    # ------------------------------------------------------------------ words
    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self._draw()

    def _draw(self) -> None:
        lang, code = self.lang, self.code
        self.lock.description = say("lock", lang)
        if self.alone is not None:
            why = say(self.alone, lang, code=code)
            self.banner.value = _box("dl-class-note", html.escape(say("alone", lang, why=why)))
            self.status.value = ""
            return
        if self.pupil is None:
            self.banner.value = _box("dl-class-bar", html.escape(say("joining", lang, code=code)))
            return
        name = pseudonym_de(self.pupil.name) if lang == "de" else self.pupil.name
        line = html.escape(say("banner", lang, code=code, name=name))
        extra = f" · {html.escape(say('pooled', lang, trials=count_words(self.trials, lang)))}" if self.trials else ""
        note = f"<br><small>{html.escape(say('pool_note', lang))}</small>" if self.plots else ""
        self.banner.value = _box("dl-class-bar", f"<b>{line}</b>{extra}{note}")
        if self.locked is not None:
            shown = self._shown(self.locked)
            self.status.value = f"<span class='dl-class-locked'>{html.escape(say('locked', lang, value=shown))}</span>"
        if self.revealed:
            self.prediction.button.description = self._reveal_words()
        elif self.alone is None:
            self.prediction.button.description = say("wait_reveal", lang)

    def _resend(self) -> None:
        """The state of every widget the worker thread changes, sent again (the page has drawn them now)."""
        for widget in (self.banner, self.status, self.lock, self.prediction.button):
            widget.send_state()

    def _shown(self, value: float) -> str:
        if self.spec.whole:
            return self.spec.choices[int(value)]
        return number_words(value, self.lang)


def _box(kind: str, inner: str) -> str:
    style = "padding:8px 12px;border-radius:8px;margin:4px 0 10px;font-size:16px;" + (
        "background:#e8f3fb;border:2px solid #0072B2"
        if kind == "dl-class-bar"
        else "background:#fdf3e1;border:2px solid #E69F00"
    )
    return f"<div class='{kind}' role='status' style='{style}'>{inner}</div>"


def _pools(plot: Any, spec: ClassQuestion) -> bool:
    """A plot pools into ``spec`` when it simulates the same lab question with the same parameters."""
    if getattr(plot, "question", None) != spec.lab or not hasattr(plot, "params"):
        return False
    from donkeylab.lab import questions

    return bool(plot.params == questions.get(spec.lab).resolve(dict(spec.params)))


def _open_store(url: str | None = None) -> ClassStore:
    """``ClassStore.open``, importing the store on first use (the static site has no SQLAlchemy)."""
    from donkeylab.classroom.store import ClassStore

    return ClassStore.open(url)
