"""``state.snapshot(seat, lang)`` for Double Down (ARCHITECTURE.md), bilingual errors, and forcing chance by hand
with ``Deal.of`` / ``Shuffle.of``."""

from __future__ import annotations

import functools
import json
import random
import re
from typing import Any

import pytest

from donkeylab import double_down as dn
from donkeylab.core import CHANCE, IllegalAction, Match
from donkeylab.core.snapshot import SNAPSHOT_KEYS
from tests import kit
from tests.double_down.forcing import forced, play

TABLE_KEYS = {
    # ARCHITECTURE.md's Double Down bullet
    "round", "total", "direction", "pending_2x", "tokens", "swimming", "eliminated", "hands", "hand_sizes",
    "draw_pile", "played", "top_card", "doublets", "bust", "opener", "dealer",
    # what a number line needs besides
    "turn", "remaining", "hand_size", "repeat_penalty", "last_play", "card_names", "card_actions", "draw_pile_cards",
    "played_cards", "summary",
}  # fmt: skip
BIG = dn.Rules(hand_size=7)  # 8 hands of 7 take the whole deck: the first card drawn needs a reshuffle


def _random_game(seed: int) -> list[dn.DoubleDownState]:
    """Every state of one seeded random game with random players (2–8), rule options and opener."""
    rng = random.Random(seed)
    players = 2 + seed % 7
    rules = dn.Rules(
        repeat_doublet_penalty=rng.random() < 0.5,
        negative_doublets=rng.random() < 0.5,
        swimming=rng.random() < 0.5,
        hand_size=rng.choice([n for n in range(1, 8) if n * players <= 56]),
    )
    s = dn.new_game(players, rules, opener=rng.randrange(players))
    states = [s]
    while not s.is_terminal():
        s = s.apply(s.sample_chance(rng) if s.current_player is CHANCE else rng.choice(s.legal_actions()))
        states.append(s)
    return states


@functools.cache
def games() -> tuple[list[dn.DoubleDownState], ...]:
    """~50 games, built once and only when a test asks (not at collection)."""
    return tuple(_random_game(seed) for seed in range(50))


def _check_table(s: dn.DoubleDownState, t: dict[str, Any]) -> None:
    """The teacher's table: its numbers are the engine's properties."""
    assert set(t) == TABLE_KEYS
    assert (t["round"], t["total"], t["direction"], t["bust"]) == (s.round, s.total, s.direction, 77)
    assert t["pending_2x"] == s.pending_double and t["pending_2x"] in (0, s.pending_plays)
    assert t["tokens"] == [s.tokens[p] for p in range(s.num_players)]
    assert t["swimming"] == sorted(s.swimming) and t["eliminated"] == sorted(s.eliminated)
    hands = s.hands
    assert t["hands"] == [list(h) for h in hands] and t["hand_sizes"] == [len(h) for h in hands]
    assert t["draw_pile"] == s.draw_pile_size == len(t["draw_pile_cards"]) and t["draw_pile_cards"] == list(s.draw_pile)
    assert t["played"] == len(s.played_cards) and t["played_cards"] == list(s.played_cards)
    assert t["top_card"] == (s.played_cards or (None,))[-1] and t["doublets"] == sorted(s.doublets)
    assert (t["opener"], t["dealer"], t["remaining"]) == (s.opener, s.dealer, list(s.remaining))
    assert t["turn"] == s.turn and (s.phase != "play" or t["turn"] == s.current_player)


def _seat_table(teacher: dict[str, Any], seat: int) -> dict[str, Any]:
    """What seat ``seat`` must see: the teacher's table without the other hands and the piles' order."""
    hands = [hand if p == seat else None for p, hand in enumerate(teacher["hands"])]
    return {**teacher, "hands": hands, "draw_pile_cards": None, "played_cards": None, "summary": None}


