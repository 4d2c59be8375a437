"""The view contract on Esels-Rennen: ``snapshot(seat, lang)``, hop events for views, bilingual click errors,
and chance forced by hand (``Start.of``, ``Deal.of``)."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

from donkeylab import esels_rennen as er
from donkeylab.core import CHANCE, Action, IllegalAction, Match
from donkeylab.core.snapshot import SNAPSHOT_KEYS
from donkeylab.esels_rennen.rules import CARD_ORDER
from donkeylab.esels_rennen.state import deal_outcomes
from tests import kit
from tests.esels_rennen.helpers import islands, ladder, place, race

TABLE_KEYS = {
    "board",
    "move_to",
    "board_name",
    "board_label",
    "reconstruction",
    "rules",
    "donkeys",
    "podium",
    "last_moved",
    "cards",
    "card_names",
    "cards_per_player",
    "undealt",
    "points",
    "scoring",
    "turns_played",
    "moves",
    "starts",
    "sand",
    "finish",
    "colour_names",
    "summary",
}
OPTIONS = list(
    itertools.product(("zone", "start"), (True, False), ("fixed", "random"), ("exact", "points"), er.packaged_boards())
)


def _random_timeline(g: int) -> list[er.EselsRennenState]:
    """Game ``g`` of the sweep: players 2..6 and every option/board combination in turn, seeded random play."""
    sand, finish_arrows, start_order, scoring, board = OPTIONS[g % len(OPTIONS)]
    rules = er.Rules(sand=sand, finish_arrows=finish_arrows, start_order=start_order, scoring=scoring)
    state = er.new_game(2 + g % 5, rules, board=board)
    rng = random.Random(f"views:{g}")
    while not state.is_terminal():
        chance = state.current_player is CHANCE
        state = state.apply(state.sample_chance(rng) if chance else rng.choice(state.legal_actions()))
    return list(state.timeline())  # type: ignore[arg-type]


def _check_seat_view(state: er.EselsRennenState, seat: int | None) -> dict[str, Any]:
    snap = state.snapshot(seat)
    json.dumps(snap)
    assert list(snap) == list(SNAPSHOT_KEYS) and set(snap["table"]) == TABLE_KEYS
    table = snap["table"]
    assert table["donkeys"] == dict(state.positions) and table["podium"] == list(state.podium)
    acting = state.current_player
    if isinstance(acting, int) and seat in (None, acting):
        assert tuple(er.parse_action(x["action"]) for x in snap["legal"]) == state.legal_actions()
        assert {m["action"] for m in table["moves"]} <= {x["action"] for x in snap["legal"]}
        assert all(m["from"] == state.positions[m["donkey"]] for m in table["moves"])
    else:
        assert snap["legal"] == [] and table["moves"] == []
    over = state.is_terminal()
    for p, held in state.cards.items():
        shown = table["cards"][p]
        if seat is None or seat == p or over:
            assert shown == [list(CARD_ORDER[c]) for c in held]
        else:
            assert shown is None and table["card_names"][p] is None
    assert table["points"] == (list(state.points) if over else None)
    return snap


def test_er_setup_1_random_games_every_state_has_json_views_for_teacher_and_seats() -> None:
    phases = set()
    for g in range(50):
        timeline = _random_timeline(g)
        for state in timeline:
            teacher = _check_seat_view(state, None)
            for seat in range(state.num_players):
                _check_seat_view(state, seat)
            german = state.snapshot(None, "de")
            assert german["phase_text"] != teacher["phase_text"] and german["title"] != teacher["title"]
            assert all(d["text"] != e["text"] for d, e in zip(german["events"], teacher["events"], strict=True))
            assert all(d["label"] != e["label"] for d, e in zip(german["legal"], teacher["legal"], strict=True))
            phases.add(teacher["phase"])
        board = timeline[-1].track.board
        doc = timeline[-1].snapshot()["table"]["board"]
        assert er.load_board(doc) == board == er.parse_board(json.dumps(doc))
    assert phases == {"start", "deal", "race", "over"}


def test_er_setup_1_seat_view_shows_only_own_cards() -> None:
    dealt = race("default", players=3, deal=("RGY", "RYG", "GRY", "GYR", "YRG", "YGR"))
    teacher = dealt.snapshot()["table"]
    assert teacher["cards"][2] == [["yellow", "red", "green"], ["yellow", "green", "red"]]
    assert teacher["card_names"][0] == ["red–green–yellow", "red–yellow–green"] and teacher["undealt"] == 0
    four = race("default", players=4, deal=("GRY", "YRG", "YGR", "RYG"))
    undealt = [list(CARD_ORDER[c]) for c in ("RGY", "GYR")]
    for seat in range(4):
        cards = four.snapshot(seat, "de")["table"]["cards"]
        assert [p for p, c in enumerate(cards) if c is not None] == [seat]
        assert not any(order in cards[seat] for order in undealt)
    end = Match(four, seed=2, bots={p: er.bots.Random() for p in range(4)}).run()
    assert end.is_terminal()
    shown = end.snapshot(1)["table"]  # the cards are shown to score: everyone's dealt card, never the undealt
    assert shown["cards"] == [[list(CARD_ORDER[c])] for c in ("GRY", "YRG", "YGR", "RYG")]
    assert shown["points"] == list(end.points) and not any(o in shown["cards"] for o in undealt)


def test_er_chain_1_hop_events_carry_from_to() -> None:
    s = race(ladder("c1:gFR e1:yFR g1:rFL b2:rFR"))
    after = s.apply(er.Move("red", "c1"))
    events = after.snapshot(0, "de")["events"]
    moves = [(e["rule"], e["data"]["donkey"], e["data"]["from"], e["data"]["to"]) for e in events[:4]]
    assert moves == [
        ("ER-MOVE-1", "red", "b0", "c1"),
        ("ER-CHAIN-1", "green", "d0", "e1"),
        ("ER-CHAIN-1", "yellow", "f0", "g1"),
        ("ER-CHAIN-1", "red", "c1", "b2"),
    ]
    arrows = [(e["data"]["arrow"], e["data"]["colour"], e["data"]["direction"]) for e in events[1:4]]
    assert arrows == [("c1", "green", "FR"), ("e1", "yellow", "FR"), ("g1", "red", "FL")]
    assert "from" not in events[4]["data"]  # the stop (ER-CHAIN-2) moves nobody


def test_er_chain_1_events_replay_every_hop_from_the_parent_positions() -> None:
    """A view that moves ``donkey`` from ``from`` to ``to`` (None: the podium) per event ends where the state is."""
    for g in range(0, 50, 3):
        timeline = _random_timeline(g)
        for parent, child in itertools.pairwise(timeline):
            if not isinstance(parent.current_player, int):
                continue  # chance: the start order places the donkeys (the table shows them), no movement
            where = dict(parent.positions)
            for e in child.events:
                if "from" in e.data:
                    assert where[e.data["donkey"]] == e.data["from"], (e, where)
                    where[e.data["donkey"]] = e.data["to"]
            assert where == dict(child.positions)


def test_er_finish_1_finish_and_third_place_events_send_the_donkey_to_the_podium() -> None:
    s = place(race(ladder()), red="b2", green="d2", yellow="f0")
    first = s.apply(er.Move("red", "a3"))  # a3 (red FR) has the finished red: ER-CHAIN-3 ends the turn
    assert {k: first.events[1].data[k] for k in ("donkey", "from", "to")} == {"donkey": "red", "from": "a3", "to": None}
    second = first.apply(er.Move("green", "e3"))
    third = [e for e in second.events if e.key == "ER-END-1/third"]
    assert [(e.data["donkey"], e.data["from"], e.data["to"]) for e in third] == [("yellow", "f0", None)]


def test_er_move_1_labels_phase_text_and_moves_in_both_languages() -> None:
    s = place(race(ladder()), red="d2", green="b0", yellow="f0")
    en, de = s.snapshot(0), s.snapshot(0, "de")
    labels = {x["action"]: x["label"] for x in en["legal"]}
    assert labels["Move('red', 'c3')"] == "red → c3" and labels["Back('red', 'c1')"] == "red back → c1"
    assert {x["action"]: x["label"] for x in de["legal"]}["Back('red', 'c1')"] == "rot zurück → c1"
    assert en["phase_text"] == "Player 1 moves a donkey forward, or one back out of the sand."
    assert de["phase_text"] == "Spieler 1 zieht einen Esel vorwärts oder einen vom Sand zurück."
    back = {"action": "Back('red', 'c1')", "donkey": "red", "from": "d2", "to": "c1", "back": True}
    assert back in en["table"]["moves"] and s.snapshot(1)["table"]["moves"] == []
    assert en["table"]["sand"] == ["b2", "d2", "f2"] and en["table"]["finish"] == ["a3", "c3", "e3", "g3"]
    assert en["table"]["starts"] == ["b0", "d0", "f0"] and en["table"]["colour_names"]["red"] == "red"
    assert de["table"]["colour_names"] == {"red": "rot", "green": "grün", "yellow": "gelb"}
    assert race(ladder(), sand="start").snapshot()["table"]["sand"] == ["b0", "d0", "f0"]
    assert s._view_label(er.Pass(), "de") == "aussetzen" and s._view_label(er.Start(("red", "green", "yellow")), "en")


def test_er_move_3_phase_text_says_pass_and_the_end_names_the_winner() -> None:
    stuck = place(race(islands()), last="red", red="p5", green="q4", yellow="r5")
    assert stuck.snapshot(0, "de")["phase_text"] == "Spieler 1 kann keinen Esel ziehen und muss aussetzen."
    assert stuck.snapshot()["legal"] == [{"action": "Pass()", "label": "pass"}]
    s = place(race(ladder(), deal=("RGY", "GRY", "YRG", "YGR")), red="b2", green="d2", yellow="f0")
    end = s.apply(er.Move("red", "a3")).apply(er.Move("green", "e3"))
    assert end.podium == ("red", "green", "yellow") and end.winners == (0,)
    assert end.snapshot()["phase_text"] == "The race is over with the order red–green–yellow: Player 1 won."
    assert end.snapshot(None, "de")["phase_text"].endswith("Sieg für Spieler 1.")
    assert end.snapshot()["current_player"] is None and end.snapshot()["phase"] == "over"


def _refused(state: er.EselsRennenState, action: Action) -> IllegalAction:
    before = kit.fingerprint(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert kit.fingerprint(state) == before
    return err.value


def test_er_move_1_click_errors_are_bilingual() -> None:
    s = place(race(ladder()), podium=("yellow",), red="d2", green="b0")
    wrong = _refused(s, er.Move("red", "a1"))
    assert wrong.rule == "ER-MOVE-1" and "not one of the two fields in front" in str(wrong)
    assert wrong.render("de").startswith("ER-MOVE-1: Der rote Esel kann nicht auf a1 ziehen: das ist keines")
    finished = _refused(s, er.Move("yellow", "e1"))
    assert finished.rule == "ER-MOVE-1" and "dieser Esel steht nicht auf dem Brett" in finished.render("de")


def test_er_move_2_click_errors_are_bilingual() -> None:
    s = place(race(ladder()), last="red", red="d2", green="c1", yellow="f0")
    last = _refused(s, er.Back("red", "e1"))
    assert last.rule == "ER-MOVE-2" and "moved last in the previous player's turn" in str(last)
    assert "im Zug des vorigen Spielers als Letzter bewegt" in last.render("de")
    dry = _refused(s, er.Back("green", "b0"))
    assert dry.rule == "ER-MOVE-2" and "nicht auf einem Sandfeld" in dry.render("de")


def test_er_move_3_pass_when_a_move_exists_is_bilingual() -> None:
    err = _refused(race(ladder()), er.Pass())
    assert err.rule == "ER-MOVE-3" and "only pass when no donkey can move" in str(err)
    assert err.render("de").startswith("ER-MOVE-3: Aussetzen darf nur, wer keinen Esel ziehen kann")


def test_er_setup_1_start_of_accepts_plain_values_in_any_order() -> None:
    canonical = er.Start(("yellow", "red", "green"))
    board = er.load_board("default")
    forms = [
        er.Start.of("yellow", "red", "green"),
        er.Start.of(["yellow", "red", "green"]),
        er.Start.of("YRG"),
        er.Start.of("y r g"),
        er.Start.of(red="middle", green="right", yellow="left"),
        er.Start.of(green=2, yellow=0, red=1),
        er.Start.of(red="d0", yellow="b0", green="f0", board=board),
    ]
    assert all(f == canonical for f in forms)
    assert canonical in [o for o, _ in er.new_game(2, er.Rules(start_order="random")).chance_outcomes()]


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [
        (("red", "red", "green"), {}),
        (("RG",), {}),
        ((), {}),
        (("RGY",), {"red": 0}),
        ((), {"red": 0, "green": 1, "purple": 2}),
        ((), {"red": 0, "green": 0, "yellow": 2}),
        ((), {"red": "d0", "green": 1, "yellow": 2}),
        ((), {"red": 3, "green": 1, "yellow": 2}),
        ((7,), {}),
    ],
)
def test_er_setup_1_start_of_errors_name_the_rule(args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    match = Match(er.new_game(2, er.Rules(start_order="random")))
    with pytest.raises(IllegalAction) as err:
        match.push(er.Start.of(*args, **kwargs))
    assert err.value.rule == "ER-SETUP-1" and err.value.key and err.value.key.startswith("ER-SETUP-1/")
    assert err.value.render("de") != str(err.value) and len(match) == 1 and match.state.current_player is CHANCE


def test_er_setup_1_deal_of_forces_the_deal_in_a_match() -> None:
    match = Match(er.new_game(3, er.Rules(start_order="random")), seed=1)
    match.push(er.Start.of(red="right", green="left", yellow="middle"))
    assert dict(match.state.positions) == {"green": "b0", "yellow": "d0", "red": "f0"}
    dealt = match.push(er.Deal.of(["rgy", ("red", "yellow", "green")], ["GRY", "GYR"], ["YRG", "YGR"]))
    assert dealt.cards == {0: ("RGY", "RYG"), 1: ("GRY", "GYR"), 2: ("YRG", "YGR")}
    assert dealt.last_action in [o for o, _ in deal_outcomes(3)] and dealt.current_player == 0
    four = [
        er.Deal.of("GRY", "YRG", "YGR", "RYG"),
        er.Deal.of({3: "RYG", 1: "YRG", 0: "GRY", 2: ("yellow", "green", "red")}),
        er.Deal.of([["green", "red", "yellow"]], ["YRG"], "y g r", "R-Y-G"),
    ]
    assert all(d == er.Deal(("GRY", "YRG", "YGR", "RYG")) for d in four)
    assert Match(er.new_game(4)).push(four[1]).cards[3] == ("RYG",)


@pytest.mark.parametrize(
    ("seats", "key"),
    [
        (("RGY",), "core/players"),
        (("RGY", "GRY", "YRG", "YGR", "RYG", "GYR", "RGY"), "core/players"),
        (("RGY", "GRY"), "ER-SETUP-1/hand"),
        ((["RGY", "GRY"], ["YRG", "RGY"]), "ER-SETUP-1/twice"),
        (("RGX", "GRY", "YRG", "YGR"), "ER-SETUP-1/card"),
        ((["RGY", 5], ["YRG", "YGR"]), "ER-SETUP-1/card"),
        (({0: "RGY", 2: "GRY", 3: "YRG", 4: "YGR"},), "ER-SETUP-1/seats"),
        (({True: ["RGY", "RYG"], 0: ["GRY", "GYR"]},), "ER-SETUP-1/seats"),
    ],
)
def test_er_setup_1_deal_of_errors_name_the_rule(seats: tuple[Any, ...], key: str) -> None:
    match = Match(er.new_game(2))
    before = kit.fingerprint(match.state)
    with pytest.raises(IllegalAction) as err:
        match.push(er.Deal.of(*seats))
    assert err.value.rule == "ER-SETUP-1" and err.value.key == key
    assert err.value.render("de") != str(err.value) and err.value.render("de").startswith("ER-SETUP-1: ")
    assert len(match) == 1 and kit.fingerprint(match.state) == before


def test_er_setup_1_wrong_chance_actions_are_bilingual_and_leave_the_state() -> None:
    two = er.new_game(2)
    wrong_size = _refused(two, er.Deal.of(["RGY", "RYG"], ["GRY", "GYR"], ["YRG", "YGR"]))  # dealt for 3 players
    assert wrong_size.key == "ER-SETUP-1/bad_deal" and "jeder der 2 Spieler bekommt 2" in wrong_size.render("de")
    not_now = _refused(two, er.Start(("red", "green", "yellow")))  # fixed start order: the deal comes first
    assert not_now.key == "ER-SETUP-1/expects" and "erwartet jetzt Deal" in not_now.render("de")
    with pytest.raises(IllegalAction) as no_chance:
        race("default").chance_outcomes()
    assert no_chance.value.render("de") == "ER-SETUP-1: Jetzt entscheidet nicht der Zufall."


def test_er_setup_1_summary_states_the_race_for_a_screen_reader_and_keeps_cards_hidden() -> None:
    """The board's text alternative (issue 19 §1): where each donkey is, whose move, the viewer's own cards."""
    dealt = race("default", players=3, deal=("RGY", "RYG", "GRY", "GYR", "YRG", "YGR"))
    teacher, seat_3, german = (dealt.snapshot()["table"], dealt.snapshot(2)["table"], dealt.snapshot(1, "de")["table"])
    assert teacher["summary"] == (
        "Red on b0; green on d0; yellow on f0. Player 1 to move. "
        "Player 1 holds the order cards red–green–yellow, red–yellow–green."
    )
    assert seat_3["summary"].endswith("Player 3 holds the order cards yellow–red–green, yellow–green–red.")
    assert "red–green–yellow" not in seat_3["summary"]
    assert german["summary"].startswith("Rot auf b0; grün auf d0; gelb auf f0. Spieler 1 ist am Zug. Spieler 2 hat")
    end = Match(dealt, seed=2, bots={p: er.bots.Random() for p in range(3)}).run()
    assert all(
        f"{d} finished in place" in end.snapshot()["table"]["summary"].lower() for d in ("red", "green", "yellow")
    )
