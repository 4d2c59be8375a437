"""Lesson: Double Donkey's die choice (DD-DICE-1..3) — when is the choice free, how many different numbers
end on the Hay card, and what a choice does to your best card.

The step-through is the rulebook's example round (4 players; Olivia, Fran, Jan and Margaret are Players 1-4),
forced roll by roll, starting where Fran has rolled two dice that DD-DICE-2 forbids. The exact answers come
from ``double_donkey.exact``; the live plot is the lab's ``double_donkey.distinct_values`` question.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

from donkeylab.apps import class_pupil  # class mode (issue 20): the lesson hook, see its docstring
from donkeylab.apps.lessons import dd_parts
from donkeylab.apps.lessons.dd_parts import DECK_NOTE, LangButton, colour_name, decimal, probability_html
from donkeylab.apps.lessons.dd_what_if import WhatIfPanel, cached_what_if
from donkeylab.apps.lessons.page import TABLE_STYLE, Lesson, Rendered, make_switch, page, step_box
from donkeylab.apps.parts import Exercises, Prediction, T, Text
from donkeylab.apps.query import Query, parse_query
from donkeylab.apps.registry import AppInfo, problems_box, register
from donkeylab.core import Action
from donkeylab.double_donkey import Choose, Keep, Rules, exact
from donkeylab.widgets import CardHands, DiceTray, LivePlot, Stepper
from donkeylab.widgets.share import ShareLink

NAME = "die_choice"
PLAYERS = 4
TELLING_STEP = 4  # Fran (Player 2) has rolled: the green 2 and the purple 2 are forbidden (DD-DICE-2)
FREE_STEP = 8  # Margaret (Player 4) rolled only numbers already on the Hay card: a free choice
PREDICTION_M, PREDICTION_K = 2, 4  # 2 numbers on the Hay card, 4 dice rolled
LIVE_N = 100_000
roll = dd_parts.roll

# The rulebook's hand for Fran in its what-if table (``exact.RULEBOOK_WHAT_IF``): the deal gives it to her.
HANDS = [[], [dd_parts.kind(*card) for card in exact.RULEBOOK_WHAT_IF["hand"]], [], []]


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


def rulebook_what_if() -> dict[str, dict[int, Fraction]]:
    """Fran's what-if at step 4 (the rulebook position): the same cached call the what-if panel makes."""
    rulebook = exact.RULEBOOK_WHAT_IF
    return cached_what_if(rulebook["hay"], rulebook["rolled"], rulebook["hand"], "random", "choose")


def prediction_answer() -> Fraction:
    """(m/6)^k for the prediction: m = 2 numbers on the Hay card, k = 4 dice rolled."""
    return exact.p_free_choice(PREDICTION_K, range(1, PREDICTION_M + 1))


