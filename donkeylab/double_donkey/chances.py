"""Double Donkey: for each die the player may place and each set of cards they may play, their card's exact odds.

Lower is better in this game (the single highest card takes the Biggest Donkey, DD-BIGGEST-1), so every row
counts the value of the player's own card and ranks moves by its expected value, lowest first:

- **phase 1** (DD-DICE-1..3: which die to place, keep or re-roll the last die): the value of the player's
  cheapest card when the sixth die lies on the Hay card (before any Angry Donkey flip; an Angry Donkey counts
  as played, so its own die flipped: 7 − pips, as ``exact.what_if`` counts it). Every later die is placed by
  the pages' ``Random`` bot (the player's own later dice included), exactly ``exact``'s ``"random"`` policy.
- **phase 2** (DD-PLAY-1: which 1–3 cards to play): the final value of the highest card played, after every
  flip (DD-ANGRY-1): the player's own Angry Donkeys and those the other players reveal. The others' cards are
  unknown: each other hand is uniform over the cards this seat has not seen, and ``Random`` plays a uniform
  set of 1–3 of them, so the cards all others play are a uniform random set of the unseen cards; only how
  many Angry Donkeys of each colour it holds matters (hypergeometric).
"""

from __future__ import annotations

import itertools
import random
from bisect import bisect_right
from collections import Counter, defaultdict
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Final

from donkeylab.core.chances import Chances, MoveChances, empty, no_decision, outcomes_of, ranked
from donkeylab.core.say import Say, words
from donkeylab.double_donkey.actions import Choose, Keep, Play
from donkeylab.double_donkey.cards import COLOURS, Card, card_value
from donkeylab.double_donkey.exact import _finish_phase1
from donkeylab.double_donkey.rules import CHOOSE, LAST, NAME
from donkeylab.double_donkey.state import DoubleDonkeyState

say = words(
    "double_donkey/chances/",
    {
        "counted_dice": (
            "the value of your lowest card once all six dice lie on the Hay card (an Angry Donkey of yours counts "
            "as played: 7 − pips; the other players' Angry Donkeys are left out, since which of them will be "
            "played is not known yet: a choice of this count, not a rule); lower is better",
            "der Wert deiner niedrigsten Karte, wenn alle sechs Würfel auf der Misthaufen-Karte liegen (ein eigener "
            "Wütender Esel zählt wie gespielt: 7 − Augen; die Wütenden Esel der anderen bleiben weg, weil noch "
            "nicht feststeht, welche davon gespielt werden: eine Wahl dieser Zählung, keine Regel); kleiner ist "
            "besser",
        ),
        "counted_cards": (
            "the final value of the highest card you play, after every Angry Donkey flip (yours and the other "
            "players'); the highest card overall takes the Biggest Donkey, so lower is better",
            "der Endwert der höchsten Karte, die du spielst, nach jedem Umdrehen der Wütenden Esel (deiner und "
            "der anderen); die höchste Karte von allen wird Oberesel, also ist kleiner besser",
        ),
        "value_dice": ("expected value of your lowest card", "erwarteter Wert deiner niedrigsten Karte"),
        "value_cards": (
            "expected value of your highest card played",
            "erwarteter Wert deiner höchsten gespielten Karte",
        ),
        "assumed": (
            "every later die, yours too, is placed at random (each die that may be placed equally likely), the last "
            "die is kept or re-rolled with equal chances (50 % each), and each other player plays 1 to 3 of their "
            "cards, every such choice equally likely (with 3 cards in hand: 7 choices); their hands: any cards you "
            "have not seen",
            "jeder spätere Würfel, auch deiner, wird zufällig gelegt (jeder erlaubte Würfel gleich wahrscheinlich), "
            "der letzte Würfel wird mit gleicher Chance behalten oder neu geworfen (je 50 %), und jeder andere "
            "Spieler spielt 1 bis 3 seiner Karten, jede solche Auswahl gleich wahrscheinlich (bei 3 Karten auf der "
            "Hand: 7 Auswahlen); ihre Hände: jede Karte, die du nicht gesehen hast",
        ),
        "assumed_roll": (
            "every later die, yours too, is placed at random (each die that may be placed equally likely; the last "
            "die is always rolled), and each other player plays 1 to 3 of their cards, every such choice equally "
            "likely (with 3 cards in hand: 7 choices); their hands: any cards you have not seen",
            "jeder spätere Würfel, auch deiner, wird zufällig gelegt (jeder erlaubte Würfel gleich wahrscheinlich; "
            "der letzte wird immer geworfen), und jeder andere Spieler spielt 1 bis 3 seiner Karten, jede solche "
            "Auswahl gleich wahrscheinlich (bei 3 Karten auf der Hand: 7 Auswahlen); ihre Hände: jede Karte, die du "
            "nicht gesehen hast",
        ),
        "outcome/worth": ("worth {x}", "Wert {x}"),
        "outcome/beaten": (
            "another player shows a higher card (the Biggest Donkey cannot be yours)",
            "jemand anders zeigt eine höhere Karte (Oberesel wird dann jemand anders)",
        ),
        "no_card": ("no card in hand", "keine Karte auf der Hand"),
        "if_nobody": ("worth {v} if nobody else flips", "Wert {v}, wenn sonst niemand umdreht"),
    },
)
COUNTED_DICE: Final = say("counted_dice")
COUNTED_CARDS: Final = say("counted_cards")
VALUE_DICE: Final = say("value_dice")  # the ranking value's name: what the phase's sentence counts
VALUE_CARDS: Final = say("value_cards")
ASSUMED: Final = say("assumed")
BEATEN: Final = "beaten"  # outcome name: another player shows a card higher than the highest one you play
ASSUMED_ROLL: Final = say("assumed_roll")  # the last die always rolled (variant ``german``): no keep/re-roll


