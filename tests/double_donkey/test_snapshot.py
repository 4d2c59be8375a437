"""The view contract of Double Donkey: ``state.snapshot(seat, lang)`` on random games and forced positions,
bilingual refusals of the clicks a view sends, and the ``of`` constructors that force chance by hand."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from donkeylab import double_donkey as dd
from donkeylab.core import CATALOGUE, CHANCE, IllegalAction, Match
from donkeylab.core.snapshot import SNAPSHOT_KEYS
from donkeylab.double_donkey import COLOURS, Choose, Deal, Keep, Play, Reroll, Roll, RollOff, Shuffle
from donkeylab.double_donkey.cards import card_value
from tests import kit
from tests.double_donkey.helpers import craft, deal_hands, dealt, fill_hay, play_all, roll

HAY = {"orange": 3, "light_blue": 2, "dark_blue": 4, "yellow": 5, "green": 1, "purple": 1}
TABLE_KEYS = {
    "variant", "round", "roller", "starter", "dice", "last_die", "hands", "hand_sizes", "pile_sizes", "draw_pile",
    "discard", "chosen", "chosen_cards", "revealed", "biggest", "tied", "reveal_dice", "summary",
}  # fmt: skip
DIE_KEYS = {"colour", "name", "hay", "rolled", "choosable", "why_not", "action"}
CARD_KEYS = {"id", "colours", "angry", "label", "value"}
# 48 seeded random games: 2-5 players, both variants, random first player.
GAMES = [(g, 2 + g % 4, ("english", "german")[g // 4 % 2]) for g in range(48)]


def random_timeline(game: int, players: int, variant: str) -> list[dd.DoubleDonkeyState]:
    rng = random.Random(f"snapshot:{game}")
    s = dd.new_game(players, dd.Rules(variant=variant, first_player=rng.randrange(players)))  # type: ignore[arg-type]
    while not s.is_terminal():
        s = s.apply(s.sample_chance(rng) if s.current_player is CHANCE else rng.choice(s.legal_actions()))
    return s.timeline()  # type: ignore[return-value]


def ids(cards: list[dict[str, Any]] | None) -> list[int] | None:
    return None if cards is None else [c["id"] for c in cards]


def refused(state: dd.DoubleDonkeyState, action: Any) -> IllegalAction:
    """The error ``action`` raises on ``state``; the state is untouched and the sentence is bilingual."""
    before = kit.fingerprint(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert kit.fingerprint(state) == before
    return bilingual(err.value)


def bilingual(err: IllegalAction) -> IllegalAction:
    assert err.key is not None, f"{err} has no catalogue key"
    assert err.render("en") == str(err) and err.render("de") != err.render("en")
    assert err.render("de").startswith(f"{err.rule}: ")
    return err


# ---------------------------------------------------------------------- every state of random games
def check_shape(snap: dict[str, Any], seat: int | None, lang: str) -> None:
    json.dumps(snap)
    assert list(snap) == list(SNAPSHOT_KEYS) and snap["seat"] == seat and snap["lang"] == lang
    table = snap["table"]
    assert set(table) == TABLE_KEYS and len(table["dice"]) == 6
    assert [d["colour"] for d in table["dice"]] == list(COLOURS)
    assert all(set(d) == DIE_KEYS for d in table["dice"])
    groups = [*table["hands"], *table["chosen_cards"], *table["revealed"]]
    assert all(set(card) == CARD_KEYS for cards in groups if cards is not None for card in cards)


def check_dice(state: dd.DoubleDonkeyState, table: dict[str, Any]) -> None:
    """DD-DICE-2: the choosable dice are exactly the legal ``Choose`` actions; why_not exactly for the others."""
    legal = {a.colour for a in state.legal_actions() if isinstance(a, Choose)}
    assert {d["colour"] for d in table["dice"] if d["choosable"]} == legal
    for c, die in enumerate(table["dice"]):
        assert die["hay"] == (state.dice[c] or None) and die["rolled"] == state.rolled.get(die["colour"])
        assert (die["why_not"] is not None) == (die["rolled"] is not None and not die["choosable"])
    assert table["last_die"] == (state.phase == "last")


def check_values(state: dd.DoubleDonkeyState, table: dict[str, Any]) -> None:
    """DD-VALUE-1: hand cards valued under the Hay card; revealed cards as the reveal's events valued them."""
    for hand, cards in zip(state.hands, table["hands"], strict=True):
        assert ids(cards) == list(hand)
        for card in cards:
            engine = state.cards[card["id"]]
            complete = all(state.dice[c] for c in engine.colours)
            assert card["value"] == (card_value(engine, state.dice) if complete else None)
    if any(e.key == "DD-PLAY-1/reveal" for e in state.events):
        valued = {e.data["card_id"]: e.data["value"] for e in state.events if e.rule == "DD-VALUE-1"}
        assert {c["id"]: c["value"] for cards in table["revealed"] for c in cards} == valued


