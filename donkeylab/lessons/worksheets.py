"""Printable worksheets and answer keys: one self-contained A4 HTML document per lesson, language and kind.

A teacher hands out the **worksheet** (the lesson's question, the prediction it asks for and its exercises, with
room to write) while the class works through the lesson on screen, and keeps the **answer key** (the same,
plus the prediction's answer, the exact answer, what to notice, and for every exercise its answer, what the
answer box counts as right, the worked solution, the hint and the page's feedback on each typical wrong
answer).

Why it is built from the lesson's ``LessonSpec`` and nothing else: the sheet must say what the page says, in
both languages, with the same numbers. So every sentence about the lesson is the lesson's own catalogue text
(``Say.get(lang)``, often HTML) and every number is the lesson's own value written by ``apps.words`` (the
one formatter of the pages); this module adds only the sheet's frame, whose words are ``worksheet/…``
catalogue entries (``worksheet_text.py``). A lesson edited tomorrow prints its new text tomorrow.

Why HTML with a print stylesheet rather than a PDF made here: the same document is the screen preview and
the printout (Chromium prints it on A4 with ``@page``), it needs no PDF library, and the CLI still writes a
PDF through Chromium's own headless print (``worksheet_files.write_pdf``). Lines and boxes are borders
(backgrounds are left out by default when Chromium prints); each exercise is one unbreakable block, so no page
cuts one in two. The document holds no script, so it is served under a policy without scripts (``CSP``).
"""

from __future__ import annotations

import dataclasses
import html
import importlib
import inspect
import re
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any
from urllib.parse import urlencode

import donkeylab.widgets.answer  # noqa: F401  (registers the answer box's words: "answer/…", reused here)
from donkeylab.core import CATALOGUE
from donkeylab.core.say import Say, texts
from donkeylab.lessons import framework as fw
from donkeylab.lessons.worksheet_links import NUMBERS, ROUTE, lessons, links, spec_options, url
from donkeylab.lessons.worksheet_numbers import _brief, accepted, exact_text, is_probability, numbers, significant
from donkeylab.lessons.worksheet_text import say
from donkeylab.pages import words as wd
from donkeylab.pages.parts import Speaks
from donkeylab.pages.query import parse_query
from donkeylab.pages.registry import APPS
from donkeylab.widgets.assets import text as asset_text

KINDS = ("worksheet", "key")
LANGS = ("en", "de")
CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; base-uri 'none'"
SENTENCE_LINES = 4  # ruled lines for an exercise answered in words
MARGIN_MM = (14, 15, 16, 15)  # the A4 page's margins (top, right, bottom, left): the footer sits in the bottom one


# _t(key, lang, **data): a catalogue sentence (the sheet's own ``worksheet/…`` or one the pages already use)
_t = texts("", terms=True)


@dataclasses.dataclass(frozen=True)
class Sheet:
    """What a lesson's sheets print, read off its ``LessonSpec``: no sentence or number is typed again here."""

    name: str
    title: Speaks
    question: Speaks
    prompt: Speaks | None  # the prediction asked for
    choices: tuple[Speaks, ...] | None  # None: a guess from 0 (never) to 1 (always), the page's slider
    answer: Speaks | None  # the prediction's answer (None: measured on the page, see the notice)
    exact: tuple[Callable[[str], str], ...]  # the exact answer's HTML, a function of the language each
    notice: Speaks | None
    exercises: tuple[fw.Exercise, ...]
    rules: Speaks | None  # the rule set the numbers are for, when the lesson has a choice of rules
    # a count the page asks beside its game, outside its exercises (Lesson 4's mini board): heading, intro, item
    by_hand: tuple[tuple[Speaks, Speaks, fw.Exercise], ...] = ()
    # the page's simulation, written down by the pupil (Lesson 2): heading, intro, one label per plot, the key's line
    simulation: tuple[Speaks, Speaks, tuple[Speaks, ...], Speaks] | None = None
    # the board the first count is done on, drawn for paper (Lesson 4's mini board): its HTML in a language
    by_hand_board: Callable[[str], str] | None = None


