"""A class's warm-up and cool-down: kernels of its lesson made ready at Start, the idle ones shut down at End.

Thirty pages of a lesson opened at once took a median of 144 s on a cold server and 15 s with as many kernels
preheated; a teacher should not need to know ``--preheat``. "Start a class" asks the server to keep a pool of
the lesson's kernels ready (``warm``), one per pupil. Each page that takes a kernel lowers the pool by one (no
refill: the pool is the class's).

- **End class cools the pool** (``cool``). The pupils who never came left their warmed kernels running: three
  classes in a row left 73–99 kernels (7.5 GB). Ending a class shuts down every kernel of its lesson's pool that
  no page has taken, and those still starting once they are ready, and drops what the warm-up had still to
  start. A kernel a page took has left the pool: it is never touched here. While another open class warmed the
  same lesson, its pupils may still come: the pool stays. A class that closed without End class (it expired,
  or its dashboard's tab was closed first) is found within a minute and cooled the same way (``cool_gone``).
- **All warm-ups share what the places leave.** A warmed kernel becomes a place when a page takes it, and a page
  beyond ``max_kernels`` is refused before it takes one: a kernel warmed past the free places would wait for a
  page that can never come. So the pools together (every lesson's, ``--preheat`` ones too, with what their
  warm-ups have still to start) hold at most ``max_kernels`` less the places in use (``MAX_WARM`` with no
  limit); a second class started while the first runs gets what is left, and says so.

- **A few kernels warm at a time, counted until their page is built.** Voila's pool task is done once the kernel
  has started, but building the page (the imports, the first build) is most of its cost, and runs after. A warmed
  kernel says when its page is built (``built``, from ``donkeylab.apps.build``); until then it counts as warming,
  in its pool or already taken by a page. So ``WARM_WAVE`` kernels build at a time and each is ready in turn:
  counting only the starts let thirty builds share the cores, and every pupil waited for the last.
- **The teacher's desk warms too.** A teacher who looks at the start screen (its lesson and class size) for a few
  seconds has the lesson warmed under a desk's claim (``desk``), which lasts ``DESK_S`` or until the desk
  changes its lesson or starts its class; thirty pages need about half a minute of both cores, which a class
  scanning at Start would otherwise wait for.

``WarmPools`` is a part of ``CappedKernelManager``: it works on Voila's pools (``_pools``: per notebook the tasks
that start its kernels; ``kernel_pools_config``: their sizes) through the manager's ``_voila_fill``.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Awaitable, Callable
from typing import Any

from tornado import ioloop

MAX_WARM = 100  # kernels the warm-ups may hold with no limit on the places (each ~100-150 MB)
# A class's warm-up starts this many kernels at a time, the next as one is ready: thirty at once shared the cores
# so evenly that the first was ready only with the last (~22 s), and a class scanning at once waited for it
# (arrival → able to guess p50 7.4 s against 2.3 s with no warm-up at all; benchmarks/class_start.py)
WARM_WAVE = max(2, os.cpu_count() or 2)
WAVE_EVERY_MS = 500
CLASS_CHECK_MS = 60_000  # how often the pools of classes that closed without End class are looked for
BUILT_WAIT_S = 60.0  # a warmed kernel that never says its page is built counts as built after this long
DESK_S = 600.0  # how long a teacher's desk keeps its lesson warm without starting the class


def desk_code(desk: str) -> str:
    """The claim a teacher's start screen (``desk``, its id) holds on the lesson it warms, beside classes' codes."""
    return "desk:" + desk


class WarmPools:
    """The warm-up of class lessons, as the part of the kernel manager that keeps Voila's pools for classes."""

    max_kernels: int
    log: Any
    _voila_fill: Callable[..., None]
    _voila_take: Callable[..., Any]
    _voila_size: Callable[[str], int]
    places_used: Callable[[], int]  # the manager's count of pages' places
    _shut_down: Callable[[str], Awaitable[None]]  # the manager's shutdown that forgets the kernel's place

    def _init_warming(self) -> None:
        self._warmed: set[str] = set()  # notebooks whose pool a class's start made (spent, never refilled)
        self._warm_left: dict[str, int] = {}  # warmed notebooks: kernels still to start, a wave at a time
        self._warm_for: dict[str, set[str]] = {}  # warmed notebooks: the codes of the classes that asked
        self._waves: ioloop.PeriodicCallback | None = None
        # the codes of the open classes (the server's class store), None when it cannot be read; unset: no checks
        self.open_codes: Callable[[], set[str] | None] | None = None
        self._class_watch: ioloop.PeriodicCallback | None = None
        self._launched: dict[Any, float] = {}  # warm-ups' tasks whose page is not built yet -> when launched
        self._built: set[str] = set()  # kernels that said their page is built (until they are removed)
        self._desks: dict[str, float] = {}  # a desk's claim ("desk:ID") -> until when it lasts
        self._langs: dict[str, str] = {}  # warmed notebooks: the language of the class link (the latest asked)

    # ---------------------------------------------------------------------------------------------- warming
    def warm(
        self, notebook: str, size: int, code: str | None = None, desk: str | None = None, lang: str | None = None
    ) -> dict[str, Any]:
        """A class (``code``) is about to arrive (its teacher pressed Start), or a teacher's desk (``desk``)
        shows the lesson: keep ``size`` kernels of ``notebook`` ready, as far as the places leave room
        (``warm_room``); a pool already larger stays, and a ``--preheat`` pool is left as it is. ``lang``: the
        class link's language, in which each warmed kernel builds its pupil's page ahead (``warm_status``)."""
        if not hasattr(self, "_voila_fill"):
            return {"ready": 0, "size": 0}
        if lang:
            self._langs[notebook] = lang
        if desk:
            code = desk_code(desk)
            self._desks[code] = time.monotonic() + DESK_S
        pools = self._voila_pools()
        if notebook in pools and notebook not in self._warmed:  # the operator's --preheat pool: not a class's
            return self.warm_status(notebook)
        if code and not desk:
            self._make_way(notebook)
        room = self.warm_room(notebook)
        wanted = max(0, min(int(size), room))
        self._warmed.add(notebook)
        if code:
            self._warm_for.setdefault(notebook, set()).add(code)
            self._watch_classes()
        have = len(self._pool_of(notebook))
        pools[notebook] = {**pools.get(notebook, {}), "pool_size": have}
        self._warm_left[notebook] = max(wanted, have) - have
        self.log.info(
            "warming %s for a class of %d: %d kernels (room for %d), %d at a time",
            notebook,
            size,
            wanted,
            room,
            WARM_WAVE,
        )
        self.next_wave()  # the first wave now, the others as kernels are ready
        if self._warm_left and self._waves is None:
            self._waves = ioloop.PeriodicCallback(self.next_wave, WAVE_EVERY_MS)
            self._waves.start()
        return self.warm_status(notebook)

    def _make_way(self, notebook: str) -> None:
        """A class starts: the other lessons that only start screens warm give their kernels up. A trial's
        teacher restarted the server, its start screen warmed 30 pages of Lesson 1 under a desk that outlived
        its tab (ten minutes), and the next two classes found room for 4 pages and then none."""
        for other, claims in list(self._warm_for.items()):
            if other != notebook and claims and all(c.startswith("desk:") for c in claims):
                self._cool_now(other)

    def warm_room(self, notebook: str) -> int:
        """How many kernels ``notebook``'s pool may hold (started or still to start): the places not in use,
        less every other pool and warm-up, at most ``MAX_WARM``."""
        others = sum(len(pool) for nb, pool in self._all_pools().items() if nb != notebook)
        others += sum(left for nb, left in self._warm_left.items() if nb != notebook)
        budget = self.max_kernels - self.places_used() if self.max_kernels > 0 else MAX_WARM
        return max(0, min(MAX_WARM, budget - others))

    def warmed_total(self) -> int:
        """Kernels in every pool plus those the warm-ups have still to start: what ``warm_room`` shares."""
        return sum(len(pool) for pool in self._all_pools().values()) + sum(self._warm_left.values())

    def next_wave(self) -> None:
        """Start more of each warming pool's kernels while fewer than ``WARM_WAVE`` are building their page, in
        any pool or taken by a page (``building``). What the places no longer leave room for (pages of other
        lessons took places meanwhile) is not started at all."""
        building = self.building()
        for notebook, left in list(self._warm_left.items()):
            pool = self._pool_of(notebook)
            left = self._warm_left[notebook] = max(0, min(left, self.warm_room(notebook) - len(pool)))
            more = min(left, WARM_WAVE - building)
            if more > 0 and notebook in self._warmed:
                self._voila_pools()[notebook]["pool_size"] = len(pool) + more
                self._warm_left[notebook] = left = left - more
                self._voila_fill(delay=0, notebook_name=notebook)
                now = time.monotonic()
                self._launched.update((task, now) for task in self._pool_of(notebook) if not task.done())
                building += more
            if not left or notebook not in self._warmed:
                del self._warm_left[notebook]
        if not self._warm_left and self._waves is not None:
            self._waves.stop()
            self._waves = None

    def building(self) -> int:
        """Warm-ups' kernels still starting or building their page, in a pool or taken by a page."""
        now = time.monotonic()
        for task, launched in list(self._launched.items()):
            if self._is_built(task) or (task.done() and not self._started(task)) or now - launched > BUILT_WAIT_S:
                del self._launched[task]
        return len(self._launched)

    def kernel_built(self, kernel_id: str) -> None:
        """A warmed kernel says its page is built: it is ready for a page, and the next of the wave may start."""
        self._built.add(kernel_id)
        if self._warm_left:
            self.next_wave()

    def forget_built(self, kernel_id: str) -> None:
        self._built.discard(kernel_id)

    def _started(self, task: asyncio.Future[Any]) -> bool:
        return task.done() and not task.cancelled() and task.exception() is None

    def _is_built(self, task: asyncio.Future[Any]) -> bool:
        """Whether a pool task's kernel has started and built its page (or is not one of the warm-ups' kernels,
        which need not say so: a ``--preheat`` pool's)."""
        if not self._started(task):
            return False
        return task not in self._launched or self._kernel_id(task) in self._built

    @staticmethod
    def _kernel_id(task: asyncio.Future[Any]) -> str | None:
        content = task.result()
        return content.get("kernel_id") if isinstance(content, dict) else None

    def warm_status(self, notebook: str) -> dict[str, Any]:
        """How many of ``notebook``'s pooled kernels are ready for a page (started, page built), the pool's
        size, and while a class or a desk warms it, the class link's language (``lang``)."""
        pool = self._pool_of(notebook)
        self.building()  # forgets the launched tasks that are built or waited for too long
        ready = sum(1 for task in pool if self._is_built(task))
        size = int(self._voila_pools().get(notebook, {}).get("pool_size", 0)) + self._warm_left.get(notebook, 0)
        lang = self._langs.get(notebook) if notebook in self._warmed else None
        return {"ready": ready, "size": size, **({"lang": lang} if lang else {})}

    # ---------------------------------------------------------------------------------------------- cooling
    def cool(self, notebook: str, code: str | None = None, still_open: set[str] | None = None) -> dict[str, int]:
        """The class ``code`` has ended: shut down ``notebook``'s warmed kernels no page took, and start no more.

        ``still_open``: the codes of the classes still open (the class store's); a class that warmed the same
        lesson and is still open keeps the pool for its pupils. A ``--preheat`` pool is not a class's: it
        stays. Returns the pool's status after, with ``cooled``: how many kernels are being shut down."""
        asked = self._warm_for.get(notebook, set())
        asked.discard(code or "")
        self._desks.pop(code or "", None)
        if still_open is not None:
            asked &= self._claims(still_open)
        if asked or notebook not in self._warmed:
            return {**self.warm_status(notebook), "cooled": 0}
        cooled = self._cool_now(notebook)
        return {**self.warm_status(notebook), "cooled": cooled}

    def _cool_now(self, notebook: str) -> int:
        """Shut down ``notebook``'s warmed kernels no page took and start no more; how many are shut down."""
        for claim in self._warm_for.get(notebook, set()):
            self._desks.pop(claim, None)
        self._warm_for.pop(notebook, None)
        self._warm_left.pop(notebook, None)
        self._langs.pop(notebook, None)
        self._warmed.discard(notebook)
        self._voila_pools().pop(notebook, None)
        pool = self._pool_of(notebook)
        idle, pool[:] = list(pool), []
        for task in idle:
            task.add_done_callback(self._shut_down_warmed)  # at once when ready, else once its start is done
        self.log.info(
            "%s is no class's any more: shutting down its %d warmed kernels no page took",
            notebook,
            len(idle),
        )
        return len(idle)

    def cool_gone(self) -> list[str]:
        """Cool the pools of classes that closed without End class (expired; the dashboard's tab closed
        before): no open class asked for them any more. Nothing when the class store cannot be read."""
        still_open = self.open_codes() if self.open_codes is not None else None
        if still_open is None:
            return []
        claims = self._claims(still_open)
        gone = [nb for nb, codes in self._warm_for.items() if codes and not codes & claims]
        for notebook in gone:
            self.cool(notebook, None, still_open)
        return gone

    def _claims(self, still_open: set[str]) -> set[str]:
        """The open classes' codes and the desks' claims that have not run out (those are forgotten)."""
        now = time.monotonic()
        for desk in [d for d, until in self._desks.items() if until <= now]:
            del self._desks[desk]
        return still_open | set(self._desks)

    def _watch_classes(self) -> None:
        if self.open_codes is not None and self._class_watch is None:
            self._class_watch = ioloop.PeriodicCallback(self._check_classes, CLASS_CHECK_MS)
            self._class_watch.start()

    def _check_classes(self) -> None:
        self.cool_gone()

    def _shut_down_warmed(self, task: asyncio.Future[Any]) -> None:
        """Shut down the kernel of a warm-up task taken out of its pool, once its start is done. Its page build
        waits in the kernel for a page that will never come (Voila's preheated kernels wait for their page's
        request): it is stopped too."""
        if not self._started(task):
            return
        content = task.result()
        render = content.get("task")
        if render is not None:
            render.cancel()
        ioloop.IOLoop.current().add_callback(self._shut_down, content["kernel_id"])

    # ---------------------------------------------------------------------------------------------- Voila's pools
    async def _take_a_ready_one(self, notebook_name: str, *args: Any, **kwargs: Any) -> Any:
        """Voila's take from a pool, which hands out the pool's first kernel even while a later one is ready:
        the ready ones first (a warming pool holds both)."""
        pool = self._pool_of(notebook_name)
        pool.sort(key=lambda task: (not self._is_built(task), not task.done()))
        return await self._voila_take(notebook_name, *args, **kwargs)

    def _size_or_spend(self, notebook_name: str) -> int:
        """Voila's pool size, which its page handler asks once per page. A page that finds a warming pool empty
        gets a kernel started for it: that kernel stands in for one the warm-up would still start, so the
        warm-up starts one fewer (thirty pupils arriving at Start otherwise had thirty kernels started for them
        and thirty more warmed for nobody, all on the same cores)."""
        size = self._voila_size(notebook_name)
        if size == 0 and self._warm_left.get(notebook_name, 0) > 0:
            self._warm_left[notebook_name] -= 1
        return size

    def _spend(self, notebook: str) -> None:
        """A page took a kernel of a warmed pool: the pool is one smaller, and nothing starts in its place. A
        pool spent to the last kernel is no class's any more: the next class's Start warms it again."""
        config = self._voila_pools().get(notebook, {})
        config["pool_size"] = len(self._pool_of(notebook))
        if not config["pool_size"] and not self._warm_left.get(notebook):
            self._warmed.discard(notebook)
            self._warm_for.pop(notebook, None)
            self._voila_pools().pop(notebook, None)

    def _voila_pools(self) -> dict[str, dict[str, Any]]:
        """Voila's ``kernel_pools_config`` (its derived manager has it; this class alone does not)."""
        pools: dict[str, dict[str, Any]] = getattr(self, "kernel_pools_config", {})
        return pools

    def _all_pools(self) -> dict[str, list[Any]]:
        """Voila's pools: per notebook the tasks that start its kernels (done: ready for a page)."""
        pools: dict[str, list[Any]] = getattr(self, "_pools", {})
        return pools

    def _pool_of(self, notebook: str) -> list[Any]:
        """Voila's pool of ``notebook``."""
        return self._all_pools().get(notebook, [])
