"""The shape of a lesson page: its parts in page order, and the one layout every lesson app uses.

A lesson module builds a ``Lesson`` (the widgets, each following one language switch); a teaching notebook
displays those parts between its own markdown, and ``page`` stacks them under bilingual headings for the
Voila app. Sits in the apps layer: it may use widgets, never the other way round.
"""

from __future__ import annotations

import dataclasses
import html
import re
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as w

from donkeylab.pages import words as wd
from donkeylab.pages.parts import (
    Exercises,
    Folded,
    LanguageSwitch,
    Prediction,
    Speaks,
    Text,
    fraction_html,
    side_by_side,
)
from donkeylab.pages.parts import say as _parts_say


class Rendered(w.HTML):  # type: ignore[misc]
    """HTML drawn by a function of the language, redrawn when the page switches language."""

    def __init__(self, render: Callable[[str], str], lang: str = "en") -> None:
        self.render = render
        super().__init__()
        self.set_lang(lang)

    def set_lang(self, lang: str) -> None:
        self.value = self.render(lang)

    def __repr__(self) -> str:
        return f"Rendered({self.render.__name__})"


class ChoicePrediction(Prediction):
    """A prediction among named choices whose labels follow the language (the value stays the same).

    ``choices`` maps each value to its label (catalogue words); the reveal shows the label the pupil picked.
    """

    def __init__(
        self, prompt: Speaks, answer: Any, answer_text: Speaks, choices: dict[Any, Speaks], lang: str = "en"
    ) -> None:
        self.labels = dict(choices)
        super().__init__(prompt, answer, answer_text, choices=list(choices), lang=lang)

    @property
    def guess(self) -> Any:
        value = self.input.value if self.committed is None else self.committed
        return None if value is None or not self.touched else self.labels[value].get(self.lang)

    def set_lang(self, lang: str) -> None:
        value, touched = self.input.value, self.touched
        self.input.options = [(label.get(lang), key) for key, label in self.labels.items()]
        self.input.value = value  # reassigning options selects the first one; keep the pupil's choice
        super().set_lang(lang)
        self.touched = touched  # new labels are not a guess


