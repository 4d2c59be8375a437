"""The teacher's cockpit, computed in the kernel from the store's answers: who is stuck, how close the class
came, and the guesses' chart of any kind of question.

Pure functions of the store's rows and the question's data (no store, no widget), each tested on its own.
What they return is drawn by ``class_dashboard``: pseudonyms, counts and fixed words only — nothing a pupil
typed, and never a guess's value beside a pseudonym.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Mapping, Sequence
from typing import Any

from donkeylab.classmode import charts
from donkeylab.classmode.words import answer_line, choice_words, count_words, counted, say
from donkeylab.classroom import ClassQuestion
from donkeylab.classroom.checks import LANGS, SECTIONS
from donkeylab.classroom.names import pseudonym_in
from donkeylab.core import CATALOGUE, numbers
from donkeylab.lab.stats import wilson

AWAY_S = 60  # a pupil whose page has not reported for this long has probably closed it
BEHIND_STEPS = 2  # a step this far below the class's is "behind"
BANDS = {"probability": 0.05, "number": 0.1}  # "close": within 5 percentage points, or a tenth of the range


def bars(spec: ClassQuestion, answers: Sequence[float], lang: str) -> list[list[Any]]:
    """The guesses' chart: fixed percent bins for a probability (the same for every question: no hint at the
    answer), ten equal bins for a number, one bar per option for a choice."""
    if spec.kind == "choice":
        return charts.choice_bins(answers, [choice_words(spec, i, lang) for i in range(len(spec.choices))])
    if spec.kind == "probability":
        return charts.percent_bins(answers, lang)
    width = (spec.high - spec.low) / 10
    counts = [0] * 10
    for a in answers:
        counts[max(0, min(9, int(round((a - spec.low) / width, 9))))] += 1
    edge = [numbers.decimal(spec.low + i * width, lang, 1) for i in range(11)]
    return [[f"{edge[i]}–{edge[i + 1]}", n] for i, n in enumerate(counts)]


def exact_bar(spec: ClassQuestion) -> int:
    """The bar that holds the exact answer (drawn after the reveal only)."""
    if spec.kind == "choice":
        return int(spec.exact)
    if spec.kind == "probability":
        return charts.bin_of(float(spec.exact))
    width = (spec.high - spec.low) / 10
    return max(0, min(9, int(round((float(spec.exact) - spec.low) / width, 9))))


def shown_name(row: Mapping[str, Any], lang: str) -> str:
    """A pupil's pseudonym as their own page shows it ("Blauer Esel 17" for a pupil whose page is in German, on an
    English dashboard too), so the teacher calls out the name the pupil reads; ``lang`` until the page reports."""
    own = row.get("progress", {}).get("lang")
    return pseudonym_in(str(row["name"]), own if own in LANGS else lang)


def roster_rows(
    rows: Sequence[Mapping[str, Any]], qid: str, pace: Mapping[str, Any], lang: str
) -> list[dict[str, Any]]:
    """Each pupil by pseudonym: guessed the question now (yes/no, never the value), the step and section their
    page is on, exercises tried and right, and the flags a teacher scans for: no guess, behind, away."""
    steps = [r["progress"]["step"] for r in rows if isinstance(r["progress"].get("step"), int)]
    target = pace.get("step") if isinstance(pace.get("step"), int) else (statistics.median(steps) if steps else None)
    now = time.time()
    out = []
    for r in rows:
        progress = r["progress"]
        step = progress.get("step")
        section = progress.get("section")
        out.append(
            {
                "name": r["name"],
                "guessed": qid in r["answered"],
                "step": step if isinstance(step, int) else None,
                "where": say(f"section.{section}", lang) if section in SECTIONS else "",
                "tried": len(progress.get("tried", [])),
                "right": len(progress.get("right", [])),
                "behind": isinstance(step, int) and target is not None and step < target - BEHIND_STEPS,
                "away": now - float(r["seen"] or 0) > AWAY_S,
                "ghost": bool(r.get("ghost")),
            }
        )
    return out


def summary(rows: Sequence[Mapping[str, Any]], table: Sequence[Mapping[str, Any]], lang: str) -> dict[str, str]:
    """At a glance: who has not guessed, who is behind, who left without a guess (the teacher may take them out
    and free their places), and the exercise most got wrong."""
    waiting = [r["name"] for r in table if not r["guessed"] and not r["away"]]
    ghosts = [r["name"] for r in table if r.get("ghost")]
    behind = [r["name"] for r in table if r["behind"]]
    tried: dict[int, int] = {}
    right: dict[int, int] = {}
    for r in rows:
        for n in r["progress"].get("tried", []):
            tried[n] = tried.get(n, 0) + 1
        for n in r["progress"].get("right", []):
            right[n] = right.get(n, 0) + 1
    wrong = {n: tried[n] - right.get(n, 0) for n in tried}
    hardest = max(sorted(wrong), key=lambda n: wrong[n], default=None)
    return {
        "waiting": say("no_guess_yet", lang, names=", ".join(waiting))
        if waiting
        else say("all_guessed" if table else "nobody_yet", lang),
        "behind": say("behind", lang, names=", ".join(behind)) if behind else "",
        "ghosts": say("ghosts", lang, names=", ".join(ghosts)) if ghosts else "",
        "hardest": say(counted("hardest", wrong[hardest]), lang, n=hardest, wrong=wrong[hardest], tried=tried[hardest])
        if hardest is not None and wrong[hardest]
        else "",
    }


def calibration(spec: ClassQuestion, answers: Sequence[float], counts: Mapping[str, int], lang: str) -> list[str]:
    """After the reveal: how far the class's guesses were from the answer (median), the share within the band
    the page names, how many trials the class pooled and how close its estimate came."""
    exact = float(spec.exact)
    lines = []
    if answers and spec.kind == "choice":
        right = sum(1 for a in answers if int(a) == int(exact))
        lines.append(say(counted("calib_choice", right, len(answers)), lang, right=right, n=len(answers)))
    elif answers:
        gaps = [abs(a - exact) for a in answers]
        band = BANDS[spec.kind] * (1 if spec.kind == "probability" else spec.high - spec.low)
        within = sum(1 for g in gaps if g <= band + 1e-12)
        median = statistics.median(gaps)
        if spec.kind == "probability":
            d = numbers.decimal(100 * median, lang, 1)
            lines.append(say(counted("calib_median_points", 0, len(answers)), lang, d=d))
            lines.append(say(counted("calib_within_points", within, len(answers)), lang, k=within, n=len(answers)))
        else:
            unit = f" {CATALOGUE.render(spec.unit, {}, lang)}" if spec.unit else ""
            d = f"{numbers.decimal(median, lang, 2)}{unit}"
            lines.append(say(counted("calib_median", 0, len(answers)), lang, d=d))
            within_key = counted("calib_within", within, len(answers))
            lines.append(say(within_key, lang, k=within, n=len(answers), band=numbers.decimal(band, lang, 2)))
    trials = sum(counts.values()) // spec.per_trial
    if spec.lab is not None and trials:
        hits = sum(counts.get(h, 0) for h in spec.hit) // spec.per_trial
        ci = wilson(hits, trials)
        target = pooled_share(spec)
        inside = "calib_inside" if ci.low <= target <= ci.high else "calib_outside"
        gap = 100 * abs(ci.value - target)
        pool = "calib_pool_match" if gap < 0.005 else "calib_pool"  # 0.00 points: say it matches
        lines.append(
            say(
                pool,
                lang,
                trials=numbers.whole(trials, lang),
                estimate=numbers.decimal(100 * ci.value, lang, 2),
                exact=numbers.decimal(100 * target, lang, 2),  # as precise as the estimate beside it
                d=numbers.decimal(gap, lang, 2),
            )
            + " "
            + say(inside, lang)
        )
    return lines


def pooled_share(spec: ClassQuestion) -> float:
    """The exact share of the pooled outcomes (``spec.hit``), from the lab question's exact answer."""
    from donkeylab.classroom import outcome_name
    from donkeylab.lab import questions

    assert spec.lab is not None
    exact = questions.get(spec.lab).exact(dict(spec.params))
    return float(sum(p for k, p in exact.items() if outcome_name(k) in spec.hit))


def revealed_words(
    spec: ClassQuestion | None, revealed: bool, answers: list[float], counts: dict[str, int], trials: int, lang: str
) -> dict[str, Any]:
    """What the reveal adds to the dashboard (the answer's words, its bar, the target line, the calibration): all
    empty before it, so nothing the page holds depends on the answer until then."""
    out: dict[str, Any] = {"exact_text": "", "exact_bar": -1, "target": -1.0, "calibration": []}
    if revealed and spec is not None:
        out["exact_text"] = answer_line(spec, lang)
        out["exact_bar"] = exact_bar(spec)
        out["target"] = pooled_share(spec) if spec.lab is not None else -1.0
        out["calibration"] = calibration(spec, answers, counts, lang)
    out["trials_text"] = say("trials", lang, trials=count_words(trials, lang)) if trials else ""
    return out


def desk(rows: list[dict[str, Any]], current: str, pace: dict[str, Any], lang: str) -> dict[str, Any]:
    """The teacher's desk: the roster with its flags (each pupil named as their own page names them) and the
    glance summary."""
    shown = [{**r, "name": shown_name(r, lang)} for r in rows]
    table = roster_rows(shown, current, pace, lang)
    return {"roster": table, "summary": summary(shown, table, lang)}
