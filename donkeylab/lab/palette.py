"""Colour-blind-safe styling for the plots (Okabe–Ito colours plus shapes and names).

Hue alone fails a pupil with a colour-vision deficiency, and light blue vs dark blue fails almost everyone
on a projector. So every die colour gets an Okabe–Ito colour AND its own marker symbol AND its own bar
pattern, and every trace is labelled by the colour's name (English or German).
"""

from __future__ import annotations

import dataclasses
from typing import Final


@dataclasses.dataclass(frozen=True, slots=True)
class Style:
    name_en: str
    name_de: str
    colour: str  # hex, Okabe–Ito
    symbol: str  # plotly marker symbol
    pattern: str  # plotly bar pattern shape

    def name(self, lang: str = "en") -> str:
        return self.name_de if lang == "de" else self.name_en


DIE_STYLES: Final[dict[str, Style]] = {
    "light_blue": Style("light blue", "hellblau", "#56B4E9", "circle", "."),
    "dark_blue": Style("dark blue", "dunkelblau", "#0072B2", "square", "x"),
    "orange": Style("orange", "orange", "#E69F00", "diamond", "/"),
    "yellow": Style("yellow", "gelb", "#F0E442", "triangle-up", "\\"),
    "green": Style("green", "grün", "#009E73", "cross", "-"),
    "purple": Style("purple", "lila", "#CC79A7", "star", "+"),
}

DONKEY_STYLES: Final[dict[str, Style]] = {
    "red": Style("red", "rot", "#D55E00", "circle", "/"),
    "green": Style("green", "grün", "#009E73", "square", "x"),
    "yellow": Style("yellow", "gelb", "#F0E442", "diamond", "."),
}

EXACT: Final = "#000000"  # exact values: black diamonds / lines, readable on every bar colour
SIMULATED: Final = "#999999"  # simulated values: neutral grey bars with CI whiskers
SERIES: Final[tuple[str, ...]] = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00")
SERIES_PATTERNS: Final[tuple[str, ...]] = ("", "/", "x", ".", "\\", "+")
# Double Down outcomes: green safe, orange doublet, vermillion bust, each with its own pattern as well.
RISK: Final[dict[str, tuple[str, str]]] = {
    "safe": ("#009E73", ""),
    "doublet": ("#E69F00", "/"),
    "bust": ("#D55E00", "x"),
}
OUTLINE: Final = "#333333"  # bar outline: keeps yellow bars visible on white


def style_for(key: str) -> Style:
    """The style of a die colour or donkey; unknown keys get a neutral style named after the key."""
    return DIE_STYLES.get(key) or DONKEY_STYLES.get(key) or Style(key, key, SIMULATED, "circle", "")