def check_legal(state: dd.DoubleDonkeyState, en: dict[str, Any], de: dict[str, Any]) -> None:
    assert [dd.parse_action(entry["action"]) for entry in en["legal"]] == (
        list(state.legal_actions()) if isinstance(state.current_player, int) else []
    )
    for a, b in zip(en["legal"], de["legal"], strict=True):
        assert a["action"] == b["action"] and a["label"] and b["label"] and a["label"] != b["label"]


def check_german(en: dict[str, Any], de: dict[str, Any]) -> None:
    assert de["phase_text"] != en["phase_text"] and de["players"] != en["players"]
    assert all(a["text"] != b["text"] for a, b in zip(en["events"], de["events"], strict=True))
    assert [d["name"] for d in de["table"]["dice"]] == [CATALOGUE.term(c, "de") for c in COLOURS]


def check_seat(state: dd.DoubleDonkeyState, teacher: dict[str, Any], seat: int) -> None:
    """DD-PLAY-1: a seat's view is the teacher's with the other hands and secret choices taken out."""
    view = state.snapshot(seat)
    check_shape(view, seat, "en")
    table, full = view["table"], teacher["table"]
    for p in range(state.num_players):
        assert table["hands"][p] == (full["hands"][p] if p == seat else None)
        assert table["chosen_cards"][p] == (full["chosen_cards"][p] if p == seat else None)
    hidden = {"hands", "chosen_cards"}
    assert {k: v for k, v in table.items() if k not in hidden} == {k: v for k, v in full.items() if k not in hidden}
    assert view["legal"] == (teacher["legal"] if seat == state.current_player else [])
    assert view["events"] == teacher["events"] and view["phase_text"] == teacher["phase_text"]


@pytest.mark.parametrize(("game", "players", "variant"), GAMES)
def test_dd_play_1_dd_dice_2_dd_value_1_every_view_of_random_games(game: int, players: int, variant: str) -> None:
    for state in random_timeline(game, players, variant):
        en, de = state.snapshot(), state.snapshot(lang="de")
        check_shape(en, None, "en")
        check_shape(de, None, "de")
        check_german(en, de)
        check_legal(state, en, de)
        check_dice(state, en["table"])
        check_values(state, en["table"])
        assert en["table"]["chosen"] == [c is not None for c in state._chosen]
        assert [ids(c) for c in en["table"]["chosen_cards"]] == [None if c is None else list(c) for c in state._chosen]
        for seat in range(players):
            check_seat(state, en, seat)


