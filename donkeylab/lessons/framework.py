"""Lessons as data: a ``LessonSpec`` is an ordered list of sections; ``build`` makes every lesson page.

A lesson module describes *what* its page says and shows: the question, the prediction, where the
step-through starts, the exact answer, the convergence plot of the headline, what to notice, the exercises
(with the exact value, tolerance, hint and solution of each) and what goes further. ``build(spec, query)``
turns that into widgets, adds the problems box, the language switch and the share link, and returns a
``page.Lesson`` (the handles a teacher notebook displays between its own markdown); ``page(lesson)`` stacks
it under headings in the section order. So a sixth lesson is a data module and its exact function: no
widget plumbing, no second copy of the assembly.

Why sections are small records with a ``make`` for what only the lesson knows: the step-through of each
game needs its own views and scripted moves (a ``StepThrough.make`` returns the Stepper and the widgets),
and Lesson 5's answer is measured by bots, not computed (its ``Custom`` sections build those widgets).
Everything else — headings, switch, exercises with answer boxes, the convergence LivePlot, the link — is
built here once.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from donkeylab.games import info as games_info
from donkeylab.lessons.howto_text import TEXTS as HOWTO_TEXTS
from donkeylab.lessons.page import ChoicePrediction, Lesson, Rendered
from donkeylab.pages.parts import Exercises as ExercisesWidget
from donkeylab.pages.parts import Folded, LanguageSwitch, Prediction, Speaks, Text, by_lang
from donkeylab.pages.query import MAX_STEP, Param, Query, choice, integer, parse_query, seat_or_teacher
from donkeylab.pages.registry import common_params, problems_box
from donkeylab.pages.words import words

howto = words("lesson/howto/", HOWTO_TEXTS)
MAIN_EXERCISES = 3  # a pupil's path has at most three exercises; more go under "going further" (folded)
say = words(
    "lesson/",
    {},
)


@dataclasses.dataclass
class Context:
    """What the sections of one page share while it is built: the link, the language, the Stepper."""

    query: Query
    stepper: Any = None
    extra: dict[str, Any] = dataclasses.field(default_factory=dict)

    @property
    def lang(self) -> str:
        return str(self.query["lang"])

    @property
    def seed(self) -> int:
        return int(self.query["seed"])


@dataclasses.dataclass(frozen=True)
class Question:
    """The headline question, in a sentence or two."""

    text: Speaks
    heading: str = "question"


@dataclasses.dataclass(frozen=True)
class Predict:
    """Commit to a guess: a slider (``choices`` None) or named choices (value → label)."""

    prompt: Speaks
    answer: Any
    answer_text: Speaks
    choices: Mapping[Any, Speaks] | Sequence[Any] | None = None
    heading: str = ""
    by: tuple[str, ...] = ()  # its answer sentence states these later class questions' answers too
    step: float = 0.01  # a slider's step: a small answer (Lesson 1's 1/81 ≈ 0.012) needs a finer one


@dataclasses.dataclass(frozen=True)
class StepThrough:
    """The game at its telling position: ``make(ctx)`` sets ``ctx.stepper`` and returns the widgets shown
    after the intro (the Stepper, its views, buttons)."""

    intro: Speaks
    make: Callable[[Context], list[Any]]
    heading: str = "step"


@dataclasses.dataclass(frozen=True)
class ExactAnswer:
    """The headline's exact value and the HTML (functions of the language) that explains it."""

    value: Any
    parts: Sequence[Callable[[str], str]]
    heading: str = "exact"
    by: tuple[str, ...] = ()  # the later class questions whose answers it states (see ``sealed_by``)


@dataclasses.dataclass(frozen=True)
class Convergence:
    """The simulation of the headline as a running estimate with its 95 % band (a game's ``running`` question),
    under its intro."""

    intro: Speaks
    question: str
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    n: int = 100_000
    batch: int = 2_000
    heading: str = "live"
    after: Speaks | None = None  # what the intro adds once the answer is revealed ("the black line is 1/81")
    sealed: bool = False  # True: the simulation itself shows the answer (an order, a sign), so it comes at the reveal
    by: tuple[str, ...] = ()  # its exact line (and ``after``) state these later class questions' answers
    # the same question under other parameters, drawn above the headline's plot from the same seed (the same
    # games): Lesson 2 shows the card's 7s without a flip above its 7s after the flip
    beside: Sequence[Mapping[str, Any]] = ()


