"""Lesson 2 — Angry Donkey flips (DD-ANGRY-1, DD-VALUE-1). Headline: does the orange flip change how often the
light blue/orange Double Donkey is worth 7? Before it about 18 %, after it about 10 %: after the flip a 7 is
exactly a pair, and the rule asking for a new number (DD-DICE-2) makes pairs rare on the Hay card.

The step-through is a forced round for 3 players in which two Angry Donkeys are revealed; Step walks the
flips one by one, then the values, then the Biggest Donkey. The simulation (``double_donkey.seven_after_flip``)
plays phase 1 with numpy and estimates both values, without a flip and after it, from the same games (one Start
runs both plots); the exact answer is ``double_donkey.exact`` (via the lab's ``double_donkey.flip``). Then the
pupil counts by hand (``angry_flips_hand``): the flip on two free dice (the 7s become the pairs, 1/6 either way),
and a tree of the last two dice on a Hay card (``angry_flips_tree``: 11/72, less than 1/6). The notice says the
headline is the same count done by the computer for the whole phase. Why 18 % is above 1/6 goes further.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from donkeylab.core import Action
from donkeylab.double_donkey import Rules, build_deck, exact
from donkeylab.double_donkey.questions import FLIP_SERIES
from donkeylab.lab import questions
from donkeylab.lessons import dd_parts
from donkeylab.lessons.angry_flips_hand import by_hand
from donkeylab.lessons.angry_flips_hand import by_hand_sheet as by_hand_sheet  # the worksheet's counts by hand
from donkeylab.lessons.angry_flips_hand import placed_on_two as placed_on_two
from donkeylab.lessons.angry_flips_text import TEXTS
from donkeylab.lessons.angry_flips_tree import orange_on_two as orange_on_two  # the tree's answer (tests, notebook)
from donkeylab.lessons.dd_flips import TWO_FLIPS_HAY, FlipValues
from donkeylab.lessons.dd_parts import LangButton, kind
from donkeylab.lessons.framework import (
    Context,
    Convergence,
    Custom,
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
from donkeylab.lessons.page import Lesson, page, percent, step_box
from donkeylab.pages.parts import Folded, Text
from donkeylab.pages.query import Param, Query, choice, parse_query
from donkeylab.pages.registry import AppInfo, register
from donkeylab.pages.words import Say, band, words
from donkeylab.widgets import CardHands, LivePlot, Stepper

say = words("lesson/angry_flips/", TEXTS)

NAME = "angry_flips"
AFTER = ("seven_after",)  # the class question "after the flip: P(worth 7)?" (``classroom.questions``)
PLAYERS = 3
TELLING_STEP = 15  # the reveal: two Angry Donkeys, then the values, then the Biggest Donkey
LIVE_N = 100_000
FLIP = questions.get("double_donkey.flip")

# Hands dealt (three cards each) and the cards played: the Hay card is light blue 2, dark blue 3, orange 5,
# yellow 4, green 1, purple 6. Before the flips Player 2's light blue/orange (7) is the highest card; the orange
# flip (5 -> 2) brings it down to 4, the green flip (1 -> 6) lifts Player 3's dark blue/green from 4 to 9.
HANDS = [
    [kind("orange"), kind("light_blue", "yellow"), kind("dark_blue", "purple")],
    [kind("light_blue", "orange"), kind("yellow", "purple"), kind("dark_blue", "green")],
    [kind("green"), kind("dark_blue", "green"), kind("orange", "yellow")],
]
PLAYED = [HANDS[0][:2], HANDS[1][:1], HANDS[2][:2]]


def forced_round(rules: Rules, seed: int) -> list[Action]:
    """The deal, phase 1 and the plays of the lesson's round (the rest of the deck shuffled from ``seed``)."""
    return [
        dd_parts.forced_deal(rules, HANDS, seed),
        *dd_parts.phase_one(rules, TWO_FLIPS_HAY),
        *dd_parts.plays(rules, HANDS, PLAYED),
    ]


def start_example(stepper: Stepper, rules: Rules, seed: int, step: int = TELLING_STEP, fresh: bool = False) -> None:
    """Put the round into the Stepper's timeline and show ``step``; the reveal opens at its first sub-step."""
    if not fresh:  # a Stepper just made starts empty: no reset (one message less before the page shows)
        stepper.reset()
    match = stepper.match
    for action in forced_round(rules, seed):
        match.push(action)
    if step == TELLING_STEP:
        stepper.jump(step - 1)
        stepper.step()  # the reveal's first event: the last player has chosen
        stepper.step()  # the cards are revealed; the flips come next
    elif step < len(match):
        stepper.jump(step)
    else:
        stepper.jump(len(match) - 1)
        stepper.advance(step - (len(match) - 1))


HANDS_TITLE = say("hands_title")


