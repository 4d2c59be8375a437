"""``CappedKernelManager`` without a server: what happens to a preheated kernel when a pupil's page takes it."""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace
from typing import Any

from jupyter_server._tz import utcnow

from donkeylab.apps.kernels import CappedKernelManager


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