# ---------------------------------------------------------------------- forced positions
def test_dd_play_1_seat_view_hides_other_hands_and_choices() -> None:
    s = fill_hay(dealt(3), **HAY).apply(Play(0, (2, 0)))
    one, zero, teacher = s.snapshot(1)["table"], s.snapshot(0)["table"], s.snapshot()["table"]
    assert one["hands"][0] is None and one["hands"][2] is None and ids(one["hands"][1]) == list(s.hands[1])
    assert one["chosen"] == [True, False, False] and one["chosen_cards"] == [None, None, None]
    assert ids(zero["chosen_cards"][0]) == [0, 2] and ids(teacher["chosen_cards"][0]) == [0, 2]
    assert len(s.snapshot(1)["legal"]) == 7 and s.snapshot(0)["legal"] == [] and s.snapshot(2)["legal"] == []
    assert "Play(0" not in json.dumps(s.snapshot(1))
    s = s.apply(Play(1, (10,))).apply(Play(2, (20, 21)))
    assert [ids(r) for r in s.snapshot(1)["table"]["revealed"]] == [[0, 2], [10], [20, 21]]  # public after the reveal


def test_dd_dice_2_why_not_names_the_value_on_the_hay_card() -> None:
    s = dealt(4)
    s = s.apply(roll(s, light_blue=2, dark_blue=6, orange=1, yellow=3, green=4, purple=5)).apply(Choose("light_blue"))
    s = s.apply(roll(s, dark_blue=4, orange=5, yellow=3, green=2, purple=2))
    en, de = s.snapshot(), s.snapshot(lang="de")
    assert en["phase_text"] == "Player 2 places a die on the Hay card"
    assert de["phase_text"] == "Spieler 2 legt einen Würfel auf die Misthaufen-Karte"
    dice = {d["colour"]: d for d in en["table"]["dice"]}
    assert dice["light_blue"] == {
        "colour": "light_blue", "name": "light blue", "hay": 2, "rolled": None, "choosable": False, "why_not": None,
        "action": None,
    }  # fmt: skip
    # A rolled die carries its action as the engine writes it, a forbidden one too (a click shows the rule).
    assert dice["green"]["action"] == "Choose('green')" and dice["orange"]["action"] == "Choose('orange')"
    assert dice["green"]["why_not"] == dice["purple"]["why_not"] == "2 is already on the Hay card"
    assert de["table"]["dice"][4]["why_not"] == "Die 2 liegt schon auf der Misthaufen-Karte"
    assert {c for c, d in dice.items() if d["choosable"]} == {"dark_blue", "orange", "yellow"}
    assert [e["label"] for e in en["legal"]] == ["dark blue die (4)", "orange die (5)", "yellow die (3)"]
    labels = ["dunkelblauer Würfel (4)", "orangefarbener Würfel (5)", "gelber Würfel (3)"]
    assert [e["label"] for e in de["legal"]] == labels
    free = s.apply(Choose("orange"))
    free = free.apply(roll(free, dark_blue=2, yellow=5, green=2, purple=5))  # only values already there
    assert all(d["choosable"] == (d["rolled"] is not None) for d in free.snapshot()["table"]["dice"])
    assert all(d["why_not"] is None for d in free.snapshot()["table"]["dice"])


def test_dd_dice_3_last_die_view_keep_or_reroll() -> None:
    s = dealt(2)
    for colour in COLOURS[:5]:
        s = s.apply(roll(s, **{c: 1 + COLOURS.index(c) for c in COLOURS if c not in s.hay})).apply(Choose(colour))
    en, de = s.snapshot(), s.snapshot(lang="de")
    assert en["table"]["last_die"] and en["phase_text"] == "Player 2 keeps the last die or re-rolls it once"
    assert [(e["action"], e["label"]) for e in en["legal"]] == [("Reroll()", "re-roll"), ("Keep()", "keep the 6")]
    assert [e["label"] for e in de["legal"]] == ["neu werfen", "die 6 behalten"]
    purple = en["table"]["dice"][5]
    assert purple["rolled"] == 6 and not purple["choosable"] and purple["why_not"].startswith("the last die")
    rolled = s.apply(Reroll())
    assert rolled.snapshot()["phase_text"] == "Player 2 rolls the last die" and rolled.snapshot()["legal"] == []