@functools.cache
def sevens(last_die: exact.LastDie = "choose") -> tuple[Fraction, Fraction]:
    """P(the light blue/orange Double Donkey is worth 7) without a flip and after the orange flip, every player
    placing a random allowed die, the last die under ``last_die`` (DD-DICE-3: "roll" is the German rules)."""
    if last_die == "choose":  # the lab's question (its live plot draws the same numbers)
        table = FLIP.exact({"card": ("light_blue", "orange"), "angry": ("orange",), "policy": "random"})
        before, after = FLIP_SERIES
        return table[(before, 7)], table[(after, 7)]
    card = ("light_blue", "orange")
    return (
        exact.card_value_distribution(card, (), "random", last_die)[7],
        exact.card_value_distribution(card, ("orange",), "random", last_die)[7],
    )


def notice_text(last_die: exact.LastDie = "choose") -> Say:
    """What to notice: the headline is the tree's count done by the computer for the whole of phase 1 (after the
    flip a 7 is exactly a pair: P(7 after) = P(pair)), the 7s without a flip above 1/6 in a clause (why: going
    further's exercise, (1 − P(pair)) / 5), and that your own Angry Donkey can hurt you."""
    before, after = sevens(last_die)
    return say("notice", after=lambda lg: percent(after, lg), before=lambda lg: percent(before, lg))


def orange_cards() -> Fraction:
    """The share of the deck whose value an orange flip changes (it depends on our reconstruction)."""
    deck = build_deck("reconstruction")
    return Fraction(sum("orange" in card.colour_names for card in deck), len(deck))


def exact_html(lang: str, last_die: exact.LastDie = "choose") -> str:
    """P(worth 7) before and after the flip under the stated model (the rules' last die, random allowed dice, a
    coin for keeping or re-rolling), and what the question becomes: after the flip a 7 is exactly a pair, counted
    by hand below (free dice, then the tree on the Hay card)."""
    before, after = sevens(last_die)
    model = say(f"exact.model.{last_die}").get(lang)
    why = say("exact.why").get(lang)  # after the flip a 7 is exactly a pair: the count by hand follows
    return (
        # percentages only: "18.0 % (about 1 in 6)" would blur the very difference from 1/6 the lesson is about
        f"<p>{say('exact.intro', model=model).get(lang)}</p><ul><li>{say('exact.before').get(lang)}: "
        f"<b>{percent(before, lang)}</b></li><li>{say('exact.after').get(lang)}: <b>{percent(after, lang)}</b>"
        f"</li></ul><p>{why}</p>"
    )  # the deck note (our reconstructed deck) is in going further: the answer's words stay short


def exact_part(last_die: exact.LastDie) -> Callable[[str], str]:
    """``exact_html`` under ``last_die`` as a function of the language alone (what ``ExactAnswer`` renders)."""

    def exact_answer(lang: str) -> str:
        return exact_html(lang, last_die)

    return exact_answer


MAIN = 2  # the path's exercises: a flip to compute, two flips on one card; why 18 % is above 1/6 goes further


def exercises(last_die: exact.LastDie = "choose") -> list[Exercise]:
    """A flip to compute (a decision: reveal an Angry Donkey?) and both dice of a card flipped (14 minus the old
    sum) on the path; further, the 7s without a flip from the pairs (why 18 % is above 1/6: (1 − P(pair)) / 5).
    Each with the feedback aimed at its classic wrong answer (1/6, what freely rolled dice would give). The tree
    (the headline's count in a small case) is in the count by hand (``angry_flips_tree``). How many cards an
    orange flip changes (``orange_cards``) depends on our reconstructed deck: notebook 02 says it."""
    before, after = sevens(last_die)
    shares = {
        "pair": lambda lg: percent(after, lg),
        "differ": lambda lg: percent(1 - after, lg),
        "before": lambda lg: percent(before, lg),
    }
    return [
        Exercise(
            say("exercises"),
            say("ex1.solution"),
            Fraction(6),
            hint=say("ex1.hint"),
            why=True,
            mistakes=(
                (Fraction(1), say("ex1.unflipped")),
                (Fraction(5), say("ex1.six")),  # opposite faces taken to add up to 6
                (Fraction(1, 6), say("ex1.probability")),  # a probability where a value is asked
            ),
        ),
        Exercise(
            say("exercises3"),
            say("exercises4"),
            Fraction(9),
            hint=say("ex2.hint"),
            mistakes=(
                (Fraction(5), say("ex2.unchanged")),
                (Fraction(2), say("ex2.one_die")),
                (Fraction(14), say("ex2.no_minus")),  # 7 + 7 without taking the old sum away
            ),
        ),
        Exercise(
            say("pairs.q", pair=shares["pair"]),
            say("pairs.solution", **shares),
            before,
            hint=say("pairs.hint"),
            mistakes=(
                (Fraction(1, 6), say("pairs.free", differ=shares["differ"])),
                (Fraction(1, 5), say("pairs.fifth", differ=shares["differ"])),
                (after, say("pairs.after")),
            ),
        ),
    ]