def _check_state(s: dn.DoubleDownState) -> None:
    """Teacher view in both languages, checked against the engine; every seat's view against the teacher's."""
    en, de = s.snapshot(), s.snapshot(None, "de")
    for view in (en, de):
        json.dumps(view)
        assert tuple(view) == SNAPSHOT_KEYS and view["seat"] is None
        _check_table(s, view["table"])
    assert en["phase_text"] != de["phase_text"] and en["title"] != de["title"]
    assert [e["text"] for e in en["events"]] == [e.text for e in s.events]
    assert [e["text"] for e in de["events"]] == [e.render("de") for e in s.events]
    player = s.current_player
    assert en["current_player"] == ("chance" if player is CHANCE else player)
    assert en["winners"] == list(s.winners) and en["phase"] == s.phase
    assert [dn.parse_action(a["action"]) for a in en["legal"]] == list(s.legal_actions())
    assert [a["action"] for a in de["legal"]] == [a["action"] for a in en["legal"]]
    for seat in range(s.num_players):
        view = s.snapshot(seat)
        json.dumps(view)
        assert tuple(view) == SNAPSHOT_KEYS and view["seat"] == seat
        assert {**view["table"], "summary": None} == _seat_table(en["table"], seat)
        holders = re.findall(r"(Player \d+) holds", view["table"]["summary"])  # the summary reads out one hand:
        assert holders in ([], [f"Player {seat + 1}"]) and (holders or seat in s.eliminated)  # the seat's own
        assert view["legal"] == (en["legal"] if seat == player else [])
        assert {k: view[k] for k in SHARED} == {k: en[k] for k in SHARED}


SHARED = ("game", "title", "lang", "phase", "phase_text", "current_player", "players", "events", "winners")


def test_dn_setup_1_every_state_of_random_games_gives_json_snapshots_for_teacher_and_seats() -> None:
    assert {g[0].num_players for g in games()} == set(range(2, 9))
    assert {g[0].rules.negative_doublets for g in games()} == {True, False}
    phases = set()
    for states in games():
        for s in states:
            phases.add(s.phase)
            _check_state(s)
    assert phases == {"deal", "play", "shuffle", "over"}


def test_dn_play_1_seat_view_hides_other_hands_and_the_draw_pile_order() -> None:
    """Two deals that differ only in the other hands and the pile order look the same from seat 0."""
    mine = ["9", "9", "2x", "reverse", "-10"]
    a = forced(3, [mine, ["76", "66"], ["55"]], pile=["11", "22"])
    b = forced(3, [mine, ["33", "44"], ["0", "0"]], pile=["10", "3"])
    assert a.hands[1] != b.hands[1] and a.draw_pile != b.draw_pile
    for lang in ("en", "de"):
        assert a.snapshot(0, lang) == b.snapshot(0, lang)
        assert a.snapshot(1, lang) != b.snapshot(1, lang)  # seat 1 sees its own, different hand
        assert a.snapshot(None, lang) != b.snapshot(None, lang)
    table = a.snapshot(1)["table"]
    assert table["hands"] == [None, list(a.hands[1]), None] and table["draw_pile_cards"] is None
    assert a.snapshot()["table"]["draw_pile_cards"][:2] == ["11", "22"]
    assert a.snapshot(1)["legal"] == []  # seat 0 is to act


def test_dn_play_1_labels_show_the_total_after_the_card() -> None:
    s = play(forced(2, [["9", "10", "10", "10", "2"], ["10", "10", "0", "reverse", "-10"]], pile=["3"]), "10", "10")
    s = play(s, "10", "10", "2")  # total 42, Player 2 to act
    assert s.total == 42 and s.current_player == 1
    labels = {a["action"]: a["label"] for a in s.snapshot(1)["legal"]}
    assert labels["PlayCard('-10')"] == "−10 → 32" and labels["PlayCard('0')"] == "0 (repeat 42)"
    assert labels["PlayCard('reverse')"] == "direction change (repeat 42)"
    de = {a["action"]: a["label"] for a in s.snapshot(None, "de")["legal"]}
    assert de["PlayCard('reverse')"] == "Richtungswechsel (bleibt 42)" and de["PlayCard('-10')"] == "−10 → 32"
    s2 = play(s, "-10")
    last = s2.snapshot()["table"]["last_play"]
    assert last == {"player": 1, "card": "-10", "label": "−10 → 32", "before": 42, "after": 32, "repeat": False}
    assert s2.snapshot()["phase_text"] == "Player 1 plays a card (total 32)."
    labels = {a["action"]: a["label"] for a in s2.snapshot()["legal"]}
    assert labels["PlayCard('9')"] == "+9 → 41"
    s3 = play(s2, "9", "0")
    assert s3.snapshot()["table"]["last_play"]["repeat"] is True
    assert s3.snapshot()["table"]["last_play"]["before"] == 41 == s3.snapshot()["table"]["last_play"]["after"]


