"""Double Donkey's lesson questions (``QUESTIONS`` → the lab's registry as ``double_donkey.<name>``), with the words
their figures say.

- ``distinct_values``: how many different values end up on the Hay card after phase 1 (DD-DICE-1..3)?
- ``flip``: a card's value before and after Angry Donkeys flip their dice (DD-ANGRY-1, DD-VALUE-1).
- ``free_choice``: m numbers on the Hay card, k dice rolled: are all k on the Hay card's numbers (DD-DICE-2;
  Lesson 1's headline, exact (m/6)^k)?
- ``seven_after_flip``: after phase 1 and the orange flip, is the light blue/orange Double Donkey worth 7
  (Lesson 2's headline: 10.1 % under the English rules, 9.3 % under the German ones)?

Each samples with ``fast_dice`` / ``fast_flips`` (numpy) or their twins in ``pure`` (``core.fastpath.pick``),
and takes its exact answer from ``exact``. Why here: a game's package is the one home of its content.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from types import ModuleType
from typing import Any

from donkeylab.core import CATALOGUE
from donkeylab.core.fastpath import have_numpy, pick
from donkeylab.core.messages import join_words
from donkeylab.core.questions import GameQuestion, Param
from donkeylab.core.say import texts
from donkeylab.double_donkey import pure
from donkeylab.double_donkey.bots import POLICIES

WORDS: dict[str, tuple[str, str]] = {
    "distinct_title": (
        "Distinct values on the Hay card after phase 1 ({policy})",
        "Verschiedene Werte auf der Misthaufen-Karte nach Phase 1 ({policy})",
    ),
    "distinct_axis": ("distinct values on the Hay card", "verschiedene Werte auf der Misthaufen-Karte"),
    # how every seat places its die in phase 1 (``bots.POLICIES``), said in a figure's title
    "policy/random": ("bots choosing at random", "Bots wählen zufällig"),
    "policy/lowest": ("bots choosing the lowest number", "Bots wählen die niedrigste Zahl"),
    "policy/highest": ("bots choosing the highest number", "Bots wählen die höchste Zahl"),
    "flip_title": (
        "Value of the card {card} before and after flipping {angry}",
        "Wert der Karte {card} vor und nach dem Umdrehen durch {angry}",
    ),
    # who flips: English names the dice, German the Angry Donkeys (the colour declined after "den")
    "flip_angry_one": ("the {colours} die", "den {colours} Wütenden Esel"),
    "flip_angry_many": ("the {colours} dice", "{colours} Wütenden Esel"),
    "flip_angry_each": ("{colour}", "den {colour}"),
    "flip_axis": ("card value (points)", "Wert der Karte (Punkte)"),
    "before the flip": ("before the flip", "vor dem Umdrehen"),
    "after the flip": ("after the flip", "nach dem Umdrehen"),
    "conv_free_choice": (
        "{m} numbers on the Hay card, {k} dice rolled: how often do all dice show numbers already there? "
        "(estimate after N rolls)",
        "{m} Zahlen auf der Misthaufen-Karte, {k} Würfel geworfen: Wie oft zeigen alle Würfel Zahlen, die schon "
        "dort liegen? "
        "(Schätzung nach N Würfen)",
    ),
    "conv_seven": (
        "{when}: how often is light blue/orange worth 7? (estimate after N games)",
        "{when}: Wie oft ist hellblau/orange 7 wert? (Schätzung nach N Spielen)",
    ),
    "seven_after": ("After the orange flip", "Nach dem Umdrehen des orangefarbenen Würfels"),
    "seven_before": ("Without a flip", "Ohne Umdrehen"),
}
# ``say(key, lang, **data)``: a figure word of this module in ``lang``, ``data`` filled in as given (already
# in ``lang``)
say = texts("figure/", WORDS)


def card_name(card: Sequence[str], lang: str) -> str:
    """A card by its colours: "light blue + orange" / "hellblau + orange"."""
    return " + ".join(CATALOGUE.term(c, lang) for c in card)


def angry_donkeys(colours: Sequence[str], lang: str) -> str:
    """Who flips: "the orange die" / "den orangen Wütenden Esel", "the orange and yellow dice" / "den orangen
    und den gelben Wütenden Esel" (German declines the colour before its noun: the engine's forms after "den")."""
    from donkeylab.double_donkey.messages import accusative_term

    words = [CATALOGUE.term(accusative_term(c), lang) for c in colours]
    if len(words) == 1:
        return say("flip_angry_one", lang, colours=words[0])
    each = [say("flip_angry_each", lang, colour=w) for w in words]
    return say("flip_angry_many", lang, colours=join_words(each, lang, "and"))


def _colours(value: Any) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(str(c) for c in value)


def _dice() -> ModuleType:
    return pick("donkeylab.double_donkey.fast_dice", "donkeylab.double_donkey.pure")


def _flips() -> ModuleType:
    return pick("donkeylab.double_donkey.fast_flips", "donkeylab.double_donkey.pure")


POLICY = Param("policy", "random", "how every seat chooses its die", POLICIES)
# DD-DICE-3, the one rule of phase 1 the variants differ in: a page under the German rules must draw their
# numbers (else ?variant=german states 9.3 % beside a line at the English 10.1 %).
LAST_DIE = Param(
    "last_die",
    "choose",
    "DD-DICE-3: keep or re-roll the last die (the English rules), or always roll it (the German rules)",
    ("choose", "roll"),
)


# ---------------------------------------------------------------------------------------------- distinct values
def _distinct_exact(p: Mapping[str, Any]) -> dict[Any, Fraction]:
    from donkeylab.double_donkey import exact

    return exact.distinct_values_distribution(p["policy"], p["last_die"])