@dataclasses.dataclass
class Lesson:
    """The parts of one lesson page, in page order. ``switch`` changes the language of every one of them."""

    title: Text
    question: Text
    prediction: Prediction
    stepper: Any  # donkeylab.widgets.Stepper, at the lesson's telling position
    step_through: list[Any]  # what the pupil clicks and reads: views, the rule explainer, captions
    exact: list[Any]  # the exact answers (Fraction and decimal, long ones folded)
    answer: Any  # the headline exact answer, the one a notebook's checked cell prints
    live: list[Any]  # LivePlots (and their captions): the simulation converging beside the exact values
    notice: Text | None  # None while sealed (built at the reveal)
    exercises: Exercises | None  # None while sealed
    switch: LanguageSwitch
    problems: w.HTML = dataclasses.field(default_factory=w.HTML)  # what was wrong with the page's link
    share: Any = None  # a ShareLink for the app page, or None
    going_further: list[Any] = dataclasses.field(default_factory=list)  # the other questions, after the lesson's
    by_hand: list[Any] = dataclasses.field(default_factory=list)  # a count by hand after the compare (Lessons 2, 4)
    spec: Any = None  # the framework.LessonSpec it was built from (its section order is the page's)
    query: Any = None  # the link's Query it was built for (class mode reads ?class= from it)
    how_to: Any = None  # the game in one minute, folded (``framework.how_to_play``), before the question
    boxes: dict[str, SealedBox] = dataclasses.field(default_factory=dict)  # sealed field -> its place on the page
    _unsealer: Callable[[Sequence[str]], dict[str, Any]] | None = None
    on_unseal: list[Callable[[], None]] = dataclasses.field(default_factory=list)  # told each time parts are built
    headings: dict[str, str] = dataclasses.field(default_factory=dict)  # field -> heading key, in the spec's order
    pending: dict[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)  # sealed field -> its later questions
    waiting: set[str] = dataclasses.field(default_factory=set)  # a class's questions not revealed yet (``wait_for``)
    answer_by: tuple[str, ...] = ()  # the later questions whose answers the prediction's answer sentence states
    opened: bool = False  # the headline's reveal has come
    guess_gate: Any = None  # a solo app page's ``guess_first.GuessFirst`` (None: a notebook, reveal=1, a class)

    @property
    def sealed(self) -> bool:
        """Whether the headline's answer is still kept back (``framework.build``: until the prediction is revealed)."""
        return self._unsealer is not None and not self.opened

    def seal(self, fields: dict[str, tuple[str, ...]], unsealer: Callable[[Sequence[str]], dict[str, Any]]) -> None:
        """Keep a place for each of ``fields`` (field -> the later class questions it states the answers of; built
        by ``unsealer(names)``); the first place says why it is empty and has a Reveal of its own (a pupil who has
        just simulated need not scroll back up)."""
        self._unsealer, self.pending = unsealer, dict(fields)
        for i, name in enumerate(fields):
            reveal = self.prediction.reveal if i == 0 else None
            self.boxes[name] = SealedBox(name, first=i == 0, lang=self.switch.value, reveal=reveal)
            self.switch.parts.append(self.boxes[name])

    def wait_for(self, questions: Sequence[str]) -> None:
        """In a class: a part that states the answer of one of ``questions`` (the class's questions after the
        headline) stays sealed until ``unseal(that question)``, however early the headline is revealed."""
        self.waiting = set(questions)

    def unseal(self, question: str | None = None) -> None:
        """A reveal: ``None`` the headline's (the prediction's), else a later class question's. Every sealed part
        whose questions are all revealed now is built and put in its place (once); the others wait, saying so."""
        if question is None:
            self.opened = True
        else:
            self.waiting.discard(question)
        unsealer = self._unsealer
        if unsealer is None or not self.opened:
            return
        ready = [name for name, by in self.pending.items() if not self.waiting.intersection(by)]
        for name in ready:
            del self.pending[name]
        if not self.pending:
            self._unsealer = None
        made = unsealer(ready)
        for name, value in made.items():
            setattr(self, name, value)
        for name in ready:
            self.boxes[name].fill(made.get(name))
        for name in self.pending:
            self.boxes[name].wait()
        known = {id(x) for x in self.switch.parts}
        self.switch.parts.extend(x for x in self.widgets() if id(x) not in known)
        for callback in self.on_unseal:
            callback()

    def exercise_boxes(self) -> dict[int, Any]:
        """Exercise number → its answer box, for every typed exercise built so far (the page's and going
        further's: class mode counts which were tried and right)."""
        found: dict[int, Any] = {}
        for part in [self.exercises, *self.going_further]:
            for exercise in getattr(part, "exercises", ()) if part is not None else ():
                if getattr(exercise, "box", None) is not None:
                    found[exercise.number] = exercise.box
        return found

    def sealed_note(self, key: str) -> None:
        """Say in the first sealed place who reveals the answer (``"class"``: the teacher)."""
        for box in self.boxes.values():
            box.set_note(key)

    def widgets(self) -> list[Any]:
        """Every part that speaks (what ``switch`` must reach), in page order, boxes opened, each once."""
        top = [self.title, self.how_to, self.question, self.prediction, self.stepper, *self.step_through, *self.exact]
        top += self.by_hand
        top += [*self.live, self.notice, self.exercises, *self.going_further, self.problems]
        top = [part for part in top if part is not None]
        out: list[Any] = []
        for part in top:
            for widget in _inside(part):
                if all(widget is not seen for seen in out) and (hasattr(widget, "set_lang") or hasattr(widget, "lang")):
                    out.append(widget)
        return out


