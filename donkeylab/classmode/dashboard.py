"""``ClassDashboard``: the teacher's page of class mode — start screen, projected dashboard and cockpit in one
widget.

The start screen offers the lessons, a class size (the pages warmed for it) and the classes running on this
machine (their keys are in ``classroom.keyring``, never in a link). A class's dashboard shows, on one projector
screen (1024×768 and up): the class's question of the moment in the pupils' words (with the strip of all the
lesson's questions and "Next question"), the class code, the QR code of the join link and the short address
to type, counts, the guesses' chart, Reveal, the pooled simulation and End class. Below it, the teacher's desk:
pacing ("Everyone to step 5", to a section, pause and release), the pupils by pseudonym with who has not
guessed, who is behind and which exercise most got wrong, and "Save the results" (a CSV and a page of charts,
built here and saved by the teacher's browser).

The kernel polls the store once a second and sets only what changed. Before a question's reveal nothing the
page receives depends on its answer. The page writes no trait; it sends messages, each checked here
(``_on_page``). Starting is bounded per kernel (``MAX_STARTS``, one every ``START_GAP_S``), and only the
teacher is served this page (``class_gate``).
"""

from __future__ import annotations

import html
import logging
import secrets
import threading
import time
from typing import TYPE_CHECKING, Any

import anywidget
import traitlets as t

from donkeylab.classmode import board_words, charts, cockpit
from donkeylab.classmode import export as class_export
from donkeylab.classmode import warm as class_warm
from donkeylab.classmode.words import say
from donkeylab.classroom import ClassError, ClassQuestion, keyring, lessons, question_specs
from donkeylab.classroom.checks import SECTIONS
from donkeylab.core.bounds import MAX_STEP
from donkeylab.widgets import assets
from donkeylab.widgets.guard import PageGuard

if TYPE_CHECKING:  # the store (and SQLAlchemy) is imported when a class is opened, not with the page
    from donkeylab.classroom.store import ClassStore

log = logging.getLogger(__name__)
POLL_S = 1.0
MAX_STARTS = 5  # classes one teacher page may start (a forged flood of Start clicks makes at most this many)
START_GAP_S = 3.0
DESK_GAP_S = 2.0  # the start screen's warm-up is asked again at most this often (a forged flood)
MAX_SIZE = 200  # the start screen's class size field's maximum


def _a_start(lesson: object, size: object) -> bool:
    """Whether a page's Start (or start screen) names a lesson of class mode and a whole-number class size."""
    return lesson in lessons() and isinstance(size, int) and not isinstance(size, bool)


