"""``ShareLink``: a "copy link" button that writes the link reproducing what the Stepper shows now.

The browser knows the page address; the Stepper knows seed, players, step, language and seat. The link is
composed in the browser from both (plus fixed ``extra`` values such as the variant), so it is always current.
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets as t

from donkeylab.widgets import assets
from donkeylab.widgets.guard import PageGuard
from donkeylab.widgets.stepper import Stepper


class ShareLink(PageGuard, anywidget.AnyWidget):
    """``ShareLink(stepper, extra={"variant": "german"})``: ?seed=…&players=…&step=…&lang=…&seat=… + extra."""

    _esm = assets.text("common.js", "share.js")
    _css = assets.text("share.css")

    stepper = anywidget.WidgetTrait().tag(sync=True)
    extra = t.Dict(help="fixed query values added to every link (e.g. the rule variant)").tag(sync=True)

    def __init__(self, stepper: Stepper, extra: dict[str, Any] | None = None) -> None:
        super().__init__(stepper=stepper, extra={k: str(v) for k, v in (extra or {}).items()})

    def _page_says(self, text: str) -> None:
        self.stepper._page_says(text)

    def query(self) -> dict[str, str]:
        """The query values the button would write now (the Python twin of the browser's link)."""
        st: Stepper = self.stepper
        values = {"seed": str(st.seed), "players": str(st.players), "step": str(st.index), "lang": st.lang}
        if st.seat is not None:
            values["seat"] = str(st.seat + 1)
        return {**values, **self.extra}

    def __repr__(self) -> str:
        return f"ShareLink({self.stepper!r})"
