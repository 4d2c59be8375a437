"""Shared pieces of the benchmark scripts: one row type and a timing helper.

Every script exposes ``rows() -> list[Row]``; ``run_all.py`` prints them as one table.
"""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class Row:
    section: str
    name: str
    value: float
    unit: str
    target: str = ""
    ok: bool | None = None
    note: str = ""

    def cells(self) -> list[str]:
        mark = "" if self.ok is None else ("yes" if self.ok else "NO")
        value = f"{self.value:,.0f}" if self.value >= 100 else f"{self.value:.3f}"
        return [self.section, self.name, value, self.unit, self.target, mark, self.note]


def print_table(rows: list[Row]) -> None:
    header = ["section", "what", "figure", "unit", "target", "met", "note"]
    cells = [header] + [r.cells() for r in rows]
    widths = [max(len(c[i]) for c in cells) for i in range(len(header))]
    for i, line in enumerate(cells):
        print(
            " | ".join(
                c.rjust(w) if j == 2 else c.ljust(w) for j, (c, w) in enumerate(zip(line, widths, strict=True))
            ).rstrip()
        )
        if i == 0:
            print("-+-".join("-" * w for w in widths))
