"""Events: one per rule application, carrying the rule ID so a pupil can ask "why did that happen?"."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from donkeylab.core.messages import CATALOGUE


class Event:
    """A rule applied by ``State.apply``: ``rule`` (ID from RULES.md), ``data`` and a sentence.

    ``key`` selects the message template (it defaults to the rule ID; one rule may have several sentences,
    e.g. ``"DN-DOUBLET-1"`` and ``"DN-DOUBLET-1/swim"``). The text is rendered lazily.
    """

    __slots__ = ("_data", "key", "rule")

    def __init__(self, rule: str, data: Mapping[str, Any] | None = None, key: str | None = None) -> None:
        self.rule = rule
        # A plain dict is taken over, not copied (engines build a fresh one per event, and copying it would be a
        # measurable share of a rollout); readers only ever see a read-only view of it, made when they read it (a
        # rollout makes several events per action and reads none of them).
        self._data: dict[str, Any] = data if type(data) is dict else dict(data or {})
        self.key = key or rule

    @property
    def data(self) -> Mapping[str, Any]:
        """The event's facts (who, which card, from where to where), read-only."""
        return MappingProxyType(self._data)

    @property
    def text(self) -> str:
        """The English sentence (``render`` gives German and player names)."""
        return self.render("en")

    def render(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return CATALOGUE.render(self.key, self.data, lang, names)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and (self.rule, self.key, self._data) == (other.rule, other.key, other._data)

    def __hash__(self) -> int:
        return hash((self.rule, self.key))

    def __reduce__(self) -> tuple[type[Event], tuple[str, dict[str, Any], str]]:
        """Pickle as the plain dict (a read-only view cannot be pickled): states with events travel to workers."""
        return (Event, (self.rule, dict(self._data), self.key))

    def __repr__(self) -> str:
        return f"Event({self.rule!r}, {self._data!r})"