def chances(state: DoubleDonkeyState, seat: int | None = None) -> Chances:
    """The chances table of the player to move in ``state`` (``seat``: whose eyes; None = the player to move)."""
    reason = no_decision(state.current_player, seat)
    phase = state.phase
    dice = phase in (CHOOSE, LAST)
    counted, value_name = (COUNTED_DICE, VALUE_DICE) if dice else (COUNTED_CARDS, VALUE_CARDS)
    assumed = ASSUMED_ROLL if state.rules.last_die == "roll" else ASSUMED
    if reason:
        return empty(NAME, seat, reason, counted, value_name, assumed)
    mover = state.current_player
    assert isinstance(mover, int)
    if phase in (CHOOSE, LAST):
        rows = _dice_rows(state, mover)
    else:
        rows = _card_rows(state, mover)
    return Chances(NAME, mover, ranked(rows, False), counted, value_name, False, assumed)


def _row(
    action: object, label: str, dist: dict[int, Fraction], note: tuple[Say, ...] = (), higher: Fraction | None = None
) -> MoveChances:
    mean = sum((v * p for v, p in dist.items()), Fraction(0))
    outcomes = outcomes_of((f"worth:{v}", p) for v, p in sorted(dist.items()))
    also = outcomes_of([(BEATEN, higher)]) if higher is not None else ()
    return MoveChances(str(action), label, outcomes, mean, note, also=also)


# ---------------------------------------------------------------------------------------------- phase 1
def _hand(state: DoubleDonkeyState, player: int) -> list[tuple[str, ...]]:
    return [state.cards[cid].colour_names for cid in state.hands[player]]


def _dice_rows(state: DoubleDonkeyState, player: int) -> list[MoveChances]:
    hand = _hand(state, player)
    last_die = state.rules.last_die
    if not hand:
        return [_row(a, _dice_label(state, a), {0: Fraction(1)}, (say("no_card"),)) for a in state.legal_actions()]
    if state.phase == CHOOSE:
        rolled = state.rolled
        rows = []
        for action in state.legal_actions():
            assert isinstance(action, Choose)
            rest = {c: v for c, v in rolled.items() if c != action.colour}
            dist = after_choice({**state.hay, action.colour: rolled[action.colour]}, rest, hand, last_die)
            rows.append(_row(action, _dice_label(state, action), dist))
        return rows
    ((colour, pips),) = state.rolled.items()
    rows = []
    for action in state.legal_actions():
        faces = [pips] if isinstance(action, Keep) else list(range(1, 7))
        law: dict[int, Fraction] = defaultdict(Fraction)
        for face in faces:
            dice = {**state.hay, colour: face}
            law[_cheapest(hand, dice)] += Fraction(1, len(faces))
        rows.append(_row(action, _dice_label(state, action), dict(law)))
    return rows


