"""Double Down's lesson questions (``QUESTIONS`` → the lab's registry as ``double_down.<name>``), with the words
their figures say.

- ``total_after``: the running total after k cards off a shuffled deck (or with replacement: the Markov
  approximation), simulated by ``fast_totals`` or its twin in ``pure``.
- ``risk``: how risky is the next card at each running total (exact only: safe / doublet / bust).
- ``next_card``: the next card at one total, drawn at random from the full 56-card deck (the Double Down
  lesson's prediction: at 65 it costs a token with probability 5/28).
- ``token_at``: the same as a yes/no running estimate (Lesson 3's headline).

Why here: a game's package is the one home of its content.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from donkeylab.core import numbers
from donkeylab.core.colours import ColourStyle
from donkeylab.core.fastpath import have_numpy, pick
from donkeylab.core.questions import GameQuestion, Param
from donkeylab.core.say import texts
from donkeylab.double_down import pure
from donkeylab.double_down.deck import BUST_AT, CARD_KIND, DELTA, DOUBLETS, KINDS

WORDS: dict[str, tuple[str, str]] = {
    "total_title": (
        "Double Down: total after {k} cards, drawn {how} replacement",
        "Double Down: Summe nach {k} Karten, {how} Zurücklegen gezogen",
    ),
    "with": ("with", "mit"),
    "without": ("without", "ohne"),
    "total_axis": ("running total (points)", "Summe (Punkte)"),
    "risk_title": (
        "Double Down: risk of the next card by running total",
        "Double Down: Risiko der nächsten Karte je nach Summe",
    ),
    "risk_axis": ("running total before the card (points)", "Summe vor der Karte (Punkte)"),
    "risk_hover": ("total", "Summe"),
    "safe": ("safe", "sicher"),
    "doublet": ("doublet", "Schnapszahl"),
    "bust": ("bust", "77 oder mehr"),
    "next_card_title": (
        "Double Down: the next card at total {total}, drawn from a full deck",
        "Double Down: die nächste Karte bei Summe {total}, aus einem vollen Stapel gezogen",
    ),
    "next_card_axis": ("what the card does", "was die Karte bewirkt"),
    "conv_token": (
        "At total {total}: how often does the next card cost a token? (estimate after N cards)",
        "Bei Summe {total}: Wie oft kostet die nächste Karte einen Chip? (Schätzung nach N Karten)",
    ),
}
# ``say(key, lang, **data)``: a figure word of this module in ``lang``, ``data`` filled in as given (already
# in ``lang``)
say = texts("figure/", WORDS)

OUTCOMES = ("safe", "doublet", "bust")
# the outcomes' look in a figure: green safe, orange doublet, vermillion bust, each with its own pattern as well
OUTCOME_STYLES = {
    "safe": ColourStyle("#009E73", "circle", ""),
    "doublet": ColourStyle("#E69F00", "diamond", "/"),
    "bust": ColourStyle("#D55E00", "x", "x"),
}
# what drawing one card from a full deck exercises
DECK_RULES = ("DN-PLAY-1", "DN-MINUS-1", "DN-ZERO-1", "DN-DOUBLET-1", "DN-BUST-1")


def _outcome(key: Any, lang: str) -> str:
    return say(key, lang) if key in OUTCOMES else str(key)


def _totals() -> Any:
    return pick("donkeylab.double_down.fast_totals", "donkeylab.double_down.pure")


# ---------------------------------------------------------------------------------------------- total after k
def _total_exact(p: Mapping[str, Any]) -> dict[Any, Fraction]:
    from donkeylab.double_down import exact

    law = (
        exact.total_distribution_with_replacement if p["replacement"] else exact.total_distribution_without_replacement
    )
    return law(p["k"])


def _total_sample(size: int, seed: int, p: Mapping[str, Any]) -> Counter[Any]:
    return Counter(_totals().total_distribution(p["k"], size, seed, p["replacement"]))


def _total_words(p: Mapping[str, Any], lang: str) -> dict[str, str]:
    return {"k": numbers.whole(p["k"], lang), "how": say("with" if p["replacement"] else "without", lang)}


# ---------------------------------------------------------------------------------------------- risk (exact)
def _risk_exact(_p: Mapping[str, Any]) -> dict[Any, Fraction]:
    from donkeylab.double_down import exact

    return {(t, o): q for t in range(BUST_AT) for o, q in exact.next_card_risk(t).items()}


def _risk_words(_p: Mapping[str, Any], lang: str) -> dict[str, str]:
    return {"row": say("risk_hover", lang)}


# ---------------------------------------------------------------------------------------------- the next card
def _next_exact(p: Mapping[str, Any]) -> dict[Any, Fraction]:
    from donkeylab.double_down import exact

    return dict(exact.next_card_risk(p["total"]))


def _next_sample(size: int, seed: int, p: Mapping[str, Any]) -> Counter[Any]:
    from donkeylab.double_down import exact

    outcome = [exact.play_outcome(p["total"], KINDS[k]) for k in CARD_KIND]  # one entry per card of the deck
    counts: Counter[Any] = Counter(dict.fromkeys(OUTCOMES, 0))
    if not have_numpy():  # the browser: the same draw, one card at a time
        counts.update(pure.next_card_outcomes(outcome, size, seed))
        return counts
    import numpy as np

    drawn = np.random.default_rng(seed).integers(0, len(CARD_KIND), size)
    per_card = np.bincount(drawn, minlength=len(CARD_KIND))
    for card, n in enumerate(per_card.tolist()):
        counts[outcome[card]] += n
    return counts


def _total_word(p: Mapping[str, Any], lang: str) -> dict[str, str]:
    return {"total": numbers.whole(p["total"], lang)}


# ---------------------------------------------------------------------------------------------- Lesson 3's headline
def _token_exact(p: Mapping[str, Any]) -> dict[str, Fraction]:
    from donkeylab.double_down import exact

    risk = exact.next_card_risk(p["total"])
    return {"p": risk["doublet"] + risk["bust"]}


def _token_hits(size: int, seed: int, p: Mapping[str, Any]) -> Sequence[bool]:
    # A card repeating the total (0, direction change, 2x) has delta 0: it never makes a new doublet here.
    if not have_numpy():
        rng = random.Random(seed)
        ends = [p["total"] + DELTA[k] for k in CARD_KIND]
        cost = [(a in DOUBLETS and a != p["total"]) or a >= BUST_AT for a in ends]
        return [cost[rng.randrange(len(CARD_KIND))] for _ in range(size)]
    import numpy as np

    after = np.array([p["total"] + DELTA[k] for k in CARD_KIND])
    costs = np.isin(after, list(DOUBLETS)) & (after != p["total"]) | (after >= BUST_AT)
    drawn = np.random.default_rng(seed).integers(0, len(CARD_KIND), size)
    return costs[drawn]  # type: ignore[no-any-return]


QUESTIONS = (
    GameQuestion(
        "total_after",
        "figure/total_title",
        "figure/total_axis",
        exact=_total_exact,
        params=(
            Param(
                "k", 3, "number of cards played (up to 16: the exact answer enumerates them)", tuple(range(1, 17)), int
            ),
            Param("replacement", False, "draw with replacement (the Markov-chain approximation)", convert=bool),
        ),
        rules=pure.RULES_COVERED,
        sample=_total_sample,
        words=_total_words,
        fast=True,
    ),
    GameQuestion(
        "risk",
        "figure/risk_title",
        "figure/risk_axis",
        exact=_risk_exact,
        params=(),
        figure="shares",
        words=_risk_words,
        label=_outcome,
        styles=OUTCOME_STYLES,
        grouped=True,
    ),
    GameQuestion(
        "next_card",
        "figure/next_card_title",
        "figure/next_card_axis",
        exact=_next_exact,
        params=(Param("total", 65, "the running total before the card", convert=int),),
        rules=DECK_RULES,
        sample=_next_sample,
        words=_total_word,
        label=_outcome,
        fast=True,
    ),
    GameQuestion(
        "token_at",
        "figure/conv_token",
        "figure/estimated",
        exact=_token_exact,
        params=(Param("total", 65, "the running total before the card", tuple(range(0, 77))),),
        sample=_token_hits,
        figure="running",
        indexed=True,
    ),
)
