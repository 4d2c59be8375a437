"""Lesson "Doublets and the 77 bust" (Double Down): when does the next card cost a token, and which card to play?

The step-through stops at a telling position: the total is 64 and Player 2 holds a 2 (→ 66, a doublet,
DN-DOUBLET-1), a 22 (→ 86, a bust, DN-BUST-1) and three safe cards. The exact answers come from
``double_down.exact`` (risk of the next card by total; the total after k cards with and without
replacement; which cards of a hand are safe); the LivePlots show the same questions from ``lab.questions``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from donkeylab.apps import class_pupil  # class mode (issue 20): the lesson hook, see its docstring
from donkeylab.apps.lessons.page import Lesson, Rendered, exact_html, go_to, make_switch, page, percent, step_box, table
from donkeylab.apps.parts import Exercises, Prediction, T, Text
from donkeylab.apps.query import MAX_STEP, Param, Query, choice, integer, parse_query, seat_or_teacher
from donkeylab.apps.registry import AppInfo, problems_box, register
from donkeylab.core import CATALOGUE
from donkeylab.double_down import BUST_AT, DECK_SIZE, DELTA, DOUBLETS, KIND_INDEX, KINDS, exact

NAME = "doublet_penalties"
PLAYERS = 2
# The telling position: Player 1 plays 10, Player 2 plays 44 (54), Player 1 plays 10 (64); Player 2 to act.
HANDS = (("10", "10", "3", "4", "5"), ("44", "2", "9", "22", "0"))
REST = ("8", "-10")  # the draw pile from the top: Player 1 draws the 8, Player 2 the −10
PLAYS = ("10", "44", "10")
PUPIL = 1
TELLING_TOTAL = 64
TELLING_HAND = ("2", "9", "22", "0", "-10")
PREDICT_AT = 70
RISK_TOTALS = (0, 10, 20, 55, 60, 64, 65, 66, 70, 75, 76)
K_MAX = 5
LIVE_K = 3
OUTCOME_WORDS = {
    "safe": T("safe", "sicher"),
    "doublet": T("doublet (a token lost)", "Paschzahl (ein Chip weg)"),
    "bust": T("77 or more (a token lost, round over)", "77 oder mehr (ein Chip weg, Runde vorbei)"),
}


def token_risk(total: int) -> Fraction:
    """P(a card from a full shuffled deck, played on ``total``, costs a token): a doublet or a bust."""
    risk = exact.next_card_risk(total)
    return risk["doublet"] + risk["bust"]


ANSWER = token_risk(PREDICT_AT)


def card_name(card: str, lang: str) -> str:
    return CATALOGUE.term(card, lang)


def telling_stepper(seed: int = 0, lang: str = "en", seat: int | None = None) -> Any:
    """A Stepper at the telling position (Player 1 is a random bot, Player 2 is the pupil)."""
    from donkeylab import double_down as dn
    from donkeylab.widgets import Stepper

    stepper = Stepper("double_down", PLAYERS, seed=seed, bots={0: "Random"}, lang=lang)
    stepper.play(dn.Deal.of(hands=[list(h) for h in HANDS], rest=list(REST)))
    for card in PLAYS:
        stepper.play(dn.PlayCard(card))
    stepper.jump(stepper.index)  # the last play shown whole
    stepper.seat = seat
    return stepper


# ---------------------------------------------------------------------------------------------- exact answers
def _cards_with(outcome: str, total: int, lang: str) -> str:
    cards = [card_name(c, lang) for c in KINDS if exact.play_outcome(total, c) == outcome]
    return ", ".join(cards) or "—"


def exact_headline(lang: str) -> str:
    risk = exact.next_card_risk(PREDICT_AT)
    bust = _cards_with("bust", PREDICT_AT, lang)
    n = int(risk["bust"] * DECK_SIZE)
    if lang == "de":
        return (
            f"<p>Bei Summe {PREDICT_AT} machen {n} der {DECK_SIZE} Karten 77 oder mehr ({bust}), und keine "
            f"Karte kann eine Paschzahl machen (66 bräuchte −4). Die Wahrscheinlichkeit, dass die nächste Karte einen "
            f"Chip kostet: {exact_html(ANSWER, lang, True)}.</p>"
        )
    return (
        f"<p>At total {PREDICT_AT}, {n} of the {DECK_SIZE} cards make 77 or more ({bust}), and no card can "
        f"make a doublet (66 would need −4). The chance that the next card costs a token: "
        f"{exact_html(ANSWER, lang, True)}.</p>"
    )


def exact_risk_table(lang: str) -> str:
    de = lang == "de"
    head = ["Summe vorher" if de else "total before"] + [OUTCOME_WORDS[o].get(lang) for o in exact.OUTCOMES]
    rows = []
    for total in RISK_TOTALS:
        risk = exact.next_card_risk(total)
        rows.append([str(total), *(exact_html(risk[o], lang, True) for o in exact.OUTCOMES)])
    cap = (
        "Die nächste Karte, zufällig aus einem vollen, gemischten Stapel (56 Karten)"
        if de
        else "The next card, drawn at random from a full shuffled deck (56 cards)"
    )
    return table(head, rows, cap)


def exact_hand(lang: str) -> str:
    """Which cards of the pupil's hand at the telling position are safe, make a doublet or bust."""
    groups = exact.plays_by_outcome(TELLING_HAND, TELLING_TOTAL)
    items = "".join(
        f"<li><b>{OUTCOME_WORDS[o].get(lang)}</b>: "
        f"{', '.join(f'{card_name(c, lang)} → {TELLING_TOTAL + _delta(c)}' for c in groups[o]) or '—'}</li>"
        for o in exact.OUTCOMES
    )
    lead = (
        f"Im Schritt-für-Schritt-Teil ist die Summe {TELLING_TOTAL}, und Spieler 2 hält diese Karten:"
        if lang == "de"
        else f"In the step-through the total is {TELLING_TOTAL} and Player 2 holds these cards:"
    )
    return f"<p>{lead}</p><ul>{items}</ul>"


