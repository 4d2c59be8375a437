"""``RuleOption``: one option of a game, its allowed values and its default (read by every upper layer).

In core so that a game package can declare set-up options in the same terms as ``games`` derives its rule
options (``GameInfo.options`` from ``Rules``, ``GameInfo.setup_options`` from the package's ``SETUP_OPTIONS``).
"""

from __future__ import annotations

import dataclasses
from typing import Any


@dataclasses.dataclass(frozen=True)
class RuleOption:
    """One option: its allowed values (``None`` when free-form, e.g. a custom deck) and default."""

    name: str
    default: Any
    choices: tuple[Any, ...] | None
