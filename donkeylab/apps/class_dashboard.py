"""``ClassDashboard``: the teacher's page of class mode, start screen and projected dashboard in one widget.

The start screen offers the lessons, a class size (the pages warmed for it) and the classes already running on
this machine (their keys are in ``classroom.keyring``, never in a link). A class's dashboard shows, on one
projector screen (1024×768 and up): the question in the pupils' words, the class code, the QR code of the join
link and the short address to type, counts, the guesses' chart, Reveal, the pooled simulation and End class.

The kernel polls the store once a second and sets only the numbers that changed. Before the reveal nothing the
page receives depends on the exact answer: no target line, no exact bin, no words. The page writes no trait;
it sends messages, each checked here (``_on_page``): ``start``, ``open``, ``new``, ``lang``, ``origin`` (its
own address, from which the kernel builds the pupils' link), ``reveal``, ``remove``, ``end``. Starting is
bounded per kernel (``MAX_STARTS``, one every ``START_GAP_S``), and only the teacher is served this page
(``class_gate``), so no pupil can fill the store with classes.
"""

from __future__ import annotations

import html
import logging
import threading
import time
from typing import TYPE_CHECKING, Any

import anywidget
import traitlets as t

from donkeylab.apps import class_charts as charts
from donkeylab.apps import class_warm
from donkeylab.apps.class_words import count_words, say
from donkeylab.classroom import ClassError, ClassQuestion, keyring, lessons, outcome_name, question_specs
from donkeylab.core import CATALOGUE, numbers
from donkeylab.widgets import assets
from donkeylab.widgets.guard import PageGuard

if TYPE_CHECKING:  # the store (and SQLAlchemy) is imported when a class is opened, not with the page
    from donkeylab.classroom.store import ClassStore

log = logging.getLogger(__name__)
POLL_S = 1.0
MAX_STARTS = 5  # classes one teacher page may start (a forged flood of Start clicks makes at most this many)
START_GAP_S = 3.0
WORDS = (
    "title", "pick", "size", "start", "start_help", "running", "open", "none_running", "code_label", "join_at",
    "type_at", "joined", "answered", "guesses", "no_guesses", "reveal", "revealed", "no_trials", "exact_line",
    "estimate", "end", "end_confirm", "ended_teacher", "new", "pupils_title", "remove", "remove_confirm",
    "guessed", "not_guessed", "question",
)  # fmt: skip