def sheet(name: str, options: Mapping[str, str] | None = None) -> Sheet:
    """The sheet of lesson ``name`` for the link values ``options`` (``{"variant": "german"}``: the numbers
    of the German rules, as ``?variant=german`` shows them). ValueError for an unknown lesson or option."""
    if name not in lessons():
        raise ValueError(f"no lesson {name!r}: one of {', '.join(lessons())}")
    options = dict(options or {})
    accepted = spec_options(name)
    if unknown := sorted(set(options) - set(accepted)):
        raise ValueError(f"{name} takes {', '.join(accepted) or 'no options'}, not {', '.join(unknown)}")
    query = parse_query(urlencode(options), APPS[name].params)
    if query.problems:
        raise ValueError(query.problems[0])
    module = importlib.import_module(APPS[name].build.__module__)
    spec: fw.LessonSpec = module.spec(**{p: query[p] for p in accepted})
    sections = list(spec.sections)
    question = next(s.text for s in sections if isinstance(s, fw.Question))
    predict = next((s for s in sections if isinstance(s, fw.Predict)), None)
    prompt, answer, choices = _prediction(name, module, predict)
    exact = tuple(part for s in sections if isinstance(s, fw.ExactAnswer) for part in s.parts)
    notice = next((s.text for s in sections if isinstance(s, fw.Notice)), None)
    if notice is None and hasattr(module, "key_notice"):  # a page whose notice quotes the pupil's run (Lesson 5)
        notice = module.key_notice()
    exercises = tuple(item for s in sections if isinstance(s, fw.Exercises) for item in s.items)
    rules = _rules(query["variant"]) if "variant" in accepted else None
    by_hand = tuple(_called(module.by_hand_sheet, query, accepted)) if hasattr(module, "by_hand_sheet") else ()
    simulated = (
        module.simulation_sheet(**{p: query[p] for p in accepted}) if hasattr(module, "simulation_sheet") else None
    )
    board = getattr(module, "sheet_board", None)
    return Sheet(
        name, spec.title, question, prompt, choices, answer, exact, notice, exercises, rules, by_hand, simulated, board
    )


def _called(make: Callable[..., Any], query: Any, accepted: Sequence[str]) -> Any:
    """``make`` called with the link values among ``accepted`` it takes (Lesson 2's tree is the variant's)."""
    taken = inspect.signature(make).parameters
    return make(**{p: query[p] for p in accepted if p in taken})


def _prediction(
    name: str, module: Any, predict: fw.Predict | None
) -> tuple[Speaks | None, Speaks | None, tuple[Speaks, ...] | None]:
    """The prediction's prompt, answer and choices. A lesson whose prediction is its own widget (Lesson 5: its
    answer is measured by bots while the page loads) has no ``Predict`` section: its catalogue ``prompt`` and
    its module's ``CHOICES`` are what that widget asks."""
    if predict is not None:
        choices = predict.choices
        if isinstance(choices, Mapping):
            return predict.prompt, predict.answer_text, tuple(choices.values())
        if choices is not None:
            return predict.prompt, predict.answer_text, tuple(_Plain(str(c)) for c in choices)
        return predict.prompt, predict.answer_text, None
    key = f"lesson/{name}/prompt"
    prompt = Say(key) if key in CATALOGUE.messages else None
    made = getattr(module, "CHOICES", None)
    answer = module.key_answer() if hasattr(module, "key_answer") else None  # the key states it, when known
    return prompt, answer, (tuple(made.values()) if isinstance(made, Mapping) else None)


@dataclasses.dataclass(frozen=True)
class _Plain:
    text: str

    def get(self, lang: str) -> str:
        return html.escape(self.text)


def _rules(variant: str) -> Speaks:
    from donkeylab.lessons.full_widgets import VARIANT_NAMES

    names: Mapping[str, Speaks] = VARIANT_NAMES
    return names[variant]


