"""Seeded trials on every core or on a cluster: chunks of trials go to a ``concurrent.futures.Executor``,
their records come back and are handed on strictly in trial order.

No scheduler of our own: a process pool of the standard library (``workers=N``) or any executor the caller
already has (``executor=``: e.g. a Dask cluster's ``distributed.Client(address).get_executor()``) runs the
chunks. Trial ``i`` draws only from ``rng_for(seed, i)`` wherever it runs, so the records are the same for any
number of workers, any chunking and any executor; only the wall time changes.

How a run is split:

- ``workers=None`` (the default) runs the first batch in this process (a result at once) and times it: if
  the rest would take longer than ``AUTO_PARALLEL_SECONDS`` on one core, it goes to a pool of all cores,
  else it stays here. Why a time and not a number of trials: a game of Double Donkey costs many races of
  Esels-Rennen or many rule-level trials, so no count fits all. Why a few seconds: starting a pool and
  shipping chunks costs a moment (fork) to a second or so (spawn: every worker imports numpy and the engines),
  and a run that short on one core is done before a pool would pay off; longer runs gain nearly the number of
  cores.
- ``workers=N`` (N > 1) or ``executor=``: every trial runs there, from the first.
- Work goes out in chunks of whole batches: one batch each until a chunk has been timed, then batches
  worth about ``CHUNK_SECONDS`` (few round trips, yet Ctrl-C and ``stop`` act within a fraction of a
  second, and every worker still gets several chunks), at most ``2 x workers`` chunks in flight.
- A trial that cannot be pickled (a lambda, a closure, e.g. a rule-level trial built inline) runs in this
  process when the pool would need pickle; an ``executor=`` is used as given (Dask pickles closures).
"""

from __future__ import annotations

import math
import multiprocessing
import os
import pickle
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any, Protocol

from donkeylab.core import rng_for

Record = dict[str, Any]
Trial = Callable[[Any], Record]
AUTO_PARALLEL_SECONDS = 2.0
CHUNK_SECONDS = 0.25


class StopFlag(Protocol):
    """Anything with ``is_set()`` (a ``threading.Event``): set it from another thread to end a run early."""

    def is_set(self) -> bool: ...


def run_chunk(trial: Trial, seed: int | str, start: int, stop: int) -> list[Record]:
    """Trials ``start..stop-1`` (what a worker runs); record ``i`` gets ``{"index": i, ...}``."""
    return [{"index": i, **trial(rng_for(seed, i))} for i in range(start, stop)]


def cpu_count() -> int:
    """The cores this process may use (the affinity mask where the platform has one); 1 in the browser
    (Pyodide, ``sys.platform == "emscripten"``), which can start neither processes nor threads."""
    if sys.platform == "emscripten":
        return 1
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def picklable(obj: object) -> bool:
    """Whether a process pool can ship ``obj`` (a very long history of a start state may nest too deep)."""
    try:
        pickle.dumps(obj)
    except (pickle.PicklingError, AttributeError, TypeError, ValueError, RecursionError):
        return False
    return True


