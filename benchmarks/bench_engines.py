"""Random-rollout throughput: each engine vs OpenSpiel's pure-Python liar's poker, in the same loop.

The loop is ``donkeylab.core.play_random``: 4 players, uniform random legal actions, chance sampled with
``sample_chance``. OpenSpiel's game runs the same loop shape (``legal_actions`` + ``rng.choice``, chance
drawn from ``chance_outcomes``), so the actions/s figures are comparable. Run: ``python benchmarks/bench_engines.py``.
"""

from __future__ import annotations

import importlib
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import Row, print_table, rate
from donkeylab.core import play_random
from donkeylab.games import GAMES

PLAYERS = 4
SECONDS = 1.5


def engine_rates(name: str, players: int = PLAYERS, seconds: float = SECONDS) -> tuple[float, float]:
    """(games/s, actions/s) of random rollouts of game ``name``."""
    module = importlib.import_module(GAMES[name])
    start = module.new_game(players)
    rng = random.Random(f"bench:{name}")
    counts = {"games": 0, "actions": 0}

    def one_game() -> int:
        final = play_random(start, rng)
        n = len(final.history)
        counts["games"] += 1
        counts["actions"] += n
        return n

    actions_per_s = rate(one_game, seconds)
    return actions_per_s * counts["games"] / max(counts["actions"], 1), actions_per_s


def openspiel_rates(
    players: int = PLAYERS, seconds: float = SECONDS, numpy_chance: bool = False
) -> tuple[float, float] | None:
    """(games/s, actions/s) of OpenSpiel's ``python_liars_poker``, or None if open-spiel is not installed.

    ``numpy_chance=True`` draws chance outcomes with ``np.random.choice`` as OpenSpiel's own examples do
    (slower: that idiom is where the issue's "about 65,000 actions/s" comes from); the default draws them
    with ``random.choices``, the same cost class as our ``sample_chance``: that is the like-for-like target.
    """
    try:
        import pyspiel
        from open_spiel.python.games import liars_poker  # noqa: F401  (registers python_liars_poker)
    except ImportError:
        return None
    import numpy as np

    game = pyspiel.load_game("python_liars_poker", {"players": players})
    rng = random.Random("bench:openspiel")
    np_rng = np.random.default_rng(0)
    counts = {"games": 0, "actions": 0}

    def one_game() -> int:
        s: Any = game.new_initial_state()
        n = 0
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes, probs = zip(*s.chance_outcomes(), strict=True)
                if numpy_chance:
                    s.apply_action(int(np_rng.choice(outcomes, p=probs)))
                else:
                    s.apply_action(rng.choices(outcomes, probs)[0])
            else:
                s.apply_action(rng.choice(s.legal_actions()))
            n += 1
        counts["games"] += 1
        counts["actions"] += n
        return n

    actions_per_s = rate(one_game, seconds)
    return actions_per_s * counts["games"] / max(counts["actions"], 1), actions_per_s


def rows() -> list[Row]:
    out: list[Row] = []
    baseline = openspiel_rates()
    target = 65_000.0 if baseline is None else baseline[1]
    label = f">= {target:,.0f} ({'OpenSpiel' if baseline else 'issue figure'})"
    if baseline is not None:
        out.append(Row("rollout", "OpenSpiel python_liars_poker games/s", baseline[0], "games/s"))
        out.append(Row("rollout", "OpenSpiel python_liars_poker actions/s", baseline[1], "actions/s", note="same loop"))
        idiom = openspiel_rates(numpy_chance=True)
        assert idiom is not None
        note = "np.random.choice at chance nodes (OpenSpiel example idiom)"
        out.append(Row("rollout", "OpenSpiel liars_poker actions/s, np chance", idiom[1], "actions/s", note=note))
    else:
        out.append(Row("rollout", "OpenSpiel", 0, "-", note="open-spiel not installed: target 65,000 actions/s"))
    for name in GAMES:
        try:
            games_s, actions_s = engine_rates(name)
        except Exception as exc:  # an engine still being written must not hide the others' figures
            out.append(Row("rollout", name, 0, "-", note=f"unavailable: {type(exc).__name__}: {exc}"[:90]))
            continue
        out.append(Row("rollout", f"{name} games/s", games_s, "games/s"))
        out.append(Row("rollout", f"{name} actions/s", actions_s, "actions/s", label, actions_s >= target))
    return out


if __name__ == "__main__":
    print_table(rows())