def test_dn_bust_1_label_and_table_after_a_bust() -> None:
    s = play(forced(2, [["76"], ["2"]]), "76")
    labels = {a["action"]: a["label"] for a in s.snapshot(1)["legal"]}
    assert labels["PlayCard('2')"] == "+2 → 78"
    s2 = play(s, "2")
    view = s2.snapshot()
    assert view["current_player"] == "chance" and view["table"]["total"] == 78
    assert view["table"]["last_play"]["after"] == 78 and view["table"]["top_card"] == "2"
    assert view["phase_text"] == "Round 2: Player 1 shuffles and deals the cards."
    assert s2.snapshot(None, "de")["phase_text"] == "Runde 2: Spieler 1 mischt und gibt die Karten."
    assert view["table"]["turn"] == s2.opener == 1


def test_dn_double_1_pending_2x_and_phase_texts_of_a_double_turn() -> None:
    s = play(forced(3, [["2x"], ["2x", "3", "4"], ["5"]]), "2x")
    view = s.snapshot()
    assert view["table"]["pending_2x"] == 2 == s.pending_plays
    assert view["phase_text"] == "Player 2 owes two cards (2x), the first not a 2x (total 0)."
    assert "PlayCard('2x')" not in [a["action"] for a in view["legal"]]
    s1 = play(s, "3")
    assert s1.snapshot()["table"]["pending_2x"] == 1 and s1.pending_plays == 1
    assert s1.snapshot()["phase_text"] == "Player 2 owes the second card of the double turn (total 3)."
    assert s1.snapshot(None, "de")["phase_text"] == "Spieler 2 muss die zweite Karte des Doppelzugs spielen (Summe 3)."
    s2 = play(s1, "4")
    assert s2.snapshot()["table"]["pending_2x"] == 0 and s2.current_player == 2


def test_dn_doublet_1_doublets_follow_the_rule_options() -> None:
    plain = forced(2, []).snapshot()["table"]
    assert plain["doublets"] == [11, 22, 33, 44, 55, 66] and plain["repeat_penalty"] is False
    rules = dn.Rules(negative_doublets=True, repeat_doublet_penalty=True)
    table = forced(2, [], rules=rules).snapshot()["table"]
    assert table["doublets"] == [-66, -55, -44, -33, -22, -11, 11, 22, 33, 44, 55, 66]
    assert table["repeat_penalty"] is True


def test_dn_draw_1_reshuffle_view_and_last_play_across_it() -> None:
    s = play(forced(8, [["2"], ["3"]], rules=BIG), "2", "3")
    view = s.snapshot()
    assert view["phase"] == "shuffle" and view["legal"] == [] and view["table"]["turn"] == 2
    assert view["phase_text"].startswith("The draw pile is empty")
    assert view["table"]["played_cards"] == ["2", "3"] and view["table"]["pending_2x"] == 0
    after = s.apply(dn.Shuffle.of([0]))
    assert after.snapshot()["table"]["last_play"]["card"] == "3"  # the reshuffle is not a play


def test_dn_end_1_over_view() -> None:
    final = games()[0][-1]
    view = final.snapshot(None, "de")
    assert view["current_player"] is None and view["legal"] == [] and view["winners"] == list(final.winners)
    assert view["phase_text"] == f"Spieler {final.winners[0] + 1} hat das Spiel gewonnen."
    assert view["table"]["turn"] is None


