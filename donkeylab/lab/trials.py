"""Seeded trials streamed in batches: the one loop under every experiment, game-level or rule-level.

Trial ``i`` draws only from ``rng_for(seed, i)``, so a result depends on (seed, N) and never on the batch
size, on where a widget paused, or on how many trials ran before. Batches exist only so that a caller can
redraw a plot (``on_batch``) or tick a progress bar while the run goes on.
"""

from __future__ import annotations

import dataclasses
import random
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from donkeylab.core import rng_for

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
    """Yield the records of trials ``0..n-1`` in batches; record ``i`` gets ``{"index": i, ...}``."""
    if n < 0 or batch_size < 1:
        raise ValueError(f"need n >= 0 and batch_size >= 1, not n={n}, batch_size={batch_size}")
    for start in range(0, n, batch_size):
        yield [{"index": i, **trial(rng_for(seed, i))} for i in range(start, min(start + batch_size, n))]


def run_trials(
    trial: Trial,
    n: int,
    seed: int | str = 0,
    batch_size: int = 100,
    on_batch: OnBatch | None = None,
    progress: bool = False,
    label: str = "trials",
    unit: str = "trial",
) -> list[Record]:
    """Run ``n`` seeded trials; ``on_batch`` after each batch; ``progress=True`` shows tqdm on stderr."""
    records: list[Record] = []
    bar = _progress_bar(n, label, unit) if progress else None
    start = time.perf_counter()
    try:
        for batch in iter_batches(trial, n, seed, batch_size):
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
    """A tqdm bar on stderr (imported lazily: tqdm is a ``lab`` extra, not an engine dependency)."""
    from tqdm import tqdm

    return tqdm(total=total, desc=label, unit=unit, file=sys.stderr, leave=False, dynamic_ncols=True)
