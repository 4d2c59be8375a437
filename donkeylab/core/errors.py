"""The small exception hierarchy every engine shares.

All errors are ``ValueError`` subclasses, so a notebook can catch one type, while tests and widgets can read
the rule that was broken from ``.rule`` instead of parsing a message.
"""

from __future__ import annotations

import reprlib
from collections.abc import Mapping
from typing import Any

# No error message is longer than this: whatever an input holds, a message quotes only a capped part of it
# (``quote``), and this is the last guard (a message quoting a huge action whole would be larger still).
MAX_MESSAGE = 2_000


def _capped(text: str) -> str:
    return text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE] + " [...]"


class DonkeylabError(ValueError):
    """Base class for every error donkeylab raises on purpose."""

    def __init__(self, *args: object) -> None:
        super().__init__(*(_capped(a) if isinstance(a, str) else a for a in args))


class IllegalAction(DonkeylabError):
    """An action that the rules forbid in this state. ``rule`` names the rule ID (e.g. ``"DD-DICE-2"``).

    Raised before the state changes, so the state the caller holds is still valid.
    """

    def __init__(self, rule: str, message: str, key: str | None = None, data: Mapping[str, Any] | None = None) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = _capped(message)
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


QUOTE_LIMIT = 80


class _Quoter(reprlib.Repr):
    """``reprlib`` with every size capped, and ints too long to print described instead of printed."""

    def __init__(self) -> None:
        super().__init__()
        self.maxstring = self.maxother = self.maxlong = QUOTE_LIMIT // 2
        self.maxtuple = self.maxlist = self.maxset = self.maxfrozenset = self.maxdeque = 8
        self.maxdict = 4
        self.maxlevel = 3

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 4 * self.maxlong:  # never ask CPython for a 5,000-digit string (it refuses)
            return f"<a {x.bit_length()}-bit number>"
        return super().repr_int(x, level)


_QUOTER = _Quoter()


def quote(value: object) -> str:
    """A short ``repr`` of untrusted input for an error message: whatever comes in (a 5 MB string, a
    5,000-digit number, a deep list), the message stays under a few hundred characters and never raises."""
    try:
        text = _QUOTER.repr(value)
    except Exception:  # a hostile __repr__; the message must still be written
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 2 * QUOTE_LIMIT else text[: 2 * QUOTE_LIMIT] + "..."


def clip(text: str, limit: int = 300) -> str:
    """The start of a message that may quote input (another library's exception text): at most ``limit``."""
    return text if len(text) <= limit else text[:limit] + " [...]"