@dataclasses.dataclass(frozen=True)
class Notice:
    text: Speaks
    heading: str = "notice"
    by: tuple[str, ...] = ()  # the later class questions whose answers it states (see ``sealed_by``)


@dataclasses.dataclass(frozen=True)
class Exercise:
    """One exercise. With ``exact`` a pupil types a number and an ``AnswerBox`` checks it by the one rule of
    every box (the exact value, or a rounding of it that keeps two significant digits; ``tolerance`` adds an
    absolute slack, none by default); hint after the first miss, ``solution`` after the second. Without
    ``exact`` the answer is a sentence, folded away. ``why``: the exercise ties the numbers to a decision in
    the game. ``mistakes``: the exercise's known wrong answers, each with the hint aimed at it (the lesson's
    own misconception: 1/6 for dice that are not independent), shown as soon as a pupil types that answer."""

    question: Speaks
    solution: Speaks
    exact: Fraction | None = None
    tolerance: Fraction = Fraction(0)
    hint: Speaks | None = None
    why: bool = False
    mistakes: Sequence[tuple[Fraction, Speaks]] = ()


@dataclasses.dataclass(frozen=True)
class Exercises:
    items: Sequence[Exercise]
    heading: str = ""
    by: tuple[str, ...] = ()  # the later class questions whose answers it states (see ``sealed_by``)
    main: int = MAIN_EXERCISES  # how many are on the pupil's path; the rest go further (a lesson may have fewer)


@dataclasses.dataclass(frozen=True)
class GoingFurther:
    """Other questions of the same rules: more exact tables and live plots, after the lesson's own."""

    make: Callable[[Context], list[Any]]
    heading: str = "further"
    by: tuple[str, ...] = ()  # the later class questions whose answers it states (see ``sealed_by``)


@dataclasses.dataclass(frozen=True)
class Custom:
    """Widgets only this lesson has, filling the ``Lesson`` field ``field`` (e.g. Lesson 5's bot games)."""

    field: str
    make: Callable[[Context], list[Any]]
    heading: str = ""
    shown: bool = True  # False: a handle only (e.g. ``answer``), not placed on the page a second time
    sealed: bool = False  # True: it shows the answer, so it is built only at the reveal (see ``SEALED``)
    by: tuple[str, ...] = ()  # the later class questions whose answers it states (see ``sealed_by``)


Section = Question | Predict | StepThrough | ExactAnswer | Convergence | Notice | Exercises | GoingFurther | Custom

# What a pupil must not see before their guess is revealed: these sections are not even built until then (a
# widget that exists has sent its state to the page, where devtools read it). The convergence plot is built,
# without its exact line. A section's ``by`` names the class questions after the headline whose answers it
# states too (Lesson 1's notice says (4/6)² = 4/9, the second question's answer): in a class it waits for their
# reveals as well (``Lesson.wait_for``); a page without a class opens it at the headline's reveal.
SEALED = (ExactAnswer, Notice, Exercises, GoingFurther)


def sealed_section(section: Section) -> bool:
    return isinstance(section, SEALED) or (isinstance(section, (Custom, Convergence)) and section.sealed)


@dataclasses.dataclass(frozen=True)
class LessonSpec:
    """A lesson page as data: its title, its sections in page order, its link and the link's kept values."""

    name: str
    title: Speaks
    sections: Sequence[Section]
    params: Mapping[str, Param]
    share: Sequence[str] | None = ()  # query values the share link keeps besides the Stepper's; None: no link
    lesson_class: type[Lesson] = Lesson
    game: str = ""  # the game it is about: its "how to play, in one minute" comes first, folded