def test_dd_value_1_card_values_follow_the_hay_card() -> None:
    s = dealt(4)
    assert all(c["value"] is None for c in s.snapshot()["table"]["hands"][1])
    s = s.apply(roll(s, light_blue=2, dark_blue=6, orange=1, yellow=3, green=1, purple=5)).apply(Choose("green"))
    s = s.apply(roll(s, light_blue=2, dark_blue=6, orange=1, yellow=3, purple=5)).apply(Choose("light_blue"))
    hand = s.snapshot()["table"]["hands"][1]  # seat 1 holds light blue/green cards (10, 11, 12)
    assert [c["value"] for c in hand] == [3, 3, 3] and hand[0]["colours"] == ["light_blue", "green"]
    assert hand[0]["label"] == "light blue/green Double Donkey" and not hand[0]["angry"]
    assert all(c["value"] is None for c in s.snapshot()["table"]["hands"][0])  # light blue/dark blue: one missing


def test_dd_angry_1_reveal_events_carry_flip_and_value_data() -> None:
    """Margaret's Angry orange flips the orange 3 to 4: the events hold what a view animates the flip from."""
    s = play_all(fill_hay(deal_hands(4, {0: (30,), 3: (53,)}), **HAY), {0: (30,), 3: (53,)})
    snap = s.snapshot(2)
    events = {e["key"]: e["data"] for e in snap["events"]}
    dice = [HAY[c] for c in COLOURS]  # light blue 2, dark blue 4, orange 3, yellow 5, green 1, purple 1
    flipped = [2, 4, 4, 5, 1, 1]
    assert events["DD-PLAY-1/reveal"]["dice"] == dice and events["DD-PLAY-1/reveal"]["cards"][3] == [53]
    flip = events["DD-ANGRY-1"]
    assert (flip["colour"], flip["before"], flip["after"], flip["card_id"]) == ("orange", 3, 4, 53)
    assert flip["dice"] == flipped
    assert events["DD-VALUE-1/angry"] == {
        "player": 3, "card": "ANGRY:orange", "card_id": 53, "value": 4
    }  # fmt: skip
    table = snap["table"]
    assert s.phase == "roll" and all(d["hay"] is None for d in table["dice"])  # the next round cleared the Hay card
    assert table["reveal_dice"] == flipped and dd.new_game(2).snapshot()["table"]["reveal_dice"] == [None] * 6
    assert [(c["id"], c["value"]) for c in table["revealed"][0] + table["revealed"][3]] == [(30, 9), (53, 4)]
    assert table["revealed"][3][0]["label"] == "orange Angry Donkey"
    assert s.snapshot(lang="de")["table"]["revealed"][3][0]["label"] == "orangefarbener Wütender Esel"
    german = {e["key"]: e["text"] for e in s.snapshot(2, lang="de")["events"]}
    assert german["DD-ANGRY-1"] == (
        "Der orangefarbene Wütende Esel von Spieler 4 dreht den orangefarbenen Würfel von 3 auf 4 (7 − 3)."
    )
    assert german["DD-VALUE-1/angry"] == "Bei Spieler 4 zählt der orangefarbene Wütende Esel 4."


def test_snapshot_phase_texts_and_title_in_both_languages() -> None:
    s = dd.new_game(3)
    assert s.snapshot()["phase_text"] == "The cards are shuffled and dealt" and s.snapshot()["title"] == "Double Donkey"
    s = dealt(3)
    assert s.snapshot()["phase_text"] == "Player 1 rolls 6 dice"
    assert s.snapshot(lang="de")["phase_text"] == "Spieler 1 wirft 6 Würfel"
    play = fill_hay(s, **HAY)
    assert play.snapshot()["phase_text"] == "Everybody chooses 1–3 cards in secret: Player 1's turn"
    tie = craft(play, phase="rolloff", tied=(0, 2))
    assert tie.snapshot()["phase_text"] == "Player 1 and Player 3 roll a die each for the Biggest Donkey"
    assert tie.snapshot()["table"]["tied"] == [0, 2] and tie.snapshot()["current_player"] == "chance"
    over = craft(play, phase="over", winners=(0, 1))
    assert over.snapshot(lang="de")["phase_text"] == "Spielende: Sieg für Spieler 1 und Spieler 2"
    assert over.snapshot()["winners"] == [0, 1] and over.snapshot()["current_player"] is None
    assert craft(play, phase="shuffle").snapshot()["phase_text"] == "The discard pile is shuffled into a new draw pile"


