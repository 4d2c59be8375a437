"""Lesson 4 — Arrow chains (Esels-Rennen). Headline: if everyone moves at random, which order card would you
most like to hold? The six orders' chances (red–green–yellow about 23 %, yellow–red–green about 9 %).

The step-through stops where one click sets off a long chain. The exact answer solves the graph of race
positions (``esels_rennen.exact``); the convergence plot (``lesson.best_order``) has the engine itself play
random races through ``apply``, a second, separate way to the same number. Both boards, the points, chain
lengths and the fast simulation go further below.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any, NamedTuple

from donkeylab.apps.lessons.framework import (
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
)
from donkeylab.apps.lessons.framework import build as build_lesson
from donkeylab.apps.lessons.page import Lesson, Rendered, exact_html, go_to, number, page, percent, step_box, table
from donkeylab.apps.parts import Speaks, Text, by_lang
from donkeylab.apps.query import Param, Query, choice, parse_query
from donkeylab.apps.registry import AppInfo, register
from donkeylab.apps.words import whole, words
from donkeylab.core import CATALOGUE
from donkeylab.esels_rennen import CARDS, exact, load_board

TEXTS: dict[str, tuple[str, str]] = {
    "prompt": (
        "Everyone moves at random on the default board. Which order card would you most like to hold?",
        "Alle ziehen zufällig auf dem Standardbrett. Welche Zielkarte hättest du am liebsten?",
    ),
    "step_intros.default": (
        (
            "Player 3 (you) moves next. Click the yellow donkey, then field d4. Then press Step again and again: "
            "each step shows one hop of the chain, and the card on the right says which rule moved the donkey."
        ),
        (
            "Spieler 3 (du) ist dran. Klicke den gelben Esel und dann das Feld d4. Drücke dann immer wieder "
            "Schritt: Jeder Schritt zeigt einen Sprung der Kette, und die Karte rechts sagt, welche Regel den Esel "
            "bewegt hat."
        ),
    ),
    "step_intros.tiny_chain": (
        (
            "Player 1 (you) moves first. Click the green donkey, then field c1. Then press Step again and again "
            "and watch one move run the whole race."
        ),
        (
            "Spieler 1 (du) fängt an. Klicke den grünen Esel und dann das Feld c1. Drücke dann immer wieder "
            "Schritt und sieh zu, wie ein einziger Zug das ganze Rennen entscheidet."
        ),
    ),
    "still_words.er_chain_2_own": (
        "it lands on an arrow of its own colour",
        "er landet auf einem Pfeil seiner eigenen Farbe",
    ),
    "still_words.er_chain_2_off_board": (
        "the arrow would push a donkey off the board",
        "der Pfeil würde einen Esel vom Brett schieben",
    ),
    "still_words.er_chain_3": (
        "the arrow belongs to a donkey that has already finished",
        "der Pfeil gehört einem Esel, der schon im Ziel ist",
    ),
    "still_words.er_end_1_third": (
        "the race ends with this move",
        "das Rennen endet mit diesem Zug",
    ),
    "still_words.er_chain_2_occupied": (
        "the field the arrow points to is taken",
        "das Feld, auf das der Pfeil zeigt, ist besetzt",
    ),
    "still_words.er_chain_1_no_arrow": (
        "the field has no arrow",
        "das Feld hat keinen Pfeil",
    ),
    "still_words.er_finish_1_no_arrows": (
        "it reaches the finish (no finish arrows)",
        "er erreicht das Ziel (ohne Zielpfeile)",
    ),
    "exercises.items": (
        (
            "With the optional points (ER-SCORE-1), which order card earns the fewest points on average on the "
            "default board, and which the most?"
        ),
        (
            "Mit den Punkten (ER-SCORE-1): Welche Zielkarte bringt auf dem Standardbrett im Mittel die wenigsten "
            "Punkte, welche die meisten?"
        ),
    ),
    "exercises.items2": (
        "On the default board, what share of all moves sets off no chain hop at all?",
        "Welcher Anteil aller Züge löst auf dem Standardbrett gar keinen Kettensprung aus?",
    ),
    "title": (
        "Lesson 4 — Arrow chains (Esels-Rennen)",
        "Lektion 4 — Pfeilketten (Esels-Rennen)",
    ),
    "question": (
        (
            "In Esels-Rennen you move one donkey. The arrow where it lands moves another donkey, whose arrow moves "
            "the next, and so on: a chain. At the end each player scores with an order card, such as "
            "red–green–yellow (first to last). <b>If everyone moves at random, which order card would you most "
            "like to hold?</b> In a fair race every one of the 6 orders would have the same chance, 1/6 ≈ 16.7 %."
        ),
        (
            "Bei Esels-Rennen ziehst du einen Esel. Der Pfeil, auf dem er landet, zieht einen anderen Esel, dessen "
            "Pfeil den nächsten, und so weiter: eine Kette. Am Ende zählt für jeden Spieler eine Zielkarte, etwa "
            "rot–grün–gelb (Erster bis Letzter). <b>Wenn alle zufällig ziehen: Welche Zielkarte hättest du am "
            "liebsten?</b> In einem fairen Rennen hätte jede der 6 Reihenfolgen dieselbe Chance, 1/6 ≈ 16,7 %."
        ),
    ),
    "answer": (
        "{card}: {p} of random races end in this order (a fair race would give each order 1/6 ≈ 16.7 %).",
        (
            "{card}: {p} der Zufallsrennen enden in dieser Reihenfolge (ein faires Rennen gäbe jeder Reihenfolge "
            "1/6 ≈ 16,7 %)."
        ),
    ),
    "headline": (
        (
            "If everyone moves at random, the race on the default board ends in these orders. In a fair race each "
            "order would have 1/6 ≈ 16.7 %."
        ),
        (
            "Wenn alle zufällig ziehen, endet das Rennen auf dem Standardbrett in diesen Reihenfolgen. In einem "
            "fairen Rennen hätte jede Reihenfolge 1/6 ≈ 16,7 %."
        ),
    ),
    "headline.after": (
        (
            "So the best card is <b>{best}</b>, the worst <b>{worst}</b>. The race is not fair. How do we know "
            "exactly? The computer lists every position a race can reach ({positions} on this board) and the chance of "
            "each next move, and works out the chance of every finish."
        ),
        (
            "Die beste Karte ist also <b>{best}</b>, die schlechteste <b>{worst}</b>. Das Rennen ist nicht fair. "
            "Woher wissen wir das genau? Der Computer listet jede Stellung auf, die ein Rennen erreichen kann "
            "({positions} auf diesem Brett), und die Chance jedes nächsten Zugs, und rechnet daraus die Chance jedes "
            "Zieleinlaufs aus."
        ),
    ),
    "live_intro": (
        (
            "A <b>simulation</b>: the game program itself plays random races, move by move, and counts how often "
            "they end in the order {best}. It is a second, separate way to the answer: it shares only the rules of "
            "a single move with the calculation. So when the two agree, that checks both. The blue line is the "
            "share after N races, the black line the exact value. The shaded band is the <b>95 % range</b>: at "
            "each N it comes from a method that catches the exact value in about 95 of 100 simulations like this "
            "one. Press Start."
        ),
        (
            "Eine <b>Simulation</b>: Das Spielprogramm spielt selbst Zufallsrennen, Zug für Zug, und zählt, wie "
            "oft sie in der Reihenfolge {best} enden. Das ist ein zweiter, eigener Weg zur Antwort: Mit der "
            "Rechnung teilt er nur die Regeln für einen einzelnen Zug. Wenn beide übereinstimmen, prüft das also "
            "beides. Die blaue Linie ist der Anteil nach N Rennen, die schwarze Linie der exakte Wert. Das Band "
            "ist der <b>95-%-Bereich</b>: Bei jedem N kommt es aus einem Verfahren, das den exakten Wert in etwa "
            "95 von 100 solchen Simulationen einfängt. Drück Start."
        ),
    ),
    "notice": (
        (
            "<ul><li>The race is not fair: the board's arrows favour some donkeys, so some order cards are worth "
            "much more than others.</li><li>Another board changes which ones: on tiny_chain the best card is a "
            "different one.</li><li>Most moves set off no chain at all, but now and then one move makes many "
            "hops.</li></ul>"
        ),
        (
            "<ul><li>Das Rennen ist nicht fair: Die Pfeile des Bretts bevorzugen manche Esel, also sind manche "
            "Zielkarten viel mehr wert als andere.</li><li>Ein anderes Brett ändert, welche: Auf tiny_chain ist "
            "eine andere Karte die beste.</li><li>Die meisten Züge lösen gar keine Kette aus, aber ab und zu macht "
            "ein Zug viele Sprünge.</li></ul>"
        ),
    ),
    "reconstruction": (
        (
            "<p class='dl-note'><i>Computed on our reconstructed board (rule ER-BOARD-1): the rulebook does not "
            "print the board, so this one is built from its description. It is not the printed board.</i></p>"
        ),
        (
            "<p class='dl-note'><i>Berechnet auf unserem nachgebauten Spielbrett (Regel ER-BOARD-1): Die "
            "Spielregel druckt das Brett nicht ab, also ist es nach ihrer Beschreibung gebaut. Es ist nicht das "
            "gedruckte Brett.</i></p>"
        ),
    ),
    "orders.card": (
        "order card",
        "Zielkarte",
    ),
    "orders.chance": (
        "{board}: chance",
        "{board}: Chance",
    ),
    "orders.points": (
        "{board}: points",
        "{board}: Punkte",
    ),
    "orders.caption": (
        "The chance of each finishing order and the points its card earns on average (ER-SCORE-1), under random play",
        (
            "Die Chance jeder Zielreihenfolge und die Punkte, die ihre Karte im Mittel bringt (ER-SCORE-1), bei "
            "zufälligem Ziehen"
        ),
    ),
    "chains.hops": (
        "hops in the chain",
        "Sprünge der Kette",
    ),
    "chains.share": (
        "{board}: share of moves",
        "{board}: Anteil der Züge",
    ),
    "chains.caption": (
        "How long do chains get? (random play)",
        "Wie lang werden die Ketten? (zufälliges Ziehen)",
    ),
    "race.board": (
        "board",
        "Brett",
    ),
    "race.turns": (
        "turns per race on average",
        "Züge pro Rennen im Mittel",
    ),
    "race.caption": (
        "How long is a race? (random play)",
        "Wie lang dauert ein Rennen? (zufälliges Ziehen)",
    ),
    "further.intro": (
        (
            "More about the race: both boards, the points of every card, chain lengths, and simulated races on "
            "both boards (a fast simulation that samples the same list of positions as the calculation, so it "
            "checks only the solving)."
        ),
        (
            "Mehr zum Rennen: beide Bretter, die Punkte jeder Karte, Kettenlängen und simulierte Rennen auf beiden "
            "Brettern (eine schnelle Simulation, die dieselbe Liste von Stellungen benutzt wie die Rechnung; sie "
            "prüft also nur das Ausrechnen)."
        ),
    ),
    "ex1.q": (
        (
            "Why it matters: you were dealt {card}, the least likely order on the default board. If everyone moves "
            "at random, how likely does the race end in your order?"
        ),
        (
            "Warum es zählt: Du hast {card} bekommen, die seltenste Reihenfolge auf dem Standardbrett. Wenn alle "
            "zufällig ziehen: Wie wahrscheinlich endet das Rennen in deiner Reihenfolge?"
        ),
    ),
    "ex1.hint": (
        "Read it in the exact answer's table.",
        "Lies es in der Tabelle der exakten Antwort ab.",
    ),
    "ex1.solution": (
        "{p}. Random moves will rarely bring your order: you must steer the donkeys yourself.",
        "{p}. Zufällige Züge bringen deine Reihenfolge selten: Du musst die Esel selbst lenken.",
    ),
    "ex2.hint": (
        "Look at the row “0 hops” in the chain table (going further).",
        "Schau auf die Zeile „0 Sprünge“ in der Kettentabelle (weiter gedacht).",
    ),
    "ex2.solution": (
        "About {p} of all moves. Why no donkey hops (shares of all moves): {why} (ER-CHAIN-2, ER-CHAIN-3, ER-END-1).",
        (
            "Etwa {p} aller Züge. Warum kein Esel springt (Anteile an allen Zügen): {why} (ER-CHAIN-2, ER-CHAIN-3, "
            "ER-END-1)."
        ),
    ),
    "ex3.solution": (
        "Fewest: {low}, about {low_points} points. Most: {high}, about {high_points} points.",
        "Am wenigsten: {low}, etwa {low_points} Punkte. Am meisten: {high}, etwa {high_points} Punkte.",
    ),
    "ex4.q": (
        (
            "On tiny_chain, one first move (the green donkey to c1) ends the race at once. A random first player "
            "picks one of 6 first moves. How likely does the race end on the first move?"
        ),
        (
            "Auf tiny_chain beendet ein erster Zug (der grüne Esel auf c1) sofort das Rennen. Ein zufällig "
            "ziehender erster Spieler wählt einen von 6 ersten Zügen. Wie wahrscheinlich endet das Rennen mit dem "
            "ersten Zug?"
        ),
    ),
    "ex4.hint": (
        "One good move out of 6 equally likely ones.",
        "Ein passender Zug von 6 gleich wahrscheinlichen.",
    ),
    "ex4.solution": (
        "1/6 ≈ 16.7 %. The race then ends green–yellow–red, which is one reason why {best} is the best card there.",
        "1/6 ≈ 16,7 %. Das Rennen endet dann grün–gelb–rot; das ist ein Grund, warum dort {best} die beste Karte ist.",
    ),
    "app.title": (
        "Arrow chains",
        "Pfeilketten",
    ),
    "app.blurb": (
        "Esels-Rennen: is the race fair? Which order card would you most like to hold?",
        "Esels-Rennen: Ist das Rennen fair? Welche Zielkarte hättest du am liebsten?",
    ),
}
say = words("lesson/arrow_chains/", TEXTS)

NAME = "arrow_chains"
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


# ---------------------------------------------------------------------------------------------- exact answers
def reconstruction_note(lang: str) -> str:
    return say("reconstruction").get(lang)


def _orders_table(lang: str, board: str = "default") -> str:
    probs = order_probabilities(board)
    rows = [[card_words(c, lang), exact_html(probs[c], lang, True)] for c in sorted(CARDS, key=lambda c: -probs[c])]
    return table([say("orders.card").get(lang), say("orders.chance", board=board).get(lang)], rows)


def exact_headline(lang: str) -> str:
    """The six orders, most likely first, as percentages (the exact fractions have ~1,250 digits)."""
    probs = order_probabilities()
    best, worst = best_card(), min(CARDS, key=lambda c: probs[c])
    positions = whole(odds("default").positions, lang)
    after = say("headline.after", best=card_words(best, lang), worst=card_words(worst, lang), positions=positions)
    after_text = after.get(lang)
    return f"<p>{say('headline').get(lang)}</p>{_orders_table(lang)}<p>{after_text}</p>"


def exact_orders(lang: str) -> str:
    head = [say("orders.card").get(lang)]
    for board in BOARDS:
        head += [say("orders.chance", board=board).get(lang), say("orders.points", board=board).get(lang)]
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
    head = [say("chains.hops").get(lang)] + [say("chains.share", board=b).get(lang) for b in BOARDS]
    rows = [[str(h), *(exact_html(shares[b].get(h, Fraction(0)), lang, True) for b in BOARDS)] for h in hops]
    race_head = [say("race.board").get(lang), say("race.turns").get(lang)]
    race_rows = [[board, exact_html(odds(board).expected_turns, lang)] for board in BOARDS]
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
    """Four exercises whose answers quote the exact tables (so they are computed, not typed)."""
    o = odds("default")
    probs = order_probabilities()
    worst = min(CARDS, key=lambda c: probs[c])
    points = {c: o.expected_points(c) for c in CARDS}
    low, high = min(CARDS, key=points.__getitem__), max(CARDS, key=points.__getitem__)
    still = chain_shares("default").get(0, Fraction(0))
    words_of = {"low": lambda lg: card_words(low, lg), "high": lambda lg: card_words(high, lg)}
    return [
        Exercise(
            say("ex1.q", card=lambda lg: card_words(worst, lg)),
            say("ex1.solution", p=lambda lg: percent(probs[worst], lg)),
            probs[worst],
            Fraction(5, 1000),
            say("ex1.hint"),
            why=True,
        ),
        Exercise(
            say("exercises.items2"),
            say("ex2.solution", p=lambda lg: percent(still, lg, 0), why=still_text),
            still,
            Fraction(1, 100),
            say("ex2.hint"),
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
        Exercise(
            say("ex4.q"),
            say("ex4.solution", best=lambda lg: card_words(best_card("tiny_chain"), lg)),
            Fraction(1, 6),
            Fraction(5, 1000),
            say("ex4.hint"),
        ),
    ]


def step_through(ctx: Context) -> list[Any]:
    from donkeylab.widgets import RaceBoard

    board = ctx.query["board"]
    seat = TELLING[board].pupil if ctx.query["seat"] == "pupil" else ctx.query["seat"]
    stepper = telling_stepper(board, ctx.seed, ctx.lang, seat)
    if ctx.query["step"] is not None:
        go_to(stepper, ctx.query["step"])
    ctx.stepper = stepper
    return [stepper, step_box(stepper, [RaceBoard(stepper), Rendered(reconstruction_note, ctx.lang)])]


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
    choices: dict[Any, Speaks] = {card: by_lang(functools.partial(_card_in, card)) for card in CARDS}
    answer = say("answer", card=lambda lg: card_words(best, lg), p=lambda lg: percent(p, lg))
    return LessonSpec(
        NAME,
        say("title"),
        [
            Question(say("question")),
            Predict(say("prompt"), best, answer, choices),
            StepThrough(_intro(board), step_through),
            ExactAnswer(p, [exact_headline, reconstruction_note]),
            Convergence(
                say("live_intro", best=lambda lg: card_words(best, lg)),
                "lesson.best_order",
                {"board": "default"},
                n=20_000,
                batch=1_000,
            ),
            Notice(say("notice")),
            Exercises(exercises()),
            GoingFurther(going_further),
        ],
        PARAMS,
        share=("board",),
    )


PARAMS = lesson_params(
    "esels_rennen", PLAYERS, seat="pupil", extra=[Param("board", choice(*BOARDS), "default")]
)  # seat "pupil": the telling move's player; ?seat=teacher shows every card


def parts(query: Query | None = None) -> Lesson:
    """The widgets of the lesson in page order, built for ``query`` (defaults when None)."""
    query = query or parse_query("", PARAMS)
    return build_lesson(spec(query["board"]), query)


def build(query: Query) -> Any:
    """The app page (the framework's one layout) with a copy-link button that keeps the board."""
    return page(parts(query))


register(AppInfo(NAME, say("app.title"), say("app.blurb"), "➶", PARAMS, build, kind="lesson"))