def lesson_spec(make: Callable[[], LessonSpec]) -> Callable[[], LessonSpec]:
    """A lesson module's ``spec()``, built on first use and kept. Its exact answers are computed then, not when
    the module is imported: ``donkeylab.apps`` imports every lesson, in every kernel of every app and in Pyodide,
    and a lesson's exact answer can cost a noticeable part of that import."""
    return functools.cache(make)


def lesson_params(
    game: str,
    players: int,
    *,
    step: int | None = None,
    seat: Any = None,
    extra: Sequence[Param] = (),
    fixed_players: bool = True,
    drop: Sequence[str] = (),
) -> dict[str, Param]:
    """The one link of every lesson: seed, players, step, lang, seat (and the game's variant or board) as
    for the free-play app. ``fixed_players``: the lesson's example fixes the number of players (a link may
    repeat it, nothing else); ``step`` is the default step (None: the telling position); ``seat`` the
    default view; ``extra`` params are added or replace the common ones; ``drop`` removes some."""
    params = common_params(game, default_players=players)
    for option in games_info(game).options:  # a lesson's example fixes the rules; only its variant may change
        if option != "variant":
            params.pop(option, None)
    if fixed_players:
        params["players"] = Param("players", integer(players, players), players)
    params["step"] = Param("step", integer(0, MAX_STEP), step)
    params["seat"] = Param("seat", seat_or_teacher(players), seat)
    params["reveal"] = REVEAL
    from donkeylab.pages.query import CLASS_PARAMS

    params.update(CLASS_PARAMS)  # ?class=CODE: class mode; a lesson it does not offer ignores it
    for param in extra:
        params[param.name] = param
    for name in drop:
        params.pop(name, None)
    return params


def answer_box(item: Exercise, lang: str, rule: bool = True) -> Any:
    """The exercise's answer box (None: its answer is a sentence); ``rule`` False: the page says the rounding rule
    once, above the exercises, not under this box."""
    from donkeylab.widgets.answer import AnswerBox

    if item.exact is None:
        return None
    hint = item.hint or item.solution
    mistakes = [(value, why.get) for value, why in item.mistakes]
    return AnswerBox(item.exact, item.tolerance, hint.get, item.solution.get, lang=lang, mistakes=mistakes, rule=rule)


def _rounded(items: Sequence[Exercise]) -> bool:
    """Whether any of ``items`` takes a rounded answer (a typed value that is no whole number)."""
    return any(item.exact is not None and Fraction(item.exact).denominator != 1 for item in items)


def rounding_rule() -> Speaks:
    """What an answer box counts as right (``answer/rounding``), said once per page above its exercises."""
    from donkeylab.widgets.answer import say as answer_say

    return by_lang(lambda lg: answer_say("rounding", lg))


def _prediction(section: Predict, lang: str) -> Prediction:
    if isinstance(section.choices, Mapping):
        return ChoicePrediction(section.prompt, section.answer, section.answer_text, dict(section.choices), lang)
    if section.choices is not None:
        return Prediction(section.prompt, section.answer, section.answer_text, choices=section.choices, lang=lang)
    return Prediction(section.prompt, section.answer, section.answer_text, step=section.step, lang=lang)


REVEAL = Param("reveal", choice("0", "1"), "0")  # ?reveal=1: the teacher shows the whole lesson at once
LIST_FIELDS = ("step_through", "exact", "live", "going_further", "by_hand")


def sealed_by(query: Query) -> bool:
    """Whether a lesson's app page for ``query`` keeps the answer back until the reveal: yes, unless the link
    says ``reveal=1`` (a teacher showing the whole lesson at once). A notebook's ``parts()`` shows everything."""
    return bool(query.values.get("reveal", "0") != "1")