def _ignore_sigint() -> None:
    """Worker initializer: Ctrl-C is the parent's to handle (it cancels and shuts the pool down cleanly);
    a worker that died of it mid-task would print a traceback and break the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _context() -> Any:
    """``fork`` when it is safe (this process runs one thread): a worker is ready in milliseconds. With other
    threads running (a Jupyter kernel, a live plot) ``fork`` can deadlock a child, so ``forkserver`` (or
    ``spawn`` where that is all there is) starts the workers from a clean process instead."""
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1 and sys.platform != "darwin":
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["donkeylab.lab.experiment"])
        return ctx
    return multiprocessing.get_context("spawn")


def process_pool(workers: int) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(workers, mp_context=_context(), initializer=_ignore_sigint)


def executor_capacity(executor: Executor) -> int:
    """How many chunks ``executor`` runs at once: a pool's ``_max_workers``, a Dask client's thread count."""
    known = getattr(executor, "_max_workers", None)
    if isinstance(known, int) and known > 0:
        return known
    client = getattr(executor, "_client", None)  # distributed's ClientExecutor
    try:
        threads = sum(client.nthreads().values()) if client is not None else 0
    except Exception:  # a client that cannot answer now: fall back to this machine's cores
        threads = 0
    return threads or cpu_count()


def ordered_batches(
    trial: Trial,
    n: int,
    seed: int | str,
    batch_size: int,
    workers: int | None = None,
    executor: Executor | None = None,
    stop: StopFlag | None = None,
) -> Generator[list[Record], None, None]:
    """Yield the records of trials ``0..n-1`` in batches of ``batch_size``, in trial order, wherever they run.

    The generator owns the pool it starts: closing it (the caller's ``finally``) cancels what has not run and
    shuts the workers down, so an exception, Ctrl-C or ``stop`` leaves no process behind.
    """
    if n < 0 or batch_size < 1:
        raise ValueError(f"need n >= 0 and batch_size >= 1, not n={n}, batch_size={batch_size}")
    if workers is not None and workers < 1:
        raise ValueError(f"workers must be >= 1, not {workers}")
    if n == 0 or (stop is not None and stop.is_set()):
        return
    done, per_trial, pool = 0, None, None
    if executor is None and workers is None:  # auto: time the first batch here, then decide
        began = time.perf_counter()
        first = run_chunk(trial, seed, 0, min(batch_size, n))
        per_trial = (time.perf_counter() - began) / len(first)
        yield first
        done = len(first)
    if executor is None and done < n:
        count = _pool_size(workers, (per_trial or 0.0) * (n - done), trial)
        if count > 1:
            pool = executor = process_pool(count)
    if executor is None:
        yield from _local(trial, seed, done, n, batch_size, stop)
        return
    try:
        capacity = workers if workers is not None and pool is None else executor_capacity(executor)
        chunks = _Chunks(done, n, batch_size, capacity, per_trial)
        yield from _remote(executor, trial, seed, chunks, 2 * capacity, stop)
    except KeyboardInterrupt:
        if pool is not None:
            terminate(pool)
            pool = None
        raise
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


def terminate(pool: ProcessPoolExecutor, timeout: float = 5.0) -> None:
    """Ctrl-C: the chunks still running are not wanted, so end the workers now rather than wait for them.
    Waiting (``shutdown(wait=True)``) depends on every worker and on the pool's manager thread answering;
    an interrupt that lands inside the pool's own bookkeeping can leave one of them stuck, and the terminal
    would hang. Terminating is bounded: each worker gets SIGTERM, then SIGKILL after ``timeout``."""
    processes = list((getattr(pool, "_processes", None) or {}).values())  # the stdlib keeps them there
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(timeout)
        if process.is_alive():
            process.kill()
            process.join(timeout)


def _pool_size(workers: int | None, estimate: float, trial: Trial) -> int:
    """Processes for the rest of the run: ``workers``, or all cores past the auto line; 1 if it won't pickle."""
    wanted = workers if workers is not None else (cpu_count() if estimate > AUTO_PARALLEL_SECONDS else 1)
    return wanted if wanted > 1 and picklable(trial) else 1


def _chunk_size(per_trial: float, batch_size: int, remaining: int, capacity: int) -> int:
    """Whole batches worth ~``CHUNK_SECONDS``, but at least 4 chunks per worker so the load stays even."""
    batches = max(1, round(CHUNK_SECONDS / max(per_trial * batch_size, 1e-9)))
    spread = max(1, math.ceil(remaining / batch_size / (4 * capacity)))
    return batch_size * min(batches, spread)


class _Chunks:
    """The next ``(start, stop)`` ranges: one batch each until a trial's cost is known, then ``_chunk_size``."""

    def __init__(self, start: int, n: int, batch_size: int, capacity: int, per_trial: float | None) -> None:
        self.next, self.n, self.batch_size, self.capacity = start, n, batch_size, capacity
        self.size = batch_size if per_trial is None else _chunk_size(per_trial, batch_size, n - start, capacity)
        self.timed = per_trial is not None

    def learn(self, trials: int, seconds: float) -> None:
        """A chunk of ``trials`` took ``seconds`` on a worker: size the chunks not yet sent."""
        if not self.timed and trials:
            self.timed = True
            self.size = _chunk_size(seconds / trials, self.batch_size, self.n - self.next, self.capacity)

    def take(self) -> tuple[int, int] | None:
        if self.next >= self.n:
            return None
        lo = self.next
        self.next = min(lo + self.size, self.n)
        return lo, self.next


def timed_chunk(trial: Trial, seed: int | str, start: int, stop: int) -> tuple[list[Record], float]:
    """``run_chunk`` plus the seconds it took where it ran (what the pool sizes the next chunks by)."""
    began = time.perf_counter()
    records = run_chunk(trial, seed, start, stop)
    return records, time.perf_counter() - began


def _local(
    trial: Trial, seed: int | str, start: int, n: int, batch_size: int, stop: StopFlag | None
) -> Iterator[list[Record]]:
    for lo in range(start, n, batch_size):
        if stop is not None and stop.is_set():
            return
        yield run_chunk(trial, seed, lo, min(lo + batch_size, n))


def _remote(
    executor: Executor, trial: Trial, seed: int | str, chunks: _Chunks, window: int, stop: StopFlag | None
) -> Iterator[list[Record]]:
    """Keep up to ``window`` chunks in flight; hand each chunk's records on in batches, in order."""
    pending: deque[Future[tuple[list[Record], float]]] = deque()

    def submit() -> None:
        span = chunks.take()
        if span is not None:
            pending.append(executor.submit(timed_chunk, trial, seed, *span))

    try:
        for _ in range(window):
            submit()
        while pending:
            records, seconds = pending.popleft().result()
            if stop is not None and stop.is_set():
                return
            chunks.learn(len(records), seconds)
            submit()
            for i in range(0, len(records), chunks.batch_size):
                yield records[i : i + chunks.batch_size]
                if stop is not None and stop.is_set():
                    return
    finally:
        for future in pending:
            future.cancel()
