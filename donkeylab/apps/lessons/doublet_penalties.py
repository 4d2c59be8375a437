"""Lesson 3 — Doublets and the 77 bust (Double Down). Headline: at total 70, how likely does the next card cost a
token? Exactly 3/7: 24 of the 56 cards make 77 or more (DN-BUST-1), none makes a doublet (DN-DOUBLET-1).

The step-through stops at a telling position: the total is 64 and Player 2 holds a 2 (→ 66, a doublet), a 22
(→ 86, a bust) and three safe cards. The exact answers come from ``double_down.exact``; the simulation
(``lesson.token_at``) draws cards at total 70 and closes in on 3/7. The risk at every total, the pupil's hand
and the total after k cards (with and without replacement) go further below.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

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
from donkeylab.apps.lessons.page import Lesson, Rendered, exact_html, go_to, page, step_box, table
from donkeylab.apps.parts import Text
from donkeylab.apps.query import Query
from donkeylab.apps.registry import AppInfo, register
from donkeylab.apps.words import words
from donkeylab.core import CATALOGUE
from donkeylab.double_down import exact
from donkeylab.double_down.deck import BUST_AT, CARD_KIND, DECK_SIZE, DELTA, DOUBLETS, KIND_INDEX, KINDS

TEXTS: dict[str, tuple[str, str]] = {
    "outcome_words.safe": (
        "safe",
        "sicher",
    ),
    "outcome_words.doublet": (
        "doublet (a token lost)",
        "Paschzahl (ein Chip weg)",
    ),
    "outcome_words.bust": (
        "77 or more (a token lost, round over)",
        "77 oder mehr (ein Chip weg, Runde vorbei)",
    ),
    "notice": (
        (
            "At a low total the danger is mostly a doublet. At 0 the six doublet cards 11 … 66 cost a token (6 of "
            "56 cards). At 1 it is worse: the eight 10s make 11, and the 76 makes 77 (9 of 56 cards). At 2 to 9 "
            "one number card makes 11 (3 copies), and the 76 busts (4 of 56). From 67 on every 10 makes 77 or "
            "more, and at 70 already 3 cards in 7 do. The cards 0, direction change and 2x repeat the total: they "
            "are always safe, so keep them for a high total. And drawing with or without replacement barely "
            "changes the total after a few cards — the differences hide in rare totals, such as two 76s in a row, "
            "which a real deck (with one 76) never deals."
        ),
        (
            "Bei einer niedrigen Summe droht vor allem eine Paschzahl. Bei 0 kosten die sechs Paschzahl-Karten 11 "
            "… 66 einen Chip (6 von 56 Karten). Bei 1 ist es schlimmer: Die acht 10er machen 11, und die 76 macht "
            "77 (9 von 56 Karten). Bei 2 bis 9 macht eine Zahlenkarte 11 (3 Stück), und die 76 macht 77 oder mehr "
            "(4 von 56). Ab 67 macht jede 10 die Summe 77 oder mehr, und bei 70 tun das schon 3 von 7 Karten. Die "
            "Karten 0, Richtungswechsel und 2x wiederholen die Summe: Sie sind immer sicher, also heb sie für eine "
            "hohe Summe auf. Und ob man mit oder ohne Zurücklegen zieht, ändert die Summe nach wenigen Karten kaum "
            "— die Unterschiede stecken in seltenen Summen wie zwei 76 hintereinander, die ein echter Stapel (mit "
            "einer 76) nie austeilt."
        ),
    ),
    "exercises": (
        "The total is 0. Which cards cost a token at once, and how likely is that?",
        "Die Summe ist 0. Welche Karten kosten sofort einen Chip, und wie wahrscheinlich ist das?",
    ),
    "exercises2": (
        (
            "The six doublet cards 11, 22, 33, 44, 55 and 66: 6/56 = 3/28 ≈ 0.107. No card can reach 77 from 0 "
            "(the 76 makes 76)."
        ),
        (
            "Die sechs Paschzahl-Karten 11, 22, 33, 44, 55 und 66: 6/56 = 3/28 ≈ 0,107. Keine Karte erreicht von 0 "
            "aus 77 (die 76 macht 76)."
        ),
    ),
    "exercises3": (
        "The total is 76. Which cards are safe?",
        "Die Summe ist 76. Welche Karten sind sicher?",
    ),
    "exercises4": (
        (
            "Only 0, direction change and 2x (4 + 5 + 4 = 13 cards: 13/56 ≈ 0.232). The −10 makes 66, a doublet "
            "(4/56 = 1/14); every other card makes 77 or more (39/56)."
        ),
        (
            "Nur 0, Richtungswechsel und 2x (4 + 5 + 4 = 13 Karten: 13/56 ≈ 0,232). Die −10 macht 66, eine "
            "Paschzahl (4/56 = 1/14); jede andere Karte macht 77 oder mehr (39/56)."
        ),
    ),
    "exercises5": (
        "Drawn with replacement, how likely is a total of 152 after 2 cards? And in a real game?",
        "Mit Zurücklegen gezogen: Wie wahrscheinlich ist nach 2 Karten die Summe 152? Und im echten Spiel?",
    ),
    "exercises6": (
        (
            "152 = 76 + 76. With replacement: (1/56)² = 1/3136 ≈ 0.0003. In a real game it is impossible: the deck "
            "has one 76, so it is 0."
        ),
        (
            "152 = 76 + 76. Mit Zurücklegen: (1/56)² = 1/3136 ≈ 0,0003. Im echten Spiel unmöglich: Der Stapel hat "
            "nur eine 76, also 0."
        ),
    ),
    "title": (
        "Lesson 3 — Doublets and the 77 bust (Double Down)",
        "Lektion 3 — Paschzahlen und die 77 (Double Down)",
    ),
    "question": (
        (
            "In Double Down every card adds to one running total. Announce 11, 22, 33, 44, 55 or 66 (a doublet) "
            "and you lose a token. Reach 77 or more and you lose a token, and the round ends. <b>The total is 70. "
            "How likely is it that the next card costs a token?</b> The card is drawn at random from a full deck "
            "of 56 cards."
        ),
        (
            "Bei Double Down zählt jede Karte zu einer gemeinsamen Summe. Wer 11, 22, 33, 44, 55 oder 66 ansagt "
            "(eine Paschzahl), verliert einen Chip. Wer 77 oder mehr erreicht, verliert einen Chip, und die Runde "
            "endet. <b>Die Summe ist 70. Wie wahrscheinlich kostet die nächste Karte einen Chip?</b> Die Karte "
            "wird zufällig aus einem vollen Stapel mit 56 Karten gezogen."
        ),
    ),
    "prompt": (
        (
            "The total is 70. How likely is the next card (drawn at random from a full deck) to cost a token? Set "
            "the slider to your guess."
        ),
        (
            "Die Summe ist 70. Wie wahrscheinlich kostet die nächste Karte (zufällig aus einem vollen Stapel) "
            "einen Chip? Stell den Regler auf deinen Tipp."
        ),
    ),
    "answer": (
        "{p}: {n} of the 56 cards make 77 or more ({cards}).",
        "{p}: {n} der 56 Karten machen 77 oder mehr ({cards}).",
    ),
    "step_intro": (
        (
            "The total is 64 and it is your turn as Player 2. Click the 2 in your hand and read why you lose a "
            "token. Then press Back and try the 22, or a safe card. Step lets Player 1 (a random bot) play on."
        ),
        (
            "Die Summe ist 64, und du bist als Spieler 2 dran. Klicke die 2 in deiner Hand und lies, warum du "
            "einen Chip verlierst. Drücke dann Zurück und probiere die 22 oder eine sichere Karte. Mit Schritt "
            "spielt Spieler 1 (ein Zufalls-Bot) weiter."
        ),
    ),
    "headline": (
        (
            "At total 70, {n} of the 56 cards make 77 or more ({cards}). No card can make a doublet: 66 would need "
            "−4, and there is no −4. So the chance that the next card costs a token is {n}/56 = {p}."
        ),
        (
            "Bei Summe 70 machen {n} der 56 Karten 77 oder mehr ({cards}). Keine Karte kann eine Paschzahl machen: "
            "66 bräuchte −4, und eine −4 gibt es nicht. Die Chance, dass die nächste Karte einen Chip kostet, ist "
            "also {n}/56 = {p}."
        ),
    ),
    "live_intro": (
        (
            "A <b>simulation</b> draws a card at random at total 70, again and again, and counts the cards that "
            "cost a token. The blue line is the share after N cards, the black line the exact 3/7. The shaded band "
            "is the <b>95 % range</b>: at each N it comes from a method that catches the exact value in about 95 "
            "of 100 simulations like this one. Press Start."
        ),
        (
            "Eine <b>Simulation</b> zieht bei Summe 70 immer wieder eine zufällige Karte und zählt die Karten, die "
            "einen Chip kosten. Die blaue Linie ist der Anteil nach N Karten, die schwarze Linie das exakte 3/7. "
            "Das Band ist der <b>95-%-Bereich</b>: Bei jedem N kommt es aus einem Verfahren, das den exakten Wert "
            "in etwa 95 von 100 solchen Simulationen einfängt. Drück Start."
        ),
    ),
    "risk.head": (
        "total before",
        "Summe vorher",
    ),
    "risk.caption": (
        "The next card, drawn at random from a full shuffled deck (56 cards)",
        "Die nächste Karte, zufällig aus einem vollen, gemischten Stapel (56 Karten)",
    ),
    "hand.lead": (
        "In the step-through the total is {total} and Player 2 holds these cards:",
        "Im Schritt-für-Schritt-Teil ist die Summe {total}, und Spieler 2 hält diese Karten:",
    ),
    "repl.k": (
        "cards k",
        "Karten k",
    ),
    "repl.d_without": (
        "doublet: without replacement",
        "Paschzahl: ohne Zurücklegen",
    ),
    "repl.d_with": (
        "doublet: with replacement",
        "Paschzahl: mit Zurücklegen",
    ),
    "repl.b_without": (
        "≥ 77: without",
        "≥ 77: ohne",
    ),
    "repl.b_with": (
        "≥ 77: with",
        "≥ 77: mit",
    ),
    "repl.reached": (
        "77 reached, round over: without",
        "77 erreicht, Runde vorbei: ohne",
    ),
    "repl.caption": (
        (
            "The total of the first k cards of a shuffled deck (without replacement) and the model where every "
            "card is drawn afresh from the full deck (with replacement). The “≥ 77” columns count the total after "
            "k cards as if the round always went on; in a game it ends at once at 77 or more, and a −10 after that "
            "saves nothing. The last column counts this right: how likely does the total reach 77 or more within "
            "the first k cards?"
        ),
        (
            "Die Summe der ersten k Karten eines gemischten Stapels (ohne Zurücklegen) und das Modell, in dem jede "
            "Karte neu aus dem vollen Stapel gezogen wird (mit Zurücklegen). Die Spalten „≥ 77“ zählen die Summe "
            "nach k Karten so, als ginge die Runde immer weiter; im Spiel endet sie aber sofort bei 77 oder mehr, "
            "und eine −10 danach holt nichts zurück. Die letzte Spalte zählt das richtig: Wie wahrscheinlich "
            "erreicht die Summe innerhalb der ersten k Karten 77 oder mehr?"
        ),
    ),
    "further.intro": (
        (
            "More about the risk: every total, your hand in the step-through, and the total after a few cards. The "
            "plots show the risk at every total (exact) and the total after 3 cards, drawn without and with "
            "replacement."
        ),
        (
            "Mehr zum Risiko: jede Summe, deine Hand im Schritt-für-Schritt-Teil und die Summe nach einigen "
            "Karten. Die Diagramme zeigen das Risiko bei jeder Summe (exakt) und die Summe nach 3 Karten, ohne und "
            "mit Zurücklegen gezogen."
        ),
    ),
    "ex1.hint": (
        "Which cards make 11, 22, … 66 from 0? Count them among the 56.",
        "Welche Karten machen aus 0 die 11, 22, … 66? Zähl sie unter den 56.",
    ),
    "ex2.q": (
        "The total is 76. How likely is a random card from the full deck safe?",
        "Die Summe ist 76. Wie wahrscheinlich ist eine zufällige Karte aus dem vollen Stapel sicher?",
    ),
    "ex2.hint": (
        "Only cards that keep the total are safe here: 0, direction change and 2x.",
        "Sicher sind hier nur Karten, die die Summe behalten: 0, Richtungswechsel und 2x.",
    ),
    "ex3.q": (
        (
            "Why it matters: the total is 70 and your 5 cards are a random hand from a full deck. How likely is it "
            "that none of them is safe, so that whatever you play costs a token?"
        ),
        (
            "Warum es zählt: Die Summe ist 70, und deine 5 Karten sind eine zufällige Hand aus einem vollen "
            "Stapel. Wie wahrscheinlich ist keine davon sicher, sodass jede Karte, die du spielst, einen Chip "
            "kostet?"
        ),
    ),
    "ex3.hint": (
        (
            "24 of the 56 cards cost a token at 70. All 5 cards must be among those 24: the first with chance "
            "24/56, the second 23/55, and so on."
        ),
        (
            "24 der 56 Karten kosten bei 70 einen Chip. Alle 5 Karten müssen unter diesen 24 sein: die erste mit "
            "Chance 24/56, die zweite 23/55, und so weiter."
        ),
    ),
    "ex3.solution": (
        (
            "(24/56) · (23/55) · (22/54) · (21/53) · (20/52) = {p}. So you almost always hold a safe card at 70: "
            "keep your 0, direction change and 2x for such moments."
        ),
        (
            "(24/56) · (23/55) · (22/54) · (21/53) · (20/52) = {p}. Bei 70 hast du also fast immer eine sichere "
            "Karte: Heb deine 0, Richtungswechsel und 2x für solche Momente auf."
        ),
    ),
    "app.title": (
        "Doublets and the 77 bust",
        "Paschzahlen und die 77",
    ),
    "app.blurb": (
        "Double Down: at total 70, how likely does the next card cost a token?",
        "Double Down: Wie wahrscheinlich kostet die nächste Karte bei Summe 70 einen Chip?",
    ),
}
say = words("lesson/doublet_penalties/", TEXTS)

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
    "safe": say("outcome_words.safe"),
    "doublet": say("outcome_words.doublet"),
    "bust": say("outcome_words.bust"),
}


def token_risk(total: int) -> Fraction:
    """P(a card from a full shuffled deck, played on ``total``, costs a token): a doublet or a bust."""
    risk = exact.next_card_risk(total)
    return risk["doublet"] + risk["bust"]


ANSWER = token_risk(PREDICT_AT)


def card_name(card: str, lang: str) -> str:
    return CATALOGUE.term(card, lang)


def _cards_with(outcome: str, total: int, lang: str) -> str:
    cards = [card_name(c, lang) for c in KINDS if exact.play_outcome(total, c) == outcome]
    return ", ".join(cards) or "—"


def _busting() -> int:
    return int(exact.next_card_risk(PREDICT_AT)["bust"] * DECK_SIZE)


def _headline_data() -> dict[str, Any]:
    return {
        "n": _busting(),
        "cards": lambda lg: _cards_with("bust", PREDICT_AT, lg),
        "p": lambda lg: exact_html(ANSWER, lg, True),
    }


def exact_headline(lang: str) -> str:
    return f"<p>{say('headline', **_headline_data()).get(lang)}</p>"


def exact_risk_table(lang: str) -> str:
    head = [say("risk.head").get(lang)] + [OUTCOME_WORDS[o].get(lang) for o in exact.OUTCOMES]
    rows = []
    for total in RISK_TOTALS:
        risk = exact.next_card_risk(total)
        rows.append([str(total), *(exact_html(risk[o], lang, True) for o in exact.OUTCOMES)])
    return table(head, rows, say("risk.caption").get(lang))


def exact_hand(lang: str) -> str:
    """Which cards of the pupil's hand at the telling position are safe, make a doublet or bust."""
    groups = exact.plays_by_outcome(TELLING_HAND, TELLING_TOTAL)
    items = "".join(
        f"<li><b>{OUTCOME_WORDS[o].get(lang)}</b>: "
        f"{', '.join(f'{card_name(c, lang)} → {TELLING_TOTAL + _delta(c)}' for c in groups[o]) or '—'}</li>"
        for o in exact.OUTCOMES
    )
    return f"<p>{say('hand.lead', total=TELLING_TOTAL).get(lang)}</p><ul>{items}</ul>"


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
    keys = ("repl.k", "repl.d_without", "repl.d_with", "repl.b_without", "repl.b_with", "repl.reached")
    head = [say(k).get(lang) for k in keys]
    rows = [
        [str(k), *(exact_html(p, lang, True) for p in ps), exact_html(exact.bust_within_k_cards(k), lang, True)]
        for k, *ps in replacement_rows()
    ]
    return table(head, rows, say("repl.caption").get(lang))