def after_choice(
    placed: dict[str, int], rest: dict[str, int], hand: list[tuple[str, ...]], last_die: str
) -> dict[int, Fraction]:
    """P(the cheapest card of ``hand`` is worth v) when ``placed`` lie on the Hay card and the dice ``rest``
    (showing those pips) are still open, every later die placed by ``Random`` (the same numbers as
    ``exact.what_if``, faster).

    Random placement is blind to colour, so the values the open dice end on are exchangeable: the chain needs
    only the multiset of values (``_open_values``), each spread evenly over its distinct arrangements.
    """
    open_colours = sorted(rest, key=COLOURS.index)
    dist: dict[int, Fraction] = defaultdict(Fraction)
    if len(open_colours) == 1:  # DD-DICE-3: the next player keeps it (Random: 1/2) or re-rolls it
        (colour,) = open_colours
        keep = Fraction(0) if last_die == "roll" else Fraction(1, 2)
        for face in range(1, 7):
            p = (1 - keep) / 6 + (keep if face == rest[colour] else 0)
            dist[_cheapest(hand, {**placed, colour: face})] += p
        return dict(dist)
    index = {c: i for i, c in enumerate(COLOURS)}
    cards = [tuple(index[c] for c in card) for card in hand]
    dice = [0] * 6
    for c, v in placed.items():
        dice[index[c]] = v
    slots = [index[c] for c in open_colours]
    for values, p in _open_values(tuple(sorted(placed.values())), len(open_colours), last_die).items():
        arrangements = _arrangements(values)
        share = p / len(arrangements)
        counts: Counter[int] = Counter()
        for arrangement in arrangements:
            for i, v in zip(slots, arrangement, strict=True):
                dice[i] = v
            counts[min(7 - dice[c[0]] if len(c) == 1 else dice[c[0]] + dice[c[1]] for c in cards)] += 1
        for value, n in counts.items():
            dist[value] += share * n
    return dict(dist)


