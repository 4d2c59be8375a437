"""Lesson: Angry Donkey flips (DD-ANGRY-1, DD-VALUE-1, DD-BIGGEST-1) — opposite faces, how a flip changes the
cards' values and who becomes the Biggest Donkey; two flips of one colour (the ``angry_flip`` option).

The step-through is a forced round for 3 players (deal, rolls and plays chosen by us) in which two Angry
Donkeys are revealed: one saves Player 2, the other makes its own player the Biggest Donkey. It starts at the
reveal; Step walks the flips one by one, then the values, then the Biggest Donkey. The exact answers are the
lab's ``double_donkey.flip`` question (``double_donkey.exact``), shown live beside its simulation.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

from donkeylab.apps import class_pupil  # class mode (issue 20): the lesson hook, see its docstring
from donkeylab.apps.lessons import dd_parts
from donkeylab.apps.lessons.dd_flips import TWO_FLIPS_HAY, FlipValues, two_flips_html
from donkeylab.apps.lessons.dd_parts import DECK_NOTE, Folded, LangButton, decimal, kind, probability_html
from donkeylab.apps.lessons.page import Lesson, Rendered, make_switch, page, step_box
from donkeylab.apps.parts import Exercises, Prediction, T, Text
from donkeylab.apps.query import Param, Query, choice, parse_query
from donkeylab.apps.registry import AppInfo, problems_box, register
from donkeylab.core import Action
from donkeylab.double_donkey import Rules, build_deck
from donkeylab.double_donkey.bots import POLICIES
from donkeylab.lab import questions
from donkeylab.widgets import CardHands, DiceTray, LivePlot, Stepper
from donkeylab.widgets.share import ShareLink

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


QUESTION = T(
    "Every revealed Angry Donkey turns the die of its colour over: the top face becomes the bottom face, and "
    "opposite faces of a die always add up to 7. What does a flip do to the cards' values, and who becomes the "
    "Biggest Donkey? And what happens if two Angry Donkeys of the same colour appear?",
    "Jeder aufgedeckte Wütende Esel dreht den Würfel seiner Farbe um: Die obere Seite wird zur unteren, und "
    "gegenüberliegende Seiten eines Würfels ergeben immer zusammen 7. Was macht das Umdrehen mit den Werten der "
    "Karten, und wer wird Oberesel? Und was passiert, wenn zwei Wütende Esel derselben Farbe kommen?",
)
PROMPT = T(
    "The light blue die shows 2 and the orange die 5. Then the orange Angry Donkey is revealed. What is the "
    "light blue/orange Double Donkey worth now?",
    "Der hellblaue Würfel zeigt 2 und der orange 5. Dann wird der orange Wütende Esel aufgedeckt. Was ist der "
    "Doppelesel hellblau/orange jetzt wert?",
)
PREDICTION_CHOICES = (2, 4, 5, 7, 9)
PREDICTION_ANSWER = 2 + (7 - 5)
ANSWER = T(
    "4: the orange 5 turns over to 7 − 5 = 2, and 2 + 2 = 4. (It is Player 2's card in the round below.)",
    "4: Die orange 5 wird zu 7 − 5 = 2 umgedreht, und 2 + 2 = 4. (Das ist die Karte von Spieler 2 in der Runde unten.)",
)
STEP_INTRO = T(
    "Three players have revealed their cards. Player 1 played the orange Angry Donkey, Player 3 the green one. "
    "Press Step: first the orange die turns over, then the green die, and only then is every card valued. The "
    "table below the dice shows each card before and after the flips. Who would have been the Biggest Donkey "
    "without the flips, and who is it now?",
    "Drei Spieler haben ihre Karten aufgedeckt. Spieler 1 hat den orangen Wütenden Esel gespielt, Spieler 3 den "
    "grünen. Drück Schritt: Zuerst wird der orange Würfel umgedreht, dann der grüne, und erst danach wird jede "
    "Karte gewertet. Die Tabelle unter den Würfeln zeigt jede Karte vor und nach dem Umdrehen. Wer wäre ohne das "
    "Umdrehen Oberesel geworden, und wer ist es jetzt?",
)
RESTART = T("Back to the reveal", "Zurück zum Aufdecken")
EXACT = {
    "intro": T(
        "Over many games (every player places a random allowed die), how likely is the light blue/orange "
        "Double Donkey worth exactly 7?",
        "Über viele Spiele (jeder legt einen zufälligen erlaubten Würfel): Wie wahrscheinlich ist der Doppelesel "
        "hellblau/orange genau 7 wert?",
    ),
    "before": T("without a flip", "ohne Umdrehen"),
    "after": T("after the orange flip", "nach dem Umdrehen von Orange"),
    "dice_only": T(
        "These numbers depend only on the dice, not on the cards.",
        "Diese Zahlen hängen nur von den Würfeln ab, nicht von den Karten.",
    ),
}
LIVE_INTRO = T(
    "The whole picture: the value of the light blue/orange Double Donkey without a flip and after the orange "
    "flip. The diamonds are exact; the bars fill in as the games are simulated.",
    "Das ganze Bild: der Wert des Doppelesels hellblau/orange ohne Umdrehen und nach dem Umdrehen von Orange. "
    "Die Rauten sind exakt; die Balken wachsen, während die Spiele simuliert werden.",
)
NOTICE = T(
    "<ul><li>A flip turns a die into 7 minus its pips: 1↔6, 2↔5, 3↔4. High becomes low and low becomes "
    "high.</li><li>A flip changes every card of that colour. If both dice of a Double Donkey are flipped, it is "
    "worth 14 minus its old value.</li><li>All flips happen before any card is valued, and your own Angry "
    "Donkey can hurt you: Player 3's green Angry Donkey turned the green 1 into a 6 and made Player 3 the "
    "Biggest Donkey.</li><li>On average the orange flip does not change the light blue/orange card (7 before, "
    "7 after), but it changes the shape. Dice on the Hay card rarely show the same number, so before the flip a "
    "pair (light blue and orange equal: a sum of 2, 4, 6, 8, 10 or 12) comes up only about {pair} times in 100, "
    "a 7 about {seven} times. The flip turns every pair into a 7 (a 3 and a 3 become 3 + 4) and every 7 into a "
    "pair, so after it a 7 comes up only about {pair} times in 100.</li></ul>",
    "<ul><li>Umdrehen macht aus einem Würfel 7 minus seine Augen: 1↔6, 2↔5, 3↔4. Hoch wird niedrig, niedrig "
    "wird hoch.</li><li>Das Umdrehen ändert jede Karte dieser Farbe. Werden beide Würfel eines Doppelesels "
    "umgedreht, ist er 14 minus seinen alten Wert wert.</li><li>Erst werden die Würfel aller aufgedeckten "
    "Wütenden Esel umgedreht, dann werden die Karten gewertet, und dein eigener Wütender Esel kann dir "
    "schaden: Der grüne Wütende Esel von Spieler "
    "3 machte aus der grünen 1 eine 6 und Spieler 3 zum Oberesel.</li><li>Im Schnitt ändert das Umdrehen von "
    "Orange die Karte hellblau/orange nicht (7 vorher, 7 nachher), aber die Form. Auf der Misthaufen-Karte "
    "zeigen Würfel selten dieselbe Zahl, also kommt vor dem Umdrehen ein Pasch (Hellblau und Orange gleich: "
    "Summe 2, 4, 6, 8, 10 oder 12) nur etwa {pair}-mal in 100 Spielen vor, eine 7 etwa {seven}-mal. Das "
    "Umdrehen macht aus jedem Pasch eine 7 (aus 3 und 3 wird 3 + 4) und aus jeder 7 einen Pasch, also kommt "
    "danach eine 7 nur etwa {pair}-mal in 100 vor.</li></ul>",
)
TITLE = T("Double Donkey: Angry Donkeys flip dice", "Double Donkey: Wütende Esel drehen Würfel um")
HANDS_TITLE = T(
    "Everybody's cards (open it after the flips: it shows the values after them at once)",
    "Alle Karten (öffne das nach dem Umdrehen: Es zeigt sofort die Werte danach)",
)
TWO_FLIPS_HEADING = T("Two flips of one colour", "Zweimal dieselbe Farbe umdrehen")


@functools.cache
def sevens() -> tuple[Fraction, Fraction]:
    """P(the light blue/orange Double Donkey is worth 7) without a flip and after the orange flip."""
    table = FLIP.exact({"card": ("light_blue", "orange"), "angry": ("orange",), "policy": "random"})
    before, after = questions.FLIP_SERIES
    return table[(before, 7)], table[(after, 7)]


def notice_text() -> T:
    """NOTICE with the exact shares (in 100 games) of a pair and of a 7 before the orange flip filled in."""
    before, after = sevens()  # after the flip, 7s are exactly the pairs from before
    numbers = {"pair": round(100 * float(after)), "seven": round(100 * float(before))}
    return T(NOTICE.en.format(**numbers), NOTICE.de.format(**numbers))


def orange_cards() -> Fraction:
    """The share of the deck whose value an orange flip changes (it depends on our reconstruction)."""
    deck = build_deck("reconstruction")
    return Fraction(sum("orange" in card.colour_names for card in deck), len(deck))


def exact_html(lang: str) -> str:
    say = {key: text.get(lang) for key, text in EXACT.items()}
    before, after = sevens()
    return (
        f"<p>{say['intro']}</p><ul><li>{say['before']}: {probability_html(before, lang)}</li>"
        f"<li>{say['after']}: {probability_html(after, lang)}</li></ul>"
        f"<p><small>{say['dice_only']} {DECK_NOTE.get(lang)}</small></p>"
    )


def exercises() -> list[tuple[T, T]]:
    share, total = orange_cards(), len(build_deck("reconstruction"))
    count = int(share * total)
    return [
        (
            T(
                "The green die shows 1 and the green Angry Donkey is revealed. What does the die show now, and "
                "what is the green Angry Donkey worth?",
                "Der grüne Würfel zeigt 1, und der grüne Wütende Esel wird aufgedeckt. Was zeigt der Würfel jetzt, "
                "und was ist der grüne Wütende Esel wert?",
            ),
            T(
                "6 (7 − 1), and the Angry Donkey is worth its flipped die: 6. Revealing the Angry Donkey of a low "
                "die is risky.",
                "6 (7 − 1), und der Wütende Esel ist seinen umgedrehten Würfel wert: 6. Den Wütenden Esel eines "
                "niedrigen Würfels aufzudecken ist riskant.",
            ),
        ),
        (
            T(
                "Both dice of a Double Donkey are flipped. Before, it was worth 5. What is it worth now?",
                "Beide Würfel eines Doppelesels werden umgedreht. Vorher war er 5 wert. Was ist er jetzt wert?",
            ),
            T(
                "14 − 5 = 9: each die becomes 7 minus its pips, so the sum becomes 14 minus the old sum.",
                "14 − 5 = 9: Jeder Würfel wird zu 7 minus seine Augen, also wird die Summe zu 14 minus die alte.",
            ),
        ),
        (
            T(
                f"How many of the {total} cards change their value when the orange die is turned over?",
                f"Wie viele der {total} Karten ändern ihren Wert, wenn der orange Würfel umgedreht wird?",
            ),
            T(
                f"In our reconstructed deck (rule DD-DECK-1) {count - 1} Double Donkeys show orange, plus the orange "
                f"Angry Donkey: {count} of {total} cards ({share} ≈ {decimal(share, 'en')}). The real split of the "
                "Double Donkeys is not published, so in the real game the number may differ.",
                f"In unserem nachgebauten Kartenstapel (Regel DD-DECK-1) zeigen {count - 1} Doppelesel Orange, dazu "
                f"der orange Wütende Esel: {count} von {total} Karten ({share} ≈ {decimal(share, 'de')}). Die echte "
                "Verteilung der Doppelesel ist nicht veröffentlicht, im echten Spiel kann die Zahl anders sein.",
            ),
        ),
    ]


def parts(query: Query | None = None) -> Lesson:
    """Every widget of the lesson for ``query`` (None: the defaults), the Stepper at the reveal.

    ``step_through`` holds, in order: the intro, the button back to the reveal, the Stepper, the dice tray and
    the values table beside the rule explainer, then the hands. ``exact`` ends with the two-flips experiment."""
    query = query or parse_query("", PARAMS)
    lang, seed = query["lang"], query["seed"]
    rules = Rules(variant=query["variant"])
    stepper = Stepper("double_donkey", PLAYERS, seed=seed, rules=rules, lang=lang, seat=query["seat"])
    start_example(stepper, rules, seed, query["step"], fresh=True)
    step_through = [
        Text(STEP_INTRO, lang=lang),
        LangButton(RESTART, lambda: start_example(stepper, rules, seed), lang, icon="undo"),
        stepper,
        step_box(stepper, [DiceTray(stepper), FlipValues(stepper, lang)]),
        Folded(HANDS_TITLE, CardHands(stepper), lang),  # folded: it shows the values after the flips at once
    ]
    exact_parts = [Rendered(exact_html, lang), Text(TWO_FLIPS_HEADING, "h3", lang), Rendered(two_flips_html, lang)]
    live = LivePlot("double_donkey.flip", n=LIVE_N, seed=seed, lang=lang, policy=query["policy"])
    lesson = Lesson(
        title=Text(TITLE, "h2", lang),
        question=Text(QUESTION, lang=lang),
        prediction=Prediction(PROMPT, PREDICTION_ANSWER, ANSWER, choices=PREDICTION_CHOICES, lang=lang),
        stepper=stepper,
        step_through=step_through,
        exact=exact_parts,
        answer=sevens(),
        live=[Text(LIVE_INTRO, lang=lang), live],
        notice=Text(notice_text(), "div", lang),
        exercises=Exercises(exercises(), lang),
        switch=make_switch([], lang),
        problems=problems_box(query, lang),
    )
    lesson.switch.parts.extend(lesson.widgets())
    dd_parts.follow_switch(lesson.switch, stepper)
    return lesson


def build(query: Query) -> Any:
    """The app page: the lesson's parts under their headings, and a link that reproduces the step."""
    lesson = parts(query)
    lesson.share = ShareLink(lesson.stepper, {"variant": query["variant"], "policy": query["policy"]})
    return class_pupil.join_class(NAME, query, lesson, page(lesson))  # class mode (issue 20)


PARAMS = {
    **dd_parts.lesson_params(PLAYERS, TELLING_STEP),
    "policy": Param("policy", choice(*POLICIES), "random"),  # the bots' own list (double_donkey.bots)
    **class_pupil.PARAMS,  # class mode (issue 20): ?class=CODE
}

register(
    AppInfo(
        NAME,
        T("Angry Donkey flips", "Wütende Esel drehen Würfel um"),
        T(
            "Opposite faces, flipped dice, new card values and a new Biggest Donkey.",
            "Gegenüberliegende Seiten, umgedrehte Würfel, neue Kartenwerte und ein neuer Oberesel.",
        ),
        "☹",
        PARAMS,
        build,
        kind="lesson",
    )
)
