"""Lesson 4 — Arrow chains (Esels-Rennen). Headline: if everyone moves at random, which order card would you
most like to hold? The six orders' chances (red–green–yellow about 23 %, yellow–red–green about 9 %).

The step-through stops where one click sets off a long chain. The simulation (``esels_rennen.race_orders_engine``),
after the guess and before the reveal, has the engine itself play random races through ``apply``, a second,
separate way to the same numbers; its exact marks join at the reveal. After the reveal and the compare, the pupil
does by hand what the exact answer does everywhere, on the mini board: counts the six first moves and which of them
set off a hop (3; ``first_moves``, from the engine's own ``legal_actions`` and ``apply``), then starts the tree: a
random first move ends the race with probability 1/6, in the order green–yellow–red (``tree_exercise``), which the
computer carries on over every position (``esels_rennen.exact``) to that order's 38.3 %. Exercise 3 is a two-step
tree on paper (deal, then first move: 1/3 × 1/6 = 1/18, ``first_move_win``). Where the rulebook is silent the
texts say so where the ruling acts (a chain stops at the board's edge; a donkey that finishes on an arrow of its
own colour counts under "already finished"). Both boards, the points, chain lengths and the fast simulation go
further below.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any, NamedTuple

from donkeylab.core import CATALOGUE
from donkeylab.esels_rennen import CARD_ORDER, CARDS, board_words, exact, load_board
from donkeylab.lessons.arrow_chains_text import TEXTS
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
from donkeylab.lessons.page import Lesson, Rendered, exact_html, number, page, percent, step_box, table
from donkeylab.pages import words as wd
from donkeylab.pages.parts import Speaks, Text, by_lang
from donkeylab.pages.query import Param, Query, choice, parse_query
from donkeylab.pages.registry import AppInfo, register
from donkeylab.pages.words import words

say = words("lesson/arrow_chains/", TEXTS)

NAME = "arrow_chains"
NO_HOP = ("no_hop",)  # the class question "what share of moves sets off no hop?" (``classroom.questions``)
PLAYERS = 3
BOARDS = ("default", "tiny_chain")
DEAL = (("RGY", "RYG"), ("GRY", "GYR"), ("YRG", "YGR"))  # two order cards each (ER-SETUP-1)
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
MINI = "tiny_chain"  # the board a pupil counts by hand
SAME = "same"  # the prediction's seventh option: every order equally likely (a fair race)


class FirstMove(NamedTuple):
    """One of the first player's moves on a board and what its chain does, as the engine plays it."""

    donkey: str
    to: str
    hops: int  # ER-CHAIN-1 events: donkeys moved by an arrow
    ends_race: bool


def card_words(card: str, lang: str) -> str:
    """``"RGY"`` → "red–green–yellow" / "rot–grün–gelb"."""
    return CATALOGUE.term(card, lang)


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


def first_moves(board: str = MINI) -> list[FirstMove]:
    """The first player's legal moves after the lesson's deal and each move's chain, from the engine itself
    (``new_game``, ``legal_actions``, ``apply``): the facts the by-hand count and its solution state."""
    from donkeylab import esels_rennen as er

    state = count_position(board)
    moves = []
    for action in state.legal_actions():
        assert isinstance(action, er.Move)  # the first turn has no sand to move back on, and no pass
        after = state.apply(action)
        hops = sum(e.rule == "ER-CHAIN-1" for e in after.events)
        moves.append(FirstMove(action.donkey, action.to, hops, after.current_player is None))
    return moves


def by_hand_exercise() -> Exercise:
    """The count a pupil does by hand on the mini board: how many first moves set off at least one hop. Typed
    as a whole number; the classic wrong answers are 1 (only the long chain counted), 4 to 6 (a hop counted that
    a stop rule forbids: an arrow of the mover's own colour, a taken field) and 1/2 (the probability, not the
    count)."""
    moves = first_moves()
    chains = sum(m.hops > 0 for m in moves)
    stops = say("hand.stops")
    mistakes = [(Fraction(1), say("hand.only_long")), (Fraction(chains, len(moves)), say("hand.probability"))]
    mistakes += [(Fraction(n), stops) for n in range(chains + 1, len(moves) + 1)]
    return Exercise(say("hand.q"), say("hand.solution"), Fraction(chains), hint=say("hand.hint"), mistakes=mistakes)


