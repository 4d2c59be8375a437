"""Trusted actions: ``apply`` skips re-checking the exact action objects a state has just produced itself.

``sample_chance`` and ``legal_actions`` build actions that are legal by construction; checking them again in
``apply`` is most of the cost of some transitions (a Double Donkey roll re-derives the dice it shows, a
Double Down deal proves a 54-card permutation). So a state *vouches* for what it produced
(``self._vouch(actions, payload)``), and the ``_apply`` of the next state asks ``self._trusted(action)``: the
payload when ``action`` is one of those very objects (identity, never equality), else ``UNTRUSTED`` and the
full checks run. An equal action from a save, a test, a widget or another state is always checked in full.

Why the voucher lives on the producing state and nowhere else: two games stepping in one process (two
Steppers in a notebook, a live plot simulating in a background thread beside a Stepper) each vouch on their
own states, so neither evicts the other's entry and both stay on the fast path. A voucher is one tuple
written in one store; if two threads sample from the *same* state, one overwrites the other's entry and the
loser's action simply takes the checked path: still correct, only slower. ``GameState.apply`` and
``GameState._copy`` start the new object without a voucher, so a position edited by hand (tests, exact
solvers) never inherits trust in actions made for the position it was copied from.
"""

from __future__ import annotations

from typing import Any, Final

Voucher = tuple[tuple[object, ...], Any]

NO_VOUCHER: Final[Voucher] = ((), None)


class _Untrusted:
    """The type of ``UNTRUSTED`` (a sentinel: any payload, ``None`` included, means trusted)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNTRUSTED"


UNTRUSTED: Final = _Untrusted()


class Vouching:
    """The mechanism as a mixin of ``GameState``: ``_vouch`` in the producer, ``_trusted`` in ``_apply``."""

    _parent: Any
    _vouched: Voucher = NO_VOUCHER  # class default: a state that vouched for nothing

    def _vouch(self, actions: tuple[object, ...], payload: Any = None) -> None:
        """Remember that this state just produced ``actions`` (legal here by construction), with ``payload``
        (e.g. the dice a sampled roll shows) for ``_apply`` to reuse instead of recomputing it."""
        self._vouched = (actions, payload)

    def _trusted(self, action: object) -> Any:
        """Inside ``_apply`` (``self`` is the fresh copy, ``self._parent`` the state ``apply`` was called on):
        the payload vouched for ``action`` by that state, or ``UNTRUSTED``."""
        parent = self._parent
        if parent is None:
            return UNTRUSTED
        actions, payload = parent._vouched
        for offered in actions:
            if offered is action:
                return payload
        return UNTRUSTED
