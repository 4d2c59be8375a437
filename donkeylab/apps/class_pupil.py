"""The pupil's side of class mode: ONE call a lesson page makes, ``join_class(lesson_name, query, lesson, page)``.

A lesson opened with ``?class=K7Q2XF`` joins that class in the pupil's own kernel:

- a banner "Class K7Q2XF · you are Blue Donkey 17" (and the class's pooled trials). The server passes the
  browser's own key (``_pupil``, a cookie it made): the same browser is the same pupil after a reload or a
  server restart, with its locked-in guess, and never counts twice;
- "Lock in my guess" (``class_lock.LockIn``) beside the prediction stores the guess the pupil sees, once: a
  locked guess stays locked. Until then the page says "no guess yet" (the slider's start is nobody's guess);
- the answer is nowhere on the page before the teacher reveals it: the lesson is built sealed (the answer,
  what to notice, exercises and going further come only at the reveal; the plot has no exact line), and the
  prediction's Reveal is held in the kernel, so a forged click does nothing. The kernel polls the store once
  a second, so every page reveals within about a second of the teacher's click;
- every batch the lesson's matching LivePlot simulates is added to the class's pool. The plot's seed is drawn
  here (``random.SystemRandom``) and the page may not change seed, size or batches; the counts are recomputed
  with the lab's own seeded simulation (``Question.batches``), never taken from the browser, and each
  (seed, batch) counts once;
- an unknown, ended or full class, a removal by the teacher, or a store that cannot be reached leaves a
  friendly note and the lesson as it is without class mode. Every store call runs on one worker thread.

Wiring a lesson: its link takes ``**class_pupil.PARAMS`` (``class``, ``_pupil``), and its page goes through
``join_class`` (``lessons/page.page`` does it for every lesson).
"""

from __future__ import annotations

import html
import logging
import queue
import random
import threading
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from donkeylab.apps.class_lock import LockIn
from donkeylab.apps.class_words import count_words, number_words, say
from donkeylab.apps.query import Param
from donkeylab.classroom import ClassError, ClassQuestion, outcome_name, question_specs
from donkeylab.classroom.checks import BROWSER_RE
from donkeylab.classroom.names import clean_code, pseudonym_de
from donkeylab.widgets.drawn import Drawn

if TYPE_CHECKING:  # the store (and SQLAlchemy) is imported when a class is opened, not with the page
    from donkeylab.classroom.store import ClassStore

log = logging.getLogger(__name__)
POLL_S = 1.0  # the reveal reaches a page within about this long after the teacher's click
RETRIES = 3  # a store call is tried this often (1 s, 2 s apart) before the page gives up on it
MAX_FAILED_POLLS = 30  # about half a minute without the store: the page goes on alone
MAX_SEED = 2**62
REPORT_EVERY = 20  # polls between two reports of where the page is (the store's ``seen``: no ghost is dropped)
ALONE = {"unknown_class": "not_open", "bad_code": "not_open", "gone": "ended", "full": "full", "removed": "removed"}


def read_code(text: str) -> str:
    code = clean_code(text)
    if code is None:
        raise ValueError("a class code of 6 letters and digits")
    return code


def read_browser(text: str) -> str:
    if not BROWSER_RE.fullmatch(text):
        raise ValueError("a browser key")
    return text


PARAMS = {
    "class": Param("class", read_code, None),
    "_pupil": Param("_pupil", read_browser, None),  # set by the server from a cookie, refused in a link
}


def join_class(lesson_name: str, query: Any, lesson: Any, page: Any, store_url: str | None = None) -> Any:
    """THE lesson hook: ``page`` (the lesson's page box) joined to the class of ``?class=CODE``, its banner
    first; without a code, or for a lesson class mode does not offer, ``page`` as it was. ``lesson`` is the
    page's ``Lesson`` (its ``prediction``, ``live`` plots, sealed places and language ``switch`` are used)."""
    code = query.values.get("class")
    try:
        specs = question_specs(lesson_name) if code else {}
    except KeyError:
        specs = {}
    if not code or not specs:
        return page
    spec = next(iter(specs.values()))
    part = PupilPart(code, spec, lesson, query.values.get("_pupil"), lesson.switch.value)
    lesson.switch.parts.append(part)
    part.start(store_url)
    page.children = (part.banner, *page.children, part.drawn)
    return page


