"""Double Down running-total fast path: agrees with the exact DP/Markov results and with engine rollouts."""

from __future__ import annotations

import numpy as np

from donkeylab import double_down as dn
from donkeylab.core import GameState
from donkeylab.core.fastchunks import CHUNK
from donkeylab.double_down import PlayCard, exact
from donkeylab.double_down import fast_totals as totals
from donkeylab.double_down.bots import RandomCard
from donkeylab.double_down.deck import KIND_INDEX
from donkeylab.lab.experiment import rule_trial
from donkeylab.lab.stats import mean_normal, wilson
from donkeylab.lab.trials import run_trials
from tests.lab.agreement import assert_close, assert_distribution_matches

N = 200_000


def test_fast_totals_cover_the_rules_they_claim() -> None:
    assert {"DN-PLAY-1", "DN-MINUS-1", "DN-DOUBLET-1", "DN-BUST-1"} <= set(totals.RULES_COVERED)
    assert "DN-TOKEN-1" not in totals.RULES_COVERED, "tokens/swimming are not modelled"


def test_fast_totals_without_replacement_match_exact_distribution() -> None:
    for k in (1, 3):
        counts = totals.total_distribution(k, N, seed=k)
        assert_distribution_matches(counts, N, exact.total_distribution_without_replacement(k), f"k={k}")


def test_fast_totals_with_replacement_match_the_markov_chain() -> None:
    counts = totals.total_distribution(2, N, seed=5, replacement=True)
    assert_distribution_matches(counts, N, exact.total_distribution_with_replacement(2), "with replacement k=2")


def test_fast_totals_bust_rate_matches_exact_round_end() -> None:
    for k in (4, 8):
        busted = totals.running_totals(k, N, seed=10 + k).busted()[:, -1]
        assert_close(wilson(int(busted.sum()), N), exact.bust_within_k_cards(k), what=f"bust within {k} cards")


def test_fast_totals_are_seeded_and_prefix_stable() -> None:
    a = totals.running_totals(3, 1000, seed=1)
    b = totals.running_totals(3, 1000, seed=1)
    assert np.array_equal(a.totals, b.totals) and not np.array_equal(a.totals, totals.running_totals(3, 1000, 2).totals)
    one_chunk = totals.running_totals(2, CHUNK, seed=4).totals
    assert np.array_equal(totals.running_totals(2, CHUNK + 10, seed=4).totals[:CHUNK], one_chunk)


def test_doublet_hits_ignore_repeats_and_stop_at_bust() -> None:
    t = totals.Totals(
        totals=np.array([[11, 11, 22, 80, 88]]),
        announces=np.array([[True, False, True, True, True]]),
        kinds=np.zeros((1, 5), dtype=np.int64),
    )
    assert t.doublet_hits().tolist() == [2] and t.busted().tolist() == [[False, False, False, True, True]]


K = 4


def _plays(s: GameState) -> list[GameState]:
    """The states right after each PlayCard of the game so far."""
    return [t for t in s.timeline() if isinstance(t.last_action, PlayCard)]


def _first_round(final: GameState) -> dict[str, object]:
    """Totals and cards of the first K plays; ``ok`` is false if the round ended (bust) before that."""
    plays = _plays(final)[:K]
    ok = len(plays) == K and not any(e.rule == "DN-BUST-1" for t in plays for e in t.events)
    return {"ok": ok, "totals": [t.total for t in plays], "cards": [t.last_action.card for t in plays]}  # type: ignore[union-attr]


def _engine_first_round(games: int) -> list[dict[str, object]]:
    """The first K plays of ``games`` seeded 4-player games of RandomCard bots (a face-blind card choice)."""
    stop = lambda s: len(_plays(s)) >= K or any(e.rule == "DN-BUST-1" for e in s.events)  # noqa: E731
    trial = rule_trial(dn.new_game(4), stop, _first_round, [RandomCard()] * 4)
    return run_trials(trial, games, seed="dn-fast")


def test_dn_play_1_fast_totals_agree_with_engine_rollouts() -> None:
    """Same question both ways: mean total after 4 plays and P(a doublet is announced), in rounds that
    neither bust nor see a 2x among the first 3 cards (then every play is a face-blind uniform card)."""
    eng_totals, eng_doublet = [], []
    for r in _engine_first_round(6000):
        seen, cards = r["totals"], r["cards"]
        assert isinstance(seen, list) and isinstance(cards, list)
        if not r["ok"] or "2x" in cards[:-1]:
            continue
        eng_totals.append(seen[-1])
        eng_doublet.append(
            any(
                t in (11, 22, 33, 44, 55, 66) and c not in ("0", "2x", "reverse")
                for t, c in zip(seen, cards, strict=True)
            )
        )
    fast = totals.running_totals(K, N, seed=3)
    keep = ~fast.busted()[:, -1] & ~(fast.kinds[:, :-1] == KIND_INDEX["2x"]).any(axis=1)
    assert_close(mean_normal(eng_totals), mean_normal(fast.totals[keep, -1]), what="mean total after 4 plays")
    fast_doublet = (fast.doublet_hits()[keep] > 0).astype(int)
    assert_close(
        wilson(sum(eng_doublet), len(eng_doublet)), wilson(int(fast_doublet.sum()), int(keep.sum())), what="P(doublet)"
    )
