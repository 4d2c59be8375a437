"""A kernel manager with a ceiling, honest places, and no orphans.

Voila starts a kernel (a whole Python process) for every page request and has no limit.
``CappedKernelManager`` (chosen in ``voila.json`` through ``VoilaConfiguration.multi_kernel_manager_class``;
Voila derives its own manager from it, so every start passes here):

- **Places are pupils' pages.** ``max_kernels`` counts kernels that serve a page (running or starting).
  Preheated kernels waiting in Voila's pool are not places: they come on top, as many as the pools hold
  (``donkeylab serve --preheat die_choice=30``), and become a place when a pupil's page takes one. A page
  request beyond the places is refused at once (``ServerFull``: a 503 with a sentence, before any work).
- **No orphans.** A kernel with no websocket for ``orphan_grace`` seconds is shut down, whatever it is
  doing: a crashed tab or a closed lid sends no tab-close beacon, and a running simulation counts as
  activity, so Jupyter's idle culling never stops it (it would hold a core for as long as it runs).
  Pool kernels are exempt: they wait for a pupil by design.
- **A place costs a page.** A kernel whose page never opened its websocket (a GET alone: a script, a link
  preview) is shut down ``unopened_grace`` seconds after its kernel last did anything (its notebook ran), not
  after ``orphan_grace``: else a few repeated GETs hold many places for minutes. A class's own records wait
  for the page too (``class_pupil`` joins the class once the page has drawn its widgets).
- **A full server shares its places fairly** (``fair_places``): a page from one address takes over a kernel
  whose page never connected (quiet ``give_way_after`` seconds) from the address holding the most unopened pages,
  if that address holds at least two more, so one address repeating GETs cannot shut out another device.
- **The teacher's dashboard is never refused.** ``max_kernels`` bounds every other page; the dashboard (the
  server says so: ``refuse_if_full(teacher=True)``) starts even when every place is taken.
- **A class's pool is spent, not refilled, while the class is in.** Voila refills a pool after each page takes
  a kernel (``fill_delay`` later). For a pool named for a lesson (``--preheat die_choice=30``) that would start
  30 kernels in the middle of the lesson, and the pupils' Steps would wait for the CPU
  (``benchmarks/classroom.py``); a late pupil would even wait for a refill still in its delay. Here a named pool
  refills once no pupil's page is open, or after ``pool_refill_after`` seconds in which no page took one of
  its kernels; a pupil arriving after the pool is spent gets a kernel started for them, as without a pool.
- **A class's warm-up fits the places, and its end shuts down what no page took** (``warming.WarmPools``):
  "Start a class" fills a pool of its lesson, never past the places left; End class stops its idle kernels.
- **A memory ceiling per kernel.** Nothing else caps a kernel's memory (forged widgets, were one let through,
  grow a kernel within seconds). A kernel whose resident memory passes ``max_kernel_mb`` is stopped at the next
  look (once a second); the others are untouched. Its page says why: the kernel is told the ceiling
  (``kernel_guard.MEMORY_ENV``) and, near it, sets its page's lost-kernel sentence to the reason.
- **A bounded backlog for a closed page.** jupyter_server keeps every reply to a page whose websocket closed
  until it reconnects (``start_buffering``, "should likely be a memory bounded queue"), so one page's queued
  frames could grow the server without bound. Past ``connection.MAX_BACKLOG`` bytes the buffer
  is dropped and buffering stops; a page that reconnects then asks for its widgets' state again.
"""

from __future__ import annotations

import contextvars
import os
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import ioloop, web
from traitlets import Int

from donkeylab.apps.kernel_guard import MEMORY_ENV, rss_mb
from donkeylab.server.connection import MAX_BACKLOG, OnceLog
from donkeylab.server.fair_places import FairPlaces
from donkeylab.server.warming import WarmPools

CLASS_GONE_S = 60  # no page open this long after a pool's last take: its class has gone, the pool refills
PREHEAT_ENV = "VOILA_PREHEAT"  # Voila starts every pool kernel with VOILA_PREHEAT=True in its environment
MEMORY_CHECK_S = 1  # seconds between two looks at the kernels' memory
# Set for the page request being served when its visitor is the teacher (``refuse_if_full``): the kernel that
# request starts (``start_kernel``, later in the same request) is then not refused for want of a place.
_TEACHER_PAGE: contextvars.ContextVar[bool] = contextvars.ContextVar("donkeylab_teacher_page", default=False)
# The address of the page request being served (``refuse_if_full``): the kernel it starts or takes records it.
_PAGE_ADDRESS: contextvars.ContextVar[str | None] = contextvars.ContextVar("donkeylab_page_address", default=None)


