"""Setup and the moves of phase 1: ER-SETUP-1, ER-MOVE-1 (forward), ER-MOVE-2 (back out of sand), ER-MOVE-3."""

from __future__ import annotations

from fractions import Fraction

import pytest

from donkeylab import esels_rennen as er
from donkeylab.core import CATALOGUE, CHANCE, IllegalAction
from tests import kit
from tests.esels_rennen.helpers import board_doc, islands, ladder, place, race, rules_of

BEHIND = {  # a normal row behind the start row (c1 e1 g1), for the seed's literal sand reading
    "b0": (1, 0, "normal"),
    "d0": (3, 0, "normal"),
    "f0": (5, 0, "normal"),
    "c1": (2, 1, "start"),
    "e1": (4, 1, "start"),
    "g1": (6, 1, "start"),
    "b2": (1, 2, "normal"),
    "d2": (3, 2, "normal"),
    "f2": (5, 2, "normal"),
    "a3": (0, 3, "finish"),
    "c3": (2, 3, "finish"),
    "e3": (4, 3, "finish"),
    "g3": (6, 3, "finish"),
}


def test_er_setup_1_player_count_cards_and_start_fields() -> None:
    for bad in (1, 7, 0, True):
        with pytest.raises(IllegalAction) as err:
            er.new_game(bad)  # type: ignore[arg-type]
        assert err.value.rule == "ER-SETUP-1"
    s = er.new_game(3)
    assert s.current_player is CHANCE and dict(s.positions) == {"red": "b0", "green": "d0", "yellow": "f0"}
    assert len(s.chance_outcomes()) == 720 and sum(p for _, p in s.chance_outcomes()) == 1
    kit.check_chance(s)
    dealt = s.apply(er.Deal(("RGY", "RYG", "GRY", "GYR", "YRG", "YGR")))
    assert dealt.cards[0] == ("RGY", "RYG") and dealt.cards[2] == ("YRG", "YGR") and dealt.current_player == 0
    assert rules_of(dealt) == ["ER-SETUP-1"] and "2 order cards" in dealt.events[0].text
    assert "every card is dealt" in dealt.events[0].text and "0 cards" not in dealt.events[0].text  # 3 x 2 = 6
    four = er.new_game(4)
    assert four.chance_outcomes()[0][1] == Fraction(1, 360)  # 1 card each: 6·5·4·3 ordered deals
    assert "2 cards stay hidden" in four.apply(er.Deal(("GRY", "YRG", "YGR", "RYG"))).events[0].text
    table = four.apply(er.Deal(("GRY", "YRG", "YGR", "RYG"))).snapshot(1)["table"]
    assert table["cards"] == [None, [["yellow", "red", "green"]], None, None]  # only seat 1's own card
    assert "GRY" not in str(table["cards"]) and table["undealt"] == 2  # hidden cards are only counted
    with pytest.raises(IllegalAction) as err:
        four.apply(er.Deal(("GRY", "GRY", "YGR", "RYG")))
    assert err.value.rule == "ER-SETUP-1"


def test_er_setup_1_random_start_order_option() -> None:
    s = er.new_game(2, er.Rules(start_order="random"))
    assert s.current_player is CHANCE and len(s.chance_outcomes()) == 6
    placed = s.apply(er.Start(("yellow", "red", "green")))
    assert dict(placed.positions) == {"yellow": "b0", "red": "d0", "green": "f0"}
    assert placed.events[0].rule == "ER-SETUP-1" and "gelb–rot–grün" in placed.events[0].render("de")
    with pytest.raises(IllegalAction):
        s.apply(er.Start(("red", "red", "green")))


def test_er_move_1_forward_to_free_neighbour() -> None:
    s = race(ladder("c1:rFR"))
    assert er.Move("red", "c1") in s.legal_actions() and er.Move("green", "c1") in s.legal_actions()
    after = s.apply(er.Move("red", "c1"))
    assert after.events[0].text == "Player 1 moves the red donkey forward from b0 to c1."
    assert after.events[0].render("de", names=["Ada", "Bo"]) == "Ada zieht den roten Esel vorwärts von b0 auf c1."
    assert er.Move("green", "c1") not in after.legal_actions()
    for bad, why in [
        (er.Move("green", "c1"), "another donkey stands there"),
        (er.Move("green", "a3"), "not one of the two fields in front"),
        (er.Move("purple", "c1"), "no such donkey"),
    ]:
        before = kit.fingerprint(after)
        with pytest.raises(IllegalAction, match=why) as err:
            after.apply(bad)
        assert err.value.rule == "ER-MOVE-1" and kit.fingerprint(after) == before


def test_er_move_2_back_out_of_sand_not_the_last_moved_donkey() -> None:
    s = place(race(ladder("d2:rFL e1:rFR")), red="c1", green="d0", yellow="f0")
    after = s.apply(er.Move("green", "e1"))  # e1 moves red c1→d2 (sand): red moved last, chain included
    assert after.last_moved == "red" and after.positions["red"] == "d2"
    assert not [a for a in after.legal_actions() if isinstance(a, er.Back)]
    with pytest.raises(IllegalAction, match="moved last in the previous player's turn") as err:
        after.apply(er.Back("red", "c1"))
    assert err.value.rule == "ER-MOVE-2"
    later = after.apply(er.Move("yellow", "g1"))  # now yellow moved last: red may go back
    assert er.Back("red", "c1") in later.legal_actions() and er.Back("red", "e1") not in later.legal_actions()
    back = later.apply(er.Back("red", "c1"))
    assert back.events[0].rule == "ER-MOVE-2" and back.positions["red"] == "c1"
    assert "backward from its sand field" in back.events[0].text


