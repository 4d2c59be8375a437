"""The soak benchmark (``benchmarks/soak.py``) in miniature: a few checked games per engine, so the script and
its invariants cannot rot between the long runs (which report 100,000 games per engine)."""

from __future__ import annotations

import pytest

from benchmarks import soak


@pytest.mark.parametrize("game", soak.ENGINES)
def test_soak_runs_checked_games_of_every_engine(game: str) -> None:
    report = soak.soak(game, 4, seed=11)
    assert report.games == 4 and report.actions > 0 and report.saves_reloaded == 1
    assert sum(report.players.values()) == 4 and "0 invariant violations" in report.lines()[0]


def test_soak_reports_a_broken_invariant(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(soak, "FULL_DECK", {**soak.FULL_DECK, "9": 4})  # claim a fourth 9: conservation fails
    with pytest.raises(soak.Violation, match=r"double_down game 0 .* conserved"):
        soak.soak("double_down", 1)


def test_soak_configurations_cover_every_option() -> None:
    import random

    rng = random.Random(0)
    seen: dict[str, set[str]] = {game: set() for game in soak.ENGINES}
    for game in soak.ENGINES:
        for _ in range(400):
            config = soak.random_config(game, rng)
            seen[game].update(f"{k}={v}" for k, v in config.rules.to_dict().items() if k != "deck")
            seen[game].add(f"players={config.players}")
    assert {"variant=german", "end=immediate", "angry_flip=once_per_colour", "players=5"} <= seen["double_donkey"]
    assert {"swimming=False", "negative_doublets=True", "hand_size=1", "players=8"} <= seen["double_down"]
    assert {"sand=start", "finish_arrows=False", "start_order=random", "scoring=points", "players=6"} <= seen[
        "esels_rennen"
    ]
