"""The end of a round, from the reveal to the next roll: flips, values, Biggest Donkey, refills, end check.

All of it happens in the ``apply`` of the last ``Play`` (one event per rule applied, so a pupil can step
through it), except where chance interrupts: a roll-off (DD-BIGGEST-2) or a reshuffle (DD-REFILL-2) is
its own chance point, after which the same functions continue where they stopped.
"""

from __future__ import annotations

from functools import lru_cache

from donkeylab.core import Event
from donkeylab.double_donkey.cards import COLOURS, HAND_SIZE, Card, card_value
from donkeylab.double_donkey.rules import OVER, ROLL, ROLLOFF, SHUFFLE


@lru_cache(maxsize=64)
def _rotation(players: int, starter: int) -> tuple[int, ...]:
    """The seats in turn order from ``starter``."""
    return tuple((starter + i) % players for i in range(players))


class RoundMixin:
    """Phase 2 resolution; ``DoubleDonkeyState`` supplies the fields (always on a fresh copy)."""

    # The Hay card after the flips of the last reveal: the revealed cards keep showing the values they had
    # there after the next round cleared the Hay card (a class default until the first reveal).
    _reveal_hay: tuple[int, ...] = (0,) * len(COLOURS)

    _players: int
    _cards: tuple[Card, ...]
    _phase: str
    _round: int
    _starter: int
    _roller: int
    _hay: tuple[int, ...]
    _left: tuple[int, ...]
    _shown: tuple[int, ...]
    _hands: tuple[tuple[int, ...], ...]
    _piles: tuple[tuple[int, ...], ...]
    _draw: tuple[int, ...]
    _discard: tuple[int, ...]
    _table: tuple[tuple[int, ...], ...]
    _revealed: tuple[tuple[int, ...], ...]
    _chosen: tuple[tuple[int, ...] | None, ...]
    _biggest: int | None
    _tied: tuple[int, ...]
    _need: int
    _winners: tuple[int, ...]
    _toggle: bool
    _tie_roll_only: bool
    _end_immediate: bool

    def _seats_from_starter(self) -> tuple[int, ...]:
        return _rotation(self._players, self._starter)

    # ------------------------------------------------------------------ reveal, flips, values
    def _reveal(self) -> list[Event]:
        """DD-PLAY-1 reveal, DD-ANGRY-1 flips (all before any valuation), DD-VALUE-1, then the Biggest Donkey."""
        chosen = tuple([c or () for c in self._chosen])
        # What a view animates the reveal from: the cards, and the six dice (colour order) before any flip.
        reveal = {"cards": chosen, "dice": self._hay}
        events = [Event("DD-PLAY-1", reveal, key="DD-PLAY-1/reveal")]
        self._table = self._revealed = chosen
        self._chosen = (None,) * self._players
        self._hands = tuple(
            [tuple([c for c in hand if c not in played]) for hand, played in zip(self._hands, chosen, strict=True)]
        )
        order = self._seats_from_starter()
        events.extend(self._flip(order))
        self._reveal_hay = self._hay
        best: dict[int, int] = {}
        cards, hay, append = self._cards, self._hay, events.append
        for p in order:
            for cid in chosen[p]:
                card = cards[cid]
                value = card_value(card, hay)
                if card.angry:
                    data = {"player": p, "card": card.kind, "card_id": cid, "value": value}
                    append(Event("DD-VALUE-1", data, key="DD-VALUE-1/angry"))
                else:
                    a, b = hay[card.colours[0]], hay[card.colours[1]]
                    data = {"player": p, "card": card.kind, "card_id": cid, "a": a, "b": b, "value": value}
                    append(Event("DD-VALUE-1", data))
                top = best.get(p, 0)
                best[p] = value if value > top else top
        if self._end_immediate:
            finished = tuple(p for p in range(self._players) if self._table[p] and not self._hands[p])
            finished = tuple(p for p in finished if not self._piles[p])
            if finished:
                return events + self._win(finished, "DD-END-1/immediate")
        return events + self._decide_biggest(best)

    def _flip(self, order: tuple[int, ...]) -> list[Event]:
        events: list[Event] = []
        flipped: set[int] = set()
        hay = list(self._hay)
        cards, table = self._cards, self._table
        for p in order:
            for cid in table[p]:
                card = cards[cid]
                if not card.angry:
                    continue
                c = card.colours[0]
                before = hay[c]
                data = {"player": p, "card": card.kind, "card_id": cid, "colour": COLOURS[c], "before": before}
                if c in flipped and not self._toggle:
                    data["after"], data["dice"] = before, tuple(hay)
                    events.append(Event("DD-ANGRY-1", data, key="DD-ANGRY-1/again"))
                    continue
                flipped.add(c)
                hay[c] = 7 - before
                data["after"], data["dice"] = hay[c], tuple(hay)  # the six dice after this flip
                events.append(Event("DD-ANGRY-1", data))
        if flipped:
            self._hay = tuple(hay)
        return events

    # ------------------------------------------------------------------ Biggest Donkey
    def _decide_biggest(self, best: dict[int, int]) -> list[Event]:
        """DD-BIGGEST-1, or the DD-BIGGEST-2 tie-break (which may stop at a roll-off chance point)."""
        top = max(best.values())
        tied = tuple(sorted([p for p, v in best.items() if v == top]))
        if len(tied) == 1:
            event = Event("DD-BIGGEST-1", {"biggest": tied[0], "value": top})
            return [event, *self._refill(tied[0])]
        if not self._tie_roll_only:
            fewest = min(len(self._piles[p]) for p in tied)
            by_pile = tuple(p for p in tied if len(self._piles[p]) == fewest)
            if len(by_pile) == 1:
                data = {"tied": tied, "value": top, "biggest": by_pile[0], "pile": fewest}
                return [Event("DD-BIGGEST-2", data, key="DD-BIGGEST-2/pile"), *self._refill(by_pile[0])]
            data = {"tied": tied, "value": top, "players": by_pile, "pile": fewest}
            events = [Event("DD-BIGGEST-2", data, key="DD-BIGGEST-2/pile_tie")]  # the pile step, not decisive
            tied = by_pile
        else:
            events = []
        self._phase = ROLLOFF
        self._tied = tied
        events.append(Event("DD-BIGGEST-2", {"tied": tied, "value": top}, key="DD-BIGGEST-2/rolloff"))
        return events

    def _rolled_off(self, values: tuple[tuple[int, int], ...]) -> list[Event]:
        high = max(pips for _, pips in values)
        top = tuple(p for p, pips in values if pips == high)
        if len(top) > 1:
            self._tied = top
            return [Event("DD-BIGGEST-2", {"tied": top, "pips": high}, key="DD-BIGGEST-2/again")]
        self._tied = ()
        return [Event("DD-BIGGEST-2", {"biggest": top[0], "pips": high}, key="DD-BIGGEST-2/won"), *self._refill(top[0])]

    # ------------------------------------------------------------------ refills, reshuffle, end, next round
    def _refill(self, biggest: int) -> list[Event]:
        """DD-REFILL-1: table to discard; everyone else refills from their own pile; the Biggest from the centre."""
        self._biggest = biggest
        table = self._table
        played = tuple([cid for p in self._seats_from_starter() for cid in table[p]])
        self._discard = self._discard + played
        self._table = ((),) * self._players
        events = [Event("DD-REFILL-1", {"n": len(played)}, key="DD-REFILL-1/discard")]
        hands, piles = list(self._hands), list(self._piles)
        for p in self._seats_from_starter():
            need = HAND_SIZE - len(hands[p])
            if p == biggest or need <= 0:
                continue
            pile = piles[p]
            n = need if need < len(pile) else len(pile)
            hands[p], piles[p] = hands[p] + pile[:n], pile[n:]
            if n == need:
                events.append(Event("DD-REFILL-1", {"player": p, "n": n}))
            else:
                key = "DD-REFILL-1/short" if n else "DD-REFILL-1/empty"
                events.append(Event("DD-REFILL-1", {"player": p, "n": n, "hand": len(hands[p])}, key=key))
        self._hands, self._piles = tuple(hands), tuple(piles)
        self._need = max(0, HAND_SIZE - len(hands[biggest]))
        return events + self._draw_biggest()

    def _draw_biggest(self) -> list[Event]:
        """The Biggest Donkey's draw from the central pile; stops at a reshuffle chance point (DD-REFILL-2)."""
        biggest = self._biggest
        assert biggest is not None
        events: list[Event] = []
        while self._need > 0:
            if not self._draw:
                if self._discard:
                    self._phase = SHUFFLE
                    return [*events, Event("DD-REFILL-2", {"n": len(self._discard)})]
                events.append(Event("DD-REFILL-2", {"biggest": biggest}, key="DD-REFILL-2/stop"))
                break
            n = min(self._need, len(self._draw))
            hands = list(self._hands)
            hands[biggest] = hands[biggest] + self._draw[:n]
            self._hands, self._draw, self._need = tuple(hands), self._draw[n:], self._need - n
            events.append(Event("DD-REFILL-1", {"biggest": biggest, "n": n}, key="DD-REFILL-1/central"))
        return events + self._end_round()

    def _end_round(self) -> list[Event]:
        """DD-END-1 (after the refills), else DD-NEXT-1: the Biggest Donkey starts the next round."""
        if not self._end_immediate:
            done = tuple([p for p in range(self._players) if not self._hands[p] and not self._piles[p]])
            if done:
                return self._win(done, "DD-END-1")
        biggest = self._biggest
        assert biggest is not None
        self._round += 1
        self._phase = ROLL
        self._starter = self._roller = biggest
        self._hay = self._shown = (0,) * len(COLOURS)
        self._left = tuple(range(len(COLOURS)))
        return [Event("DD-NEXT-1", {"biggest": biggest, "round": self._round})]

    def _win(self, players: tuple[int, ...], key: str) -> list[Event]:
        """DD-END-1: one sentence per winner (a shared victory names each of them)."""
        self._winners = players
        self._phase = OVER
        keys = [key] + [key if key.endswith("immediate") else "DD-END-1/shared"] * (len(players) - 1)
        return [Event("DD-END-1", {"winner": p, "winners": players}, key=k) for p, k in zip(players, keys, strict=True)]
