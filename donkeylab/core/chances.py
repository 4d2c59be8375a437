"""One shape for "what are my chances?": every legal move of the seat to act with the exact odds it leads to.

Each game computes its own numbers (``<game>/chances.py``) from what the seat can see only; this module holds
the game-agnostic table a panel, a lesson or the CLI prints: one ``MoveChances`` per legal move (its outcomes
as exact ``Fraction``s and the headline value that ranks it), sorted best first, with one sentence saying what
is counted and which bots are assumed for the other players. When there is nothing to decide (the game is
over, chance acts next, or another seat decides) the table has no moves and says why.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from donkeylab.core.chance import CHANCE
from donkeylab.core.say import Say

# Why a table has no moves: the game is over, chance acts next, or the decision is another seat's.
TERMINAL: Final = "terminal"
CHANCE_POINT: Final = "chance"
NOT_YOUR_TURN: Final = "not_your_turn"
LONG_DIGITS: Final = 12  # a printed fraction with a longer denominator is shown as its decimal and its length
REASONS: Final = {
    TERMINAL: "The game is over: there is no move left to weigh.",
    CHANCE_POINT: "Chance acts next (a roll, a deal or a shuffle): nobody chooses here.",
    NOT_YOUR_TURN: "Another player decides here: the panel shows the odds only to the player to move.",
}


@dataclass(frozen=True, slots=True)
class MoveChances:
    """One legal move: ``action`` (``str(action)``, parses back), a short ``label``, its ``outcomes`` (name →
    exact probability, in display order), the ``value`` that ranks it, and a short ``note`` (an immediate
    effect). ``exact`` is False when ``value`` is only a bound (the table's ``bound`` says which). ``also``
    holds further exact probabilities of the move that are events of their own, not part of the law of
    ``outcomes`` (Double Donkey: the chance that another player shows a higher card)."""

    action: str
    label: str
    outcomes: tuple[tuple[str, Fraction], ...]
    value: Fraction
    note: tuple[Say, ...] = ()  # its immediate effects, each a sentence of the game's catalogue
    exact: bool = True
    also: tuple[tuple[str, Fraction], ...] = ()

    def note_text(self, lang: str = "en") -> str:
        """The note in ``lang``: its sentences joined by "; "."""
        return "; ".join(s.get(lang) for s in self.note)

    def outcome(self, name: str) -> Fraction:
        """The probability of outcome ``name`` (0 when the move cannot lead to it), or of an event in ``also``."""
        return dict(self.outcomes + self.also).get(name, Fraction(0))


@dataclass(frozen=True, slots=True)
class Chances:
    """The table for ``seat``: ``moves`` best first; ``counted`` says what the numbers are, ``value_name`` what
    the ranking value is (``higher_is_better`` its direction); ``assumed`` names the bots playing the other
    seats; ``reason`` (a ``REASONS`` key) is set exactly when there are no moves; ``bound`` says why some
    numbers are exact bounds rather than exact values (empty when every number is exact)."""

    game: str
    seat: int | None
    moves: tuple[MoveChances, ...]
    counted: Say
    value_name: Say
    higher_is_better: bool
    assumed: Say
    reason: str = ""
    bound: Say | None = None
    value_is_probability: bool = False  # the ranking value is a probability (shown as a percentage)

    @property
    def best(self) -> MoveChances | None:
        return self.moves[0] if self.moves else None

    def move(self, action: str) -> MoveChances:
        """The row of ``action`` (its ``str``); KeyError when it is not a legal move here."""
        for m in self.moves:
            if m.action == action:
                return m
        raise KeyError(action)


def outcomes_of(dist: Mapping[str, Fraction] | Iterable[tuple[str, Fraction]]) -> tuple[tuple[str, Fraction], ...]:
    """Outcomes as a tuple of ``(name, Fraction)`` pairs, checked to be probabilities (a bug, never input)."""
    pairs = tuple(dist.items()) if isinstance(dist, Mapping) else tuple(dist)
    if any(not 0 <= p <= 1 for _, p in pairs):
        raise AssertionError(f"not probabilities: {pairs}")
    return tuple((str(k), Fraction(p)) for k, p in pairs)


def ranked(moves: Iterable[MoveChances], higher_is_better: bool) -> tuple[MoveChances, ...]:
    """Moves best first by ``value``; equal values keep the engine's order of legal moves (stable sort)."""
    return tuple(sorted(moves, key=lambda m: -m.value if higher_is_better else m.value))


def no_decision(current: object, seat: int | None) -> str:
    """Why there is no panel for ``seat`` when ``current`` is the state's ``current_player`` ('' if there is)."""
    if current is None:
        return TERMINAL
    if current is CHANCE:
        return CHANCE_POINT
    if seat is not None and seat != current:
        return NOT_YOUR_TURN
    return ""


def outcome_text(game: str, name: str, lang: str = "en") -> str:
    """An outcome's words in ``lang``: a name ``key`` or ``key:x`` is the game's ``<game>/chances/outcome/<key>``
    sentence (with ``{x}``), so the names stay identifiers a test can look up and the page still speaks."""
    key, _, x = name.partition(":")
    return Say(f"{game}/chances/outcome/{key}", {"x": x} if x else {}).get(lang)


def empty(game: str, seat: int | None, reason: str, counted: Say, value_name: Say, assumed: Say) -> Chances:
    """The table with no moves, saying why (``reason``: a ``REASONS`` key)."""
    if reason not in REASONS:
        raise ValueError(f"reason must be one of {sorted(REASONS)}, not {reason!r}")
    return Chances(game, seat, (), counted, value_name, True, assumed, reason)


def percent(p: Fraction) -> str:
    """``p`` as a percentage with one decimal ("37.5 %")."""
    return f"{float(p) * 100:.1f} %"


def format_fraction(p: Fraction) -> str:
    """``3/8 (37.5 %)`` for a probability; a fraction too long to read (a solved chain's) says how long it is."""
    if len(str(p.denominator)) > LONG_DIGITS:
        return f"{percent(p)} (exact: a fraction of {len(str(p.denominator))} digits)"
    return f"{p} ({percent(p)})"


def format_value(v: Fraction) -> str:
    """A ranking value: ``437/63 ≈ 6.9365``, a whole number as it is, a long fraction as its decimal."""
    if v.denominator == 1:
        return str(v.numerator)
    if len(str(v.denominator)) > LONG_DIGITS:
        return f"{float(v):.4f}… (exact: a fraction of {len(str(v.denominator))} digits)"
    return f"{v} ≈ {float(v):.4f}"


def format_chances(table: Chances) -> str:
    """The table as plain text, best move first: what is counted, the assumed bots, one block per move."""
    who = "nobody" if table.seat is None else f"seat {table.seat}"
    lines = [f"{table.game}: chances for {who}"]
    if table.reason:
        return "\n".join([*lines, REASONS[table.reason]])
    value_name = table.value_name.en
    lines += [f"Counted: {table.counted.en}", f"Others: {table.assumed.en}"]
    if table.bound is not None:
        lines.append(f"Bound: {table.bound.en}")
    better = "higher" if table.higher_is_better else "lower"
    lines.append(f"Ranked by {value_name} ({better} is better)")
    for rank, m in enumerate(table.moves, 1):
        head = f"{rank}. {m.label} [{m.action}]: {value_name} = {format_value(m.value)}"
        lines.append(head + ("" if m.exact else " (bound)") + (f" — {m.note_text()}" if m.note else ""))
        lines += [f"     {outcome_text(table.game, name)}: {format_fraction(p)}" for name, p in m.outcomes if p]
        lines += [f"     also: {outcome_text(table.game, name)}: {format_fraction(p)}" for name, p in m.also]
    return "\n".join(lines)