class SealedBox(w.VBox):  # type: ignore[misc]
    """The place of a sealed section (``Lesson.seal``): hidden until the reveal fills it with its heading and
    widgets; the first one of a page shows why the rest of the lesson is not there yet."""

    def __init__(
        self, name: str, first: bool = False, lang: str = "en", reveal: Callable[[], None] | None = None
    ) -> None:
        self.name, self.first, self.note_key, self.lang = name, first, "solo", lang
        self.heading_key = ""  # set by ``page`` from the spec's order: the heading shown once filled
        self.note = w.HTML()
        self.button = w.Button(button_style="warning", icon="eye", layout=w.Layout(width="auto"))
        if reveal is not None:
            self.button.on_click(lambda _b: reveal())
        self.heading: Any = None
        shown = [self.note, self.button] if reveal is not None else [self.note]
        super().__init__(shown if first else [])
        self.add_class("dl-sealed")
        self.layout.display = None if first else "none"
        self.set_lang(lang)

    def set_note(self, key: str) -> None:
        """``"class"``: the teacher reveals (no button of the pupil's own); ``"solo"``: the pupil does."""
        self.note_key = key
        self.button.layout.display = "none" if key == "class" else None
        self.set_lang(self.lang)

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.note.value = f"<p class='dl-sealed-note' role='status'>{_say(f'sealed.{self.note_key}').get(lang)}</p>"
        self.button.description = _parts_say("reveal").get(lang)
        if self.heading is not None:
            self.heading.set_lang(lang)

    def wait(self) -> None:
        """After the headline's reveal, a part still waiting for a later question: its heading and why it is empty."""
        self.note_key = "later"
        self.heading = heading_text(self.heading_key, self.lang) if self.heading_key else None
        self.children = ([self.heading] if self.heading is not None else []) + [self.note]
        self.set_lang(self.lang)
        self.layout.display = None

    def fill(self, made: Any) -> None:
        """The section's widgets, under its heading (the page order's heading for this field, if any); going
        further folded, as on an unsealed page."""
        parts = [] if made is None else (list(made) if isinstance(made, list) else [made])
        if self.name == "going_further" and parts:
            self.heading, self.children = None, [further(parts, self.lang)]
        else:
            self.heading = heading_text(self.heading_key, self.lang) if self.heading_key else None
            self.children = ([self.heading] if self.heading is not None else []) + parts
        self.layout.display = None


# The sections' headings (``lesson/heading.*``): the page draws them, the framework says which section has which.
heading_say = wd.words(
    "lesson/",
    {
        "heading.question": ("The question", "Die Frage"),
        "heading.step": ("Step through it", "Schritt für Schritt"),
        "heading.exact": ("The exact answer", "Die exakte Antwort"),
        "heading.live": ("Watch the simulation", "Schau der Simulation zu"),
        "heading.notice": ("What to notice", "Was dir auffallen sollte"),
        "heading.further": ("Going further", "Weiter gedacht"),
        "heading.predict": ("Make your prediction", "Was vermutest du?"),
        "heading.watch": ("Watch the bots play", "Schau den Bots beim Spielen zu"),
        "heading.measured": ("The answer, measured", "Die Antwort, gemessen"),
    },
)


def heading_text(key: str, lang: str) -> Text:
    """A section's heading, in the page's language (it follows the language switch)."""
    return Text(heading_say(f"heading.{key}"), tag="h3", lang=lang)


def further(parts: Sequence[Any], lang: str) -> Folded:
    """ "Going further", folded: what a pupil may open after the lesson, never on the way through it."""
    return Folded(heading_say("heading.further"), w.VBox(list(parts)), lang)


_say = wd.words(
    "lesson/page/",
    {
        "sealed.solo": (
            "Lock in your guess above and run the simulation, then reveal the answer: the comparison with your "
            "guess, what to notice and the exercises come with it.",
            "Leg oben deine Schätzung fest und lass die Simulation laufen, dann deck die Antwort auf. Mit ihr "
            "erscheinen der Vergleich mit deiner Schätzung, „Was dir auffallen sollte“ und die Übungen.",
        ),
        "sealed.later": (
            "This part states the answer to a later question: it appears when your teacher reveals that answer.",
            "Dieser Teil verrät die Antwort auf eine spätere Frage: Er erscheint, wenn deine Lehrkraft diese Antwort "
            "aufdeckt.",
        ),
        "sealed.class": (
            "The answer, what to notice and the exercises appear when your teacher reveals the answer.",
            "Die Antwort, „Was dir auffallen sollte“ und die Übungen erscheinen, wenn deine Lehrkraft die Antwort "
            "aufdeckt.",
        ),
    },
)


PATH_FIELDS = ("question", "prediction", "step_through", "live", "exact", "notice")  # before the exercises


def words_before_exercises(lesson: Lesson) -> int:
    """The words a pupil reads on the lesson's path before its exercises, in the page's language now: the
    title and the prose of the question, prediction, step-through, simulation, answer and notice (at most about
    450, ``tests/apps/test_lesson_length.py``: a page a 13-year-old finishes). Folded parts (how to play, side
    tables) and the interactive views (the Stepper bar, the board, the rule card) are not counted: a pupil opens
    or uses them, and does not read them on the way."""
    texts = [lesson.title.value]
    for name in PATH_FIELDS:
        part = getattr(lesson, name)
        for widget in part if isinstance(part, list) else [part]:
            texts += _prose(widget)
    text = html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<style.*?</style>", " ", " ".join(texts), flags=re.S)))
    return len(text.split())


