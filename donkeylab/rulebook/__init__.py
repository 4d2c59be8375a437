"""The rulebook behind every rule ID: a title and a sentence (en + de) and the printed passage it comes from.

An event or an error names a rule ID of ``seeds/RULES.md``; a pupil who asks "why?" wants the rule in plain
words and the rulebook's own words. Each game declares its own (``GameInfo.rule_prefix`` and
``GameInfo.rulebook``: the three games' ``rulebook.json`` beside their ``rules.py``, the tests' toy game a
literal), so a fourth game brings its rules with it; this module only collects what the registered games
declare and checks it. Which game a rule ID belongs to is its prefix, read off the registry, never a table
here. Engine-neutral: standard library, ``core`` and the ``games`` registry (same layer).

>>> rule("DD-DICE-2/free").title("de")
'Zahl noch nicht auf dem Misthaufen'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from donkeylab import games
from donkeylab.core.messages import LANGUAGES, Message

BASES: Final = ("rulebook", "ruling", "reconstruction")

__all__ = ["BASES", "Passage", "Rule", "base_id", "parse", "prefixes", "rule", "rule_ids", "rules_of"]


@dataclass(frozen=True, slots=True)
class Passage:
    """A verbatim quote of a seed rulebook (``source`` is its file name, e.g. ``double_donkey.de.txt``), with our
    own translations of it where the game has no seed in a reader's language (``translations``: language → text).
    ``into`` is set only on a translation (``translation``): the language it was translated into, so a reader is
    told it is ours, never the rulebook's words."""

    source: str
    text: str
    translations: tuple[tuple[str, str], ...] = ()
    into: str = ""

    @property
    def lang(self) -> str:
        """The language of the text: the seed's (read from ``<game>.<lang>.txt``), or the translation's."""
        return self.into or self.source.rsplit(".", 2)[-2]

    @property
    def translated(self) -> bool:
        """Whether the text is our translation of the quote rather than the rulebook's own words."""
        return bool(self.into)

    def translation(self, lang: str) -> Passage | None:
        """Our translation of the quote into ``lang`` as a passage of its own (None: there is none)."""
        text = dict(self.translations).get(lang)
        return None if text is None else Passage(self.source, text, into=lang)


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule of RULES.md. ``basis`` says how far the rulebook itself states it (see ``BASES``)."""

    id: str
    game: str
    titles: Message
    sentences: Message
    passages: tuple[Passage, ...]
    basis: str = "rulebook"
    why: Message | None = None  # for a ruling or reconstruction: why the passages do not settle it
    # the event keys the ruling is about, when it is about only some of the rule's cases (ER-CHAIN-2: the stop at
    # the board's edge is ours, the stops at an own-colour arrow and a taken field are the rulebook's); empty: all
    ruling_keys: tuple[str, ...] = ()

    def basis_for(self, key: str | None) -> str:
        """How far the rulebook states the case of event ``key`` (``"ER-CHAIN-2/own"``): ``basis``, or "rulebook"
        for a case the ruling is not about (a key outside ``ruling_keys``); ``None``: the rule as a whole."""
        if self.ruling_keys and key is not None and key not in self.ruling_keys:
            return "rulebook"
        return self.basis

    def title(self, lang: str = "en") -> str:
        """A short name of the rule (2-7 words) in ``lang`` ("en" or "de")."""
        return self.titles.get(lang)

    def sentence(self, lang: str = "en") -> str:
        """The rule in plain words in ``lang`` ("en" or "de")."""
        return self.sentences.get(lang)

    def quotes(self, lang: str = "en") -> tuple[Passage, ...]:
        """The passages to show a reader of ``lang``: German ones if there are any and ``lang`` is German, else
        the English ones, each in our translation into ``lang`` where it has one (labelled so by ``translated``)."""
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; choose one of {LANGUAGES}")
        german = tuple(p for p in self.passages if p.lang == "de")
        if lang == "de" and german:
            return german
        english = tuple(p for p in self.passages if p.lang != "de")
        return tuple(p.translation(lang) or p for p in english)


def base_id(key: str) -> str:
    """The rule ID of an event key or option name: ``"DN-DOUBLET-1/swim"`` → ``"DN-DOUBLET-1"``."""
    return key.split("/", 1)[0]


def prefixes() -> dict[str, str]:
    """Rule-ID prefix → game, as the registered games declare them (``"DD"`` → ``"double_donkey"``)."""
    out: dict[str, str] = {}
    for game in games.infos():
        if game.rule_prefix:
            if game.rule_prefix in out:
                raise ValueError(f"{game.name} and {out[game.rule_prefix]} both declare rule prefix {game.rule_prefix}")
            out[game.rule_prefix] = game.name
    return out


def rule(rule_id: str) -> Rule:
    """The rule ``rule_id`` (anything after a ``/`` is ignored); an unknown ID raises ``KeyError`` naming it."""
    base = base_id(rule_id) if isinstance(rule_id, str) else ""
    game = prefixes().get(base.split("-", 1)[0])
    found = _rules_of(game).get(base) if game else None
    if found is None:
        raise KeyError(f"{rule_id!r} is not a rule of seeds/RULES.md (no entry in the rulebook)")
    return found


def rule_ids() -> tuple[str, ...]:
    """Every rule ID: the registered games in the registry's order, each game's in its rulebook's (RULES.md)."""
    return tuple(r for game in prefixes().values() for r in _rules_of(game))


