"""Which page gives its place away when the server is full: the places are shared fairly between addresses.

A GET of a page starts a kernel, and its place stays taken until the page's websocket opens, or until the
kernel is culled for never connecting (``CappedKernelManager.unopened_grace``, seconds after its notebook ran).
One address repeating GETs without ever opening a page could keep every place taken that way, so a pupil on
another device, and a pupil reloading, would be told "the class server is full".

So a full server does not refuse at once. A page from address X takes over the oldest *stale* kernel of the
address holding the most kernels whose page never connected, if that address holds at least two more than X (the
rule ``ClassroomListener`` applies to connections): an address holding many unopened pages cannot shut out one
holding few, and pupils behind one address (a school's NAT) never take one another's places, since an address
never takes over its own kernels. Stale: the page never opened its websocket, the kernel is not starting or
running a cell (an honest page's notebook may still run), and it has been quiet for ``give_way_after`` seconds: a
real page connects a moment after its notebook ran. Every unopened kernel counts toward its address's holding,
stale or not: a flood's newest pages, still running their notebook, hold places too.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Mapping, Sequence

GIVE_WAY_MARGIN = 2  # the holder of the most stale kernels gives one away if it holds this many more


def choose(held: Mapping[str, Sequence[str]], stale: Collection[str], newcomer: str) -> str | None:
    """The kernel that gives way to a page from ``newcomer``, or None (the page is refused).

    ``held`` lists each address's kernels whose page never connected, oldest first; ``stale`` are those that may
    give way. The address holding the most gives its oldest stale kernel if it holds at least
    ``GIVE_WAY_MARGIN`` more than ``newcomer``; between addresses holding as many, the one that asked first."""
    counts = {address: len(kernels) for address, kernels in held.items() if kernels}
    if not counts:
        return None
    most = max(counts.values())
    if most < counts.get(newcomer, 0) + GIVE_WAY_MARGIN:
        return None
    for address, count in counts.items():  # dicts keep insertion order: ``FairPlaces.unopened`` lists by age
        if count == most and address != newcomer:
            victim = next((kernel for kernel in held[address] if kernel in stale), None)
            if victim is not None:
                return victim
    return None


class FairPlaces:
    """The address each served kernel was asked for from, and the kernels giving their place away.

    The manager tells it when a page takes a kernel (``asked``) and when a kernel is gone (``forget``); kernels
    without an address (started by no page request) are never stale."""

    def __init__(self, give_way_after: float) -> None:
        self.give_way_after = give_way_after
        self._asked: dict[str, tuple[str, float]] = {}  # kernel -> (address, when its page asked), oldest first
        self.giving_way: set[str] = set()  # chosen to give way, being shut down: no place any more

    def asked(self, kernel_id: str, address: str | None, now: float | None = None) -> None:
        if address:
            self._asked[kernel_id] = (address, time.monotonic() if now is None else now)

    def forget(self, kernel_id: str) -> None:
        self._asked.pop(kernel_id, None)
        self.giving_way.discard(kernel_id)

    def address_of(self, kernel_id: str) -> str | None:
        asked = self._asked.get(kernel_id)
        return asked[0] if asked else None

    def unopened(
        self,
        alive: Collection[str],
        connected: Collection[str],
        busy: Collection[str],
        quiet_for: Callable[[str], float],
        now: float | None = None,
    ) -> tuple[dict[str, list[str]], set[str]]:
        """Each address's kernels whose page never connected (alive, not ``connected``, not already giving way),
        oldest first, and the stale ones among them: not ``busy`` (starting, running a cell), asked for and quiet
        (``quiet_for``: seconds since the kernel last did anything) for ``give_way_after`` seconds."""
        now = time.monotonic() if now is None else now
        held: dict[str, list[str]] = {}
        stale: set[str] = set()
        for kernel_id, (address, since) in sorted(self._asked.items(), key=lambda item: item[1][1]):
            if kernel_id not in alive or kernel_id in connected or kernel_id in self.giving_way:
                continue
            held.setdefault(address, []).append(kernel_id)
            if kernel_id not in busy and min(now - since, quiet_for(kernel_id)) >= self.give_way_after:
                stale.add(kernel_id)
        return held, stale

    def give_way_to(
        self,
        address: str,
        alive: Collection[str],
        connected: Collection[str],
        busy: Collection[str],
        quiet_for: Callable[[str], float],
        now: float | None = None,
    ) -> str | None:
        """The kernel that gives its place to a page from ``address`` (now counted as ``giving_way``), or None."""
        victim = choose(*self.unopened(alive, connected, busy, quiet_for, now), address)
        if victim is not None:
            self.giving_way.add(victim)
        return victim
