"""``EventLog``: The latest events up to the cursor, each with its rule ID; a click on one jumps to its step.

Its ESM (``widgets/event_log.js``) and CSS stand beside it; its words are ``words.WORDS["event_log"]``.
"""

from __future__ import annotations

from typing import ClassVar

from donkeylab.widgets import assets
from donkeylab.widgets.views import GameView


class EventLog(GameView):
    """``EventLog(stepper)`` works for every game (it reads the Stepper's ``log``)."""

    games: ClassVar[tuple[str, ...]] = ()
    front_end = "event_log"
    _esm = assets.asset("event_log.js")
    _css = assets.text("views.css", "event_log.css")