class PupilPart:
    """One pupil's connection to a class: the banner, the lock-in and the pooling of batches."""

    def __init__(self, code: str, spec: ClassQuestion, lesson: Any, browser: str | None, lang: str) -> None:
        self.code, self.spec, self.lesson, self.browser, self.lang = code, spec, lesson, browser, lang
        self.prediction = lesson.prediction
        self.plots = [p for p in lesson.live if _pools(p, spec)]
        self.store: ClassStore | None = None
        self.pupil: Any = None
        self.trials = 0
        self.revealed = False
        self.alone: str | None = None  # why the lesson works on alone (a catalogue key), or None
        self.locked: Any = None  # the locked-in guess (as the prediction's input holds it), or None
        self.failed_polls = 0
        self.banner = w.HTML()
        self.banner.add_class("dl-class-banner")
        self.lock = LockIn(self.prediction.input, lambda value: self.send(lambda: self.lock_in(value)), lang)
        # The worker thread changes the banner and the lock at any moment, also while the page is still creating
        # its widgets (an update then is dropped): once the page has drawn them, their state again.
        self.drawn = Drawn(self._resend)
        self.jobs: queue.Queue[Callable[[], None] | None] = queue.Queue()
        self._draw()

    # ------------------------------------------------------------------ start and stop
    def start(self, store_url: str | None) -> None:
        """Connect and join on the worker thread (the page is shown meanwhile: "Joining class …")."""
        self.prediction.held = True  # the answer waits for the teacher, whatever the page sends
        if hasattr(self.lesson, "sealed_note"):
            self.lesson.sealed_note("class")
        children = list(self.prediction.children)
        children[children.index(self.prediction.button) : 0] = [self.lock]
        self.prediction.children = children
        self._hold_reveal(True)
        seeds = random.SystemRandom()
        for plot in self.plots:  # a seed of the kernel's own: thirty copies of one run are no new evidence
            plot.lock_run(seeds.randrange(1, MAX_SEED))
            plot.observe(lambda ch, plot=plot: self._batch_done(plot, ch["new"]), names="done")
        threading.Thread(target=self._work, args=(store_url,), name="donkeylab-class", daemon=True).start()

    def _work(self, store_url: str | None) -> None:
        def connect() -> None:
            self.store = _open_store(store_url)
            self.pupil = self.store.join(self.code, self.browser)

        if not self._call(connect):
            return
        given = dict(self.pupil.answers).get(self.spec.qid)
        if given is not None:  # this browser locked a guess in before (a reload, a server restart)
            self._locked(self._from_store(given))
        self._draw()
        polls, due = 0, 0.0
        while self.alone is None:
            now = time.monotonic()
            if now >= due:  # once a second, however many jobs come (a plot pools a batch every few ms)
                if polls % REPORT_EVERY == 0:
                    self._report()
                self._poll()
                polls, due = polls + 1, now + POLL_S
            try:
                job = self.jobs.get(timeout=max(0.0, due - time.monotonic()))
            except queue.Empty:
                continue
            if job is not None:
                job()

    def _poll(self) -> None:
        store = self.store
        assert store is not None
        self._call(lambda: self._polled(store.poll(self.code, self.pupil.id)), poll=True)

    def _report(self) -> None:
        """Tell the store this page is still open, and where its Stepper stands."""
        store, stepper = self.store, getattr(self.lesson, "stepper", None)
        assert store is not None
        progress = {"step": int(stepper.index)} if stepper is not None else {}
        self._call(lambda: store.report(self.code, self.pupil.id, progress), poll=True)

    def _polled(self, seen: Mapping[str, Any]) -> None:
        if seen["removed"]:
            self._go_alone("removed")
            return
        if self.spec.qid in seen["revealed"]:
            self._set_revealed()
        trials = int(seen["trials"].get(self.spec.qid, 0))
        if trials != self.trials:
            self.trials = trials
            self._draw()

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
        if exc.key in ALONE:
            why = ALONE[exc.key]
            self._go_alone("ended" if why == "not_open" and self.pupil is not None else why)
        elif exc.key == "unreachable":
            self._go_alone("no_store")
        elif exc.key == "revealed":
            self._set_revealed()
        else:  # a refused guess: say why, stay in class
            self.lock.set_trait("kind", "refused")
            self.lock.status = exc.render(self.lang)

    def _go_alone(self, why: str) -> None:
        self.alone = why
        self.lock.enabled = False
        self.lock.layout.display = "none"
        self.prediction.held = False
        self._hold_reveal(False)
        if hasattr(self.lesson, "sealed_note"):
            self.lesson.sealed_note("solo")
        self._draw()

    # ------------------------------------------------------------------ the guess and the reveal
    def send(self, job: Callable[[], None]) -> None:
        """Queue a store call for the worker thread (the click handler returns at once)."""
        if self.alone is None:
            self.jobs.put(job)

    def lock_in(self, value: Any) -> None:
        """Store ``value`` (what the page showed, checked by ``LockIn``) as this pupil's guess, once."""
        number = self._to_store(value)
        if number is None or self.revealed or self.locked is not None or self.pupil is None:
            return
        store = self.store
        assert store is not None
        self.lock.enabled = False
        if self._call(lambda: store.answer(self.code, self.pupil.id, self.spec.qid, number)):
            self._locked(value)
        elif self.locked is None and not self.revealed and self.alone is None:
            self.lock.enabled = True

    def _locked(self, value: Any) -> None:
        self.locked = value
        self.prediction.input.value = value  # the kernel's input shows the locked guess too
        self.prediction.input.disabled = True
        self.prediction.stated = self._shown(value)
        self._draw()

    def _to_store(self, value: Any) -> float | None:
        """The input's value as the store's number: a slider's value, or a choice's index among the options."""
        if self.spec.whole:
            options = [str(v) for v in self.spec.choices]
            return float(options.index(str(value))) if str(value) in options else None
        try:
            return float(value)
        except (TypeError, ValueError):
            return None

    def _from_store(self, number: float) -> Any:
        return self.spec.choices[int(number)] if self.spec.whole else number

    def _set_revealed(self) -> None:
        if self.revealed:
            return
        self.prediction.input.disabled = True
        self.prediction.stated = None if self.locked is None else self._shown(self.locked)
        self.prediction.held = False
        self._hold_reveal(False)
        self.prediction.reveal()  # the sealed rest of the lesson is built here, before the page counts as revealed
        self.revealed = True
        self._draw()

    def _hold_reveal(self, hold: bool) -> None:
        """The prediction's own Reveal waits for the teacher while the pupil is in class."""
        self.prediction.button.disabled = hold
        self.prediction.button.description = say("wait_reveal", self.lang) if hold else self._reveal_words()

    def _reveal_words(self) -> str:
        from donkeylab.apps.parts import say as parts_say

        return parts_say("reveal").get(self.lang)

    # ------------------------------------------------------------------ pooling
    def _batch_done(self, plot: Any, done: int) -> None:
        """A plot finished a batch (``done`` grew); ``done`` falling to 0 is the next run starting."""
        if done <= 0:
            return
        batch, seed, n, params = plot.batch, plot.seed, plot.n, plot.params
        b = (done - 1) // batch
        self.send(lambda: self._pool(plot.question, n, seed, batch, params, b))

    def _pool(self, name: str, n: int, seed: int, batch: int, params: dict[str, Any], b: int) -> None:
        """Recompute batch ``b`` with the lab (the plot's own numbers) and add it to the class's pool once."""
        from donkeylab.lab import questions

        found = next(iter(questions.get(name).batches(n, seed, batch, params, first=b)), None)
        if found is None or self.pupil is None:
            return
        counts: Mapping[Any, int] = found[1]
        if "n" in counts and "hits" in counts:  # a running estimate's batch: its trials, hits and misses
            counts = {"p": counts["hits"], "not": counts["n"] - counts["hits"]}
        clean = {outcome_name(k): int(v) for k, v in counts.items()}
        store, pid = self.store, self.pupil.id
        assert store is not None
        self._call(lambda: store.add_trials(self.code, pid, self.spec.qid, seed, b, clean))

    # ------------------------------------------------------------------ words
    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.lock.lang = lang
        if self.locked is not None:
            self.prediction.stated = self._shown(self.locked)
        self._draw()

    def _draw(self) -> None:
        lang, code = self.lang, self.code
        self.lock.label = say("lock", lang)
        if self.alone is not None:
            why = say(self.alone, lang, code=code)
            self.banner.value = _box("dl-class-note", html.escape(say("alone", lang, why=why)))
            return
        if self.pupil is None:
            self.banner.value = _box("dl-class-bar", html.escape(say("joining", lang, code=code)))
            self.lock.status = ""
            return
        name = pseudonym_de(self.pupil.name) if lang == "de" else self.pupil.name
        line = html.escape(say("banner", lang, code=code, name=name))
        extra = f" · {html.escape(say('pooled', lang, trials=count_words(self.trials, lang)))}" if self.trials else ""
        note = f"<br><small>{html.escape(say('pool_note', lang))}</small>" if self.plots else ""
        self.banner.value = _box("dl-class-bar", f"<b>{line}</b>{extra}{note}")
        self._draw_lock(lang)

    def _draw_lock(self, lang: str) -> None:
        shown = None if self.locked is None else self._shown(self.locked)
        if self.revealed:
            key, kind = ("closed_locked", "closed") if shown is not None else ("closed_none", "none")
        elif shown is not None:
            key, kind = "locked", "locked"
        else:
            key, kind = "no_guess", "none"
        with self.lock.hold_sync():
            self.lock.enabled = not self.revealed and shown is None
            self.lock.kind = kind
            self.lock.status = say(key, lang, value=shown or "")
        if not self.revealed:
            self.prediction.button.description = say("wait_reveal", lang)

    def _resend(self) -> None:
        """The state of every widget the worker thread changes, sent again (the page has drawn them now)."""
        for widget in (self.banner, self.lock, self.prediction.button, self.prediction.input):
            widget.send_state()

    def _shown(self, value: Any) -> str:
        if self.spec.whole:
            labels = getattr(self.prediction, "labels", None)
            return labels[value].get(self.lang) if labels and value in labels else str(value)
        return number_words(float(value), self.lang)


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