# ---------------------------------------------------------------------- refusals a click can trigger
def test_dd_dice_1_refused_dice_are_bilingual() -> None:
    s = dealt(3)
    s = s.apply(roll(s, light_blue=1, dark_blue=2, orange=3, yellow=4, green=5, purple=6)).apply(Choose("green"))
    s = s.apply(roll(s, light_blue=1, dark_blue=2, orange=3, yellow=4, purple=6))
    err = refused(s, Choose("green"))
    assert err.rule == "DD-DICE-1"
    assert err.render("de") == "DD-DICE-1: Dieser Würfel (grün) liegt schon auf der Misthaufen-Karte"
    assert refused(s, Choose("pink")).message.startswith("'pink' is not a die colour; the dice are light_blue, ")
    assert refused(s, Roll.of(orange=3)).rule == "DD-DICE-1"  # a chance outcome while a player chooses


def test_dd_dice_2_refused_choice_is_bilingual() -> None:
    s = dealt(4)
    s = s.apply(roll(s, light_blue=2, dark_blue=6, orange=1, yellow=3, green=4, purple=5)).apply(Choose("light_blue"))
    s = s.apply(roll(s, dark_blue=4, orange=5, yellow=3, green=2, purple=2))
    err = refused(s, Choose("green"))
    assert err.rule == "DD-DICE-2"
    assert err.message == (
        "the green 2 shows a value already on the Hay card; choose dark blue 4, orange 5 or yellow 3"
    )
    assert err.render("de") == (
        "DD-DICE-2: Die grüne 2 ist nicht erlaubt, weil diese Zahl schon auf der Misthaufen-Karte liegt. Erlaubt: "
        "dunkelblaue 4, orangefarbene 5 oder gelbe 3"
    )


def test_dd_dice_3_keep_and_reroll_at_the_wrong_time_are_bilingual() -> None:
    s = dealt(3)
    assert refused(s, Keep()).rule == "DD-DICE-1"  # the dice are being rolled
    s = s.apply(roll(s, light_blue=1, dark_blue=2, orange=3, yellow=4, green=5, purple=6))
    err = refused(s, Reroll())
    assert err.message == "Reroll() cannot be played now: the game waits for the choice of a die"
    assert err.render("de") == "DD-DICE-1: Reroll() geht jetzt nicht: Das Spiel wartet auf die Wahl eines Würfels"
    assert refused(fill_hay(dealt(3), **HAY), Keep()).rule == "DD-PLAY-1"
    last = dealt(2)
    for colour in COLOURS[:5]:
        last = last.apply(roll(last, **{c: 2 for c in COLOURS if c not in last.hay})).apply(Choose(colour))
    again = last.apply(Reroll())
    assert refused(again, Keep()).key == "DD-DICE-3/once" and refused(again, Reroll()).rule == "DD-DICE-3"


@pytest.mark.parametrize(
    ("play", "key", "en"),
    [
        (Play(1, (10,)), "DD-PLAY-1/turn", "it is Player 1's turn to choose cards, not Player 2's"),
        (Play(0, ()), "DD-PLAY-1/count", "play 1 to 3 cards, not 0"),
        (Play(0, (13,)), "DD-PLAY-1/hand", "card 13 is not in Player 1's hand"),
        (Play(0, (0, 0)), "DD-PLAY-1/once", "each card can be played only once"),
        (Play("0", (0,)), "DD-PLAY-1/seat", "a Play names the player by seat number (0, 1, ...), not '0'"),  # type: ignore[arg-type]
        (Play(0, ("a",)), "double_donkey/error/malformed", "malformed action Play(0, ('a',))"),  # type: ignore[arg-type]
    ],
)
def test_dd_play_1_wrong_plays_are_bilingual(play: Play, key: str, en: str) -> None:
    err = refused(fill_hay(dealt(3), **HAY), play)
    assert (err.rule, err.key, err.message) == ("DD-PLAY-1", key, en)