def build(
    spec: LessonSpec, query: Query | None = None, extra: Mapping[str, Any] | None = None, sealed: bool = False
) -> Lesson:
    """Every widget of ``spec``'s lesson for ``query`` (None: the defaults), each drawn in the link's language;
    the switch reaches all of them, the stepper bar's own language menu included.

    ``sealed`` (an app page: ``sealed_by(query)``): the sections that state the answer (``SEALED``) are built
    only when the prediction is revealed (``Lesson.unseal``), and the convergence plot hides its exact line
    until then. So before a pupil has guessed, the answer is nowhere on the page, not even in widget state."""
    ctx = Context(query or parse_query("", spec.params), extra=dict(extra or {}))
    lang = ctx.lang
    fields: dict[str, Any] = {name: [] for name in LIST_FIELDS} | {"answer": None, "notice": None, "exercises": None}
    later = [s for s in spec.sections if sealed and sealed_section(s)]
    for section in spec.sections:
        if isinstance(section, ExactAnswer):
            fields["answer"] = section.value  # a value in the kernel, for notebooks and tests: never sent
        if section not in later:
            fields |= _made(section, ctx, sealed)
    if spec.game:
        fields["how_to"] = how_to_play(spec.game, lang)
    lesson = spec.lesson_class(
        title=Text(spec.title, "h2", lang),
        stepper=ctx.stepper,
        switch=LanguageSwitch([], lang),
        problems=problems_box(ctx.query, lang),
        **fields,
    )
    lesson.spec = spec
    lesson.query = ctx.query
    lesson.headings = headings(spec)
    if spec.share is not None and ctx.stepper is not None:
        from donkeylab.widgets.chances import panels_in
        from donkeylab.widgets.share import ShareLink

        lesson.share = ShareLink(ctx.stepper, {k: ctx.query[k] for k in spec.share})
        for panel in {id(p): p for part in lesson.step_through for p in panels_in(part)}.values():
            lesson.share.follow(panel.toggle, "odds")  # the link opens the panel as the pupil left it
    lesson.switch.parts.extend(lesson.widgets())
    if ctx.stepper is not None:
        follow_switch(lesson.switch, ctx.stepper)
    answer = next((s for s in spec.sections if isinstance(s, Predict) or getattr(s, "field", "") == "prediction"), None)
    lesson.answer_by = tuple(getattr(answer, "by", ()))
    if later:
        by_field = {_field_of(s): s for s in later}
        lesson.seal(
            {name: getattr(s, "by", ()) for name, s in by_field.items()},
            lambda names: _unsealed(by_field, names, ctx, lesson),
        )
        lesson.prediction.on_reveal.append(lesson.unseal)
    return lesson


def _made(section: Section, ctx: Context, sealed: bool) -> dict[str, Any]:
    """The ``Lesson`` fields one section fills."""
    from donkeylab.widgets import LivePlot

    lang = ctx.lang
    if isinstance(section, Question):
        return {"question": Text(section.text, "div", lang)}
    if isinstance(section, Predict):
        return {"prediction": _prediction(section, lang)}
    if isinstance(section, StepThrough):
        made = {"step_through": [Text(section.intro, lang=lang), *section.make(ctx)]}
        if ctx.stepper is not None and ctx.query.values.get("sub") is not None:
            ctx.stepper.show_events(ctx.query["sub"])  # a link inside an action: a chain hop, a flip
        return made
    if isinstance(section, ExactAnswer):
        return {"exact": [Rendered(part, lang) for part in section.parts]}
    if isinstance(section, Convergence):
        plots = []
        for params in [*section.beside, section.params]:
            plot = LivePlot(section.question, section.n, ctx.seed, section.batch, lang, hide_exact=sealed, **params)
            plot.exact_by = section.by  # a class shows its exact line only once these questions are revealed too
            plots.append(plot)
        LivePlot.run_together(plots)  # plots side by side run from one Start (a second button is easily missed)
        return {"live": [Text(Revealing(section.intro, section.after, shown=not sealed), lang=lang), *plots]}
    if isinstance(section, Notice):
        return {"notice": Text(section.text, "div", lang)}
    if isinstance(section, Exercises):
        main, more = section.items[: section.main], section.items[section.main :]
        # said once, above the first exercises it applies to: never above whole numbers alone (Lesson 2's path)
        note = rounding_rule() if _rounded(main) else None
        if more:  # numbered on, at the top of going further (which comes after the exercises, folded)
            later = rounding_rule() if _rounded(more) and note is None else None
            ctx.extra["more_exercises"] = _exercises(
                more, lang, first=section.main + 1, title="more_exercises", note=later
            )
        return {"exercises": _exercises(main, lang, note=note)}
    if isinstance(section, GoingFurther):
        more = ctx.extra.pop("more_exercises", None)
        return {"going_further": ([more] if more is not None else []) + section.make(ctx)}
    made_custom = section.make(ctx)
    return {section.field: made_custom if section.field in LIST_FIELDS else made_custom[0]}


