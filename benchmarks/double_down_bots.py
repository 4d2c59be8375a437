"""Double Down: token losses of the Careful bot against Random (``python benchmarks/double_down_bots.py [GAMES]``).

Seats alternate between the two bots. A penalty is a doublet or bust hit; the hit that eliminates a swimming
player costs no token (DN-TOKEN-1), so tokens lost per game stay at most 3.
"""

from __future__ import annotations

import sys
import time

from donkeylab.lab.compare import compare_bots

COLUMNS = {"tokens_lost_per_game": "lost_seat", "penalties_per_game": "penalties_seat"}


def main(games: int, players: int = 4, seed: int = 0) -> None:
    start = time.perf_counter()
    rows = compare_bots("double_down", ("Careful", "Random"), COLUMNS, games, players, seed)
    print(f"Double Down, {players} players, {games} games, seed {seed}")
    print("(penalties = doublet and bust hits; the hit that eliminates a swimming player costs no token)")
    print(f"{'bot':<8} {'seat-games':>10} {'tokens lost/game':>17} {'penalties/game':>15} {'win rate':>9}")
    for r in rows:
        print(
            f"{r['bot']:<8} {r['seat_games']:>10} {r['tokens_lost_per_game']:>17.3f} "
            f"{r['penalties_per_game']:>15.3f} {r['win_rate']:>9.3f}"
        )
    print(f"({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 400)
