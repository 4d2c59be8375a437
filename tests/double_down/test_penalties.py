"""DN-DOUBLET-1 (with its options), DN-BUST-1, DN-TOKEN-1 (swimming option), DN-ROUND-1 and DN-END-1."""

from __future__ import annotations

import pytest

from donkeylab import double_down as dn
from donkeylab.core import CHANCE, IllegalAction
from tests.double_down.forcing import deal_order, forced, play

NAMES = ["Lucas", "Camille", "Clément"]


def test_dn_doublet_1_rulebook_example_lucas_camille_clement() -> None:
    """Lucas 10 → 10, Camille 9 → 19, Clément 3 → 22: a doublet, Clément loses a token."""
    s = forced(3, [["10"], ["9"], ["3"]])
    s = play(s, "10")
    assert s.total == 10 and s.events[0].render("en", NAMES) == "Lucas plays 10: 0 + 10 = 10."
    s = play(s, "9")
    assert s.total == 19 and s.events[0].render("en", NAMES) == "Camille plays 9: 10 + 9 = 19."
    s = play(s, "3")
    assert s.total == 22 and s.tokens == {0: 3, 1: 3, 2: 2} and s.current_player == 0 and s.round == 1
    [event] = s.events
    assert event.rule == "DN-DOUBLET-1"
    assert event.render("en", NAMES) == "Clément plays 3: 19 + 3 = 22, a doublet — Clément loses a token (2 left)."
    assert (
        event.render("de", NAMES)
        == "Clément spielt 3: 19 + 3 = 22, eine Schnapszahl — Clément verliert einen Chip (noch 2)."
    )


def test_dn_doublet_1_minus_card_can_hit_a_doublet() -> None:
    s = play(forced(2, [["10", "9"], ["2", "-10"]]), "10", "2", "9", "-10")
    assert s.total == 11 and s.tokens[1] == 2 and s.events[0].rule == "DN-DOUBLET-1"


@pytest.mark.parametrize("card", ["0", "reverse", "2x"])
def test_dn_doublet_1_repeated_total_is_no_new_announcement(card: str) -> None:
    s = play(forced(3, [["3"], ["8"], [card]]), "3", "8", card)
    assert s.total == 11 and s.tokens == {0: 3, 1: 2, 2: 3}
    assert all(e.rule != "DN-DOUBLET-1" for e in s.events)


@pytest.mark.parametrize("card", ["0", "reverse", "2x"])
def test_dn_doublet_1_option_repeat_doublet_penalty(card: str) -> None:
    rules = dn.Rules(repeat_doublet_penalty=True)
    s = play(forced(3, [["3"], ["8"], [card]], rules=rules), "3", "8", card)
    assert s.total == 11 and s.tokens == {0: 3, 1: 2, 2: 2}
    assert [e.key for e in s.events][-1] == "DN-DOUBLET-1/repeat"
    assert "repeats 11, a doublet" in s.events[-1].text


@pytest.mark.parametrize(("negative", "tokens"), [(False, 3), (True, 2)])
def test_dn_doublet_1_option_negative_doublets(negative: bool, tokens: int) -> None:
    rules = dn.Rules(negative_doublets=negative)
    s = play(forced(3, [["-10"], ["-10"], ["9"]], rules=rules), "-10", "-10", "9")  # -20 + 9 = -11
    assert s.total == -11 and s.tokens[2] == tokens
    assert s.events[0].rule == ("DN-DOUBLET-1" if negative else "DN-PLAY-1")


def test_dn_bust_1_77_or_more_loses_a_token_and_ends_the_round() -> None:
    s = play(forced(3, [["76"], ["2"]]), "76")
    assert s.total == 76 and s.current_player == 1
    s = play(s, "2")
    assert s.total == 78 and s.tokens[1] == 2 and s.current_player is CHANCE and s.round == 2
    assert s.events[0].rule == "DN-BUST-1" and "77 or more" in s.events[0].text


def _three_doublets(rules: dn.Rules) -> dn.DoubleDownState:
    """Player 1 announces 11, 33 and 66 while player 2 repeats with 0s."""
    s = forced(2, [["11", "22", "33", "10"], ["0", "0", "0", "-10"]], rules=rules)
    return play(s, "11", "0", "22", "0", "33")


def test_dn_token_1_swimming_then_eliminated_ends_the_game_mid_round() -> None:
    s = _three_doublets(dn.Rules())
    assert s.tokens[0] == 0 and s.swimming == {0} and not s.eliminated
    assert [e.key for e in s.events] == ["DN-DOUBLET-1", "DN-TOKEN-1/swim"]
    assert s.events[1].text == "Player 1 has no token left and is now swimming: one more loss and Player 1 is out."
    s = play(s, "-10")  # 56
    assert s.current_player == 0 and s.round == 1
    end = play(s, "10")  # 66: a swimming player hits a doublet -> eliminated, one player left
    assert [e.key for e in end.events] == ["DN-DOUBLET-1/swimming", "DN-TOKEN-1/out", "DN-END-1"]
    assert end.eliminated == {0} and end.winners == (1,) and end.is_terminal() and end.round == 1
    assert end.events[2].render("en", ["A", "Bea"]) == "Bea is the last player left and wins the game."
    assert end.legal_actions() == () and sum(end.card_counts().values()) == 56


