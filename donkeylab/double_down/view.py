"""What anyone may read off a Double Down state: read-only properties, ``observation`` and ``describe``.

Kept apart from the transitions (``state.py``) so both modules stay short; ``DoubleDownState`` subclasses
``DoubleDownView`` and owns every field declared here.
"""

from __future__ import annotations

from typing import Any

from donkeylab.core import CHANCE, GameState
from donkeylab.double_down.deck import KINDS

DEAL, PLAYING, SHUFFLING, OVER = "deal", "play", "shuffle", "over"


class DoubleDownView(GameState):
    """The public face of a Double Down state (fields are set by ``DoubleDownState``)."""

    _phase: str
    _round: int
    _opener: int
    _dealer: int
    _turn: int
    _direction: int
    _total: int
    _pending: int
    _hands: tuple[tuple[int, ...], ...]
    _pile: tuple[int, ...]  # the draw pile is _pile[_drawn:]
    _drawn: int
    _discard: tuple[int, ...]
    _tokens: tuple[int, ...]
    _out: frozenset[int]
    _winner: int

    # ------------------------------------------------------------------ read-only view
    @property
    def total(self) -> int:
        return self._total

    @property
    def direction(self) -> int:
        """+1 clockwise, −1 counterclockwise."""
        return self._direction

    @property
    def tokens(self) -> dict[int, int]:
        """Seat → tokens left (0 for a swimming or an eliminated player); a fresh dict each call."""
        return dict(enumerate(self._tokens))

    @property
    def swimming(self) -> frozenset[int]:
        return frozenset(p for p, t in enumerate(self._tokens) if t == 0 and p not in self._out)

    @property
    def eliminated(self) -> frozenset[int]:
        return self._out

    @property
    def remaining(self) -> tuple[int, ...]:
        return tuple(p for p in range(self._players) if p not in self._out)

    @property
    def hands(self) -> tuple[tuple[str, ...], ...]:
        """Every seat's hand as card names (``observation`` hides the others' from a player)."""
        return tuple(tuple(KINDS[k] for k in hand) for hand in self._hands)

    @property
    def opener(self) -> int:
        return self._opener

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def round(self) -> int:
        return self._round

    @property
    def pending_plays(self) -> int:
        """Cards the player to act must still play this turn: 2 at the start of a double turn (DN-DOUBLE-1)."""
        return self._pending if self._phase == PLAYING else 0

    @property
    def draw_pile_size(self) -> int:
        return len(self._pile) - self._drawn if self._phase != DEAL else 0

    @property
    def played_cards(self) -> tuple[str, ...]:
        """The played pile, oldest first; the last one is the top card."""
        return tuple(KINDS[k] for k in self._discard)

    @property
    def phase(self) -> str:
        return self._phase

    def card_counts(self) -> dict[str, int]:
        """How many cards of each kind lie in hands, draw pile and played pile: always the full deck."""
        counts = dict.fromkeys(KINDS, 0)
        for k in (*self._pile[self._drawn :], *self._discard, *(c for hand in self._hands for c in hand)):
            counts[KINDS[k]] += 1
        return counts

    # ------------------------------------------------------------------ contract
    @property
    def current_player(self) -> int | object | None:
        phase = self._phase
        if phase == PLAYING:
            return self._turn
        return None if phase == OVER else CHANCE

    @property
    def winners(self) -> tuple[int, ...]:
        return (self._winner,) if self._winner >= 0 else ()

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: all public counts, only their own hand, never the draw pile order."""
        return {
            "player": player,
            "phase": self._phase,
            "round": self._round,
            "current_player": self.current_player,
            "total": self._total,
            "direction": self._direction,
            "pending_plays": self.pending_plays,
            "tokens": self.tokens,
            "swimming": self.swimming,
            "eliminated": self._out,
            "hand": self.hands[player],
            "hand_sizes": tuple(len(h) for h in self._hands),
            "draw_pile_size": self.draw_pile_size,
            "played_cards": self.played_cards,
            "opener": self._opener,
        }

    def describe(self) -> str:
        hands = " | ".join(" ".join(KINDS[k] for k in h) or "-" for h in self._hands)
        top = KINDS[self._discard[-1]] if self._discard else "-"
        return (
            f"round={self._round} {self._phase} total={self._total} dir={self._direction:+d} turn=P{self._turn + 1} "
            f"plays={self.pending_plays} tokens={list(self._tokens)} out={sorted(self._out)} hands=[{hands}] "
            f"pile={self.draw_pile_size} played={len(self._discard)} top={top}"
        )
