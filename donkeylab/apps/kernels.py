"""A kernel manager with a ceiling: Voila starts a kernel (~170 MB) for every page request and has no limit.

Thirty pupils with a gallery tab and an app tab each, a reload or two, and a forgotten tab are enough to fill a
small server's memory. ``CappedKernelManager`` refuses ``start_kernel`` once ``max_kernels`` kernels exist or
are starting, with a 503 that the page handler (``donkeylab.apps.server``) turns into a sentence for the
pupil. It is chosen in ``voila.json`` (``VoilaConfiguration.multi_kernel_manager_class``); Voila derives its
own kernel manager from it, so the limit holds for every start, whatever asked for it.
"""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Int


class ServerFull(web.HTTPError):
    """All places are taken: 503, with a ``Retry-After`` hint for the page (the message is for the log)."""

    def __init__(self, limit: int) -> None:
        super().__init__(
            503, "all %d kernels are in use (CappedKernelManager.max_kernels)", limit, reason="Server Full"
        )
        self.limit = limit


class CappedKernelManager(AsyncMappingKernelManager):
    """``AsyncMappingKernelManager`` that starts no kernel beyond ``max_kernels`` (running + starting)."""

    max_kernels = Int(
        40,
        config=True,
        help="Most kernels alive at once (one per open page); 0 means no limit. Budget ~170 MB each.",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self._starting: set[str] = set()

    def kernel_count(self) -> int:
        """Kernels running or being started (a start takes seconds; counting it closes the race)."""
        return len(set(self.list_kernel_ids()) | self._starting)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        kernel_id = kwargs.get("kernel_id")
        if kernel_id is not None and kernel_id in self:  # an existing kernel is returned, nothing starts
            result: str = await super().start_kernel(*args, **kwargs)
            return result
        if self.max_kernels > 0 and self.kernel_count() >= self.max_kernels:
            self.log.warning("refusing a new kernel: %d of %d in use", self.kernel_count(), self.max_kernels)
            raise ServerFull(self.max_kernels)
        kernel_id = kwargs["kernel_id"] = kernel_id or self.new_kernel_id()
        self._starting.add(kernel_id)  # checked and reserved before the first await: no two starts pass at once
        try:
            started: str = await super().start_kernel(*args, **kwargs)
            return started
        finally:
            self._starting.discard(kernel_id)
