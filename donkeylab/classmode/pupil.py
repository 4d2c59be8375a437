"""The pupil's side of class mode: ONE call a lesson page makes, ``join_class(lesson_name, query, lesson, page)``.

A lesson opened with ``?class=K7Q2XF`` joins that class in the pupil's own kernel:

- the class card on top (``class_card.ClassCard``): "Class K7Q2XF · you are Blue Donkey 17", the class's
  pooled trials, and the class's question of the moment. The server passes the browser's own key (``_pupil``,
  a cookie it made): the same browser is the same pupil after a reload or a server restart, with its locked-in
  guesses, and never counts twice;
- the class answers its lesson's questions in order, at the teacher's pace. The first is the lesson's own
  prediction: "Lock in my guess" (``class_lock.LockIn``) beside it stores the guess the pupil sees, once. The
  others are asked on the card, each with its own lock. Until a guess is locked the page says "no guess yet";
- the answer is nowhere on the page before the teacher reveals it (the lesson is built sealed; the
  prediction's Reveal is held in the kernel, so a forged click does nothing); after the reveal the pupil sees
  the answer and how close their own guess came — nobody else's;
- the teacher's pacing reaches the page within about a second (the kernel polls the store once a second): the
  question, "everyone to step 5" (the Stepper jumps) or to a section (the page scrolls there), and a pause
  (every control of the page refused in the kernel, ``guard.PAUSE``, and an overlay saying why). A pupil who
  joins late lands where the class is;
- the page reports every 20 s (and soon after a change) where it is: the Stepper's step, the section in
  view, the question, the exercises tried and right — numbers and fixed words, for the teacher's roster;
- every batch the lesson's matching LivePlot simulates is pooled (``class_pool``: seeds drawn by the kernel,
  counts recomputed by the lab, each (seed, batch) once);
- every question stays blind until its own reveal (``class_seal``: the parts that state a later question's
  answer wait for it), and a simulation that estimates a question waits for the pupil's guess;
- a class that has ended (or a code of no open class) leaves a note and the lesson as a pupil's own; a full
  class, a removal by the teacher or a store that cannot be reached leaves a note and keeps every answer sealed
  (the class runs on for the others); taken out or full, the page then stops its kernel (``leave``), freeing
  its place on the server. Every store call runs on one worker thread.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from donkeylab.classmode import leave, store_ahead
from donkeylab.classmode import pool as class_pool
from donkeylab.classmode import restore as class_restore
from donkeylab.classmode import seal as class_seal
from donkeylab.classmode.card import ClassCard
from donkeylab.classmode.words import answer_words, choice_words, closeness, count_words, number_words, say
from donkeylab.classroom import ClassError, ClassQuestion, question_specs
from donkeylab.core import CATALOGUE, numbers
from donkeylab.pages.lock import LockIn
from donkeylab.pages.query import CLASS_PARAMS as PARAMS
from donkeylab.pages.query import read_code
from donkeylab.pages.typed_guess import typed_pending
from donkeylab.widgets import guard
from donkeylab.widgets.chances import panels_in
from donkeylab.widgets.drawn import Drawn

if TYPE_CHECKING:  # the store (and SQLAlchemy) is imported when a class is opened, not with the page
    from donkeylab.classroom.store import ClassStore

log = logging.getLogger(__name__)
POLL_S = 1.0  # the reveal and the pacing reach a page within about this long after the teacher's click
RETRIES = 3  # a store call is tried this often (1 s, 2 s apart) before the page gives up on it
MAX_FAILED_POLLS = 30  # about half a minute without the store: the page goes on alone
REPORT_EVERY = 20  # polls between two reports of where the page is (the store's ``seen``: no ghost is dropped)
REPORT_SOON_S = 2.0  # a change is reported at most this soon after the last report
ALONE = {"unknown_class": "not_open", "bad_code": "not_open", "gone": "ended", "full": "full", "removed": "removed"}


def join(page: Any) -> Any:
    """A built app page joined to its class when it is a lesson page with ``?class=CODE`` (``apps.build``
    composes every page this way); any other page as it was."""
    lesson = getattr(page, "lesson", None)
    if lesson is None or getattr(lesson, "spec", None) is None or getattr(lesson, "query", None) is None:
        return page
    return join_class(lesson.spec.name, lesson.query, lesson, page)


def join_class(lesson_name: str, query: Any, lesson: Any, page: Any, store_url: str | None = None) -> Any:
    """THE lesson hook: ``page`` (the lesson's page box) joined to the class of ``?class=CODE``, its card first;
    without a code, or for a lesson class mode does not offer, ``page`` as it was."""
    code = query.values.get("class")
    try:
        specs = list(question_specs(lesson_name).values()) if code else []
    except KeyError:
        specs = []
    if not code or not specs:
        return page
    panels = panels_in(page)
    for panel in panels:  # the chances panel: the teacher decides, not a pupil
        panel.close_for_class()
    part = PupilPart(code, specs, lesson, query.values.get("_pupil"), lesson.switch.value)
    part.panels = panels
    lesson.switch.parts.append(part)
    part.start(store_url)
    page.children = (part.card, *page.children, part.place, part.drawn)  # drawn last: see Drawn
    return page


class PupilPart:
    """One pupil's connection to a class: the card, the locks, the pacing and the pooling of batches."""

    def __init__(self, code: str, specs: list[ClassQuestion], lesson: Any, browser: str | None, lang: str) -> None:
        self.code, self.lesson, self.browser, self.lang = code, lesson, browser, lang
        self.specs = {q.qid: q for q in specs}
        self.headline = specs[0]
        self.current = self.headline.qid
        self.prediction = lesson.prediction
        self.plots = class_pool.pooled_plots(lesson.live, specs)
        self.store: ClassStore | None = None
        self.pupil: Any = None
        self.trials: dict[str, int] = {}
        self.revealed: set[str] = set()
        self.locked: dict[str, float] = {}  # qid -> the locked guess, as the store holds it
        self.alone: str | None = None  # why the lesson works on alone (a catalogue key), or None
        self.leaving: threading.Thread | None = None  # a page refused by its class stops its kernel
        self.state: dict[str, Any] = {}
        self.seq: Any = None
        self.section = ""
        self.panels: list[Any] = []  # the page's chances panels, shown while the teacher says so
        self.odds = False
        self.tried: set[int] = set()
        self.right: set[int] = set()
        self.dirty = True
        self.failed_polls = 0
        self.polls = 0  # polls answered (a test waits on it)
        self.card = ClassCard(lang)
        self.card.on_lock = lambda value: self.send(lambda: self.lock_card(value))
        self.card.on_section = self._section
        self.place = class_restore.ClassPlace(key=code, lang=lang)
        self.lock = LockIn(
            self.prediction.input,
            lambda value: self.send(lambda: self.lock_in(value)),
            lang,
            prefer=typed_pending(self.prediction),
        )
        # The worker thread changes the card and the lock at any moment, also while the page is still creating
        # its widgets (an update then is dropped): once the page has drawn them, their state again.
        self.drawn = Drawn(self._page_drawn)
        self.page_seen = threading.Event()  # the page has drawn its widgets: only then does it take a place
        self.jobs: queue.Queue[Callable[[], None] | None] = queue.Queue()
        self._draw()

    @property
    def banner(self) -> ClassCard:  # the card's first line is what the banner was
        return self.card

    # ------------------------------------------------------------------ start and the worker
    def start(self, store_url: str | None) -> None:
        """Connect and join on the worker thread (the page is shown meanwhile: "Joining class …")."""
        gate = getattr(self.lesson, "guess_gate", None)  # a solo page's gate (``lessons.guess_first``)
        if gate is not None:
            gate.off()  # the class's own lock and holds replace it
        self.prediction.held = True  # the answer waits for the teacher, whatever the page sends
        if hasattr(self.lesson, "sealed_note"):
            self.lesson.sealed_note("class")
        class_seal.seal(self)  # what states a later question's answer waits for that question's reveal
        guard.PAUSE.install()  # ipywidgets' own controls meet a pause too (their handlers are bound now)
        children = list(self.prediction.children)
        children[children.index(self.prediction.button) : 0] = [self.lock]
        self.prediction.children = children
        self._hold_reveal(True)
        class_pool.attach(self)
        stepper = getattr(self.lesson, "stepper", None)
        if stepper is not None:
            stepper.observe(lambda _c: self._changed(), names="index")
        self.lesson.on_unseal.append(self._hook_exercises)
        self._hook_exercises()
        class_restore.watch(self)
        threading.Thread(target=self._work, args=(store_url,), name="donkeylab-class", daemon=True).start()

    def _work(self, store_url: str | None) -> None:
        def connect() -> None:
            self.store = store_ahead.open_store(store_url)
            self.pupil = self.store.join(self.code, self.browser)

        while not self.page_seen.wait(POLL_S):  # a GET alone (no page drew this) joins nobody
            if self.alone is not None:
                return

        if not self._call(connect):
            return
        for qid, number in dict(self.pupil.answers).items():  # this browser locked guesses in before
            if qid in self.specs:
                self._locked(qid, float(number))
        class_restore.restore(self)
        self._draw()
        polls, due, reported = 0, 0.0, 0.0
        while self.alone is None:
            now = time.monotonic()
            if now >= due:  # once a second, however many jobs come (a plot pools a batch every few ms)
                self._poll()
                polls, due = polls + 1, now + POLL_S
                if self.alone is None and (
                    polls % REPORT_EVERY == 1 or (self.dirty and now - reported > REPORT_SOON_S)
                ):
                    self._report()
                    reported = now
            try:
                job = self.jobs.get(timeout=max(0.0, due - time.monotonic()))
            except queue.Empty:
                continue
            if job is not None:
                job()

    def stop(self) -> None:
        """End the worker thread (the page is gone); the pause and the page stay as they are."""
        if self.alone is None:
            self.alone = "stopped"
        self.jobs.put(None)

    def _poll(self) -> None:
        store = self.store
        assert store is not None
        self._call(lambda: self._polled(store.poll(self.code, self.pupil.id)), poll=True)

    def _polled(self, seen: Mapping[str, Any]) -> None:
        self.polls += 1
        if seen["removed"]:
            self._go_alone("removed")
            return
        for qid in seen["revealed"]:
            if qid in self.specs and qid not in self.revealed:
                self._reveal(qid)
        self.trials = {k: int(v) for k, v in seen["trials"].items()}
        self._apply(seen["state"])
        self._draw()

    def _report(self) -> None:
        """Tell the store this page is open, where it is and which exercises were tried and right."""
        store, stepper = self.store, getattr(self.lesson, "stepper", None)
        assert store is not None
        progress: dict[str, Any] = {"question": self.current, "tried": sorted(self.tried), "right": sorted(self.right)}
        if stepper is not None:
            progress["step"] = int(stepper.index)
        if self.section:
            progress["section"] = self.section
        progress |= class_restore.kept(self)
        self.dirty = False
        self._call(lambda: store.report(self.code, self.pupil.id, progress), poll=True)

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
        elif exc.key == "unknown_pupil" and self.pupil is not None and self.store is not None:
            # taken out as a ghost (silent a minute, no guess) while the page lived on: a new pupil, as on a reload
            store, self.pupil = self.store, None
            self._call(lambda: setattr(self, "pupil", store.join(self.code, self.browser)))
        elif exc.key == "revealed":
            self._reveal(self.current)
        else:  # a refused guess: say why, stay in class
            target = self.lock if self.current == self.headline.qid else self.card
            target.status, target.kind = exc.render(self.lang), "refused"

    def _go_alone(self, why: str) -> None:
        """Class mode ends here. A class that is not open any more (ended, or never was) leaves a lesson of the
        pupil's own; a class still running for others (full, taken out, no store) keeps every answer sealed."""
        self.alone = why
        self.lock.enabled = False
        self.lock.layout.display = "none"
        guard.PAUSE.release()
        self.card.paused = ""
        if why in class_seal.OPENS:
            self.prediction.held = False
            self._hold_reveal(False)
            class_seal.open_all(self)
            if hasattr(self.lesson, "sealed_note"):
                self.lesson.sealed_note("solo")
        self._draw()
        self.leaving = leave.stop_soon(why, self.code, self.lang)  # taken out or full: the server's place is freed

    # ------------------------------------------------------------------ the teacher's pacing
    def _apply(self, state: Mapping[str, Any]) -> None:
        """The class's question, pause and "everyone to …" as the teacher set them (a late joiner gets them too)."""
        self.state = dict(state)
        asked = state.get("question")
        if isinstance(asked, str) and asked in self.specs and asked != self.current:
            self.current = asked
            self.dirty = True
        if state.get("paused"):
            guard.PAUSE.hold(lambda lang: say("paused", lang))
        else:
            guard.PAUSE.release()
        if bool(state.get("odds")) != self.odds:
            self.odds = bool(state.get("odds"))
            for panel in self.panels:
                panel.open_for_class() if self.odds else panel.close_for_class()
        if state.get("seq") != self.seq:
            self.seq = state.get("seq")
            step, stepper = state.get("step"), getattr(self.lesson, "stepper", None)
            if isinstance(step, int) and stepper is not None:
                class_restore.go_to(stepper, step)
            # "everyone to step N" brings the game into view too: a pupil scrolled to the exercises would not
            # see their Stepper move
            section = state.get("section") or ("step" if isinstance(step, int) and stepper is not None else "")
            if section:
                self.card.goto = {"seq": self.seq, "section": section}

    def _section(self, name: str) -> None:
        if name != self.section:
            self.section = name
            self._changed()

    def _changed(self) -> None:
        self.dirty = True
        class_restore.report_soon(self)

    def _hook_exercises(self) -> None:
        """Count the exercises tried and right (once the reveal has built them)."""
        for number, box in self.lesson.exercise_boxes().items():
            if not getattr(box, "_class_hooked", False):
                box._class_hooked = True
                box.on_check.append(lambda b, n=number: self._checked(n, b))

    def _checked(self, number: int, box: Any) -> None:
        if box.verdict is not None and box.verdict.outcome not in ("malformed", "percent_sign"):
            self.tried.add(number)
        if box.solved:
            self.right.add(number)
        self._changed()

    # ------------------------------------------------------------------ guesses and reveals
    def send(self, job: Callable[[], None]) -> None:
        """Queue a store call for the worker thread (the click handler returns at once)."""
        if self.alone is None:
            self.jobs.put(job)

    def lock_in(self, value: Any) -> None:
        """The lesson's own prediction: store ``value`` (what the page showed, checked by ``LockIn``), once."""
        number = _to_store(self.headline, value)
        if number is not None:
            self._store_guess(self.headline.qid, number)

    def lock_card(self, value: float) -> None:
        """The card's question: store ``value`` (checked by ``ClassCard``), once."""
        if self.current != self.headline.qid:
            self._store_guess(self.current, value)

    def _store_guess(self, qid: str, number: float) -> None:
        if qid in self.revealed or qid in self.locked or self.pupil is None or guard.PAUSE.reason is not None:
            return
        store = self.store
        assert store is not None
        if self._call(lambda: store.answer(self.code, self.pupil.id, qid, number)):
            self._locked(qid, number)
            self._draw()

    def _locked(self, qid: str, number: float) -> None:
        self.locked[qid] = number
        if qid == self.headline.qid:
            value = self.headline.choices[int(number)] if self.headline.whole else number
            self.prediction.input.value = value  # the kernel's input shows the locked guess too
            self.prediction.input.disabled = True
            self.prediction.stated = self._shown(self.headline, number)

    def _reveal(self, qid: str) -> None:
        if qid == self.headline.qid:
            self.prediction.input.disabled = True
            number = self.locked.get(qid)
            self.prediction.stated = None if number is None else self._shown(self.headline, number)
            self.prediction.held = False
            self._hold_reveal(False)
            self.prediction.reveal()  # the sealed rest of the lesson is built here, before it counts as revealed
            if self.prediction.revealed:  # shown: an orange "Reveal" (disabled or not) read as one more to press
                self.prediction.button.disabled = True
                self.prediction.button.description = say("revealed_below", self.lang)
        else:
            class_seal.revealed(self, qid)  # the parts that state this question's answer
        self.revealed.add(qid)
        self._draw()

    def _hold_reveal(self, hold: bool) -> None:
        """The prediction's own Reveal waits for the teacher while the pupil is in class."""
        from donkeylab.pages.parts import say as parts_say

        self.prediction.button.disabled = hold
        self.prediction.button.description = (
            say("wait_reveal", self.lang) if hold else parts_say("reveal").get(self.lang)
        )

    # ------------------------------------------------------------------ words
    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.lock.lang = self.card.lang = lang
        number = self.locked.get(self.headline.qid)
        if number is not None:
            self.prediction.stated = self._shown(self.headline, number)
        self._draw()

    def _draw(self) -> None:
        from donkeylab.classmode.view import draw_card, draw_lock

        draw_card(self)
        draw_lock(self)
        class_seal.gate(self)

    def _page_drawn(self) -> None:
        self.page_seen.set()
        self._resend()

    def _resend(self) -> None:
        """The state of every widget the worker thread changes, sent again (the page has drawn them now)."""
        for widget in (self.card, self.lock, self.place, self.prediction.button, self.prediction.input):
            widget.send_state()

    def _shown(self, spec: ClassQuestion, number: float) -> str:
        if spec.whole:
            labels = getattr(self.prediction, "labels", None) if spec is self.headline else None
            option = spec.choices[int(number)]
            return (
                labels[option].get(self.lang)
                if labels and option in labels
                else choice_words(spec, int(number), self.lang)
            )
        unit = f" {CATALOGUE.render(spec.unit, {}, self.lang)}" if spec.unit else ""  # "1.80 rounds", as the slider
        if spec is self.headline and not unit:  # as the prediction's readout writes it (0.012 on a finer step)
            return str(self.prediction._shown(float(number)))
        return number_words(float(number), self.lang) + unit


def _to_store(spec: ClassQuestion, value: Any) -> float | None:
    """The prediction input's value as the store's number: a slider's value, or a choice's index."""
    if spec.whole:
        options = [str(v) for v in spec.choices]
        return float(options.index(str(value))) if str(value) in options else None
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


__all__ = [
    "PARAMS",
    "PupilPart",
    "answer_words",
    "closeness",
    "count_words",
    "join",
    "join_class",
    "numbers",
    "read_code",
]
