"""DN-DRAW-1: reshuffling the played cards except the top one, playing on with fewer cards, passing."""

from __future__ import annotations

import random

import pytest

from donkeylab import double_down as dn
from donkeylab.core import CHANCE, IllegalAction, NotEnumerable
from tests import kit
from tests.double_down.forcing import forced, play

BIG = dn.Rules(hand_size=7)  # 8 hands of 7 take the whole deck: the draw pile is empty from the start


def test_dn_draw_1_nothing_to_draw_plays_on_with_fewer_cards() -> None:
    s = forced(8, [["2"], ["3"]], rules=BIG)
    assert s.draw_pile_size == 0
    s1 = play(s, "2")
    assert len(s1.hands[0]) == 6 and s1.current_player == 1
    assert [e.key for e in s1.events] == ["DN-PLAY-1", "DN-DRAW-1/short"]
    assert s1.events[1].text == "Player 1 cannot draw, because no card is left to draw: Player 1 plays on with 6 cards."


def test_dn_draw_1_reshuffle_played_cards_except_the_top_one() -> None:
    s = play(forced(8, [["2"], ["3"]], rules=BIG), "2", "3")
    assert s.current_player is CHANCE and s.phase == "shuffle" and s.legal_actions() == ()
    with pytest.raises(NotEnumerable):
        s.chance_outcomes()
    before = kit.fingerprint(s)
    for bad in [dn.Shuffle((1,)), dn.Shuffle(()), dn.PlayCard("4")]:
        with pytest.raises(IllegalAction) as err:
            s.apply(bad)
        assert err.value.rule == "DN-DRAW-1"
    assert kit.fingerprint(s) == before
    shuffle = s.sample_chance(random.Random(0))
    assert shuffle == dn.Shuffle((0,))
    s2 = s.apply(shuffle)
    assert s2.played_cards == ("3",) and s2.hands[1].count("2") >= 1 and len(s2.hands[1]) == 7
    assert s2.current_player == 2 and s2.draw_pile_size == 0 and sum(s2.card_counts().values()) == 56
    assert s2.events[0].rule == "DN-DRAW-1" and "becomes the new draw pile" in s2.events[0].text


def test_dn_draw_1_reshuffle_in_a_sampled_game() -> None:
    rng = random.Random(3)
    rules = dn.Rules(hand_size=6)  # 8 hands of 6 leave 8 cards: the pile runs out within one round
    s = dn.new_game(8, rules)
    while s.phase != "shuffle":
        if s.phase in ("deal", "over"):
            s = dn.new_game(8, rules)
        s = s.apply(s.sample_chance(rng) if s.current_player is CHANCE else dn.bots.Careful().act(s, rng))
    played = s.played_cards
    drawer = s.parent.current_player if s.parent is not None else None
    s2 = s.apply(s.sample_chance(rng))
    assert s2.played_cards == played[-1:] and drawer is not None
    assert s2.draw_pile_size == len(played) - 1 - 1 and len(s2.hands[drawer]) == 6
    assert sum(s2.card_counts().values()) == 56


def test_dn_draw_1_player_with_no_card_passes() -> None:
    s = play(forced(2, [["2x"], ["5"]], rules=dn.Rules(hand_size=1)), "2x")
    assert s.current_player == 1 and s.pending_plays == 2
    s2 = play(s, "5")  # the only card: no second card to play, so the rest of the double turn passes
    assert [e.key for e in s2.events] == ["DN-PLAY-1", "DN-DRAW-1/pass"]
    assert s2.events[1].text == "Player 2 has no card and passes."
    assert s2.current_player == 0 and len(s2.hands[1]) == 1 and s2.pending_plays == 1


def test_dn_double_1_only_2x_in_hand_for_a_double_turn_passes() -> None:
    s = play(forced(3, [["2x"], ["2x"], ["4"]], rules=dn.Rules(hand_size=1)), "2x")
    assert [e.key for e in s.events] == ["DN-DOUBLE-1", "DN-DOUBLE-1/stuck"]
    assert s.current_player == 2 and s.pending_plays == 1


def test_dn_draw_1_shuffle_ids_must_be_plain_ints() -> None:
    s = play(forced(8, [["2"], ["3"]], rules=BIG), "2", "3")  # one played card under the top: Shuffle((0,))
    before = kit.fingerprint(s)
    for order in [(0.0,), (False,)]:
        with pytest.raises(IllegalAction) as err:
            s.apply(dn.Shuffle(order))  # type: ignore[arg-type]
        assert err.value.rule == "DN-DRAW-1"
    assert kit.fingerprint(s) == before


def test_dn_draw_1_one_card_reads_singular() -> None:
    s = play(forced(8, [["2"], ["3"]], rules=BIG), "2", "3")
    reshuffle = s.apply(dn.Shuffle((0,))).events[0]
    assert reshuffle.text == "The draw pile is empty: the 1 played card under the top card becomes the new draw pile."
    assert reshuffle.render("de") == (
        "Der Nachziehstapel ist leer: Die 1 gespielte Karte unter der obersten wird zum neuen Nachziehstapel."
    )
    for hand_size, hand, en in [(2, ["2", "3"], "plays on with 1 card."), (1, ["2"], "has no card for now.")]:
        start = forced(2, [hand], rules=dn.Rules(hand_size=hand_size))._copy()
        start._drawn = len(start._pile)  # an empty draw pile (built by hand: 2 hands never empty it)
        short = play(start, "2").events[1]
        assert short.key.startswith("DN-DRAW-1/short") and short.text.endswith(en)
        assert "1 cards" not in short.text and "1 Karten" not in short.render("de")
