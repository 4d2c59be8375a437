"""Double Down: token losses of the Careful bot against Random (``python benchmarks/double_down_bots.py``)."""

from __future__ import annotations

import sys
import time

from donkeylab.double_down.bots import print_comparison

if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    start = time.perf_counter()
    print_comparison(games=games, players=4, seed=0)
    print(f"({time.perf_counter() - start:.1f} s)")
