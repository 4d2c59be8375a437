"""Colour-blind-safe styling for the plots (Okabe–Ito colours plus shapes and names).

Hue alone fails a pupil with a colour-vision deficiency, and light blue vs dark blue fails almost everyone
on a projector. So every die colour gets an Okabe–Ito colour AND its own marker symbol AND its own bar
pattern, and every trace is labelled by the colour's name (English or German). The colours are the games': each
declares its own (``COLOUR_STYLES`` → ``GameInfo.colours``, names from the catalogue's terms) and this module
only collects them, beside the lab's own neutral colours.
"""

from __future__ import annotations

import dataclasses
from typing import Final

from donkeylab import games
from donkeylab.core.messages import CATALOGUE


@dataclasses.dataclass(frozen=True, slots=True)
class Style:
    """A colour as the plots draw it; its name is the catalogue term of ``key`` (no name kept here)."""

    key: str
    colour: str  # hex, Okabe–Ito
    symbol: str  # plotly marker symbol
    pattern: str  # plotly bar pattern shape

    def name(self, lang: str = "en") -> str:
        return CATALOGUE.term(self.key, lang)


def styles(game: str) -> dict[str, Style]:
    """The colours game ``game`` declares (``GameInfo.colours``), in its order: a die colour, a donkey ..."""
    return {key: Style(key, *look) for key, look in games.info(game).colours.items()}


def all_styles() -> dict[str, dict[str, Style]]:
    """Every registered game's colours, by game (the registry's order)."""
    return {info.name: styles(info.name) for info in games.infos() if info.colours}


EXACT: Final = "#000000"  # exact values: black diamonds / lines, readable on every bar colour
SIMULATED: Final = "#999999"  # simulated values: neutral grey bars with CI whiskers
SERIES: Final[tuple[str, ...]] = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00")
SERIES_PATTERNS: Final[tuple[str, ...]] = ("", "/", "x", ".", "\\", "+")
OUTLINE: Final = "#333333"  # bar outline: keeps yellow bars visible on white


def style_for(key: str, game: str | None = None) -> Style:
    """The style of a colour of ``game`` (None: of the first registered game that declares it); an unknown key
    gets a neutral style named after the key."""
    for declared in [styles(game)] if game is not None else all_styles().values():
        if key in declared:
            return declared[key]
    return Style(key, SIMULATED, "circle", "")