QUESTION = T(
    "In phase 1 everybody takes turns: roll the dice that are left and put one of them on the Hay card. Rule "
    "DD-DICE-2 says the die must show a number that is not on the Hay card yet — unless every die you rolled "
    "shows a number that is already there: then you may choose any die. How often is the choice free? How many "
    "different numbers end up on the Hay card? And which die is best for your own cards?",
    "In Phase 1 ist reihum jeder dran: Wirf die übrigen Würfel und lege einen davon auf die Misthaufen-Karte. "
    "Regel DD-DICE-2 sagt: Der Würfel muss eine Zahl zeigen, die noch nicht auf der Misthaufen-Karte liegt — "
    "außer alle geworfenen Würfel zeigen Zahlen, die dort schon liegen: Dann darfst du jeden Würfel nehmen. Wie "
    "oft ist die Wahl frei? Wie viele verschiedene Zahlen landen auf der Misthaufen-Karte? Und welcher Würfel "
    "ist am besten für deine eigenen Karten?",
)
PROMPT = T(
    "Two different numbers lie on the Hay card (say 2 and 5) and you roll 4 dice. How likely is it that all "
    "four show a 2 or a 5, so that you may choose freely?",
    "Auf der Misthaufen-Karte liegen zwei verschiedene Zahlen (etwa 2 und 5), und du wirfst 4 Würfel. Wie "
    "wahrscheinlich zeigen alle vier eine 2 oder eine 5, sodass du frei wählen darfst?",
)
ANSWER = T(
    "(2/6)⁴ = 1/81 ≈ 0.012 — about once in 81 such turns.",
    "(2/6)⁴ = 1/81 ≈ 0,012 — etwa einmal in 81 solchen Zügen.",
)
STEP_INTRO = T(
    "This is the example round of the rulebook: Olivia, Fran, Jan and Margaret are Players 1 to 4. Fran "
    "(Player 2) has just rolled. The green 2 and the purple 2 may not go on the Hay card, because the light blue "
    "2 is already there: the dice tray says why. Click a die to place it, or press Step to see the round go on "
    "as in the rulebook. Watch step 8: Margaret (Player 4) rolls only numbers that are already on the Hay "
    "card, so she may choose any die.",
    "Das ist die Beispielrunde aus der Spielregel: Olivia, Fran, Jan und Margaret sind Spieler 1 bis 4. Fran "
    "(Spieler 2) hat gerade gewürfelt. Die grüne 2 und die lila 2 dürfen nicht auf die Misthaufen-Karte, weil "
    "die hellblaue 2 schon dort liegt: Die Würfelablage sagt, warum. Klicke einen Würfel an, um ihn zu legen, "
    "oder drück Schritt, um die Runde wie in der Spielregel weiterlaufen zu sehen. Achte auf Schritt 8: "
    "Margaret (Spieler 4) würfelt nur Zahlen, die schon auf der Misthaufen-Karte liegen, und darf deshalb "
    "jeden Würfel nehmen.",
)
RESTART = T("Back to Fran's roll", "Zurück zu Frans Wurf")
LIVE_INTRO = T(
    "The simulation plays phase 1 many times (every player places a random allowed die) and counts how many "
    "different numbers end on the Hay card. The diamonds are the exact answer.",
    "Die Simulation spielt Phase 1 sehr oft (jeder legt einen zufälligen erlaubten Würfel) und zählt, wie "
    "viele verschiedene Zahlen am Ende auf der Misthaufen-Karte liegen. Die Rauten sind die exakte Antwort.",
)
NOTICE = T(
    "<ul><li>A free choice is not rare. With m numbers on the Hay card and k dice rolled it happens with "
    "probability (m/6)<sup>k</sup>: with 4 numbers there and 2 dice rolled that is (4/6)² = 4/9 ≈ 0.44, almost half "
    "the time. Over a whole phase 1 at least one player may choose freely in about {some} of all games "
    "(exactly {some_exact}).</li><li>Because a new number must be taken whenever one is rolled, the Hay card "
    "almost always ends with 4 or 5 different numbers; all six different happens only about 6 times in 100 "
    "games, a single number practically never.</li><li>The best die for you is not always the lowest one: it "
    "depends on the colours in your hand. In the rulebook round Fran took the orange 5, but the yellow 3 would "
    "have left her best card lower on average.</li></ul>",
    "<ul><li>Eine freie Wahl ist nicht selten. Mit m Zahlen auf der Misthaufen-Karte und k geworfenen Würfeln "
    "kommt sie mit Wahrscheinlichkeit (m/6)<sup>k</sup> vor: Mit 4 Zahlen dort und 2 geworfenen Würfeln sind "
    "das (4/6)² = 4/9 ≈ 0,44, fast die Hälfte der Fälle. In einer ganzen Phase 1 darf in etwa {some} aller Spiele "
    "mindestens ein Spieler frei wählen (genau {some_exact}).</li><li>Weil man eine neue Zahl nehmen muss, "
    "sobald eine fällt, liegen am Ende fast immer 4 oder 5 verschiedene Zahlen auf der Misthaufen-Karte; sechs "
    "verschiedene gibt es nur in etwa 6 von 100 Spielen, eine einzige Zahl praktisch nie.</li><li>Der beste "
    "Würfel für dich ist nicht immer der niedrigste: Es kommt auf die Farben in deiner Hand an. In der "
    "Beispielrunde nahm Fran die orange 5, aber mit der gelben 3 wäre ihre beste Karte im Schnitt niedriger "
    "geblieben.</li></ul>",
)


def notice_text() -> T:
    """NOTICE with the chance of at least one free choice in a phase 1 filled in from ``exact``."""
    some = exact.p_some_free_choice()
    return T(
        NOTICE.en.format(some=f"{round(100 * float(some))} %", some_exact=f"{some} ≈ {decimal(some, 'en')}"),
        NOTICE.de.format(some=f"{round(100 * float(some))} %", some_exact=f"{some} ≈ {decimal(some, 'de')}"),
    )


