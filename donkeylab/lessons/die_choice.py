"""Lesson 1 — Double Donkey's die choice (DD-DICE-1..3). Headline: 2 numbers lie on the Hay card and you roll 4
dice: how likely is a free choice (DD-DICE-2)? Exactly (2/6)^4 = 1/81.

The step-through is the rulebook's example round (4 players; Olivia, Fran, Jan and Margaret are Players 1-4),
forced roll by roll, starting where Fran has rolled two dice that DD-DICE-2 forbids; step 8 shows a free
choice. The exact answer comes from ``double_donkey.exact``; the simulation rolls 4 dice again and again
(Double Donkey's ``running`` question ``double_donkey.free_choice``) and draws the running estimate closing
in on 1/81. The other questions (every m and k, how many different numbers end on the Hay card) go further below.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

from donkeylab.core import Action
from donkeylab.double_donkey import Choose, Keep, Rules, exact
from donkeylab.lessons import dd_parts
from donkeylab.lessons.dd_parts import LangButton, colour_name, decimal, probability_html
from donkeylab.lessons.dd_what_if import WhatIfPanel, cached_what_if
from donkeylab.lessons.die_choice_text import TEXTS
from donkeylab.lessons.framework import (
    Context,
    Convergence,
    ExactAnswer,
    Exercise,
    Exercises,
    GoingFurther,
    LessonSpec,
    Notice,
    Predict,
    Question,
    StepThrough,
    lesson_params,
    sealed_by,
)
from donkeylab.lessons.framework import build as build_lesson
from donkeylab.lessons.page import TABLE_STYLE, Lesson, Rendered, page, percent, step_box
from donkeylab.pages.parts import Folded, Text
from donkeylab.pages.query import Query, parse_query
from donkeylab.pages.registry import AppInfo, register
from donkeylab.pages.words import Say, band, words
from donkeylab.widgets import CardHands, DiceTray, LivePlot, Stepper

NAME = "die_choice"
GUESS_STEP = 0.001  # the answer, 1/81 ≈ 0.012, lies between two steps of 0.01: a guess reaches it on this step
PLAYERS = 4
TELLING_STEP = 4  # Fran (Player 2) has rolled: the green 2 and the purple 2 are forbidden (DD-DICE-2)
FREE_STEP = 8  # Margaret (Player 4) rolled only numbers already on the Hay card: a free choice
PREDICTION_M, PREDICTION_K = 2, 4  # 2 numbers on the Hay card, 4 dice rolled
LIVE_N = 100_000
FOUR_TWO = ("four_two",)  # the class question "4 numbers on the Hay card, 2 dice" (``classroom.questions``)
roll = dd_parts.roll

# The rulebook's hand for Fran in its what-if table (``exact.RULEBOOK_WHAT_IF``): the deal gives it to her.
HANDS = [[], [dd_parts.kind(*card) for card in exact.RULEBOOK_WHAT_IF["hand"]], [], []]


say = words("lesson/die_choice/", TEXTS)


def rulebook_round(rules: Rules) -> list[Action]:
    """The rulebook's example round, die by die (rolls the rulebook leaves open are our choice)."""
    return [
        roll(light_blue=2, dark_blue=6, orange=1, yellow=4, green=5, purple=3),  # Olivia
        Choose("light_blue"),
        roll(dark_blue=4, orange=5, yellow=3, green=2, purple=2),  # Fran: green 2 and purple 2 are forbidden
        Choose("orange"),
        roll(dark_blue=5, yellow=4, green=6, purple=1),  # Jan: the dark blue 5 is forbidden
        Choose("purple"),
        roll(dark_blue=1, yellow=5, green=2),  # Margaret: all on the Hay card, so any die may be chosen
        Choose("green"),
        roll(dark_blue=3, yellow=2),  # Olivia must take the dark blue 3
        Choose("dark_blue"),
        Keep() if rules.last_die == "choose" else roll(yellow=2),  # Fran keeps the yellow 2 (german: rolls it)
    ]


def start_example(stepper: Stepper, rules: Rules, seed: int, step: int = TELLING_STEP, fresh: bool = False) -> None:
    """Put the rulebook round into the Stepper's timeline and show state ``step`` (one message to the page)."""
    if not fresh:  # a Stepper just made starts empty: no reset (one message less before the page shows)
        stepper.reset()
    match = stepper.match
    match.push(dd_parts.forced_deal(rules, HANDS, seed))
    for action in rulebook_round(rules):
        match.push(action)
    if step < len(match):
        stepper.jump(step)
    else:
        stepper.jump(len(match) - 1)
        stepper.advance(step - (len(match) - 1))


