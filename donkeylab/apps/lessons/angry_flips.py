"""Lesson 2 — Angry Donkey flips (DD-ANGRY-1, DD-VALUE-1). Headline: does the orange flip change how often the
light blue/orange Double Donkey is worth 7? Before it about 18 %, after it about 10 %: P(7 after the flip) is
P(light blue = orange), and DD-DICE-2 makes equal dice rare — a lesson about dependence.

The step-through is a forced round for 3 players in which two Angry Donkeys are revealed; Step walks the
flips one by one, then the values, then the Biggest Donkey. The exact answer is ``double_donkey.exact`` (via
the lab's ``double_donkey.flip``); the simulation (``lesson.seven_after_flip``) plays phase 1 with numpy.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

from donkeylab.apps.lessons import dd_parts
from donkeylab.apps.lessons.dd_flips import TWO_FLIPS_HAY, FlipValues, two_flips_html
from donkeylab.apps.lessons.dd_parts import DECK_NOTE, Folded, LangButton, kind, probability_html
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
from donkeylab.apps.lessons.page import Lesson, Rendered, page, percent, step_box
from donkeylab.apps.parts import Text
from donkeylab.apps.query import Param, Query, choice
from donkeylab.apps.registry import AppInfo, register
from donkeylab.apps.words import Say, words
from donkeylab.core import Action
from donkeylab.double_donkey import Rules, build_deck
from donkeylab.lab import questions
from donkeylab.widgets import CardHands, DiceTray, LivePlot, Stepper

TEXTS: dict[str, tuple[str, str]] = {
    "step_intro": (
        (
            "Three players have revealed their cards. Player 1 played the orange Angry Donkey, Player 3 the green "
            "one. Press Step: first the orange die turns over, then the green die, and only then is every card "
            "valued. The table below the dice shows each card before and after the flips. Who would have been the "
            "Biggest Donkey without the flips, and who is it now?"
        ),
        (
            "Drei Spieler haben ihre Karten aufgedeckt. Spieler 1 hat den orangen Wütenden Esel gespielt, Spieler "
            "3 den grünen. Drück Schritt: Zuerst wird der orange Würfel umgedreht, dann der grüne, und erst danach "
            "wird jede Karte gewertet. Die Tabelle unter den Würfeln zeigt jede Karte vor und nach dem Umdrehen. "
            "Wer wäre ohne das Umdrehen Oberesel geworden, und wer ist es jetzt?"
        ),
    ),
    "restart": (
        "Back to the reveal",
        "Zurück zum Aufdecken",
    ),
    "exact.intro": (
        (
            "Over many games (every player places a random allowed die), how likely is the light blue/orange "
            "Double Donkey worth exactly 7?"
        ),
        (
            "Über viele Spiele (jeder legt einen zufälligen erlaubten Würfel): Wie wahrscheinlich ist der "
            "Doppelesel hellblau/orange genau 7 wert?"
        ),
    ),
    "exact.before": (
        "without a flip",
        "ohne Umdrehen",
    ),
    "exact.after": (
        "after the orange flip",
        "nach dem Umdrehen von Orange",
    ),
    "exact.dice_only": (
        "These numbers depend only on the dice, not on the cards.",
        "Diese Zahlen hängen nur von den Würfeln ab, nicht von den Karten.",
    ),
    "live_intro": (
        (
            "A <b>simulation</b> plays phase 1 many times with random allowed dice, flips orange and checks "
            "whether the light blue/orange card is worth 7. The blue line is the share after N games, the black "
            "line the exact value. The shaded band is the <b>95 % range</b>: at each N it comes from a method that "
            "catches the exact value in about 95 of 100 simulations like this one. Press Start."
        ),
        (
            "Eine <b>Simulation</b> spielt Phase 1 sehr oft mit zufälligen erlaubten Würfeln, dreht Orange um und "
            "prüft, ob die Karte hellblau/orange 7 wert ist. Die blaue Linie ist der Anteil nach N Spielen, die "
            "schwarze Linie der exakte Wert. Das Band ist der <b>95-%-Bereich</b>: Bei jedem N kommt es aus einem "
            "Verfahren, das den exakten Wert in etwa 95 von 100 solchen Simulationen einfängt. Drück Start."
        ),
    ),
    "hands_title": (
        "Everybody's cards (open it after the flips: it shows the values after them at once)",
        "Alle Karten (öffne das nach dem Umdrehen: Es zeigt sofort die Werte danach)",
    ),
    "two_flips_heading": (
        "Two flips of one colour",
        "Zweimal dieselbe Farbe umdrehen",
    ),
    "exercises": (
        (
            "The green die shows 1 and the green Angry Donkey is revealed. What does the die show now, and what is "
            "the green Angry Donkey worth?"
        ),
        (
            "Der grüne Würfel zeigt 1, und der grüne Wütende Esel wird aufgedeckt. Was zeigt der Würfel jetzt, und "
            "was ist der grüne Wütende Esel wert?"
        ),
    ),
    "exercises3": (
        "Both dice of a Double Donkey are flipped. Before, it was worth 5. What is it worth now?",
        "Beide Würfel eines Doppelesels werden umgedreht. Vorher war er 5 wert. Was ist er jetzt wert?",
    ),
    "exercises4": (
        "14 − 5 = 9: each die becomes 7 minus its pips, so the sum becomes 14 minus the old sum.",
        "14 − 5 = 9: Jeder Würfel wird zu 7 minus seine Augen, also wird die Summe zu 14 minus die alte.",
    ),
    "live_intro_all": (
        (
            "The whole picture: the value of the light blue/orange Double Donkey without a flip and after the "
            "orange flip. The diamonds are exact; the bars fill in as the games are simulated."
        ),
        (
            "Das ganze Bild: der Wert des Doppelesels hellblau/orange ohne Umdrehen und nach dem Umdrehen von "
            "Orange. Die Rauten sind exakt; die Balken wachsen, während die Spiele simuliert werden."
        ),
    ),
    "title": (
        "Lesson 2 — Double Donkey: Angry Donkeys flip dice",
        "Lektion 2 — Double Donkey: Wütende Esel drehen Würfel um",
    ),
    "question": (
        (
            "Every revealed Angry Donkey turns the die of its colour over: the top face goes to the bottom. "
            "Opposite faces of a die always add up to 7, so a 5 becomes a 2. <b>Does the orange flip change how "
            "often the light blue/orange Double Donkey is worth exactly 7?</b> Think of many games, each with its "
            "own Hay card."
        ),
        (
            "Jeder aufgedeckte Wütende Esel dreht den Würfel seiner Farbe um: Die obere Seite kommt nach unten. "
            "Gegenüberliegende Seiten eines Würfels ergeben immer zusammen 7, also wird aus einer 5 eine 2. "
            "<b>Ändert das Umdrehen von Orange, wie oft der Doppelesel hellblau/orange genau 7 wert ist?</b> Denk "
            "an viele Spiele, jedes mit seiner eigenen Misthaufen-Karte."
        ),
    ),
    "prompt": (
        (
            "After the orange flip, is the light blue/orange card worth 7 more often, less often or just as often "
            "as before?"
        ),
        (
            "Ist die Karte hellblau/orange nach dem Umdrehen von Orange öfter, seltener oder genauso oft 7 wert "
            "wie vorher?"
        ),
    ),
    "more": (
        "more often",
        "öfter",
    ),
    "less": (
        "less often",
        "seltener",
    ),
    "same": (
        "just as often",
        "genauso oft",
    ),
    "answer": (
        "Less often: about {before} of games before the flip, about {after} after it.",
        "Seltener: vorher in etwa {before} der Spiele, nach dem Umdrehen in etwa {after}.",
    ),
    "exact.why": (
        (
            "Why? After the flip the card is worth light blue + (7 − orange). That is 7 exactly when light blue "
            "and orange showed the <b>same</b> number before the flip (a 3 and a 3 become 3 + 4). On the Hay card "
            "equal dice are rare: rule DD-DICE-2 makes the next die show a new number whenever it can. So the dice "
            "on the Hay card are not <b>independent</b>: what one shows changes what the others are likely to "
            "show."
        ),
        (
            "Warum? Nach dem Umdrehen ist die Karte hellblau + (7 − orange) wert. Das ist genau dann 7, wenn "
            "hellblau und orange vorher <b>dieselbe</b> Zahl zeigten (aus 3 und 3 wird 3 + 4). Auf der "
            "Misthaufen-Karte sind gleiche Würfel selten: Regel DD-DICE-2 verlangt eine neue Zahl, wann immer es "
            "geht. Die Würfel auf der Misthaufen-Karte sind also nicht <b>unabhängig</b>: Was einer zeigt, ändert, "
            "was die anderen wahrscheinlich zeigen."
        ),
    ),
    "notice": (
        (
            "<ul><li>A flip turns a die into 7 minus its pips: 1↔6, 2↔5, 3↔4.</li><li>Before the flip a 7 comes up "
            "in about {seven} in 100 games, after it in only about {pair} in 100. The average value stays "
            "7.</li><li>After the flip every pair (two equal dice: 1 and 1, 2 and 2, … 6 and 6) becomes a 7, and "
            "every 7 becomes a pair. Pairs are rare on the Hay card, so 7s become rare.</li><li>All flips happen "
            "before any card is valued, and your own Angry Donkey can hurt you: in the round above Player 3's "
            "green Angry Donkey made Player 3 the Biggest Donkey.</li></ul>"
        ),
        (
            "<ul><li>Umdrehen macht aus einem Würfel 7 minus seine Augen: 1↔6, 2↔5, 3↔4.</li><li>Vor dem Umdrehen "
            "kommt eine 7 in etwa {seven} von 100 Spielen vor, danach nur in etwa {pair} von 100. Der Mittelwert "
            "bleibt 7.</li><li>Nach dem Umdrehen wird jeder Pasch (zwei gleiche Würfel: 1 und 1, 2 und 2, … 6 und "
            "6) zur 7, und jede 7 wird zum Pasch. Auf der Misthaufen-Karte sind Paschs selten, also werden 7er "
            "selten.</li><li>Erst werden die Würfel aller aufgedeckten Wütenden Esel umgedreht, dann werden die "
            "Karten gewertet, und dein eigener Wütender Esel kann dir schaden: In der Runde oben machte der grüne "
            "Wütende Esel Spieler 3 zum Oberesel.</li></ul>"
        ),
    ),
    "ex1.hint": (
        "Opposite faces add up to 7.",
        "Gegenüberliegende Seiten ergeben zusammen 7.",
    ),
    "ex1.solution": (
        (
            "7 − 1 = 6, and the green Angry Donkey is worth its flipped die: 6. Revealing the Angry Donkey of a "
            "low die is risky."
        ),
        (
            "7 − 1 = 6, und der grüne Wütende Esel ist seinen umgedrehten Würfel wert: 6. Den Wütenden Esel eines "
            "niedrigen Würfels aufzudecken ist riskant."
        ),
    ),
    "ex2.hint": (
        "Each die becomes 7 minus its pips: two dice, so 14 minus the old sum.",
        "Jeder Würfel wird zu 7 minus seine Augen: zwei Würfel, also 14 minus die alte Summe.",
    ),
    "ex3.q": (
        "Before the flip, how likely is the light blue/orange card worth 7? Give a number (a percentage is fine).",
        (
            "Wie wahrscheinlich ist die Karte hellblau/orange vor dem Umdrehen 7 wert? Gib eine Zahl an (Prozent "
            "geht auch)."
        ),
    ),
    "ex3.hint": (
        "Look at the exact answer above: the line without a flip.",
        "Schau in die exakte Antwort oben: die Zeile ohne Umdrehen.",
    ),
    "ex3.solution": (
        "About {p} (exact answer above, without a flip).",
        "Etwa {p} (exakte Antwort oben, ohne Umdrehen).",
    ),
    "ex4.q": (
        "How many of the {total} cards change their value when the orange die is turned over?",
        "Wie viele der {total} Karten ändern ihren Wert, wenn der orange Würfel umgedreht wird?",
    ),
    "ex4.solution": (
        (
            "In our reconstructed deck (rule DD-DECK-1) {doubles} Double Donkeys show orange, plus the orange "
            "Angry Donkey: {count} of {total} cards. The real split of the Double Donkeys is not published, so in "
            "the real game the number may differ."
        ),
        (
            "In unserem nachgebauten Kartenstapel (Regel DD-DECK-1) zeigen {doubles} Doppelesel Orange, dazu der "
            "orange Wütende Esel: {count} von {total} Karten. Die echte Verteilung der Doppelesel ist nicht "
            "veröffentlicht, im echten Spiel kann die Zahl anders sein."
        ),
    ),
    "app.title": (
        "Angry Donkey flips",
        "Wütende Esel drehen Würfel um",
    ),
    "app.blurb": (
        "Does a flip change how often a card is worth 7? Opposite faces, and dice that depend on each other.",
        (
            "Ändert Umdrehen, wie oft eine Karte 7 wert ist? Gegenüberliegende Seiten und Würfel, die voneinander "
            "abhängen."
        ),
    ),
}
say = words("lesson/angry_flips/", TEXTS)

NAME = "angry_flips"
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
TWO_FLIPS_HEADING = say("two_flips_heading")


@functools.cache
def sevens() -> tuple[Fraction, Fraction]:
    """P(the light blue/orange Double Donkey is worth 7) without a flip and after the orange flip."""
    table = FLIP.exact({"card": ("light_blue", "orange"), "angry": ("orange",), "policy": "random"})
    before, after = questions.FLIP_SERIES
    return table[(before, 7)], table[(after, 7)]


def notice_text() -> Say:
    """What to notice, with the exact shares (in 100 games) of a 7 before and after the orange flip."""
    before, after = sevens()  # after the flip, 7s are exactly the pairs from before
    return say("notice", pair=round(100 * float(after)), seven=round(100 * float(before)))


def orange_cards() -> Fraction:
    """The share of the deck whose value an orange flip changes (it depends on our reconstruction)."""
    deck = build_deck("reconstruction")
    return Fraction(sum("orange" in card.colour_names for card in deck), len(deck))


def exact_html(lang: str) -> str:
    """P(worth 7) before and after the flip, and why it drops."""
    before, after = sevens()
    return (
        f"<p>{say('exact.intro').get(lang)}</p><ul><li>{say('exact.before').get(lang)}: "
        f"{probability_html(before, lang)}</li><li>{say('exact.after').get(lang)}: {probability_html(after, lang)}"
        f"</li></ul><p>{say('exact.why').get(lang)}</p>"
        f"<p><small>{say('exact.dice_only').get(lang)} {DECK_NOTE.get(lang)}</small></p>"
    )


def exercises() -> list[Exercise]:
    """Two flips to compute (one a decision: reveal an Angry Donkey?), one probability, one count."""
    total = len(build_deck("reconstruction"))
    count = int(orange_cards() * total)
    before, _ = sevens()
    return [
        Exercise(say("exercises"), say("ex1.solution"), Fraction(6), Fraction(0), say("ex1.hint"), why=True),
        Exercise(say("exercises3"), say("exercises4"), Fraction(9), Fraction(0), say("ex2.hint")),
        Exercise(
            say("ex3.q"),
            say("ex3.solution", p=lambda lg: percent(before, lg)),
            before,
            Fraction(5, 1000),
            say("ex3.hint"),
        ),
        Exercise(say("ex4.q", total=total), say("ex4.solution", doubles=count - 1, count=count, total=total)),
    ]


def step_through(ctx: Context) -> list[Any]:
    """The forced round at the reveal: the button back to it, the Stepper, the dice and the values table
    beside the rule explainer, then the hands (folded: they show the values after the flips at once)."""
    rules = Rules(variant=ctx.query["variant"])
    stepper = Stepper("double_donkey", PLAYERS, seed=ctx.seed, rules=rules, lang=ctx.lang, seat=ctx.query["seat"])
    start_example(stepper, rules, ctx.seed, ctx.query["step"], fresh=True)
    ctx.stepper = stepper
    return [
        LangButton(say("restart"), lambda: start_example(stepper, rules, ctx.seed), ctx.lang, icon="undo"),
        stepper,
        step_box(stepper, [DiceTray(stepper), FlipValues(stepper, ctx.lang)]),
        Folded(HANDS_TITLE, CardHands(stepper), ctx.lang),
    ]


def going_further(ctx: Context) -> list[Any]:
    """The whole value distribution before and after (live), and two flips of one colour."""
    return [
        Text(say("live_intro_all"), lang=ctx.lang),
        LivePlot("double_donkey.flip", n=LIVE_N, seed=ctx.seed, lang=ctx.lang, policy=ctx.query["policy"]),
        Text(TWO_FLIPS_HEADING, "h3", ctx.lang),
        Rendered(two_flips_html, ctx.lang),
    ]


PREDICTION_ANSWER = "less"
PARAMS = lesson_params(
    "double_donkey",
    PLAYERS,
    step=TELLING_STEP,
    extra=[Param("policy", choice("random", "lowest", "highest"), "random")],
)
LESSON = LessonSpec(
    NAME,
    say("title"),
    [
        Question(say("question")),
        Predict(
            say("prompt"),
            PREDICTION_ANSWER,
            say("answer", before=lambda lg: percent(sevens()[0], lg, 0), after=lambda lg: percent(sevens()[1], lg, 0)),
            {"more": say("more"), "less": say("less"), "same": say("same")},
        ),
        StepThrough(say("step_intro"), step_through),
        ExactAnswer(sevens(), [exact_html]),
        Convergence(say("live_intro"), "lesson.seven_after_flip", {"flipped": True}, n=100_000),
        Notice(notice_text()),
        Exercises(exercises()),
        GoingFurther(going_further),
    ],
    PARAMS,
    share=("variant", "policy"),
)


def parts(query: Query | None = None) -> Lesson:
    """Every widget of the lesson for ``query`` (None: the defaults), the Stepper at the reveal."""
    return build_lesson(LESSON, query)


def build(query: Query) -> Any:
    """The app page (the framework's one layout)."""
    return page(parts(query))


register(AppInfo(NAME, say("app.title"), say("app.blurb"), "☹", PARAMS, build, kind="lesson"))
