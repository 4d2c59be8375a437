"""What anyone may read off a Double Down state: read-only properties, ``describe`` and the ``snapshot`` hooks.

Kept apart from the transitions (``state.py``) so both modules stay short; ``DoubleDownState`` subclasses
``DoubleDownView`` and owns every field declared here. ``state.snapshot(seat, lang)`` (the one view
contract, ARCHITECTURE.md) is built from the hooks at the end: ``_view_table`` draws from the properties
above, the labels take their totals from ``apply`` and the parent chain, so no arithmetic is done twice.
"""

from __future__ import annotations

from typing import Any

from donkeylab.core import CATALOGUE, CHANCE, Action, GameState
from donkeylab.double_down import messages as _messages  # noqa: F401  (registers the sentences)
from donkeylab.double_down.actions import PlayCard, Shuffle
from donkeylab.double_down.deck import BUST_AT, KIND_INDEX, KINDS, REPEATS
from donkeylab.double_down.rules import DEAL, OVER, PLAYING, SHUFFLING

_CARD_NAMES: dict[str, dict[str, str]] = {}  # lang -> card_names(lang)
# Card name -> its action text (``PlayCard('9')``): a view sends these on a click, so no view spells an action.
CARD_ACTIONS: dict[str, str] = {kind: str(PlayCard(kind)) for kind in KINDS}


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
    _played: int  # cards played so far this turn: > 0 while a double turn waits for its second card
    _hands: tuple[tuple[int, ...], ...]
    _pile: tuple[int, ...]  # the draw pile is _pile[_drawn:]
    _drawn: int
    _discard: tuple[int, ...]
    _tokens: tuple[int, ...]
    _out: frozenset[int]
    _winner: int
    _doublets: frozenset[int]

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
        """Every seat's hand as card names (``snapshot(seat)`` hides the others' from a player)."""
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
    def draw_pile(self) -> tuple[str, ...]:
        """The draw pile as card names, the next card first (no seat's snapshot shows it)."""
        return tuple(KINDS[k] for k in self._pile[self._drawn :]) if self._phase != DEAL else ()

    @property
    def top_card(self) -> str | None:
        """The card on top of the played pile (the last one played), ``None`` before the first."""
        return KINDS[self._discard[-1]] if self._discard else None

    @property
    def doublets(self) -> frozenset[int]:
        """The totals whose announcement costs a token under these rules (DN-DOUBLET-1, ``negative_doublets``)."""
        return self._doublets

    @property
    def turn(self) -> int | None:
        """Whose turn it is or comes next: at a deal the opener, during a reshuffle the next player to play,
        ``None`` once the game is over."""
        if self._phase == OVER:
            return None
        return self._opener if self._phase == DEAL else self._turn

    @property
    def pending_double(self) -> int:
        """Cards the player to act still owes in a double turn (DN-DOUBLE-1): 2 before its first card, 1
        before its second, 0 in a plain turn and at a chance point."""
        if self._phase != PLAYING:
            return 0
        return self._pending if self._pending == 2 or self._played else 0

    def last_play(self) -> tuple[int, str, int, int] | None:
        """``(player, card, total before, total after)`` of the last card played this round, read off the
        timeline (a reshuffle after it is skipped); ``None`` before the first card of a round."""
        node: GameState = self
        while isinstance(node.last_action, Shuffle) and node.parent is not None:
            node = node.parent
        action, parent = node.last_action, node.parent
        if not isinstance(action, PlayCard) or not isinstance(parent, DoubleDownView):
            return None
        assert isinstance(node, DoubleDownView) and isinstance(parent._turn, int)
        return parent._turn, action.card, parent._total, node._total

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

    def describe(self) -> str:
        hands = " | ".join(" ".join(KINDS[k] for k in h) or "-" for h in self._hands)
        top = KINDS[self._discard[-1]] if self._discard else "-"
        return (
            f"round={self._round} {self._phase} total={self._total} dir={self._direction:+d} turn=P{self._turn + 1} "
            f"plays={self.pending_plays} tokens={list(self._tokens)} out={sorted(self._out)} hands=[{hands}] "
            f"pile={self.draw_pile_size} played={len(self._discard)} top={top}"
        )

    # ------------------------------------------------------------------ snapshot hooks (core/snapshot.py)
    def _view_phase_text(self, lang: str) -> str:
        phase = self._phase
        if phase == DEAL:
            return CATALOGUE.render("dn-view/deal", {"round": self._round, "dealer": self._dealer}, lang)
        if phase == SHUFFLING:
            return CATALOGUE.render("dn-view/shuffle", {}, lang)
        if phase == OVER:
            return CATALOGUE.render("dn-view/over", {"winner": self._winner}, lang)
        key = ("dn-view/play", "dn-view/double-second", "dn-view/double-first")[self.pending_double]
        return CATALOGUE.render(key, {"player": self._turn, "total": self._total}, lang)

    def _view_label(self, action: Action, lang: str) -> str:
        """``+9 → 51``, ``−10 → 32``, ``0 (repeat 42)``: the total after the card is what ``apply`` makes it."""
        if not isinstance(action, PlayCard):
            return str(action)
        return card_label(action.card, self._total, self.apply(action).total, lang)

    def _view_table(self, seat: int | None, lang: str) -> dict[str, Any]:
        """ARCHITECTURE.md's Double Down table, plus what a number line needs (``turn``, ``last_play``...).
        A seat sees its own hand only; the order of the draw and played piles only the teacher sees."""
        teacher = seat is None
        last = self.last_play()
        return {
            "round": self._round,
            "total": self._total,
            "direction": self._direction,
            "pending_2x": self.pending_double,
            "tokens": list(self._tokens),
            "swimming": sorted(self.swimming),
            "eliminated": sorted(self._out),
            "hands": [list(hand) if teacher or p == seat else None for p, hand in enumerate(self.hands)],
            "hand_sizes": [len(hand) for hand in self._hands],
            "draw_pile": self.draw_pile_size,
            "played": len(self._discard),
            "top_card": self.top_card,
            "doublets": sorted(self._doublets),
            "bust": BUST_AT,
            "opener": self._opener,
            "dealer": self._dealer,
            "turn": self.turn,
            "remaining": list(self.remaining),
            "hand_size": self.rules.hand_size,
            "repeat_penalty": self.rules.repeat_doublet_penalty,
            "last_play": None if last is None else _last_play_dict(*last, lang),
            "card_names": card_names(lang),
            "card_actions": CARD_ACTIONS,
            "summary": self._view_summary(seat, lang),
            "draw_pile_cards": list(self.draw_pile) if teacher else None,
            "played_cards": list(self.played_cards) if teacher else None,
        }

    def _view_summary(self, seat: int | None, lang: str) -> str:
        """The position in a few sentences, for a screen reader (the number line's text alternative): "Total
        56, play runs clockwise. Player 2 to play. Player 2 holds 0, 10, 10, 76, 2x. Tokens: …". The hand read
        out is the seat's own (a seat view) or the player to act's (the teacher's view)."""
        say = CATALOGUE.render
        way = "clockwise" if self._direction == 1 else "counterclockwise"
        total = f"{'−' if self._total < 0 else ''}{abs(self._total)}"  # a real minus sign, as the cards print it
        parts = [say("dn-view/summary", {"total": total, "direction": way}, lang)]
        turn = self.turn if self._phase == PLAYING else None
        if turn is not None:
            parts.append(say("dn-view/summary-turn", {"player": turn}, lang))
        holder = seat if seat is not None else turn
        if holder is not None and holder not in self._out:
            names = card_names(lang)
            hand = ", ".join(names[KINDS[k]] for k in sorted(self._hands[holder]))
            cards = hand or say("dn-view/summary-no-cards", {}, lang)
            parts.append(say("dn-view/summary-hand", {"player": holder, "cards": cards}, lang))
        tokens = "; ".join(
            say("dn-view/summary-seat-tokens", {"player": p, "n": n}, lang)
            for p, n in enumerate(self._tokens)
            if p not in self._out
        )
        parts.append(say("dn-view/summary-tokens", {"tokens": tokens}, lang))
        return " ".join(parts)


def card_names(lang: str) -> dict[str, str]:
    """Card name → how it is written in ``lang`` ("reverse" → "Richtungswechsel"); built once per language
    (the snapshot's JSON conversion copies it, so sharing it is safe)."""
    names = _CARD_NAMES.get(lang)
    if names is None:
        names = _CARD_NAMES[lang] = {kind: CATALOGUE.term(kind, lang) for kind in KINDS}
    return names


def card_label(card: str, before: int, after: int, lang: str) -> str:
    """A card's short label in ``lang``: the change and the new total, or the total it repeats."""
    if REPEATS[KIND_INDEX[card]]:
        return CATALOGUE.render("dn-view/label-repeat", {"card": card, "total": before}, lang)
    change = f"{'−' if after < before else '+'}{abs(after - before)}"
    return CATALOGUE.render("dn-view/label-change", {"change": change, "after": after}, lang)


def _last_play_dict(player: int, card: str, before: int, after: int, lang: str) -> dict[str, Any]:
    repeat = REPEATS[KIND_INDEX[card]]
    label = card_label(card, before, after, lang)
    return {"player": player, "card": card, "label": label, "before": before, "after": after, "repeat": repeat}
