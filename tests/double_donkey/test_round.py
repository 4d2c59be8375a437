"""Phase 2 and the end of a round: secret play, flips, values, Biggest Donkey, refills, next round, end."""

from __future__ import annotations

import pytest

from donkeylab import double_donkey as dd
from donkeylab import games
from donkeylab.core import CHANCE, IllegalAction, LoadError, NotEnumerable
from donkeylab.double_donkey import Play, RollOff, Shuffle
from tests import kit
from tests.double_donkey.helpers import NAMES, craft, deal_hands, dealt, fill_hay, play_all, texts

GERMAN_EXAMPLE = {"orange": 3, "light_blue": 2, "dark_blue": 4, "yellow": 5, "green": 1, "purple": 1}


def test_dd_value_1_german_valuation_example() -> None:
    """orange 3, light blue 2, dark blue 4, yellow 5, green 1, purple 1: green/light blue 3, orange/yellow 8."""
    s = fill_hay(dealt(4), **GERMAN_EXAMPLE)  # seat 1 holds light blue/green cards, seat 3 orange/yellow
    assert s.hay == GERMAN_EXAMPLE and s.phase == "play"
    s = play_all(s, {0: (0,), 1: (10,), 2: (20,), 3: (30,)})
    values = {e.data["card"]: e.data["value"] for e in s.events if e.rule == "DD-VALUE-1"}
    assert values == {
        "DD:light_blue+dark_blue": 6,
        "DD:light_blue+green": 3,
        "DD:dark_blue+orange": 7,
        "DD:orange+yellow": 8,
    }
    text = texts(s)
    assert "Fran's light blue/green Double Donkey is worth 2 + 1 = 3." in text
    assert "Margaret's orange/yellow Double Donkey is worth 3 + 5 = 8." in text
    assert "Bei Margaret zählt der Doppelesel orange/gelb 3 + 5 = 8." in texts(s, "de")
    assert (
        s.biggest == 3 and "Margaret played the single highest card (worth 8) and becomes the Biggest Donkey." in text
    )


def test_dd_play_1_secret_choice_hidden_until_reveal() -> None:
    s = fill_hay(dealt(3), **GERMAN_EXAMPLE)
    assert s.current_player == 0 and len(s.legal_actions()) == 7  # 3 + 3 + 1 subsets of a 3-card hand
    s1 = s.apply(Play(0, (2, 0)))
    assert texts(s1) == ["Olivia puts 2 cards face down."] and dict(s1.events[0].data) == {"player": 0, "n": 2}
    view1 = s1.snapshot(1)["table"]
    assert view1["chosen"] == [True, False, False] and view1["chosen_cards"] == [None, None, None]
    assert view1["hands"][0] is None and view1["hands"][2] is None
    assert [c["id"] for c in view1["hands"][1]] == list(s.hands[1])
    assert [c["id"] for c in s1.snapshot(0)["table"]["chosen_cards"][0]] == [0, 2]
    s2 = s1.apply(Play(1, (10,)))
    assert s2.snapshot(2)["table"]["revealed"] == [[], [], []]
    s3 = s2.apply(Play(2, (20, 21, 22)))
    assert s3.table == ((), (), ()) and s3.phase == "roll"  # revealed, valued, discarded, next round
    revealed = s3.snapshot(1)["table"]["revealed"]
    assert s3.revealed == ((0, 2), (10,), (20, 21, 22))
    assert [[c["id"] for c in cards] for cards in revealed] == [[0, 2], [10], [20, 21, 22]]
    assert [e.key for e in s3.events][:2] == ["DD-PLAY-1", "DD-PLAY-1/reveal"]


@pytest.mark.parametrize(
    ("play", "why"),
    [
        (Play(0, ()), "play 1 to 3"),
        (Play(0, (0, 1, 2, 3)), "play 1 to 3"),
        (Play(0, (0, 0)), "only once"),
        (Play(0, (13,)), "not in Player 1's hand"),
        (Play(1, (10,)), "turn"),
        (Play(0, 7), "malformed"),  # type: ignore[arg-type]
        (Play(0, ("a",)), "malformed"),  # type: ignore[arg-type]
    ],
)
def test_dd_play_1_illegal_plays(play: Play, why: str) -> None:
    s = fill_hay(dealt(3), **GERMAN_EXAMPLE)
    before = kit.fingerprint(s)
    with pytest.raises(IllegalAction, match=why) as err:
        s.apply(play)
    assert err.value.rule == "DD-PLAY-1" and kit.fingerprint(s) == before


def test_dd_play_1_empty_hand_plays_nothing() -> None:
    s = dealt(3)
    s = craft(s, hands=(s.hands[0], (), s.hands[2]))
    s = fill_hay(s, **GERMAN_EXAMPLE)
    assert "Fran has no cards in hand and plays nothing." in texts(s)
    s = s.apply(Play(0, (0,)))
    assert s.current_player == 2