class ClassDashboard(PageGuard, anywidget.AnyWidget):
    """The class-mode page: ``ClassDashboard(lang, lesson)``; ``open_class(code)`` shows a running class."""

    _esm = assets.asset("class_dashboard.js")
    _css = assets.asset("class_dashboard.css")

    lang = t.Enum(("en", "de"), "en", help="the page's language").tag(sync=True)
    texts = t.Dict(help="the page's words in lang").tag(sync=True)
    view = t.Enum(("start", "class", "ended"), "start", help="the start screen, a class, or an ended class").tag(
        sync=True
    )
    lessons: t.List[Any] = t.List(help="[[lesson, title], ...] the lessons class mode offers").tag(sync=True)
    lesson = t.Unicode(help="the lesson picked on the start screen, or the class's lesson").tag(sync=True)
    size = t.Int(30, help="the class size the start screen suggests").tag(sync=True)
    running: t.List[Any] = t.List(help="[[code, lesson title, started], ...] classes running on this machine").tag(
        sync=True
    )
    code = t.Unicode(help="the class code, shown large").tag(sync=True)
    question = t.Unicode(help="the class's question, in the pupils' words").tag(sync=True)
    join_link = t.Unicode(help="the pupils' link to the lesson with ?class=CODE (the QR code's)").tag(sync=True)
    join_short = t.Unicode(help="the short address pupils type, then the code (host:port)").tag(sync=True)
    qr_svg = t.Unicode(help="the join link as a QR code, an SVG made by segno in the kernel").tag(sync=True)
    warning = t.Unicode(help="why pupils' devices may not reach the link, empty when they can").tag(sync=True)
    warm_text = t.Unicode(help="how many pupils' pages are ready").tag(sync=True)
    pupils = t.Int(0, help="pupils who joined").tag(sync=True)
    answered = t.Int(0, help="pupils who locked in a guess").tag(sync=True)
    bars: t.List[Any] = t.List(help="the guesses' chart: [[label, count], ...]").tag(sync=True)
    revealed = t.Bool(False, help="the answer is revealed (guesses closed)").tag(sync=True)
    exact_text = t.Unicode(help="the exact answer's sentence, empty until revealed").tag(sync=True)
    exact_bar = t.Int(-1, help="the bar holding the exact answer, -1 until revealed").tag(sync=True)
    trials = t.Int(0, help="the class's pooled trials").tag(sync=True)
    trials_text = t.Unicode(help="'The class has simulated 2.4 million trials.' in lang").tag(sync=True)
    series: t.List[Any] = t.List(help="the pooled estimate: [[trials, share, low, high], ...]").tag(sync=True)
    target = t.Float(-1.0, help="the exact share the pooled estimate converges to; -1 until revealed").tag(sync=True)
    what = t.Unicode(help="what the pooled estimate is the share of, in lang").tag(sync=True)
    roster: t.List[Any] = t.List(help="[[pseudonym, guessed], ...]: pupils by pseudonym, never a guess").tag(sync=True)
    note = t.Unicode(help="a problem to show (the store not answering), empty when fine").tag(sync=True)

    def __init__(self, lang: str = "en", lesson: str | None = None) -> None:
        self._store: ClassStore | None = None
        self._key = ""
        self._spec: ClassQuestion | None = None
        self._stop = threading.Event()
        self._lock = threading.RLock()
        self._answers: list[float] = []
        self._hits_trials = (0, 0)
        self._href = ""
        self._starts: list[float] = []
        self._warm: class_warm.Warm | None = None
        names = lessons()
        super().__init__(lang=lang, lesson=lesson if lesson in names else names[0], texts=self._texts(lang))
        self._set(lessons=self._lesson_list(lang), running=self._running(lang))
        self.on_msg(self._on_page)

    # ------------------------------------------------------------------ starting and opening a class
    def start_class(self, lesson: str, size: int) -> None:
        """What "Start a class" does: a new class, its key kept on this machine, its lesson warmed for ``size``."""
        now = time.monotonic()
        if self.view == "class" or lesson not in lessons() or not isinstance(size, int) or isinstance(size, bool):
            return
        if len(self._starts) >= MAX_STARTS or (self._starts and now - self._starts[-1] < START_GAP_S):
            self._set(note=say("too_many_starts", self.lang, limit=MAX_STARTS))
            return
        self._starts.append(now)
        try:
            store = self._open()
            made = store.create_class(lesson, size)
        except ClassError as exc:
            self._set(note=exc.render(self.lang))
            return
        except Exception:
            log.exception("class mode: starting a class failed")
            self._set(note=say("no_store", self.lang))
            return
        keyring.remember(made.code, made.teacher_key, made.lesson, made.size)
        self._warm = class_warm.start(made.lesson, made.size)
        self._show(made.code, made.teacher_key, made.lesson)

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
            self._set(note=say("reopen_failed", self.lang, why=exc.render(self.lang)), running=self._running())
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
        self._key, self._spec = key, next(iter(question_specs(lesson).values()))
        self._answers, self._hits_trials = [], (0, 0)
        with self.hold_sync():
            self._set(view="class", code=code, lesson=lesson, note="", series=[], trials=0, target=-1.0)
            self._set(revealed=False, exact_text="", exact_bar=-1, pupils=0, answered=0, roster=[])
            self._set(question=self._question(self.lang), what=self._what(self.lang))
            if self._href:
                self._links(self._href)
        self.refresh()
        threading.Thread(target=self._poll, args=(self._stop,), name="donkeylab-dashboard", daemon=True).start()

    # ------------------------------------------------------------------ polling
    def _poll(self, stop: threading.Event) -> None:
        while not stop.wait(POLL_S):
            if self.comm is None or self.view != "class":
                return
            self.refresh()

    def refresh(self) -> None:
        """Read the class's results and send what changed (nothing when nothing did)."""
        spec, store = self._spec, self._store
        if spec is None or store is None or self.view != "class":
            return
        try:
            r = store.results(self.code, self._key, spec.qid)
            roster = store.roster(self.code, self._key)
        except ClassError as exc:
            with self._lock:
                if exc.key == "unreachable":
                    self._set(note=say("store_lost", self.lang))
                else:  # ended elsewhere (another tab) or expired
                    keyring.forget(self.code)
                    self._set(view="ended", note=exc.render(self.lang))
            return
        with self._lock:
            self._answers = r["answers"]
            hits = sum(r["counts"].get(h, 0) for h in spec.hit) // spec.per_trial
            values: dict[str, Any] = {"note": "", "pupils": r["pupils"], "answered": r["answered"]}
            values["bars"] = self._bars(r["answers"], self.lang)
            values["revealed"] = r["revealed"]
            values["roster"] = [[row["name"], spec.qid in row["answered"]] for row in roster]
            if r["trials"] != self.trials:
                values["trials"] = r["trials"]
                values["series"] = charts.grown(list(self.series), r["trials"], hits)
            values |= self._worded(r["revealed"], r["trials"], self.lang)
            if self._warm is not None:
                values["warm_text"] = self._warm.words(self.lang)
            self._set(**values)

    def _set(self, **values: Any) -> None:
        changed = {k: v for k, v in values.items() if getattr(self, k) != v}
        if changed:
            with self.hold_sync():
                for name, value in changed.items():
                    setattr(self, name, value)

    def _bars(self, answers: list[float], lang: str) -> list[list[Any]]:
        spec = self._spec
        assert spec is not None
        if spec.whole:
            return charts.choice_bins(answers, [self._choice(i, lang) for i in range(len(spec.choices))])
        return charts.percent_bins(answers, lang)

    def _choice(self, index: int, lang: str) -> str:
        """A choice's words as the pupils read them (the lesson's catalogue), else its identifier."""
        spec = self._spec
        assert spec is not None
        key = f"lesson/{self.lesson}/{spec.choices[index]}"
        return CATALOGUE.render(key, {}, lang) if key in CATALOGUE.messages else spec.choices[index]

    def _worded(self, revealed: bool, trials: int, lang: str) -> dict[str, Any]:
        """What the reveal adds (the answer's words, its bar, the target line) — all empty before it."""
        spec = self._spec
        assert spec is not None
        out: dict[str, Any] = {"exact_text": "", "exact_bar": -1, "target": -1.0}
        if revealed:
            choice = self._choice(int(spec.exact), lang) if spec.whole else None
            out["exact_text"] = say("exact", lang, answer=charts.exact_words(spec.exact, lang, choice))
            out["exact_bar"] = int(spec.exact) if spec.whole else charts.bin_of(spec.exact)
            out["target"] = pooled_target(spec)
        out["trials_text"] = say("trials", lang, trials=count_words(trials, lang)) if trials else ""
        return out

    # ------------------------------------------------------------------ words
    def _texts(self, lang: str) -> dict[str, str]:
        words = {key: say(key, lang, trials="", answer="", limit="", name="{name}") for key in WORDS}
        words["lang"] = lang
        words["decimal"] = numbers.separators(lang)["decimal"]  # the axis labels the page writes itself
        return words

    def _question(self, lang: str) -> str:
        spec = self._spec
        if spec is None:
            return ""
        key = f"lesson/{self.lesson}/{spec.prompt}"
        return _plain(CATALOGUE.render(key, {}, lang)) if key in CATALOGUE.messages else ""

    def _what(self, lang: str) -> str:
        spec = self._spec
        if spec is None:
            return ""
        return say("pooled_title", lang, what=say(f"what.{spec.qid}", lang))

    def _lesson_list(self, lang: str | None = None) -> list[list[str]]:
        from donkeylab.apps.registry import APPS

        lang = lang or self.lang
        return [[name, APPS[name].title.get(lang) if name in APPS else name] for name in lessons()]

    def _running(self, lang: str | None = None) -> list[list[str]]:
        titles = dict(self._lesson_list(lang))
        return [
            [
                row["code"],
                titles.get(row["lesson"], row["lesson"]),
                time.strftime("%H:%M", time.localtime(row["created"])),
            ]
            for row in keyring.running()
        ]

    def set_lang(self, lang: str) -> None:
        if lang not in ("en", "de"):
            return
        with self._lock, self.hold_sync():
            self.lang = lang
            self._set(texts=self._texts(lang), lessons=self._lesson_list(lang), running=self._running(lang))
            if self._spec is not None and self.view == "class":
                self._set(question=self._question(lang), what=self._what(lang), bars=self._bars(self._answers, lang))
                self._set(**self._worded(self.revealed, self.trials, lang))
                if self._href:
                    self._links(self._href)
                if self._warm is not None:
                    self._set(warm_text=self._warm.words(lang))

    # ------------------------------------------------------------------ the page's messages
    def _on_page(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or not isinstance(content.get("method"), str):
            return
        method, fields = content["method"], set(content) - {"method"}
        try:
            if method == "start" and fields == {"lesson", "size"}:
                self.start_class(content["lesson"], content["size"])
            elif method == "open" and fields == {"code"}:
                self.open_class(content["code"])
            elif method == "new" and not fields:
                self._stop.set()
                self._set(view="start", note="", running=self._running())
            elif method == "lang" and fields == {"lang"}:
                self.set_lang(content["lang"])
            elif method == "origin" and fields == {"href"}:
                self._links(content["href"])
            elif method == "reveal" and not fields and self.view == "class" and self._spec is not None:
                self._open().reveal(self.code, self._key, self._spec.qid)
                self.refresh()
            elif method == "remove" and fields == {"name"} and self.view == "class":
                if any(row[0] == content["name"] for row in self.roster):
                    self._open().remove_pupil(self.code, self._key, content["name"])
                    self.refresh()
            elif method == "end" and not fields and self.view == "class":
                self._open().end_class(self.code, self._key)
                keyring.forget(self.code)
                self._stop.set()
                self._set(view="ended", join_link="", qr_svg="", running=self._running())
        except ClassError as exc:
            self._set(note=exc.render(self.lang))

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


def _clock(when: float) -> str:
    """The time of day a class started, as the teacher's screen shows it (10:02)."""
    return time.strftime("%H:%M", time.localtime(when))


def _plain(text: str) -> str:
    """A catalogue sentence's HTML tags dropped (the dashboard draws text, never HTML)."""
    import re

    return html.unescape(re.sub(r"<[^>]+>", "", text))


def pooled_target(spec: ClassQuestion) -> float:
    """The exact share of the pooled outcomes (``spec.hit``), from the lab question's exact answer."""
    from donkeylab.lab import questions

    question = questions.get(spec.lab)
    exact = question.exact(dict(spec.params))
    return float(sum(p for k, p in exact.items() if outcome_name(k) in spec.hit))
