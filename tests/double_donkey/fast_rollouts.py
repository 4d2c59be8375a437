"""Double Donkey rollouts for the chances tests, draw for draw the engine's: same seed, same numbers.

Phase 1 (the dice) runs on a list of six dice, drawing what the engine draws from the same ``random.Random``:
one ``random()`` per rolled die (``sample_chance``), one ``choice`` among as many options as there are legal
actions, in their order (``RandomBot``). Phase 2 (the cards): the hidden cards dealt as ``consistent``
deals them and the others' choices drawn as ``RandomBot`` draws them (one ``choice`` among a hand's 1–3-card
sets, in ``play_options`` order), then DD-ANGRY-1's flips and DD-VALUE-1's values of the reveal. The
comparison with the engine's own rollouts is ``test_chances.test_dd_fast_rollouts_are_the_engines_rollouts``.
"""

from __future__ import annotations

import random

from donkeylab import double_donkey as dd
from donkeylab.double_donkey.cards import card_value
from donkeylab.double_donkey.chances import unseen
from donkeylab.double_donkey.tables import WITHOUT, _index_combos, dice_rule
from tests.chances_kit import shuffle


def rollout(state: dd.DoubleDonkeyState, action: str, n: int, seed: int) -> tuple[list[float], list[float]]:
    """What ``test_chances.rollout`` returns for the same arguments."""
    if state.phase == "play":
        return _cards(state, action, n, seed)
    return _dice(state, action, n, seed), []


def _dice(state: dd.DoubleDonkeyState, action: str, n: int, seed: int) -> list[float]:
    """Phase 1: the cheapest card of the mover's hand when the sixth die is on the Hay card. DD-DICE-1: the
    dice not on the Hay card are rolled; DD-DICE-2: one of the allowed dice is placed (``dice_rule``); DD-DICE-3:
    the last die is rolled, or (english) kept or re-rolled once."""
    me = state.current_player
    assert isinstance(me, int)
    hand = [state.cards[c] for c in state.hands[me]]
    after = state.apply(dd.parse_action(action))  # the engine's own move; the rest is played here
    keep_or_reroll = state.rules.last_die == "choose"
    rng = random.Random(seed)
    r, choice = rng.random, rng.choice
    cheapest: dict[tuple[int, ...], float] = {}
    two = range(2)
    out = []
    for _ in range(n):
        phase, hay, shown, left, allowed = (
            after._phase,
            list(after._hay),
            list(after._shown),
            after._left,
            after._allowed,
        )
        while phase not in ("play", "over"):
            if phase == "roll":
                shown = [0] * 6
                for c in left:
                    shown[c] = int(6 * r()) + 1
                if len(left) > 1:
                    phase, allowed = "choose", dice_rule(tuple(hay), left, tuple(shown))[0]
                    continue
                c = left[0]  # the last die, rolled: placed as it shows
            elif phase == "choose":
                c = choice(allowed)
            elif choice(two) == 0:  # "last": Reroll() or Keep(), in the engine's order
                phase = "roll"
                continue
            else:
                c = left[0]
            hay[c] = shown[c]
            left = WITHOUT[left][c]
            if not left:
                phase = "play"
            elif len(left) > 1:
                phase = "roll"
            else:
                phase = "last" if keep_or_reroll else "roll"
        dice = tuple(hay)
        value = cheapest.get(dice)
        if value is None:
            value = cheapest[dice] = float(
                min(7 - dice[c.colours[0]] if c.angry else card_value(c, dice) for c in hand)
            )
        out.append(value)
    return out


def _cards(state: dd.DoubleDonkeyState, action: str, n: int, seed: int) -> tuple[list[float], list[float]]:
    """Phase 2: the highest value among the mover's cards at the reveal, and 1.0 when another's is higher."""
    me = state.current_player
    assert isinstance(me, int)
    move = dd.parse_action(action)
    assert isinstance(move, dd.Play)
    players, cards, toggle = state.num_players, state.cards, state.rules.angry_flip == "toggle_per_card"
    pool = unseen(state, me)
    sizes = [(len(state.hands[p]) if p != me else 0, len(state.piles[p])) for p in range(players)]
    order = [(state._starter + i) % players for i in range(players)]
    rng = random.Random(seed)
    choice = rng.choice
    out, beaten = [], []
    for _ in range(n):
        ids = list(pool)
        shuffle(rng, ids)  # consistent: the unseen cards over the others' hands, every pile and the draw pile
        hands = list(state.hands)
        at = 0
        for p, (h, k) in enumerate(sizes):
            if p != me:
                hands[p] = tuple(ids[at : at + h])
            at += h + k
        chosen: list[tuple[int, ...] | None] = list(state._chosen)
        for p, c in enumerate(chosen):  # consistent: the others' choices already made, made again
            if c is not None and p != me:
                hand = hands[p]
                chosen[p] = tuple([hand[i] for i in choice(_index_combos(len(hand)))])
        chosen[me] = move.cards
        for p in order:  # the seats still to choose, in the engine's order (``_still_to_play``)
            if chosen[p] is None and hands[p]:
                hand = tuple(sorted(hands[p]))
                chosen[p] = tuple([hand[i] for i in choice(_index_combos(len(hand)))])
        dice = list(state.dice)
        flipped: set[int] = set()
        for p in order:  # DD-ANGRY-1: every Angry Donkey revealed flips its die (once, or each time: toggle)
            for cid in chosen[p] or ():
                card = cards[cid]
                if card.angry and (toggle or card.colours[0] not in flipped):
                    flipped.add(card.colours[0])
                    dice[card.colours[0]] = 7 - dice[card.colours[0]]
        hay = tuple(dice)
        mine, theirs = 0, 0
        for p in order:
            for cid in chosen[p] or ():
                value = card_value(cards[cid], hay)
                if p == me:
                    mine = max(mine, value)
                else:
                    theirs = max(theirs, value)
        out.append(float(mine))
        beaten.append(float(theirs > mine))
    return out, beaten
