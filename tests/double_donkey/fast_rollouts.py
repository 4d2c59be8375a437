"""Double Donkey rollouts for the chances tests, draw for draw the engine's: same seed, same numbers.

Phase 1 (the dice): ``Random`` play and the rolls depend on the dice alone (the Hay card, the dice showing,
the dice left, the colours DD-DICE-2 allows), so every dice position met is applied once through the engine
(``GameState.apply``) and a rollout walks that graph, drawing what the engine draws from the same
``random.Random``: one ``random()`` per rolled die (``sample_chance``), one ``choice`` among as many successors
as there are legal actions (``RandomBot``). Phase 2 (the cards): the hidden cards dealt as ``consistent``
deals them and the others' choices drawn as ``RandomBot`` draws them (one ``choice`` among a hand's 1–3-card
sets, in ``play_options`` order), then DD-ANGRY-1's flips and DD-VALUE-1's values of the reveal. The
comparison with the engine's own rollouts is ``test_chances.test_dd_fast_rollouts_are_the_engines_rollouts``.
"""

from __future__ import annotations

import random
from typing import Any

from donkeylab import double_donkey as dd
from donkeylab.double_donkey.cards import card_value
from donkeylab.double_donkey.chances import unseen
from donkeylab.double_donkey.tables import ROLLED, _index_combos, new_roll

Key = tuple[Any, ...]


class DiceGraph:
    """The phase-1 positions met so far and where each action or roll leads (filled by the engine)."""

    def __init__(self) -> None:
        self.states: dict[Key, dd.DoubleDonkeyState] = {}
        self.moves: dict[Key, tuple[Key, ...]] = {}  # a player's turn: the successors in legal_actions order
        self.rolls: dict[tuple[Key, tuple[int, ...]], Key] = {}  # a roll point: (key, faces - 1) -> successor

    def add(self, state: dd.DoubleDonkeyState) -> Key:
        key = (state._phase, state._hay, state._shown, state._left, state._allowed)
        self.states.setdefault(key, state)
        return key

    def expand(self, key: Key) -> tuple[Key, ...]:
        state = self.states[key]
        found = tuple(self.add(state.apply(a)) for a in state.legal_actions())
        self.moves[key] = found
        return found

    def roll(self, key: Key, faces: tuple[int, ...]) -> Key:
        state = self.states[key]
        values = tuple(ROLLED[c][f] for c, f in zip(state._left, faces, strict=True))
        found = self.rolls[key, faces] = self.add(state.apply(new_roll(values)))
        return found


def rollout(
    state: dd.DoubleDonkeyState, action: str, n: int, seed: int, graph: DiceGraph | None = None
) -> tuple[list[float], list[float]]:
    """What ``test_chances.rollout`` returns for the same arguments."""
    if state.phase == "play":
        return _cards(state, action, n, seed)
    return _dice(state, action, n, seed, graph or DiceGraph()), []


def _dice(state: dd.DoubleDonkeyState, action: str, n: int, seed: int, graph: DiceGraph) -> list[float]:
    """Phase 1: the cheapest card of the mover's hand when the sixth die is on the Hay card."""
    me = state.current_player
    hand = [state.cards[c] for c in state.hands[me]]  # type: ignore[index]
    rng = random.Random(seed)
    r, choice = rng.random, rng.choice
    start = graph.add(state.apply(dd.parse_action(action)))
    moves, rolls, states = graph.moves, graph.rolls, graph.states
    cheapest: dict[Key, float] = {}
    out = []
    for _ in range(n):
        key = start
        while True:
            phase = key[0]
            if phase == "roll":
                faces = tuple([int(6 * r()) for _ in key[3]])
                nxt = rolls.get((key, faces))
                key = graph.roll(key, faces) if nxt is None else nxt
            elif phase in ("play", "over"):
                break
            else:
                options = moves.get(key)
                key = choice(graph.expand(key) if options is None else options)
        value = cheapest.get(key)
        if value is None:
            dice = states[key].dice
            value = cheapest[key] = float(min(7 - dice[c.colours[0]] if c.angry else card_value(c, dice) for c in hand))
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
    shuffle, choice = rng.shuffle, rng.choice
    out, beaten = [], []
    for _ in range(n):
        ids = list(pool)
        shuffle(ids)  # consistent: the unseen cards over the others' hands, every pile and the draw pile
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
