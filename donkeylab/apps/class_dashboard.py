"""``ClassDashboard``: the teacher's projected page of one class, drawn from the store once a second.

The kernel polls ``store.results`` every ``POLL_S`` and sets the synced numbers only when one changed, so an
idle class costs one small query a second and no websocket traffic. The page draws the code (large), the join
link and its QR code (segno, SVG made in the kernel), joined/answered counts, the guesses' histogram, the
exact answer after Reveal, and the pooled convergence plot (SVG in the page: no plotly bundle to ship).

The page may write nothing (``page_writable`` is empty); it sends three custom messages, each checked here:
``{"method": "reveal"}``, ``{"method": "end"}`` and ``{"method": "origin", "href": <the page's address>}``
(from which the kernel builds the pupils' link and the teacher's own link). The teacher key travels only in
``teacher_link``, which the page copies to the clipboard on a click and never displays.
"""

from __future__ import annotations

import logging
import threading
from fractions import Fraction
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode, urlsplit

import anywidget
import traitlets as t

from donkeylab.apps.class_words import count_words, number_words, say
from donkeylab.classroom import ClassError, ClassQuestion, outcome_name
from donkeylab.widgets import assets
from donkeylab.widgets.guard import PageGuard

if TYPE_CHECKING:  # the store (and SQLAlchemy) is imported when a class is opened, not with the page
    from donkeylab.classroom.store import ClassStore

log = logging.getLogger(__name__)
POLL_S = 1.0
MAX_POINTS = 240  # the convergence line keeps at most this many points (thinned, first and last kept)
MAX_HREF = 500
WORDS = (
    "code_label", "join_at", "joined", "answered", "guesses", "no_guesses", "reveal", "trials", "no_trials",
    "exact_line", "estimate", "end", "end_confirm", "ended_teacher", "teacher_link", "copied", "copy_failed",
)  # fmt: skip


