"""Double Down rollouts for the chances tests, draw for draw the engine's: same seed, same numbers.

A rollout deals the hidden cards as ``consistent`` deals them (one ``shuffle`` of the same list), plays the
mover's card(s), then ``RandomCard`` for the others (one ``choice`` among the same cards) until the mover's
next turn, where ``next_turn.must_lose`` says whether a token must go. The common turns run here on plain lists: a
card played, the total (DN-PLAY-1, DN-MINUS-1, DN-ZERO-1, DN-REVERSE-1, DN-DOUBLE-1), a doublet that costs a
seat one of two or more tokens (DN-DOUBLET-1), a bust (DN-BUST-1: the round ends, so the rollout does) and
the cards drawn back (DN-DRAW-1). Before any other turn (a reshuffle, a seat swimming or put out, a seat that
cannot play) the position, equal field for field to the engine's, becomes an engine state and the engine
plays the rest. ``test_chances.test_dn_fast_rollouts_are_the_engines_rollouts`` compares both.
"""

from __future__ import annotations

import random
from bisect import insort
from collections import Counter

from donkeylab import double_down as dn
from donkeylab.core import RandomBot
from donkeylab.double_down.bots import RandomCard
from donkeylab.double_down.chances import _Model
from donkeylab.double_down.deck import BUST_AT, DELTA, EFFECT, KIND_INDEX, KINDS, REPEATS
from donkeylab.double_down.next_turn import must_lose
from donkeylab.double_down.state import DOUBLE
from tests.chances_kit import shuffle

LOST, KEPT = 0.0, 1.0
# How many rollouts ran, and how many of them the engine finished (the equality test checks both ran).
PATHS: Counter[str] = Counter()


def engine_finish(
    start: dn.DoubleDownState, s: dn.DoubleDownState, cards: list[int], rng: random.Random, bot: RandomBot | RandomCard
) -> float:
    """The engine's rollout from ``s`` (the dealt position, or a later one), ``cards`` played first (the mover's
    still to play, or the card another seat has drawn already): 1.0 when no token is lost by the mover's next
    turn of this round, else 0.0."""
    me = start.current_player
    assert isinstance(me, int)
    for k in cards:
        s = s.apply(dn.PlayCard(KINDS[k]))
    lost = s.tokens[me] < start.tokens[me] or me in s.eliminated
    if not lost and s.round == start.round and s.phase != "over":
        while s.current_player != me and s.round == start.round and s.current_player is not None:
            s = s.apply(bot.act(s, rng) if isinstance(s.current_player, int) else s.sample_chance(rng))
        if s.current_player == me and s.round == start.round:
            hand = sorted(KIND_INDEX[c] for c in s.hands[me])
            lost = must_lose(_Model(s, me), s.total, hand, s.pending_plays)
    return LOST if lost else KEPT


def rollout(state: dn.DoubleDownState, action: str, second: str | None, n: int, seed: int) -> list[float]:
    """What ``test_chances.rollout`` returns for the same arguments (``second``: the card the row assumes for
    the second play of a double turn)."""
    me = state.current_player
    assert isinstance(me, int)
    players, rules = state.num_players, state.rules
    doublets, repeat_penalty, hand_size = state.doublets, rules.repeat_doublet_penalty, rules.hand_size
    out_seats = state.eliminated
    model = _Model(state, me)
    mover = [KIND_INDEX[dn.parse_action(action).card]] + ([KIND_INDEX[second]] if second else [])  # type: ignore[attr-defined]
    hidden = [k for p in range(players) if p != me for k in state._hands[p]] + list(state._pile[state._drawn :])
    sizes = [(p, len(state._hands[p])) for p in range(players) if p != me]
    rng = random.Random(seed)
    choice = rng.choice
    bot = RandomCard()
    results = []
    for _ in range(n):
        kinds = list(hidden)
        shuffle(rng, kinds)
        hands = list(state._hands)
        at = 0
        for p, h in sizes:
            hands[p] = tuple(sorted(kinds[at : at + h]))
            at += h
        pile, drawn, discard = kinds[at:], 0, list(state._discard)
        total, direction, turn, pending = state._total, state._direction, me, state._pending
        played, next_double, tokens = state._played, state._next_double, list(state._tokens)
        owed, drawer = state._owed, state._drawer
        mine = list(mover)
        result = None
        while result is None:
            p = turn
            hand = hands[p]
            if p == me:
                if not mine:  # the mover's next turn
                    result = LOST if must_lose(model, total, list(hand), pending) else KEPT
                    break
                k = mine[0]
            else:
                k = choice([c for c in hand if c != DOUBLE] if pending == 2 else hand)
            if REPEATS[k]:
                after, bust = total, False
                penalty = repeat_penalty and total in doublets
            else:
                after = total + DELTA[k]
                bust = after >= BUST_AT
                penalty = not bust and after in doublets
            if p == me and (bust or penalty):
                result = LOST
                break
            if p != me and bust:
                result = KEPT  # the round ends before the mover's next turn
                break
            rest = list(hand)
            rest.remove(k)
            ends = not (pending > 1 and rest)  # else the second card of a double turn follows
            get = min(hand_size - len(rest), played + 1) if ends else 0
            nxt = (p + direction * (-1 if EFFECT[k] == "reverse" else 1)) % players
            while nxt in out_seats:
                nxt = (nxt + direction * (-1 if EFFECT[k] == "reverse" else 1)) % players
            nxt_pending = 2 if next_double or EFFECT[k] == "double" else 1
            nxt_hand = hands[nxt]
            stuck = ends and nxt != p and (not nxt_hand or (nxt_pending == 2 and nxt_hand[0] == DOUBLE == nxt_hand[-1]))
            if (penalty and tokens[p] < 2) or drawn + get > len(pile) or stuck:
                s = state._copy()
                s._hands, s._pile, s._drawn, s._discard = tuple(hands), tuple(pile), drawn, tuple(discard)
                s._total, s._direction, s._turn, s._pending = total, direction, turn, pending
                s._played, s._next_double, s._tokens = played, next_double, tuple(tokens)
                s._owed, s._drawer = owed, drawer
                result = engine_finish(state, s, mine if p == me else [k], rng, bot)
                PATHS["engine"] += 1
                break
            if p == me:
                mine.pop(0)
            if penalty:
                tokens[p] -= 1
            total = after
            discard.append(k)
            if EFFECT[k] == "reverse":
                direction = -direction
            elif EFFECT[k] == "double":
                next_double = True
            if not ends:
                hands[p] = tuple(rest)
                played += 1
                pending -= 1
                continue
            for _ in range(get):
                insort(rest, pile[drawn])
                drawn += 1
            hands[p] = tuple(rest)
            owed, drawer = 0, p
            turn, pending, played, next_double = nxt, nxt_pending, 0, False
        results.append(result)
    PATHS["all"] += n
    return results
