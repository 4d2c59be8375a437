"""``ShareLink``: a "copy link" button that writes the link reproducing what the Stepper shows now.

The browser knows the page address; the kernel knows the rest. The query is the Stepper's ``link`` trait,
which every sync of the Stepper fills from its current game (``links.link_values``: seed, players, step,
language, seat and the rules' options), so a "New game" with another variant is in the next copied link. A
lesson adds its own fixed values (``extra``, e.g. its policy); where they name a value the Stepper's link
carries (a rule option), the Stepper's current one wins.
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets as t

from donkeylab.widgets import assets
from donkeylab.widgets.guard import PageGuard
from donkeylab.widgets.kit import KitUser, widget_ref
from donkeylab.widgets.stepper import Stepper


class ShareLink(KitUser, PageGuard, anywidget.AnyWidget):
    """``ShareLink(stepper)``: ``?seed=…&players=…&step=…&lang=…&seat=…`` + changed rule options + ``extra``."""

    _esm = assets.asset("share.js")
    _css = assets.asset("share.css")
    front_end = "share"

    stepper = widget_ref("the Stepper whose view the link reproduces (its link trait)")
    extra = t.Dict(help="a page's own fixed query values (a lesson's policy), after the Stepper's").tag(sync=True)

    def __init__(self, stepper: Stepper, extra: dict[str, Any] | None = None) -> None:
        owned = set(stepper.info.options) | set(stepper.info.setup_options)
        fixed = {k: str(v) for k, v in (extra or {}).items() if k not in owned}
        super().__init__(stepper=stepper, extra=fixed, **self._kit_traits())

    def follow(self, toggle: Any, key: str) -> None:
        """Carry an on/off switch of the page in the link (``key=1`` while on; off is every page's default, so
        the link leaves it out), as it changes: a pupil who opened the chances panel shares a link that opens
        it too."""

        def carry(_change: Any = None) -> None:
            rest = {k: v for k, v in self.extra.items() if k != key}
            self.extra = {**rest, key: "1"} if toggle.value else rest

        toggle.observe(carry, "value")
        carry()

    def _page_says(self, text: str) -> None:
        self.stepper._page_says(text)

    def query(self) -> dict[str, str]:
        """The query values the button writes now (the Python twin of the browser's link)."""
        st: Stepper = self.stepper
        return {**self.extra, **st.link}

    def __repr__(self) -> str:
        return f"ShareLink({self.stepper!r})"
