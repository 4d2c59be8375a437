"""The engine contract on Esels-Rennen: the kit's random games, determinism, saves, bots, seat views."""

from __future__ import annotations

import json
import random

import pytest

from donkeylab import esels_rennen as er
from donkeylab import games
from donkeylab.core import IllegalAction, LoadError, Match
from donkeylab.games import game_module
from tests import kit
from tests.esels_rennen.helpers import ladder, race


def _random_state(rng: random.Random) -> er.EselsRennenState:
    rules = er.Rules(
        sand=rng.choice(["zone", "start"]),
        finish_arrows=rng.random() < 0.7,
        start_order=rng.choice(["fixed", "random"]),
        scoring=rng.choice(["exact", "points"]),
    )
    board = rng.choice(["default", "tiny_chain", "default"])
    return er.new_game(rng.randint(2, 6), rules, board=board)


def test_er_end_1_kit_random_games_all_options() -> None:
    finals = kit.check_random_games(_random_state, er, games=40)
    for final in finals:
        assert final.is_terminal() and len(final.podium) == 3 and set(final.positions.values()) == {None}
        order = "".join(d[0].upper() for d in final.podium)
        if final.rules.scoring == "exact":
            assert final.winners == tuple(p for p, c in final.cards.items() if order in c)


def test_er_setup_1_seed_determinism_with_bots() -> None:
    kit.check_seed_determinism(er.new_game(3), seed=3)
    kit.check_seed_determinism(er.new_game(2), seed=4, bots={0: er.bots.Greedy(), 1: er.bots.Random()})


def test_er_board_1_saves_record_the_board_and_load_rebuilds() -> None:
    s = race(ladder("c1:gFR e1:gFL"), players=3).apply(er.Move("red", "c1"))
    assert isinstance(s.setup["board"], dict) and s.setup["board"]["name"] == "ladder"
    again = games.load(s.to_json())
    assert kit.fingerprint(again) == kit.fingerprint(s)
    assert game_module("esels_rennen") is er
    default = er.new_game(2)
    assert default.setup == {"board": "default"}
    assert games.load(default.to_json()).track is default.track  # one compiled track per board and rules
    with pytest.raises(LoadError, match="illegal"):
        games.load(s.to_json().replace("Move('red', 'c1')", "Move('red', 'g1')"))
    assert er.parse_action("Back('red', 'c1')") == er.Back("red", "c1")
    assert str(er.Deal(("RGY", "GRY"))) == "Deal(('RGY', 'GRY'))"


def test_er_end_1_seat_snapshot_hides_other_cards_and_describe_is_one_line() -> None:
    s = race("default", players=3, deal=("RGY", "RYG", "GRY", "GYR", "YRG", "YGR"))
    table = s.snapshot(1)["table"]
    assert table["cards"] == [None, [["green", "red", "yellow"], ["green", "yellow", "red"]], None]
    assert table["card_names"][1] == ["green–red–yellow", "green–yellow–red"] and "RGY" not in repr(table)
    assert table["donkeys"] == {"red": "b0", "green": "d0", "yellow": "f0"}
    line = s.describe()
    assert "\n" not in line and "red=b0" in line and "turn=P1" in line


def test_er_score_1_greedy_bot_pushes_its_own_order() -> None:
    """Greedy holding one card beats a random bot at getting its card's points (seeded, 60 races)."""
    totals = {"greedy": 0, "random": 0}
    for seed in range(60):
        state = er.new_game(4).apply(er.Deal(("RGY", "YGR", "GRY", "RYG")))
        bots = {0: er.bots.Greedy(), 1: er.bots.Random(), 2: er.bots.Random(), 3: er.bots.Random()}
        end = Match(state, seed=seed, bots=bots).run()
        assert end.is_terminal()
        totals["greedy"] += er.card_points("RGY", end.podium)
        totals["random"] += er.card_points("YGR", end.podium)
    assert totals["greedy"] > totals["random"] + 20, totals
    assert repr(er.bots.Greedy()) == "Greedy()"


def test_er_setup_1_rules_options_are_checked() -> None:
    for bad in ({"sand": "beach"}, {"start_order": "shuffled"}, {"scoring": "goals"}, {"finish_arrows": 1}):
        with pytest.raises(ValueError, match="must be"):
            er.Rules(**bad)  # type: ignore[arg-type]
    assert er.Rules().to_dict() == {"sand": "zone", "finish_arrows": True, "start_order": "fixed", "scoring": "exact"}
    s = er.new_game(2)
    with pytest.raises(IllegalAction) as err:
        s.apply(er.Move("red", "c1"))  # the cards are not dealt yet
    assert err.value.rule == "ER-SETUP-1"
    with pytest.raises(IllegalAction):
        race("default").apply(er.Deal(("RGY", "GRY", "YRG", "YGR")))  # no second deal mid-race


@pytest.mark.parametrize("bad", ["Start(5)", "Deal(7)", "Deal(('RGY', 3))", "Move({'a': 1}, 'c1')", "Back(1, 2)"])
def test_er_setup_1_hostile_saves_get_a_clear_load_error(bad: str) -> None:
    rules = er.Rules(start_order="random") if bad.startswith("Start") else er.Rules()
    state = er.new_game(2, rules)
    if not bad.startswith(("Start", "Deal")):
        state = state.apply(er.Deal(("RGY", "GRY", "YRG", "YGR")))
    doc = json.loads(state.to_json())
    doc["history"] = [*doc["history"], bad]
    with pytest.raises(LoadError, match="illegal"):
        games.load(json.dumps(doc))