def no_safe_card(total: int = PREDICT_AT, hand: int = 5) -> Fraction:
    """P(a random ``hand`` of the full deck holds no card that is safe at ``total``): the costly cards counted
    by ``exact.play_outcome``, drawn without replacement."""
    costly = sum(1 for k in CARD_KIND if exact.play_outcome(total, KINDS[k]) != "safe")
    return Fraction(comb(costly, hand), comb(DECK_SIZE, hand))


def exercises() -> list[Exercise]:
    at0 = token_risk(0)
    safe76 = exact.next_card_risk(76)["safe"]
    none = no_safe_card()
    return [
        Exercise(say("exercises"), say("exercises2"), at0, Fraction(1, 1000), say("ex1.hint")),
        Exercise(say("ex2.q"), say("exercises4"), safe76, Fraction(1, 1000), say("ex2.hint")),
        Exercise(
            say("ex3.q"),
            say("ex3.solution", p=lambda lg: exact_html(none, lg, True).replace("<b>", "").replace("</b>", "")),
            none,
            Fraction(5, 10_000),
            say("ex3.hint"),
            why=True,
        ),
        Exercise(say("exercises5"), say("exercises6")),
    ]


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


def step_through(ctx: Context) -> list[Any]:
    from donkeylab.widgets import RunningTotal

    stepper = telling_stepper(ctx.seed, ctx.lang, ctx.query["seat"])
    if ctx.query["step"] is not None:
        go_to(stepper, ctx.query["step"])
    ctx.stepper = stepper
    return [stepper, step_box(stepper, [RunningTotal(stepper)])]