def race_over_at_once(board: str = MINI) -> Fraction:
    """The probability that a random first move ends the race at once (the first branching of the tree)."""
    moves = first_moves(board)
    return Fraction(sum(m.ends_race for m in moves), len(moves))


def tree_exercise() -> Exercise:
    """The first branching of the tree the exact answer draws, by hand: a random first move ends the race with
    probability 1/6 (green to c1, in the order green–yellow–red), so on the mini board that order has at least
    1/6 from the first move alone; the computer continues the tree to the exact value. Wrong answers aimed at:
    1/2 (every chain counted, not only the one that ends the race) and 1 (the number of such moves)."""
    moves = first_moves()
    p = race_over_at_once()
    ending = next(m for m in moves if m.ends_race)
    chains = Fraction(sum(m.hops > 0 for m in moves), len(moves))
    gyr = order_probabilities(MINI)[ending_order()]
    solution = say(
        "tree.solution",
        p=lambda lg: f"{wd.short_fraction(p)} ≈ {percent(p, lg)}",
        order=lambda lg: card_words(ending_order(), lg),
        exact=lambda lg: percent(gyr, lg),
    )
    mistakes = [(chains, say("tree.chains")), (Fraction(1), say("tree.count"))]
    assert ending == FirstMove("green", "c1", ending.hops, True)  # the move the texts name
    return Exercise(say("tree.q"), solution, p, hint=say("tree.hint"), mistakes=mistakes)


def ending_order(board: str = MINI) -> str:
    """The order card of the race that the one race-ending first move plays out (``"GYR"`` on the mini board)."""
    state = count_position(board)
    (podium,) = {after.podium for after in (state.apply(a) for a in state.legal_actions()) if after.is_terminal()}
    return next(card for card in CARDS if CARD_ORDER[card] == podium)


def count_position(board: str = MINI) -> Any:
    """The race after the lesson's deal, before Player 1's first move: where the count by hand starts."""
    from donkeylab import esels_rennen as er

    return er.new_game(PLAYERS, board=board).apply(er.Deal.of(*[list(cards) for cards in DEAL]))


SHEET_STEP = 48  # the worksheet's board drawing: SVG units between two lattice points (a field is a diamond)
SHEET_ROWS = ("finish", "sand", "start")  # the rows the drawing names at their right-hand end


