"""Arrow chains hop by hop (ER-CHAIN-1..3), the finish in mid-chain (ER-FINISH-1), the end (ER-END-1), points."""

from __future__ import annotations

import pytest

from donkeylab import esels_rennen as er
from donkeylab.core import IllegalAction
from tests.esels_rennen.helpers import keys_of, ladder, place, race, rules_of


def test_er_chain_1_arrow_moves_its_donkey_hop_by_hop() -> None:
    # red b0→c1; c1 (green FR) moves green d0→e1; e1 (yellow FR) moves yellow f0→g1; g1 (red FL) moves red
    # from c1 to b2; b2 carries a red arrow under the red donkey: own colour ends the chain.
    s = race(ladder("c1:gFR e1:yFR g1:rFL b2:rFR"))
    after = s.apply(er.Move("red", "c1"))
    assert rules_of(after) == ["ER-MOVE-1", "ER-CHAIN-1", "ER-CHAIN-1", "ER-CHAIN-1", "ER-CHAIN-2"]
    hops = [
        (e.data["field"], e.data["colour"], e.data["direction"], e.data["frm"], e.data["to"]) for e in after.events[1:4]
    ]
    assert hops == [
        ("c1", "green", "FR", "d0", "e1"),
        ("e1", "yellow", "FR", "f0", "g1"),
        ("g1", "red", "FL", "c1", "b2"),
    ]
    assert dict(after.positions) == {"red": "b2", "green": "e1", "yellow": "g1"}
    assert (
        after.events[1].text
        == "The arrow on c1 is green and points forward-right: the green donkey moves from d0 to e1."
    )
    assert after.events[1].render("de") == (
        "Der Pfeil auf c1 ist grün und zeigt nach vorn rechts: der grüne Esel zieht von d0 auf e1."
    )
    assert after.last_moved == "red"  # the last donkey moved in the turn, chain included
    assert dict(s.positions) == {"red": "b0", "green": "d0", "yellow": "f0"}  # the old state is untouched


def test_er_chain_1_field_without_arrow_ends_the_chain() -> None:
    board = ladder()
    for f in board["fields"]:
        if f["id"] == "a3":
            del f["arrow"]  # finish fields may go without an arrow
    s = place(race(board), red="b2", green="d0", yellow="f0")
    after = s.apply(er.Move("red", "a3"))
    assert keys_of(after) == ["ER-MOVE-1", "ER-FINISH-1", "ER-CHAIN-1/no_arrow"]


def test_er_chain_2_own_colour_ends_the_chain() -> None:
    after = race(ladder("c1:gFR e1:gFL")).apply(er.Move("red", "c1"))
    assert keys_of(after) == ["ER-MOVE-1", "ER-CHAIN-1", "ER-CHAIN-2/own"]
    assert after.events[-1].text == "The green donkey stands on an arrow of its own colour on e1: the chain ends."
    first = race(ladder("c1:rFR")).apply(er.Move("red", "c1"))
    assert keys_of(first) == ["ER-MOVE-1", "ER-CHAIN-2/own"]  # a move onto its own colour starts no chain


def test_er_chain_2_occupied_target_ends_the_chain() -> None:
    after = race(ladder("c1:gFL")).apply(er.Move("red", "c1"))
    assert keys_of(after) == ["ER-MOVE-1", "ER-CHAIN-2/occupied"]
    assert after.events[-1].data["blocker"] == "red" and after.events[-1].data["to"] == "c1"
    assert "the red donkey stands there" in after.events[-1].text
    assert dict(after.positions) == {"red": "c1", "green": "d0", "yellow": "f0"}


def test_er_chain_2_off_the_board_ends_the_chain() -> None:
    s = race(ladder("g1:yFL a1:yFR")).apply(er.Move("yellow", "g1"))  # yellow to the right edge
    after = s.apply(er.Move("red", "a1"))  # a1 moves yellow forward-right: off the board from g1
    assert keys_of(after) == ["ER-MOVE-1", "ER-CHAIN-2/off_board"]
    assert after.positions["yellow"] == "g1"
    assert "off the board" in after.events[-1].text and "Brett" in after.events[-1].render("de")


def test_er_chain_3_arrow_of_finished_donkey_ends_turn_with_two_racing() -> None:
    s = place(race(ladder("e1:rFL")), podium=("red",), green="d0", yellow="f0")
    after = s.apply(er.Move("green", "e1"))
    assert keys_of(after) == ["ER-MOVE-1", "ER-CHAIN-3"]
    assert after.events[-1].data["colour"] == "red"
    assert after.current_player == 1 and not after.is_terminal()