def simulation_sheet(variant: str = "english") -> tuple[Say, Say, tuple[Say, ...], Say]:
    """The worksheet's room for the pupil's simulation (both plots: share and N), and the key's line with the exact
    values the shares close in on under ``variant``'s rules."""
    before, after = sevens("roll" if variant == "german" else "choose")
    expected = say("sim.key", before=lambda lg: percent(before, lg), after=lambda lg: percent(after, lg))
    return say("sim.heading"), say("sim.intro"), (say("sim.before"), say("sim.after")), expected


def step_through(ctx: Context) -> list[Any]:
    """The forced round at the reveal: the button back to it, the Stepper, the values table (the Hay card and
    each flip as it happens) beside the rule explainer, then the hands (folded: they show the values after the
    flips at once). No dice tray: at the reveal the Stepper's state is already the next round's, whose roller
    is the new Biggest Donkey (DD-NEXT-1), and the tray's caption would name them ("Dice with Player 3") before
    the pupil has stepped through the flips."""
    rules = Rules(variant=ctx.query["variant"])
    stepper = Stepper("double_donkey", PLAYERS, seed=ctx.seed, rules=rules, lang=ctx.lang, seat=ctx.query["seat"])
    start_example(stepper, rules, ctx.seed, ctx.query["step"], fresh=True)
    ctx.stepper = stepper
    return [
        LangButton(say("restart"), lambda: start_example(stepper, rules, ctx.seed), ctx.lang, icon="undo"),
        stepper,
        step_box(stepper, [FlipValues(stepper, ctx.lang)], odds=ctx.query["odds"] == "1"),
        Folded(HANDS_TITLE, CardHands(stepper), ctx.lang),
    ]


def going_further(ctx: Context) -> list[Any]:
    """The whole value distribution before and after (live). Two flips of one colour (a custom deck only) are in
    the teachers' notebook, not on a pupil's page."""
    return [
        Text(say("live_intro_all"), lang=ctx.lang),
        LivePlot(
            "double_donkey.flip",
            n=LIVE_N,
            seed=ctx.seed,
            lang=ctx.lang,
            policy=ctx.query["policy"],
            last_die="roll" if ctx.query["variant"] == "german" else "choose",  # the page's rules (DD-DICE-3)
        ),
    ]


PREDICTION_ANSWER = "less"
PARAMS = lesson_params(
    "double_donkey",
    PLAYERS,
    step=TELLING_STEP,
    extra=[Param("policy", choice("random", "lowest", "highest"), "random")],
)


@functools.cache
def spec(variant: str = "english") -> LessonSpec:
    """The lesson under ``variant``'s rules (built once per variant): the German rules always roll the last die
    (DD-DICE-3), which moves the headline from 18.0 % / 10.1 % to 18.1 % / 9.3 %."""
    last_die: exact.LastDie = "roll" if variant == "german" else "choose"
    before, after = sevens(last_die)
    return LessonSpec(
        NAME,
        say("title"),
        [
            Question(say("question")),
            Predict(
                say("prompt"),
                PREDICTION_ANSWER,
                say(
                    "answer",
                    before=lambda lg: percent(before, lg, 0),
                    after=lambda lg: percent(after, lg, 0),
                ),
                {"more": say("more"), "less": say("less"), "same": say("same")},
                by=AFTER,
            ),
            StepThrough(say("step_intro"), step_through),
            Convergence(  # both values from the same games: without a flip above, after the flip (pooled) below
                say("live_intro", band=band),
                "double_donkey.seven_after_flip",
                {"flipped": True, "last_die": last_die},
                n=100_000,
                by=AFTER,
                beside=({"flipped": False, "last_die": last_die},),
            ),
            ExactAnswer((before, after), [exact_part(last_die)], by=AFTER),
            # count it by hand: the flip on two free dice, then a tree of the last two dice on the Hay card
            Custom("by_hand", by_hand, sealed=True),
            Notice(notice_text(last_die), by=AFTER),  # the headline as the tree's count done for the whole phase
            Exercises(exercises(last_die), by=AFTER, main=MAIN),
            GoingFurther(going_further, by=AFTER),
        ],
        PARAMS,
        game="double_donkey",
        share=("variant", "policy"),
    )


def parts(query: Query | None = None, *, sealed: bool = False) -> Lesson:
    """Every widget of the lesson for ``query`` (None: the defaults), the Stepper at the reveal."""
    query = query or parse_query("", PARAMS)
    return build_lesson(spec(query["variant"]), query, sealed=sealed)


def build(query: Query) -> Any:
    """The app page (the framework's one layout)."""
    return page(parts(query, sealed=sealed_by(query)))


register(AppInfo(NAME, say("app.title"), say("app.blurb"), "☹", PARAMS, build, kind="lesson"))