def sheet_board(lang: str) -> str:
    """The mini board at the count's position (``count_position``) for the worksheet and the key: a pupil with the
    paper alone can count. An inline SVG from the engine's board and positions, black on white (a colour is its
    letter, as on the screen's board: R, G, Y / R, Gr, Ge), finish at the top as on the screen, each field with its
    name, each arrow pointing its way, each donkey a circle on its field; under it, what the marks mean."""
    from html import escape

    from donkeylab.esels_rennen import DONKEYS, VIEW_WORDS

    view = VIEW_WORDS["race_board"]
    index = ("en", "de").index(lang)
    letter = {colour: view[f"letter_{colour}"][index] for colour in DONKEYS}
    board = load_board(MINI)
    where = {field: donkey for donkey, field in count_position().positions.items() if field is not None}
    step, pad, r = SHEET_STEP, SHEET_STEP // 2 + 2, SHEET_STEP // 2 - 1
    low, high, top = min(f.x for f in board.fields), max(f.x for f in board.fields), max(f.y for f in board.fields)
    label_x = pad + (high - low) * step + r + 8
    width, height = label_x + 48, 2 * pad + top * step

    def at(field: Any) -> tuple[int, int]:
        return pad + (field.x - low) * step, pad + (top - field.y) * step

    parts = [
        "<defs><marker id='dl-ws-head' viewBox='0 0 10 10' refX='6' refY='5' markerWidth='4' markerHeight='4' "
        "orient='auto'><path d='M0 0 L10 5 L0 10 z' fill='#111'/></marker></defs>"
    ]
    rows: dict[int, str] = {}
    for f in board.fields:
        x, y = at(f)
        rows.setdefault(y, f.kind)
        fill = "#d4d4d4" if f.kind == "sand" else "#fff"
        line = {"finish": "stroke-width='3'", "start": "stroke-width='1.2' stroke-dasharray='4 3'"}.get(
            f.kind, "stroke-width='1.2'"
        )
        parts.append(
            f"<g data-field='{f.id}' data-kind='{f.kind}'><polygon points='{x},{y - r} {x + r},{y} {x},{y + r} "
            f"{x - r},{y}' fill='{fill}' stroke='#222' {line}/>"
            f"<text x='{x}' y='{y + r - 5}' font-size='9' fill='#333' text-anchor='middle'>{f.id}</text>"
        )
        if f.arrow is not None:
            dx = 1 if f.arrow.direction.endswith("R") else -1
            dy = 1 if f.arrow.direction.startswith("B") else -1  # forward is up the page
            parts.append(
                f"<g data-arrow='{f.arrow.colour} {f.arrow.direction}'><line x1='{x - dx * 8}' y1='{y - dy * 8}' "
                f"x2='{x + dx * 8}' y2='{y + dy * 8}' stroke='#111' stroke-width='2.4' marker-end='url(#dl-ws-head)'/>"
                f"<text x='{x - dx * 11.5}' y='{y + 3.5}' font-size='10' font-weight='700' text-anchor='middle'>"
                f"{escape(letter[f.arrow.colour])}</text></g>"
            )
        parts.append("</g>")
    for f in board.fields:
        if f.id in where:
            x, y = at(f)
            donkey = where[f.id]
            parts.append(
                f"<g data-donkey='{donkey}' data-field='{f.id}'><circle cx='{x}' cy='{y - 4}' r='12' fill='#fff' "
                f"stroke='#111' stroke-width='2.4'/><text x='{x}' y='{y + 1}' font-size='12' font-weight='700' "
                f"text-anchor='middle'>{escape(letter[donkey])}</text></g>"
            )
    for y, kind in rows.items():
        if kind in SHEET_ROWS:
            name = escape(say(f"sheet_board.{kind}").get(lang))
            parts.append(f"<text x='{label_x}' y='{y + 4}' font-size='13' font-style='italic'>{name}</text>")
    stand = ", ".join(
        view["donkey_on"][index].format(donkey=CATALOGUE.term(d, lang), field=f)
        for f, d in sorted(where.items(), key=lambda item: DONKEYS.index(item[1]))
    )
    letters = ", ".join(f"{letter[c]} {CATALOGUE.term(c, lang)}" for c in DONKEYS)
    caption = say("sheet_board.caption", board=board_words(MINI, lang), letters=letters).get(lang)
    svg = (
        f"<svg viewBox='0 0 {width} {height}' role='img' aria-label='{escape(stand)}'>"
        f"<title>{escape(stand)}</title>{''.join(parts)}</svg>"
    )
    return f"<figure class='dl-ws-board'>{svg}<figcaption>{caption}</figcaption></figure>"


def by_hand_sheet(paper: bool = True) -> list[tuple[Speaks, Speaks, Exercise]]:
    """The count by hand as the worksheet and the key print it (heading, intro, exercise), checked on the sheet's
    drawing of the mini board (``paper`` False: on the screen's board, as the page says); then the tree's first
    branching."""
    check = say("hand.paper" if paper else "hand.screen").get
    return [
        (say("hand.heading"), say("hand.intro", check=check), by_hand_exercise()),
        (say("tree.heading"), say("tree.intro"), tree_exercise()),
    ]


