"""Profile target: ``N`` random 4-player games of one game (run it under pyinstrument or cProfile).

Usage: ``.venv/bin/pyinstrument -r text benchmarks/profile_rollout.py double_donkey 300`` (``play_random``
from one start state) or ``... double_donkey 300 natural`` (the loop a user writes: ``new_game`` per game).
"""

from __future__ import annotations

import random
import sys

from donkeylab.core import play_random
from donkeylab.games import game_module


def main(game: str, games: int, natural: bool = False) -> None:
    module = game_module(game)
    start = module.new_game(4)
    rng = random.Random(f"profile:{game}")
    for _ in range(games):
        if not natural:
            play_random(start, rng)
            continue
        s = module.new_game(4)
        while not s.is_terminal():
            s = s.apply(s.sample_chance(rng) if s.is_chance() else rng.choice(s.legal_actions()))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 300, "natural" in sys.argv[3:])