TITLE = T("Double Donkey: choosing a die", "Double Donkey: einen Würfel wählen")
WHAT_IF_HEADING = T("What does a choice do to your cards?", "Was macht eine Wahl mit deinen Karten?")


@functools.cache
def exercises() -> list[tuple[T, T]]:
    one = exact.p_free_choice(5, [1])
    what_if = {c: sum(v * p for v, p in d.items()) for c, d in rulebook_what_if().items()}
    order = sorted(what_if, key=what_if.__getitem__)
    single = exact.distinct_values_distribution()[1]
    en_rank = ", ".join(f"{colour_name(c, 'en')} ≈ {decimal(what_if[c], 'en')}" for c in order)
    de_rank = ", ".join(f"{colour_name(c, 'de')} ≈ {decimal(what_if[c], 'de')}" for c in order)
    return [
        (
            T(
                "One number lies on the Hay card and you roll the other 5 dice. How likely may you choose freely?",
                "Eine Zahl liegt auf der Misthaufen-Karte und du wirfst die anderen 5 Würfel. Wie wahrscheinlich "
                "darfst du frei wählen?",
            ),
            T(
                f"All five must show that number: (1/6)⁵ = {one} ≈ {decimal(one, 'en', 6)}.",
                f"Alle fünf müssen diese Zahl zeigen: (1/6)⁵ = {one} ≈ {decimal(one, 'de', 6)}.",
            ),
        ),
        (
            T(
                "Can the Hay card end phase 1 with only one number on it? How?",
                "Kann die Misthaufen-Karte Phase 1 mit nur einer Zahl darauf beenden? Wie?",
            ),
            T(
                "Yes: after the first die, every roll must show only that number on every die (and the last die "
                f"too). With random choices this has probability {single} — you will never see it.",
                "Ja: Nach dem ersten Würfel muss jeder Wurf auf allen Würfeln nur diese Zahl zeigen (auch der "
                f"letzte Würfel). Bei zufälliger Wahl hat das die Wahrscheinlichkeit {single} — das erlebst du "
                "nie.",
            ),
        ),
        (
            T(
                "In the rulebook round Fran (Player 2) could place the dark blue 4, the orange 5 or the yellow 3. "
                "Her hand: orange/yellow, dark blue/green and the purple Angry Donkey. Which die leaves her best "
                "card lowest on average? Use the what-if table at step 4.",
                "In der Beispielrunde konnte Fran (Spieler 2) die dunkelblaue 4, die orange 5 oder die gelbe 3 "
                "legen. Ihre Hand: orange/gelb, dunkelblau/grün und der lila Wütende Esel. Welcher Würfel lässt "
                "ihre beste Karte im Schnitt am niedrigsten? Nutze die Was-wäre-wenn-Tabelle bei Schritt 4.",
            ),
            T(f"Average best card: {en_rank}.", f"Beste Karte im Schnitt: {de_rank}."),
        ),
    ]


EXACT = {
    "free": T(
        "Free choice with m = {m} numbers on the Hay card and k = {k} dice rolled:",
        "Freie Wahl mit m = {m} Zahlen auf der Misthaufen-Karte und k = {k} geworfenen Würfeln:",
    ),
    "grid": T(
        "Every case: rows k dice rolled, columns m numbers on the Hay card. There is no row for k = 1: with one "
        "die left there is nothing to choose.",
        "Alle Fälle: Zeilen k geworfene Würfel, Spalten m Zahlen auf der Misthaufen-Karte. Eine Zeile für k = 1 "
        "fehlt: Bei einem einzigen Würfel gibt es nichts zu wählen.",
    ),
    "some": T(
        "At least one free choice in a whole phase 1 (every roll of 2 or more dice counts):",
        "Mindestens eine freie Wahl in einer ganzen Phase 1 (jeder Wurf mit 2 oder mehr Würfeln zählt):",
    ),
    "distinct": T(
        "How many different numbers end on the Hay card, if every player places a random allowed die:",
        "Wie viele verschiedene Zahlen am Ende auf der Misthaufen-Karte liegen, wenn jeder einen zufälligen "
        "erlaubten Würfel legt:",
    ),
    "d": T("different numbers", "verschiedene Zahlen"),
    "choose": T(
        "last die: keep it or re-roll it (english rules)", "letzter Würfel: behalten oder neu werfen (englische Regel)"
    ),
    "roll": T("last die: always rolled (german rules)", "letzter Würfel: wird immer geworfen (deutsche Regel)"),
    "dice_only": T(
        "These numbers depend only on the dice, not on the cards.",
        "Diese Zahlen hängen nur von den Würfeln ab, nicht von den Karten.",
    ),
}


