"""Setup, the deck as data, rule options, saves and action notation."""

from __future__ import annotations

from collections import Counter

import pytest

from donkeylab import double_donkey as dd
from donkeylab import games
from donkeylab.core import CHANCE, IllegalAction, LoadError, NotEnumerable
from donkeylab.double_donkey import Choose, Deal, Keep, Play, Reroll, Roll, RollOff, Shuffle
from donkeylab.double_donkey.cards import PILE_SIZE, validate_deck
from donkeylab.games import game_module
from tests.double_donkey.helpers import dealt, fill_hay, roll, texts


def test_dd_setup_1_deal_piles_hands_and_draw_pile() -> None:
    s = dd.new_game(4)
    assert s.current_player is CHANCE and s.phase == "deal" and s.legal_actions() == ()
    with pytest.raises(NotEnumerable):
        s.chance_outcomes()
    s = s.apply(Deal(tuple(range(57))))
    assert s.hands[1] == (10, 11, 12) and s.piles[1] == tuple(range(13, 20))
    assert s.draw_pile_size == 17 and s.draw_pile[0] == 40 and s.discard == () and s.biggest is None
    assert texts(s) == [
        "The 57 cards are shuffled; everyone gets a personal pile of 10 cards and takes the top 3 into their hand; "
        "17 cards form the draw pile.",
        "Olivia is the starting player and rolls the dice first.",
    ]
    for bad in (Deal((0, 0, *range(2, 57))), Deal(3)):  # type: ignore[arg-type]
        with pytest.raises(IllegalAction) as err:
            dd.new_game(4).apply(bad)
        assert err.value.rule == "DD-SETUP-1"


def test_dd_setup_1_sampled_deal_is_a_permutation() -> None:
    import random

    s = dd.new_game(5)
    deal = s.sample_chance(random.Random(3))
    assert isinstance(deal, Deal) and sorted(deal.order) == list(range(57))
    s = s.apply(deal)
    assert all(len(h) == 3 and len(p) == 7 for h, p in zip(s.hands, s.piles, strict=True)) and s.draw_pile_size == 7


@pytest.mark.parametrize("players", [0, 1, 6, True])
def test_dd_setup_2_player_count(players: int) -> None:
    with pytest.raises(IllegalAction, match="2 to 5 players") as err:
        dd.new_game(players)
    assert err.value.rule == "DD-SETUP-2"


def test_dd_setup_2_first_player_option() -> None:
    s = dealt(3, dd.Rules(first_player=2))
    assert s.roller == 2 and texts(s)[1] == "Jan is the starting player and rolls the dice first."
    s = s.apply(roll(s, light_blue=1, dark_blue=2, orange=3, yellow=4, green=5, purple=6))
    assert s.current_player == 2
    with pytest.raises(IllegalAction) as err:
        dd.new_game(3, dd.Rules(first_player=3))
    assert err.value.rule == "DD-SETUP-2"
    with pytest.raises(ValueError, match="first_player"):
        dd.Rules(first_player=-1)


def test_dd_deck_1_reconstruction_is_labelled_data() -> None:
    info = dd.DECKS["reconstruction"]
    assert info.label.startswith("[reconstruction]")
    cards = dd.build_deck("reconstruction")
    assert len(cards) == 57 and [c.id for c in cards] == list(range(57))
    doubles = [c for c in cards if not c.angry]
    assert len(doubles) == 51 and all(len(set(c.colours)) == 2 for c in doubles)
    per_colour = Counter(c for card in doubles for c in card.colours)
    assert sorted(per_colour.values()) == [17] * 6
    pairs = Counter(card.colours for card in doubles)
    assert sorted(pairs.values()) == [3] * 9 + [4] * 6
    assert sorted(c.colours for c in cards if c.angry) == [(i,) for i in range(6)]
    assert cards[0].name == "DD:light_blue+dark_blue#1" and cards[56].name == "ANGRY:purple"
    assert len({c.name for c in cards}) == 57
    assert dd.new_game(2).deck_label == info.label


def test_dd_deck_1_custom_deck_accepted() -> None:
    deck = ("light_blue+orange",) * 15 + ("angry:green",) * 5
    rules = dd.Rules(deck=deck)
    s = dd.new_game(2, rules)
    assert (
        len(s.cards) == 20
        and s.cards[15].name == "ANGRY:green#1"
        and s.cards[0].colour_names == ("light_blue", "orange")
    )
    with pytest.raises(IllegalAction, match="need 30 cards") as err:
        dd.new_game(3, rules)
    assert err.value.rule == "DD-SETUP-1"


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (("light_blue+pink",) * 20, "unknown colour 'pink'"),
        (("green+green",) * 20, "one colour twice"),
        (("green",) * 20, "two colours joined by"),
        (("angry:black",) * 20, "unknown colour 'black'"),
        (("green+orange",) * 5, "at least 20 cards"),
        ((), "non-empty tuple"),
        ((1,) * 20, "not a string"),
        ("classic", "unknown deck 'classic'"),
    ],
)
def test_dd_deck_1_bad_deck_rejected(deck: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        dd.Rules(deck=deck)  # type: ignore[arg-type]
    if isinstance(deck, tuple):
        with pytest.raises(ValueError, match="DD-DECK-1"):
            validate_deck(deck, min_cards=PILE_SIZE * dd.PLAYERS.low)  # type: ignore[arg-type]  (as Rules asks)


def test_dd_setup_2_rules_variants_and_bad_options() -> None:
    german = dd.Rules(variant="german")
    assert (german.tie_break, german.last_die, german.end) == ("roll", "roll", "immediate")
    english = dd.Rules()
    assert (english.tie_break, english.last_die, english.end) == ("pile_then_roll", "choose", "after_refill")
    assert dd.Rules(variant="german", tie_break="pile_then_roll").tie_break == "pile_then_roll"
    for bad in ({"variant": "french"}, {"tie_break": "coin"}, {"angry_flip": "never"}, {"end": "later"}):
        with pytest.raises(ValueError, match="must be"):
            dd.Rules(**bad)  # type: ignore[arg-type]


def test_dd_setup_1_json_round_trip_and_registry() -> None:
    s = dealt(3, dd.Rules(variant="german", deck=dd.DECKS["reconstruction"].cards))
    s = s.apply(roll(s, light_blue=1, dark_blue=2, orange=3, yellow=4, green=5, purple=6)).apply(Choose("green"))
    s = fill_hay(s, light_blue=1, dark_blue=2, orange=3, yellow=4, purple=6).apply(Play(0, (0, 1)))
    again = games.load(s.to_json())
    assert again.history == s.history and again.describe() == s.describe()
    assert game_module("double_donkey") is dd
    with pytest.raises(LoadError, match="step"):
        games.load(s.to_json().replace("Choose('green')", "Choose('purple')"))
    for bad in ("Choose(5)", "Play(0, 7)", "Play(0, ('a',))", "Roll((1, 2))", "Deal(3)"):
        with pytest.raises(LoadError, match="step 1"):
            games.load(s.to_json().replace(str(s.history[0]), bad))


def test_dd_setup_1_actions_round_trip() -> None:
    actions = [
        Deal((2, 0, 1)),
        Roll((("light_blue", 2), ("purple", 6))),
        Choose("orange"),
        Reroll(),
        Keep(),
        Play(2, (5, 9)),
        RollOff(((0, 3), (2, 3))),
        Shuffle((4, 1)),
    ]
    for action in actions:
        assert dd.parse_action(str(action)) == action
    assert str(Choose("orange")) == "Choose('orange')"