def _exercises(
    items: Sequence[Exercise], lang: str, first: int = 1, title: str = "exercises", note: Speaks | None = None
) -> Any:
    pairs = [(item.question, item.solution) for item in items]
    boxes = [answer_box(item, lang, rule=False) for item in items]
    return ExercisesWidget(pairs, lang, boxes, first=first, title=title, note=note)


def how_to_play(game: str, lang: str) -> Any:
    """The game in one minute, folded, for a pupil who has never played it (``howto_text``)."""
    from donkeylab.games import info

    title = by_lang(lambda lg: howto("title", game=info(game).title(lg)).get(lg))
    return Folded(title, Text(howto(game), "div", lang), lang)


def _field_of(section: Section) -> str:
    """The ``Lesson`` field a section fills (what the page keeps a place for while it is sealed)."""
    if isinstance(section, Custom):
        return section.field
    if isinstance(section, Convergence):
        return "live"
    return {ExactAnswer: "exact", Notice: "notice", Exercises: "exercises", GoingFurther: "going_further"}[
        type(section)
    ]


def _unsealed(sections: Mapping[str, Section], names: Sequence[str], ctx: Context, lesson: Lesson) -> dict[str, Any]:
    """The sealed sections of the fields ``names`` built now, in the page's language at this moment; every plot
    whose questions are all revealed shows its exact line (and its intro the sentence that names it)."""
    ctx.query = dataclasses.replace(ctx.query, values={**ctx.query.values, "lang": lesson.switch.value})
    made: dict[str, Any] = {}
    for name in names:
        made |= _made(sections[name], ctx, sealed=False)
    live = [*lesson.live, *made.get("live", [])]
    for i, plot in enumerate(live):
        if not hasattr(plot, "show_exact") or set(getattr(plot, "exact_by", ())) & lesson.waiting:
            continue
        plot.show_exact()
        text: Any = live[i - 1] if i else None  # the plot's intro, above it
        if isinstance(getattr(text, "text", None), Revealing) and not text.text.shown:
            text.text.shown = True
            text.set_lang(lesson.switch.value)
    return made


@dataclasses.dataclass
class Revealing:
    """A text with a sentence that joins it only after the reveal (``Convergence.after``)."""

    text: Speaks
    after: Speaks | None
    shown: bool = False

    def get(self, lang: str) -> str:
        if self.shown and self.after is not None:
            return f"{self.text.get(lang)} {self.after.get(lang)}"
        return self.text.get(lang)


def follow_switch(switch: LanguageSwitch, stepper: Any) -> None:
    """The stepper bar has its own language menu: when it changes, the whole page follows."""

    def changed(change: dict[str, Any]) -> None:
        switch.value = change["new"]

    stepper.observe(changed, names="lang")


def headings(spec: LessonSpec) -> dict[str, str]:
    """Lesson field → heading key, in the spec's order (a section with no heading adds none)."""
    out: dict[str, str] = {}
    for section in spec.sections:
        key = {
            Question: "question",
            Predict: "prediction",
            StepThrough: "step_through",
            ExactAnswer: "exact",
            Convergence: "live",
            Notice: "notice",
            Exercises: "exercises",
            GoingFurther: "going_further",
        }.get(type(section))
        if isinstance(section, Custom):
            key = section.field if section.shown else None
        if key is not None:
            out[key] = section.heading
    return out