def _prose(widget: Any) -> list[str]:
    """The HTML texts of ``widget`` and the boxes in it, folded ones left out."""
    if widget is None or isinstance(widget, Folded):
        return []
    own = [widget.value] if isinstance(widget, w.HTML) and isinstance(widget.value, str) else []
    return own + [t for child in getattr(widget, "children", ()) for t in _prose(child)]


def _inside(widget: Any) -> list[Any]:
    """``widget`` and, for a box, everything in it (depth first)."""
    found = [widget]
    if isinstance(widget, w.Box):
        for child in widget.children:
            found += _inside(child)
    return found


def step_box(stepper: Any, main: Sequence[Any], odds: bool | None = None) -> w.HBox:
    """The view(s) of the game beside the rule explainer and the event log, as in the explorer; with ``odds``
    (True or False: the link's ``?odds=``) the chances panel under them, open when True."""
    from donkeylab.widgets import EventLog, RuleExplainer
    from donkeylab.widgets.chances import ChancesPanel

    chances = [] if odds is None else [ChancesPanel(stepper, shown=odds)]
    side = w.VBox(
        [RuleExplainer(stepper, lang=stepper.lang), EventLog(stepper), *chances],
        layout=w.Layout(flex="1 1 320px", min_width="300px"),
    )
    body = w.HBox(
        [w.VBox(list(main), layout=w.Layout(flex="2 1 520px")), side],
        layout=w.Layout(flex_flow="row wrap", align_items="flex-start"),
    )
    body.add_class("dl-lesson-step")
    return body


DEFAULT_ORDER = {
    "question": "question",
    "prediction": "",
    "step_through": "step",
    "exact": "exact",
    "live": "live",
    "notice": "notice",
    "exercises": "",
    "going_further": "further",
}


# Where a part of the page is, in the words class mode uses (``classroom.checks.SECTIONS``): a pupil's page
# reports the section in view, and the teacher can send the class to one ("everyone to the exercises").
SECTION_OF = {
    "question": "question",
    "prediction": "question",
    "step_through": "step",
    "live": "live",
    "exact": "answer",
    "notice": "answer",
    "exercises": "exercises",
    "going_further": "further",
}


def page(lesson: Lesson) -> w.VBox:
    """The app page of every lesson: the link's problems, the switch, the title, then each part in its
    spec's section order under a heading that switches too, and the share link."""
    lang = lesson.switch.value
    order = lesson.headings or DEFAULT_ORDER
    children: list[Any] = [lesson.problems, lesson.switch, lesson.title]
    sheets = _sheet_links(lesson)
    if sheets is not None:
        lesson.switch.parts.append(sheets)
        children.append(sheets)
    if lesson.how_to is not None:
        children.append(lesson.how_to)
    for name, heading in order.items():
        first = len(children)
        if name in lesson.boxes:  # sealed: its place, filled with the heading and widgets at the reveal
            lesson.boxes[name].heading_key = heading
            children.append(lesson.boxes[name])
        else:
            part = getattr(lesson, name)
            parts = [p for p in (list(part) if isinstance(part, list) else [part]) if p is not None]
            if not parts:
                continue
            if name == "going_further":
                fold = further(parts, lang)
                lesson.switch.parts.append(fold)
                children.append(fold)
            else:
                if heading:
                    text = heading_text(heading, lang)
                    lesson.switch.parts.append(text)
                    children.append(text)
                children += side_by_side(parts) if name == "live" else parts
        if name in SECTION_OF and hasattr(children[first], "add_class"):
            children[first].add_class(f"dl-section-{SECTION_OF[name]}")
    if lesson.share is not None:
        children.append(lesson.share)
    box = w.VBox([*children, w.HTML(PAGE_STYLE)])
    box.add_class("dl-lesson")
    box.lesson = lesson  # reachable for tests and the teacher's console
    from donkeylab.lessons import guess_first

    guess_first.install(lesson)  # a sealed page: guess, simulate, reveal, compare (class mode switches it off)
    return box


