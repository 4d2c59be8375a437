"""Lesson 4 — Arrow chains (Esels-Rennen). Headline: if everyone moves at random, which order card would you
most like to hold? The six orders' chances (red–green–yellow about 23 %, yellow–red–green about 9 %).

The step-through stops where one click sets off a long chain. The simulation (``esels_rennen.race_orders_engine``),
after the guess and before the reveal, has the engine itself play random races through ``apply``, a second,
separate way to the same numbers; its exact marks join at the reveal. The exact answer starts with what a pupil
counts by hand on the standard board (2 of the 6 first moves set off a chain, then a tree of two moves:
``arrow_chains_count``), and gives the table as the same count done by the computer (``esels_rennen.exact``). The
notice traces the unfairness to arrows (``arrow_chains_why``). Exercise 2 is a count by hand on the mini board's
drawing, exercise 3 a two-step tree on paper (1/3 × 1/6 = 1/18). Where the rulebook is silent the texts say so
where the ruling acts (a chain stops at the board's edge; a donkey that finishes on an arrow of its own colour
counts under "already finished"). Both boards, the points, chain lengths and the fast simulation go further below.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any, NamedTuple

from donkeylab.core import CATALOGUE
from donkeylab.esels_rennen import CARD_ORDER, CARDS, board_words, exact, load_board
from donkeylab.lessons.arrow_chains_count import (
    DEAL,
    MINI,
    PLAYERS,
    by_hand_exercise,
    card_words,
    count_headline,
    first_move_win,
    say,
)
from donkeylab.lessons.arrow_chains_text import TEXTS as TEXTS  # the lesson's one table (``say`` registers it)
from donkeylab.lessons.arrow_chains_why import notice
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
from donkeylab.lessons.page import Lesson, Rendered, exact_html, number, page, percent, step_box, table
from donkeylab.pages import words as wd
from donkeylab.pages.parts import Speaks, Text, by_lang
from donkeylab.pages.query import Param, Query, choice, parse_query
from donkeylab.pages.registry import AppInfo, register

NAME = "arrow_chains"
NO_HOP = ("no_hop",)  # the class question "what share of moves sets off no hop?" (``classroom.questions``)
BOARDS = ("default", "tiny_chain")
ENGINE_RACES, ENGINE_BATCH = 10_000, 500  # races the engine plays for the last plot (~1,000 a second)


class Telling(NamedTuple):
    """Moves that lead to the telling position, the seat that plays the telling move, and that move."""

    moves: tuple[tuple[str, str], ...]
    pupil: int
    move: tuple[str, str]
    hops: int  # chain hops the telling move sets off


TELLING = {
    "default": Telling((("yellow", "e1"), ("yellow", "d2")), 2, ("yellow", "d4"), 9),
    "tiny_chain": Telling((), 0, ("green", "c1"), 11),
}
SAME = "same"  # the prediction's seventh option: every order equally likely (a fair race)


def odds(board: str) -> exact.RaceOdds:
    """The exact race odds under random play on a packaged board (cached: computed once per kernel)."""
    return exact.race_odds(load_board(board))


def order_probabilities(board: str = "default") -> dict[str, Fraction]:
    return dict(odds(board).order_probability)


def best_card(board: str = "default") -> str:
    probs = order_probabilities(board)
    return max(CARDS, key=lambda c: probs[c])


def chain_shares(board: str) -> dict[int, Fraction]:
    """Hops → the share of all moves whose chain has that many hops."""
    lengths = odds(board).chain_lengths
    moves = sum((n for _, n in lengths), Fraction(0))
    return {hops: n / moves for hops, n in lengths}


def telling_stepper(board: str = "default", seed: int = 0, lang: str = "en", seat: int | None = None) -> Any:
    """A Stepper where the pupil's next click starts a long chain (the other seats are random bots)."""
    from donkeylab import esels_rennen as er
    from donkeylab.widgets import Stepper

    telling = TELLING[board]
    bots = {p: "Random" for p in range(PLAYERS) if p != telling.pupil}
    stepper = Stepper("esels_rennen", PLAYERS, seed=seed, bots=bots, lang=lang, board=board)
    stepper.play(er.Deal.of(*[list(cards) for cards in DEAL]))
    for donkey, to in telling.moves:
        stepper.play(er.Move(donkey, to))
    stepper.jump(stepper.index)  # the last move shown whole, chain included
    stepper.seat = seat
    return stepper


# ---------------------------------------------------------------------------------------------- exact answers
def reconstruction_note(lang: str) -> str:
    return say("reconstruction").get(lang)


def _orders_table(lang: str, board: str = "default") -> str:
    """The six orders, most likely first, as percentages: compared with a fair 16.7 % ("about 1 in 4" and "about
    1 in 6" in every row would be words on the pupil's path; going further's table keeps them)."""
    probs = order_probabilities(board)
    rows = [[card_words(c, lang), f"<b>{percent(probs[c], lang)}</b>"] for c in sorted(CARDS, key=lambda c: -probs[c])]
    return table([say("orders.card").get(lang), say("orders.chance", board=board_words(board, lang)).get(lang)], rows)