def test_er_finish_1_podium_at_once_and_chain_continues() -> None:
    # green d0→c1; c1 moves red b2→c3, a finish field: red goes to the podium; c3's arrow moves yellow f0→e1
    s = place(race(ladder("c1:rFR c3:yFL e1:yFL")), red="b2", green="d0", yellow="f0")
    after = s.apply(er.Move("green", "c1"))
    assert keys_of(after) == ["ER-MOVE-1", "ER-CHAIN-1", "ER-FINISH-1", "ER-CHAIN-1", "ER-CHAIN-2/own"]
    assert after.podium == ("red",) and after.positions["red"] is None
    assert after.events[2].text == "The red donkey reaches the finish field c3 and goes to place 1 on the podium."
    assert after.positions["yellow"] == "e1"


def test_er_finish_1_option_finish_arrows_off_ends_the_chain() -> None:
    s = place(race(ladder("c1:rFR c3:yFL e1:yFL"), finish_arrows=False), red="b2", green="d0", yellow="f0")
    after = s.apply(er.Move("green", "c1"))
    assert keys_of(after) == ["ER-MOVE-1", "ER-CHAIN-1", "ER-FINISH-1", "ER-FINISH-1/no_arrows"]
    assert after.positions["yellow"] == "f0"


def test_er_end_1_second_finisher_ends_race_exact_card_wins() -> None:
    s = place(race(ladder(), deal=("RGY", "GRY", "YRG", "YGR")), podium=("red",), green="d2", yellow="f0")
    end = s.apply(er.Move("green", "c3"))
    assert keys_of(end) == ["ER-MOVE-1", "ER-FINISH-1", "ER-END-1/third", "ER-END-1"]
    assert end.podium == ("red", "green", "yellow") and end.is_terminal()
    assert end.winners == (0,) and end.current_player is None
    assert set(end.positions.values()) == {None}
    assert end.events[-1].text == "The finishing order is red–green–yellow; Player 1 holds that card and wins."
    with pytest.raises(IllegalAction):
        end.apply(er.Pass())


def test_er_end_1_nobody_holds_the_order_everyone_loses() -> None:
    s = place(race(ladder(), players=4, deal=("GRY", "YRG", "YGR", "RYG")), podium=("red",), green="d2", yellow="f0")
    end = s.apply(er.Move("green", "c3"))
    assert end.winners == () and end.events[-1].key == "ER-END-1/nobody"
    assert "everyone has lost" in end.events[-1].text


@pytest.mark.parametrize(("card", "points"), [("RGY", 3), ("RYG", 2), ("GRY", 1), ("YGR", 1), ("GYR", 0), ("YRG", 0)])
def test_er_score_1_points_per_card(card: str, points: int) -> None:
    assert er.card_points(card, ("red", "green", "yellow")) == points


def test_er_score_1_two_cards_count_the_better_and_points_option_decides() -> None:
    assert er.best_points(("GYR", "RYG"), ("red", "green", "yellow")) == 2
    s = place(
        race(ladder(), players=2, deal=("GYR", "RYG", "GRY", "YRG"), scoring="points"),
        podium=("red",),
        green="d2",
        yellow="f0",
    )
    end = s.apply(er.Move("green", "c3"))
    assert end.points == (2, 1) and end.winners == (0,)
    assert rules_of(end)[-2:] == ["ER-END-1", "ER-SCORE-1"]
    assert end.events[-2].key == "ER-END-1/points"  # no exact card: the points decide the race
    assert "2, 1" in end.events[-1].text and end.events[-1].render("de")


def test_er_chain_3_finished_donkey_on_its_own_colour_finish_arrow() -> None:
    # red b2→a3, a finish field with a red arrow: red is on the podium, not standing on the arrow
    s = place(race(ladder()), red="b2", green="d0", yellow="f0")
    after = s.apply(er.Move("red", "a3"))
    assert keys_of(after) == ["ER-MOVE-1", "ER-FINISH-1", "ER-CHAIN-3"]
    assert after.events[-1].text == (
        "The arrow on a3 is red, but the red donkey has already finished and only two donkeys are racing: "
        "the turn ends."
    )
    assert after.podium == ("red",) and dict(after.positions) == {"red": None, "green": "d0", "yellow": "f0"}
    assert after.last_moved == "red" and after.current_player == 1


def test_er_end_1_points_scoring_nobody_holds_the_card_the_points_decide() -> None:
    s = place(
        race(ladder(), players=4, deal=("RGY", "RYG", "GRY", "YGR"), scoring="points"),
        podium=("yellow",),
        red="d2",
        green="d0",
    )
    end = s.apply(er.Move("red", "c3"))
    assert keys_of(end)[-2:] == ["ER-END-1/points", "ER-SCORE-1"]
    assert end.events[-2].rule == "ER-END-1" and end.winners == (3,)
    assert end.events[-2].text == "The finishing order is yellow–red–green; nobody holds that card; the points decide."
    assert end.events[-2].render("de") == (
        "Die Reihenfolge ist gelb–rot–grün; niemand hat diese Karte, also entscheiden die Punkte."
    )
    assert "lost" not in " ".join(e.text for e in end.events)
