"""Which lesson questions a class can answer and pool, with the bounds the store enforces.

Plain data, no engine or UI import: the store checks every value against these bounds before it writes,
so a forged prediction or an oversized batch never reaches the database. ``lab`` names the lab question
(``donkeylab.lab.questions``) whose batches the pupils' kernels pool, ``hit`` the outcomes whose share the
teacher's convergence plot follows; ``tests/classroom`` checks both against the lab.

A prediction is a number in ``(low, high)``; a choice among ``k`` options (an order card) is its index,
``(0, k - 1)``, with ``whole`` set.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

# The lab's largest batch (``lab.questions.MAX_BATCH``): no batch a pupil's kernel sends may hold more trials.
BATCH = 10_000  # trials a batch may carry: the lessons' running estimates use batches of 10,000 (max_batch)
MAX_OUTCOMES = 64
MAX_OUTCOME_CHARS = 40


@dataclasses.dataclass(frozen=True)
class ClassQuestion:
    """One prediction a class makes and the simulation it pools."""

    qid: str
    low: float
    high: float
    lab: str  # the lab question whose batches are pooled
    params: Mapping[str, object]  # its parameters, as the lesson runs it
    hit: tuple[str, ...]  # outcomes (as pooled: ``outcome_name(key)``) whose share the convergence plot shows
    exact: float  # the exact answer of the prediction (what Reveal puts beside the guesses)
    whole: bool = False  # a choice: only whole numbers
    batch: int = BATCH
    choices: tuple[str, ...] = ()  # for a choice: the option each index names (identifiers, not words)
    per_trial: int = 1  # outcomes counted per trial (a grouped lab question counts one per group)
    prompt: str = (
        "prompt"  # the lesson's catalogue key (``lesson/<lesson>/<prompt>``) of the question as pupils read it
    )


_LESSONS: dict[str, dict[str, ClassQuestion]] = {}


def _add(lesson: str, *items: ClassQuestion) -> None:
    _LESSONS[lesson] = {q.qid: q for q in items}


# Each lesson's headline prediction (issue 16 §2) and the running estimate it pools: a convergence question's
# batch is pooled as {"p": hits, "not": misses}, so the class's share of "p" closes in on the exact value.
# The exact values are the lessons' own answers (checked against the engines in tests/classroom).
HIT = ("p",)
_add(
    "doublet_penalties",
    ClassQuestion("token_risk", 0.0, 1.0, "lesson.token_at", {"total": 70}, HIT, 3 / 7),
)
_add(
    "die_choice",
    ClassQuestion("free_choice", 0.0, 1.0, "lesson.free_choice", {"m": 2, "k": 4}, HIT, 1 / 81),
)
_add(
    "angry_flips",
    # "Does the orange flip change how often the card is worth 7?": more / less / same, as indices 0, 1, 2.
    # The answer is "less" (about 18 % before the flip, about 10 % after); the pool runs P(7 after the flip).
    ClassQuestion(
        "flip_seven",
        0,
        2,
        "lesson.seven_after_flip",
        {"flipped": True},
        HIT,
        1.0,
        whole=True,
        choices=("more", "less", "same"),
    ),
)


def outcome_name(key: object) -> str:
    """How a lab outcome is pooled: ``"bust"``, ``"6"``; a grouped ``("after the flip", 4)``: ``"after the flip|4"``."""
    if isinstance(key, tuple):
        return "|".join(str(part) for part in key)
    return str(key)


def lessons() -> list[str]:
    """The lessons class mode offers."""
    return list(_LESSONS)


def question_specs(lesson: str) -> dict[str, ClassQuestion]:
    """Every question of ``lesson`` (``KeyError`` for a lesson class mode does not offer)."""
    return dict(_LESSONS[lesson])


def questions(lesson: str) -> dict[str, tuple[float, float]]:
    """``{question_id: (low, high)}``: the lesson's predictions and their bounds."""
    return {q.qid: (q.low, q.high) for q in _LESSONS[lesson].values()}
