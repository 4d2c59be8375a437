"""How one of a game's colours is drawn: a colour-blind-safe hex, a marker shape and a bar pattern.

Hue alone fails a pupil with a colour-vision deficiency (and light blue vs dark blue fails almost everyone on a
projector), so every colour a game names (a die, a donkey) travels with a shape and a pattern as well. A game
declares them (``COLOUR_STYLES`` → ``GameInfo.colours``) beside its colour words; the colour's name is the
catalogue term of its key (``CATALOGUE.term("light_blue", "de")`` → "hellblau"), never a second store.
"""

from __future__ import annotations

from typing import NamedTuple


class ColourStyle(NamedTuple):
    """One colour's look: ``hex`` (Okabe–Ito), a plotly marker ``symbol`` and a plotly bar ``pattern``."""

    hex: str
    symbol: str
    pattern: str