@functools.cache
def free_choice_html(lang: str) -> str:
    """The prediction's answer, (m/6)^k for every k and m, and the distinct-values tables (both last-die rules)."""
    say = {key: text.get(lang) for key, text in EXACT.items()}
    rows = []
    for k in range(2, 6):  # k = 1 is left out: one die leaves nothing to choose
        cells = "".join(
            f"<td>{probability_html(exact.p_free_choice(k, range(1, m + 1)), lang)}</td>" if m <= 6 - k else "<td></td>"
            for m in range(1, 6)
        )
        rows.append(f"<tr><th>k = {k}</th>{cells}</tr>")
    head = "".join(f"<th>m = {m}</th>" for m in range(1, 6))
    dists = {rule: exact.distinct_values_distribution("random", rule) for rule in exact.LAST_DIE}
    distinct = "".join(
        f"<tr><th>{d}</th>"
        + "".join(f"<td>{probability_html(dists[r].get(d, Fraction(0)), lang)}</td>" for r in dists)
        + "</tr>"
        for d in range(1, 7)
    )
    return TABLE_STYLE + (
        f"<p>{say['free'].format(m=PREDICTION_M, k=PREDICTION_K)} (m/6)<sup>k</sup> = "
        f"{probability_html(prediction_answer(), lang)}</p>"
        f"<p>{say['grid']}</p><table class='dl-lesson-table dl-free-table'><tr><th></th>{head}</tr>"
        f"{''.join(rows)}</table>"
        f"<p>{say['some']} {probability_html(exact.p_some_free_choice(), lang)}</p>"
        f"<p>{say['distinct']}</p><table class='dl-lesson-table dl-distinct-table'><tr><th>{say['d']}</th>"
        f"<th>{say['choose']}</th><th>{say['roll']}</th></tr>{distinct}</table>"
        f"<p><small>{say['dice_only']} {DECK_NOTE.get(lang)}</small></p>"
    )


def parts(query: Query | None = None) -> Lesson:
    """Every widget of the lesson for ``query`` (None: the defaults), the Stepper at Fran's roll.

    ``step_through`` holds, in order: the intro, the button back to Fran's roll, the Stepper, the dice tray
    and the hands beside the rule explainer, then the what-if under its own heading."""
    query = query or parse_query("", PARAMS)
    lang, seed = query["lang"], query["seed"]
    rules = Rules(variant=query["variant"])
    stepper = Stepper("double_donkey", PLAYERS, seed=seed, rules=rules, lang=lang, seat=query["seat"])
    start_example(stepper, rules, seed, query["step"], fresh=True)
    step_through = [
        Text(STEP_INTRO, lang=lang),
        LangButton(RESTART, lambda: start_example(stepper, rules, seed), lang, icon="undo"),
        stepper,
        step_box(stepper, [DiceTray(stepper), CardHands(stepper)]),
        Text(WHAT_IF_HEADING, "h3", lang),
        WhatIfPanel(stepper, lang=lang),
    ]
    live = LivePlot("double_donkey.distinct_values", n=LIVE_N, seed=seed, lang=lang, last_die=rules.last_die)
    lesson = Lesson(
        title=Text(TITLE, "h2", lang),
        question=Text(QUESTION, lang=lang),
        prediction=Prediction(PROMPT, prediction_answer(), ANSWER, lang=lang),
        stepper=stepper,
        step_through=step_through,
        exact=[Rendered(free_choice_html, lang)],
        answer=prediction_answer(),
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
    lesson.share = ShareLink(lesson.stepper, {"variant": query["variant"]})
    return class_pupil.join_class(NAME, query, lesson, page(lesson))  # class mode (issue 20)


PARAMS = dd_parts.lesson_params(PLAYERS, TELLING_STEP) | class_pupil.PARAMS  # class mode (issue 20): ?class=CODE

register(
    AppInfo(
        NAME,
        T("Die choice — when may you pick freely?", "Würfelwahl — wann darfst du frei wählen?"),
        T(
            "Double Donkey's Hay card: free choices, how many different numbers, and the best die for your cards.",
            "Double Donkeys Misthaufen-Karte: freie Wahl, wie viele verschiedene Zahlen, der beste Würfel für "
            "deine Karten.",
        ),
        "◎",
        PARAMS,
        build,
        kind="lesson",
    )
)