def _sheet_links(lesson: Lesson) -> Rendered | None:
    """ "For the classroom: Print the worksheet", under the title of a lesson served by Voila (``worksheet_route``:
    the teacher's only). The answer key is linked from the gallery, never from a page a pupil may have in front of
    them, and a class page has no link (its pupils may not open the sheets)."""
    from donkeylab.lessons import worksheet_links as worksheets

    spec, query = lesson.spec, getattr(lesson, "query", None)
    if spec is None or query is None or query.values.get("class") or spec.name not in worksheets.lessons():
        return None
    if sys.platform == "emscripten":  # the static site has no server route (``donkeylab worksheet`` prints them)
        return None
    options = {k: str(query[k]) for k in worksheets.spec_options(spec.name)}
    line = Rendered(lambda lg: worksheets.links(spec.name, lg, options, key=False), lesson.switch.value)
    line.add_class("dl-sheet-links")
    return line


# JupyterLab's own widget colours that fall below WCAG AA's 4.5:1 on a lesson page (axe-core measured them): a
# folded section's title and an unselected tab's label (#6d6d6d on #eeeeee, 4.45:1) are drawn darker, and so is
# the orange of a "warning" button, the prediction's Reveal (white on #f57c00, 2.7:1; #b35900 gives 6.6:1).
# The event log scrolls only itself: a scrollIntoView would scroll the page away (and axe would skip these).
# The worksheet's link is a tap target (24 px high at least, WCAG 2.5.8), not a line of 15 px text. A tab is as
# wide as its title (ipywidgets' fixed 144 px cuts Lesson 5's German "Ein Spiel, beide Regeln" to "…Rege…").
PAGE_STYLE = (
    "<style>.dl-lesson .jupyter-widget-Collapse-header,.dl-lesson .lm-TabBar-tabLabel{color:#333}"
    ".dl-lesson .jupyter-button.mod-warning{background-color:#b35900;color:#fff}"
    ".dl-worksheet-links a{display:inline-block;min-height:24px;line-height:24px;padding:0 2px}"
    ".dl-lesson{--jp-widgets-horizontal-tab-width:auto}"
    # a button's words are never cut with an ellipsis (a phone would show "alle gleich wahrsch…", "Show…"): a button
    # wraps its words and grows, a choice is as wide as its words and the row of choices wraps
    ".dl-lesson .jupyter-button{white-space:normal;height:auto;min-height:var(--jp-widgets-inline-height);"
    "text-overflow:clip;overflow:visible}.dl-lesson .widget-toggle-button{width:auto;max-width:100%}"
    ".dl-lesson .widget-toggle-buttons .widget-toggle-button{flex:0 1 auto}"
    ".dl-lesson .widget-toggle-buttons{flex-wrap:wrap;height:auto}</style>"
)

TABLE_STYLE = (
    "<style>.dl-lesson-table{border-collapse:collapse;margin:6px 0 14px;font-size:14px}"
    ".dl-lesson-table caption{caption-side:top;text-align:left;font-weight:600;padding:4px 0}"
    ".dl-lesson-table th,.dl-lesson-table td{border:1px solid #ccc;padding:4px 10px;text-align:left;"
    "vertical-align:top}.dl-lesson-table th{background:#f0f4f8}.dl-lesson-table tbody tr:nth-child(even)"
    "{background:#fafafa}.dl-lesson-table details summary{font-size:12px;color:#0072B2;cursor:pointer}"
    ".dl-lesson-table code{display:block;max-width:420px;font-size:11px}</style>"
)


def table(head: Sequence[str], rows: Sequence[Sequence[str]], caption: str = "") -> str:
    """A small HTML table with its style (cells are HTML already, e.g. from ``fraction_html``)."""
    top = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    cap = f"<caption>{caption}</caption>" if caption else ""
    return (
        f"{TABLE_STYLE}<table class='dl-lesson-table'>{cap}<thead><tr>{top}</tr></thead><tbody>{body}</tbody></table>"
    )


def exact_html(value: Fraction | int | float, lang: str, probability: bool = False) -> str:
    """An exact value as a pupil reads it (``parts.fraction_html``: a probability as a percentage and
    "about 1 in N" first, a short fraction second; any other value as a short fraction or a decimal)."""
    return fraction_html(value, lang=lang, probability=probability)


def number(x: Fraction | float, lang: str, digits: int = 2) -> str:
    """1.34 in English, 1,34 in German."""
    return wd.decimal(x, lang, digits)


def percent(p: Fraction | float, lang: str, digits: int = 1) -> str:
    """23.1 % in English, 23,1 % in German."""
    return wd.percent(p, lang, digits)