class ServerFull(web.HTTPError):
    """All places are taken: 503, with a ``Retry-After`` hint for the page (the message is for the log)."""

    def __init__(self, limit: int) -> None:
        super().__init__(503, "all %d places are in use (CappedKernelManager.max_kernels)", limit, reason="Server Full")
        self.limit = limit


class CappedKernelManager(WarmPools, AsyncMappingKernelManager):
    """``AsyncMappingKernelManager`` with ``max_kernels`` pupils' places and orphan culling."""

    max_kernels = Int(
        40,
        config=True,
        help="Most pupils' pages at once (preheated kernels come on top); 0 means no limit. Budget ~150 MB each.",
    )
    orphan_grace = Int(
        120,
        config=True,
        help="Seconds a served kernel may live without any websocket before it is shut down; 0 turns it off.",
    )

    unopened_grace = Int(
        30,
        config=True,
        help="Seconds a served kernel whose page never opened a websocket may stay quiet before it is shut down; "
        "0 turns it off (then ``orphan_grace`` applies). Its page may still be loading the front end's scripts "
        "from a busy server: 20 s cut off an honest page on a loaded machine.",
    )

    give_way_after = Int(
        10,
        config=True,
        help="Seconds a kernel whose page never opened a websocket must be quiet before, on a full server, a page "
        "from another address may take its place (``fair_places``); 0 turns the sharing off.",
    )

    pool_refill_after = Int(
        2700,
        config=True,
        help="Seconds without a page taking a kernel from a named pool before it refills while pages are open.",
    )
    max_kernel_mb = Int(
        512,
        config=True,
        help="Resident memory (MB) a kernel may use before it is stopped; 0 turns it off. The apps' pages use "
        "80-170 MB, a LivePlot's largest run included.",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self._starting: set[str] = set()
        self._pooled: set[str] = set()  # preheated kernels not yet handed to a page
        self._alone_since: dict[str, float] = {}  # served kernels without a websocket, since when
        self._opened: set[str] = set()  # kernels whose page opened a websocket at least once
        self._reaper: ioloop.PeriodicCallback | None = None
        self._owed: dict[str, tuple[float, dict[str, Any]]] = {}  # named pool -> (last take, its refill's kwargs)
        self._refiller: ioloop.PeriodicCallback | None = None
        self._init_warming()
        self._memory_watch: ioloop.PeriodicCallback | None = None
        self._over_memory: set[str] = set()  # kernels being stopped for their memory
        self._notes = OnceLog()
        self._places = FairPlaces(self.give_way_after)  # who asked for each page's kernel; who gives way
        voila_fill: Callable[..., None] | None = getattr(self, "fill_if_needed", None)  # Voila's derived manager
        if voila_fill is not None:
            self._voila_fill = voila_fill
            self.fill_if_needed = self._fill_or_owe
        voila_size: Callable[[str], int] | None = getattr(self, "get_pool_size", None)
        if voila_size is not None:
            self._voila_size = voila_size
            self.get_pool_size = self._size_or_spend
        voila_take: Callable[..., Any] | None = getattr(self, "get_rendered_notebook", None)
        if voila_take is not None:
            self._voila_take = voila_take
            self.get_rendered_notebook = self._take_a_ready_one
        if voila_take is not None:  # the kernel a page takes from a pool records the page's address
            self.get_rendered_notebook = partial(self._take_for_address, self.get_rendered_notebook)

    def _fill_or_owe(self, delay: float | None = None, notebook_name: str | None = None, **kwargs: Any) -> None:
        """Voila's ``fill_if_needed``, except the refill after a take from a named pool: that one is owed.

        Voila asks for a refill with ``delay=None`` right after a page took a kernel; the fills at start-up and
        ours pass ``delay=0``.
        """
        pools = getattr(self, "kernel_pools_config", {})
        if delay is None and notebook_name in self._warmed:  # a class's warmed pool: spent, never refilled
            self._spend(notebook_name)
            return
        if delay is not None or notebook_name is None or notebook_name not in pools:
            self._voila_fill(delay=delay, notebook_name=notebook_name, **kwargs)
            return
        self._owed[notebook_name] = (time.monotonic(), kwargs)
        if self._refiller is None:
            every_ms = 1000 * max(1, min(10, self.pool_refill_after // 4))
            self._refiller = ioloop.PeriodicCallback(self._pay_due, every_ms)
            self._refiller.start()

    def _pay_due(self) -> None:
        self.pay_refills()

    def pay_refills(self, now: float | None = None) -> list[str]:
        """Refill the named pools whose class has gone (no page served for a minute after the last take) or
        has not taken a kernel for ``pool_refill_after`` seconds; returns their names.

        The minute covers the moment a page has taken a pool kernel but not yet received it: it is no place yet.
        """
        now = time.monotonic() if now is None else now
        gone = self.places_used() == 0
        settle = min(CLASS_GONE_S, self.pool_refill_after)
        due = [
            nb
            for nb, (taken, _) in self._owed.items()
            if now - taken >= self.pool_refill_after or (gone and now - taken >= settle)
        ]
        for notebook_name in due:
            _, kwargs = self._owed.pop(notebook_name)
            self.log.info("refilling the pool of %s: %s", notebook_name, "no page open" if gone else "quiet")
            self._voila_fill(delay=0, notebook_name=notebook_name, **kwargs)
        return due

    def places_used(self) -> int:
        """Kernels serving (or starting for) a pupil's page: the ones ``max_kernels`` counts."""
        return len((set(self.list_kernel_ids()) | self._starting) - self._pooled - self._places.giving_way)

    def full(self) -> bool:
        return self.max_kernels > 0 and self.places_used() >= self.max_kernels

    def refuse_if_full(self, teacher: bool = False, address: str | None = None) -> None:
        """Raise ``ServerFull`` when no place is left (the page handler asks before it takes a pool kernel),
        unless a kernel whose page never connected gives its place to this page (``fair_places``).

        ``teacher``: the request is the teacher's dashboard: never refused, and the
        kernel this request starts is not refused either. ``address``: the page's client address."""
        _TEACHER_PAGE.set(teacher)
        _PAGE_ADDRESS.set(address)
        if not teacher and self.full() and not self._give_way(address):
            self.log.warning("refusing a page: %d of %d places in use", self.places_used(), self.max_kernels)
            raise ServerFull(self.max_kernels)

    def _give_way(self, address: str | None) -> bool:
        """Shut down a stale kernel of the address holding the most, for a page from ``address`` (True), if
        that address holds enough more (``fair_places.choose``); its place is free at once."""
        if not address or self.give_way_after <= 0:
            return False
        alive = set(self.list_kernel_ids())
        busy = {k for k in alive if self._busy(k)}
        victim = self._places.give_way_to(address, alive, self._opened | self._pooled, busy, self._quiet_s)
        if victim is None:
            return False
        if count := self._notes.should_log("give way"):
            self.log.warning(
                "shutting down kernel %s of %s (its page never connected) for a page from %s (%d so far)",
                *(victim, self._places.address_of(victim), address, count),
            )
        ioloop.IOLoop.current().add_callback(self._shut_down, victim)
        return True

    async def _take_for_address(self, take: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        taken = await take(*args, **kwargs)
        if isinstance(taken, tuple):  # Voila's (render task, rendered cells, kernel id)
            self._places.asked(taken[-1], _PAGE_ADDRESS.get())
        return taken

    async def _shut_down(self, kernel_id: str) -> None:
        try:
            await self.shutdown_kernel(kernel_id)  # type: ignore[no-untyped-call]
        except Exception:  # gone meanwhile: nothing left to stop
            self.log.debug("kernel %s was already gone", kernel_id, exc_info=True)
        self._places.forget(kernel_id)

    def handed_out(self, kernel_id: str) -> None:
        """A pool kernel now serves a page: it takes a place, may become an orphan, and its idle time starts now.

        Its last activity was the end of its preheating, perhaps long before the lesson. Voila guards a kernel
        from the idle culler only while it sits in the pool, so the culler saw a kernel just handed to a page,
        with no websocket yet, as idle since then and shut it down before the page connected: that pupil's page
        waited for ever (the classroom benchmark with ``--preheat``, 2026-12-03).
        """
        self._pooled.discard(kernel_id)
        self._alone_since.setdefault(kernel_id, time.monotonic())
        kernel = self._kernels.get(kernel_id)
        if kernel is not None:
            kernel.last_activity = utcnow()

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        kernel_id = kwargs.get("kernel_id")
        if kernel_id is not None and kernel_id in self:  # an existing kernel is returned, nothing starts
            result: str = await super().start_kernel(*args, **kwargs)
            return result
        pooled = (kwargs.get("env") or {}).get(PREHEAT_ENV) == "True"
        if not pooled and not _TEACHER_PAGE.get():
            self.refuse_if_full(address=_PAGE_ADDRESS.get())
        kernel_id = kwargs["kernel_id"] = kernel_id or self.new_kernel_id()
        self._starting.add(kernel_id)  # checked and reserved before the first await: no two starts pass at once
        if pooled:
            self._pooled.add(kernel_id)
        else:
            self._alone_since[kernel_id] = time.monotonic()  # its page connects once the notebook ran
            self._places.asked(kernel_id, _PAGE_ADDRESS.get())
        self._start_reaper()
        self._tell_ceiling(kwargs)
        try:
            started: str = await super().start_kernel(*args, **kwargs)
            return started
        except BaseException:
            self._pooled.discard(kernel_id)
            self._alone_since.pop(kernel_id, None)
            raise
        finally:
            self._starting.discard(kernel_id)

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)  # type: ignore[no-untyped-call]
        self._alone_since.pop(kernel_id, None)
        self._opened.add(kernel_id)

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)  # type: ignore[no-untyped-call]
        if self._kernel_connections.get(kernel_id, 0) <= 0 and kernel_id not in self._pooled:
            self._alone_since[kernel_id] = time.monotonic()

    def remove_kernel(self, kernel_id: str) -> Any:
        self._pooled.discard(kernel_id)
        self.forget_built(kernel_id)
        self._alone_since.pop(kernel_id, None)
        self._opened.discard(kernel_id)
        self._places.forget(kernel_id)
        return super().remove_kernel(kernel_id)

    def orphans(self, now: float | None = None) -> list[str]:
        """Served kernels that have had no websocket for ``orphan_grace`` seconds, and those whose page never
        opened one and that have been quiet for ``unopened_grace`` seconds. A kernel whose start has not returned
        is left alone: it is listed before it is ready, which may take longer than the grace on a loaded server."""
        now = time.monotonic() if now is None else now
        alive = set(self.list_kernel_ids()) - self._starting
        return [
            k
            for k, since in self._alone_since.items()
            if k in alive
            and k not in self._pooled
            and self._kernel_connections.get(k, 0) <= 0
            and now - since >= self._grace(k, now)
        ]

    def _grace(self, kernel_id: str, now: float) -> float:
        """How long ``kernel_id`` may be without a websocket, counted from when it was left alone: a page that
        never connected gets ``unopened_grace`` after the kernel's last activity (its notebook may still run)."""
        if kernel_id in self._opened or self._busy(kernel_id) or self.unopened_grace <= 0 or self.orphan_grace <= 0:
            return self.orphan_grace if self.orphan_grace > 0 else float("inf")
        quiet = self._quiet_s(kernel_id)
        since = self._alone_since.get(kernel_id, now)
        busy_for = max(0.0, (now - since) - quiet)  # from being left alone to the kernel's last activity
        return min(self.orphan_grace, busy_for + self.unopened_grace)

    def _busy(self, kernel_id: str) -> bool:
        """Starting (its start not returned, or no answer from the kernel yet) or running a cell (its page's
        notebook, silent for seconds during an import): not quiet, whatever its last activity says."""
        state = getattr(self._kernels.get(kernel_id), "execution_state", None)
        return kernel_id in self._starting or state in ("starting", "busy")

    def _quiet_s(self, kernel_id: str) -> float:
        """Seconds since the kernel last did anything (infinite when unknown)."""
        last = getattr(self._kernels.get(kernel_id), "last_activity", None)
        return (utcnow() - last).total_seconds() if last is not None else float("inf")

    def _start_reaper(self) -> None:
        if self._reaper is None and self.orphan_grace > 0:
            graces = [g for g in (self.orphan_grace, self.unopened_grace) if g > 0]
            every_ms = 1000 * max(1, min(30, min(graces) // 4))
            self._reaper = ioloop.PeriodicCallback(self._reap, every_ms)
            self._reaper.start()

    async def _reap(self) -> None:
        alive = set(self.list_kernel_ids()) | self._starting
        for gone in [k for k in self._alone_since if k not in alive]:
            del self._alone_since[gone]
        for kernel_id in self.orphans():
            self._alone_since.pop(kernel_id, None)
            if kernel_id in self._opened:
                self.log.warning("shutting down kernel %s: no page connected for %d s", kernel_id, self.orphan_grace)
            elif count := self._notes.should_log("unopened"):  # a flood of GETs: the 1st, 10th, 100th … line
                self.log.warning(
                    "shutting down kernel %s: its page never connected (quiet %d s; %d so far)",
                    *(kernel_id, self.unopened_grace, count),
                )
            try:
                await self.shutdown_kernel(kernel_id)  # type: ignore[no-untyped-call]
            except Exception:  # gone meanwhile: nothing left to stop
                self.log.debug("orphan %s was already gone", kernel_id, exc_info=True)

    # ---------------------------------------------------------------------------------------------- memory
    def _tell_ceiling(self, start_kwargs: dict[str, Any]) -> None:
        """Pass the ceiling to the kernel (its page says why when it is stopped) and start watching memory."""
        if self.max_kernel_mb <= 0:
            return
        env = start_kwargs.get("env") or os.environ  # jupyter_client starts from os.environ when none is given
        start_kwargs["env"] = {**env, MEMORY_ENV: str(self.max_kernel_mb)}
        if self._memory_watch is None:
            if rss_mb() is None:
                self.log.warning("cannot read a kernel's memory here: max_kernel_mb is not enforced")
            self._memory_watch = ioloop.PeriodicCallback(self._check_memory, MEMORY_CHECK_S * 1000)
            self._memory_watch.start()

    def kernel_mb(self, kernel_id: str) -> float | None:
        """The kernel process's resident memory in MB (None when unknown: a remote or vanished kernel)."""
        kernel = self._kernels.get(kernel_id)
        pid = getattr(getattr(kernel, "provisioner", None), "pid", None)
        return rss_mb(pid) if isinstance(pid, int) and pid > 0 else None

    def over_memory(self) -> dict[str, float]:
        """Kernels over ``max_kernel_mb`` (and not already being stopped), with their memory in MB."""
        found = {}
        for kernel_id in self.list_kernel_ids():
            mb = self.kernel_mb(kernel_id) if kernel_id not in self._over_memory else None
            if mb is not None and mb > self.max_kernel_mb:
                found[kernel_id] = mb
        return found

    async def _check_memory(self) -> None:
        self._over_memory &= set(self.list_kernel_ids())
        for kernel_id, mb in self.over_memory().items():
            self._over_memory.add(kernel_id)
            count = self._notes.should_log("memory")
            if count:
                self.log.warning(
                    "stopping kernel %s: %.0f MB is over the ceiling of %d MB (max_kernel_mb; %d stopped so far)",
                    *(kernel_id, mb, self.max_kernel_mb, count),
                )
            try:
                await self.shutdown_kernel(kernel_id, now=True)  # type: ignore[no-untyped-call]
            except Exception:  # gone meanwhile: nothing left to stop
                self.log.debug("kernel %s over its memory was already gone", kernel_id, exc_info=True)

    # --------------------------------------------------------------------------------- replies to a closed page
    def start_buffering(self, kernel_id: str, session_key: str, channels: dict[str, Any]) -> None:
        """jupyter_server's buffering for a page that closed its websocket, bounded at ``MAX_BACKLOG`` bytes."""
        super().start_buffering(kernel_id, session_key, channels)  # type: ignore[no-untyped-call]
        if not self.buffer_offline_messages or kernel_id not in self._kernel_buffers:
            return
        held = [0]
        for channel, stream in channels.items():
            stream.on_recv(partial(self._buffer_reply, kernel_id, held, channel))

    def _buffer_reply(self, kernel_id: str, held: list[int], channel: str, msg_parts: list[Any]) -> None:
        info = self._kernel_buffers.get(kernel_id)
        if info is None:
            return
        held[0] += sum(len(part) for part in msg_parts)
        if held[0] <= MAX_BACKLOG:
            info["buffer"].append((channel, msg_parts))
            return
        count = self._notes.should_log("offline")
        if count:
            self.log.warning(
                "kernel %s: dropped the replies waiting for a closed page past %d MB (%d pages so far)",
                *(kernel_id, MAX_BACKLOG // 2**20, count),
            )
        self.stop_buffering(kernel_id)  # type: ignore[no-untyped-call]
