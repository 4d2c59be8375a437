"""The questions a class answers, lesson by lesson, with the bounds the store enforces.

Plain data, no engine or UI import: the store checks every value against these bounds before it writes, so a
forged guess or an oversized batch never reaches the database. A lesson offers class mode by having an entry
here — the dashboard, the pupils' pages and the store read everything from it (its prompt, its kind, its
choices' words, what is pooled): no other edit.

A class runs its lesson's questions in order; the first is the lesson's own prediction (``headline``: its
reveal opens the rest of the lesson), the others are guesses the class makes along the way, each asked on the
pupils' class card. A question is a probability (0..1), a number in ``(low, high)``, or a choice among
options (the index of an option, ``whole``). ``lab`` names the lab question (``donkeylab.lab.questions``)
whose batches the pupils' kernels pool and ``hit`` the outcomes whose share the teacher's plot follows (a
question without one is not pooled); ``tests/classroom`` checks each against the lab and the lessons, and
each exact value against the engine's exact modules.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from fractions import Fraction

from donkeylab.core.messages import CATALOGUE

BATCH = 10_000  # trials a batch may carry: the lessons' running estimates use batches of 10,000 (max_batch)
MAX_OUTCOMES = 64
MAX_OUTCOME_CHARS = 40
KINDS = ("probability", "number", "choice")


@dataclasses.dataclass(frozen=True)
class ClassQuestion:
    """One guess a class makes, and the simulation it pools (if any)."""

    qid: str
    prompt: str  # the question as pupils read it: a catalogue key
    exact: Fraction | float  # the answer (a choice: the index of the right option)
    kind: str = "probability"
    low: float = 0.0
    high: float = 1.0
    step: float = 0.01  # a number's resolution on the pupil's slider
    choices: tuple[str, ...] = ()  # a choice's options (identifiers, as the lesson's prediction holds them)
    choice_words: str = ""  # catalogue prefix of their words: ``f"{choice_words}{option}"``
    unit: str = ""  # a catalogue key naming a number's unit ("rounds"), shown beside it
    headline: bool = False  # the lesson's own prediction: its reveal opens the rest of the lesson
    lab: str | None = None  # the lab question whose batches are pooled (None: not pooled)
    params: Mapping[str, object] = dataclasses.field(default_factory=dict)  # its parameters, as the lesson runs it
    hit: tuple[str, ...] = ("p",)  # pooled outcomes (``outcome_name(key)``) whose share the plot follows
    what: str = ""  # a catalogue key: what the pooled share is the share of
    batch: int = BATCH
    per_trial: int = 1  # outcomes counted per trial (a grouped lab question counts one per group)
    measured: bool = False  # the answer is a long simulation's, not an exact count (Lesson 5): the reveal says so

    @property
    def whole(self) -> bool:
        """A choice: only whole numbers (an option's index)."""
        return self.kind == "choice"


_LESSONS: dict[str, dict[str, ClassQuestion]] = {}


def add(lesson: str, *items: ClassQuestion) -> None:
    """Offer ``lesson`` in class mode with ``items`` (the headline first): all a lesson needs to declare."""
    for q in items:
        if q.kind not in KINDS or (q.kind == "choice") != bool(q.choices) or not q.low < q.high:
            raise ValueError(f"{lesson}/{q.qid}: a {q.kind} question with those bounds cannot be asked")
    if [q.headline for q in items][:1] != [True] or sum(q.headline for q in items) != 1:
        raise ValueError(f"{lesson}: the first question, and only it, is the lesson's own prediction")
    _LESSONS[lesson] = {q.qid: q for q in items}


def choice(qid: str, prompt: str, exact: str, choices: tuple[str, ...], words: str, **more: object) -> ClassQuestion:
    """A choice among ``choices``, the right one ``exact`` (stored as its index)."""
    return ClassQuestion(
        qid,
        prompt,
        choices.index(exact),
        kind="choice",
        low=0,
        high=len(choices) - 1,
        step=1,
        choices=choices,
        choice_words=words,
        **more,  # type: ignore[arg-type]
    )


_TEXTS = {  # the guesses a class makes along a lesson, besides its own prediction
    "die_choice.four_two": (
        "Four numbers are already on the Hay card and you roll the last 2 dice. What is the probability that "
        "both show numbers that are already there (the exception)?",
        "Vier Zahlen liegen schon auf der Misthaufen-Karte, und du wirfst die letzten 2 Würfel. Wie groß ist "
        "die Wahrscheinlichkeit, dass beide Zahlen zeigen, die schon dort liegen (die Ausnahme)?",
    ),
    "angry_flips.seven_after": (
        "After the orange flip: what is the probability that the light blue/orange card is worth 7?",
        "Nach dem Umdrehen von Orange: Wie groß ist die Wahrscheinlichkeit, dass die Karte hellblau/orange 7 wert ist?",
    ),
    "doublet_penalties.risk_64": (
        "The total is 64. What is the probability that the next card (drawn at random from a full deck) costs a token?",
        "Die Summe ist 64. Wie groß ist die Wahrscheinlichkeit, dass die nächste Karte (zufällig aus einem "
        "vollen Stapel) einen Chip kostet?",
    ),
    "doublet_penalties.risk_74": (
        "The total is 74. What is the probability that the next card (drawn at random from a full deck) costs a token?",
        "Die Summe ist 74. Wie groß ist die Wahrscheinlichkeit, dass die nächste Karte (zufällig aus einem "
        "vollen Stapel) einen Chip kostet?",
    ),
    "arrow_chains.no_hop": (
        "In races where everyone moves at random on the standard board: what share of all moves sets off no "
        "hop at all?",
        "In Rennen, in denen alle zufällig auf dem Standardbrett ziehen: Welcher Anteil aller Züge löst gar "
        "keinen Sprung aus?",
    ),
    "full_games.rounds_shorter": (
        "Bots choosing at random play the same deals with both rules. By how many rounds are German games "
        "shorter on average?",
        "Zufällig wählende Bots spielen dieselben Karten mit beiden Regeln. Um wie viele Runden sind deutsche "
        "Spiele im Mittel kürzer?",
    ),
    "unit.rounds": ("rounds", "Runden"),
    "flip.more": ("more often", "öfter"),
    "flip.less": ("less often", "seltener"),
    "flip.same": ("just as often", "genauso oft"),
    "shorter.english": ("English rules", "englische Regeln"),
    "shorter.german": ("German rules", "deutsche Regeln"),
    "shorter.same": ("about the same", "etwa gleich"),  # the lesson's own words for this option
    "card.RGY": ("red–green–yellow", "rot–grün–gelb"),
    "card.RYG": ("red–yellow–green", "rot–gelb–grün"),
    "card.GRY": ("green–red–yellow", "grün–rot–gelb"),
    "card.GYR": ("green–yellow–red", "grün–gelb–rot"),
    "card.YRG": ("yellow–red–green", "gelb–rot–grün"),
    "card.YGR": ("yellow–green–red", "gelb–grün–rot"),
    "card.same": ("all equally likely", "alle gleich wahrscheinlich"),
    "what.token_risk": ("the next card costs a token at 65", "die nächste Karte kostet bei 65 einen Chip"),
    "what.free_choice": (
        "the exception: all 4 dice show one of the 2 numbers on the Hay card",
        "die Ausnahme: Alle 4 Würfel zeigen eine der 2 Zahlen auf der Misthaufen-Karte",
    ),
    "what.seven_after": (
        "light blue/orange is worth 7 after the orange flip",
        "Hellblau/Orange ist nach dem Umdrehen von Orange 7 wert",
    ),
}
CATALOGUE.add_all(_TEXTS, prefix="class/q/")
CARDS = ("RGY", "RYG", "GRY", "GYR", "YRG", "YGR")  # Esels-Rennen's order cards (the engine's ``CARDS``)
ORDER_GUESSES = (*CARDS, "same")  # Lesson 4's prediction: an order card, or "all equally likely"
FLIP = ("more", "less", "same")
SHORTER = ("english", "german", "same")

# The exact values are the lessons' own (each checked against the engine in tests/classroom/test_questions.py);
# Lesson 5's are measured (50,000 pairs of games: full_games.MEASURED), not exact, and said so on its page.
add(
    "die_choice",
    ClassQuestion(
        "free_choice", "lesson/die_choice/prompt", Fraction(1, 81), headline=True,
        lab="double_donkey.free_choice", params={"m": 2, "k": 4}, what="class/q/what.free_choice",
    ),
    ClassQuestion("four_two", "class/q/die_choice.four_two", Fraction(4, 9)),
)  # fmt: skip
add(
    "angry_flips",
    choice(
        "flip_seven", "lesson/angry_flips/prompt", "less", FLIP, "class/q/flip.", headline=True,
        lab="double_donkey.seven_after_flip", params={"flipped": True}, what="class/q/what.seven_after",
    ),
    ClassQuestion(
        "seven_after", "class/q/angry_flips.seven_after", Fraction(440557291, 4353564672),
        lab="double_donkey.seven_after_flip", params={"flipped": True}, what="class/q/what.seven_after",
    ),
)  # fmt: skip
add(
    "doublet_penalties",
    ClassQuestion(
        "token_risk", "lesson/doublet_penalties/prompt", Fraction(5, 28), headline=True,
        lab="double_down.token_at", params={"total": 65}, what="class/q/what.token_risk",
    ),
    ClassQuestion("risk_64", "class/q/doublet_penalties.risk_64", Fraction(9, 56)),
    ClassQuestion("risk_74", "class/q/doublet_penalties.risk_74", Fraction(9, 14)),
)  # fmt: skip
add(
    "arrow_chains",
    choice("best_card", "lesson/arrow_chains/prompt", "RGY", ORDER_GUESSES, "class/q/card.", headline=True),
    ClassQuestion("no_hop", "class/q/arrow_chains.no_hop", 0.5610652130661608),
)  # fmt: skip
add(
    "full_games",
    choice("shorter", "lesson/full_games/prompt", "german", SHORTER, "class/q/shorter.", headline=True, measured=True),
    ClassQuestion(
        "rounds_shorter", "class/q/full_games.rounds_shorter", 0.523, "number", 0.0, 3.0, 0.05,
        unit="class/q/unit.rounds", measured=True,
    ),
)  # fmt: skip


def outcome_name(key: object) -> str:
    """How a lab outcome is pooled: ``"bust"``, ``"6"``; a grouped ``("after the flip", 4)``: ``"after the flip|4"``."""
    if isinstance(key, tuple):
        return "|".join(str(part) for part in key)
    return str(key)


def lessons() -> list[str]:
    """The lessons class mode offers."""
    return list(_LESSONS)


def question_specs(lesson: str) -> dict[str, ClassQuestion]:
    """Every question of ``lesson`` in the order the class answers them (``KeyError`` for a lesson class mode
    does not offer)."""
    return dict(_LESSONS[lesson])


def questions(lesson: str) -> dict[str, tuple[float, float]]:
    """``{question_id: (low, high)}``: the lesson's predictions and their bounds."""
    return {q.qid: (q.low, q.high) for q in _LESSONS[lesson].values()}
