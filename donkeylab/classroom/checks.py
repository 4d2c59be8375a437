"""The bounds every value from a pupil's or a teacher's kernel meets before the store writes it.

A kernel is trusted to run our code, but what it passes on came from a browser (a slider's value, a choice, a
step number): each check here refuses anything outside the lesson's bounds with a ``ClassError`` sentence,
before a transaction writes, so a refusal leaves the store exactly as it was.
"""

from __future__ import annotations

import json
import math
import numbers
import re
from collections.abc import Mapping
from typing import Any

from donkeylab.classroom.errors import ClassError
from donkeylab.classroom.questions import MAX_OUTCOME_CHARS, MAX_OUTCOMES, ClassQuestion
from donkeylab.core.bounds import MAX_STEP

MAX_SEED = 2**62  # a run's seed, drawn by the pupil's kernel (``random.SystemRandom``)
MAX_BATCH_NO = 10_000  # batches of one run (a lesson's plot runs at most 1,000)
# The browser's key (a cookie the server made) and, after a dot, the server's tag of the address the page came
# from (``page_guard.address_tag``): the store bounds the new pupils one address brings into a class.
BROWSER_RE = re.compile(r"[A-Za-z0-9_-]{20,64}(?:\.[0-9a-f]{16})?")
LANGS = ("en", "de")  # the languages a page can be in
SECTIONS = ("question", "step", "live", "answer", "exercises", "further")  # where a pupil may be on the page
STATE_KEYS = {"question": str, "step": int, "section": str, "paused": bool, "seq": int, "odds": bool}
MAX_STATE_CHARS = 400
MAX_EXERCISES = 20


def whole(value: object) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def checked_value(spec: ClassQuestion, value: object) -> float:
    """A finite number in the question's range (a whole one for a choice), else a refusal."""
    ok = isinstance(value, numbers.Real) and not isinstance(value, bool) and math.isfinite(float(value))
    if spec.whole:
        ok = ok and float(value).is_integer()  # type: ignore[arg-type]
        if not ok or not spec.low <= float(value) <= spec.high:  # type: ignore[arg-type]
            raise ClassError("bad_choice", high=int(spec.high), value=value)
    elif not ok or not spec.low <= float(value) <= spec.high:  # type: ignore[arg-type]
        raise ClassError("bad_value", low=spec.low, high=spec.high, value=value)
    return float(value)  # type: ignore[arg-type]


def checked_run(seed: object, batch: object) -> tuple[int, int]:
    """A run's seed and a batch number within it, else a refusal."""
    if not whole(seed) or not 0 <= seed < MAX_SEED:  # type: ignore[operator]
        raise ClassError("bad_seed", seed=seed)
    if not whole(batch) or not 0 <= batch < MAX_BATCH_NO:  # type: ignore[operator]
        raise ClassError("bad_batch", batch=batch, high=MAX_BATCH_NO - 1)
    return int(seed), int(batch)  # type: ignore[call-overload]


def checked_counts(spec: ClassQuestion, counts: object) -> dict[str, int]:
    """Short outcome names with whole counts >= 0 adding up to 1..the lesson's batch size, else a refusal."""
    if not isinstance(counts, Mapping) or not counts:
        raise ClassError("bad_counts", why="they are not a table of outcomes and counts")
    if len(counts) > MAX_OUTCOMES:
        raise ClassError("bad_counts", why=f"more than {MAX_OUTCOMES} outcomes")
    out: dict[str, int] = {}
    for outcome, n in counts.items():
        if not isinstance(outcome, str) or not 0 < len(outcome) <= MAX_OUTCOME_CHARS:
            raise ClassError("bad_counts", why=f"an outcome name has 1 to {MAX_OUTCOME_CHARS} characters")
        if not whole(n) or n < 0:
            raise ClassError("bad_counts", why="a count is a whole number from 0 up")
        if n:
            out[outcome] = int(n)
    total = sum(out.values())
    if not 0 < total <= spec.batch * spec.per_trial:
        raise ClassError("bad_counts", why=f"a batch holds 1 to {spec.batch} trials, not {total // spec.per_trial}")
    return out


def checked_browser(browser: object) -> tuple[str | None, str | None]:
    """The browser's key as the server set it, or None (no key: a pupil who is new on every join), and the
    server's tag of its address, or None (a page the server did not tag)."""
    if browser is None:
        return None, None
    if not isinstance(browser, str) or not BROWSER_RE.fullmatch(browser):
        raise ClassError("bad_browser")
    key, _, tag = browser.partition(".")
    return key, tag or None


def checked_state(state: object, qids: list[str]) -> str:
    """The teacher's pacing (which question, which step or section, paused, the chances panel shown) as short
    JSON, else a refusal."""
    if not isinstance(state, Mapping) or not set(state) <= set(STATE_KEYS):
        raise ClassError("bad_state")
    for key, value in state.items():
        kind = STATE_KEYS[key]
        if kind is int and not (whole(value) and 0 <= value <= MAX_STEP):
            raise ClassError("bad_state")
        if kind is bool and not isinstance(value, bool):
            raise ClassError("bad_state")
        if kind is str and not isinstance(value, str):
            raise ClassError("bad_state")
    if "question" in state and state["question"] not in qids:
        raise ClassError("bad_state")
    if "section" in state and state["section"] not in SECTIONS:
        raise ClassError("bad_state")
    text = json.dumps(dict(state), sort_keys=True)
    if len(text) > MAX_STATE_CHARS:
        raise ClassError("bad_state")
    return text


def checked_progress(progress: object, qids: list[str]) -> str:
    """Where a pupil's page is (step, section, question, language, the teacher's last "everyone to" it
    followed: ``seq``) and their exercises (tried, right), as short JSON: what a reload of the page restores."""
    if not isinstance(progress, Mapping):
        raise ClassError("bad_progress")
    out: dict[str, Any] = {}
    for key, value in progress.items():
        if key in ("step", "seq") and whole(value) and 0 <= value <= MAX_STEP:
            out[key] = int(value)
        elif (
            (key == "section" and value in SECTIONS)
            or (key == "question" and value in qids)
            or (key == "lang" and value in LANGS)
        ):
            out[key] = value
        elif key in ("tried", "right") and _exercise_list(value):
            out[key] = sorted({int(v) for v in value})
        else:
            raise ClassError("bad_progress")
    return json.dumps(out, sort_keys=True)


def _exercise_list(value: object) -> bool:
    return (
        isinstance(value, (list, tuple))
        and len(value) <= MAX_EXERCISES
        and all(whole(v) and 1 <= v <= MAX_EXERCISES for v in value)
    )