def exact_headline(lang: str) -> str:
    """The six orders, most likely first, as percentages (the exact fractions have ~1,250 digits): the computer's
    count, after the count by hand (``count_headline`` ends saying what a fair race would give)."""
    probs = order_probabilities()
    best, worst = best_card(), min(CARDS, key=lambda c: probs[c])
    after = say("headline.after", best=card_words(best, lang), worst=card_words(worst, lang))
    after_text = after.get(lang)
    return f"{_orders_table(lang)}<p>{after_text}</p>"


def exact_orders(lang: str) -> str:
    head = [say("orders.card").get(lang)]
    for board in BOARDS:
        name = board_words(board, lang)
        head += [say("orders.chance", board=name).get(lang), say("orders.points", board=name).get(lang)]
    rows = []
    for card in CARDS:
        row = [card_words(card, lang)]
        for board in BOARDS:
            o = odds(board)
            row += [exact_html(dict(o.order_probability)[card], lang, True), exact_html(o.expected_points(card), lang)]
        rows.append(row)
    return table(head, rows, say("orders.caption").get(lang))


def exact_chains(lang: str) -> str:
    shares = {board: chain_shares(board) for board in BOARDS}
    hops = sorted(set().union(*shares.values()))
    head = [say("chains.hops").get(lang)] + [say("chains.share", board=board_words(b, lang)).get(lang) for b in BOARDS]
    rows = [[str(h), *(exact_html(shares[b].get(h, Fraction(0)), lang, True) for b in BOARDS)] for h in hops]
    race_head = [say("race.board").get(lang), say("race.turns").get(lang)]
    race_rows = [[board_words(board, lang), exact_html(odds(board).expected_turns, lang)] for board in BOARDS]
    return table(head, rows, say("chains.caption").get(lang)) + table(
        race_head, race_rows, say("race.caption").get(lang)
    )


STILL_WORDS = {
    "ER-CHAIN-2/own": say("still_words.er_chain_2_own"),
    "ER-CHAIN-2/off_board": say("still_words.er_chain_2_off_board"),
    "ER-CHAIN-3": say("still_words.er_chain_3"),
    "ER-END-1/third": say("still_words.er_end_1_third"),
    "ER-CHAIN-2/occupied": say("still_words.er_chain_2_occupied"),
    "ER-CHAIN-1/no_arrow": say("still_words.er_chain_1_no_arrow"),
    "ER-FINISH-1/no_arrows": say("still_words.er_finish_1_no_arrows"),
}


def still_reasons(board: str = "default") -> dict[str, Fraction]:
    """Why a move sets off no hop → its share of all moves (exact, random play), largest first."""
    return exact.still_shares(odds(board))


def still_text(lang: str, board: str = "default") -> str:
    """ "22 %: it lands on …; 19 %: …" in ``lang`` (shares of all moves, rounded to whole per cent)."""
    return "; ".join(f"{percent(p, lang, 0)}: {STILL_WORDS[k].get(lang)}" for k, p in still_reasons(board).items())


def exercises() -> list[Exercise]:
    """Five exercises. On a pupil's path (``framework.MAIN_EXERCISES``: three): the addition rule on the exact
    table, a count by hand on the mini board's drawing (``by_hand_exercise``) and a two-step tree on paper
    (``first_move_win``); under "going further": the complement on the chain table, and the points table read."""
    o = odds("default")
    probs = order_probabilities()
    worst = min(CARDS, key=lambda c: probs[c])
    points = {c: o.expected_points(c) for c in CARDS}
    low, high = min(CARDS, key=points.__getitem__), max(CARDS, key=points.__getitem__)
    still = chain_shares("default").get(0, Fraction(0))
    words_of = {"low": lambda lg: card_words(low, lg), "high": lambda lg: card_words(high, lg)}
    # exercise 1 adds two rows of the table (the worst card's first donkey wins in two disjoint orders)
    mine, other = worst, worst[0] + worst[2] + worst[1]
    wins = probs[mine] + probs[other]
    first = {"first": lambda lg: CATALOGUE.term(CARD_ORDER[worst][0], lg)}
    return [
        Exercise(
            say("ex1.q", card=lambda lg: card_words(worst, lg), **first),
            say(
                "ex1.solution",
                **first,
                one=lambda lg: percent(probs[other], lg),
                two=lambda lg: percent(probs[mine], lg),
                p=lambda lg: percent(wins, lg),
                mine=lambda lg: percent(probs[mine], lg),
            ),
            wins,
            hint=say("ex1.hint", **first),
            why=True,
            mistakes=(
                (Fraction(1, 3), say("ex1.fair", **first)),
                (Fraction(1, 6), say("ex1.sixth", **first)),
                (probs[mine], say("ex1.one_order", **first)),
                (probs[other], say("ex1.one_order", **first)),
            ),
        ),
        by_hand_exercise(),
        first_move_win(),
        Exercise(
            say("exercises.items2"),
            say(
                "ex2.solution",
                none=lambda lg: percent(still, lg),
                p=lambda lg: percent(1 - still, lg),
                why=still_text,
            ),
            1 - still,
            hint=say("ex2.hint"),
            mistakes=((still, say("ex2.without_hops")),),
        ),
        Exercise(
            say("exercises.items"),
            say(
                "ex3.solution",
                **words_of,
                low_points=lambda lg: number(points[low], lg),
                high_points=lambda lg: number(points[high], lg),
            ),
        ),
    ]