def test_dd_angry_1_flips_before_any_value() -> None:
    """Margaret's Angry orange flips the orange 3 to 4 before Olivia's orange/yellow is valued."""
    s = deal_hands(4, {0: (30,), 3: (53,)})
    s = fill_hay(s, **GERMAN_EXAMPLE)
    s = play_all(s, {0: (30,), 3: (53,)})
    flips = [e for e in s.events if e.rule == "DD-ANGRY-1"]
    assert len(flips) == 1 and flips[0].data["before"] == 3 and flips[0].data["after"] == 4
    assert texts(s)[flips and [e.rule for e in s.events].index("DD-ANGRY-1")] == (
        "Margaret's orange Angry Donkey flips the orange die from 3 to 4 (7 − 3)."
    )
    values = {e.data["card"]: e.data["value"] for e in s.events if e.rule == "DD-VALUE-1"}
    assert values["DD:orange+yellow"] == 4 + 5 and values["ANGRY:orange"] == 4
    assert s.biggest == 0  # orange/yellow 9 is the highest card


@pytest.mark.parametrize(("option", "orange"), [("toggle_per_card", 3), ("once_per_colour", 4)])
def test_dd_angry_1_two_angry_donkeys_of_one_colour(option: str, orange: int) -> None:
    deck = tuple(c if c != "angry:green" else "angry:orange" for c in dd.DECKS["reconstruction"].cards)
    rules = dd.Rules(deck=deck, angry_flip=option)  # type: ignore[arg-type]
    s = deal_hands(3, {0: (53,), 2: (55,)}, rules)
    assert s.cards[55].name == "ANGRY:orange#2"
    s = play_all(fill_hay(s, **GERMAN_EXAMPLE), {0: (53,), 2: (55,)})
    keys = [e.key for e in s.events if e.rule == "DD-ANGRY-1"]
    assert keys == (["DD-ANGRY-1"] * 2 if option == "toggle_per_card" else ["DD-ANGRY-1", "DD-ANGRY-1/again"])
    assert {e.data["value"] for e in s.events if e.rule == "DD-VALUE-1" and "ANGRY" in e.data["card"]} == {orange}


def test_dd_biggest_1_single_highest_card() -> None:
    s = play_all(fill_hay(dealt(3), **GERMAN_EXAMPLE), {0: (0,), 1: (10,), 2: (20,)})
    assert s.biggest == 2 and any(e.rule == "DD-BIGGEST-1" for e in s.events)


def tie_state(rules: dd.Rules, pile_sizes: tuple[int, int, int]) -> dd.DoubleDonkeyState:
    """3 players; seats 0 and 2 both play a light blue/dark blue (6), seat 1 a light blue/green (3)."""
    s = deal_hands(3, {0: (0,), 1: (10,), 2: (1,)}, rules)
    s = craft(s, piles=tuple(pile[:n] for pile, n in zip(s.piles, pile_sizes, strict=True)))
    return play_all(fill_hay(s, **GERMAN_EXAMPLE), {0: (0,), 1: (10,), 2: (1,)})


def test_dd_biggest_2_tie_fewest_pile_cards() -> None:
    s = tie_state(dd.Rules(), (7, 7, 5))
    assert s.biggest == 2
    assert (
        "Who becomes the Biggest Donkey, Olivia or Jan? Each played a card worth 6; Jan has the fewest cards left in "
        "their personal pile (5) and becomes the Biggest Donkey."
    ) in texts(s)


def test_dd_biggest_2_tie_then_roll_off_and_reroll() -> None:
    s = tie_state(dd.Rules(), (6, 7, 6))
    assert s.current_player is CHANCE and s.phase == "rolloff" and s.tied == (0, 2) and s.biggest is None
    kit.check_chance(s)
    assert len(s.chance_outcomes()) == 36
    s = s.apply(RollOff(((0, 5), (2, 5))))
    assert s.phase == "rolloff" and s.events[0].key == "DD-BIGGEST-2/again"
    with pytest.raises(IllegalAction) as err:
        s.apply(RollOff(((0, 5), (1, 2))))
    assert err.value.rule == "DD-BIGGEST-2"
    s = s.apply(RollOff(((0, 2), (2, 6))))
    assert s.biggest == 2 and texts(s)[0] == "Jan rolls the highest number (6) and becomes the Biggest Donkey."
    assert s.phase == "roll" and s.roller == 2


def test_dd_biggest_2_option_roll_ignores_piles() -> None:
    s = tie_state(dd.Rules(tie_break="roll"), (7, 7, 2))
    assert s.phase == "rolloff" and s.tied == (0, 2)
    s = s.apply(RollOff(((0, 6), (2, 1))))
    assert s.biggest == 0
    assert dd.Rules(variant="german").tie_break == "roll"


