"""The engine test kit on 2–8 players, golden-free invariants with hypothesis, JSON, a seat's snapshot."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from donkeylab import double_down as dn
from donkeylab import games
from donkeylab.core import CHANCE, IllegalAction, LoadError
from donkeylab.double_down.deck import shuffled_ids
from donkeylab.double_down.exact import FULL_DECK
from tests import kit
from tests.double_down.forcing import forced, play


def _random_rules(rng: random.Random, players: int) -> dn.Rules:
    return dn.Rules(
        repeat_doublet_penalty=rng.random() < 0.5,
        negative_doublets=rng.random() < 0.5,
        swimming=rng.random() < 0.5,
        hand_size=rng.choice([n for n in range(1, 8) if n * players <= 56]),
    )


def _make(rng: random.Random) -> dn.DoubleDownState:
    players = rng.randint(2, 8)
    return dn.new_game(players, _random_rules(rng, players), opener=rng.randrange(players))


def test_dn_setup_1_engine_kit_random_games_2_to_8_players() -> None:
    finals = kit.check_random_games(_make, dn, games=60, seed=4)
    assert all(len(f.winners) == 1 and f.is_terminal() for f in finals)
    assert {f.num_players for f in finals} == set(range(2, 9))


def test_dn_end_1_seed_determinism_with_bots() -> None:
    kit.check_seed_determinism(dn.new_game(4), seed=2)
    bots = {0: dn.bots.Careful(), 1: dn.bots.Random(), 2: dn.bots.RandomCard()}
    kit.check_seed_determinism(dn.new_game(3), seed=5, bots=bots)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 8),
    swimming=st.booleans(),
    repeat=st.booleans(),
    negative=st.booleans(),
)
def test_dn_token_1_invariants_cards_tokens_one_winner(
    seed: int, players: int, swimming: bool, repeat: bool, negative: bool
) -> None:
    """56 cards always accounted for; tokens never negative and only decrease; exactly one winner."""
    rules = dn.Rules(swimming=swimming, repeat_doublet_penalty=repeat, negative_doublets=negative)
    rng = random.Random(seed)
    s = dn.new_game(players, rules)
    while not s.is_terminal():
        s2 = s.apply(s.sample_chance(rng) if s.current_player is CHANCE else rng.choice(s.legal_actions()))
        assert s2.card_counts() == FULL_DECK
        assert all(0 <= s2.tokens[p] <= s.tokens[p] for p in range(players))
        assert s.eliminated <= s2.eliminated and not (s2.swimming & s2.eliminated)
        assert all(len(h) <= rules.hand_size for h in s2.hands)
        assert all(not s2.hands[p] for p in s2.eliminated)
        s = s2
    assert len(s.winners) == 1 and s.winners[0] not in s.eliminated
    assert len(s.eliminated) == players - 1


def test_dn_play_1_snapshot_hides_other_hands_and_the_pile() -> None:
    s = forced(3, [["9"], ["76"], ["66"]])
    view = s.snapshot(0)
    table = view["table"]
    assert table["hands"] == [list(s.hands[0]), None, None] and table["hand_sizes"] == [5, 5, 5]
    # card_actions names every kind of the deck (the action of each), the same for every view: it reveals nothing
    assert table["card_actions"] == s.snapshot(None)["table"]["card_actions"] == s.snapshot(2)["table"]["card_actions"]
    text = json.dumps({**view, "table": {k: v for k, v in table.items() if k != "card_actions"}})
    assert "76" not in text.replace('"76": "76"', "") and '"66"' not in text.replace('"66": "66"', "")
    assert table["draw_pile"] == 41 and table["draw_pile_cards"] is None and table["played_cards"] is None
    assert table["total"] == 0 and view["current_player"] == 0 and table["pending_2x"] == 0
    assert [a["action"] for a in view["legal"]] == [str(a) for a in s.legal_actions()]
    assert s.snapshot(1)["legal"] == []  # not seat 1's turn


def test_dn_play_1_json_round_trip_and_tampering() -> None:
    s = play(forced(3, [["10"], ["9"], ["3"]]), "10", "9", "3")
    again = games.load(s.to_json())
    assert kit.fingerprint(again) == kit.fingerprint(s) and again.tokens == s.tokens
    bad = s.to_json().replace("PlayCard('9')", "PlayCard('76')")
    try:
        games.load(bad)
    except LoadError as exc:
        assert "history step 3" in str(exc) and "DN-PLAY-1" in str(exc)
    else:
        raise AssertionError("a tampered save must not load")
    assert dn.parse_action("Shuffle((2, 0, 1))") == dn.Shuffle((2, 0, 1))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(0, 60))
def test_dn_setup_1_deal_order_draws_exactly_like_random_shuffle(seed: int, n: int) -> None:
    """The inlined shuffle behind Deal/Shuffle must leave the generator where ``random.shuffle`` would."""
    ours, theirs = random.Random(seed), random.Random(seed)
    expected = list(range(n))
    theirs.shuffle(expected)
    assert shuffled_ids(n, ours) == tuple(expected)
    assert ours.random() == theirs.random()

    class Other(random.Random):  # another generator class gets rng.shuffle itself
        pass

    assert shuffled_ids(n, Other(seed)) == tuple(expected)


def test_dn_setup_1_only_the_sampled_deal_skips_the_check() -> None:
    """The Deal that sample_chance just made is trusted; any other Deal object is checked in full."""
    s = dn.new_game(4)
    sampled = s.sample_chance(random.Random(3))
    assert isinstance(sampled, dn.Deal)
    assert s.apply(dn.Deal(tuple(sampled.order))).describe() == s.apply(sampled).describe()
    bad = dn.Deal(sampled.order[:-1] + sampled.order[:1])  # a card twice, one missing
    with pytest.raises(IllegalAction) as err:
        s.apply(bad)
    assert err.value.rule == "DN-SETUP-1"


@pytest.mark.parametrize(
    ("old", "new"),
    [("Deal((", "Deal((0.5, "), ("PlayCard('9')", "PlayCard({})"), ("PlayCard('9')", "PlayCard(9)")],
)
def test_dn_play_1_load_rejects_non_int_ids_and_non_text_cards(old: str, new: str) -> None:
    text = play(forced(3, [["10"], ["9"], ["3"]]), "10", "9").to_json()
    if old == "Deal((":  # a float id in place of the first one
        head, tail = text.split(old, 1)
        first, rest = tail.split(", ", 1)
        text = f"{head}Deal(({float(first)}, {rest}"
    else:
        text = text.replace(old, new)
    with pytest.raises(LoadError):
        games.load(text)