def going_further(ctx: Context) -> list[Any]:
    from donkeylab.widgets import LivePlot

    lang, seed = ctx.lang, ctx.seed
    return [
        Text(say("further.intro"), lang=lang),
        *(Rendered(f, lang) for f in (exact_risk_table, exact_hand, exact_replacement)),
        LivePlot("double_down.risk", lang=lang),
        LivePlot("double_down.total_after", seed=seed, lang=lang, k=LIVE_K, replacement=False),
        LivePlot("double_down.total_after", seed=seed, lang=lang, k=LIVE_K, replacement=True),
    ]


PARAMS = lesson_params("double_down", PLAYERS, seat=PUPIL)
LESSON = LessonSpec(
    NAME,
    say("title"),
    [
        Question(say("question")),
        Predict(say("prompt"), ANSWER, say("answer", **_headline_data())),
        StepThrough(say("step_intro"), step_through),
        ExactAnswer(ANSWER, [exact_headline]),
        Convergence(say("live_intro"), "lesson.token_at", {"total": PREDICT_AT}, n=100_000),
        Notice(say("notice")),
        Exercises(exercises()),
        GoingFurther(going_further),
    ],
    PARAMS,
)


def parts(query: Query | None = None) -> Lesson:
    """The widgets of the lesson in page order, built for ``query`` (defaults when None)."""
    return build_lesson(LESSON, query)


def build(query: Query) -> Any:
    """The app page (the framework's one layout) with a link that reproduces the step."""
    return page(parts(query))


register(AppInfo(NAME, say("app.title"), say("app.blurb"), "⚠", PARAMS, build, kind="lesson"))