def test_dd_refill_1_personal_piles_and_central_pile() -> None:
    s = fill_hay(dealt(3), **GERMAN_EXAMPLE)
    draw = s.draw_pile
    s = play_all(s, {0: (0, 1), 1: (10,), 2: (20, 21, 22)})
    assert s.biggest == 2 and s.discard == (0, 1, 10, 20, 21, 22)
    assert [len(h) for h in s.hands] == [3, 3, 3] and [len(p) for p in s.piles] == [5, 6, 7]
    assert s.hands[2] == draw[:3] and s.draw_pile == draw[3:]
    assert "Jan is the Biggest Donkey and draws 3 cards from the central draw pile instead." in texts(s)


def test_dd_refill_1_cannot_refill_to_three() -> None:
    s = dealt(3)
    s = craft(s, piles=(s.piles[0][:1], s.piles[1], s.piles[2]))
    s = play_all(fill_hay(s, **GERMAN_EXAMPLE), {0: (0, 1), 1: (10,), 2: (20,)})
    assert len(s.hands[0]) == 2 and s.piles[0] == ()
    assert "Olivia can draw only 1 card from their personal pile and plays on with 2 cards." in texts(s)
    s = craft(s, piles=((), s.piles[1], s.piles[2]))
    s = play_all(fill_hay(s, **GERMAN_EXAMPLE), {0: (s.hands[0][0],)})
    assert "Olivia's personal pile is empty, so they cannot refill and play on with 1 card." in texts(s)


def test_dd_refill_2_reshuffle_discard_pile() -> None:
    s = dealt(3)
    s = craft(s, draw=s.draw_pile[:1], discard=(50, 49))
    s = play_all(fill_hay(s, **GERMAN_EXAMPLE), {0: (0,), 1: (10,), 2: (20, 21)})
    assert s.biggest == 2 and s.phase == "shuffle" and s.current_player is CHANCE
    assert s.draw_pile_size == 0 and len(s.hands[2]) == 2
    assert texts(s)[-1] == "The draw pile is empty: the 6 cards of the discard pile are shuffled into a new draw pile."
    with pytest.raises(NotEnumerable):
        s.chance_outcomes()
    with pytest.raises(IllegalAction) as err:
        s.apply(Shuffle((50, 49)))
    assert err.value.rule == "DD-REFILL-2"
    s = s.apply(Shuffle((21, 20, 50, 0, 10, 49)))  # this round's cards are part of it
    assert s.hands[2][-1] == 21 and s.draw_pile == (20, 50, 0, 10, 49) and s.discard == ()
    assert s.phase == "roll" and [e.rule for e in s.events] == ["DD-REFILL-1", "DD-NEXT-1"]


def test_dd_refill_2_both_piles_empty_draw_stops() -> None:
    s = craft(dealt(2), draw=(), discard=(), biggest=1, need=2, phase="refill")
    events = s._copy()._draw_biggest()
    assert [e.key for e in events] == ["DD-REFILL-2/stop", "DD-NEXT-1"]
    assert (
        events[0].render("en", NAMES)
        == "The draw pile and the discard pile are both empty, so Fran cannot draw any more cards."
    )


def test_dd_next_1_biggest_starts_next_round() -> None:
    s = play_all(fill_hay(dealt(4), **GERMAN_EXAMPLE), {3: (30,)})
    assert s.biggest == 3 and s.round == 2 and s.roller == 3 and s.hay == {} and s.phase == "roll"
    assert texts(s)[-1] == "Margaret takes the dice and starts round 2."
    s = fill_hay(s, **GERMAN_EXAMPLE)
    assert s.current_player == 3  # the Biggest Donkey also chooses cards first


def endgame(rules: dd.Rules) -> dd.DoubleDonkeyState:
    """3 players: Olivia and Fran each hold one last card and have empty personal piles."""
    s = dealt(3, rules)
    return craft(s, hands=((30,), (10,), s.hands[2]), piles=((), (), s.piles[2]))


def test_dd_end_1_shared_victory_after_refill() -> None:
    s = play_all(fill_hay(endgame(dd.Rules()), **GERMAN_EXAMPLE), {0: (30,), 1: (10,), 2: (21,)})
    assert s.is_terminal() and s.winners == (0, 1) and s.biggest == 2
    assert texts(s)[-2:] == [
        "Olivia has no cards left in hand or personal pile and wins!",
        "Fran has no cards left either and shares the victory!",
    ]


def test_dd_end_1_biggest_donkey_who_emptied_out_does_not_win() -> None:
    s = play_all(fill_hay(endgame(dd.Rules()), **GERMAN_EXAMPLE), {0: (30,), 1: (10,), 2: (20,)})
    # Olivia's orange/yellow (8) is the highest: she draws from the centre and only Fran wins.
    assert s.biggest == 0 and len(s.hands[0]) == 3 and s.winners == (1,)


