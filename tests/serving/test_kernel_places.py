"""``CappedKernelManager`` without a server: what happens to a preheated kernel when a pupil's page takes it,
and to the pool it came from."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from datetime import timedelta
from types import SimpleNamespace
from typing import Any, ClassVar

from jupyter_server._tz import utcnow

from donkeylab.server.kernels import CappedKernelManager
from tests.serving.conftest import in_its_own_loop


def run_now(coroutine: Any) -> None:
    """Drive a coroutine that never has to wait (the culler's check with a stand-in shutdown). Not
    ``asyncio.run``: an earlier test of the same worker may leave an event loop running in this thread."""
    try:
        coroutine.send(None)
    except StopIteration:
        return
    raise AssertionError("the coroutine waited for something")


def test_a_pool_kernel_handed_to_a_page_is_not_culled_before_the_page_connects() -> None:
    """Preheated an hour before the lesson, then taken by a page whose websocket is not there yet: the idle
    culler must count from the hand-out (it shut such a kernel down, and the pupil's page waited for ever)."""
    manager = CappedKernelManager(cull_idle_timeout=20)
    stopped: list[str] = []

    async def shutdown_kernel(kernel_id: str, *args: Any, **kwargs: Any) -> None:
        stopped.append(kernel_id)

    manager.shutdown_kernel = shutdown_kernel  # type: ignore[method-assign]
    kernel = SimpleNamespace(
        last_activity=utcnow() - timedelta(hours=1),
        execution_state="idle",
        kernel_name="python3",
        kernel_spec=SimpleNamespace(metadata={}),
    )
    manager._kernels["k1"] = kernel
    manager._pooled.add("k1")

    manager.handed_out("k1")
    run_now(manager.cull_kernel_if_idle("k1"))
    assert stopped == []
    assert manager.places_used() == 1  # it is a pupil's place now

    kernel.last_activity = utcnow() - timedelta(seconds=30)  # the page never connected and 30 s went by
    run_now(manager.cull_kernel_if_idle("k1"))
    assert stopped == ["k1"]


class PoolsManager(CappedKernelManager):
    """Stands in for Voila's derived manager: its pools' config and the ``fill_if_needed`` it defines."""

    kernel_pools_config: ClassVar[dict[str, dict[str, int]]] = {
        "default": {"pool_size": 0},
        "die_choice.ipynb": {"pool_size": 30},
    }

    def __init__(self, **kwargs: Any) -> None:
        self.fills: list[tuple[float | None, str | None]] = []
        super().__init__(**kwargs)

    def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None, **kwargs: Any) -> None:
        self.fills.append((delay, notebook_name))


def in_a_loop(job: Callable[[], Any]) -> Any:
    """Run ``job`` inside a running event loop (``in_its_own_loop``)."""

    async def main() -> Any:
        return job()

    return in_its_own_loop(main())


def test_a_named_pool_is_refilled_once_its_class_has_gone_not_while_pupils_take_its_kernels() -> None:
    manager = PoolsManager(pool_refill_after=2700)
    manager._kernels["served"] = SimpleNamespace()  # a pupil's page, open

    def take_and_check() -> list[Any]:
        manager.fill_if_needed(delay=0, notebook_name="die_choice.ipynb")  # the start-up fill passes through
        manager.fill_if_needed(notebook_name="index.ipynb")  # the default pool: Voila's refill, as before
        for _ in range(3):
            manager.fill_if_needed(notebook_name="die_choice.ipynb", path="")  # a page took a kernel
        assert manager.fills == [(0, "die_choice.ipynb"), (None, "index.ipynb")]
        assert manager._refiller is not None
        manager._refiller.stop()
        return [manager.pay_refills(now) for now in (time.monotonic() + 600, time.monotonic() + 2800)]

    early, late = in_a_loop(take_and_check)
    assert early == []  # ten minutes on, a page is still open: no kernel starts during the lesson
    assert late == ["die_choice.ipynb"]  # 45 minutes without a take: refilled while the page stays open
    assert manager.fills[-1] == (0, "die_choice.ipynb")
    assert len(manager.fills) == 3  # one refill for the three takes: Voila tops the pool up to its size

    del manager._kernels["served"]  # the class has gone
    manager._owed["die_choice.ipynb"] = (time.monotonic(), {})
    assert manager.pay_refills(time.monotonic() + 10) == []  # a page may be receiving the kernel just taken
    assert manager.pay_refills(time.monotonic() + 61) == ["die_choice.ipynb"]


class WarmingManager(CappedKernelManager):
    """Voila's derived manager as far as a warm-up sees it: pools of tasks that start kernels, filled up to each
    pool's size, and the take that pops a pool's first task."""

    def __init__(self, **kwargs: Any) -> None:
        self.kernel_pools_config: dict[str, dict[str, int]] = {"default": {"pool_size": 0}}
        self._pools: dict[str, list[asyncio.Future[Any]]] = {}
        self.started = 0
        super().__init__(**kwargs)

    def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None, **kwargs: Any) -> None:
        pool = self._pools.setdefault(str(notebook_name), [])
        for _ in range(self.kernel_pools_config[str(notebook_name)]["pool_size"] - len(pool)):
            pool.append(asyncio.get_running_loop().create_future())
            self.started += 1

    async def get_rendered_notebook(self, notebook_name: str, **kwargs: Any) -> Any:
        return await self._pools[notebook_name].pop(0)


