"""The small exception hierarchy every engine shares.

All errors are ``ValueError`` subclasses, so a notebook can catch one type, while tests and widgets can read
the rule that was broken from ``.rule`` instead of parsing a message.
"""

from __future__ import annotations


class DonkeylabError(ValueError):
    """Base class for every error donkeylab raises on purpose."""


class IllegalAction(DonkeylabError):
    """An action that the rules forbid in this state. ``rule`` names the rule ID (e.g. ``"DD-DICE-2"``).

    Raised before the state changes, so the state the caller holds is still valid.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


class NotEnumerable(DonkeylabError):
    """This chance point has too many outcomes to list (a shuffle); it can still be sampled or forced."""


class LoadError(DonkeylabError):
    """A saved game, rules dictionary or data file that cannot be loaded; the message says where and why."""
