"""The rulebook behind every rule ID: a title and a sentence (en + de) and the printed passage it comes from.

An event or an error names a rule ID of ``seeds/RULES.md``; a pupil who asks "why?" wants the rule in plain
words and the rulebook's own words. Both live in one data file, ``rules.json`` beside this module (shipped in
the wheel), so the text can be checked against the seed files by a test and read by any front end. This
package is engine-neutral: standard library and ``core`` only.

>>> rule("DD-DICE-2/free").title("de")
'Zahl noch nicht auf dem Misthaufen'
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from donkeylab.core.messages import LANGUAGES, Message

DATA_FILE: Final = "rules.json"
GAMES: Final = {"DD": "double_donkey", "ER": "esels_rennen", "DN": "double_down"}
BASES: Final = ("rulebook", "ruling", "reconstruction")
_ID = re.compile(r"(DD|ER|DN)-[A-Z]+-\d+")

__all__ = ["BASES", "GAMES", "Passage", "Rule", "base_id", "rule", "rule_ids", "rules_of"]


@dataclass(frozen=True, slots=True)
class Passage:
    """A verbatim quote of a seed rulebook (``source`` is its file name, e.g. ``double_donkey.de.txt``)."""

    source: str
    text: str

    @property
    def lang(self) -> str:
        """The language of the quote, read from the file name (``<game>.<lang>.txt``)."""
        return self.source.rsplit(".", 2)[-2]


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

    def title(self, lang: str = "en") -> str:
        """A short name of the rule (2-7 words) in ``lang`` ("en" or "de")."""
        return self.titles.get(lang)

    def sentence(self, lang: str = "en") -> str:
        """The rule in plain words in ``lang`` ("en" or "de")."""
        return self.sentences.get(lang)

    def quotes(self, lang: str = "en") -> tuple[Passage, ...]:
        """The passages to show a reader of ``lang``: German ones if there are any and ``lang`` is German,
        else the English ones (the quotes themselves are never translated)."""
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; choose one of {LANGUAGES}")
        german = tuple(p for p in self.passages if p.lang == "de")
        if lang == "de" and german:
            return german
        return tuple(p for p in self.passages if p.lang != "de")


def base_id(key: str) -> str:
    """The rule ID of an event key or option name: ``"DN-DOUBLET-1/swim"`` → ``"DN-DOUBLET-1"``."""
    return key.split("/", 1)[0]


def rule(rule_id: str) -> Rule:
    """The rule ``rule_id`` (anything after a ``/`` is ignored); an unknown ID raises ``KeyError`` naming it."""
    try:
        return _rules()[base_id(rule_id)]
    except KeyError:
        raise KeyError(f"{rule_id!r} is not a rule of seeds/RULES.md (no entry in the rulebook)") from None


def rule_ids() -> tuple[str, ...]:
    """Every rule ID, in the order of RULES.md."""
    return tuple(_rules())


def rules_of(game: str) -> tuple[Rule, ...]:
    """The rules of ``game`` (``double_donkey``, ``double_down`` or ``esels_rennen``), in RULES.md order."""
    if game not in GAMES.values():
        raise ValueError(f"unknown game {game!r}; choose one of {', '.join(sorted(GAMES.values()))}")
    return tuple(r for r in _rules().values() if r.game == game)


@cache
def _rules() -> dict[str, Rule]:
    text = resources.files(__name__).joinpath(DATA_FILE).read_text(encoding="utf-8")
    return parse(json.loads(text))


def parse(document: Mapping[str, Any]) -> dict[str, Rule]:
    """Build the rules from the data file's JSON; a malformed entry raises ``ValueError`` naming its rule."""
    entries = document.get("rules")
    if not isinstance(entries, Mapping):
        raise ValueError(f"{DATA_FILE}: no 'rules' object")
    return {rule_id: _parse_rule(rule_id, entry) for rule_id, entry in entries.items()}


def _parse_rule(rule_id: str, entry: Any) -> Rule:
    if not _ID.fullmatch(rule_id):
        raise ValueError(f"{rule_id!r} is not a rule ID like DD-DICE-2")
    if not isinstance(entry, Mapping):
        raise ValueError(f"{rule_id}: the entry must be an object")
    basis = entry.get("basis", "rulebook")
    if basis not in BASES:
        raise ValueError(f"{rule_id}: basis must be one of {BASES}, not {basis!r}")
    if "why" in entry and basis == "rulebook":
        raise ValueError(f"{rule_id}: 'why' explains a ruling or reconstruction; basis 'rulebook' needs none")
    passages = tuple(_parse_passage(rule_id, p) for p in entry.get("passages") or ())
    if not passages:
        raise ValueError(f"{rule_id}: at least one rulebook passage is needed")
    return Rule(
        id=rule_id,
        game=GAMES[rule_id[:2]],
        titles=_bilingual(rule_id, "title", entry.get("title")),
        sentences=_bilingual(rule_id, "sentence", entry.get("sentence")),
        passages=passages,
        basis=basis,
        why=_bilingual(rule_id, "why", entry["why"]) if "why" in entry else None,
    )


def _bilingual(rule_id: str, field: str, value: Any) -> Message:
    if not isinstance(value, Mapping) or set(value) != set(LANGUAGES):
        raise ValueError(f"{rule_id}: {field} needs exactly the languages {LANGUAGES}")
    texts = {lang: value[lang] for lang in LANGUAGES}
    if not all(isinstance(t, str) and t.strip() for t in texts.values()):
        raise ValueError(f"{rule_id}: {field} has an empty text")
    return Message(texts["en"], texts["de"])


def _parse_passage(rule_id: str, value: Any) -> Passage:
    if not isinstance(value, Mapping):
        raise ValueError(f"{rule_id}: a passage must be an object with source and text")
    source, text = value.get("source"), value.get("text")
    if not (isinstance(source, str) and re.fullmatch(r"[a-z_]+\.(en|de)\.txt", source)):
        raise ValueError(f"{rule_id}: passage source must be a seed file name like double_donkey.en.txt")
    if not source.startswith(GAMES[rule_id[:2]] + "."):
        raise ValueError(f"{rule_id}: passage from {source}, which is another game's rulebook")
    if not (isinstance(text, str) and text.strip()):
        raise ValueError(f"{rule_id}: empty passage from {source}")
    return Passage(source, text)