# ---------------------------------------------------------------------------------------- bilingual errors
def _error(state: dn.DoubleDownState, action: Any) -> IllegalAction:
    before = kit.fingerprint(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert kit.fingerprint(state) == before
    return err.value


def test_dn_play_1_card_not_in_hand_error_in_both_languages() -> None:
    err = _error(forced(3, [["3", "4", "4", "2x", "reverse"]]), dn.PlayCard("9"))
    assert err.rule == "DN-PLAY-1" and err.key == "DN-PLAY-1/not-in-hand"
    assert err.render("en") == "DN-PLAY-1: Player 1 has no 9 in hand; choose 3, 4, 2x or direction change."
    assert err.render("de") == "DN-PLAY-1: Spieler 1 hat 9 nicht auf der Hand; wähle 3, 4, 2x oder Richtungswechsel."


def test_dn_double_1_2x_opening_a_double_turn_error_in_both_languages() -> None:
    s = play(forced(3, [["2x"], ["2x", "3"], ["5"]]), "2x")
    err = _error(s, dn.PlayCard("2x"))
    assert err.rule == "DN-DOUBLE-1" and err.message.startswith("The first card of a double turn may not be a 2x")
    assert err.render("de").startswith("DN-DOUBLE-1: Die erste Karte eines Doppelzugs darf keine 2x sein")


@pytest.mark.parametrize(
    ("where", "action", "rule"),
    [
        ("deal", dn.PlayCard("9"), "DN-SETUP-1"),
        ("play", dn.Deal(tuple(range(56))), "DN-PLAY-1"),
        ("shuffle", dn.PlayCard("4"), "DN-DRAW-1"),
        ("deal", dn.Deal((0,) * 56), "DN-SETUP-1"),
        ("shuffle", dn.Shuffle((1,)), "DN-DRAW-1"),
    ],
)
def test_dn_setup_1_wrong_and_bad_actions_error_in_both_languages(where: str, action: Any, rule: str) -> None:
    state = {
        "deal": dn.new_game(3),
        "play": forced(3, []),
        "shuffle": play(forced(8, [["2"], ["3"]], rules=BIG), "2", "3"),
    }[where]
    err = _error(state, action)
    assert err.rule == rule and err.key is not None
    assert err.render("en") != err.render("de") and err.render("en") == f"{rule}: {err.message}"


def test_dn_setup_1_new_game_errors_in_both_languages() -> None:
    with pytest.raises(IllegalAction) as err:
        dn.new_game(9)
    assert err.value.render("de") == "DN-SETUP-1: Double Down ist für 2 bis 8 Spieler, nicht für 9."
    with pytest.raises(IllegalAction) as err:
        dn.new_game(3, opener=3)
    assert err.value.render("de") == "DN-SETUP-1: Der Eröffner muss ein Platz 0..2 sein, nicht 3."


# ---------------------------------------------------------------------------------------- forcing chance
def test_dn_setup_1_deal_of_gives_the_canonical_deal() -> None:
    ids = tuple(random.Random(1).sample(range(56), 56))
    assert dn.Deal.of(list(ids)) == dn.Deal(ids) == dn.Deal.of(ids)
    head = dn.Deal.of(ids[:30]).order  # a shorter deck: the other cards follow in id order
    assert head[:30] == ids[:30] and list(head[30:]) == sorted(head[30:])
    assert dn.Deal.of(["-10", "-10", "-10", "-10", "0"]) == dn.Deal(tuple(range(56)))
    assert dn.Deal.of([1, "-10", "-10"]).order[:4] == (1, 0, 2, 3)  # an id given by number is kept
    hands = dn.Deal.of(hands=[["9", "2x", 30], ["76"]], rest=["66"])
    assert hands == dn.Deal.of(hands=[[30, "2x", "9"], ["76"]], rest=["66"])  # a hand in any order
    # ids: −10 0..3, 0 4..7, ..., 9 29..31, 66 45, 76 46, 2x 47..50; free ids fill each hand, sorted
    assert hands.order[:11] == (0, 1, 29, 30, 47, 2, 3, 4, 5, 46, 45)


def test_dn_setup_1_match_push_deal_of_forces_the_deal() -> None:
    m = Match(dn.new_game(3), seed=0)
    m.push(dn.Deal.of(hands=[["9", "9", "2x"], [], ["76"]], rest=["66", "reverse"]))
    s = m.state
    assert isinstance(s, dn.DoubleDownState) and len(m) == 2
    assert s.hands[0][-3:] == ("9", "9", "2x") and "76" in s.hands[2] and s.draw_pile[:2] == ("66", "reverse")
    m2 = Match(dn.new_game(4, opener=2), seed=0)  # the opener is dealt first: the hands still land by seat
    s2 = m2.push(dn.Deal.of(hands=[["55"], ["44"], ["33"], ["22"]], opener=2))
    assert isinstance(s2, dn.DoubleDownState)
    assert ["55" in s2.hands[0], "44" in s2.hands[1], "33" in s2.hands[2], "22" in s2.hands[3]] == [True] * 4


def test_dn_round_1_deal_of_skips_seats_not_dealt() -> None:
    s = next(s for g in games() for s in g if s.phase == "deal" and s.eliminated and s.rules.hand_size >= 2)
    hands: list[list[str] | None] = [None if p in s.eliminated else [] for p in range(s.num_players)]
    last = s.remaining[-1]
    hands[last] = ["76", "66"]
    m = Match(s)
    new = m.push(dn.Deal.of(hands=hands, opener=s.opener, hand_size=s.rules.hand_size))
    assert isinstance(new, dn.DoubleDownState) and {"76", "66"} <= set(new.hands[last])


BAD_DEALS: list[dict[str, Any]] = [
    {"order": ["banana"]},
    {"order": ["2x"] * 5},
    {"order": [0, 0]},
    {"order": [56]},
    {"order": [True]},
    {"order": "9"},
    {"hands": [["9"] * 6]},
    {"hands": [["9"]], "hand_size": 8},
    {"hands": [["9"]], "order": ["3"]},
    {"hands": [["9"], None], "opener": 1},
    {"hands": [["9"], []], "opener": 2},
    {"hands": [[]] * 8, "hand_size": 7, "rest": ["3"]},
]


@pytest.mark.parametrize("kwargs", BAD_DEALS)
def test_dn_setup_1_deal_of_errors_name_the_rule_and_change_nothing(kwargs: dict[str, Any]) -> None:
    m = Match(dn.new_game(3), seed=0)
    before = kit.fingerprint(m.state)
    with pytest.raises(IllegalAction) as err:
        m.push(dn.Deal.of(**kwargs))
    assert err.value.rule == "DN-SETUP-1" and err.value.key is not None
    assert err.value.render("en") != err.value.render("de")
    assert len(m) == 1 and kit.fingerprint(m.state) == before


def _shuffle_point() -> dn.DoubleDownState:
    return next(s for g in games() for s in g if s.phase == "shuffle" and len(s.played_cards) >= 5)


def test_dn_draw_1_shuffle_of_gives_the_canonical_shuffle() -> None:
    assert dn.Shuffle.of([2, 0, 1]) == dn.Shuffle((2, 0, 1)) == dn.Shuffle.of((2, 0, 1))
    played = ("9", "2x", "9", "3", "76")  # "76" is the top card: it stays
    assert dn.Shuffle.of(["9", "9"], played=played) == dn.Shuffle((0, 2, 1, 3))
    assert dn.Shuffle.of([3, "9"], played=played) == dn.Shuffle((3, 0, 1, 2))
    assert dn.Shuffle.of([], played=played) == dn.Shuffle((0, 1, 2, 3))


def test_dn_draw_1_match_push_shuffle_of_forces_the_new_draw_pile() -> None:
    s = _shuffle_point()
    below = list(s.played_cards[:-1])
    wanted = below[::-1]  # the newest played card first
    m = Match(s)
    new = m.push(dn.Shuffle.of(wanted, played=s.played_cards))
    assert isinstance(new, dn.DoubleDownState) and new.played_cards == s.played_cards[-1:]
    drawn = len(below) - new.draw_pile_size
    assert drawn >= 1 and new.draw_pile == tuple(wanted[drawn:])


@pytest.mark.parametrize(
    "kwargs",
    [
        {"order": ["9"]},
        {"order": [3, 3], "played": ["9", "3", "4", "5"]},
        {"order": [5], "played": ["9", "3", "4", "5"]},
        {"order": ["76"], "played": ["9", "3", "4", "5"]},
        {"order": ["9", "9"], "played": ["9", "3", "4", "5"]},
        {"order": ["banana"], "played": ["9", "3"]},
        {"order": [], "played": ["9"]},
        {"order": [0, 1, 2, 3], "played": ["9", "3", "4", "5"]},
        {"order": [0], "played": ["nine", "3"]},
    ],
)
def test_dn_draw_1_shuffle_of_errors_name_the_rule_and_change_nothing(kwargs: dict[str, Any]) -> None:
    s = _shuffle_point()
    before = kit.fingerprint(s)
    with pytest.raises(IllegalAction) as err:
        s.apply(dn.Shuffle.of(**kwargs))
    assert err.value.rule == "DN-DRAW-1" and err.value.render("en") != err.value.render("de")
    assert kit.fingerprint(s) == before


def test_dn_play_1_summary_states_the_position_for_a_screen_reader_and_keeps_hands_hidden() -> None:
    """The number line's text alternative (issue 19 §1): total, direction, who plays, a hand, the tokens."""
    s = forced(3, [["9", "2x"], ["76"], ["66", "-10"]])
    teacher, seat_2, german = s.snapshot()["table"], s.snapshot(1)["table"], s.snapshot(2, lang="de")["table"]
    assert teacher["summary"].startswith("Total 0, play runs clockwise. Player 1 to play. Player 1 holds ")
    assert "9, 2x" in teacher["summary"]
    assert teacher["summary"].endswith("Tokens: Player 1 3; Player 2 3; Player 3 3.")
    assert "Player 2 holds 0, 0, 0, 0, 76." in seat_2["summary"] and "2x" not in seat_2["summary"]
    assert german["summary"].startswith("Summe 0, gespielt wird im Uhrzeigersinn. Spieler 1 ist dran.")
    assert "Spieler 3 hat −10" in german["summary"] and "Chips:" in german["summary"]
    later = play(s, "9")
    assert later.snapshot()["table"]["summary"].startswith("Total 9, play runs clockwise. Player 2 to play.")
