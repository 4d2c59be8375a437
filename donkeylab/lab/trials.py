"""Seeded trials streamed in batches: the one loop under every experiment, game-level or rule-level.

Trial ``i`` draws only from ``rng_for(seed, i)``, so a result depends on (seed, N) and never on the batch
size, on where a widget paused, on how many trials ran before, or on how many processes or machines ran
them (``lab.parallel``). Batches exist only so that a caller can redraw a plot (``on_batch``) or tick a
progress bar while the run goes on; both see the batches in trial order.
"""

from __future__ import annotations

import contextlib
import dataclasses
import random
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from typing import Any

from donkeylab.lab.parallel import StopFlag, ordered_batches, run_chunk

Record = dict[str, Any]
Trial = Callable[[random.Random], Record]


@dataclasses.dataclass(frozen=True, slots=True)
class Progress:
    """What ``on_batch`` receives after every batch: enough for a progress bar and a live plot."""

    done: int
    total: int
    batch: list[Record]
    records: list[Record]
    elapsed: float

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 1.0


OnBatch = Callable[[Progress], None]


def iter_batches(trial: Trial, n: int, seed: int | str = 0, batch_size: int = 100) -> Iterator[list[Record]]:
    """Yield the records of trials ``0..n-1`` in batches, in this process; record ``i`` gets ``{"index": i}``."""
    if n < 0 or batch_size < 1:
        raise ValueError(f"need n >= 0 and batch_size >= 1, not n={n}, batch_size={batch_size}")
    for start in range(0, n, batch_size):
        yield run_chunk(trial, seed, start, min(start + batch_size, n))


def run_trials(
    trial: Trial,
    n: int,
    seed: int | str = 0,
    batch_size: int = 100,
    on_batch: OnBatch | None = None,
    progress: bool = False,
    label: str = "trials",
    unit: str = "trial",
    *,
    workers: int | None = None,
    executor: Executor | None = None,
    stop: StopFlag | None = None,
) -> list[Record]:
    """Run ``n`` seeded trials; ``on_batch`` after each batch; ``progress=True`` shows tqdm on stderr.

    ``workers``: processes to use (1: this process only; None: all cores when the run would take more than
    ``parallel.AUTO_PARALLEL_SECONDS`` on one, see ``lab.parallel``). ``executor``: any
    ``concurrent.futures.Executor`` to run the trials on instead, e.g. ``distributed.Client(address)
    .get_executor()`` for a Dask cluster. The records are the same either way.

    A process pool needs a trial it can pickle: a module-level function or an object such as the one
    ``experiment.game_trial`` / ``experiment.rule_trial`` return (picklable when their parts are). A lambda
    or a closure still works: it runs in this process (``executor=`` is used as given; Dask pickles closures).

    ``stop`` (a ``threading.Event``): when set from another thread, the run ends after the current batch
    and returns the records so far (trials ``0..k-1``). Ctrl-C ends the workers too, then propagates.
    """
    records: list[Record] = []
    bar = _progress_bar(n, label, unit) if progress else None
    start = time.perf_counter()
    batches = ordered_batches(trial, n, seed, batch_size, workers, executor, stop)
    try:
        with contextlib.closing(batches):  # closing it shuts a pool down, whatever ends the loop
            for batch in batches:
                records.extend(batch)
                if bar is not None:
                    bar.update(len(batch))
                if on_batch is not None:
                    on_batch(Progress(len(records), n, batch, records, time.perf_counter() - start))
    finally:
        if bar is not None:
            bar.close()
    return records


def _progress_bar(total: int, label: str, unit: str) -> Any:
    """A tqdm bar on stderr (imported lazily: tqdm is a ``lab`` extra, not an engine dependency).

    Without tqdm's monitor thread: a process running a single thread can start its workers by ``fork``.
    """
    from tqdm import tqdm

    class Bar(tqdm):  # type: ignore[misc]
        monitor_interval = 0

    return Bar(total=total, desc=label, unit=unit, file=sys.stderr, leave=False, dynamic_ncols=True)
