"""The cards of Double Donkey as data: colours, the deck spec, its validation and the built card table.

The split of the 51 Double Donkeys over the 15 colour pairs is not published, so the default deck is our
reconstruction (DD-DECK-1) and says so in its label, which the UI shows. A deck spec is a tuple of short
strings, one per card, so a custom deck can be written by hand, stored in ``Rules`` and saved as JSON:
``"light_blue+orange"`` is a Double Donkey, ``"angry:green"`` an Angry Donkey.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from functools import lru_cache
from typing import Final

from donkeylab.core.errors import quote

COLOURS: Final[tuple[str, ...]] = ("light_blue", "dark_blue", "orange", "yellow", "green", "purple")
COLOUR_INDEX: Final[dict[str, int]] = {c: i for i, c in enumerate(COLOURS)}
ANGRY_PREFIX: Final = "angry:"
PILE_SIZE: Final = 10  # DD-SETUP-1: cards dealt to each personal pile
# A custom deck (DD-DECK-1) has at most this many cards: five times the printed deck, plenty for a lesson, and
# a bound on every deal, shuffle and card table a hostile save could ask for.
MAX_DECK_CARDS: Final = 300
HAND_SIZE: Final = 3  # DD-SETUP-1 / DD-REFILL-1: hand size

# DD-DECK-1: every pair x3, plus one more of each pair in the colour cycle (every colour on 17 cards).
_CYCLE: Final = tuple(zip(COLOURS, COLOURS[1:] + COLOURS[:1], strict=True))


def _reconstruction() -> tuple[str, ...]:
    cards: list[str] = []
    for a, b in itertools.combinations(COLOURS, 2):
        extra = 1 if (a, b) in _CYCLE or (b, a) in _CYCLE else 0
        cards.extend([f"{a}+{b}"] * (3 + extra))
    cards.extend(f"{ANGRY_PREFIX}{c}" for c in COLOURS)
    return tuple(cards)


@dataclasses.dataclass(frozen=True, slots=True)
class DeckInfo:
    """A named deck spec with the label the UI must show (reconstructions are marked as such)."""

    name: str
    label: str
    cards: tuple[str, ...]


DECKS: Final[dict[str, DeckInfo]] = {
    "reconstruction": DeckInfo(
        "reconstruction",
        "[reconstruction] 51 Double Donkeys (every colour pair x3, plus one more of light blue-dark blue, "
        "dark blue-orange, orange-yellow, yellow-green, green-purple, purple-light blue: every colour on "
        "17 cards) + 6 Angry Donkeys, one per colour [fact]",
        _reconstruction(),
    ),
}


@dataclasses.dataclass(frozen=True, slots=True)
class Card:
    """One physical card: ``id`` is its index in the deck; ``colours`` are indices into ``COLOURS``."""

    id: int
    name: str
    angry: bool
    colours: tuple[int, ...]
    kind: str  # the name without its copy number (``DD:light_blue+orange``): the key of its translated name

    @property
    def colour_names(self) -> tuple[str, ...]:
        return tuple(COLOURS[c] for c in self.colours)


def deck_cards(deck: str | tuple[str, ...], min_cards: int = 0) -> tuple[str, ...]:
    """The card strings of a deck given by name or as a custom spec (validated)."""
    if isinstance(deck, str):
        if deck not in DECKS:
            raise ValueError(f"unknown deck {quote(deck)}; known decks: {', '.join(DECKS)} (or a tuple of card specs)")
        return DECKS[deck].cards
    validate_deck(deck, min_cards)
    return deck


def validate_deck(spec: tuple[str, ...], min_cards: int = 0) -> None:
    """Reject a bad custom deck with a message that says which card is wrong and why (DD-DECK-1); ``Rules``
    asks for ``min_cards`` = ten cards for each of the fewest players (``rules.PLAYERS``)."""
    if not isinstance(spec, tuple) or not spec:
        raise ValueError("DD-DECK-1: a deck spec is a non-empty tuple of card strings")
    if len(spec) < min_cards:
        raise ValueError(f"DD-DECK-1: a deck needs at least {min_cards} cards, not {len(spec)}")
    if len(spec) > MAX_DECK_CARDS:
        raise ValueError(f"DD-DECK-1: a deck may have at most {MAX_DECK_CARDS} cards, not {len(spec)}")
    for i, card in enumerate(spec):
        _parse_card(i, card)


def _parse_card(i: int, card: object) -> tuple[bool, tuple[int, ...]]:
    known = ", ".join(COLOURS)
    if not isinstance(card, str):
        raise ValueError(
            f"DD-DECK-1: card {i} is {quote(card)}, not a string like 'light_blue+orange' or 'angry:green'"
        )
    if card.startswith(ANGRY_PREFIX):
        colour = card[len(ANGRY_PREFIX) :]
        if colour not in COLOUR_INDEX:
            raise ValueError(f"DD-DECK-1: card {i} ({quote(card)}) has unknown colour {quote(colour)}; known: {known}")
        return True, (COLOUR_INDEX[colour],)
    parts = card.split("+")
    if len(parts) != 2:
        raise ValueError(
            f"DD-DECK-1: card {i} ({quote(card)}) must name two colours joined by '+', or be 'angry:<colour>'"
        )
    for colour in parts:
        if colour not in COLOUR_INDEX:
            raise ValueError(f"DD-DECK-1: card {i} ({quote(card)}) has unknown colour {quote(colour)}; known: {known}")
    if parts[0] == parts[1]:
        raise ValueError(f"DD-DECK-1: card {i} ({card!r}) shows one colour twice; a Double Donkey has two colours")
    a, b = sorted(COLOUR_INDEX[p] for p in parts)
    return False, (a, b)


@lru_cache(maxsize=16)
def build_deck(deck: str | tuple[str, ...]) -> tuple[Card, ...]:
    """The card table of a deck: stable ids (deck order) and readable names (``DD:a+b#2``, ``ANGRY:green``)."""
    seen: Counter[str] = Counter()
    out: list[Card] = []
    for i, spec in enumerate(deck_cards(deck)):
        angry, colours = _parse_card(i, spec)
        base = f"ANGRY:{COLOURS[colours[0]]}" if angry else f"DD:{COLOURS[colours[0]]}+{COLOURS[colours[1]]}"
        seen[base] += 1
        out.append(Card(i, f"{base}#{seen[base]}", angry, colours, base))
    totals = Counter(c.kind for c in out)
    return tuple(dataclasses.replace(c, name=c.kind) if totals[c.kind] == 1 else c for c in out)


def is_pips(value: object) -> bool:
    """A die face: an ``int`` from 1 to 6 (``True`` and ``2.0`` compare equal to faces but are not dice)."""
    return type(value) is int and 1 <= value <= 6


def card_value(card: Card, dice: tuple[int, ...]) -> int:
    """DD-VALUE-1: a Double Donkey is the sum of its two dice, an Angry Donkey the pips of its die."""
    colours = card.colours
    return dice[colours[0]] if card.angry else dice[colours[0]] + dice[colours[1]]
