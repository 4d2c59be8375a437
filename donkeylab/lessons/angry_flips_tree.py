"""Lesson 2's count on the Hay card: a tree a pupil draws for the last two dice. Four different numbers lie on the
Hay card, light blue's 2 among them; orange and yellow are still to roll. What is the probability that orange ends
on 2 (a pair, so a 7 after the orange flip)? 11/72 ≈ 15.3 % under the English rules (a coin keeps or re-rolls the
last die), 5/36 ≈ 13.9 % under the German ones (the last die is always rolled): less than the 1/6 of free dice,
because the rule asks for a new number whenever a rolled die shows one.

It is the headline's argument in a case small enough to count by hand: the page then says that the computer does
the same count for the whole of phase 1 (the notice). The answer comes from the engine's exact model
(``exact._finish_phase1`` on this Hay card); a test counts each branch the solution names again.
"""

from __future__ import annotations

from fractions import Fraction

from donkeylab.core.messages import join_words
from donkeylab.double_donkey import exact
from donkeylab.lessons.framework import Exercise
from donkeylab.pages.words import words

HAY = {"light_blue": 2, "dark_blue": 1, "green": 3, "purple": 4}  # four different numbers, light blue's 2 among them

TEXTS: dict[str, tuple[str, str]] = {
    "heading": ("Why pairs are rare on the Hay card", "Warum Pasche auf der Misthaufen-Karte selten sind"),
    "intro": (
        (
            "On the Hay card a pair needs orange to end on light blue's number, which is already there. The rule: "
            "if a rolled die shows a new number, the player must place such a die; only when every rolled die shows "
            "a number that is already there may the player place any of them."
        ),
        (
            "Auf der Misthaufen-Karte braucht ein Pasch, dass Orange auf der Zahl von Hellblau endet, die schon "
            "dort liegt. Die Regel: Zeigt ein geworfener Würfel eine neue Zahl, muss der Spieler einen solchen "
            "Würfel legen; nur wenn alle geworfenen Würfel Zahlen zeigen, die schon dort liegen, darf er jeden von "
            "ihnen legen."
        ),
    ),
    "q.choose": (
        (
            "Count it with a tree. Four different numbers lie on the Hay card: {numbers}; light blue shows the 2. The "
            "next player rolls orange and yellow, the last two dice. A player places a random allowed die, and a coin "
            "toss decides whether the last die is kept or rolled again. What is the probability that orange ends on 2 "
            "(after the flip, light blue/orange is then worth 7)?"
        ),
        (
            "Zähle mit einem Baumdiagramm. Vier verschiedene Zahlen liegen auf der Misthaufen-Karte: {numbers}; "
            "Hellblau zeigt die 2. Der nächste Spieler wirft Orange und Gelb, die letzten beiden Würfel. Ein "
            "Spieler legt einen zufälligen erlaubten Würfel, und ein Münzwurf entscheidet, ob der letzte Würfel "
            "behalten oder neu geworfen wird. Wie groß ist die Wahrscheinlichkeit, dass Orange am Ende 2 zeigt "
            "(nach dem Umdrehen ist hellblau/orange dann 7 wert)?"
        ),
    ),
    "q.roll": (
        (
            "Count it with a tree. Four different numbers lie on the Hay card: {numbers}; light blue shows the 2. The "
            "next player rolls orange and yellow, the last two dice. A player places a random allowed die, and the "
            "last die is always rolled again. What is the probability that orange ends on 2 (after the flip, light "
            "blue/orange is then worth 7)?"
        ),
        (
            "Zähle mit einem Baumdiagramm. Vier verschiedene Zahlen liegen auf der Misthaufen-Karte: {numbers}; "
            "Hellblau zeigt die 2. Der nächste Spieler wirft Orange und Gelb, die letzten beiden Würfel. Ein "
            "Spieler legt einen zufälligen erlaubten Würfel, und der letzte Würfel wird immer neu geworfen. Wie "
            "groß ist die Wahrscheinlichkeit, dass Orange am Ende 2 zeigt (nach dem Umdrehen ist hellblau/orange "
            "dann 7 wert)?"
        ),
    ),
    "hint": (
        (
            "First branches: each die shows an old number (4 in 6, the 2 among them) or a new one (2 in 6). Orange "
            "is placed showing 2 only if both are old, it shows the 2 and it is picked; else it may be left over "
            "as the last die: follow that branch to its end."
        ),
        (
            "Erste Äste: Jeder Würfel zeigt eine alte Zahl (4 von 6, die 2 darunter) oder eine neue (2 von 6). "
            "Orange wird nur mit einer 2 gelegt, wenn beide alt sind, es die 2 zeigt und gewählt wird; sonst "
            "bleibt es vielleicht als letzter Würfel übrig: Verfolge diesen Ast bis zum Ende."
        ),
    ),
    "left_over": (
        (
            "Step 2 · Orange is left over as the last die when yellow is placed: yellow new and orange old (4/6 · "
            "2/6 = 2/9), or both old or both new (4/9 + 1/9 = 5/9) and the choice falls on yellow (1/2): 2/9 + "
            "5/18 = 1/2."
        ),
        (
            "Schritt 2 · Orange bleibt als letzter Würfel übrig, wenn Gelb gelegt wird: Gelb neu und Orange alt "
            "(4/6 · 2/6 = 2/9), oder beide alt oder beide neu (4/9 + 1/9 = 5/9) und die Wahl fällt auf Gelb (1/2): "
            "2/9 + 5/18 = 1/2."
        ),
    ),
    # each step on its own line: the answer box shows one paragraph per line, the key one line each
    "solution.choose": (
        (
            "Step 1 · Orange is placed at once on the 2: orange shows 2 (1/6), yellow an old number (4/6), and "
            "the choice falls on orange (1/2): 1/6 · 4/6 · 1/2 = 1/18.\n{left_over}\n"
            "Step 3 · Left over showing the 2: yellow new (1/6 · 2/6 = 1/18), or yellow old and the choice on "
            "yellow (1/6 · 4/6 · 1/2 = 1/18): together 1/9.\n"
            "Step 4 · A coin decides about the last die: kept (1/2) it stays 2, rolled again (1/2) it shows 2 with "
            "1/6: 1/2 + 1/12 = 7/12. This way gives 1/9 · 7/12 = 7/108.\n"
            "Step 5 · Left over showing another number: 1/2 − 1/9 = 7/18. It must be rolled again (1/2) and show "
            "2 (1/6): 7/18 · 1/2 · 1/6 = 7/216.\n"
            "Step 6 · Add the three ways: 1/18 + 7/108 + 7/216 = 12/216 + 14/216 + 7/216 = 33/216 = 11/72 ≈ "
            "15.3 %.\n"
            "Less than 1/6: the 2 is already on the Hay card, so orange showing 2 is often not placed at once, and "
            "as the last die it may be rolled again and lose the 2."
        ),
        (
            "Schritt 1 · Orange wird sofort auf die 2 gelegt: Orange zeigt 2 (1/6), Gelb eine alte Zahl (4/6), "
            "und die Wahl fällt auf Orange (1/2): 1/6 · 4/6 · 1/2 = 1/18.\n{left_over}\n"
            "Schritt 3 · Übrig und zeigt die 2: Gelb neu (1/6 · 2/6 = 1/18), oder Gelb alt und die Wahl fällt auf "
            "Gelb (1/6 · 4/6 · 1/2 = 1/18): zusammen 1/9.\n"
            "Schritt 4 · Ein Münzwurf entscheidet über den letzten Würfel: behalten (1/2) bleibt er 2, neu geworfen "
            "(1/2) zeigt er mit 1/6 eine 2: 1/2 + 1/12 = 7/12. Dieser Weg gibt 1/9 · 7/12 = 7/108.\n"
            "Schritt 5 · Übrig und zeigt eine andere Zahl: 1/2 − 1/9 = 7/18. Er muss neu geworfen werden (1/2) "
            "und eine 2 zeigen (1/6): 7/18 · 1/2 · 1/6 = 7/216.\n"
            "Schritt 6 · Zähle die drei Wege zusammen: 1/18 + 7/108 + 7/216 = 12/216 + 14/216 + 7/216 = 33/216 = "
            "11/72 ≈ 15,3 %.\n"
            "Weniger als 1/6: Die 2 liegt schon auf der Misthaufen-Karte, also wird Orange mit einer 2 oft nicht "
            "sofort gelegt, und als letzter Würfel kann er neu geworfen werden und die 2 verlieren."
        ),
    ),
    "solution.roll": (
        (
            "Step 1 · Orange is placed at once on the 2: orange shows 2 (1/6), yellow an old number (4/6), and "
            "the choice falls on orange (1/2): 1/6 · 4/6 · 1/2 = 1/18.\n{left_over}\n"
            "Step 3 · The last die is always rolled again: it shows 2 with 1/6, so 1/2 · 1/6 = 1/12.\n"
            "Step 4 · Add the two ways: 1/18 + 1/12 = 2/36 + 3/36 = 5/36 ≈ 13.9 %.\n"
            "Less than 1/6: the 2 is already on the Hay card, so orange showing 2 is often not placed at once, and "
            "as the last die it is rolled again and may lose the 2."
        ),
        (
            "Schritt 1 · Orange wird sofort auf die 2 gelegt: Orange zeigt 2 (1/6), Gelb eine alte Zahl (4/6), "
            "und die Wahl fällt auf Orange (1/2): 1/6 · 4/6 · 1/2 = 1/18.\n{left_over}\n"
            "Schritt 3 · Der letzte Würfel wird immer neu geworfen: Er zeigt mit 1/6 eine 2, also 1/2 · 1/6 = "
            "1/12.\n"
            "Schritt 4 · Zähle die zwei Wege zusammen: 1/18 + 1/12 = 2/36 + 3/36 = 5/36 ≈ 13,9 %.\n"
            "Weniger als 1/6: Die 2 liegt schon auf der Misthaufen-Karte, also wird Orange mit einer 2 oft nicht "
            "sofort gelegt, und als letzter Würfel wird er neu geworfen und kann die 2 verlieren."
        ),
    ),
    "left_over_half": (
        (
            "1/2 is the probability that orange is left over as the last die (step 2). It still has to end on 2: "
            "follow that branch on to its end, and add the branch where orange is placed at once on the 2."
        ),
        (
            "1/2 ist die Wahrscheinlichkeit, dass Orange als letzter Würfel übrig bleibt (Schritt 2). Er muss "
            "aber noch auf der 2 enden: Verfolge diesen Ast bis zum Ende und zähle den Ast dazu, in dem Orange "
            "sofort auf die 2 gelegt wird."
        ),
    ),
    "first_only": (
        (
            "1/18 is only the branch where orange is placed at once on the 2. Orange may also be left over as "
            "the last die and end on 2: add those branches."
        ),
        (
            "1/18 ist nur der Ast, in dem Orange sofort auf die 2 gelegt wird. Orange kann auch als letzter Würfel "
            "übrig bleiben und auf der 2 enden: Zähle diese Äste dazu."
        ),
    ),
    "other_rules.choose": (
        (
            "5/36 is the answer when the last die is always rolled (the German rules). Here a coin decides: a "
            "kept last die that shows 2 stays on 2."
        ),
        (
            "5/36 ist die Antwort, wenn der letzte Würfel immer neu geworfen wird (deutsche Regeln). Hier "
            "entscheidet ein Münzwurf: Ein behaltener letzter Würfel, der 2 zeigt, bleibt auf der 2."
        ),
    ),
    "other_rules.roll": (
        (
            "11/72 is the answer when a coin decides whether the last die is kept (the English rules). Here the "
            "last die is always rolled again: what it showed before does not count."
        ),
        (
            "11/72 ist die Antwort, wenn ein Münzwurf entscheidet, ob der letzte Würfel behalten wird (englische "
            "Regeln). Hier wird der letzte Würfel immer neu geworfen: Was er vorher zeigte, zählt nicht."
        ),
    ),
    "independent": (
        (
            "1/6 would be right if orange were rolled freely. Here the rule matters: a player may place orange on "
            "the 2 already there only when neither die shows a new number."
        ),
        (
            "1/6 stimmt, wenn der orangefarbene Würfel frei gewürfelt würde. Hier zählt die Regel: Er darf nur "
            "dann auf die 2 gelegt werden, die schon da liegt, wenn keiner der beiden Würfel eine neue Zahl zeigt."
        ),
    ),
}
say = words("lesson/angry_flips_tree/", TEXTS)