def by_hand(ctx: Context, own_board: bool = True) -> list[Any]:
    """The mini board at its first move (the pupil is Player 1, the others move at random) and the count: the
    computation a pupil can do by hand, the exact answer's counting on a board small enough to do it on paper;
    then the first branching of the tree the computer draws to the end. ``own_board`` False: the step-through
    above is the mini board already (``?board=tiny_chain``), at the same first move, so the count is done there."""
    from donkeylab.lessons.framework import answer_box
    from donkeylab.widgets import RaceBoard

    board: list[Any] = []
    if own_board:
        mini = telling_stepper(MINI, ctx.seed, ctx.lang, TELLING[MINI].pupil)
        board = [mini, step_box(mini, [RaceBoard(mini)])]
    out: list[Any] = []
    for i, (heading, intro, item) in enumerate(by_hand_sheet(paper=False)):
        out += [Text(heading, "h3", ctx.lang), Text(intro, lang=ctx.lang), *(board if i == 0 else [])]
        out += [Text(item.question, lang=ctx.lang), answer_box(item, ctx.lang)]
    return out


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
    """The six orders, most likely first, as percentages (the exact fractions have ~1,250 digits)."""
    probs = order_probabilities()
    best, worst = best_card(), min(CARDS, key=lambda c: probs[c])
    after = say("headline.after", best=card_words(best, lang), worst=card_words(worst, lang))
    after_text = after.get(lang)
    return f"<p>{say('headline').get(lang)}</p>{_orders_table(lang)}<p>{after_text}</p>"


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
    """Four exercises: two take a step of probability on the exact tables, the third is a tree done with pencil and
    paper (``first_move_win``), and the fourth, which only reads the points table, goes under "going further"
    (``framework.MAIN_EXERCISES``: a pupil's path has three)."""
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
        first_move_win(),
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


def first_move_win() -> Exercise:
    """Pencil and paper, a two-step tree: the cards are dealt at random, then Player 1 moves at random. Player 1
    wins with the first move only when holding green–yellow–red (2 of the 6 cards: 1/3) and moving green to c1
    (1/6): 1/3 × 1/6 = 1/18 (the test checks it over the engine's 720 deals and 6 first moves). Wrong answers
    aimed at: one branch only (1/6, 1/3), one card instead of two (1/36), the branches added (1/2)."""
    card = Fraction(len(DEAL[0]), len(CARDS))  # Player 1 holds 2 of the 6 order cards
    move = race_over_at_once()
    order = {"order": lambda lg: card_words(ending_order(), lg)}
    solution = say(
        "win.solution",
        **order,
        card=lambda lg: wd.short_fraction(card) or "",
        move=lambda lg: wd.short_fraction(move) or "",
        p=lambda lg: f"{wd.short_fraction(card * move)} ≈ {percent(card * move, lg)}",
    )
    mistakes = [
        (move, say("win.only_move", **order)),
        (card, say("win.only_card")),
        (move * move, say("win.one_card", **order)),
        (card + move, say("win.added")),
    ]
    return Exercise(say("win.q"), solution, card * move, hint=say("win.hint", **order), mistakes=mistakes)


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


def count_by_hand(ctx: Context) -> list[Any]:
    """The count by hand on the mini board, after the compare (guess, simulate, reveal, compare, count)."""
    return by_hand(ctx, own_board=ctx.query["board"] != MINI)


def going_further(ctx: Context) -> list[Any]:
    from donkeylab.widgets import LivePlot

    lang, seed = ctx.lang, ctx.seed
    return [
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
                after=say("live_after", best=lambda lg: card_words(best, lg)),
            ),
            ExactAnswer(p, [exact_headline]),  # the headline says "our reconstructed standard board"
            # count it by hand: the mini board's first moves, the same counting the exact answer does everywhere
            Custom("by_hand", count_by_hand, sealed=True),
            # the share of moves without a hop (the second class question): "more than half", exercise 2, the table
            Notice(say("notice"), by=NO_HOP),
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