def test_er_move_2_only_while_all_three_race_and_only_from_sand() -> None:
    s = place(race(ladder()), podium=("yellow",), red="d2", green="d0")
    with pytest.raises(IllegalAction, match="nobody may move back") as err:
        s.apply(er.Back("red", "c1"))
    assert err.value.rule == "ER-MOVE-2"
    s = place(race(ladder()), red="d2", green="c1", yellow="f0")
    with pytest.raises(IllegalAction, match="not standing on a sand field"):
        s.apply(er.Back("green", "b0"))
    with pytest.raises(IllegalAction, match="another donkey stands there"):
        s.apply(er.Back("red", "c1"))


def test_er_move_2_option_sand_start_reads_start_fields_as_sand() -> None:
    doc = board_doc(BEHIND, "b0:rFR d0:gFL f0:yFR b2:rFR d2:gFL f2:yFR a3:rFR c3:gFL e3:yFR g3:rFL")
    zone = race(doc)
    assert not [a for a in zone.legal_actions() if isinstance(a, er.Back)]  # no sand fields on this board
    literal = race(doc, sand="start")
    assert er.Back("red", "b0") in literal.legal_actions()
    after = literal.apply(er.Back("red", "b0"))  # b0 carries a red arrow: own colour ends the chain
    assert rules_of(after) == ["ER-MOVE-2", "ER-CHAIN-2"] and after.positions["red"] == "b0"
    forward = after.apply(er.Move("red", "c1"))  # back onto a start field: it has no arrow
    assert [e.key for e in forward.events] == ["ER-MOVE-1", "ER-CHAIN-1/no_arrow"]


def test_er_move_3_pass_only_when_nothing_can_move() -> None:
    s = place(race(islands()), last="red", red="p5", green="q4", yellow="r5")
    assert s.legal_actions() == (er.Pass(),)
    passed = s.apply(er.Pass())
    assert rules_of(passed) == ["ER-MOVE-3"] and passed.last_moved is None
    assert passed.events[0].render("de") == "Spieler 1 kann keinen Esel ziehen und setzt aus."
    moving = race(ladder())
    with pytest.raises(IllegalAction, match="only pass when no donkey can move") as err:
        moving.apply(er.Pass())
    assert err.value.rule == "ER-MOVE-3"


def test_er_setup_1_start_fields_read_as_a_placement() -> None:
    placed = er.new_game(3, er.Rules(start_order="random")).apply(er.Start(("green", "red", "yellow")))
    assert (
        placed.events[0].text == "The donkeys stand on the start fields b0, d0 and f0, from the left: green–red–yellow."
    )
    assert placed.events[0].render("de") == (
        "Die Esel stehen auf den Startfeldern b0, d0 und f0, von links: grün–rot–gelb."
    )


def test_er_move_1_illegal_lists_every_allowed_move() -> None:
    s = place(race(ladder()), red="d2", green="b0", yellow="f0")  # red on sand: back moves are allowed too
    assert any(isinstance(a, er.Back) for a in s.legal_actions())
    with pytest.raises(IllegalAction) as err:
        s.apply(er.Move("red", "a3"))
    assert err.value.rule == "ER-MOVE-1"
    assert "Allowed moves: " in str(err.value) and "forward moves" not in str(err.value)
    assert "Back('red', 'c1')" in str(err.value)
    data = {"donkey": "red", "to": "a3", "why": "ER:not_ahead", "allowed": "Pass()"}
    assert "Erlaubte Züge: Pass()" in CATALOGUE.render("ER-MOVE-1/illegal", data, "de")


def test_er_move_2_back_of_a_donkey_on_the_podium_or_unknown_is_a_back_move_error() -> None:
    s = place(race(ladder()), podium=("yellow",), red="d2", green="d0")
    for bad, why in [
        (er.Back("yellow", "e1"), "nobody may move back"),
        (er.Back("purple", "c1"), "no such donkey"),
        (er.Back("red", "z9"), "no such donkey"),
    ]:
        with pytest.raises(IllegalAction, match=why) as err:
            s.apply(bad)
        assert err.value.rule == "ER-MOVE-2" and "forward" not in str(err.value)


def test_er_move_2_sentence_names_the_sand_field_it_leaves() -> None:
    s = place(race(ladder()), red="d2", green="b0", yellow="f0")
    back = s.apply(er.Back("red", "c1"))
    assert back.events[0].text == "Player 1 moves the red donkey backward from its sand field, from d2 to c1."
    assert back.events[0].render("de") == "Spieler 1 zieht den roten Esel von seinem Sandfeld zurück, von d2 auf c1."
    default = place(race("default"), red="d8", green="b0", yellow="f0")
    assert default.track.board.field("c7").kind == "sand"  # the target may be sand too: no "out of the sand"
    assert "out of the sand" not in default.apply(er.Back("red", "c7")).events[0].text