def step_through(ctx: Context) -> list[Any]:
    from donkeylab.widgets import RaceBoard

    board = ctx.query["board"]
    seat = TELLING[board].pupil if ctx.query["seat"] == "pupil" else ctx.query["seat"]
    stepper = telling_stepper(board, ctx.seed, ctx.lang, seat)
    if ctx.query["step"] is not None:
        stepper.go_to(ctx.query["step"])
    ctx.stepper = stepper
    return [
        stepper,
        step_box(stepper, [RaceBoard(stepper), Rendered(reconstruction_note, ctx.lang)], odds=ctx.query["odds"] == "1"),
    ]


def going_further(ctx: Context) -> list[Any]:
    """The mini board to check exercise 2's count on screen (unless the step-through is that board already), then
    both boards' tables and simulated races."""
    from donkeylab.widgets import LivePlot, RaceBoard

    lang, seed = ctx.lang, ctx.seed
    check: list[Any] = []
    if ctx.query["board"] != MINI:
        mini = telling_stepper(MINI, seed, lang, TELLING[MINI].pupil)
        check = [Text(say("further.check"), lang=lang), mini, step_box(mini, [RaceBoard(mini)])]
    return [
        *check,
        Text(say("further.intro"), lang=lang),
        *(Rendered(f, lang) for f in (exact_orders, exact_chains)),
        LivePlot("esels_rennen.race_orders", seed=seed, lang=lang, board="default"),
        LivePlot("esels_rennen.race_orders", seed=seed, lang=lang, board="tiny_chain"),
    ]


def _intro(board: str) -> Any:
    return say(f"step_intros.{board}")


def _card_in(card: str, lang: str) -> str:
    return card_words(card, lang)


def spec(board: str = "default") -> LessonSpec:
    """The lesson on ``board`` (its step-through's intro names that board's telling move)."""
    best = best_card()
    p = order_probabilities()[best]
    # the six orders and "all equally likely", the natural prior a pupil brings; class mode's question
    # ``best_card`` offers the same options (``classroom.questions.ORDER_GUESSES``)
    choices: dict[Any, Speaks] = {card: by_lang(functools.partial(_card_in, card)) for card in CARDS}
    choices[SAME] = say("choice.same")
    answer = say("answer", card=lambda lg: card_words(best, lg), p=lambda lg: percent(p, lg))
    return LessonSpec(
        NAME,
        say("title"),
        [
            Question(say("question")),
            Predict(say("prompt"), best, answer, choices),
            StepThrough(_intro(board), step_through),
            # guess, then simulate: the engine plays random races and every order's share grows, the exact
            # diamonds hidden until the reveal (the bars point to the answer: the pupil's own experiment)
            Convergence(
                say("live_intro", whisker=wd.whisker),
                "esels_rennen.race_orders_engine",
                {"board": "default"},
                n=10_000,
                batch=1_000,
                after=say("live_after"),
            ),
            # counted by hand first (the standard board's first two moves), then the same count by the computer,
            # whose table says "our reconstructed standard board"
            ExactAnswer(p, [count_headline, exact_headline]),
            # the share of moves without a hop (the second class question): the notice, exercise 4, the chain table
            Notice(notice(), by=NO_HOP),
            Exercises(exercises(), by=NO_HOP),
            GoingFurther(going_further, by=NO_HOP),
        ],
        PARAMS,
        game="esels_rennen",
        share=("board",),
    )


PARAMS = lesson_params(
    "esels_rennen", PLAYERS, seat="pupil", extra=[Param("board", choice(*BOARDS), "default")]
)  # seat "pupil": the telling move's player; ?seat=teacher shows every card


def parts(query: Query | None = None, *, sealed: bool = False) -> Lesson:
    """The widgets of the lesson in page order, built for ``query`` (defaults when None)."""
    query = query or parse_query("", PARAMS)
    return build_lesson(spec(query["board"]), query, sealed=sealed)


def build(query: Query) -> Any:
    """The app page (the framework's one layout) with a copy-link button that keeps the board."""
    return page(parts(query, sealed=sealed_by(query)))


register(AppInfo(NAME, say("app.title"), say("app.blurb"), "➶", PARAMS, build, kind="lesson"))
