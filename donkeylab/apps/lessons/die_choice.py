"""Lesson 1 — Double Donkey's die choice (DD-DICE-1..3). Headline: 2 numbers lie on the Hay card and you roll 4
dice: how likely is a free choice (DD-DICE-2)? Exactly (2/6)^4 = 1/81.

The step-through is the rulebook's example round (4 players; Olivia, Fran, Jan and Margaret are Players 1-4),
forced roll by roll, starting where Fran has rolled two dice that DD-DICE-2 forbids; step 8 shows a free
choice. The exact answer comes from ``double_donkey.exact``; the simulation rolls 4 dice again and again
(``lab.questions_lessons``: ``lesson.free_choice``) and draws the running estimate closing in on 1/81. The
other questions (every m and k, how many different numbers end on the Hay card) go further below.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

from donkeylab.apps.lessons import dd_parts
from donkeylab.apps.lessons.dd_parts import DECK_NOTE, LangButton, colour_name, decimal, probability_html
from donkeylab.apps.lessons.dd_what_if import WhatIfPanel, cached_what_if
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
from donkeylab.apps.lessons.page import TABLE_STYLE, Lesson, Rendered, page, percent, step_box
from donkeylab.apps.parts import Text
from donkeylab.apps.query import Query
from donkeylab.apps.registry import AppInfo, register
from donkeylab.apps.words import Say, words
from donkeylab.core import Action
from donkeylab.double_donkey import Choose, Keep, Rules, exact
from donkeylab.widgets import CardHands, DiceTray, LivePlot, Stepper

NAME = "die_choice"
PLAYERS = 4
TELLING_STEP = 4  # Fran (Player 2) has rolled: the green 2 and the purple 2 are forbidden (DD-DICE-2)
FREE_STEP = 8  # Margaret (Player 4) rolled only numbers already on the Hay card: a free choice
PREDICTION_M, PREDICTION_K = 2, 4  # 2 numbers on the Hay card, 4 dice rolled
LIVE_N = 100_000
roll = dd_parts.roll

# The rulebook's hand for Fran in its what-if table (``exact.RULEBOOK_WHAT_IF``): the deal gives it to her.
HANDS = [[], [dd_parts.kind(*card) for card in exact.RULEBOOK_WHAT_IF["hand"]], [], []]


TEXTS: dict[str, tuple[str, str]] = {
    "step_intro": (
        (
            "This is the example round of the rulebook: Olivia, Fran, Jan and Margaret are Players 1 to 4. Fran "
            "(Player 2) has just rolled. The green 2 and the purple 2 may not go on the Hay card, because the "
            "light blue 2 is already there: the dice tray says why. Click a die to place it, or press Step to see "
            "the round go on as in the rulebook. Watch step 8: Margaret (Player 4) rolls only numbers that are "
            "already on the Hay card, so she may choose any die."
        ),
        (
            "Das ist die Beispielrunde aus der Spielregel: Olivia, Fran, Jan und Margaret sind Spieler 1 bis 4. "
            "Fran (Spieler 2) hat gerade gewürfelt. Die grüne 2 und die lila 2 dürfen nicht auf die "
            "Misthaufen-Karte, weil die hellblaue 2 schon dort liegt: Die Würfelablage sagt, warum. Klicke einen "
            "Würfel an, um ihn zu legen, oder drück Schritt, um die Runde wie in der Spielregel weiterlaufen zu "
            "sehen. Achte auf Schritt 8: Margaret (Spieler 4) würfelt nur Zahlen, die schon auf der "
            "Misthaufen-Karte liegen, und darf deshalb jeden Würfel nehmen."
        ),
    ),
    "restart": (
        "Back to Fran's roll",
        "Zurück zu Frans Wurf",
    ),
    "what_if_heading": (
        "What does a choice do to your cards?",
        "Was macht eine Wahl mit deinen Karten?",
    ),
    "exact.grid": (
        (
            "Every case: rows k dice rolled, columns m numbers on the Hay card. There is no row for k = 1: with "
            "one die left there is nothing to choose."
        ),
        (
            "Alle Fälle: Zeilen k geworfene Würfel, Spalten m Zahlen auf der Misthaufen-Karte. Eine Zeile für k = "
            "1 fehlt: Bei einem einzigen Würfel gibt es nichts zu wählen."
        ),
    ),
    "exact.some": (
        "At least one free choice in a whole phase 1 (every roll of 2 or more dice counts):",
        "Mindestens eine freie Wahl in einer ganzen Phase 1 (jeder Wurf mit 2 oder mehr Würfeln zählt):",
    ),
    "exact.distinct": (
        "How many different numbers end on the Hay card, if every player places a random allowed die:",
        (
            "Wie viele verschiedene Zahlen am Ende auf der Misthaufen-Karte liegen, wenn jeder einen zufälligen "
            "erlaubten Würfel legt:"
        ),
    ),
    "exact.d": (
        "different numbers",
        "verschiedene Zahlen",
    ),
    "exact.choose": (
        "last die: keep it or re-roll it (english rules)",
        "letzter Würfel: behalten oder neu werfen (englische Regel)",
    ),
    "exact.roll": (
        "last die: always rolled (german rules)",
        "letzter Würfel: wird immer geworfen (deutsche Regel)",
    ),
    "exact.dice_only": (
        "These numbers depend only on the dice, not on the cards.",
        "Diese Zahlen hängen nur von den Würfeln ab, nicht von den Karten.",
    ),
    "title": (
        "Lesson 1 — Double Donkey: choosing a die",
        "Lektion 1 — Double Donkey: einen Würfel wählen",
    ),
    "question": (
        (
            "In phase 1 everybody takes turns: roll the dice that are left and put one of them on the Hay card. "
            "Rule DD-DICE-2 says: the die must show a number that is not on the Hay card yet. There is one "
            "exception. If every die you rolled shows a number that is already there, you may choose any die: a "
            "<b>free choice</b>. <b>Two numbers lie on the Hay card and you roll 4 dice. How likely is a free "
            "choice?</b> <br><small>A <b>probability</b> says how often something happens in the long run: a "
            "number from 0 (never) to 1 (always), or 0 % to 100 %.</small>"
        ),
        (
            "In Phase 1 ist reihum jeder dran: Wirf die übrigen Würfel und lege einen davon auf die "
            "Misthaufen-Karte. Regel DD-DICE-2 sagt: Der Würfel muss eine Zahl zeigen, die noch nicht auf der "
            "Misthaufen-Karte liegt. Es gibt eine Ausnahme. Zeigen alle geworfenen Würfel Zahlen, die dort schon "
            "liegen, darfst du jeden Würfel nehmen: eine <b>freie Wahl</b>. <b>Zwei Zahlen liegen auf der "
            "Misthaufen-Karte, und du wirfst 4 Würfel. Wie wahrscheinlich ist eine freie Wahl?</b> <br><small>Eine "
            "<b>Wahrscheinlichkeit</b> sagt, wie oft etwas auf lange Sicht passiert: eine Zahl von 0 (nie) bis 1 "
            "(immer), oder 0 % bis 100 %.</small>"
        ),
    ),
    "prompt": (
        (
            "Two numbers lie on the Hay card (say 2 and 5) and you roll 4 dice. How likely do all four show a 2 or "
            "a 5? Set the slider to your guess (0 = never, 1 = always)."
        ),
        (
            "Zwei Zahlen liegen auf der Misthaufen-Karte (etwa 2 und 5), und du wirfst 4 Würfel. Wie "
            "wahrscheinlich zeigen alle vier eine 2 oder eine 5? Stell den Regler auf deinen Tipp (0 = nie, 1 = "
            "immer)."
        ),
    ),
    "answer": (
        "{p}: (2/6)⁴ = 1/81. That is rarer than most people guess.",
        "{p}: (2/6)⁴ = 1/81. Das ist seltener, als die meisten tippen.",
    ),
    "headline": (
        (
            "Each die shows a 2 or a 5 with probability 2/6. The dice are <b>independent</b>: what one die shows "
            "does not change what another shows. So the four chances multiply: (2/6) · (2/6) · (2/6) · (2/6) = "
            "(2/6)⁴ = {p}. With m numbers on the Hay card and k dice rolled it is (m/6)<sup>k</sup>."
        ),
        (
            "Jeder Würfel zeigt mit Wahrscheinlichkeit 2/6 eine 2 oder eine 5. Die Würfel sind <b>unabhängig</b>: "
            "Was ein Würfel zeigt, ändert nichts an dem, was ein anderer zeigt. Also werden die vier Chancen "
            "multipliziert: (2/6) · (2/6) · (2/6) · (2/6) = (2/6)⁴ = {p}. Mit m Zahlen auf der Misthaufen-Karte "
            "und k geworfenen Würfeln ist es (m/6)<sup>k</sup>."
        ),
    ),
    "live_intro": (
        (
            "A <b>simulation</b> lets the computer do the experiment many times with random numbers: here it rolls "
            "4 dice again and again and counts the free choices. The blue line is the share of free choices after "
            "N rolls. The black line is the exact 1/81. The shaded band is the <b>95 % range</b> (a confidence "
            "interval): at each N it comes from a method that catches the exact value in about 95 of 100 "
            "simulations like this one. Press Start and watch the band close in on 1/81 as N grows."
        ),
        (
            "Eine <b>Simulation</b> lässt den Computer das Experiment sehr oft mit Zufallszahlen machen: Hier "
            "wirft er immer wieder 4 Würfel und zählt die freien Wahlen. Die blaue Linie ist der Anteil freier "
            "Wahlen nach N Würfen. Die schwarze Linie ist das exakte 1/81. Das Band ist der <b>95-%-Bereich</b> "
            "(ein Konfidenzintervall): Bei jedem N kommt es aus einem Verfahren, das den exakten Wert in etwa 95 "
            "von 100 solchen Simulationen einfängt. Drück Start und sieh zu, wie sich das Band mit wachsendem N um "
            "1/81 schließt."
        ),
    ),
    "notice": (
        (
            "<ul><li>Four dice must all agree with the Hay card, and each die only has 2 chances in 6. Multiplying "
            "small chances makes a very small one: about 1 in 81.</li><li>A free choice is not rare in every "
            "situation. With 4 numbers on the Hay card and 2 dice rolled it is (4/6)² = 4/9, almost half the time. "
            "Over a whole phase 1, at least one player may choose freely in about {some} of games.</li><li>The "
            "simulation never hits 1/81 exactly, but with more rolls it gets closer: the band gets "
            "narrower.</li></ul>"
        ),
        (
            "<ul><li>Vier Würfel müssen alle zur Misthaufen-Karte passen, und jeder Würfel hat nur 2 Chancen von "
            "6. Multipliziert man kleine Chancen, wird es sehr klein: etwa 1 von 81.</li><li>Eine freie Wahl ist "
            "nicht in jeder Lage selten. Mit 4 Zahlen auf der Misthaufen-Karte und 2 geworfenen Würfeln sind es "
            "(4/6)² = 4/9, fast die Hälfte der Fälle. In einer ganzen Phase 1 darf in etwa {some} der Spiele "
            "mindestens ein Spieler frei wählen.</li><li>Die Simulation trifft 1/81 nie genau, aber mit mehr "
            "Würfen kommt sie näher: Das Band wird schmaler.</li></ul>"
        ),
    ),
    "ex1.q": (
        "One number lies on the Hay card and you roll the other 5 dice. How likely may you choose freely?",
        (
            "Eine Zahl liegt auf der Misthaufen-Karte, und du wirfst die anderen 5 Würfel. Wie wahrscheinlich "
            "darfst du frei wählen?"
        ),
    ),
    "ex1.hint": (
        "Each of the 5 dice must show that one number: 1 chance in 6 each.",
        "Jeder der 5 Würfel muss genau diese Zahl zeigen: jeweils 1 Chance von 6.",
    ),
    "ex1.solution": (
        "(1/6)⁵ = 1/7776, about 0.013 %: you will almost never see it.",
        "(1/6)⁵ = 1/7776, etwa 0,013 %: Das siehst du fast nie.",
    ),
    "ex2.q": (
        (
            "Why it matters: you are the last of four to roll. Four numbers lie on the Hay card and 2 dice are "
            "left. Only a free choice lets you take the die that suits your cards. How likely is it?"
        ),
        (
            "Warum es zählt: Du würfelst als Letzter von vier. Vier Zahlen liegen auf der Misthaufen-Karte, 2 "
            "Würfel sind übrig. Nur eine freie Wahl lässt dich den Würfel nehmen, der zu deinen Karten passt. Wie "
            "wahrscheinlich ist sie?"
        ),
    ),
    "ex2.hint": (
        "Each die must show one of the 4 numbers: 4 chances in 6, and the two dice are independent.",
        "Jeder Würfel muss eine der 4 Zahlen zeigen: 4 Chancen von 6, und die zwei Würfel sind unabhängig.",
    ),
    "ex2.solution": (
        "(4/6)² = 16/36 = 4/9, about 44 %: almost every second time you may pick the die for your cards.",
        "(4/6)² = 16/36 = 4/9, etwa 44 %: Fast jedes zweite Mal darfst du den Würfel für deine Karten nehmen.",
    ),
    "ex3.q": (
        (
            "In the rulebook round Fran (Player 2) could place the dark blue 4, the orange 5 or the yellow 3. Her "
            "hand: orange/yellow, dark blue/green and the purple Angry Donkey. Which die leaves her best card "
            "lowest on average? Use the what-if table at step 4."
        ),
        (
            "In der Beispielrunde konnte Fran (Spieler 2) die dunkelblaue 4, die orange 5 oder die gelbe 3 legen. "
            "Ihre Hand: orange/gelb, dunkelblau/grün und der lila Wütende Esel. Welcher Würfel lässt ihre beste "
            "Karte im Schnitt am niedrigsten? Nutze die Was-wäre-wenn-Tabelle bei Schritt 4."
        ),
    ),
    "ex3.solution": (
        "Average best card: {rank}.",
        "Beste Karte im Schnitt: {rank}.",
    ),
    "further.intro": (
        (
            "More about the Hay card: the free choice for every case, and how many different numbers end on the "
            "Hay card. The plot below simulates whole phases 1."
        ),
        (
            "Mehr zur Misthaufen-Karte: die freie Wahl in jedem Fall, und wie viele verschiedene Zahlen am Ende "
            "auf der Misthaufen-Karte liegen. Das Diagramm unten simuliert ganze Phasen 1."
        ),
    ),
    "app.title": (
        "Die choice — when may you pick freely?",
        "Würfelwahl — wann darfst du frei wählen?",
    ),
    "app.blurb": (
        "Double Donkey's Hay card: how likely is a free choice? Predict, step through, check.",
        "Double Donkeys Misthaufen-Karte: Wie wahrscheinlich ist eine freie Wahl? Tippen, durchspielen, prüfen.",
    ),
}
say = words("lesson/die_choice/", TEXTS)


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


@functools.cache
def free_choice_html(lang: str) -> str:
    """Going further: (m/6)^k for every k and m, and the distinct-values tables (both last-die rules)."""
    say_ = {k.removeprefix("exact."): say(k).get(lang) for k in TEXTS if k.startswith("exact.")}
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
        f"<p>{say_['grid']}</p><table class='dl-lesson-table dl-free-table'><tr><th></th>{head}</tr>"
        f"{''.join(rows)}</table>"
        f"<p>{say_['some']} {probability_html(exact.p_some_free_choice(), lang)}</p>"
        f"<p>{say_['distinct']}</p><table class='dl-lesson-table dl-distinct-table'><tr><th>{say_['d']}</th>"
        f"<th>{say_['choose']}</th><th>{say_['roll']}</th></tr>{distinct}</table>"
        f"<p><small>{say_['dice_only']} {DECK_NOTE.get(lang)}</small></p>"
    )


def exact_head(lang: str) -> str:
    """The headline's answer and why: independent dice multiply."""
    return f"<p>{say('headline', p=lambda lg: probability_html(prediction_answer(), lg)).get(lang)}</p>"