def test_dn_token_1_option_no_swimming_eliminates_at_zero() -> None:
    end = _three_doublets(dn.Rules(swimming=False))
    assert [e.key for e in end.events] == ["DN-DOUBLET-1", "DN-TOKEN-1/out", "DN-END-1"]
    assert end.eliminated == {0} and end.winners == (1,) and not end.swimming


def test_dn_token_1_eliminated_hand_goes_to_played_cards_and_play_goes_on() -> None:
    s = forced(3, [["11", "10", "10", "10"], ["0", "0", "0"], ["-10", "-10", "-10"]])
    s = play(s, "11", "0", "-10", "10", "0", "-10", "10", "0", "-10")  # player 1 announces 11 three times
    assert s.swimming == {0} and s.current_player == 0 and s.total == 1
    s = play(s, "10")  # 11 again: out, but two players remain
    assert s.eliminated == {0} and s.hands[0] == () and not s.is_terminal() and s.current_player == 1
    assert len(s.played_cards) == 10 + 4 and s.played_cards[-1] == "10"
    assert sum(s.card_counts().values()) == 56 and s.events[-1].key == "DN-TOKEN-1/out"
    assert "the 4 cards in Player 1's hand go onto the played cards" in s.events[-1].text
    s = play(s, s.hands[1][-1])
    assert s.current_player == 2


def test_dn_round_1_new_round_resets_and_the_opener_moves_left() -> None:
    s = play(forced(3, [["reverse", "76"], ["2"], ["9"]]), "reverse", "9", "2", "76")
    assert s.round == 2 and s.current_player is CHANCE and s.opener == 1 and s.dealer == 0
    s2 = s.apply(dn.Deal(deal_order([], 5)))
    assert s2.total == 0 and s2.direction == 1 and s2.current_player == 1 and s2.pending_plays == 1
    assert [len(h) for h in s2.hands] == [5, 5, 5] and s2.draw_pile_size == 41 and s2.played_cards == ()
    assert s2.events[0].rule == "DN-ROUND-1"
    assert s2.events[0].text.startswith("Round 2: all cards are gathered and shuffled. Player 1, who opened")


def test_dn_round_1_opener_skips_eliminated_seats() -> None:
    rules = dn.Rules(swimming=False)
    s = forced(3, [["0", "-10", "-10"], ["11", "10", "76"], ["0", "0"]], rules=rules)
    s = play(s, "0", "11", "0", "-10", "10", "0", "-10")  # player 2 announces 11 twice
    assert s.tokens[1] == 1 and s.current_player == 1 and s.total == 1
    s = play(s, "76")  # 77: player 2 busts and, without swimming, is out
    assert s.eliminated == {1} and s.round == 2 and s.opener == 2 and s.dealer == 0
    s2 = s.apply(dn.Deal(deal_order([], 5)))
    assert s2.current_player == 2 and s2.hands[1] == () and s2.draw_pile_size == 46


def test_dn_end_1_exactly_one_winner() -> None:
    s = _three_doublets(dn.Rules(swimming=False))
    assert s.winners == (1,) and s.current_player is None


def test_dn_round_1_deal_ids_must_be_plain_ints_and_one_card_hands_read_singular() -> None:
    s = play(forced(2, [["76"], ["2"]], rules=dn.Rules(hand_size=1)), "76", "2")  # 78: the round ends
    assert s.round == 2 and s.current_player is CHANCE
    with pytest.raises(IllegalAction) as err:
        s.apply(dn.Deal(tuple(float(i) for i in range(56))))  # type: ignore[arg-type]
    assert err.value.rule == "DN-ROUND-1"
    s2 = s.apply(dn.Deal(deal_order([], 1)))
    assert s2.events[0].rule == "DN-ROUND-1"
    assert "Player 1, who opened the last round, deals 1 card to each of the 2 players." in s2.events[0].text
    assert "gibt jedem der 2 Spieler 1 Karte." in s2.events[0].render("de")


_ONE = ("the 1 card in Player 1's hand goes onto", "die 1 Karte auf der Hand von Spieler 1 kommt")
_NONE = ("Player 1 is eliminated, with no card left in hand.", "keine Karte mehr auf der Hand")


@pytest.mark.parametrize(
    ("hand_size", "pile", "en", "de"),
    [(2, ["33", "0", "10", "0"], *_ONE), (1, ["22", "0", "33", "0"], *_NONE)],
)
def test_dn_token_1_eliminated_with_one_or_no_card_reads_right(
    hand_size: int, pile: list[str], en: str, de: str
) -> None:
    rules = dn.Rules(swimming=False, hand_size=hand_size)
    first = ["11", "22"][:hand_size]
    end = play(forced(2, [first, ["0", "0"][:hand_size]], pile=pile, rules=rules), "11", "0", "22", "0", "33")
    out = end.events[1]
    assert out.rule == "DN-TOKEN-1" and end.eliminated == {0} and out.data["cards"] == hand_size - 1
    assert en in out.text and de in out.render("de")