def _delta(card: str) -> int:
    return DELTA[KIND_INDEX[card]]


def replacement_rows() -> list[tuple[int, Fraction, Fraction, Fraction, Fraction]]:
    """Per k: P(total is a doublet) and P(total ≥ 77) after k cards, without and with replacement."""
    rows = []
    for k in range(1, K_MAX + 1):
        without = exact.total_distribution_without_replacement(k)
        with_ = exact.total_distribution_with_replacement(k)

        def doublet(law: dict[int, Fraction]) -> Fraction:
            return sum((p for s, p in law.items() if s in DOUBLETS), Fraction(0))

        def bust(law: dict[int, Fraction]) -> Fraction:
            return sum((p for s, p in law.items() if s >= BUST_AT), Fraction(0))

        rows.append((k, doublet(without), doublet(with_), bust(without), bust(with_)))
    return rows


def exact_replacement(lang: str) -> str:
    de = lang == "de"
    head = (
        ["Karten k", "Paschzahl: ohne Zurücklegen", "Paschzahl: mit Zurücklegen", "≥ 77: ohne", "≥ 77: mit"]
        if de
        else ["cards k", "doublet: without replacement", "doublet: with replacement", "≥ 77: without", "≥ 77: with"]
    )
    head.append("77 erreicht, Runde vorbei: ohne" if de else "77 reached, round over: without")
    rows = [
        [str(k), *(exact_html(p, lang, True) for p in ps), exact_html(exact.bust_within_k_cards(k), lang, True)]
        for k, *ps in replacement_rows()
    ]
    cap = (
        "Die Summe der ersten k Karten eines gemischten Stapels (ohne Zurücklegen) und das Modell, in dem jede "
        "Karte neu aus dem vollen Stapel gezogen wird (mit Zurücklegen). Die Spalten „≥ 77“ zählen die Summe nach "
        "k Karten so, als ginge die Runde immer weiter; im Spiel endet sie aber sofort bei 77 oder mehr, und eine "
        "−10 danach holt nichts zurück. Die letzte Spalte zählt das richtig: Wie wahrscheinlich erreicht die Summe "
        "innerhalb der ersten k Karten 77 oder mehr?"
        if de
        else "The total of the first k cards of a shuffled deck (without replacement) and the model where every card "
        "is drawn afresh from the full deck (with replacement). The “≥ 77” columns count the total after k cards as "
        "if the round always went on; in a game it ends at once at 77 or more, and a −10 after that saves nothing. "
        "The last column counts this right: how likely does the total reach 77 or more within the first k cards?"
    )
    return table(head, rows, cap)


