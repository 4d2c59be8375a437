"""Lesson "Arrow chains" (Esels-Rennen): chains hop by hop, how long they get, is the race fair, which card is best.

The step-through stops where one click starts a long chain: on the default board Player 3 moves the yellow
donkey to d4 and nine hops follow; on the small ``tiny_chain`` board Player 1's green donkey to c1 sets off a
chain that ends the whole race. The exact answers are ``esels_rennen.exact``'s results under random play
(their Fractions have ~1,250-digit denominators on the default board, so the page shows percentages and
"about 1 in N" only); both boards are our reconstruction (ER-BOARD-1), which every place showing them says.
Computing the default board's table takes a second or more, so it is computed once (``race_odds`` caches).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from donkeylab.apps.lessons.page import (
    ChoicePrediction,
    Lesson,
    Rendered,
    exact_html,
    go_to,
    make_switch,
    number,
    page,
    percent,
    step_box,
    table,
)
from donkeylab.apps.parts import Exercises, T, Text
from donkeylab.apps.query import MAX_STEP, Param, Query, choice, integer, parse_query, seat_or_teacher
from donkeylab.apps.registry import AppInfo, problems_box, register
from donkeylab.core import CATALOGUE
from donkeylab.esels_rennen import CARDS, exact, load_board

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
    return (
        "<p class='dl-note'><i>Berechnet auf unserem nachgebauten Spielbrett (Regel ER-BOARD-1): Die Spielregel "
        "druckt das Brett nicht ab, also ist es nach ihrer Beschreibung gebaut, nicht das gedruckte Brett.</i></p>"
        if lang == "de"
        else "<p class='dl-note'><i>Computed on our reconstructed board (rule ER-BOARD-1): the rulebook does not "
        "print the board, so this one is built from its description — it is not the printed board.</i></p>"
    )


def exact_headline(lang: str) -> str:
    """The answer in one sentence, rounded (the exact Fractions are one click away in the table below)."""
    probs = order_probabilities()
    best = best_card()
    worst = min(CARDS, key=lambda c: probs[c])
    fair = percent(Fraction(1, 6), lang)
    if lang == "de":
        return (
            f"<p>Wenn alle zufällig ziehen, endet das Rennen auf dem Standardbrett am häufigsten in der Reihenfolge "
            f"<b>{card_words(best, lang)}</b> ({percent(probs[best], lang)} der Rennen), am seltensten in "
            f"<b>{card_words(worst, lang)}</b> ({percent(probs[worst], lang)}). In einem fairen Rennen hätte jede "
            f"der 6 Reihenfolgen 1/6 ≈ {fair}. Das Rennen ist also nicht fair.</p>"
        )
    return (
        f"<p>If everyone moves at random, the race on the default board most often ends in the order "
        f"<b>{card_words(best, lang)}</b> ({percent(probs[best], lang)} of races) and least often in "
        f"<b>{card_words(worst, lang)}</b> ({percent(probs[worst], lang)}). In a fair race each of the 6 orders "
        f"would have 1/6 ≈ {fair}. So the race is not fair.</p>"
    )


def exact_orders(lang: str) -> str:
    de = lang == "de"
    head = ["Zielkarte" if de else "order card"]
    for board in BOARDS:
        head += [f"{board}: " + ("Chance" if de else "chance"), f"{board}: " + ("Punkte" if de else "points")]
    rows = []
    for card in CARDS:
        row = [card_words(card, lang)]
        for board in BOARDS:
            o = odds(board)
            row += [exact_html(dict(o.order_probability)[card], lang, True), exact_html(o.expected_points(card), lang)]
        rows.append(row)
    cap = (
        "Die Chance jeder Zielreihenfolge und die Punkte, die ihre Karte im Mittel bringt (ER-SCORE-1), "
        "bei zufälligem Ziehen"
        if de
        else "The chance of each finishing order and the points its card earns on average (ER-SCORE-1), "
        "under random play"
    )
    return table(head, rows, cap)


def exact_chains(lang: str) -> str:
    de = lang == "de"
    shares = {board: chain_shares(board) for board in BOARDS}
    hops = sorted(set().union(*shares.values()))
    head = ["Sprünge der Kette" if de else "hops in the chain"] + [
        f"{board}: " + ("Anteil der Züge" if de else "share of moves") for board in BOARDS
    ]
    rows = [[str(h), *(exact_html(shares[b].get(h, Fraction(0)), lang, True) for b in BOARDS)] for h in hops]
    cap = "Wie lang werden die Ketten? (zufälliges Ziehen)" if de else "How long do chains get? (random play)"
    race_head = ["Brett" if de else "board", "Züge pro Rennen im Mittel" if de else "turns per race on average"]
    race_rows = [[board, exact_html(odds(board).expected_turns, lang)] for board in BOARDS]
    race_cap = "Wie lang dauert ein Rennen? (zufälliges Ziehen)" if de else "How long is a race? (random play)"
    return table(head, rows, cap) + table(race_head, race_rows, race_cap)


# ---------------------------------------------------------------------------------------------- texts
TITLE = T("Arrow chains (Esels-Rennen)", "Pfeilketten (Esels-Rennen)")
QUESTION = T(
    "In Esels-Rennen you move one donkey, and the arrow where it lands moves another donkey, whose arrow moves the "
    "next, and so on: a chain. How long do chains get? If everyone plays at random, is the race fair — is every "
    "finishing order equally likely — and which order card would you rather hold?",
    "Bei Esels-Rennen ziehst du einen Esel, und der Pfeil, auf dem er landet, zieht einen anderen Esel, dessen "
    "Pfeil den nächsten, und so weiter: eine Kette. Wie lang werden Ketten? Wenn alle zufällig ziehen, ist das "
    "Rennen fair — ist jede Zielreihenfolge gleich wahrscheinlich —, und welche Zielkarte hättest du am liebsten?",
)
PROMPT = T(
    "Everyone moves at random on the default board. Which order card would you most like to hold?",
    "Alle ziehen zufällig auf dem Standardbrett. Welche Zielkarte hättest du am liebsten?",
)
STEP_INTROS = {
    "default": T(
        "Player 3 (you) moves next. Click the yellow donkey, then field d4. Then press Step again and again: each "
        "step shows one hop of the chain, and the card on the right says which rule moved the donkey.",
        "Spieler 3 (du) ist dran. Klicke den gelben Esel und dann das Feld d4. Drücke dann immer wieder Schritt: "
        "Jeder Schritt zeigt einen Sprung der Kette, und die Karte rechts sagt, welche Regel den Esel bewegt hat.",
    ),
    "tiny_chain": T(
        "Player 1 (you) moves first. Click the green donkey, then field c1. Then press Step again and again and "
        "watch one move run the whole race.",
        "Spieler 1 (du) fängt an. Klicke den grünen Esel und dann das Feld c1. Drücke dann immer wieder Schritt und "
        "sieh zu, wie ein einziger Zug das ganze Rennen entscheidet.",
    ),
}
LIVE_INTRO = T(
    "The exact chance of each finishing order (dots) and simulated random races (bars), first on the default board, "
    "then on tiny_chain. Press Start. The last plot lets the game program itself play random races, move by move, "
    "on the default board. It shares only the rules of a single move with the calculation behind the dots, so when "
    "its bars agree with the dots, that checks both.",
    "Die exakte Chance jeder Zielreihenfolge (Punkte) und simulierte Zufallsrennen (Balken), zuerst auf dem "
    "Standardbrett, dann auf tiny_chain. Drücke Start. Im letzten Diagramm spielt das Spielprogramm selbst "
    "Zufallsrennen auf dem Standardbrett, Zug für Zug. Mit der Rechnung hinter den Punkten teilt es nur die Regeln "
    "für einen einzelnen Zug; wenn seine Balken zu den Punkten passen, prüft das also beides.",
)
NOTICE = T(
    "The race is not fair: the board's arrows favour some donkeys, so some order cards are worth much more than "
    "others — and another board changes which ones. Most moves set off no chain at all, but now and then one move "
    "makes many hops; on tiny_chain one first move finishes the race. The exact numbers come from listing every "
    "position a race can reach and the chance of each next move, then solving for the chance of every finish.",
    "Das Rennen ist nicht fair: Die Pfeile des Bretts bevorzugen manche Esel, also sind manche Zielkarten viel "
    "mehr wert als andere — und ein anderes Brett ändert, welche. Die meisten Züge lösen gar keine Kette aus, "
    "aber ab und zu macht ein Zug viele Sprünge; auf tiny_chain beendet ein einziger erster Zug das Rennen. Die "
    "exakten Zahlen entstehen so: Man listet jede Stellung auf, die ein Rennen erreichen kann, und die Chance "
    "jedes nächsten Zugs, und rechnet daraus die Chance jedes Zieleinlaufs aus.",
)
# Why a move sets off no hop (``exact.still_shares``): the stop's message key → what the pupil reads.
STILL_WORDS = {
    "ER-CHAIN-2/own": T("it lands on an arrow of its own colour", "er landet auf einem Pfeil seiner eigenen Farbe"),
    "ER-CHAIN-2/off_board": T(
        "the arrow would push a donkey off the board", "der Pfeil würde einen Esel vom Brett schieben"
    ),
    "ER-CHAIN-3": T(
        "the arrow belongs to a donkey that has already finished", "der Pfeil gehört einem Esel, der schon im Ziel ist"
    ),
    "ER-END-1/third": T("the race ends with this move", "das Rennen endet mit diesem Zug"),
    "ER-CHAIN-2/occupied": T(
        "the field the arrow points to is taken", "das Feld, auf das der Pfeil zeigt, ist besetzt"
    ),
    "ER-CHAIN-1/no_arrow": T("the field has no arrow", "das Feld hat keinen Pfeil"),
    "ER-FINISH-1/no_arrows": T("it reaches the finish (no finish arrows)", "er erreicht das Ziel (ohne Zielpfeile)"),
}


def still_reasons(board: str = "default") -> dict[str, Fraction]:
    """Why a move sets off no hop → its share of all moves (exact, random play), largest first."""
    return exact.still_shares(odds(board))


def still_text(lang: str, board: str = "default") -> str:
    """ "22 % it lands on …, 19 % …" in ``lang`` (shares of all moves, rounded to whole per cent)."""
    return "; ".join(f"{percent(p, lang, 0)}: {STILL_WORDS[k].get(lang)}" for k, p in still_reasons(board).items())


def _answer_text() -> T:
    best = best_card()
    p = order_probabilities()[best]
    return T(
        f"{card_words(best, 'en')}: {percent(p, 'en')} of random races end in this order (a fair race would give "
        "each order 1/6 ≈ 16.7 %).",
        f"{card_words(best, 'de')}: {percent(p, 'de')} der Zufallsrennen enden in dieser Reihenfolge (ein faires "
        "Rennen gäbe jeder Reihenfolge 1/6 ≈ 16,7 %).",
    )


def exercises(lang: str) -> Exercises:
    """Three exercises whose answers quote the exact tables (so they are computed, not typed)."""
    o = odds("default")
    points = {c: o.expected_points(c) for c in CARDS}
    low, high = min(CARDS, key=points.__getitem__), max(CARDS, key=points.__getitem__)
    still = chain_shares("default").get(0, Fraction(0))
    tiny = odds("tiny_chain")
    tiny_best = best_card("tiny_chain")
    items = [
        (
            T(
                "With the optional points (ER-SCORE-1), which order card earns the fewest points on average on the "
                "default board, and which the most?",
                "Mit den Punkten (ER-SCORE-1): Welche Zielkarte bringt auf dem Standardbrett im Mittel die wenigsten "
                "Punkte, welche die meisten?",
            ),
            T(
                f"Fewest: {card_words(low, 'en')}, ≈ {number(points[low], 'en')} points. Most: "
                f"{card_words(high, 'en')}, ≈ {number(points[high], 'en')} points.",
                f"Am wenigsten: {card_words(low, 'de')}, ≈ {number(points[low], 'de')} Punkte. Am meisten: "
                f"{card_words(high, 'de')}, ≈ {number(points[high], 'de')} Punkte.",
            ),
        ),
        (
            T(
                "On the default board, what share of all moves sets off no chain hop at all?",
                "Welcher Anteil aller Züge löst auf dem Standardbrett gar keinen Kettensprung aus?",
            ),
            T(
                f"About {percent(still, 'en', 0)} of all moves. Why no donkey hops (shares of all moves): "
                f"{still_text('en')} (ER-CHAIN-2, ER-CHAIN-3, ER-END-1).",
                f"Etwa {percent(still, 'de', 0)} aller Züge. Warum kein Esel springt (Anteile an allen Zügen): "
                f"{still_text('de')} (ER-CHAIN-2, ER-CHAIN-3, ER-END-1).",
            ),
        ),
        (
            T(
                "On tiny_chain, which first move ends the race at once, and how likely is a random first player "
                "to make it? Which order card does that help?",
                "Welcher erste Zug beendet auf tiny_chain sofort das Rennen, und wie wahrscheinlich macht ihn ein "
                "zufällig ziehender erster Spieler? Welcher Zielkarte hilft das?",
            ),
            T(
                "The green donkey to c1: 1 of the 6 first moves, so 1/6. The race ends green–yellow–red, which is "
                f"why {card_words(tiny_best, 'en')} is the best card there "
                f"({percent(dict(tiny.order_probability)[tiny_best], 'en')}).",
                "Der grüne Esel auf c1: einer von 6 ersten Zügen, also 1/6. Das Rennen endet grün–gelb–rot; darum "
                f"ist dort {card_words(tiny_best, 'de')} die beste Karte "
                f"({percent(dict(tiny.order_probability)[tiny_best], 'de')}).",
            ),
        ),
    ]
    return Exercises(items, lang=lang)


# ---------------------------------------------------------------------------------------------- the page
PARAMS: dict[str, Param] = {
    p.name: p
    for p in (
        Param("seed", integer(0, 2**31 - 1), 0),
        Param("players", integer(PLAYERS, PLAYERS), PLAYERS),  # the telling positions are 3-player races
        Param("step", integer(0, MAX_STEP), None),  # None: the telling position
        Param("lang", choice("en", "de"), "en"),
        Param("seat", seat_or_teacher(PLAYERS), "pupil"),  # the telling move's player; ?seat=teacher: all cards
        Param("board", choice(*BOARDS), "default"),
    )
}


def parts(query: Query | None = None) -> Lesson:
    """The widgets of the lesson in page order, built for ``query`` (defaults when None)."""
    from donkeylab.widgets import LivePlot, RaceBoard

    query = query or parse_query("", PARAMS)
    lang, seed, board = query["lang"], query["seed"], query["board"]
    seat = TELLING[board].pupil if query["seat"] == "pupil" else query["seat"]
    stepper = telling_stepper(board, seed, lang, seat)
    if query["step"] is not None:
        go_to(stepper, query["step"])
    main = [RaceBoard(stepper), Rendered(reconstruction_note, lang)]
    step_through = [Text(STEP_INTROS[board], lang=lang), stepper, step_box(stepper, main)]
    exact_parts = [Rendered(f, lang) for f in (exact_headline, exact_orders, exact_chains, reconstruction_note)]
    live = [
        Text(LIVE_INTRO, lang=lang),
        LivePlot("esels_rennen.race_orders", seed=seed, lang=lang, board="default"),
        LivePlot("esels_rennen.race_orders", seed=seed, lang=lang, board="tiny_chain"),
        LivePlot("esels_rennen.race_orders_engine", ENGINE_RACES, seed, ENGINE_BATCH, lang, board="default"),
    ]
    best = best_card()
    choices = {card: T(card_words(card, "en"), card_words(card, "de")) for card in CARDS}
    lesson = Lesson(
        title=Text(TITLE, tag="h2", lang=lang),
        question=Text(QUESTION, lang=lang),
        prediction=ChoicePrediction(PROMPT, best, _answer_text(), choices, lang=lang),
        stepper=stepper,
        step_through=step_through,
        exact=exact_parts,
        answer=order_probabilities()[best],
        live=live,
        notice=Text(NOTICE, lang=lang),
        exercises=exercises(lang),
        switch=make_switch([], lang),
        problems=problems_box(query, lang),
    )
    lesson.switch.parts.extend(lesson.widgets())
    return lesson


def build(query: Query) -> Any:
    """The app page (a VBox) with a copy-link button that keeps the board."""
    from donkeylab.widgets.share import ShareLink

    lesson = parts(query)
    lesson.share = ShareLink(lesson.stepper, {"board": query["board"]})
    return page(lesson)


register(
    AppInfo(
        NAME,
        T("Arrow chains", "Pfeilketten"),
        T(
            "Esels-Rennen: chains hop by hop, and is the race fair? Which order card is worth most?",
            "Esels-Rennen: Ketten Sprung für Sprung — ist das Rennen fair? Welche Zielkarte ist am meisten wert?",
        ),
        "➶",
        PARAMS,
        build,
        kind="lesson",
    )
)
