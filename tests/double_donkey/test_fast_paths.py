"""The engine's trusted fast paths (a just-sampled ``Roll``, an offered ``Play``) never accept what the full
checks would refuse: trust is given only to exactly that object on exactly the state it was made for."""

from __future__ import annotations

import random

import pytest

from donkeylab import games
from donkeylab.core import IllegalAction
from donkeylab.double_donkey import Play, Roll
from tests.double_donkey.helpers import craft, dealt, fill_hay

HAY = {"light_blue": 2, "dark_blue": 6, "orange": 1, "yellow": 3, "green": 4, "purple": 5}


def test_dd_dice_1_sampled_roll_is_checked_on_another_hay_card() -> None:
    s = dealt(4)
    sampled = s.sample_chance(random.Random(3))
    assert isinstance(sampled, Roll) and len(sampled.values) == 6
    rolled = s.apply(sampled)
    later = rolled.apply(rolled.legal_actions()[0])  # one die placed: the next roll has 5 dice
    with pytest.raises(IllegalAction) as err:
        later.apply(sampled)
    assert err.value.rule == "DD-DICE-1"
    again = s.apply(sampled)  # the same roll on the same state, after other draws: the same result
    assert again.events == rolled.events and again.describe() == rolled.describe()
    copy = s.apply(Roll(tuple(sampled.values)))  # an equal roll built by hand takes the checked path
    assert copy.events == rolled.events and copy.describe() == rolled.describe()


def test_dd_play_1_offered_play_is_checked_on_another_turn() -> None:
    s = fill_hay(dealt(4), **HAY)
    assert s.phase == "play" and s.current_player == 0
    offered = s.legal_actions()
    after = s.apply(offered[0])
    assert after.current_player == 1
    after.legal_actions()  # offers seat 1's options; seat 0's old option is refused with the usual reason
    with pytest.raises(IllegalAction) as err:
        after.apply(offered[0])
    assert err.value.rule == "DD-PLAY-1" and "Player 2's turn" in str(err.value)
    by_hand = s.apply(Play(0, offered[0].cards))  # an equal Play built by hand: same result, fully checked
    assert by_hand.events == after.events and by_hand.describe() == after.describe()


def test_dd_play_1_offered_play_is_checked_against_a_changed_hand() -> None:
    s = fill_hay(dealt(4), **HAY)
    offered = s.legal_actions()
    three = next(p for p in offered if len(p.cards) == 3)
    other = games.load(s.to_json())  # the same position rebuilt: its hands are other (equal) tuples
    assert other.apply(three).describe() == s.apply(three).describe()
    smaller = craft(s, hands=(s.hands[0][:2], *s.hands[1:]))  # same seat to play, a hand without one card
    with pytest.raises(IllegalAction) as err:
        smaller.apply(three)
    assert err.value.rule == "DD-PLAY-1" and "play 1 to 2 cards" in str(err.value)
