"""``Say``: a text as a key of the core catalogue plus its data, rendered in the page's language on demand.

The one way every layer above core names a sentence a pupil reads (a lesson, a link's problem, a widget's
note): a module registers its table ``{key: (en, de)}`` with ``words(prefix, table)`` and hands out ``Say``
values. Data values may be functions of the language (a number written 0.25 or 0,25): they are called with
the language before the template is filled, so both languages always carry the same facts.

Where the language is already known and the values are already in it (a figure's title, its series names, a
colour already declined), ``texts(prefix, table)`` gives ``say(key, lang, **data)``, the sentence at once: the
same catalogue, rendered by ``CATALOGUE.text`` (values filled in as given, never translated again). No module
outside core reads ``CATALOGUE.messages`` itself (``tests/test_one_text_mechanism.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from donkeylab.core.messages import CATALOGUE


@dataclass(frozen=True)
class Say:
    """A catalogue key and its data; ``get(lang)`` is the sentence in that language."""

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


class Text(Protocol):
    """``say(key, lang, **data)``: the text ``key`` (under a module's prefix) in ``lang``, ``data`` as given."""

    def __call__(self, key: str, lang: str, /, **data: Any) -> str: ...


def texts(prefix: str, table: Mapping[str, tuple[str, str]] | None = None, *, terms: bool = False) -> Text:
    """Register ``table`` (if any) under ``prefix`` (e.g. ``"figure/"``); return ``say(key, lang, **data)``, the
    text in ``lang`` with ``data`` filled in as given (``CATALOGUE.text``; an unknown key raises ``KeyError``).

    Values as given, not as ``Say``/``CATALOGUE.render`` fill them in (every value that happens to be a
    catalogue term or a seat translated): the values here are already in ``lang``. ``terms=True`` binds the
    other way: ``say(key, lang, **data)`` is ``Say(prefix + key, data).get(lang)``, for data that holds term
    keys, seats or functions of the language."""
    if table is not None:
        CATALOGUE.add_all(table, prefix=prefix)

    def say(key: str, lang: str, /, **data: Any) -> str:
        if terms:
            return Say(prefix + key, data).get(lang)
        return CATALOGUE.text(prefix + key, lang, **data)

    return say
