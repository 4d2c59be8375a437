"""The browser's path on CPython: with threads forced off (as under Pyodide, ``sys.platform == "emscripten"``)
every background job is an asyncio task, no thread is ever started, the loop is given back after every batch
or step (the page stays responsive), and Stop / Pause end a run.

``threading.Thread.start`` raises here like Pyodide's "can't start new thread", so a forgotten thread fails.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine, Iterator
from typing import Any

import pytest

from donkeylab.double_donkey import exact
from donkeylab.lessons import die_choice
from donkeylab.lessons import full_games as fg
from donkeylab.lessons.dd_what_if import WhatIfPanel
from donkeylab.pages.query import parse_query
from donkeylab.widgets import LivePlot, Stepper, background
from tests.apps.helpers import one

# Saved before any test refuses threads: ``run`` needs one thread of its own (see there).
_START = threading.Thread.start


@pytest.fixture
def no_threads(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    def refuse(_self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(background, "THREADS", False)
    monkeypatch.setattr(threading.Thread, "start", refuse)
    yield


def run(main: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run ``main`` on a fresh event loop in a thread of the test's own.

    In a full ``make test`` the browser tests run first, and Playwright's sync API leaves its event loop
    marked as running in the main thread for the rest of the session, so ``asyncio.run`` there fails with
    "cannot be called from a running event loop". A thread of our own has no running loop. It is started
    with the saved ``Thread.start``: every thread the code under test starts is still refused.
    """
    failure: list[BaseException] = []

    def body() -> None:
        try:
            asyncio.run(asyncio.wait_for(main(), timeout=120))
        except BaseException as exc:  # re-raised in the test's thread, where pytest reports it
            failure.append(exc)

    runner = threading.Thread(target=body, name="test-loop")
    _START(runner)
    runner.join()
    if failure:
        raise failure[0]


async def until(condition: Callable[[], bool], seconds: float = 60.0) -> None:
    """Give the loop back until ``condition`` holds (a condition, never a fixed sleep)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not condition():
        assert loop.time() < deadline, "condition never held"
        await asyncio.sleep(0)


def test_liveplot_runs_as_a_task_and_gives_the_loop_back_after_every_batch(no_threads: None) -> None:
    async def main() -> None:
        expected = LivePlot("double_down.total_after", n=3_000, batch=500, seed=4, k=4)
        expected.run()  # blocking, in this thread: the reference figure
        plot = LivePlot("double_down.total_after", n=3_000, batch=500, seed=4, k=4)
        seen: list[int] = []

        async def front_end() -> None:  # another task: it runs between the batches
            while plot.done < plot.n:
                seen.append(plot.done)
                await asyncio.sleep(0)

        watcher = asyncio.get_running_loop().create_task(front_end())
        plot.start()
        assert plot.running and plot.done == 0  # start returns at once: the first batch runs later
        await until(lambda: not plot.running)
        await watcher
        assert plot.done == 3_000 and plot.error == ""
        assert {0, 500, 1_000, 2_500} <= set(seen)  # the loop was free between every two batches
        assert plot.figure == expected.figure  # the same counts as a blocking run

    run(main)


def test_liveplot_stop_ends_the_task_and_continue_resumes(no_threads: None) -> None:
    async def main() -> None:
        plot = LivePlot("double_donkey.distinct_values", n=20_000, batch=500, seed=1)
        plot.start()
        await until(lambda: plot.done >= 1_000)
        plot._on_front_end(plot, {"method": "stop"}, [])  # the Stop button: never blocks
        stopped_at = plot.done
        await until(lambda: not plot.running)
        for _ in range(50):
            await asyncio.sleep(0)
        assert plot.done == stopped_at < plot.n  # no batch after Stop
        plot._on_front_end(plot, {"method": "start"}, [])  # Continue
        assert plot.running
        await until(lambda: not plot.running)
        assert plot.done == plot.n
        reference = LivePlot("double_donkey.distinct_values", n=20_000, batch=500, seed=1)
        reference.run()
        assert plot.figure == reference.figure  # stopping and resuming changes nothing

    run(main)


def test_stepper_play_and_pause_as_a_task(no_threads: None) -> None:
    async def main() -> None:
        st = Stepper("double_down", 2, seed=3, substeps=False)
        st.speed = 50.0
        st.run()
        assert st.playing
        await until(lambda: st.index >= 3)
        st.pause()  # returns at once; the task ends at its next step
        at = st.index
        await asyncio.sleep(0.05)
        assert not st.playing and st.index == at
        st.run()
        await until(lambda: not st.playing)  # plays to the end (or a human's turn) and stops by itself
        assert st.index > at

    run(main)


def test_what_if_is_worked_out_as_a_task(no_threads: None) -> None:
    async def main() -> None:
        lesson = die_choice.parts()
        panel: WhatIfPanel = one(lesson, WhatIfPanel)
        assert "Working out" in panel.value  # the page is built at once; the answer comes later
        await until(panel.wait)
        pos = panel.position()
        assert not isinstance(pos, str)
        assert panel.result(pos[0]) == exact.what_if(**exact.RULEBOOK_WHAT_IF)
        assert "best card on average" in panel.value and "yellow 3" in panel.value  # drawn (no ★ since 2026-12)

    run(main)


def test_the_full_games_table_fills_in_as_a_task(no_threads: None) -> None:
    async def main() -> None:
        lesson = fg.parts(parse_query("games=20&seed=2", fg.PARAMS), background=True)
        table = lesson.table
        await until(lambda: bool(table.results) and not table.running)
        assert table.progress.value == 40 and not table.more.disabled

    run(main)