def notice_text() -> Say:
    """What to notice, with the chance of at least one free choice in a whole phase 1 from ``exact``."""
    return say("notice", some=lambda lg: percent(exact.p_some_free_choice(), lg, 0))


@functools.cache
def what_if_ranking(lang: str) -> str:
    """Fran's dice ordered by her average best card (the what-if at step 4)."""
    means = {c: sum(v * p for v, p in d.items()) for c, d in rulebook_what_if().items()}
    return ", ".join(
        f"{colour_name(c, lang)} ≈ {decimal(means[c], lang)}" for c in sorted(means, key=means.__getitem__)
    )


def exercises() -> list[Exercise]:
    """Two numbers to type (one a game decision) and the what-if reading."""
    one, four = exact.p_free_choice(5, [1]), exact.p_free_choice(2, range(1, 5))
    return [
        Exercise(say("ex1.q"), say("ex1.solution"), one, Fraction(1, 100_000), say("ex1.hint")),
        Exercise(say("ex2.q"), say("ex2.solution"), four, Fraction(5, 1000), say("ex2.hint"), why=True),
        Exercise(say("ex3.q"), say("ex3.solution", rank=what_if_ranking)),
    ]


def step_through(ctx: Context) -> list[Any]:
    """The rulebook round at Fran's roll: the button back to it, the Stepper, the dice tray and the hands
    beside the rule explainer, then the what-if for the player to choose."""
    query = ctx.query
    rules = Rules(variant=query["variant"])
    stepper = Stepper("double_donkey", PLAYERS, seed=ctx.seed, rules=rules, lang=ctx.lang, seat=query["seat"])
    start_example(stepper, rules, ctx.seed, query["step"], fresh=True)
    ctx.stepper = stepper
    return [
        LangButton(say("restart"), lambda: start_example(stepper, rules, ctx.seed), ctx.lang, icon="undo"),
        stepper,
        step_box(stepper, [DiceTray(stepper), CardHands(stepper)]),
        Text(say("what_if_heading"), "h3", ctx.lang),
        WhatIfPanel(stepper, lang=ctx.lang),
    ]


