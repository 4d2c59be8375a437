"""Bilingual message catalogue: every event text and error sentence is keyed by a message key.

Engines store only the key and the data of an event; text is rendered on demand (``Event.text`` in English,
``Event.render("de")`` in German). That keeps random rollouts fast (no string formatting in the hot loop)
and makes every engine bilingual from day one: a missing German entry is a test failure, not a silent
English fallback.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

LANGUAGES: Final = ("en", "de")

# A word that agrees with a count: ``{n:|card|cards}`` is "card" when ``n`` is 1 (or a collection of one), else
# "cards". Pages print "1 card" and "3 Zielkarten", never "card(s)" or "Zielkarte(n)"; the front end's ``word``
# (widgets/common.js) reads the same form.
PLURAL: Final = re.compile(r"\{(\w+):\|([^|{}]*)\|([^|{}]*)\}")

# Data keys whose integer value is a player seat; rendered as the player's name.
PLAYER_KEYS: Final = frozenset(
    {"player", "winner", "loser", "dealer", "opener", "biggest", "next_player", "previous_player"}
)
# Data keys whose value is a collection of seats, with the word that joins them: winners are "Olivia and
# Fran", while a tie is asked about as "Olivia or Fran?".
PLAYERS_KEYS: Final = {"players": "and", "winners": "and", "losers": "and", "tied": "or"}


@dataclass(frozen=True, slots=True)
class Message:
    en: str
    de: str

    def get(self, lang: str) -> str:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; choose one of {LANGUAGES}")
        return self.en if lang == "en" else self.de


def other_language(lang: str) -> str:
    """The language a page's switch offers: German on an English page, English on a German one."""
    return LANGUAGES[1 - LANGUAGES.index(lang)] if lang in LANGUAGES else LANGUAGES[0]


class Catalogue:
    """Message templates (``str.format`` syntax) and translated terms (colours, card names...)."""

    def __init__(self) -> None:
        self.messages: dict[str, Message] = {}
        self.terms: dict[str, Message] = {}

    def add(self, key: str, en: str, de: str) -> None:
        if key in self.messages and self.messages[key] != Message(en, de):
            raise ValueError(f"message {key!r} registered twice with different texts")
        self.messages[key] = Message(en, de)

    def add_all(self, messages: Mapping[str, tuple[str, str]], prefix: str = "") -> None:
        """``add`` for each ``key: (en, de)`` of a module's table, keys under ``prefix`` (e.g. ``"figure/"``)."""
        for key, (en, de) in messages.items():
            self.add(prefix + key, en, de)

    def add_term(self, term: str, en: str, de: str) -> None:
        """Register a translated word; two games may share a term only with the same translation."""
        if term in self.terms and self.terms[term] != Message(en, de):
            raise ValueError(f"term {term!r} registered twice with different translations")
        self.terms[term] = Message(en, de)

    def term(self, value: object, lang: str) -> str:
        if isinstance(value, str) and value in self.terms:
            return self.terms[value].get(lang)
        return str(value)

    def template(self, key: str, lang: str) -> str:
        """The template of ``key`` in ``lang``, its placeholders left in (a front end fills them itself)."""
        try:
            message = self.messages[key]
        except KeyError:
            raise KeyError(f"no message registered for {key!r}") from None
        return message.get(lang)

    def text(self, key: str, lang: str, /, **data: Any) -> str:
        """The sentence for ``key`` in ``lang`` with ``data`` filled in as given: the one way catalogue text is
        rendered. No value is translated (the caller's values are already in ``lang``: a figure's series names,
        a colour already declined); ``render`` translates seats and terms first, then comes here."""
        return plural(self.template(key, lang), data).format(**data)

    def render(self, key: str, data: Mapping[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
        """The sentence for ``key`` with ``data`` filled in: seats become names, terms get translated."""
        template = plural(self.template(key, lang), data)  # counted on the values before they become words
        return template.format(**{k: self._value(k, v, lang, names) for k, v in data.items()})

    def _value(self, key: str, value: Any, lang: str, names: Sequence[str] | None) -> Any:
        if key in PLAYER_KEYS and isinstance(value, int):
            return player_name(value, lang, names)
        if key in PLAYERS_KEYS and isinstance(value, (list, tuple, frozenset, set)):
            words = [player_name(v, lang, names) for v in sorted(value)]
            return join_words(words, lang, PLAYERS_KEYS[key])
        if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
            return join_words([self.term(v, lang) for v in value], lang)
        return self.term(value, lang)


def plural(template: str, data: Mapping[str, Any]) -> str:
    """``template`` with each ``{n:|one|many}`` replaced by the word that agrees with ``data[n]``: a number, or
    the size of a collection (the cards a player holds)."""

    def agree(found: re.Match[str]) -> str:
        value = data[found[1]]
        count = value if isinstance(value, int | float) else len(value)
        return found[2] if count == 1 else found[3]

    return PLURAL.sub(agree, template)


def player_name(seat: int, lang: str = "en", names: Sequence[str] | None = None) -> str:
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return CATALOGUE.render("core/player", {"n": seat + 1}, lang)


def join_words(words: Sequence[str], lang: str = "en", conj: str = "or") -> str:
    """``a, b or c`` lists (``conj`` "or"/"and", in German "oder"/"und"); "or" suits 'allowed choices'."""
    words = list(words)
    if not words:
        return "-"
    if len(words) == 1:
        return words[0]
    word = CATALOGUE.template(f"core/{conj}", lang)  # KeyError for a conjunction the catalogue lacks
    return ", ".join(words[:-1]) + f" {word} " + words[-1]


CATALOGUE: Final = Catalogue()
# The words the catalogue itself puts into sentences (seats without a name, lists): here, not as literals in code.
CATALOGUE.add_all({"player": ("Player {n}", "Spieler {n}"), "or": ("or", "oder"), "and": ("and", "und")}, "core/")

# A rule option's words, by game: {option: (en, de, {value: (en, de)})}; ``OPTION_DEFAULT`` is the value of an
# option left to the game's variant (Double Donkey's ``None``: the chosen variant picks the value).
OptionWords = Mapping[str, tuple[str, str, Mapping[Any, tuple[str, str]]]]
OPTION_DEFAULT: Final = "(default)"


def option_key(game: str, name: str, *value: Any) -> str:
    """``option/<game>/<name>`` or, with a value, ``option/<game>/<name>/<value>`` (``True``, ``zone``...)."""
    return "/".join(["option", game, name, *map(str, value)])


def add_option_words(game: str, words: OptionWords) -> None:
    """Register a game's option words (its ``messages`` module does, next to its other sentences): a teacher's
    controls label every option and value with them, and a test fails for an option or value without."""
    for name, (en, de, values) in words.items():
        CATALOGUE.add(option_key(game, name), en, de)
        for value, (ven, vde) in values.items():
            CATALOGUE.add(option_key(game, name, value), ven, vde)