def _distinct_sample(size: int, seed: int, p: Mapping[str, Any]) -> Counter[Any]:
    return Counter(_dice().distinct_distribution(size, seed, p["policy"], p["last_die"]))


def _distinct_words(p: Mapping[str, Any], lang: str) -> dict[str, str]:
    return {"policy": say(f"policy/{p['policy']}", lang)}


# ---------------------------------------------------------------------------------------------- the flip
FLIP_SERIES = ("before the flip", "after the flip")


def _flip_exact(p: Mapping[str, Any]) -> dict[Any, Fraction]:
    from donkeylab.double_donkey import exact

    before = exact.card_value_distribution(p["card"], (), p["policy"], p["last_die"])
    after = exact.card_value_distribution(p["card"], p["angry"], p["policy"], p["last_die"])
    return {**{(FLIP_SERIES[0], v): q for v, q in before.items()}, **{(FLIP_SERIES[1], v): q for v, q in after.items()}}


def _flip_sample(size: int, seed: int, p: Mapping[str, Any]) -> Counter[Any]:
    flips = _flips()
    before, after = flips.flip_distributions(p["card"], p["angry"], size, seed, hay=p["policy"], last_die=p["last_die"])
    return Counter(
        {**{(FLIP_SERIES[0], v): c for v, c in before.items()}, **{(FLIP_SERIES[1], v): c for v, c in after.items()}}
    )


def _flip_words(p: Mapping[str, Any], lang: str) -> dict[str, str]:
    return {"card": card_name(p["card"], lang), "angry": angry_donkeys(p["angry"], lang)}


def _series_label(key: Any, lang: str) -> str:
    return say(key, lang) if key in FLIP_SERIES else str(key)


# ---------------------------------------------------------------------------------------------- Lesson 1's headline
def _free_exact(p: Mapping[str, Any]) -> dict[str, Fraction]:
    from donkeylab.double_donkey import exact

    return {"p": exact.p_free_choice(p["k"], range(1, p["m"] + 1))}


def _free_hits(size: int, seed: int, p: Mapping[str, Any]) -> Sequence[bool]:
    """Whether every one of ``k`` dice shows a number already on the Hay card (numpy, else ``random``)."""
    if not have_numpy():
        import random

        rng = random.Random(seed)
        return [all(rng.randint(1, 6) <= p["m"] for _ in range(p["k"])) for _ in range(size)]
    import numpy as np

    on_hay = np.zeros(7, dtype=bool)
    on_hay[1 : p["m"] + 1] = True
    rolls = np.random.default_rng(seed).integers(1, 7, size=(size, p["k"]))
    hits: list[bool] = on_hay[rolls].all(axis=1).tolist()  # type: ignore[assignment]
    return hits


# ---------------------------------------------------------------------------------------------- Lesson 2's headline
SEVEN_CARD = ("light_blue", "orange")


def _seven_exact(p: Mapping[str, Any]) -> dict[str, Fraction]:
    from donkeylab.double_donkey import exact

    flips = ("orange",) if p["flipped"] else ()
    return {"p": exact.card_value_distribution(SEVEN_CARD, flips, "random", p["last_die"]).get(7, Fraction(0))}


def _seven_hits(size: int, seed: int, p: Mapping[str, Any]) -> Sequence[bool]:
    flipped = frozenset({"orange"}) if p["flipped"] else frozenset()
    if not have_numpy():
        import random

        rng = random.Random(seed)
        hays = (pure.hay_pips(rng, "random", p["last_die"]) for _ in range(size))
        return [pure.card_value(one, SEVEN_CARD, flipped) == 7 for one in hays]
    from donkeylab.double_donkey import fast_flips

    pips = fast_flips.hay_pips(size, seed, "random", p["last_die"])
    return fast_flips.card_values(pips, SEVEN_CARD, flipped) == 7  # type: ignore[no-any-return]


def _seven_words(p: Mapping[str, Any], lang: str) -> dict[str, str]:
    return {"when": say("seven_after" if p["flipped"] else "seven_before", lang)}


QUESTIONS = (
    GameQuestion(
        "distinct_values",
        "figure/distinct_title",
        "figure/distinct_axis",
        exact=_distinct_exact,
        params=(POLICY, LAST_DIE),
        rules=pure.dice.RULES_COVERED,
        sample=_distinct_sample,
        words=_distinct_words,
        fast=True,
    ),
    GameQuestion(
        "flip",
        "figure/flip_title",
        "figure/flip_axis",
        exact=_flip_exact,
        params=(
            Param("card", ("light_blue", "orange"), "the card: one colour (Angry Donkey) or two", convert=_colours),
            Param("angry", ("orange",), "the colours of the Angry Donkeys revealed", convert=_colours),
            POLICY,
            LAST_DIE,  # phase 1's last die: the English rules by default, "roll" for the German ones
        ),
        rules=pure.flips.RULES_COVERED,
        sample=_flip_sample,
        figure="series",
        words=_flip_words,
        label=_series_label,
        grouped=True,
        fast=True,
    ),
    GameQuestion(
        "free_choice",
        "figure/conv_free_choice",
        "figure/estimated",
        exact=_free_exact,
        params=(
            Param("m", 2, "numbers on the Hay card", tuple(range(1, 6))),
            Param("k", 4, "dice rolled", tuple(range(2, 6))),
        ),
        sample=_free_hits,
        figure="running",
        indexed=True,
    ),
    GameQuestion(
        "seven_after_flip",
        "figure/conv_seven",
        "figure/estimated",
        exact=_seven_exact,
        params=(Param("flipped", True, "True: after the orange flip", (True, False)), LAST_DIE),
        sample=_seven_hits,
        words=_seven_words,
        y_range=(0.0, 0.5),  # Lesson 2 plots it without a flip above after the flip: one scale for both
        figure="running",
        indexed=True,
    ),
)