# ---------------------------------------------------------------------- forcing chance by hand
def test_dd_dice_1_roll_of_equals_the_canonical_roll() -> None:
    six = {"purple": 6, "orange": 3, "light_blue": 1, "green": 5, "yellow": 4, "dark_blue": 2}
    canonical = Roll(tuple((c, 1 + i) for i, c in enumerate(COLOURS)))
    mixed = Roll.of({"purple": 6, "orange": 3}, light_blue=1, green=5, yellow=4, dark_blue=2)
    assert Roll.of(**six) == Roll.of(six) == Roll.of(list(six.items())) == mixed == canonical
    s = dealt(3)
    assert canonical in s.legal_actions() and str(Roll.of(**six)) == str(canonical)
    s = s.apply(canonical).apply(Choose("orange"))
    five = Roll.of(yellow=2, light_blue=6, purple=1, dark_blue=1, green=3)
    assert five in [o for o, _ in s.chance_outcomes()] and s.apply(five).rolled["light_blue"] == 6


@pytest.mark.parametrize(
    ("args", "kwargs", "key"),
    [
        ((), {"pink": 3}, "DD-DICE-1/colour"),
        (({"orange": 7},), {}, "DD-DICE-1/pips"),
        (({"orange": 0},), {}, "DD-DICE-1/pips"),
        ((), {"orange": True}, "DD-DICE-1/pips"),
        ((), {"orange": 2.0}, "DD-DICE-1/pips"),
        ((), {"orange": "3"}, "DD-DICE-1/pips"),
        (({"orange": 3},), {"orange": 3}, "DD-DICE-1/twice"),
        (([(1, 3)],), {}, "DD-DICE-1/colour"),
        (([("orange", 3, 4)],), {}, "DD-DICE-1/pair"),
        ((5,), {}, "DD-DICE-1/pair"),
        ((), {}, "DD-DICE-1/empty"),
    ],
)
def test_dd_dice_1_roll_of_refuses_what_no_die_shows(args: tuple[Any, ...], kwargs: dict[str, Any], key: str) -> None:
    with pytest.raises(IllegalAction) as err:
        Roll.of(*args, **kwargs)
    assert err.value.rule == "DD-DICE-1" and err.value.key == key
    bilingual(err.value)


def test_dd_dice_1_roll_missing_a_die_is_refused_by_apply() -> None:
    s = dealt(3)
    err = refused(s, Roll.of(light_blue=1, dark_blue=2, orange=3, yellow=4, green=5))
    assert err.rule == "DD-DICE-1" and err.message.endswith("light_blue, dark_blue, orange, yellow, green, purple")
    placed = s.apply(Roll.of(**dict.fromkeys(COLOURS, 4))).apply(Choose("yellow"))
    assert refused(placed, Roll.of(**dict.fromkeys(COLOURS, 4))).key == "DD-DICE-1/roll"  # yellow is on the Hay card


def test_dd_dice_1_match_push_roll_of_forces_the_outcome() -> None:
    match = Match(dealt(3), seed=5)
    state = match.push(Roll.of(green=6, purple=2, orange=1, yellow=3, light_blue=4, dark_blue=5))
    assert isinstance(state, dd.DoubleDonkeyState) and match.state is state and state.current_player == 0
    assert state.rolled == {"light_blue": 4, "dark_blue": 5, "orange": 1, "yellow": 3, "green": 6, "purple": 2}
    assert [d["rolled"] for d in state.snapshot()["table"]["dice"]] == [4, 5, 1, 3, 6, 2]