# ---------------------------------------------------------------------------------------------- texts
TITLE = T("Doublets and the 77 bust (Double Down)", "Paschzahlen und die 77 (Double Down)")
QUESTION = T(
    "In Double Down every card adds to one running total. Announce 11, 22, 33, 44, 55 or 66 — a doublet — and you "
    "lose a token; reach 77 or more and you lose a token and the round ends. How risky is the next card, and which "
    "card should you play?",
    "Bei Double Down zählt jede Karte zu einer gemeinsamen Summe. Wer 11, 22, 33, 44, 55 oder 66 ansagt — eine "
    "Paschzahl —, verliert einen Chip; wer 77 oder mehr erreicht, verliert einen Chip, und die Runde endet. Wie "
    "riskant "
    "ist die nächste Karte, und welche Karte solltest du spielen?",
)
PROMPT = T(
    f"The total is {PREDICT_AT}. How likely is the next card (drawn at random from a full deck) to cost a token?",
    f"Die Summe ist {PREDICT_AT}. Wie wahrscheinlich kostet die nächste Karte (zufällig aus einem vollen Stapel) "
    "einen Chip?",
)
STEP_INTRO = T(
    f"The total is {TELLING_TOTAL} and it is your turn as Player 2. Click the 2 in your hand and read why you lose "
    "a token. Then press Back and try the 22, or a safe card. Step lets Player 1 (a random bot) play on.",
    f"Die Summe ist {TELLING_TOTAL}, und du bist als Spieler 2 dran. Klicke die 2 in deiner Hand und lies, warum du "
    "einen Chip verlierst. Drücke dann Zurück und probiere die 22 oder eine sichere Karte. Mit Schritt spielt "
    "Spieler 1 (ein Zufalls-Bot) weiter.",
)
LIVE_INTRO = T(
    f"First the exact risk at every total. Then your prediction, simulated: cards drawn at random at total "
    f"{PREDICT_AT}, and how often they cost a token. Then the total after {LIVE_K} cards, drawn without and with "
    "replacement. Press Start and watch the simulated bars close in on the exact dots.",
    f"Zuerst das exakte Risiko bei jeder Summe. Dann dein Tipp, simuliert: Karten, zufällig bei Summe {PREDICT_AT} "
    f"gezogen, und wie oft sie einen Chip kosten. Dann die Summe nach {LIVE_K} Karten, ohne und mit Zurücklegen "
    "gezogen. Drücke Start und sieh zu, wie die simulierten Balken an die exakten Punkte heranrücken.",
)
NOTICE = T(
    "At a low total the danger is mostly a doublet. At 0 the six doublet cards 11 … 66 cost a token (6 of 56 "
    "cards). At 1 it is worse: the eight 10s make 11, and the 76 makes 77 (9 of 56 cards). At 2 to 9 one number "
    "card makes 11 (3 copies), and the 76 busts (4 of 56). From 67 on every 10 makes 77 or more, and at 70 "
    "already 3 cards in 7 do. The cards 0, direction change and 2x repeat the total: they are always safe, so "
    "keep them for a high total. And drawing with or without replacement barely changes the total after a few "
    "cards — the differences hide in rare totals, such as two 76s in a row, which a real deck (with one 76) "
    "never deals.",
    "Bei einer niedrigen Summe droht vor allem eine Paschzahl. Bei 0 kosten die sechs Paschzahl-Karten "
    "11 … 66 einen Chip (6 von 56 Karten). Bei 1 ist es schlimmer: Die acht 10er machen 11, und die 76 macht 77 "
    "(9 von 56 Karten). Bei 2 bis 9 macht eine Zahlenkarte 11 (3 Stück), und die 76 macht 77 oder mehr (4 von "
    "56). Ab 67 macht jede 10 die Summe 77 oder mehr, und bei 70 tun das schon 3 von 7 Karten. Die Karten 0, "
    "Richtungswechsel und 2x wiederholen die Summe: Sie sind immer sicher, also heb sie für eine hohe Summe auf. "
    "Und ob man mit oder ohne Zurücklegen zieht, ändert die Summe nach wenigen Karten kaum — die Unterschiede "
    "stecken in seltenen Summen wie zwei 76 hintereinander, die ein echter Stapel (mit einer 76) nie austeilt.",
)
EXERCISES = (
    (
        T(
            "The total is 0. Which cards cost a token at once, and how likely is that?",
            "Die Summe ist 0. Welche Karten kosten sofort einen Chip, und wie wahrscheinlich ist das?",
        ),
        T(
            "The six doublet cards 11, 22, 33, 44, 55 and 66: 6/56 = 3/28 ≈ 0.107. No card can reach 77 from 0 "
            "(the 76 makes 76).",
            "Die sechs Paschzahl-Karten 11, 22, 33, 44, 55 und 66: 6/56 = 3/28 ≈ 0,107. Keine Karte erreicht von 0 aus "
            "77 (die 76 macht 76).",
        ),
    ),
    (
        T("The total is 76. Which cards are safe?", "Die Summe ist 76. Welche Karten sind sicher?"),
        T(
            "Only 0, direction change and 2x (4 + 5 + 4 = 13 cards: 13/56 ≈ 0.232). The −10 makes 66, a doublet "
            "(4/56 = 1/14); every other card makes 77 or more (39/56).",
            "Nur 0, Richtungswechsel und 2x (4 + 5 + 4 = 13 Karten: 13/56 ≈ 0,232). Die −10 macht 66, eine Paschzahl "
            "(4/56 = 1/14); jede andere Karte macht 77 oder mehr (39/56).",
        ),
    ),
    (
        T(
            "Drawn with replacement, how likely is a total of 152 after 2 cards? And in a real game?",
            "Mit Zurücklegen gezogen: Wie wahrscheinlich ist nach 2 Karten die Summe 152? Und im echten Spiel?",
        ),
        T(
            "152 = 76 + 76. With replacement: (1/56)² = 1/3136 ≈ 0.0003. In a real game it is impossible: the deck "
            "has one 76, so it is 0.",
            "152 = 76 + 76. Mit Zurücklegen: (1/56)² = 1/3136 ≈ 0,0003. Im echten Spiel unmöglich: Der Stapel hat nur "
            "eine 76, also 0.",
        ),
    ),
)