def test_a_class_warm_up_builds_a_few_pages_at_a_time_and_hands_out_the_built_ones_first() -> None:
    """Thirty kernels started at once were all ready only at the end (~22 s on 2 cores), and a pupil arriving
    meanwhile waited for the pool's first one. Counting only the kernels' starts was not enough: Voila's task is
    done once the kernel runs, and the page's build (most of the cost) came after, so a pupil arriving in the
    first 30 s waited 23 s (p50, ``benchmarks/class_start.py``). A kernel counts as warming until it says its page
    is built, in its pool or taken by a page."""
    from donkeylab.server.warming import WARM_WAVE

    def start(task: asyncio.Future[Any], n: int) -> None:
        task.set_result({"task": None, "renderer": None, "kernel_id": f"0000000{n}"})

    async def main() -> None:
        manager = WarmingManager()
        manager.warm("die_choice.ipynb", 30)
        assert manager.started == WARM_WAVE  # not thirty at once
        assert manager.warm_status("die_choice.ipynb") == {"ready": 0, "size": 30}
        pool = manager._pools["die_choice.ipynb"]
        first, last = pool[0], pool[-1]
        start(first, 0)
        start(last, 1)
        manager.next_wave()  # started, still building its page: nothing more starts
        assert manager.started == WARM_WAVE and manager.warm_status("die_choice.ipynb")["ready"] == 0
        taken = asyncio.ensure_future(manager.get_rendered_notebook("die_choice.ipynb"))
        await asyncio.sleep(0)
        assert taken.done() and pool == [last] and manager.started == WARM_WAVE  # a taken kernel still counts
        manager.kernel_built("00000001")  # the last one's page is built: one more starts at once
        assert manager.started == WARM_WAVE + 1 and manager.warm_status("die_choice.ipynb")["ready"] == 1
        pool.insert(0, pool.pop())  # the one just started now stands first, the built one behind it
        assert (await manager.get_rendered_notebook("die_choice.ipynb"))["kernel_id"] == "00000001"
        n = 2
        while manager.started < 30:
            for task in list(manager._pools["die_choice.ipynb"]):
                if not task.done():
                    start(task, n)
                    manager.kernel_built(f"0000000{n}")
                    n += 1
            manager.next_wave()
        manager.kernel_built("00000000")
        manager.next_wave()
        assert manager.started == 30 and manager._waves is None  # the class's size, no more

    in_its_own_loop(main())