def going_further(ctx: Context) -> list[Any]:
    """Every m and k, at least one free choice per phase 1, and how many different numbers (live)."""
    rules = Rules(variant=ctx.query["variant"])
    return [
        Text(say("further.intro"), lang=ctx.lang),
        Rendered(free_choice_html, ctx.lang),
        LivePlot("double_donkey.distinct_values", n=LIVE_N, seed=ctx.seed, lang=ctx.lang, last_die=rules.last_die),
    ]


PARAMS = lesson_params("double_donkey", PLAYERS, step=TELLING_STEP)
LESSON = LessonSpec(
    NAME,
    say("title"),
    [
        Question(say("question")),
        Predict(say("prompt"), prediction_answer(), say("answer", p=lambda lg: percent(prediction_answer(), lg))),
        StepThrough(say("step_intro"), step_through),
        ExactAnswer(prediction_answer(), [exact_head]),
        Convergence(say("live_intro"), "lesson.free_choice", {"m": PREDICTION_M, "k": PREDICTION_K}, n=100_000),
        Notice(notice_text()),
        Exercises(exercises()),
        GoingFurther(going_further),
    ],
    PARAMS,
    share=("variant",),
)


def parts(query: Query | None = None) -> Lesson:
    """Every widget of the lesson for ``query`` (None: the defaults), the Stepper at Fran's roll."""
    return build_lesson(LESSON, query)


def build(query: Query) -> Any:
    """The app page (the framework's one layout)."""
    return page(parts(query))


register(AppInfo(NAME, say("app.title"), say("app.blurb"), "◎", PARAMS, build, kind="lesson"))
