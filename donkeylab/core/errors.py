"""The small exception hierarchy every engine shares.

All errors are ``ValueError`` subclasses, so a notebook can catch one type, while tests and widgets can read
the rule that was broken from ``.rule`` instead of parsing a message.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class DonkeylabError(ValueError):
    """Base class for every error donkeylab raises on purpose."""


class IllegalAction(DonkeylabError):
    """An action that the rules forbid in this state. ``rule`` names the rule ID (e.g. ``"DD-DICE-2"``).

    Raised before the state changes, so the state the caller holds is still valid.
    """

    def __init__(self, rule: str, message: str, key: str | None = None, data: Mapping[str, Any] | None = None) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message
        self.key = key
        self.data = dict(data or {})

    @classmethod
    def of(cls, rule: str, key: str, data: Mapping[str, Any] | None = None) -> IllegalAction:
        """An error whose sentence comes from the message catalogue, so a widget can show it in German too."""
        from donkeylab.core.messages import CATALOGUE

        return cls(rule, CATALOGUE.render(key, data or {}, "en"), key, data)

    def render(self, lang: str = "en") -> str:
        """``RULE: sentence`` in ``lang`` (errors without a catalogue key stay in English)."""
        if self.key is None:
            return str(self)
        from donkeylab.core.messages import CATALOGUE

        return f"{self.rule}: {CATALOGUE.render(self.key, self.data, lang)}"


class NotEnumerable(DonkeylabError):
    """This chance point has too many outcomes to list (a shuffle); it can still be sampled or forced."""


class LoadError(DonkeylabError):
    """A saved game, rules dictionary or data file that cannot be loaded; the message says where and why."""