def test_dd_biggest_2_roll_off_of_equals_the_canonical_roll_off() -> None:
    assert RollOff.of({2: 6, 0: 3}) == RollOff.of([(2, 6), (0, 3)]) == RollOff(((0, 3), (2, 6)))
    cases = [({True: 3}, "seat"), ({-1: 3}, "seat"), ({"0": 3}, "seat"), ({0: 7}, "pips"), ({0: 1.0}, "pips"),
             ([(0, 3), (0, 4)], "twice"), ({}, "empty"), ([0], "pair")]  # fmt: skip
    for values, key in cases:
        with pytest.raises(IllegalAction) as err:
            RollOff.of(values)  # type: ignore[arg-type]
        assert err.value.rule == "DD-BIGGEST-2" and err.value.key == f"DD-BIGGEST-2/{key}"
        bilingual(err.value)
    tie = craft(fill_hay(dealt(3), **HAY), phase="rolloff", tied=(0, 2))
    assert RollOff.of({2: 6, 0: 3}) in tie.legal_actions()
    assert refused(tie, RollOff.of({0: 3, 1: 6})).key == "DD-BIGGEST-2/refused"  # seat 1 is not tied


def test_dd_setup_1_deal_of_any_iterable_of_card_ids() -> None:
    s = dd.new_game(3)
    order = list(reversed(range(len(s.cards))))
    assert Deal.of(order) == Deal.of(iter(order)) == Deal(tuple(order))
    assert s.apply(Deal.of(order)).hands[0] == (56, 55, 54)
    err = refused(s, Deal.of(range(len(s.cards) - 1)))
    assert (err.rule, err.key) == ("DD-SETUP-1", "DD-SETUP-1/order")
    for bad in (["1"], [1.0], 5, [True]):
        with pytest.raises(IllegalAction) as bad_ids:
            Deal.of(bad)  # type: ignore[arg-type]
        assert bilingual(bad_ids.value).key == "DD-SETUP-1/ids"


def test_dd_refill_2_shuffle_of_any_iterable_of_card_ids() -> None:
    s = craft(dealt(3), phase="shuffle", discard=(50, 49, 3), biggest=0, need=1)
    assert Shuffle.of([3, 49, 50]) == Shuffle((3, 49, 50)) and s.apply(Shuffle.of({3, 49, 50})).draw_pile
    err = refused(s, Shuffle.of([3, 49]))
    assert (err.rule, err.key) == ("DD-REFILL-2", "DD-REFILL-2/order")
    with pytest.raises(IllegalAction) as bad_ids:
        Shuffle.of([3, None])  # type: ignore[list-item]
    assert bilingual(bad_ids.value).rule == "DD-REFILL-2"


def test_dd_dice_2_summary_states_the_hay_card_and_the_roll_for_a_screen_reader() -> None:
    """The dice tray's text alternative (issue 19 §1): the round, the Hay card, who rolled what."""
    s = dealt(3)
    assert s.snapshot()["table"]["summary"] == "Round 1. The Hay card is empty. Player 1 holds the dice to roll."
    s = s.apply(roll(s, light_blue=2, dark_blue=2, orange=5, yellow=1, green=6, purple=3)).apply(Choose("orange"))
    s = s.apply(roll(s, light_blue=4, dark_blue=5, yellow=1, green=6, purple=3))
    assert s.snapshot()["table"]["summary"] == (
        "Round 1. Hay card: orange 5. Player 2 rolled light blue 4, dark blue 5, yellow 1, green 6, purple 3."
    )
    assert s.snapshot(0, "de")["table"]["summary"] == (
        "Runde 1. Misthaufen-Karte: orange 5. Spieler 2 hat hellblau 4, dunkelblau 5, gelb 1, grün 6, lila 3 gewürfelt."
    )