def rulebook_what_if(last_die: exact.LastDie = "choose") -> dict[str, dict[int, Fraction]]:
    """Fran's what-if at step 4 (the rulebook position) under the page's last-die rule: the same cached call
    the what-if panel makes (it reads the rule off the Stepper, so ``?variant=german`` shows other decimals)."""
    rulebook = exact.RULEBOOK_WHAT_IF
    return cached_what_if(rulebook["hay"], rulebook["rolled"], rulebook["hand"], "random", last_die)


def prediction_answer() -> Fraction:
    """(m/6)^k for the prediction: m = 2 numbers on the Hay card, k = 4 dice rolled."""
    return exact.p_free_choice(PREDICTION_K, range(1, PREDICTION_M + 1))


@functools.cache
def free_choice_html(lang: str) -> str:
    """Going further: (m/6)^k for every k and m, and the distinct-values tables (both last-die rules)."""
    say_ = {k.removeprefix("exact."): say(k).get(lang) for k in TEXTS if k.startswith("exact.")}
    rows = []
    for k in range(2, 6):  # k = 1 is left out: one die leaves nothing to choose
        cells = "".join(
            f"<td>{probability_html(exact.p_free_choice(k, range(1, m + 1)), lang)}</td>" if m <= 6 - k else "<td></td>"
            for m in range(1, 5)
        )
        rows.append(f"<tr><th>k = {k}</th>{cells}</tr>")
    head = "".join(f"<th>m = {m}</th>" for m in range(1, 5))  # m = 5 needs k = 1: no column of empty cells
    dists = {rule: exact.distinct_values_distribution("random", rule) for rule in exact.LAST_DIE}
    distinct = "".join(
        f"<tr><th>{d}</th>"
        + "".join(f"<td>{probability_html(dists[r].get(d, Fraction(0)), lang)}</td>" for r in dists)
        + "</tr>"
        for d in range(1, 7)
    )
    return TABLE_STYLE + (
        f"<p>{say_['grid']}</p><table class='dl-lesson-table dl-free-table'><tr><th></th>{head}</tr>"
        f"{''.join(rows)}</table>"
        f"<p>{say_['some']} {probability_html(exact.p_some_free_choice(), lang)}</p>"
        f"<p>{say_['distinct']}</p><table class='dl-lesson-table dl-distinct-table'><tr><th>{say_['d']}</th>"
        f"<th>{say_['choose']}</th><th>{say_['roll']}</th></tr>{distinct}</table>"
        f"<p><small>{say_['dice_only']}</small></p>"
    )


def exact_head(lang: str) -> str:
    """The headline's answer and why: independent dice multiply."""
    return f"<p>{say('headline', p=lambda lg: probability_html(prediction_answer(), lg)).get(lang)}</p>"


def notice_text() -> Say:
    """What to notice: why the product is small, when a free choice is common, the band closing in."""
    return say("notice")


def further_intro() -> Say:
    """Going further's opening, with the chance of at least one free choice in a whole phase 1 (once per round)
    from ``exact``: a fact a curious pupil wants, not one the headline needs."""
    return say("further.intro", some=lambda lg: percent(exact.p_some_free_choice(), lg, 0))


@functools.cache
def what_if_ranking(lang: str, last_die: exact.LastDie = "choose") -> str:
    """Fran's dice ordered by her average best card (the what-if at step 4, under the page's last-die rule)."""
    means = {c: sum(v * p for v, p in d.items()) for c, d in rulebook_what_if(last_die).items()}
    return ", ".join(
        f"{colour_name(c, lang)} ≈ {decimal(means[c], lang)}" for c in sorted(means, key=means.__getitem__)
    )


def may_choose_with_two_dice(hay: int = 4) -> tuple[Fraction, Fraction]:
    """With ``hay`` numbers on the Hay card and 2 dice rolled: P(a free choice) (both dice show numbers already
    there, DD-DICE-2's exception) and P(both dice show new numbers, so both are allowed). The pupil may
    choose the die in either case; only exactly one new die forces the choice."""
    old = exact.p_free_choice(2, range(1, hay + 1))
    both_new = exact.p_free_choice(2, range(1, 6 - hay + 1))  # (new/6)²: the same power, with the new numbers
    return old, both_new


def margaret_exception() -> Fraction:
    """Exercise 3, counted by hand from the step-through: at Margaret's roll (step 8 of the rulebook round) 2, 5
    and 1 lie on the Hay card and 3 dice are left, so the exception has probability (3/6)^3 = 1/8 (the engine's
    own chance outcomes agree: ``tests/apps/test_die_choice.py``)."""
    return exact.p_free_choice(3, [2, 5, 1])