# ------------------------------------------------------------------------------------------------ document
def document(name: str, lang: str = "en", kind: str = "worksheet", options: Mapping[str, str] | None = None) -> str:
    """The whole A4 document of lesson ``name`` in ``lang``: ``kind`` "worksheet" (for pupils) or "key" (for the
    teacher). ValueError for an unknown lesson, language, kind or option."""
    if lang not in LANGS:
        raise ValueError(f"no language {lang!r}: one of {', '.join(LANGS)}")
    if kind not in KINDS:
        raise ValueError(f"no kind {kind!r}: one of {', '.join(KINDS)}")
    made = sheet(name, dict(options or {}))  # the rules of the page with the same link, in any language
    key = kind == "key"
    body = [_head(made, lang, kind), _block(_t("lesson/heading.question", lang), made.question.get(lang))]
    if made.prompt is not None:
        body.append(_prediction_block(made, lang, key))
    if made.simulation is not None:
        body.append(_simulation_block(made.simulation, lang, key))
    if key and made.exact:
        body.append(_block(_t("lesson/heading.exact", lang), "".join(part(lang) for part in made.exact)))
    if key and made.notice is not None:
        body.append(_block(_t("lesson/heading.notice", lang), made.notice.get(lang), whole=False))
    noted = False  # the rule of rounding stands once, above the first answer it applies to (a count's too)
    for i, (heading, intro, item) in enumerate(made.by_hand):  # a count on paper, as the page asks it
        text = f"<p>{intro.get(lang)}</p>"
        if i == 0 and made.by_hand_board is not None:  # the board of the screen, drawn beside the count's intro
            text = f"<div class='dl-ws-beside'>{text}{made.by_hand_board(lang)}</div>"
        note = _rounding_note(lang) if not key and not noted and _rounded(item) else ""
        noted = noted or bool(note)
        inner = f"{text}{_exercise(0, item, lang, key, note).removeprefix('<!--next-->')}"
        body.append(_block(heading.get(lang), inner, whole=False))  # a long intro (Lesson 2's tables) may turn over
    body.append(_exercises(made, lang, key, noted))
    return _page(made, lang, kind, "".join(body))


def _head(made: Sheet, lang: str, kind: str) -> str:
    kind_line = say(f"kind.{kind}").get(lang)
    if made.rules is not None:
        kind_line += f" · {made.rules.get(lang)}"
    head = f"<header><p class='dl-ws-kind'>{html.escape(kind_line)}</p><h1>{made.title.get(lang)}</h1>"
    head += f"<p class='dl-screen-only'>{html.escape(say('print').get(lang))}</p>"
    if kind == "key":
        return head + f"<p class='dl-ws-intro'>{html.escape(say('key_intro').get(lang))}</p></header>"
    fields = "".join(
        f"<div class='dl-ws-field{' dl-wide' if k == 'name' else ''}'>{html.escape(say(k).get(lang))}:"
        "<span></span></div>"
        for k in ("name", "class", "date")
    )
    intro = f"<p class='dl-ws-intro'>{html.escape(say('intro').get(lang))}</p>"
    return head + f"<div class='dl-ws-fields'>{fields}</div>{intro}</header>"


def _block(heading: str, inner: str, whole: bool = True) -> str:
    """A section under its heading; ``whole``: never split across pages (a long one may be)."""
    cls = "dl-ws-block" if whole else "dl-ws-section"
    return f"<section class='{cls}'><h2>{html.escape(heading)}</h2>{inner}</section>"


def _prediction_block(made: Sheet, lang: str, key: bool) -> str:
    assert made.prompt is not None
    inner = f"<p><b>{made.prompt.get(lang)}</b></p>"
    if key:
        if made.answer is not None:
            answer = f"{_t('parts/the_answer', lang)}: {made.answer.get(lang)}"
        else:
            answer = html.escape(say("measured", notice=_t("lesson/heading.notice", lang)).get(lang))
        inner += f"<div class='dl-key-answer'><p>{answer}</p></div>"
    elif made.choices is not None:
        boxes = "".join(f"<li><span class='dl-ws-tickbox'></span>{c.get(lang)}</li>" for c in made.choices)
        inner += f"<p>{html.escape(say('tick').get(lang))}</p><ul class='dl-ws-choices'>{boxes}</ul>"
    else:
        inner += f"<p>{html.escape(say('scale').get(lang))}</p>{_scale(lang)}"
        inner += _answer_line(say("my_guess").get(lang))
    return _block(_t("lesson/heading.predict", lang), inner)


