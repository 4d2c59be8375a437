"""Two bots against each other, seats alternating, so no seat position favours either bot.

Built on ``run_experiment`` and the per-seat game metrics (``lab.metrics``): comparing strategies is
experiment work, so the engines only supply bots and never carry a game loop of their own for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from donkeylab.lab.experiment import ExperimentSpec, run_experiment


def compare_bots(
    game: str,
    bots: tuple[str, str],
    per_seat: Mapping[str, str],
    games: int = 200,
    players: int = 4,
    seed: int = 0,
) -> list[dict[str, Any]]:
    """One row per bot: seat-games, the mean per seat-game of each ``per_seat`` metric, and the win rate.

    Half the games seat ``bots[0]`` on even seats, half on odd seats. ``per_seat`` maps an output column to
    a per-seat record prefix, e.g. ``{"tokens_lost_per_game": "lost_seat"}`` reads ``lost_seat0``, ...
    """
    a, b = bots
    layouts = [tuple(a if (p + g) % 2 == 0 else b for p in range(players)) for g in (0, 1)]
    halves = (games + 1) // 2, games // 2
    totals = {name: {"seat_games": 0, "wins": 0, **dict.fromkeys(per_seat, 0)} for name in bots}
    for g, (layout, n) in enumerate(zip(layouts, halves, strict=True)):
        result = run_experiment(ExperimentSpec(game, players, n, seed=2 * seed + g, bots=layout))
        for record in result.records:
            for seat, name in enumerate(layout):
                row = totals[name]
                row["seat_games"] += 1
                row["wins"] += seat in record["winners"]
                for column, prefix in per_seat.items():
                    row[column] += record[f"{prefix}{seat}"]
    return [
        {
            "bot": name,
            "seat_games": t["seat_games"],
            **{column: t[column] / t["seat_games"] for column in per_seat},
            "win_rate": t["wins"] / t["seat_games"],
        }
        for name, t in totals.items()
    ]