def _answer_text() -> T:
    def text(lang: str, cards: str, make: str) -> str:
        busting = _cards_with("bust", PREDICT_AT, lang)
        return f"{exact_html(ANSWER, lang, True)} — {percent(ANSWER, lang, 0)} {cards} ({busting}) {make}"

    return T(text("en", "of the cards", "make 77 or more."), text("de", "der Karten", "machen 77 oder mehr."))


# ---------------------------------------------------------------------------------------------- the page
PARAMS: dict[str, Param] = {
    p.name: p
    for p in (
        Param("seed", integer(0, 2**31 - 1), 0),
        Param("players", integer(PLAYERS, PLAYERS), PLAYERS),  # the telling position is a 2-player game
        Param("step", integer(0, MAX_STEP), None),  # None: the telling position
        Param("lang", choice("en", "de"), "en"),
        Param("seat", seat_or_teacher(PLAYERS), PUPIL),  # the pupil's eyes; ?seat=teacher shows every hand
    )
} | class_pupil.PARAMS  # class mode (issue 20): ?class=CODE


def parts(query: Query | None = None) -> Lesson:
    """The widgets of the lesson in page order, built for ``query`` (defaults when None)."""
    from donkeylab.widgets import LivePlot, RunningTotal

    query = query or parse_query("", PARAMS)
    lang, seed = query["lang"], query["seed"]
    stepper = telling_stepper(seed, lang, query["seat"])
    if query["step"] is not None:
        go_to(stepper, query["step"])
    step_through = [Text(STEP_INTRO, lang=lang), stepper, step_box(stepper, [RunningTotal(stepper)])]
    exact_parts = [Rendered(f, lang) for f in (exact_headline, exact_risk_table, exact_hand, exact_replacement)]
    live = [
        Text(LIVE_INTRO, lang=lang),
        LivePlot("double_down.risk", lang=lang),
        LivePlot("double_down.next_card", seed=seed, lang=lang, total=PREDICT_AT),
        LivePlot("double_down.total_after", seed=seed, lang=lang, k=LIVE_K, replacement=False),
        LivePlot("double_down.total_after", seed=seed, lang=lang, k=LIVE_K, replacement=True),
    ]
    lesson = Lesson(
        title=Text(TITLE, tag="h2", lang=lang),
        question=Text(QUESTION, lang=lang),
        prediction=Prediction(PROMPT, ANSWER, _answer_text(), low=0.0, high=1.0, step=0.01, lang=lang),
        stepper=stepper,
        step_through=step_through,
        exact=exact_parts,
        answer=ANSWER,
        live=live,
        notice=Text(NOTICE, lang=lang),
        exercises=Exercises(EXERCISES, lang=lang),
        switch=make_switch([], lang),
        problems=problems_box(query, lang),
    )
    lesson.switch.parts.extend(lesson.widgets())
    return lesson


def build(query: Query) -> Any:
    """The app page (a VBox) with a copy-link button."""
    from donkeylab.widgets.share import ShareLink

    lesson = parts(query)
    lesson.share = ShareLink(lesson.stepper)
    return class_pupil.join_class(NAME, query, lesson, page(lesson))  # class mode (issue 20)


register(
    AppInfo(
        NAME,
        T("Doublets and the 77 bust", "Paschzahlen und die 77"),
        T(
            "Double Down: how risky is the next card at each total, and which card should you play?",
            "Double Down: Wie riskant ist die nächste Karte bei jeder Summe, und welche Karte spielst du?",
        ),
        "⚠",
        PARAMS,
        build,
        kind="lesson",
    )
)
