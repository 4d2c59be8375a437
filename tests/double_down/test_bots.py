"""Bots: Random, RandomCard and Careful; the token-loss benchmark shows Careful loses fewer tokens."""

from __future__ import annotations

import random

from donkeylab import double_down as dn
from donkeylab.core import CHANCE, Match
from donkeylab.double_down.bots import EMERGENCY
from donkeylab.double_down.exact import play_outcome
from donkeylab.lab.compare import compare_bots
from donkeylab.lab.experiment import ExperimentSpec, run_experiment
from tests.double_down.forcing import forced, play

COLUMNS = {"tokens_lost_per_game": "lost_seat", "penalties_per_game": "penalties_seat"}


def compare_token_losses(games: int, players: int, seed: int) -> list[dict[str, object]]:
    return compare_bots("double_down", ("Careful", "Random"), COLUMNS, games, players, seed)


def test_dn_doublet_1_careful_avoids_doublets_and_busts_when_it_can() -> None:
    bot = dn.bots.Careful()
    rng = random.Random(5)
    seen = 0
    for _game in range(30):
        s = dn.new_game(4)
        while not s.is_terminal():
            if s.current_player is CHANCE:
                s = s.apply(s.sample_chance(rng))
                continue
            action = bot.act(s, rng)
            assert action in s.legal_actions()
            outcomes = {a.card: play_outcome(s.total, a.card) for a in s.legal_actions()}  # type: ignore[attr-defined]
            card = action.card  # type: ignore[attr-defined]
            if "safe" in outcomes.values():
                assert outcomes[card] == "safe"
                safe_numbers = [c for c, o in outcomes.items() if o == "safe" and c not in EMERGENCY]
                assert card not in EMERGENCY or not safe_numbers  # emergency cards are kept back
            elif "doublet" in outcomes.values():
                assert outcomes[card] == "doublet"  # a doublet keeps the round going; a bust ends it
            seen += 1
            s = s.apply(action)
    assert seen > 500


def test_dn_bust_1_careful_plays_an_emergency_card_at_a_high_total() -> None:
    s = play(forced(3, [["66"], ["2"], ["10", "9", "0", "2x", "reverse"]]), "66", "2")  # 68: 9 and 10 bust
    assert dn.bots.Careful().act(s, random.Random(0)) == dn.PlayCard("2x")


def test_dn_token_1_careful_loses_fewer_tokens_than_random() -> None:
    rows = {r["bot"]: r for r in compare_token_losses(games=60, players=4, seed=1)}
    assert rows["Careful"]["seat_games"] == rows["Random"]["seat_games"] == 120
    assert rows["Careful"]["tokens_lost_per_game"] < rows["Random"]["tokens_lost_per_game"]  # type: ignore[operator]
    assert rows["Careful"]["win_rate"] > rows["Random"]["win_rate"]  # type: ignore[operator]


def test_dn_end_1_match_of_mixed_bots_ends_with_one_winner() -> None:
    bots = {0: dn.bots.Random(), 1: dn.bots.Careful(), 2: dn.bots.RandomCard()}
    m = Match(dn.new_game(3), seed=9, bots=bots)
    m.run()
    assert m.state.is_terminal() and len(m.state.winners) == 1
    assert repr(bots[1]) == "Careful()" and repr(bots[2]) == "RandomCard()"


def test_dn_token_1_bot_comparison_counts_real_token_losses() -> None:
    """The hit that eliminates a swimming player is a penalty but costs no token: a seat loses at most 3."""
    for record in run_experiment(ExperimentSpec("double_down", 4, 20, seed=0)).records:
        (winner,) = record["winners"]
        lost = [record[f"lost_seat{p}"] for p in range(4)]
        penalties = [record[f"penalties_seat{p}"] for p in range(4)]
        for seat in range(4):
            if seat == winner:
                assert lost[seat] == penalties[seat] <= 3  # a hit while swimming would have eliminated
            else:
                assert (lost[seat], penalties[seat]) == (3, 4)  # 3 tokens, then out at the swimming hit
    rows = compare_token_losses(games=20, players=4, seed=2)
    for row in rows:
        assert row["tokens_lost_per_game"] <= min(3, row["penalties_per_game"])  # type: ignore[call-overload]