def _simulation_block(simulation: tuple[Speaks, Speaks, tuple[Speaks, ...], Speaks], lang: str, key: bool) -> str:
    """Room for what the page's simulation showed (a share and its N per plot); the key says what to expect."""
    heading, intro, labels, expected = simulation
    if key:
        inner = f"<p>{intro.get(lang)}</p><div class='dl-key-answer'><p>{expected.get(lang)}</p></div>"
    else:
        share, n = (html.escape(say(k).get(lang)) for k in ("sim_share", "sim_n"))
        rows = "".join(
            f"<p><b>{label.get(lang)}</b></p><div class='dl-ws-answer'><span>{share}</span>"
            f"<span class='dl-ws-box dl-ws-sim'></span><span>{n}</span><span class='dl-ws-box dl-ws-sim'></span></div>"
            for label in labels
        )
        inner = f"<p>{intro.get(lang)}</p>{rows}"
    return _block(heading.get(lang), inner)


def _scale(lang: str) -> str:
    """The page's slider on paper: a line from 0 (never) to 1 (always) with a tick every tenth."""
    ticks = "".join(
        f"<span class='dl-tick{' dl-big' if i in (0, 5, 10) else ''}' style='left:{10 * i}%'></span>" for i in range(11)
    )
    labels = {
        0: f"0<br>{_t('number/never', lang)}",
        5: wd.decimal(Fraction(1, 2), lang, 1),
        10: f"1<br>{_t('number/always', lang)}",
    }
    ends = {0: " dl-first", 10: " dl-last"}
    numbers = "".join(
        f"<span class='dl-num{ends.get(i, '')}' style='left:{10 * i}%'>{text}</span>" for i, text in labels.items()
    )
    return f"<div class='dl-ws-scale' aria-hidden='true'><span class='dl-axis'></span>{ticks}{numbers}</div>"


def _rounding_note(lang: str) -> str:
    return f"<p class='dl-note'>{html.escape(_t('answer/rounding', lang))}</p>"


def _exercises(made: Sheet, lang: str, key: bool, noted: bool = False) -> str:
    rounded = next((i for i, item in enumerate(made.exercises) if _rounded(item)), None)
    # the rule of rounding stands above the first exercise it applies to, not above whole-number answers (nor
    # twice: ``noted``, a count by hand above said it)
    note = _rounding_note(lang) if not key and not noted else ""
    items = "".join(
        _exercise(i + 1, item, lang, key, note if i == rounded else "") for i, item in enumerate(made.exercises)
    )
    heading = f"<h2>{html.escape(_t('parts/exercises', lang))}</h2>"
    first, *rest = items.split("<!--next-->") if items else [""]
    # the heading stays with the first exercise: one unbreakable block, as every exercise is
    top = f"<div class='dl-ws-block'>{heading}{first}</div>"
    return f"<section class='dl-ws-section'>{top}{''.join(rest)}</section>"


def _rounded(item: fw.Exercise) -> bool:
    """Whether a rounding of the answer can be right: a value that is no whole number."""
    return item.exact is not None and item.exact.denominator != 1


def _exercise(number: int, item: fw.Exercise, lang: str, key: bool, note: str = "") -> str:
    head = (
        f"{note}<p><b>{number}.</b> {item.question.get(lang)}</p>"
        if number
        else f"{note}<p>{item.question.get(lang)}</p>"
    )
    if key:
        room = f"<div class='dl-key-answer'>{_key_answer(item, lang)}</div>"
    elif item.exact is None:
        room = "<div class='dl-ws-lines'>" + "<div class='dl-ws-line'></div>" * SENTENCE_LINES + "</div>"
    else:
        room = f"<p class='dl-ws-label'>{html.escape(say('working').get(lang))}</p><div class='dl-ws-work'></div>"
        room += _answer_line(_t("parts/answer_here", lang))
    return f"<!--next--><div class='dl-ws-ex'>{head}{room}</div>"


