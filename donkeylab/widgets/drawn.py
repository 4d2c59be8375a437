"""``Drawn``: an invisible widget whose page says "drawn" once its widgets exist, so the kernel can re-send state.

Voila's widget manager asks the kernel for every model's state once (``request_states``) and then creates the
models one by one (each waits for its module); an update the kernel sends in between targets a model the page
has not made yet, and the page drops it. Widgets changed only by the kernel's own threads (class mode's join
and polls) would then stay as first drawn, e.g. "Joining class …" for good, or Lock in disabled. A ``Drawn``
shown after them answers that: its ``render`` runs once the page's models exist, and its message calls back.
The message is the page's, so it is untrusted: ``PageGuard`` bounds its rate, and only ``{"drawn": 1}`` counts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget

from donkeylab.widgets import assets
from donkeylab.widgets.guard import PageGuard


class Drawn(PageGuard, anywidget.AnyWidget):
    """``Drawn(callback)``: ``callback()`` runs each time a page has drawn this widget (on the kernel's thread)."""

    pause_exempt = True  # it draws the page, it controls nothing: a class's pause lets it pass

    _esm = assets.asset("drawn.js")

    def __init__(self, callback: Callable[[], None]) -> None:
        super().__init__()
        self.callback = callback
        self.on_msg(self._on_page)

    def _on_page(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if content == {"drawn": 1}:
            self.callback()

    def __repr__(self) -> str:
        return "Drawn()"
