"""Experiments on the three real engines: per-game metrics, variants, bots, and the figures built from them."""

from __future__ import annotations

from collections import Counter

from donkeylab.lab import figures
from donkeylab.lab.experiment import ExperimentSpec, run_experiment


def test_double_donkey_variants_side_by_side() -> None:
    series = {}
    for variant in ("english", "german"):
        spec = ExperimentSpec("double_donkey", players=4, games=40, seed=2, rules={"variant": variant})
        result = run_experiment(spec)
        assert all(r["rounds"] >= 1 and r["winners"] for r in result.records)
        for r in result.records:  # german: the game may end at a reveal, before a Biggest Donkey is named
            assert r["rounds"] - (variant == "german") <= sum(r[f"biggest_seat{p}"] for p in range(4)) <= r["rounds"]
        assert result.to_dict()["spec"]["rules"] == {"variant": variant}
        rounds = Counter(f"{min(r['rounds'], 8)} rounds" for r in result.records)
        keys = [f"{k} rounds" for k in range(1, 9)]
        series[variant] = figures.estimates_from_counts(rounds, len(result.records), keys)
    fig = figures.side_by_side(series, "Double Donkey: game length by variant", "rounds until someone wins")
    assert [t.name.split(" ")[0] for t in fig.data] == ["english", "german"]


def test_dn_token_1_double_down_penalties_and_real_token_losses_are_recorded() -> None:
    spec = ExperimentSpec("double_down", players=4, games=30, seed=5, bots=("Careful", "Random", "Random", "Random"))
    result = run_experiment(spec)
    assert all(len(r["winners"]) == 1 for r in result.records), "DN-END-1: exactly one winner"
    for r in result.records:
        assert r["busts"] >= 1 and r["penalties"] == r["busts"] + r["doublet_penalties"]
        assert sum(r[f"lost_seat{p}"] for p in range(4)) == r["tokens_lost"]
        # DN-TOKEN-1: 3 tokens each; the winner keeps at least one or swims, the three others lose all 3, and the
        # hit that eliminates a swimmer is a penalty without a token, so penalties exceed tokens lost by 3.
        assert all(0 <= r[f"lost_seat{p}"] <= 3 for p in range(4))
        assert r["tokens_lost"] == r["penalties"] - 3
    assert result.spec.seat_bots()[0] == "Careful"
    names = [e.name for e in result.summary()]
    assert "mean busts" in names and "mean doublet_penalties" in names


def test_esels_rennen_orders_and_no_winner_rate() -> None:
    result = run_experiment(ExperimentSpec("esels_rennen", players=2, games=60, seed=3))
    assert {len(r["order"].split("-")) for r in result.records} == {3}
    summary = {e.name: e for e in result.summary()}
    assert 0 <= summary["no winner"].value <= 1
    assert len([n for n in summary if n.startswith("order=")]) >= 3
