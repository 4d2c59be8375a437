"""Profile target: ``N`` random 4-player rollouts of one game (run it under pyinstrument or cProfile).

Usage: ``.venv/bin/pyinstrument -r text benchmarks/profile_rollout.py double_donkey 300``.
"""

from __future__ import annotations

import random
import sys

from donkeylab.core import play_random
from donkeylab.games import game_module


def main(game: str, games: int) -> None:
    start = game_module(game).new_game(4)
    rng = random.Random(f"profile:{game}")
    for _ in range(games):
        play_random(start, rng)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 300)