class ClassDashboard(PageGuard, anywidget.AnyWidget):
    """The class-mode page: ``ClassDashboard(lang, lesson)``; ``open_class(code)`` shows a running class."""

    _esm = assets.text("heartbeat.js", "class_dashboard.js")  # the lost-kernel banner, as every page has
    _css = assets.asset("class_dashboard.css")

    lang = t.Enum(("en", "de"), "en", help="the page's language").tag(sync=True)
    texts = t.Dict(help="the page's words in lang").tag(sync=True)
    view = t.Enum(("start", "class", "ended"), "start", help="the start screen, a class, or an ended class").tag(
        sync=True
    )
    lessons: t.List[Any] = t.List(help="[[lesson, title], ...] the lessons class mode offers").tag(sync=True)
    lesson = t.Unicode(help="the lesson picked on the start screen, or the class's lesson").tag(sync=True)
    size = t.Int(30, help="the class size the start screen suggests").tag(sync=True)
    running: t.List[Any] = t.List(help="[[code, lesson title, started], ...] classes running here").tag(sync=True)
    code = t.Unicode(help="the class code, shown large").tag(sync=True)
    questions: t.List[Any] = t.List(help="[[qid, number, revealed], ...] the lesson's questions in order").tag(
        sync=True
    )
    current = t.Unicode(help="the question the class answers now").tag(sync=True)
    question = t.Unicode(help="that question, in the pupils' words").tag(sync=True)
    join_link = t.Unicode(help="the pupils' link to the lesson with ?class=CODE (the QR code's)").tag(sync=True)
    join_short = t.Unicode(help="the short address pupils type, then the code (host:port)").tag(sync=True)
    qr_svg = t.Unicode(help="the join link as a QR code, an SVG made by segno in the kernel").tag(sync=True)
    warning = t.Unicode(help="why pupils' devices may not reach the link, empty when they can").tag(sync=True)
    warm_text = t.Unicode(help="how many pupils' pages are ready").tag(sync=True)
    pupils = t.Int(0, help="pupils who joined").tag(sync=True)
    answered = t.Int(0, help="pupils who locked in a guess to the question now").tag(sync=True)
    bars: t.List[Any] = t.List(help="the guesses' chart: [[label, count], ...]").tag(sync=True)
    revealed = t.Bool(False, help="the question now is revealed (its guesses closed)").tag(sync=True)
    exact_text = t.Unicode(help="the answer's sentence, empty until revealed").tag(sync=True)
    exact_bar = t.Int(-1, help="the bar holding the answer, -1 until revealed").tag(sync=True)
    pooling = t.Bool(False, help="the question now is simulated and pooled").tag(sync=True)
    trials = t.Int(0, help="the class's pooled trials for the question now").tag(sync=True)
    trials_text = t.Unicode(help="'The class has simulated 2.4 million trials.' in lang").tag(sync=True)
    series: t.List[Any] = t.List(
        help="the pooled estimate: [[trials, share, low, high], ...]; empty before the reveal unless shown"
    ).tag(sync=True)
    show_estimate = t.Bool(False, help="the teacher shows the class's estimate before the reveal").tag(sync=True)
    target = t.Float(-1.0, help="the exact share the pooled estimate converges to; -1 until revealed").tag(sync=True)
    what = t.Unicode(help="what the pooled estimate is the share of, in lang").tag(sync=True)
    calibration: t.List[Any] = t.List(help="after the reveal: how close the class came, in sentences").tag(sync=True)
    pace: t.Dict[str, Any] = t.Dict(help="the teacher's pacing: {step, section, paused, odds}").tag(sync=True)
    sections: t.List[Any] = t.List(help="[[name, words], ...] the sections the class can be sent to").tag(sync=True)
    roster: t.List[Any] = t.List(help="the pupils by pseudonym: guessed, step, where, exercises, flags").tag(sync=True)
    summary: t.Dict[str, Any] = t.Dict(help="who has not guessed, who is behind, the hardest exercise").tag(sync=True)
    note = t.Unicode(help="a problem to show (the store not answering), empty when fine").tag(sync=True)

    def __init__(self, lang: str = "en", lesson: str | None = None) -> None:
        self._store: ClassStore | None = None
        self._key = ""
        self._specs: dict[str, ClassQuestion] = {}
        self._stop = threading.Event()
        self._lock = threading.RLock()
        self._answers: list[float] = []
        self._counts: dict[str, int] = {}
        self._rows: list[dict[str, Any]] = []
        self._series: list[list[float]] = []  # the pooled estimate, kept here until the page may show it
        self._state: dict[str, Any] = {}
        self._revealed: set[str] = set()
        self._href = ""
        self._starts: list[float] = []
        self._warm: class_warm.Warm | None = None
        self._desk_id, self._desk_lesson, self._desk_at = secrets.token_urlsafe(12), "", 0.0
        names = lessons()
        super().__init__(lang=lang, lesson=lesson if lesson in names else names[0], texts=board_words.texts(lang))
        self._set(
            lessons=board_words.lesson_list(lang),
            running=board_words.running(lang),
            sections=board_words.sections(lang),
        )
        self.on_msg(self._on_page)

    @property
    def spec(self) -> ClassQuestion | None:
        """The question the class answers now."""
        return self._specs.get(self.current)

    # ------------------------------------------------------------------ starting and opening a class
    def start_class(self, lesson: str, size: int) -> None:
        """What "Start a class" does: a new class, its key kept on this machine, its lesson warmed for ``size``."""
        now = time.monotonic()
        if self.view == "class" or not _a_start(lesson, size):
            return
        if len(self._starts) >= MAX_STARTS or (self._starts and now - self._starts[-1] < START_GAP_S):
            self._set(note=say("too_many_starts", self.lang, limit=MAX_STARTS))
            return
        self._starts.append(now)
        try:
            made = self._open().create_class(lesson, size)
        except ClassError as exc:
            self._set(note=exc.render(self.lang))
            return
        except Exception:
            log.exception("class mode: starting a class failed")
            self._set(note=say("no_store", self.lang))
            return
        keyring.remember(made.code, made.teacher_key, made.lesson, made.size)
        self._warm = class_warm.start(made.lesson, made.size, made.code, lang=self.lang)
        self._leave_desk()  # after the class's claim: a pool the desk warmed for this lesson stays the class's
        self._show(made.code, made.teacher_key, made.lesson)

    def at_desk(self, lesson: str, size: int) -> None:
        """The teacher has looked at the start screen's lesson and class size for a few seconds: the server warms
        them now, so a class that scans the moment Start is pressed finds its pages ready (thirty take about half a
        minute of both cores). Another lesson picked cools the one warmed before; Start hands the pool on to the
        class."""
        now = time.monotonic()
        if self.view != "start" or not _a_start(lesson, size):
            return
        if not 1 <= size <= MAX_SIZE or now - self._desk_at < DESK_GAP_S or not class_warm.desk_warms():
            return
        self._desk_at = now
        if self._desk_lesson and self._desk_lesson != lesson:
            self._leave_desk()
        if class_warm.start(lesson, size, desk=self._desk_id, lang=self.lang) is not None:
            self._desk_lesson = lesson

    def _leave_desk(self) -> None:
        if self._desk_lesson:
            class_warm.cool(self._desk_lesson, desk=self._desk_id)
            self._desk_lesson = ""

    def open_class(self, code: str) -> bool:
        """Show the dashboard of a class started on this machine (its key from the keyring)."""
        key = keyring.key_of(code) if isinstance(code, str) else None
        if key is None:
            self._set(note=say("not_here", self.lang, code=html.escape(str(code)[:8])))
            return False
        try:
            lesson = self._open().lesson(code, key)
        except ClassError as exc:
            if exc.key in ("unknown_class", "wrong_key"):
                keyring.forget(code)
            self._set(
                note=say("reopen_failed", self.lang, why=exc.render(self.lang)), running=board_words.running(self.lang)
            )
            return False
        self._show(code, key, lesson)
        return True

    def _open(self) -> ClassStore:
        if self._store is None:
            from donkeylab.classroom.store import ClassStore

            self._store = ClassStore.open()
        return self._store

    def _show(self, code: str, key: str, lesson: str) -> None:
        self._stop.set()
        self._stop = threading.Event()
        self._key, self._specs = key, question_specs(lesson)
        self._state = dict(self._open().about(code, key)["state"])
        shown = {q: self._open().results(code, key, q)["revealed"] for q in self._specs}
        self._revealed = {q for q, flag in shown.items() if flag}
        current = self._state.get("question") if self._state.get("question") in self._specs else next(iter(self._specs))
        with self.hold_sync():
            self._set(view="class", code=code, lesson=lesson, note="")
            self._set(pace={k: self._state.get(k) for k in ("step", "section", "paused", "odds")})
            self._switch(str(current))
            if self._href:
                self._links(self._href)
        threading.Thread(target=self._poll, args=(self._stop,), name="donkeylab-dashboard", daemon=True).start()

    def _switch(self, qid: str) -> None:
        """Show question ``qid`` (its chart and pool start over from the store's numbers)."""
        spec = self._specs[qid]
        with self._lock, self.hold_sync():  # one message: the page never shows one question's words with another's
            self._answers, self._counts, self._series = [], {}, []
            self._set(
                current=qid,
                series=[],
                show_estimate=False,
                trials=0,
                target=-1.0,
                revealed=False,
                exact_text="",
                exact_bar=-1,
            )
            self._set(answered=0, calibration=[], pooling=spec.lab is not None)
            self._set(
                question=board_words.question(self.spec, self.lang), what=board_words.pooled_what(self.spec, self.lang)
            )
        self.refresh()

    # ------------------------------------------------------------------ polling
    def _poll(self, stop: threading.Event) -> None:
        while not stop.wait(POLL_S):
            if self.comm is None or self.view != "class":
                return
            self.refresh()

    def refresh(self) -> None:
        """Read the class's results and roster and send what changed (nothing when nothing did)."""
        spec, store = self.spec, self._store
        if spec is None or store is None or self.view != "class":
            return
        try:
            r = store.results(self.code, self._key, spec.qid)
            rows = store.roster(self.code, self._key)
        except ClassError as exc:
            with self._lock:
                if exc.key == "unreachable":
                    self._set(note=say("store_lost", self.lang))
                else:  # ended elsewhere (another tab) or expired
                    keyring.forget(self.code)
                    self._set(view="ended", note=exc.render(self.lang))
            return
        with self._lock:
            if self.spec is not spec:  # the teacher switched questions while this poll read the store
                return
            self._answers, self._counts, self._rows = r["answers"], r["counts"], rows
            hits = sum(r["counts"].get(h, 0) for h in spec.hit) // spec.per_trial
            values: dict[str, Any] = {"note": "", "pupils": r["pupils"], "answered": r["answered"]}
            values["bars"] = cockpit.bars(spec, r["answers"], self.lang)
            values["revealed"] = r["revealed"]
            if r["revealed"]:
                self._revealed.add(spec.qid)
            values["questions"] = [[q, i, q in self._revealed] for i, q in enumerate(self._specs, 1)]
            if r["trials"] != self.trials:
                values["trials"] = r["trials"]
                self._series = charts.grown(self._series, r["trials"], hits)
            values["series"] = self._series if r["revealed"] or self.show_estimate else []
            values |= cockpit.revealed_words(
                self.spec, r["revealed"], self._answers, self._counts, r["trials"], self.lang
            )
            values |= cockpit.desk(self._rows, self.current, self.pace, self.lang)
            if self._warm is not None:
                values["warm_text"] = self._warm.words(self.lang, r["pupils"])
            self._set(**values)

    def _set(self, **values: Any) -> None:
        changed = {k: v for k, v in values.items() if getattr(self, k) != v}
        if changed:
            with self.hold_sync():
                for name, value in changed.items():
                    setattr(self, name, value)

    def set_lang(self, lang: str) -> None:
        if lang not in ("en", "de"):
            return
        with self._lock, self.hold_sync():
            self.lang = lang
            self._set(
                texts=board_words.texts(lang), lessons=board_words.lesson_list(lang), running=board_words.running(lang)
            )
            self._set(sections=board_words.sections(lang))
            if self.spec is not None and self.view == "class":
                self._set(question=board_words.question(self.spec, lang), what=board_words.pooled_what(self.spec, lang))
                self._set(
                    bars=cockpit.bars(self.spec, self._answers, lang),
                    **cockpit.desk(self._rows, self.current, self.pace, lang),
                )
                self._set(
                    **cockpit.revealed_words(self.spec, self.revealed, self._answers, self._counts, self.trials, lang)
                )
                if self._href:
                    self._links(self._href)
                if self._warm is not None:
                    self._set(warm_text=self._warm.words(lang, self.pupils))

    # ------------------------------------------------------------------ the page's messages
    def _on_page(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or not isinstance(content.get("method"), str):
            return
        method, fields = content["method"], set(content) - {"method"}
        in_class = self.view == "class" and self.spec is not None
        try:
            if method == "start" and fields == {"lesson", "size"}:
                self.start_class(content["lesson"], content["size"])
            elif method == "desk" and fields == {"lesson", "size"}:
                self.at_desk(content["lesson"], content["size"])
            elif method == "open" and fields == {"code"}:
                self.open_class(content["code"])
            elif method == "new" and not fields:
                self._stop.set()
                self._set(view="start", note="", running=board_words.running(self.lang))
            elif method == "lang" and fields == {"lang"}:
                self.set_lang(content["lang"])
            elif method == "origin" and fields == {"href"}:
                self._links(content["href"])
            elif in_class:
                self._in_class(method, fields, content)
        except ClassError as exc:
            self._set(note=exc.render(self.lang))

    def _in_class(self, method: str, fields: set[str], content: dict[str, Any]) -> None:
        """A running class's messages: reveal, next question, pacing, take a pupil out, save, end."""
        store, spec = self._open(), self.spec
        assert spec is not None
        if method == "reveal" and not fields:
            store.reveal(self.code, self._key, spec.qid)
            self.refresh()
        elif method == "question" and fields == {"qid"} and content["qid"] in self._specs:
            self._pacing(question=content["qid"])
            self._switch(content["qid"])
        elif method == "next" and not fields:
            order = list(self._specs)
            if order.index(spec.qid) + 1 < len(order):
                self._on_page(self, {"method": "question", "qid": order[order.index(spec.qid) + 1]}, [])
        elif method == "pace" and fields == {"step"} and _step(content["step"]) is not None:
            self._pacing(step=_step(content["step"]), section=None, go=True)
        elif method == "pace" and fields == {"section"} and content["section"] in SECTIONS:
            if content["section"] != "answer" or self.revealed:  # the answer's section waits for the reveal
                self._pacing(section=content["section"], step=None, go=True)
        elif method == "estimate" and fields == {"shown"} and isinstance(content["shown"], bool):
            self._set(show_estimate=content["shown"])
            self.refresh()
        elif method == "pause" and fields == {"paused"} and isinstance(content["paused"], bool):
            self._pacing(paused=content["paused"])
        elif method == "odds" and fields == {"shown"} and isinstance(content["shown"], bool):
            # every pupil's chances panel, once no answer is left to give away: the odds of a position a pupil
            # steps to can be a class question's answer
            if not content["shown"] or set(self._specs) <= self._revealed:
                self._pacing(odds=content["shown"])
        elif method == "remove" and fields == {"name"} and isinstance(content["name"], str):
            stored = [r["name"] for r in self._rows if cockpit.shown_name(r, self.lang) == content["name"]]
            if stored:  # the page names pupils in its language; the store by the name they joined with
                store.remove_pupil(self.code, self._key, stored[0])
                self.refresh()
        elif method == "ghosts" and not fields:
            store.remove_ghosts(self.code, self._key)
            self.refresh()
        elif method == "save" and fields == {"what"} and content["what"] in ("csv", "pupils", "html"):
            self.save(content["what"])
        elif method == "end" and not fields:
            store.end_class(self.code, self._key)
            keyring.forget(self.code)
            class_warm.cool(self.lesson, self.code)  # its pupils' pages that no one took: shut down
            self._warm = None
            self._stop.set()
            self._set(view="ended", join_link="", qr_svg="", running=board_words.running(self.lang))

    def _pacing(self, go: bool = False, **changes: Any) -> None:
        """Store the class's pacing (every pupil's page follows it within a second or two)."""
        state = {k: v for k, v in {**self._state, **changes}.items() if v is not None}
        if go:
            state["seq"] = int(state.get("seq", 0)) + 1
        self._open().set_state(self.code, self._key, state)
        self._state = state
        self._set(pace={k: state.get(k) for k in ("step", "section", "paused", "odds")})

    def save(self, what: str) -> None:
        """The class's results as a file the teacher's browser saves (a CSV, or a page of charts)."""
        title = dict(board_words.lesson_list(self.lang)).get(self.lesson, self.lesson)
        specs = list(self._specs.values())
        name, kind, text = class_export.saved(self._open(), self.code, self._key, what, specs, title, self.lang)
        self.send({"download": {"name": name, "type": kind, "text": text}}, [])

    def _links(self, href: Any) -> None:
        """The pupils' link, the short address, the QR code and a warning, from the page's own address."""
        if self.view != "class" or not self.code:
            self._href = href if isinstance(href, str) and len(href) <= charts.MAX_HREF else self._href
            return
        found = charts.join_links(href, class_warm.server_info(), self.lesson, self.code, self.lang)
        if found is None:
            return
        self._href = href
        warning = say(f"warn_{found['warning']}", self.lang, better=found["better"]) if found["warning"] else ""
        self._set(
            join_link=found["link"], join_short=found["short"], qr_svg=charts.qr_svg(found["link"]), warning=warning
        )

    def close(self) -> None:
        self._stop.set()
        super().close()

    def __repr__(self) -> str:
        return f"ClassDashboard({self.code!r}, pupils={self.pupils}, answered={self.answered}, trials={self.trials})"


def _step(value: Any) -> int | None:
    ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_STEP
    return int(value) if ok else None
