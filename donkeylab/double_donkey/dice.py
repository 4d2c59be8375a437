"""Phase 1 of Double Donkey: the rolls, DD-DICE-2's choice, and the last die (DD-DICE-1..3).

Kept apart from ``state.py`` as a mixin like ``round.py``; it is the hottest code of a random rollout (about
two thirds of all actions), so it keeps the unplaced dice (``_left``) and the allowed colours (``_allowed``)
as fields instead of recomputing them from the Hay card.
"""

from __future__ import annotations

from donkeylab.core import Event, IllegalAction, quote
from donkeylab.double_donkey.cards import COLOUR_INDEX, COLOURS, is_pips
from donkeylab.double_donkey.rules import CHOOSE, LAST, ROLL
from donkeylab.double_donkey.tables import DIE_TERMS, WITHOUT, colour_names, dice_rule


class DiceMixin:
    """Phase 1 transitions; ``DoubleDonkeyState`` supplies the fields (always on a fresh copy)."""

    _players: int
    _phase: str
    _roller: int
    _hay: tuple[int, ...]
    _shown: tuple[int, ...]
    _left: tuple[int, ...]
    _allowed: tuple[int, ...]
    _last_roll_key: str | None  # DD-DICE-3: None = the last die may be kept; else the key saying why it is rolled

    def _start_play(self) -> list[Event]:
        raise NotImplementedError  # DoubleDonkeyState: phase 2 starts when the last die is placed

    def _roll(self, values: tuple[tuple[str, int], ...]) -> list[Event]:
        """DD-DICE-1: the roller rolls every die not on the Hay card; DD-DICE-2 says what may be chosen."""
        colours = self._left
        if tuple([v[0] for v in values]) != colour_names(colours) or not all(
            [is_pips(v[1]) and type(v[0]) is str for v in values]
        ):
            names = ", ".join(colour_names(colours))
            raise IllegalAction.of("DD-DICE-1", "DD-DICE-1/roll", {"names": names})
        shown = [0] * 6
        for c, v in zip(colours, values, strict=True):
            shown[c] = v[1]
        return self._rolled(tuple(shown))

    def _rolled(self, shown: tuple[int, ...]) -> list[Event]:
        """The dice ``colours`` show ``shown`` (a checked roll): place the last die, or ask which to place."""
        self._shown = shown
        colours = self._left
        player = self._roller
        if len(colours) == 1:
            c = colours[0]
            die = DIE_TERMS[c][shown[c]]
            events = [Event("DD-DICE-1", {"player": player, "die": die}, key="DD-DICE-1/one")]
            return events + self._place(c, Event("DD-DICE-3", {"die": die}, key="DD-DICE-3/placed"))
        self._phase = CHOOSE
        self._allowed, key, dice, allowed, on_hay = dice_rule(self._hay, colours, shown)
        return [
            Event("DD-DICE-1", {"player": player, "n": len(colours), "dice": dice}),
            Event("DD-DICE-2", {"player": player, "allowed": allowed, "on_hay": on_hay}, key=key),
        ]

    def _choose(self, colour: str) -> list[Event]:
        c = COLOUR_INDEX.get(colour, -1) if type(colour) is str else -1
        if c < 0 or not self._shown[c]:
            self._refuse_colour(colour)
        allowed = self._allowed
        if c not in allowed:
            dice = tuple(DIE_TERMS[a][self._shown[a]] for a in allowed)
            data = {"die": DIE_TERMS[c][self._shown[c]], "allowed": dice}
            raise IllegalAction.of("DD-DICE-2", "DD-DICE-2/refused", data)
        player = self._roller
        event = Event("DD-DICE-1", {"player": player, "die": DIE_TERMS[c][self._shown[c]]}, key="DD-DICE-1/place")
        return self._place(c, event)

    def _refuse_colour(self, colour: object) -> None:
        """DD-DICE-1: ``colour`` names no die, or a die that is already on the Hay card (so not rolled)."""
        if type(colour) is str and colour in COLOUR_INDEX:
            raise IllegalAction.of("DD-DICE-1", "DD-DICE-1/on_hay", {"colour": colour})
        raise IllegalAction.of("DD-DICE-1", "DD-DICE-1/colour", {"given": quote(colour), "names": ", ".join(COLOURS)})

    def _place(self, c: int, event: Event) -> list[Event]:
        """Put die ``c`` on the Hay card; then the next player rolls the rest, or phase 2 starts."""
        hay = list(self._hay)
        hay[c] = self._shown[c]
        self._hay = tuple(hay)
        self._left = left = WITHOUT[self._left][c]
        if len(left) > 1:
            self._roller = (self._roller + 1) % self._players
            self._shown = (0,) * 6
            self._phase = ROLL
            return [event]
        shown = list(self._shown)
        shown[c] = 0
        self._shown = tuple(shown)
        if not left:
            return [event, *self._start_play()]
        self._roller = (self._roller + 1) % self._players
        data = {"player": self._roller, "colour": COLOURS[left[0]], "pips": shown[left[0]]}
        key = self._last_roll_key
        if key is None:
            self._phase = LAST
            return [event, Event("DD-DICE-3", data)]
        self._phase = ROLL
        self._shown = (0,) * 6
        return [event, Event("DD-DICE-3", data, key=key)]

    def _refuse_last(self) -> None:
        """DD-DICE-3: the last die is being rolled; why it cannot be kept or re-rolled (again) now."""
        raise IllegalAction.of("DD-DICE-3", "DD-DICE-3/once" if self._last_roll_key is None else "DD-DICE-3/always")

    def _last(self, keep: bool) -> list[Event]:
        """DD-DICE-3 (english): keep the last die as it shows, or re-roll it once (a chance point)."""
        c = self._left[0]
        if keep:
            event = Event(
                "DD-DICE-3", {"player": self._roller, "die": DIE_TERMS[c][self._shown[c]]}, key="DD-DICE-3/keep"
            )
            return self._place(c, event)
        self._phase = ROLL
        self._shown = (0,) * 6
        return [Event("DD-DICE-3", {"player": self._roller}, key="DD-DICE-3/reroll")]