def exercises(last_die: exact.LastDie = "choose") -> list[Exercise]:
    """Three numbers to work out with pencil and paper (one a game decision: may you pick the die that suits your
    cards?), each with the feedback aimed at its classic wrong answers, then the what-if reading on the screen."""
    one = exact.p_free_choice(5, [1])
    free, both_new = may_choose_with_two_dice()
    return [
        Exercise(
            say("ex1.q"),
            say("ex1.solution"),
            one,
            hint=say("ex1.hint"),
            mistakes=((Fraction(1, 6), say("ex1.one_die")), (Fraction(5, 6), say("ex1.added"))),
        ),
        Exercise(
            say("ex2.q"),
            say("ex2.solution"),
            free + both_new,
            hint=say("ex2.hint"),
            why=True,
            mistakes=(
                (free, say("ex2.free_only")),
                (both_new, say("ex2.new_only")),
                (Fraction(4, 6), say("ex2.one_die")),  # one die on an old number
                (Fraction(1, 2), say("ex2.equal_cases")),  # 2 of the 4 cases, as if all were equally likely
            ),
        ),
        Exercise(
            say("ex3.q"),
            say("ex3.solution"),
            margaret_exception(),
            hint=say("ex3.hint"),
            mistakes=(
                (Fraction(1, 2), say("ex3.one_die")),
                (exact.p_free_choice(3, [1]), say("ex3.one_number")),
                (exact.p_free_choice(3, [1, 2]), say("ex3.two_numbers")),
            ),
        ),
        # reading the what-if table is done on the screen, not with pencil and paper: the fourth exercise, under
        # going further (``framework.MAIN_EXERCISES``)
        Exercise(say("ex4.q"), say("ex4.solution", rank=lambda lg: what_if_ranking(lg, last_die))),
    ]


def step_through(ctx: Context) -> list[Any]:
    """The rulebook round at Fran's roll: the button back to it, the Stepper, the dice tray and the hands
    beside the rule explainer, then the what-if for the player to choose, folded (a decision's table for
    exercise 4, not a step on the way to the headline)."""
    query = ctx.query
    rules = Rules(variant=query["variant"])
    stepper = Stepper("double_donkey", PLAYERS, seed=ctx.seed, rules=rules, lang=ctx.lang, seat=query["seat"])
    start_example(stepper, rules, ctx.seed, query["step"], fresh=True)
    ctx.stepper = stepper
    return [
        LangButton(say("restart"), lambda: start_example(stepper, rules, ctx.seed), ctx.lang, icon="undo"),
        stepper,
        step_box(stepper, [DiceTray(stepper), CardHands(stepper)], odds=ctx.query["odds"] == "1"),
        Folded(say("what_if_heading"), WhatIfPanel(stepper, lang=ctx.lang), ctx.lang),  # exercise 4's table
    ]


def going_further(ctx: Context) -> list[Any]:
    """Every m and k, at least one free choice per phase 1, and how many different numbers (live)."""
    rules = Rules(variant=ctx.query["variant"])
    return [
        Text(further_intro(), lang=ctx.lang),
        Rendered(free_choice_html, ctx.lang),
        LivePlot("double_donkey.distinct_values", n=LIVE_N, seed=ctx.seed, lang=ctx.lang, last_die=rules.last_die),
    ]


PARAMS = lesson_params("double_donkey", PLAYERS, step=TELLING_STEP)


@functools.cache
def spec(variant: str = "english") -> LessonSpec:
    """The lesson under ``variant``'s rules (built once per variant: the what-if answer depends on the last-die
    rule, and a ``?variant=german`` page must state the German numbers)."""
    rules = Rules(variant=variant)  # type: ignore[arg-type]
    return LessonSpec(
        NAME,
        say("title"),
        [
            Question(say("question")),
            Predict(
                say("prompt"),
                prediction_answer(),
                say("answer", p=lambda lg: percent(prediction_answer(), lg)),
                step=GUESS_STEP,
            ),
            StepThrough(say("step_intro"), step_through),
            Convergence(
                say("live_intro", band=band),
                "double_donkey.free_choice",
                {"m": PREDICTION_M, "k": PREDICTION_K},
                n=100_000,
                after=say("live_after"),
            ),
            ExactAnswer(prediction_answer(), [exact_head]),
            # (4/6)² = 4/9, the second class question, is in the notice, exercise 2 and the table of every m, k
            Notice(notice_text(), by=FOUR_TWO),
            Exercises(exercises(rules.last_die or "choose"), by=FOUR_TWO),
            GoingFurther(going_further, by=FOUR_TWO),
        ],
        PARAMS,
        game="double_donkey",
        share=("variant",),
    )


def parts(query: Query | None = None, *, sealed: bool = False) -> Lesson:
    """Every widget of the lesson for ``query`` (None: the defaults), the Stepper at Fran's roll."""
    query = query or parse_query("", PARAMS)
    return build_lesson(spec(query["variant"]), query, sealed=sealed)


def build(query: Query) -> Any:
    """The app page (the framework's one layout)."""
    return page(parts(query, sealed=sealed_by(query)))


register(AppInfo(NAME, say("app.title"), say("app.blurb"), "◎", PARAMS, build, kind="lesson"))
