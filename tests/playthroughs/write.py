"""Write (or rewrite) the golden playthrough files: ``python -m tests.playthroughs.write [NAME ...]``.

Run it only when a rule change is intended, then read the diff: the files are the reviewable record of
how each engine plays.
"""

from __future__ import annotations

import sys

from tests.kit import playthrough_text
from tests.playthroughs.cases import all_cases, golden_path


def main(names: list[str]) -> None:
    cases = all_cases()
    for name in names or sorted(cases):
        state, seed, bots = cases[name]()
        golden_path(name).write_text(playthrough_text(state, seed, bots), encoding="utf-8")
        print(f"wrote {golden_path(name)}")


if __name__ == "__main__":
    main(sys.argv[1:])