def orange_on_two(last_die: exact.LastDie = "choose") -> Fraction:
    """The tree, counted by the engine's exact model: the Hay card ``HAY``, orange and yellow left to roll; the
    probability that orange ends on 2, i.e. a pair, so a 7 after the orange flip (11/72 under the English rules,
    5/36 under the German ones)."""
    tracked = ("light_blue", "orange")
    others = tuple(sorted(v for c, v in HAY.items() if c not in tracked))
    start = ((HAY["light_blue"], 0), others, 0)
    final = exact._finish_phase1(start, 6 - len(tracked), "random", last_die)
    return sum((p for (values, _, _), p in final.items() if values[1] == 2), Fraction(0))


def other_rules(last_die: exact.LastDie) -> exact.LastDie:
    """The other rules' last die: the tree's answer under them is a known wrong answer under these."""
    return "roll" if last_die == "choose" else "choose"


def numbers_words(lang: str) -> str:
    """The Hay card's four numbers as the question lists them ("1, 2, 3 and 4" / "1, 2, 3 und 4")."""
    return join_words([str(v) for v in sorted(HAY.values())], lang, "and")


def tree_exercise(last_die: exact.LastDie = "choose") -> Exercise:
    """The tree as an exercise with an answer box; each classic wrong answer (1/6 of free dice, 1/2 left over,
    the first branch alone, the other rules' answer) gets the hint aimed at it."""
    return Exercise(
        say(f"q.{last_die}", numbers=numbers_words),
        say(f"solution.{last_die}", left_over=say("left_over")),
        orange_on_two(last_die),
        hint=say("hint"),
        mistakes=(
            (Fraction(1, 6), say("independent")),
            (Fraction(1, 2), say("left_over_half")),  # orange left over, not yet on the 2
            (Fraction(1, 18), say("first_only")),  # the first branch alone
            (orange_on_two(other_rules(last_die)), say(f"other_rules.{last_die}")),
        ),
    )
