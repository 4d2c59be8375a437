"""How many may play: one record per game and one check, shared by the three ``new_game``s and ``GameInfo``.

The player range is a fact each game declares once (``PLAYERS`` in its package); the engine refuses any other
count with the game's own setup rule, and the CLI, the lab and the widgets read the same record to build
their controls, so a range cannot drift between the engine and a slider.
"""

from __future__ import annotations

from dataclasses import dataclass

from donkeylab.core.errors import IllegalAction, quote
from donkeylab.core.messages import CATALOGUE

CATALOGUE.add(
    "core/players",
    "{game} is for {low} to {high} players, not {count}.",
    "{game} ist für {low} bis {high} Spieler, nicht für {count}.",
)


@dataclass(frozen=True, slots=True)
class PlayerRange:
    """``low``..``high`` players, ``default`` when none is named; ``rule`` is the setup rule that says so."""

    game: str
    low: int
    high: int
    default: int
    rule: str

    def __post_init__(self) -> None:
        if not 1 <= self.low <= self.default <= self.high:
            raise ValueError(f"{self.game}: players {self.low}..{self.high} with default {self.default}")

    def check(self, players: object) -> int:
        """``players`` if it is a whole number in range; otherwise ``IllegalAction`` naming the setup rule.
        A bool is refused although it is an int: ``new_game(True)`` is a slip, not one player. An int subclass
        comes back as a plain int, so the state (and its save) holds only plain values."""
        if isinstance(players, bool) or not isinstance(players, int) or not self.low <= players <= self.high:
            data = {"game": self.game, "low": self.low, "high": self.high, "count": quote(players)}
            raise IllegalAction.of(self.rule, "core/players", data)
        return int(players)
