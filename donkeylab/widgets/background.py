"""Background work that works where threads do not: a daemon thread, or an asyncio task in the browser.

Why: a live plot, Play and the what-if work in the background so the page stays usable, and on a server
kernel that is a daemon thread. Pyodide (the static site, ``sys.platform == "emscripten"``) cannot start a
thread ("can't start new thread"), but its event loop is the browser's: a task that gives the loop back
between two units of work (one batch, one step) lets the kernel read the next message — Stop, Pause, a Step —
in between, so the page stays responsive and Stop still works.

``Worker(target, name, stop)`` has the part of ``threading.Thread``'s interface the widgets use (``start``,
``is_alive``, ``join``), so a widget swaps one for the other. ``target()`` may return a generator: each value
it yields ends one unit of work and is the pause in seconds before the next one (0: none). A thread waits on
``stop`` (a ``threading.Event``) for that pause, so a pause ends at once when it is set; a task sleeps.
``executor(name)`` is the same for code that submits calls to a ``concurrent.futures`` executor: a
one-thread pool, or an ``InlineExecutor``.
"""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from collections.abc import Callable, Generator
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

THREADS = sys.platform != "emscripten"  # tests set it False to run the browser's path on CPython
SWITCH_S = 0.001  # how long a busy background thread may keep the GIL from the kernel's main thread


def responsive() -> None:
    """Let the kernel's main thread take the GIL back from a busy background thread within 1 ms, not 5 ms.

    Why: each Step reply makes the main thread wait for the GIL several times (every socket read and write
    gives it up), and while a thread computes (the what-if panel's exact answer, a live plot's batches) each
    wait lasts up to Python's default switch interval of 5 ms, so a click's reply waits many times longer than
    with no thread running (``benchmarks/voila_tti.py`` on Lesson 1's page). The thread itself loses a little
    to the extra switches.
    """
    if sys.getswitchinterval() > SWITCH_S:
        sys.setswitchinterval(SWITCH_S)


def threads() -> bool:
    """Whether this process can start threads (False in Pyodide, or when a test forces the task path)."""
    return THREADS


def settle_imports() -> None:
    """Import numpy (when it is installed) in the calling thread, before a background thread can.

    Why: numpy is imported lazily (the browser has none), so the first import may happen in a worker thread.
    While it runs, ``sys.modules["numpy"]`` holds a half-made module, and plotly's optional import reads
    ``sys.modules`` without the import lock: a figure drawn meanwhile in the kernel's main thread fails with
    "partially initialized module 'numpy' has no attribute 'ndarray'" (as on Lesson 5's page, whose table's
    games start in a thread while the page's plots are drawn). Imported here first, no thread ever imports it.
    """
    from donkeylab.core.fastpath import have_numpy

    if have_numpy():
        import numpy  # noqa: F401


def _loop() -> asyncio.AbstractEventLoop:
    """The loop to run tasks on: the running one (a kernel, a test), else the thread's (Pyodide's WebLoop)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.get_event_loop_policy().get_event_loop()


class Worker:
    """A daemon thread, or (no threads) an asyncio task that gives the loop back after every unit of work."""

    def __init__(self, target: Callable[[], Any], name: str, stop: threading.Event | None = None) -> None:
        self.target, self.name, self.stop = target, name, stop
        self._thread: threading.Thread | None = None
        self._task: asyncio.Task[None] | None = None  # kept here: the loop holds only a weak reference

    def start(self) -> None:
        if threads():
            settle_imports()
            responsive()
            self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
            self._thread.start()
        else:
            self._task = _loop().create_task(self._run_async(), name=self.name)

    def _run(self) -> None:
        steps = self.target()
        if not isinstance(steps, Generator):
            return
        for pause in steps:
            if pause and pause > 0:
                if self.stop is not None:
                    self.stop.wait(pause)
                else:
                    time.sleep(pause)

    async def _run_async(self) -> None:
        await asyncio.sleep(0)  # the call that started us (a click, a page build) finishes first
        steps = self.target()
        if not isinstance(steps, Generator):
            return
        for pause in steps:
            await asyncio.sleep(max(0.0, pause or 0.0))

    def is_alive(self) -> bool:
        if self._thread is not None:
            return self._thread.is_alive()
        return self._task is not None and not self._task.done()

    def join(self, timeout: float | None = None) -> None:
        """Wait for a thread; a task cannot be waited for from the loop it runs on, so this returns at once
        (the task ends at its next unit of work once its stop flag is set)."""
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)


def executor(name: str) -> Executor:
    """One worker for submitted calls (the what-if panel): a thread, made ``responsive()`` as a ``Worker`` is,
    or an ``InlineExecutor`` where there are no threads."""
    if not threads():
        return InlineExecutor()
    responsive()
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix=name)


class InlineExecutor(Executor):
    """An executor for a process without threads: each call runs as an asyncio task, one at a time, in
    submission order; its ``Future`` is settled when it has run (callbacks then run on the loop)."""

    def __init__(self) -> None:
        self._queue: list[tuple[Future[Any], Callable[..., Any], tuple[Any, ...], dict[str, Any]]] = []
        self._worker: Worker | None = None

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self._queue.append((future, fn, args, kwargs))
        if self._worker is None or not self._worker.is_alive():
            self._worker = Worker(self._drain, "donkeylab-inline")
            self._worker.start()
        return future

    def _drain(self) -> Generator[float, None, None]:
        while self._queue:
            future, fn, args, kwargs = self._queue.pop(0)
            if future.set_running_or_notify_cancel():
                try:
                    future.set_result(fn(*args, **kwargs))
                except Exception as exc:  # delivered to the future's owner, as a pool would
                    future.set_exception(exc)
            yield 0.0
