"""Lesson 2's count by hand: the flip on two free dice in two 6 × 6 tables (the 7s before the flip are 6 of 36,
the 7s after it are the 6 pairs, so free dice give 1/6 either way), then the Hay card, where pairs are rarer: a
tree of the last two dice (``angry_flips_tree``: orange ends on light blue's 2 with 11/72, less than 1/6).

Every number is counted here on the engine's own rules: the tables' values are the engine's ``card_value`` of the
light blue/orange card under each roll (after the flip, its dice as DD-ANGRY-1 turns them); the tree's answer is
the engine's exact model's. The page shows the tables and asks both counts with answer boxes; the worksheet prints
the same (``by_hand_sheet``).
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any

from donkeylab.double_donkey import COLOURS, Card, Choose, Rules, card_value, new_game
from donkeylab.double_donkey.exact import LastDie
from donkeylab.lessons import dd_parts
from donkeylab.lessons.angry_flips_tree import HAY, tree_exercise
from donkeylab.lessons.angry_flips_tree import say as tree_say
from donkeylab.lessons.framework import Context, Exercise, answer_box
from donkeylab.lessons.page import TABLE_STYLE
from donkeylab.pages.parts import Speaks, Text, by_lang
from donkeylab.pages.words import words

TEXTS: dict[str, tuple[str, str]] = {
    "heading": ("Count it by hand", "Zähle selbst nach"),
    "intro": (
        (
            "Two free dice, light blue and orange: 36 equally likely rolls. Left: the card's value, light blue + "
            "orange, its 6 squares worth 7 marked. Right: the orange die flipped, light blue + (7 − orange)."
        ),
        (
            "Zwei freie Würfel, Hellblau und Orange: 36 gleich wahrscheinliche Würfe. Links: der Wert der Karte, "
            "Hellblau + Orange, die 6 Felder mit dem Wert 7 markiert. Rechts: Orange umgedreht, Hellblau + "
            "(7 − Orange)."
        ),
    ),
    "before": ("before: light blue + orange", "vorher: Hellblau + Orange"),
    "after": ("after: light blue + (7 − orange)", "nachher: Hellblau + (7 − Orange)"),
    "rows": ("light blue ↓ · orange →", "Hellblau ↓ · Orange →"),
    "free.q": (
        "Count in the right table: in how many of the 36 squares is the card worth 7 after the flip?",
        "Zähle in der rechten Tabelle: In wie vielen der 36 Felder ist die Karte nach dem Umdrehen 7 wert?",
    ),
    "free.hint": (
        "Look for the 7s along the line from the top left corner to the bottom right one.",
        "Such die 7en auf der Linie von der linken oberen Ecke zur rechten unteren.",
    ),
    "free.solution": (
        (
            "6 squares: 1 + 1, 2 + 2, … 6 + 6, the pairs (both dice show the same number; 3 and 3 become 3 + 4). "
            "With free dice that is 6 of 36 before the flip and 6 of 36 after it: the flip changes nothing, "
            "1/6 either way. On the Hay card it does change something, because pairs are rare there."
        ),
        (
            "6 Felder: 1 + 1, 2 + 2, … 6 + 6, die Pasche (beide Würfel zeigen dieselbe Zahl; aus 3 und 3 wird "
            "3 + 4). Mit freien Würfeln sind es vor dem Umdrehen 6 von 36 und danach 6 von 36: Das Umdrehen "
            "ändert nichts, beide Male 1/6. Auf der Misthaufen-Karte ändert es etwas, weil Pasche dort selten sind."
        ),
    ),
    "free.all": (
        "36 is every square. Count only the squares that show 7.",
        "36 sind alle Felder. Zähle nur die Felder, in denen 7 steht.",
    ),
    "free.probability": (  # "1/6", "6/36" or "6 of 36": the right count, written as a share of the squares
        "That is a probability, a share of the 36 squares. The question asks how many squares: type that number alone.",
        "Das ist eine Wahrscheinlichkeit, ein Anteil an den 36 Feldern. Gefragt ist, wie viele Felder: Gib nur "
        "diese Zahl ein.",
    ),
}
say = words("lesson/angry_flips_hand/", TEXTS)

FACES = range(1, 7)
CARD = ("light_blue", "orange")


def card_values(flipped: bool) -> dict[tuple[int, int], int]:
    """The light blue/orange card's value for each roll (light blue, orange) of two free dice: the engine's
    ``card_value``, after the flip with the orange die turned over as DD-ANGRY-1 does (7 − pips)."""
    card = Card(0, "DD:light_blue+orange", False, tuple(COLOURS.index(c) for c in CARD), "DD:light_blue+orange")
    out = {}
    for blue in FACES:
        for orange in FACES:
            pips = {"light_blue": blue, "orange": 7 - orange if flipped else orange}
            out[(blue, orange)] = card_value(card, tuple(pips.get(c, 1) for c in COLOURS))
    return out


def sevens(flipped: bool) -> int:
    """How many of the 36 rolls make the card worth 7 (before or after the orange flip)."""
    return sum(v == 7 for v in card_values(flipped).values())


def placed_on_two() -> Fraction:
    """The Hay card ``HAY``, orange and yellow rolled, orange showing 2: the probability that the player (a random
    allowed die) places orange, counted on the engine's own rolls and legal moves over yellow's six faces (1/3:
    only by the exception, when yellow shows an old number too, and then by the choice). The tree's first branch
    is 1/6 of it (orange shows 2): a test checks the tree's 1/18 on the engine's legal moves this way."""
    rules = Rules()
    hay = list(HAY.items())
    state = new_game(4, rules).apply(dd_parts.forced_deal(rules, [[], [], [], []], 0))
    for i, (colour, _) in enumerate(hay):
        pips = dict(hay[i:]) | {c: 6 for c in COLOURS if c not in HAY}
        state = state.apply(dd_parts.roll(**pips)).apply(Choose(colour))
    placed = Fraction(0)
    for yellow in FACES:
        moves = state.apply(dd_parts.roll(orange=2, yellow=yellow)).legal_actions()
        chooses = [m for m in moves if isinstance(m, Choose)]
        placed += Fraction(sum(m.colour == "orange" for m in chooses), 6 * len(chooses))
    return placed


def tables_html(lang: str) -> str:
    """The two 6 × 6 tables side by side: before the flip (its 7s marked) and after it (left for the pupil)."""
    cols = []
    for flipped, key in ((False, "before"), (True, "after")):
        values = card_values(flipped)
        head = "".join(f"<th>{o}</th>" for o in FACES)
        rows = ""
        for blue in FACES:
            cells = ""
            for orange in FACES:
                v = values[(blue, orange)]
                marked = not flipped and v == 7
                style = " style='background:#fde2c4;font-weight:700;outline:2px solid #b35900'" if marked else ""
                cells += f"<td{style}>{v}</td>"
            rows += f"<tr><th>{blue}</th>{cells}</tr>"
        caption = html.escape(say(key).get(lang))
        corner = "<br>".join(html.escape(part) for part in say("rows").get(lang).split(" · "))
        cols.append(
            f"<table class='dl-lesson-table dl-flip-grid'><caption>{caption}</caption>"
            f"<tr><th><small>{corner}</small></th>{head}</tr>{rows}</table>"
        )
    # compact squares: both tables side by side on a school screen and on A4 (the worksheet prints them)
    grid = (
        "<style>.dl-flip-grids{display:flex;flex-wrap:wrap;gap:18px;break-inside:avoid}.dl-flip-grid{margin:2px 0}"
        ".dl-flip-grid td,.dl-flip-grid th{padding:1px 8px;text-align:center;line-height:1.2}"
        ".dl-flip-grid caption{white-space:nowrap}"
        "@media print{.dl-flip-grid td,.dl-flip-grid th{padding:0 5px;font-size:10px;line-height:1.1}}</style>"
    )
    return f"{TABLE_STYLE}{grid}<div class='dl-flip-grids'>{''.join(cols)}</div>"


def intro_html(lang: str) -> str:
    return f"<p>{say('intro').get(lang)}</p>{tables_html(lang)}"


def free_exercise() -> Exercise:
    """Count the 7s after the flip on two free dice (6: the pairs); typed as a whole number."""
    count = sevens(True)
    mistakes = [(Fraction(36), say("free.all")), (Fraction(count, 36), say("free.probability"))]
    return Exercise(say("free.q"), say("free.solution"), Fraction(count), hint=say("free.hint"), mistakes=mistakes)


def by_hand_sheet(variant: str = "english") -> list[tuple[Speaks, Speaks, Exercise]]:
    """The counts as the worksheet and the key print them (heading, intro, exercise): the page's own words. The
    tree's numbers are those of ``variant``'s rules (the German rules always roll the last die)."""
    last_die: LastDie = "roll" if variant == "german" else "choose"
    return [
        (say("heading"), by_lang(intro_html), free_exercise()),
        (tree_say("heading"), tree_say("intro"), tree_exercise(last_die)),
    ]


def by_hand(ctx: Context) -> list[Any]:
    """The section on the page: the tables and both counts, each with its answer box."""
    parts: list[Any] = []
    for heading, intro, item in by_hand_sheet(ctx.query["variant"]):
        assert item.exact is not None and item.hint is not None
        # the rounding rule under the tree's box (a probability), not under the count of squares (a whole number)
        box = answer_box(item, ctx.lang, rule=Fraction(item.exact).denominator != 1)
        parts += [Text(heading, "h3", ctx.lang), Text(intro, "div", ctx.lang), Text(item.question, lang=ctx.lang), box]
    return parts