@lru_cache(maxsize=512)
def _arrangements(values: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(set(itertools.permutations(values)))


@lru_cache(maxsize=256)
def _open_values(placed: tuple[int, ...], k: int, last_die: str) -> dict[tuple[int, ...], Fraction]:
    """P(the ``k`` open dice end phase 1 on the sorted values ...) from the placed values ``placed``."""
    start = ((), placed, 0)
    out: dict[tuple[int, ...], Fraction] = defaultdict(Fraction)
    for (_, final, _), p in _finish_phase1(start, 6, "random", last_die).items():
        left = Counter(final) - Counter(placed)
        out[tuple(sorted(left.elements()))] += p
    assert all(len(v) == k for v in out), "every open die ends on the Hay card"
    return dict(out)


def _cheapest(hand: list[tuple[str, ...]], dice: dict[str, int]) -> int:
    return min(7 - dice[c[0]] if len(c) == 1 else dice[c[0]] + dice[c[1]] for c in hand)


def _dice_label(state: DoubleDonkeyState, action: object) -> str:
    if isinstance(action, Choose):
        return f"place {action.colour.replace('_', ' ')} ({state.rolled[action.colour]})"
    ((colour, pips),) = state.rolled.items()
    name = colour.replace("_", " ")
    return f"keep the {name} die ({pips})" if isinstance(action, Keep) else f"re-roll the {name} die"


# ---------------------------------------------------------------------------------------------- phase 2
def unseen(state: DoubleDonkeyState, seat: int) -> tuple[int, ...]:
    """Card ids ``seat`` has not seen: every card but their hand, the discard pile and the cards on the table."""
    seen = set(state.hands[seat]) | set(state.discard) | {c for t in state.table for c in t}
    return tuple(cid for cid in range(len(state.cards)) if cid not in seen)


def played_sizes(state: DoubleDonkeyState, seat: int) -> dict[int, Fraction]:
    """P(the other players play s cards in all): ``Random`` picks a uniform set of 1–3 cards of each hand."""
    total: dict[int, Fraction] = {0: Fraction(1)}
    for p, hand in enumerate(state.hands):
        h = len(hand)
        if p == seat or not h:
            continue
        options = {s: comb(h, s) for s in range(1, min(3, h) + 1)}
        n = sum(options.values())
        nxt: dict[int, Fraction] = defaultdict(Fraction)
        for s0, p0 in total.items():
            for s, k in options.items():
                nxt[s0 + s] += p0 * Fraction(k, n)
        total = dict(nxt)
    return total


def _configs(state: DoubleDonkeyState, seat: int) -> list[tuple[int, tuple[int, ...], Fraction]]:
    """What the others play as far as it matters: (cards played in all, Angry Donkeys of each colour among them,
    probability). The cards played are a uniform random set of the unseen cards (each hand is, and ``Random``
    plays a uniform set of 1–3 of it), so the Angry Donkeys among them are hypergeometric."""
    pool = unseen(state, seat)
    angry = Counter(state.cards[cid].colours[0] for cid in pool if state.cards[cid].angry)
    kinds = sorted(angry)
    n, a = len(pool), sum(angry.values())
    out: list[tuple[int, tuple[int, ...], Fraction]] = []
    for size, p_size in played_sizes(state, seat).items():
        for picks in itertools.product(*(range(angry[c] + 1) for c in kinds)):
            j = sum(picks)
            if j > size:
                continue
            ways = comb(n - a, size - j)
            for c, k in zip(kinds, picks, strict=True):
                ways *= comb(angry[c], k)
            if ways:
                counts = [0] * len(COLOURS)
                for c, k in zip(kinds, picks, strict=True):
                    counts[c] = k
                out.append((size, tuple(counts), p_size * Fraction(ways, comb(n, size))))
    return out


def others_flips(state: DoubleDonkeyState, seat: int) -> dict[tuple[int, ...], Fraction]:
    """P(the others reveal ``k[c]`` Angry Donkeys of each colour c), as ``{counts per colour: probability}``."""
    out: dict[tuple[int, ...], Fraction] = defaultdict(Fraction)
    for _, counts, p in _configs(state, seat):
        out[counts] += p
    return dict(out)


def _flipped_dice(dice: tuple[int, ...], counts: list[int], toggle: bool) -> tuple[int, ...]:
    return tuple(7 - v if (k % 2 if toggle else k) else v for v, k in zip(dice, counts, strict=True))


def _card_rows(state: DoubleDonkeyState, player: int) -> list[MoveChances]:
    configs = _configs(state, player)
    toggle = state.rules.angry_flip == "toggle_per_card"
    plain = [state.cards[cid] for cid in unseen(state, player) if not state.cards[cid].angry]
    n_plain = len(plain)
    plain_values: dict[tuple[int, ...], list[int]] = {}  # per set of dice: the unseen Double Donkeys' values
    rows = []
    for action in state.legal_actions():
        assert isinstance(action, Play)
        cards = [state.cards[cid] for cid in action.cards]
        mine = Counter(c.colours[0] for c in cards if c.angry)
        dist: dict[int, Fraction] = defaultdict(Fraction)
        higher = Fraction(0)
        for size, counts, p in configs:
            total = [k + mine.get(c, 0) for c, k in enumerate(counts)]
            dice = _flipped_dice(state.dice, total, toggle)
            value = max(card_value(c, dice) for c in cards)
            dist[value] += p
            if any(k and dice[c] > value for c, k in enumerate(counts)):  # another's Angry Donkey is higher
                higher += p
                continue
            values = plain_values.get(dice)
            if values is None:
                values = plain_values[dice] = sorted(card_value(c, dice) for c in plain)
            low = bisect_right(values, value)  # unseen Double Donkeys not higher than yours
            rest = size - sum(counts)  # a uniform set of ``rest`` of the unseen Double Donkeys
            higher += p * (1 - Fraction(comb(low, rest), comb(n_plain, rest)))
        now = max(card_value(c, _flipped_dice(state.dice, [mine.get(i, 0) for i in range(6)], toggle)) for c in cards)
        rows.append(_row(action, _cards_label(cards), dict(dist), (say("if_nobody", v=now),), higher))
    return rows


def _cards_label(cards: list[Card]) -> str:
    return " + ".join(c.kind.split(":")[-1].replace("_", " ") for c in cards)


def consistent(state: DoubleDonkeyState, seat: int, rng: random.Random) -> DoubleDonkeyState:
    """A state equal to ``state`` in everything ``seat`` can see, its hidden cards dealt afresh: the unseen cards
    shuffled over the other hands, every personal pile and the draw pile (same sizes), and the others' secret
    choices of this phase 2 made again by ``Random`` (a uniform set of 1–3 cards). For tests and rollouts."""
    ids = list(unseen(state, seat))
    rng.shuffle(ids)
    new = state._copy()
    hands, piles = list(state.hands), list(state.piles)
    for p in range(state.num_players):
        if p != seat:
            hands[p], ids = tuple(ids[: len(hands[p])]), ids[len(hands[p]) :]
        piles[p], ids = tuple(ids[: len(piles[p])]), ids[len(piles[p]) :]
    new._hands, new._piles, new._draw = tuple(hands), tuple(piles), tuple(ids)
    new._chosen = tuple(
        c if c is None or p == seat else tuple(sorted(rng.choice(_subsets(hands[p]))))
        for p, c in enumerate(state._chosen)
    )
    return new


def _subsets(hand: tuple[int, ...]) -> list[tuple[int, ...]]:
    return [s for n in range(1, min(3, len(hand)) + 1) for s in itertools.combinations(hand, n)]
