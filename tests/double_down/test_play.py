"""DN-SETUP-1, DN-PLAY-1, the special cards (DN-MINUS-1, DN-ZERO-1, DN-REVERSE-1) and the 2x double turn."""

from __future__ import annotations

import pytest

from donkeylab import double_down as dn
from donkeylab.core import CHANCE, IllegalAction, NotEnumerable
from tests import kit
from tests.double_down.forcing import forced, play

NAMES = ["Lucas", "Camille", "Clément"]


def test_dn_setup_1_deal_tokens_and_opener() -> None:
    s = dn.new_game(4, opener=2)
    assert s.current_player is CHANCE and s.legal_actions() == ()
    with pytest.raises(NotEnumerable):
        s.chance_outcomes()
    s = forced(4, [], opener=2)
    assert [len(h) for h in s.hands] == [5, 5, 5, 5] and s.draw_pile_size == 36
    assert s.tokens == {0: 3, 1: 3, 2: 3, 3: 3} and s.total == 0 and s.direction == 1
    assert s.current_player == 2 and s.opener == 2 and s.dealer == 1 and s.round == 1
    assert s.events[0].rule == "DN-SETUP-1"
    assert "Player 2 deals 5 cards to each of the 4 players; 36 cards form the draw pile" in s.events[0].text
    assert sum(s.card_counts().values()) == 56


@pytest.mark.parametrize("players", [0, 1, 9, True, "3"])
def test_dn_setup_1_player_count_is_2_to_8(players: object) -> None:
    with pytest.raises(IllegalAction) as err:
        dn.new_game(players)  # type: ignore[arg-type]
    assert err.value.rule == "DN-SETUP-1" and "2 to 8 players" in err.value.message


def test_dn_setup_1_bad_deal_is_illegal_and_changes_nothing() -> None:
    s = dn.new_game(3)
    before = kit.fingerprint(s)
    for order in [(0,) * 56, tuple(range(55)), (*range(55), 99)]:
        with pytest.raises(IllegalAction) as err:
            s.apply(dn.Deal(order))
        assert err.value.rule == "DN-SETUP-1"
    with pytest.raises(IllegalAction):
        s.apply(dn.PlayCard("3"))
    assert kit.fingerprint(s) == before


def test_dn_play_1_number_cards_add_and_hand_is_refilled() -> None:
    s = forced(3, [["10", "76"], ["9"], ["66"]], pile=["4", "5"])
    s1 = play(s, "10")
    assert s1.total == 10 and s1.current_player == 1
    assert s1.hands[0] == ("-10", "-10", "-10", "4", "76") and s1.draw_pile_size == s.draw_pile_size - 1
    assert s1.events[0].render("en", NAMES) == "Lucas plays 10: 0 + 10 = 10."
    assert s1.events[0].render("de", NAMES) == "Lucas spielt 10: 0 + 10 = 10."
    s3 = play(s1, "9", "66")  # 10 + 9 + 66 = 85: the doublet card 66 adds its face value
    assert s3.events[0].rule == "DN-BUST-1"
    assert play(s, "76").total == 76  # the 76 adds 76 [fact]


def test_dn_play_1_card_not_in_hand_is_illegal() -> None:
    s = forced(3, [["10"]])
    before = kit.fingerprint(s)
    for card in ["9", "joker", "2x"]:
        with pytest.raises(IllegalAction) as err:
            s.apply(dn.PlayCard(card))
        assert err.value.rule == "DN-PLAY-1"
    with pytest.raises(IllegalAction) as err:
        s.apply(dn.Shuffle(()))
    assert err.value.rule == "DN-PLAY-1"
    assert kit.fingerprint(s) == before


def test_dn_play_1_legal_actions_offer_each_card_kind_once() -> None:
    s = forced(2, [["9", "9", "9", "2x", "-10"]])
    assert s.legal_actions() == (dn.PlayCard("-10"), dn.PlayCard("9"), dn.PlayCard("2x"))
    assert dn.parse_action(str(dn.PlayCard("reverse"))) == dn.PlayCard("reverse")


def test_dn_minus_1_total_may_go_below_zero() -> None:
    s = play(forced(2, [["5"], ["-10"]]), "5", "-10")
    assert s.total == -5 and s.events[0].rule == "DN-MINUS-1"
    assert s.events[0].text.startswith("Player 2 plays −10: 5 − 10 = -5")


def test_dn_zero_1_repeats_the_total() -> None:
    s = play(forced(3, [["9"], ["0"]]), "9", "0")
    assert s.total == 9 and s.current_player == 2 and s.events[0].rule == "DN-ZERO-1"
    assert s.events[0].text == "Player 2 plays 0: the total stays 9 and the problem passes to the next player."


def test_dn_reverse_1_direction_changes_until_the_next_change() -> None:
    s = forced(4, [["reverse"], ["reverse"], ["2"], ["7"]])
    s1 = play(s, "reverse")
    assert s1.direction == -1 and s1.current_player == 3 and s1.total == 0
    assert s1.events[0].rule == "DN-REVERSE-1" and "counterclockwise" in s1.events[0].text
    assert "gegen den Uhrzeigersinn" in s1.events[0].render("de")
    s2 = play(s1, "7")
    assert s2.current_player == 2 and s2.total == 7
    s3 = play(s2, "2", "reverse")  # player 3, then player 2 turns it back
    assert s3.direction == 1 and s3.current_player == 2


