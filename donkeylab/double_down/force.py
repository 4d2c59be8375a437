"""Forcing chance by hand: the card orders behind ``Deal.of`` and ``Shuffle.of``, from plain values.

A ``Deal`` is a permutation of the 56 card ids and a ``Shuffle`` a permutation of positions in the played
pile, which is exact but not what a teacher says ("Player 1 gets 9, 9 and a 2x"). These functions turn card
names and/or ids into the canonical order, deterministically: a name takes the lowest free id (or the
earliest free position) of its kind, ids given by number are kept as they are, and whatever is left open
follows in id (position) order. Every mistake raises ``IllegalAction`` naming the rule, in en + de.
"""

from __future__ import annotations

from collections.abc import Sequence

from donkeylab.core import IllegalAction, quote
from donkeylab.double_down import messages as _messages  # noqa: F401  (registers the sentences)
from donkeylab.double_down.deck import CARD_KIND, DECK_SIZE, HAND_SIZE, KIND_INDEX, KINDS

DEAL_RULE, SHUFFLE_RULE = "DN-SETUP-1", "DN-DRAW-1"
NAMES = ", ".join(KINDS)  # one text: the names to type, untranslated ("reverse", not "direction change")


def _cards(value: object, what: str, rule: str) -> list[object]:
    """A list of cards (a text such as "9" or a whole number); one text alone is not a list of its letters."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise IllegalAction.of(rule, "dn-force/not-a-list", {"what": what, "value": quote(value)})
    return list(value)


class _Picker:
    """Hands out ids (or pile positions) ``0..n-1`` whose kinds are ``kinds``: explicit numbers first, then
    names, each taking the lowest free one of its kind."""

    def __init__(self, kinds: Sequence[int], rule: str) -> None:
        self.kinds, self.rule = kinds, rule
        self.free: dict[int, list[int]] = {}
        for i, kind in enumerate(kinds):
            self.free.setdefault(kind, []).append(i)
        self.named: dict[int, int] = {}  # kind -> how many were asked for (for the error sentence)

    def reserve(self, items: list[object]) -> None:
        """Take every explicit number out of the free lists first, so no name can grab it."""
        seen: set[int] = set()
        for item in items:
            if isinstance(item, str):
                continue
            if type(item) is not int or not 0 <= item < len(self.kinds):
                data = {"card": quote(item), "last": len(self.kinds) - 1}
                raise IllegalAction.of(self.rule, "dn-force/bad-id", data)
            if item in seen:
                raise IllegalAction.of(self.rule, "dn-force/twice", {"card": item})
            seen.add(item)
            self.count(self.kinds[item])
            self.free[self.kinds[item]].remove(item)

    def count(self, kind: int) -> None:
        self.named[kind] = self.named.get(kind, 0) + 1

    def take(self, item: object) -> int:
        if isinstance(item, int):
            return item  # reserved above: a valid id
        kind = KIND_INDEX.get(str(item), -1)  # reserve() let through only ints and texts
        if kind < 0:
            raise IllegalAction.of(self.rule, "dn-force/unknown-card", {"card": quote(item), "names": NAMES})
        self.count(kind)
        free = self.free.get(kind, [])
        if not free:
            have = sum(1 for k in self.kinds if k == kind)
            data = {"card": item, "have": have, "wanted": self.named[kind]}
            raise IllegalAction.of(self.rule, "dn-force/too-many", data)
        return free.pop(0)

    def rest(self) -> list[int]:
        return sorted(i for ids in self.free.values() for i in ids)


def deal_order(
    order: object = (),
    hands: object = None,
    rest: object = (),
    hand_size: object = HAND_SIZE,
    opener: object = 0,
) -> tuple[int, ...]:
    """The 56 card ids of the ``Deal`` that ``Deal.of`` describes (see its docstring)."""
    if isinstance(hand_size, bool) or not isinstance(hand_size, int) or not 1 <= hand_size <= 7:
        raise IllegalAction.of(DEAL_RULE, "dn-force/hand-size", {"value": quote(hand_size)})
    top = _cards(order, "order", DEAL_RULE) + _cards(rest, "rest", DEAL_RULE)
    if hands is None:
        dealt: list[list[object]] = []
    else:
        if order:
            raise IllegalAction.of(DEAL_RULE, "dn-force/order-and-hands", {})
        dealt = _hands_in_deal_order(_cards(hands, "hands", DEAL_RULE), hand_size, opener)
    if len(dealt) * hand_size + len(top) > DECK_SIZE:
        data = {"hands": len(dealt), "hand_size": hand_size, "rest": len(top), "deck": DECK_SIZE}
        raise IllegalAction.of(DEAL_RULE, "dn-force/too-many-cards", data)
    picker = _Picker(CARD_KIND, DEAL_RULE)
    picker.reserve([c for hand in dealt for c in hand] + top)
    chosen = [[picker.take(c) for c in hand] for hand in dealt]
    named_top = [picker.take(c) for c in top]
    spare = picker.rest()
    out: list[int] = []
    for hand in chosen:
        while len(hand) < hand_size:
            hand.append(spare.pop(0))
        out += sorted(hand)  # the order inside a hand does not matter: one canonical deal per set of hands
    return tuple(out + named_top + spare)


def _hands_in_deal_order(hands: list[object], hand_size: int, opener: object) -> list[list[object]]:
    """Hands are listed by seat (Player 1 first, ``None`` for a seat not dealt to); the deal starts at
    ``opener`` and goes clockwise (rising seat numbers), as the engine deals (DN-SETUP-1, DN-ROUND-1)."""
    if isinstance(opener, bool) or not isinstance(opener, int) or not 0 <= opener < max(len(hands), 1):
        raise IllegalAction.of(DEAL_RULE, "dn-force/opener", {"value": quote(opener), "last": len(hands) - 1})
    if hands and hands[opener] is None:
        raise IllegalAction.of(DEAL_RULE, "dn-force/opener-not-dealt", {"opener": opener})
    dealt: list[list[object]] = []
    for seat in [*range(opener, len(hands)), *range(opener)]:
        if hands[seat] is None:
            continue
        hand = _cards(hands[seat], "hand", DEAL_RULE)
        if len(hand) > hand_size:
            data = {"player": seat, "count": len(hand), "hand_size": hand_size}
            raise IllegalAction.of(DEAL_RULE, "dn-force/hand-too-big", data)
        dealt.append(hand)
    return dealt


def shuffle_order(order: object = (), played: object = None) -> tuple[int, ...]:
    """The positions of the ``Shuffle`` that ``Shuffle.of`` describes (see its docstring)."""
    top = _cards(order, "order", SHUFFLE_RULE)
    if played is None:
        if any(isinstance(c, str) for c in top):
            raise IllegalAction.of(SHUFFLE_RULE, "dn-force/names-need-played", {})
        kinds: list[int] = [0] * len(top)  # positions only: one "kind", so only the numbers matter
    else:
        pile = _cards(played, "played", SHUFFLE_RULE)
        bad = [c for c in pile if not isinstance(c, str) or c not in KIND_INDEX]
        if bad:
            data = {"card": quote(bad[0]), "names": NAMES}
            raise IllegalAction.of(SHUFFLE_RULE, "dn-force/unknown-card", data)
        if len(pile) < 2:
            raise IllegalAction.of(SHUFFLE_RULE, "dn-force/nothing-to-shuffle", {"count": len(pile)})
        kinds = [KIND_INDEX[c] for c in pile[:-1]]  # type: ignore[index]  # checked above: names
    if len(top) > len(kinds):
        raise IllegalAction.of(SHUFFLE_RULE, "dn-force/too-many-cards-shuffle", {"count": len(kinds)})
    picker = _Picker(kinds, SHUFFLE_RULE)
    picker.reserve(top)
    chosen = [picker.take(c) for c in top]
    return tuple(chosen + picker.rest())
