"""``Say``: a text as a key of the core catalogue plus its data, rendered in the page's language on demand.

The one way every layer above core names a sentence a pupil reads (a lesson, a link's problem, a widget's
note): a module registers its table ``{key: (en, de)}`` with ``words(prefix, table)`` and hands out ``Say``
values. Data values may be functions of the language (a number written 0.25 or 0,25): they are called with
the language before the template is filled, so both languages always carry the same facts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from donkeylab.core.messages import CATALOGUE


@dataclass(frozen=True)
class Say:
    """A catalogue key and its data; ``get(lang)`` is the sentence (``T``'s old interface, one mechanism)."""

    key: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def get(self, lang: str) -> str:
        values = {k: (v(lang) if callable(v) else v) for k, v in self.data.items()}
        return CATALOGUE.render(self.key, values, lang)

    def __call__(self, lang: str) -> str:
        return self.get(lang)

    def with_data(self, **data: Any) -> Say:
        return Say(self.key, {**self.data, **data})

    @property
    def en(self) -> str:
        return self.get("en")

    @property
    def de(self) -> str:
        return self.get("de")


def words(prefix: str, table: Mapping[str, tuple[str, str]]) -> Callable[..., Say]:
    """Register ``table`` under ``prefix`` (e.g. ``"lesson/die_choice/"``); return ``say(key, **data)``."""
    CATALOGUE.add_all(table, prefix=prefix)

    def say(name: str, /, **data: Any) -> Say:
        if prefix + name not in CATALOGUE.messages:
            raise KeyError(f"no text {prefix + name!r}")
        return Say(prefix + name, data)

    return say
