"""The one place that knows a page link's format: ``?seed=7&players=3&step=12&lang=de&seat=1&variant=german``.

A link reproduces what a Stepper shows: the seed, the number of players, the step (and, inside one action, how
many of its events are shown: ``sub``, a chain hop or a flip), the language, whose eyes
(seats counted from 1, as the page names players; no ``seat``: the teacher's view), and every rule option and
linkable set-up keyword (``GameInfo.options`` / ``GameInfo.setup_options``) that differs from its default.
``link_values`` writes it (the Stepper's ``link`` trait, which the page's "copy link" puts after the page
address), ``game_params`` reads it (the apps' query parameters, checked by ``apps.query.parse_query``), and
``rules_of`` / ``setup_of`` turn what was read back into ``info.rules(...)`` and ``new_game`` keywords. So a
fourth game's link needs no edit here: its options and set-up are read off its ``GameInfo``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from typing import Any

from donkeylab.core.bounds import MAX_SEED, MAX_STEP
from donkeylab.core.messages import LANGUAGES
from donkeylab.core.say import Say, words
from donkeylab.games import GameInfo, RuleOption

MAX_SUB = 1_000  # events shown inside one action (a long chain reaction has a few dozen)
_INT = re.compile(r"-?[0-9]{1,16}")  # MAX_SEED has 16 digits
_say = words(
    "link/",
    {
        "whole": ("a whole number from {low} to {high}", "eine ganze Zahl von {low} bis {high}"),
        "one_of": ("one of {allowed}", "eines von {allowed}"),
    },
)


class BadValue(ValueError):
    """A reader's refusal with its reason as catalogue words (``str`` of it is the English sentence), so a
    German page says in German why a link's value was not taken."""

    def __init__(self, reason: Say) -> None:
        super().__init__(reason.get("en"))
        self.reason = reason


@dataclasses.dataclass(frozen=True)
class Param:
    """One link parameter: its reader (text → value, ``ValueError`` with a reason) and its default."""

    name: str
    read: Callable[[str], Any]
    default: Any = None


def integer(low: int, high: int) -> Callable[[str], int]:
    def read(text: str) -> int:
        if not _INT.fullmatch(text) or not low <= int(text) <= high:
            raise BadValue(_say("whole", low=low, high=high))
        return int(text)

    return read


def choice(*allowed: str) -> Callable[[str], str]:
    def read(text: str) -> str:
        if text not in allowed:
            raise BadValue(_say("one_of", allowed=", ".join(allowed)))
        return text

    return read


def option_value(option: RuleOption) -> Callable[[str], Any]:
    """A rule option's value from its text in a link (``True``, ``german``): one of its choices, as written."""
    by_text = {_text(v): v for v in option.choices or ()}

    def read(text: str) -> Any:
        if text not in by_text:
            raise BadValue(_say("one_of", allowed=", ".join(by_text)))
        return by_text[text]

    return read


def seat_or_teacher(players_max: int) -> Callable[[str], int | None]:
    def read(text: str) -> int | None:
        if text in ("", "teacher", "all"):
            return None
        return integer(1, players_max)(text) - 1  # links count players from 1, like the page does

    return read


def _text(value: Any) -> str:
    return str(value)


def seat_text(seat: int) -> str:
    """A seat as a link writes it: from 1, as the page names players (``seat_or_teacher`` reads it back)."""
    return str(seat + 1)


def game_params(info: GameInfo, *, default_players: int | None = None) -> dict[str, Param]:
    """What a step-through page of ``info``'s game can take from its link: seed, players, step, lang, seat,
    whether the chances panel starts open (odds), then each rule option with choices (default: the game's,
    ``None`` for one left to a variant) and each linkable set-up keyword."""
    params = [
        Param("seed", integer(0, MAX_SEED), 0),
        Param("players", integer(info.min_players, info.max_players), default_players or info.default_players),
        Param("step", integer(0, MAX_STEP), 0),
        Param("sub", integer(1, MAX_SUB), None),
        Param("lang", choice(*LANGUAGES), "en"),
        Param("seat", seat_or_teacher(info.max_players), None),
        Param("odds", choice("0", "1"), "0"),  # 1: the chances panel starts open
    ]
    params += [Param(n, option_value(o), o.default) for n, o in info.options.items() if o.choices]
    params += [Param(n, option_value(o), o.default) for n, o in info.setup_options.items() if o.choices]
    return {p.name: p for p in params}


def rules_of(info: GameInfo, values: Mapping[str, Any]) -> Any:
    """The rules a link's values ask for (options it leaves out, or leaves to the variant, as the game says)."""
    chosen = {n: values[n] for n in info.options if n in values and values[n] is not None}
    return info.rules(chosen)


def setup_of(info: GameInfo, values: Mapping[str, Any]) -> dict[str, Any]:
    """The ``new_game`` set-up keywords a link's values ask for (Esels-Rennen's ``board``)."""
    return {n: values[n] for n in info.setup_options if values.get(n) is not None}


def link_values(
    info: GameInfo,
    rules: Any,
    setup: Mapping[str, Any],
    *,
    seed: int,
    players: int,
    step: int,
    lang: str,
    seat: int | None,
    sub: int | None = None,
) -> dict[str, str]:
    """The query values that reproduce this view: the fixed five (and ``sub`` when the view stands inside an
    action), then every option and linkable set-up value that differs from what the link would otherwise give
    (so a link stays short, and ``rules_of`` of what ``game_params`` reads back gives these very rules)."""
    values = {"seed": str(seed), "players": str(players), "step": str(step), "lang": lang}
    if sub is not None:
        values["sub"] = str(sub)
    if seat is not None:
        values["seat"] = seat_text(seat)
    current = rules.to_dict()
    fixed = {n: current[n] for n, o in info.options.items() if o.default is not None}
    left_to_variant = info.rules(fixed).to_dict()
    for name, option in info.options.items():
        value = current[name]
        if not option.choices or value not in option.choices:
            continue
        if value == (left_to_variant[name] if option.default is None else option.default):
            continue
        values[name] = _text(value)
    for name, option in info.setup_options.items():
        value = setup.get(name, option.default)
        if option.choices and value in option.choices and value != option.default:
            values[name] = _text(value)
    return values
