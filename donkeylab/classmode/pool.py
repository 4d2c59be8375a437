"""The batches a pupil's page simulates, pooled into the class's questions.

A lesson's LivePlot pools into a class question when it simulates the same lab question with the same
parameters. The plot's seed is drawn here, in the pupil's kernel (``random.SystemRandom``: thirty copies of
one run are no new evidence) and never sent to the page, which may not change seed, size or batches
(``LivePlot.lock_run``): a page cannot simulate a run before it counts, nor reload until a run it likes. Each
finished batch is recomputed with the lab's own seeded simulation on the pupil's worker thread, never taken
from the page, and the store counts each (seed, batch) once whatever the page reloads.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from donkeylab.classroom import ClassQuestion, outcome_name
from donkeylab.core.bounds import MAX_SEED


def pooled_plots(plots: Sequence[Any], specs: Sequence[ClassQuestion]) -> list[tuple[Any, list[str]]]:
    """Each plot that pools, with the questions it pools into."""
    found = [(plot, [q.qid for q in specs if pools(plot, q)]) for plot in plots]
    return [(plot, qids) for plot, qids in found if qids]


def pools(plot: Any, spec: ClassQuestion) -> bool:
    """A plot pools into ``spec`` when it simulates the same lab question with the same parameters."""
    if spec.lab is None or getattr(plot, "question", None) != spec.lab or not hasattr(plot, "params"):
        return False
    from donkeylab.lab import questions

    return bool(plot.params == questions.get(spec.lab).resolve(dict(spec.params)))


def attach(part: Any) -> None:
    """Give each of ``part``'s pooled plots a seed of the kernel's own and pool every batch it finishes."""
    seeds = random.SystemRandom()
    for plot, qids in part.plots:
        plot.lock_run(seeds.randrange(1, MAX_SEED))
        plot.observe(lambda ch, plot=plot, qids=qids: batch_done(part, plot, qids, ch["new"]), names="done")


def batch_done(part: Any, plot: Any, qids: list[str], done: int) -> None:
    """A plot finished a batch (``done`` grew); ``done`` falling to 0 is the next run starting."""
    if done <= 0:
        return
    batch, seed, n, params = plot.batch, plot.run_seed, plot.n, plot.params
    b = (done - 1) // batch
    part.send(lambda: pool(part, plot.question, n, seed, batch, params, b, qids))


def pool(part: Any, name: str, n: int, seed: int, batch: int, params: dict[str, Any], b: int, qids: list[str]) -> None:
    """Recompute batch ``b`` with the lab (the plot's own numbers) and add it to each matching question once."""
    from donkeylab.lab import questions

    found = next(iter(questions.get(name).batches(n, seed, batch, params, first=b)), None)
    if found is None or part.pupil is None:
        return
    counts: Mapping[Any, int] = found[1]
    if "n" in counts and "hits" in counts:  # a running estimate's batch: its trials, hits and misses
        counts = {"p": counts["hits"], "not": counts["n"] - counts["hits"]}
    clean = {outcome_name(k): int(v) for k, v in counts.items()}
    store, pid = part.store, part.pupil.id
    assert store is not None
    for qid in qids:
        part._call(partial(store.add_trials, part.code, pid, qid, seed, b, clean))