def test_dn_double_1_next_player_plays_two_cards_then_draws_two() -> None:
    s = forced(3, [["2x"], ["3", "2x", "4"], ["5"]])
    s1 = play(s, "2x")
    assert s1.current_player == 1 and s1.pending_plays == 2 and s1.total == 0
    assert s1.events[0].text == "Player 1 plays 2x: the total stays 0 and Player 2 must play two cards."
    assert dn.PlayCard("2x") not in s1.legal_actions()
    before = kit.fingerprint(s1)
    with pytest.raises(IllegalAction) as err:
        s1.apply(dn.PlayCard("2x"))
    assert err.value.rule == "DN-DOUBLE-1" and kit.fingerprint(s1) == before
    s2 = play(s1, "3")
    assert s2.current_player == 1 and s2.pending_plays == 1 and len(s2.hands[1]) == 4
    assert [e.key for e in s2.events] == ["DN-PLAY-1", "DN-DOUBLE-1/second"]
    assert dn.PlayCard("2x") in s2.legal_actions()
    s3 = play(s2, "2x")  # a 2x as the second card is allowed: the next player plays two
    assert s3.current_player == 2 and s3.pending_plays == 2 and len(s3.hands[1]) == 5 and s3.total == 3


def test_dn_double_1_first_card_busting_ends_the_round() -> None:
    s = play(forced(3, [["66"], ["2x"], ["11", "3"]]), "66", "2x")
    assert s.current_player == 2 and s.pending_plays == 2
    end = play(s, "11")  # 66 + 11 = 77: the round ends, the second card is never played
    assert end.total == 77 and end.current_player is CHANCE and end.phase == "deal" and end.round == 2
    assert end.tokens[2] == 2 and end.pending_plays == 0
    assert [e.rule for e in end.events] == ["DN-BUST-1"]
    assert end.events[0].text == (
        "Player 3 plays 11: 66 + 11 = 77 — 77 or more! Player 3 loses a token (2 left) and the round ends."
    )
    with pytest.raises(IllegalAction) as err:
        end.apply(dn.PlayCard("3"))
    assert err.value.rule == "DN-ROUND-1"


def test_dn_double_1_reverse_inside_a_double_turn() -> None:
    s = play(forced(4, [["2x"], ["reverse", "5"], ["9"], ["8"]]), "2x", "reverse")
    assert s.direction == -1 and s.current_player == 1 and s.pending_plays == 1
    s = play(s, "5")
    assert s.current_player == 0 and s.total == 5 and len(s.hands[1]) == 5


def test_dn_setup_1_deal_ids_must_be_plain_ints() -> None:
    """0.0 == 0 and True == 1 would pass the permutation test, then break (or bend) the indexing."""
    s = dn.new_game(3)
    before = kit.fingerprint(s)
    floats = tuple(float(i) for i in range(56))
    bools = (False, True, *range(2, 56))
    for order in [floats, bools]:
        with pytest.raises(IllegalAction) as err:
            s.apply(dn.Deal(order))  # type: ignore[arg-type]
        assert err.value.rule == "DN-SETUP-1"
    assert kit.fingerprint(s) == before


@pytest.mark.parametrize("card", [{}, [3], 3, None])
def test_dn_play_1_card_must_be_named_by_text(card: object) -> None:
    s = forced(3, [["3"]])
    before = kit.fingerprint(s)
    with pytest.raises(IllegalAction) as err:
        s.apply(dn.PlayCard(card))  # type: ignore[arg-type]
    assert err.value.rule == "DN-PLAY-1" and err.value.message.endswith(f"not {card!r}; choose −10 or 3.")
    assert err.value.render("de").endswith(f"nicht {card!r}; wähle −10 oder 3.")
    assert kit.fingerprint(s) == before


def test_dn_double_1_card_not_in_hand_lists_only_the_legal_first_cards() -> None:
    s = play(forced(3, [["2x"], ["2x", "3", "4"], ["5"]]), "2x")
    legal = [a.card for a in s.legal_actions()]  # type: ignore[attr-defined]
    assert "2x" in s.hands[1] and "2x" not in legal
    with pytest.raises(IllegalAction) as err:
        s.apply(dn.PlayCard("9"))
    assert err.value.rule == "DN-PLAY-1"
    assert legal == ["0", "3", "4"]
    assert err.value.message == "Player 2 has no 9 in hand; choose 0, 3 or 4."
    assert err.value.render("de") == "DN-PLAY-1: Spieler 2 hat 9 nicht auf der Hand; wähle 0, 3 oder 4."


def test_dn_setup_1_one_card_hands_read_singular() -> None:
    s = forced(2, [["5"], ["-10"]], rules=dn.Rules(hand_size=1))
    assert s.events[0].rule == "DN-SETUP-1"
    assert s.events[0].text.startswith("Round 1: Player 2 deals 1 card to each of the 2 players; 54 cards form")
    assert s.events[0].render("de").startswith("Runde 1: Spieler 2 gibt jedem der 2 Spieler 1 Karte; 54 Karten")
