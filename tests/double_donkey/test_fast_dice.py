"""Double Donkey fast paths (phase 1 dice, Angry Donkey flips): agree with the exact DP and with engine games."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from donkeylab import double_donkey as dd
from donkeylab.core import GameState
from donkeylab.double_donkey import exact
from donkeylab.double_donkey import fast_dice as dice
from donkeylab.double_donkey import fast_flips as flips
from donkeylab.double_donkey.bots import Policy
from donkeylab.double_donkey.cards import COLOURS
from donkeylab.lab.experiment import rule_trial
from donkeylab.lab.stats import mean_normal, wilson
from donkeylab.lab.trials import run_trials
from tests.lab.agreement import assert_close, assert_distribution_matches

N = 200_000


def test_fast_dice_and_flips_state_their_rules() -> None:
    assert dice.RULES_COVERED == ("DD-DICE-1", "DD-DICE-2", "DD-DICE-3")
    assert {"DD-ANGRY-1", "DD-VALUE-1"} <= set(flips.RULES_COVERED)
    assert flips.COLOURS == COLOURS, "flips uses the engine's colour order"


@pytest.mark.parametrize("policy", dice.POLICIES)
@pytest.mark.parametrize("last_die", ["choose", "roll"])
def test_dd_dice_2_fast_distinct_values_match_exact(policy: dice.Policy, last_die: dice.LastDie) -> None:
    counts = {d: c for d, c in dice.distinct_distribution(N, 1, policy, last_die).items() if c}
    assert_distribution_matches(counts, N, exact.distinct_values_distribution(policy, last_die), f"{policy}/{last_die}")


def test_dd_dice_2_fast_free_choice_matches_exact() -> None:
    for hay, k in (({1, 2, 3}, 2), ({2, 4, 5, 6}, 1), ({1}, 3)):
        hits = dice.free_choice_hits(hay, k, N, seed=k)
        assert_close(wilson(hits, N), exact.p_free_choice(k, hay), what=f"free choice {hay} k={k}")


@pytest.mark.parametrize("policy", ["random", "lowest"])
def test_dd_angry_1_fast_flips_match_exact(policy: dice.Policy) -> None:
    for card, flip in ((("light_blue", "orange"), ("orange",)), (("purple",), ("purple",))):
        before, after = flips.flip_distributions(card, flip, N, seed=3, hay=policy)
        assert_distribution_matches(before, N, exact.card_value_distribution(card, (), policy), f"{card} before")
        assert_distribution_matches(after, N, exact.card_value_distribution(card, flip, policy), f"{card} after")


def test_dd_angry_1_toggle_versus_once_per_colour() -> None:
    assert flips.flipped_colours(("orange", "orange", "green")) == {"green"}
    assert flips.flipped_colours(("orange", "orange"), "once_per_colour") == {"orange"}
    pips = np.array([[1, 2, 3, 4, 5, 6]])
    assert flips.card_values(pips, ("orange", "yellow"), frozenset({"orange"})).tolist() == [4 + 4]
    with pytest.raises(ValueError, match="unknown colour"):
        flips.flipped_colours(("pink",))


def test_uniform_hay_flip_is_exactly_symmetric() -> None:
    before, after = flips.flip_distributions(("orange",), ("orange",), 60_000, seed=2)
    assert sum(before.values()) == sum(after.values()) == 60_000
    assert before == {7 - v: c for v, c in after.items()}, "7 - pips maps the two histograms onto each other"


def _phase_one_record(final: GameState) -> dict[str, object]:
    """The Hay card after phase 1, and whether any placement with 2+ dice rolled was a free choice."""
    free = any(
        s.phase == "choose" and len(s.rolled) > 1 and set(s.rolled.values()) <= set(s.hay.values())
        for s in final.timeline()
    )
    return {"hay": final.hay, "free": free}


def _engine_phase_one(games: int, policy: str, variant: str) -> list[dict[str, Any]]:
    """Round 1's phase 1 of ``games`` seeded 4-player engine games, every seat choosing by ``policy``."""
    start = dd.new_game(4, dd.Rules(variant=variant))
    bots = [Policy(policy)] * 4  # type: ignore[arg-type]
    trial = rule_trial(start, lambda s: len(s.hay) == 6, _phase_one_record, bots)
    return run_trials(trial, games, seed=f"dd-fast:{policy}:{variant}")


@pytest.mark.parametrize(("policy", "variant"), [("random", "english"), ("highest", "german")])
def test_dd_dice_1_fast_phase_one_agrees_with_engine_games(policy: str, variant: str) -> None:
    games = 1500
    engine = [(r["hay"], r["free"]) for r in _engine_phase_one(games, policy, variant)]
    last_die = "roll" if variant == "german" else "choose"
    phase = dice.simulate_phase_one(N, 4, policy, last_die)  # type: ignore[arg-type]
    eng_distinct = [len(set(h.values())) for h, _ in engine]
    assert_close(mean_normal(eng_distinct), mean_normal(phase.distinct()), what="distinct values")
    eng_free = sum(f for _, f in engine)
    assert_close(wilson(eng_free, games), wilson(int(phase.free[:, :5].any(axis=1).sum()), N), what="any free choice")
    pips = flips.hay_pips(N, 4, policy, last_die)
    card = ("light_blue", "orange")
    eng_value = [h["light_blue"] + h["orange"] for h, _ in engine]
    assert_close(mean_normal(eng_value), mean_normal(flips.card_values(pips, card)), what="card value")


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), policy=st.sampled_from(dice.POLICIES), last=st.sampled_from(["choose", "roll"]))
def test_dd_dice_2_fast_phase_one_never_breaks_the_new_value_rule(seed: int, policy: str, last: str) -> None:
    """Invariant: a placement that was not a free choice always added a value not yet on the Hay card."""
    phase = dice.simulate_phase_one(300, seed, policy, last)  # type: ignore[arg-type]
    assert phase.pips.min() >= 1 and phase.pips.max() <= 6
    for t in range(1, 5):
        earlier = phase.pips[:, :t]
        repeated = (earlier == phase.pips[:, t, None]).any(axis=1)
        assert not (repeated & ~phase.free[:, t]).any()
    assert (phase.distinct() == [len(set(row)) for row in phase.pips.tolist()]).all()


@settings(max_examples=15, deadline=None)
@given(hay=st.sets(st.integers(1, 6), min_size=1, max_size=5), k=st.integers(1, 5))
def test_dd_dice_2_fast_free_choice_matches_exact_for_any_hay(hay: set[int], k: int) -> None:
    """Within 4 binomial standard errors of the exact (m/6)^k. The seed is a function of (hay, k), and all
    310 cases were checked once exhaustively (largest deviation 2.8 SE), so no example can be unlucky."""
    n = 50_000
    p = float(exact.p_free_choice(k, hay))
    hits = dice.free_choice_hits(hay, k, n, seed=sum(1 << v for v in hay) * 8 + k)
    assert abs(hits / n - p) <= 4 * math.sqrt(p * (1 - p) / n), f"{sorted(hay)} k={k}: {hits / n} vs {p}"
