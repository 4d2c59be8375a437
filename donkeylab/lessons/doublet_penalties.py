"""Lesson 3 — Doublets and the 77 bust (Double Down). Headline: at total 65, how likely does the next card cost a
token? Exactly 5/28: the four −10s make 55, a doublet (DN-DOUBLET-1), and 6 cards make 77 or more (DN-BUST-1);
no card does both, so a pupil adds two counts by hand: (4 + 6)/56.

The step-through stops at a telling position: the total is 64 and Player 2 holds a 2 (→ 66, a doublet), a 22
(→ 86, a bust) and three safe cards. The exact answers come from ``double_down.exact``; the simulation
(``double_down.token_at``) draws cards at total 65 and closes in on 5/28. Exercise 3 goes up to 70, where 24 cards
cost a token and a pupil asks whether a hand of 5 still holds a safe card. The risk at every total, the pupil's hand
and the total after k cards (with and without replacement) go further below.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

from donkeylab.core import CATALOGUE
from donkeylab.double_down import BUST_AT, CARD_KIND, DECK_SIZE, DELTA, DOUBLETS, KIND_INDEX, KINDS, exact
from donkeylab.lessons.doublet_penalties_text import TEXTS
from donkeylab.lessons.framework import (
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
    lesson_spec,
    sealed_by,
)
from donkeylab.lessons.framework import build as build_lesson
from donkeylab.lessons.page import Lesson, Rendered, exact_html, page, step_box, table
from donkeylab.pages.parts import Text
from donkeylab.pages.query import Query
from donkeylab.pages.registry import AppInfo, register
from donkeylab.pages.words import band, words

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
PREDICT_AT = 65  # both ways to lose a token: a doublet (−10 → 55) and the 77 bust (22 … 66, 76)
HAND_AT = 70  # exercise 3: a high total, where 24 of the 56 cards cost a token (only by the 77)
DOUBLET_AT = 45  # the exercise whose doublet a pupil counts by hand: eight 10s make 55, nothing else a doublet
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


def _count(outcome: exact.Outcome, total: int = PREDICT_AT) -> int:
    """How many of the 56 cards, played on ``total``, have ``outcome``."""
    return int(exact.next_card_risk(total)[outcome] * DECK_SIZE)


def _doublet_plays(lang: str) -> str:
    """The cards that make a doublet at the headline total, each with the doublet it makes: "−10 → 55"."""
    cards = [c for c in KINDS if exact.play_outcome(PREDICT_AT, c) == "doublet"]
    return ", ".join(f"{card_name(c, lang)} → {PREDICT_AT + _delta(c)}" for c in cards) or "—"


def _headline_data() -> dict[str, Any]:
    return {
        "d": _count("doublet"),
        "dcards": _doublet_plays,
        "n": _count("bust"),
        "cards": lambda lg: _cards_with("bust", PREDICT_AT, lg),
        "s": _count("doublet") + _count("bust"),
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


def no_safe_card(total: int = HAND_AT, hand: int = 5) -> Fraction:
    """P(a random ``hand`` of the full deck holds no card that is safe at ``total``): the costly cards counted
    by ``exact.play_outcome``, drawn without replacement."""
    costly = sum(1 for k in CARD_KIND if exact.play_outcome(total, KINDS[k]) != "safe")
    return Fraction(comb(costly, hand), comb(DECK_SIZE, hand))


def exercises() -> list[Exercise]:
    """Four numbers to type (one a decision: do you hold a safe card at 70?, one a doublet counted by hand at 45),
    each with the feedback aimed at its classic wrong answers, and the 76 + 76 question answered in words."""
    at0 = token_risk(0)
    risk76 = exact.next_card_risk(76)
    none = no_safe_card()
    costly70 = token_risk(HAND_AT)  # 3/7: one card; five drawn afresh would be (3/7)⁵
    with_76 = at0 + Fraction(1, DECK_SIZE)  # the 76 counted too (it makes 76 from 0, no doublet, no bust)
    return [
        Exercise(
            say("exercises"),
            say("exercises2"),
            at0,
            hint=say("ex1.hint"),
            mistakes=((with_76, say("ex1.with_76")), (Fraction(1, DECK_SIZE), say("ex1.one_card"))),
        ),
        Exercise(
            say("ex2.q"),
            say("exercises4"),
            risk76["safe"],
            hint=say("ex2.hint"),
            mistakes=(
                (risk76["safe"] + risk76["doublet"], say("ex2.minus_ten")),  # the −10s counted as safe
                (1 - risk76["safe"], say("ex2.costly")),
                (risk76["safe"] - Fraction(4, DECK_SIZE), say("ex2.one_kind")),  # the 0s or the 2x left out
                (Fraction(1, 4), say("ex2.quarter")),
            ),
        ),
        Exercise(
            say("ex3.q"),
            say("ex3.solution", p=lambda lg: exact_html(none, lg, True).replace("<b>", "").replace("</b>", "")),
            none,
            hint=say("ex3.hint"),
            why=True,
            mistakes=((costly70**5, say("ex3.replaced")), (costly70, say("ex3.one_card"))),
        ),
        Exercise(
            say("doublet45.q"),
            say("doublet45.solution"),
            exact.next_card_risk(DOUBLET_AT)["doublet"],
            hint=say("doublet45.hint"),
            mistakes=((Fraction(1, DECK_SIZE), say("doublet45.one_card")),),
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
        stepper.go_to(ctx.query["step"])
    ctx.stepper = stepper
    return [stepper, step_box(stepper, [RunningTotal(stepper)], odds=ctx.query["odds"] == "1")]


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


@lesson_spec
def spec() -> LessonSpec:
    return LessonSpec(
        NAME,
        say("title"),
        [
            Question(say("question")),
            Predict(say("prompt"), ANSWER, say("answer", **_headline_data())),
            StepThrough(say("step_intro"), step_through),
            Convergence(
                say("live_intro", band=band),
                "double_down.token_at",
                {"total": PREDICT_AT},
                n=100_000,
                after=say("live_after"),
            ),
            ExactAnswer(ANSWER, [exact_headline]),
            Notice(say("notice")),
            Exercises(exercises()),
            GoingFurther(going_further, by=("risk_64", "risk_74")),  # the risk table and plot: every total
        ],
        PARAMS,
        game="double_down",
    )


def parts(query: Query | None = None, *, sealed: bool = False) -> Lesson:
    """The widgets of the lesson in page order, built for ``query`` (defaults when None)."""
    return build_lesson(spec(), query, sealed=sealed)


def build(query: Query) -> Any:
    """The app page (the framework's one layout) with a link that reproduces the step."""
    return page(parts(query, sealed=sealed_by(query)))


register(AppInfo(NAME, say("app.title"), say("app.blurb"), "⚠", PARAMS, build, kind="lesson"))