def rules_of(game: str) -> tuple[Rule, ...]:
    """The rules of ``game`` (a registered game's name), in RULES.md order."""
    if game not in prefixes().values():
        raise ValueError(f"unknown game {game!r}; choose one of {', '.join(sorted(prefixes().values()))}")
    return tuple(_rules_of(game).values())


def _rules_of(game: str) -> dict[str, Rule]:
    info = games.info(game)
    return _parsed(game, info.module.__name__)


@cache
def _parsed(game: str, module: str) -> dict[str, Rule]:
    """The game's declared rules, checked once per game module (a re-registered name is parsed afresh)."""
    info = games.info(game)
    return parse({"rules": info.rulebook}, {info.rule_prefix: game})


def parse(document: Mapping[str, Any], prefix_games: Mapping[str, str] | None = None) -> dict[str, Rule]:
    """Build the rules from a rulebook's JSON (``{"rules": {rule ID: entry}}``) whose IDs carry one of
    ``prefix_games``' prefixes (default: every registered game's); a malformed entry raises ``ValueError``
    naming its rule."""
    entries = document.get("rules")
    if not isinstance(entries, Mapping):
        raise ValueError("the rulebook has no 'rules' object")
    known = prefixes() if prefix_games is None else prefix_games
    pattern = re.compile(rf"({'|'.join(map(re.escape, known))})-[A-Z]+-\d+")
    return {rule_id: _parse_rule(rule_id, entry, pattern, known) for rule_id, entry in entries.items()}


def _parse_rule(rule_id: str, entry: Any, pattern: re.Pattern[str], prefix_games: Mapping[str, str]) -> Rule:
    if not (isinstance(rule_id, str) and pattern.fullmatch(rule_id)):
        raise ValueError(f"{rule_id!r} is not a rule ID like DD-DICE-2")
    if not isinstance(entry, Mapping):
        raise ValueError(f"{rule_id}: the entry must be an object")
    basis = entry.get("basis", "rulebook")
    if basis not in BASES:
        raise ValueError(f"{rule_id}: basis must be one of {BASES}, not {basis!r}")
    if "why" in entry and basis == "rulebook":
        raise ValueError(f"{rule_id}: 'why' explains a ruling or reconstruction; basis 'rulebook' needs none")
    ruling_keys = entry.get("ruling_keys") or []
    if ruling_keys and (basis == "rulebook" or not isinstance(ruling_keys, list)):
        raise ValueError(f"{rule_id}: 'ruling_keys' lists the cases of a ruling, as a list; basis 'rulebook' has none")
    if not all(isinstance(k, str) and k.startswith(f"{rule_id}/") for k in ruling_keys):
        raise ValueError(f"{rule_id}: each of 'ruling_keys' is an event key of this rule, like '{rule_id}/case'")
    game = prefix_games[rule_id.split("-", 1)[0]]
    passages = tuple(_parse_passage(rule_id, game, p) for p in entry.get("passages") or ())
    if not passages:
        raise ValueError(f"{rule_id}: at least one rulebook passage is needed")
    return Rule(
        id=rule_id,
        game=game,
        titles=_bilingual(rule_id, "title", entry.get("title")),
        sentences=_bilingual(rule_id, "sentence", entry.get("sentence")),
        passages=passages,
        basis=basis,
        why=_bilingual(rule_id, "why", entry["why"]) if "why" in entry else None,
        ruling_keys=tuple(ruling_keys),
    )


def _bilingual(rule_id: str, field: str, value: Any) -> Message:
    if not isinstance(value, Mapping) or set(value) != set(LANGUAGES):
        raise ValueError(f"{rule_id}: {field} needs exactly the languages {LANGUAGES}")
    texts = {lang: value[lang] for lang in LANGUAGES}
    if not all(isinstance(t, str) and t.strip() for t in texts.values()):
        raise ValueError(f"{rule_id}: {field} has an empty text")
    return Message(texts["en"], texts["de"])


def _parse_passage(rule_id: str, game: str, value: Any) -> Passage:
    if not isinstance(value, Mapping):
        raise ValueError(f"{rule_id}: a passage must be an object with source and text")
    source, text = value.get("source"), value.get("text")
    if not (isinstance(source, str) and re.fullmatch(r"[a-z_]+\.(en|de)\.txt", source)):
        raise ValueError(f"{rule_id}: passage source must be a seed file name like double_donkey.en.txt")
    if not source.startswith(game + "."):
        raise ValueError(f"{rule_id}: passage from {source}, which is another game's rulebook")
    if not (isinstance(text, str) and text.strip()):
        raise ValueError(f"{rule_id}: empty passage from {source}")
    translations = value.get("translations") or {}
    quoted = Passage(source, text).lang
    if not (
        isinstance(translations, Mapping)
        and set(translations) <= set(LANGUAGES) - {quoted}
        and all(isinstance(t, str) and t.strip() for t in translations.values())
    ):
        raise ValueError(f"{rule_id}: 'translations' maps another language than the quote's to a non-empty text")
    return Passage(source, text, tuple(sorted(translations.items())))