def test_dd_end_1_german_immediate_win_before_refill() -> None:
    s = play_all(fill_hay(endgame(dd.Rules(variant="german")), **GERMAN_EXAMPLE), {0: (30,), 1: (10,), 2: (20,)})
    assert s.is_terminal() and s.winners == (0, 1) and s.biggest is None
    assert s.events[-1].key == "DD-END-1/immediate"
    assert not any(e.rule in ("DD-BIGGEST-1", "DD-REFILL-1") for e in s.events)
    assert s.legal_actions() == () and s.current_player is None


def test_dd_end_1_option_immediate_in_english() -> None:
    s = play_all(fill_hay(endgame(dd.Rules(end="immediate")), **GERMAN_EXAMPLE), {0: (30,), 1: (10,), 2: (20,)})
    assert s.winners == (0, 1) and s.rules.last_die == "choose"


def test_dd_biggest_2_pile_step_narrows_a_tie_before_the_roll_off() -> None:
    """Three cards worth 6; Olivia and Fran have 5 cards left in their piles, Jan 7: Olivia and Fran roll."""
    s = deal_hands(3, {0: (0,), 1: (1,), 2: (2,)})
    s = craft(s, piles=(s.piles[0][:5], s.piles[1][:5], s.piles[2]))
    s = play_all(fill_hay(s, **GERMAN_EXAMPLE), {0: (0,), 1: (1,), 2: (2,)})
    assert s.phase == "rolloff" and s.tied == (0, 1)
    assert [e.key for e in s.events[-2:]] == ["DD-BIGGEST-2/pile_tie", "DD-BIGGEST-2/rolloff"]
    assert s.events[-2].data == {"tied": (0, 1, 2), "value": 6, "players": (0, 1), "pile": 5}
    assert texts(s)[-2:] == [
        "Who becomes the Biggest Donkey, Olivia, Fran or Jan? Each played a card worth 6; Olivia and Fran have the "
        "fewest cards left in their personal piles (5 each), so they are still tied.",
        "Who becomes the Biggest Donkey, Olivia or Fran? Each played a card worth 6, so they roll a die each: "
        "the highest roll becomes the Biggest Donkey.",
    ]
    assert s.events[-2].render("de", NAMES) == (
        "Wer wird Oberesel, Olivia, Fran oder Jan? Jeder hat eine Karte mit Wert 6 gespielt; Olivia und Fran haben "
        "die wenigsten Karten im eigenen Stapel (je 5), also steht es immer noch unentschieden."
    )


def test_dd_biggest_2_equal_piles_are_said_before_the_roll_off() -> None:
    s = tie_state(dd.Rules(), (6, 7, 6))
    assert [e.key for e in s.events[-2:]] == ["DD-BIGGEST-2/pile_tie", "DD-BIGGEST-2/rolloff"]
    assert texts(s)[-2].endswith(
        "Olivia and Jan have the fewest cards left in their personal piles (6 each), so they are still tied."
    )


@pytest.mark.parametrize(
    "values", [((0, True), (2, 3)), ((0, 2.0), (2, 3)), ((False, 3), (2, 4)), ((0, "5"), (2, 3)), ((0, 3), (2, None))]
)
def test_dd_biggest_2_roll_off_seats_and_pips_are_ints(values: tuple[tuple[int, int], ...]) -> None:
    s = tie_state(dd.Rules(), (6, 7, 6))
    with pytest.raises(IllegalAction) as err:
        s.apply(RollOff(values))
    assert err.value.rule == "DD-BIGGEST-2"
    good = RollOff(((0, 2), (2, 3)))
    saved = s.apply(good).to_json()
    with pytest.raises(LoadError, match="is illegal"):
        games.load(saved.replace(str(good), str(RollOff(values))))


@pytest.mark.parametrize("player", ["0", None, 0.0, False, (0,)])
def test_dd_play_1_player_is_a_seat_number(player: object) -> None:
    s = fill_hay(dealt(3), **GERMAN_EXAMPLE)
    assert s.current_player == 0
    s.legal_actions()  # the offered plays of seat 0: a look-alike must still be refused
    with pytest.raises(IllegalAction, match="seat number") as err:
        s.apply(Play(player, (0,)))  # type: ignore[arg-type]
    assert err.value.rule == "DD-PLAY-1"


def test_dd_play_1_true_is_not_seat_1() -> None:
    s = fill_hay(dealt(3), **GERMAN_EXAMPLE).apply(Play(0, (0,)))
    assert s.current_player == 1
    s.legal_actions()
    with pytest.raises(IllegalAction, match="seat number") as err:
        s.apply(Play(True, (10,)))
    assert err.value.rule == "DD-PLAY-1"