class ClassDashboard(PageGuard, anywidget.AnyWidget):
    """The live dashboard of class ``code`` (the caller holds the key; ``teacher_link`` carries it once the
    page has told the kernel its address)."""

    _esm = assets.asset("class_dashboard.js")
    _css = assets.asset("class_dashboard.css")

    lang = t.Enum(("en", "de"), "en", help="the page's language (set by the kernel's language switch)").tag(sync=True)
    texts = t.Dict(help="the page's words in lang").tag(sync=True)
    code = t.Unicode(help="the class code, shown large").tag(sync=True)
    join_link = t.Unicode(help="the pupils' link to the lesson with ?class=CODE (no key)").tag(sync=True)
    qr_svg = t.Unicode(help="the join link as a QR code, an SVG made by segno in the kernel").tag(sync=True)
    teacher_link = t.Unicode(help="this dashboard's own link, with the key: copied on a click, never shown").tag(
        sync=True
    )
    pupils = t.Int(0, help="pupils who joined").tag(sync=True)
    answered = t.Int(0, help="pupils who locked in a guess").tag(sync=True)
    bars: t.List[Any] = t.List(help="the guesses' histogram: [[label, count], ...]").tag(sync=True)
    revealed = t.Bool(False, help="the answer is revealed (guesses closed)").tag(sync=True)
    exact_text = t.Unicode(help="the exact answer's sentence, empty until revealed").tag(sync=True)
    exact_bar = t.Int(-1, help="the bar holding the exact answer, -1 until revealed").tag(sync=True)
    trials = t.Int(0, help="the class's pooled trials").tag(sync=True)
    trials_text = t.Unicode(help="'The class has simulated 2.4 million trials.' in lang").tag(sync=True)
    series: t.List[Any] = t.List(help="the pooled estimate after each change: [[trials, share], ...]").tag(sync=True)
    target = t.Float(0.0, help="the exact share the pooled estimate converges to").tag(sync=True)
    what = t.Unicode(help="what the pooled estimate is the share of, in lang").tag(sync=True)
    ended = t.Bool(False, help="the class has ended and its data is deleted").tag(sync=True)
    note = t.Unicode(help="a problem to show (the store not answering), empty when fine").tag(sync=True)

    def __init__(
        self,
        store: ClassStore,
        code: str,
        key: str,
        lesson: str,
        spec: ClassQuestion,
        what: tuple[str, str],
        target: float,
        lang: str = "en",
    ) -> None:
        self._store, self._key, self._lesson, self._spec, self._what = store, key, lesson, spec, what
        self._stop = threading.Event()
        self._lock = threading.RLock()
        self._answers: list[float] = []
        self._counts: dict[str, int] = {}
        self._href = ""  # the page's address, kept to remake the links in another language
        super().__init__(code=code, lang=lang, target=target, texts=self._texts(lang), what=self._what_in(lang))
        self.on_msg(self._on_page)
        self.refresh()
        self._thread = threading.Thread(target=self._poll, name="donkeylab-dashboard", daemon=True)
        self._thread.start()

    # ------------------------------------------------------------------ polling
    def _poll(self) -> None:
        while not self._stop.wait(POLL_S):
            if self.comm is None or self.ended:
                return
            self.refresh()

    def refresh(self) -> None:
        """Read the class's results and send what changed (nothing when nothing did)."""
        try:
            r = self._store.results(self.code, self._key, self._spec.qid)
        except ClassError as exc:
            with self._lock:
                if exc.key == "unreachable":
                    self._set(note=say("store_lost", self.lang))
                else:  # ended elsewhere (another tab) or expired
                    self._set(ended=True, note=exc.render(self.lang))
            return
        with self._lock:
            self._answers, self._counts = r["answers"], r["counts"]
            values: dict[str, Any] = {"note": "", "pupils": r["pupils"], "answered": r["answered"]}
            values["bars"] = self._bars(r["answers"])
            values["revealed"] = r["revealed"]
            if r["trials"] != self.trials:
                values["trials"] = r["trials"]
                values["series"] = self._grow(r["trials"], r["counts"])
            values |= self._worded(r["revealed"], r["trials"], self.lang)
            self._set(**values)

    def _set(self, **values: Any) -> None:
        changed = {k: v for k, v in values.items() if getattr(self, k) != v}
        if changed:
            with self.hold_sync():
                for name, value in changed.items():
                    setattr(self, name, value)

    def _bars(self, answers: list[float]) -> list[list[Any]]:
        spec = self._spec
        if spec.whole:
            counts = [0] * len(spec.choices)
            for a in answers:
                counts[int(a)] += 1
            return [[label, n] for label, n in zip(spec.choices, counts, strict=True)]
        width = (spec.high - spec.low) / 10
        counts = [0] * 10
        for a in answers:
            counts[_bin_of(a, spec.low, width)] += 1
        return [[self._bin(i), n] for i, n in enumerate(counts)]

    def _bin(self, i: int) -> str:
        width = (self._spec.high - self._spec.low) / 10
        low = self._spec.low + i * width
        return f"{number_words(low, self.lang, 1)}–{number_words(low + width, self.lang, 1)}"

    def _grow(self, trials: int, counts: dict[str, int]) -> list[list[float]]:
        hits = sum(counts.get(h, 0) for h in self._spec.hit)
        series = [*self.series, [trials, hits / trials if trials else 0.0]]
        if len(series) > MAX_POINTS:
            series = series[:1] + series[1:-1:2] + series[-1:]
        return series

    def _worded(self, revealed: bool, trials: int, lang: str) -> dict[str, Any]:
        spec = self._spec
        out: dict[str, Any] = {"exact_text": "", "exact_bar": -1}
        if revealed:
            if spec.whole:
                answer = spec.choices[int(spec.exact)]
                out["exact_bar"] = int(spec.exact)
            else:
                frac = Fraction(spec.exact).limit_denominator(1000)
                answer = f"{frac} ≈ {number_words(spec.exact, lang, 3)}"
                out["exact_bar"] = _bin_of(spec.exact, spec.low, (spec.high - spec.low) / 10)
            out["exact_text"] = say("exact", lang, answer=answer)
        out["trials_text"] = say("trials", lang, trials=count_words(trials, lang)) if trials else ""
        return out

    # ------------------------------------------------------------------ language
    def _texts(self, lang: str) -> dict[str, str]:
        words = {key: say(key, lang, trials="", answer="") for key in WORDS}
        words["lang"] = lang
        return words

    def _what_in(self, lang: str) -> str:
        return say("pooled_title", lang, what=self._what[1] if lang == "de" else self._what[0])

    @t.observe("lang")
    def _on_lang(self, change: dict[str, Any]) -> None:
        with self._lock, self.hold_sync():
            self.texts, self.what = self._texts(change["new"]), self._what_in(change["new"])
            if self._href and not self.ended:
                self._links(self._href)
            self.bars = self._bars(self._answers)
            for name, value in self._worded(self.revealed, self.trials, change["new"]).items():
                setattr(self, name, value)

    def set_lang(self, lang: str) -> None:
        self.lang = lang

    # ------------------------------------------------------------------ the page's messages
    def _on_page(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or not isinstance(content.get("method"), str):
            return
        method = content["method"]
        try:
            if method == "reveal" and len(content) == 1 and not self.ended:
                self._store.reveal(self.code, self._key, self._spec.qid)
                self.refresh()
            elif method == "end" and len(content) == 1 and not self.ended:
                self._store.end_class(self.code, self._key)
                self._stop.set()
                self._set(ended=True, join_link="", qr_svg="", teacher_link="")
            elif method == "origin" and set(content) == {"method", "href"}:
                self._links(content["href"])
        except ClassError as exc:
            self._set(note=exc.render(self.lang))

    def _links(self, href: Any) -> None:
        """The pupils' link and the teacher's link from the page's own address (checked: http(s), a plain
        host, the class mode notebook's path)."""
        if not isinstance(href, str) or len(href) > MAX_HREF:
            return
        try:
            parts = urlsplit(href)
            _port = parts.port
        except ValueError:
            return
        host_ok = parts.hostname is not None and all(c.isalnum() or c in ".-:[]" for c in parts.netloc)
        if parts.scheme not in ("http", "https") or not host_ok or not parts.path.endswith("/class_mode.ipynb"):
            return
        base = f"{parts.scheme}://{parts.netloc}{parts.path.removesuffix('class_mode.ipynb')}"
        join = f"{base}{self._lesson}.ipynb?" + urlencode({"class": self.code, "lang": self.lang})
        teacher = f"{base}class_mode.ipynb?" + urlencode({"class": self.code, "key": self._key, "lang": self.lang})
        self._href = href
        self._set(join_link=join, qr_svg=qr_svg(join), teacher_link=teacher)

    def close(self) -> None:
        self._stop.set()
        super().close()

    def __repr__(self) -> str:
        return f"ClassDashboard({self.code!r}, pupils={self.pupils}, answered={self.answered}, trials={self.trials})"


def _bin_of(value: float, low: float, width: float) -> int:
    """The tenth of the range holding ``value`` (0.3 is in 0.3–0.4, although 0.3 / 0.1 is 2.999…)."""
    return max(0, min(9, int(round((value - low) / width, 9))))


def qr_svg(link: str) -> str:
    """The link as an SVG QR code (segno; medium error correction, dark on white, no XML declaration)."""
    import segno

    svg: str = segno.make(link, error="m").svg_inline(scale=5, border=2, dark="#000", light="#fff")
    return svg


def pooled_target(spec: ClassQuestion) -> float:
    """The exact share of the pooled outcomes (``spec.hit``), from the lab question's exact answer."""
    from donkeylab.lab import questions

    question = questions.get(spec.lab)
    exact = question.exact(dict(spec.params))
    return float(sum(p for k, p in exact.items() if outcome_name(k) in spec.hit))