def _answer_line(label: str) -> str:
    """A label and a box sized for a handwritten number (60 × 11 mm)."""
    return f"<div class='dl-ws-answer'><span>{html.escape(label)}</span><span class='dl-ws-box'></span></div>"


def _key_answer(item: fw.Exercise, lang: str) -> str:
    """The answer (the exact value and what counts as right), the worked solution, the hint and the feedback on
    each known wrong answer: what the answer box says, on paper."""
    out = ""
    if item.exact is not None:
        shown = f"<span class='dl-exact'>{html.escape(exact_text(item, lang))}</span>"
        out += f"<p><b>{_t('parts/the_answer', lang)}: {shown}</b></p>"
        if item.exact.denominator == 1:
            rule = say("accepts_exact").get(lang)
        else:
            rule = say("accepts", examples=numbers(accepted(item, lang), lang)).get(lang)
        if item.tolerance:
            from donkeylab.widgets.answer import tolerance_text

            rule += " " + _t("answer/tolerance", lang, tolerance=tolerance_text(item.tolerance, lang))
        out += f"<p class='dl-note'>{html.escape(rule)}</p>"
    # a solution worked step by step has one step a line (the answer box shows one paragraph each)
    steps = item.solution.get(lang).replace("\n", "<br>")
    out += f"<p>{_t('answer/solution', lang, solution=steps)}</p>"
    if item.hint is not None:
        out += f"<p class='dl-note'>{_t('answer/hint', lang, hint=item.hint.get(lang))}</p>"
    if item.mistakes:
        probability = is_probability(item)
        said: dict[str, list[str]] = {}  # one row per feedback: 2 and 4 get the same sentence in Lesson 5
        for value, why in item.mistakes:
            said.setdefault(why.get(lang), []).append(_brief(value, probability, lang))
        rows = "".join(
            f"<tr><td>{html.escape(', '.join(values))}</td><td>{text}</td></tr>" for text, values in said.items()
        )
        out += f"<p class='dl-note'>{html.escape(say('mistakes').get(lang))}</p>"
        out += f"<table class='dl-key-mistakes'>{rows}</table>"
    return out


def _keep_together(body: str) -> str:
    """A number stays on the line of its % sign ("18 %" never breaks into "18" and "%"): a no-break space in the
    text between tags (attributes and styles untouched)."""
    return re.sub(r">([^<]*)<", lambda m: ">" + re.sub(r"(\d) %", "\\1\u00a0%", m.group(1)) + "<", body)


def _css_string(text: str) -> str:
    """``text`` as a CSS string literal (for the page footer's ``content``)."""
    return '"' + re.sub(r'(["\\])', r"\\\1", " ".join(text.split())) + '"'


def _page(made: Sheet, lang: str, kind: str, body: str) -> str:
    title = re.sub(r"<[^>]+>", "", made.title.get(lang))
    label = f"{html.unescape(title)} · {say(f'kind.{kind}').get(lang)}"
    footer = "font-family: 'DejaVu Sans', Arial, sans-serif; font-size: 8pt; color: #555;"
    page_rule = (
        f"@page {{ size: A4; margin: {' '.join(f'{m}mm' for m in MARGIN_MM)}; "
        f"@bottom-left {{ content: {_css_string(label)}; {footer} }} "
        f"@bottom-right {{ content: counter(page) ' / ' counter(pages); {footer} }} }}"
    )
    return (
        f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'>"
        f"<meta name='viewport' content='width=device-width, initial-scale=1'><title>{html.escape(label)}</title>"
        f"<style>{asset_text('worksheet.css')}\n{page_rule}</style></head>"
        f"<body><main class='dl-sheet dl-{kind}'>{_keep_together(body)}</main></body></html>"
    )


__all__ = [  # the numbers of the key (``worksheet_numbers``) too: what a sheet prints, read from here
    "NUMBERS",
    "ROUTE",
    "Sheet",
    "accepted",
    "document",
    "exact_text",
    "is_probability",
    "lessons",
    "links",
    "numbers",
    "sheet",
    "significant",
    "spec_options",
    "url",
]
