"""The classroom benchmark's record of each pupil and its table of figures (``benchmarks/classroom.py``)."""

from __future__ import annotations

import argparse
import os
import statistics
from dataclasses import dataclass, field
from typing import Any

from benchmarks.common import Row

IDLE, DRAWN = "click → kernel idle", "click → page redrawn"


class Figure(Row):
    """A row whose counts print as counts (``Row`` prints small values with three decimals)."""

    def cells(self) -> list[str]:
        cells = super().cells()
        if isinstance(self.value, int):
            cells[2] = f"{self.value:,}"
        return cells


@dataclass
class Pupil:
    kind: str  # "browser" or "headless"
    app: str
    page_s: float = 0.0
    steps: list[float] = field(default_factory=list)
    clicked_at: list[float] = field(default_factory=list)  # monotonic time of each click
    loaded_at: float = 0.0  # monotonic time the page was ready
    driven: list[float] = field(default_factory=list)  # a browser's Step timed through Playwright's driver
    split: list[tuple[float, float, float]] = field(default_factory=list)  # ms: reply at the page, text, painted
    kernel_id: str | None = None
    gallery_kernel: str | None = None
    error: str | None = None
    leaves_by: str = "beacon"  # or "disconnect"
    stepped: bool = False


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def all_in(pupils: list[Pupil]) -> float:
    """When the whole class is in: the last pupil's page was ready (monotonic)."""
    return max(p.loaded_at for p in pupils)


def by_phase(pupils: list[Pupil], clicks: list[tuple[float, Any]]) -> tuple[tuple[str, list[Any]], ...]:
    """``(click time, figure)`` pairs split into the class's two phases: while pupils arrive, once all are in."""
    end = all_in(pupils)
    return (
        ("while arriving", [x for t, x in clicks if t < end]),
        ("class in", [x for t, x in clicks if t >= end]),
    )


def phase_rows(pupils: list[Pupil]) -> list[Row]:
    """Step p95 (ms) in the class's two phases: while pupils still arrive (every arrival is a kernel start and a
    page build, seconds of CPU each, on the same cores as everyone's clicks) and once the whole class is in."""
    found = []
    for kind, what in (("browser", "Chromium pages"), ("headless", "headless pupils")):
        clicks = [(t, s) for p in pupils if p.kind == kind for t, s in zip(p.clicked_at, p.steps, strict=True)]
        for phase, chosen in by_phase(pupils, clicks):
            value = percentile(chosen, 0.95) * 1000
            target = ("<= 100", value <= 100) if kind == "browser" else ("", None)
            found.append(
                Figure("latency", f"step p95, {what}, {phase}", value, "ms", *target, note=f"{len(chosen)} clicks")
            )
    return found


def cpu_rows(r: dict[str, Any]) -> list[Row]:
    """How busy the cores are in the class's two phases, and with what (the kinds of ``cpu_split``): a Step
    waits for a core when the page loads of arriving pupils keep both busy."""
    cpu, began, stepped_at = r["cpu"]
    middle = all_in(r["pupils"])
    found = []
    for phase, start, end in (("while arriving", began, middle), ("class in", middle, stepped_at)):
        seconds, used = cpu.between(start, end)
        busy = sum(used.values()) / max(seconds, 1e-9)
        found.append(Figure("cpu", f"cores busy {phase}", busy, "cores", note=f"of {os.cpu_count()}, {seconds:.0f} s"))
        found += [
            Figure("cpu", f"  {kind}", value / max(seconds, 1e-9), "cores", note=f"{value / busy / seconds:.0%}")
            for kind, value in used.most_common(4)
        ]
    return found


def split_rows(pupils: list[Pupil]) -> list[Row]:
    """Where a Chromium page's Step spends its time (p95 of each part, ms) in the class's two phases, and the
    same click as timed from Playwright's driver (what this benchmark reported before 2026-12-03: the
    driver's round trips too)."""
    browsers = [p for p in pupils if p.kind == "browser"]
    clicks = [(t, s) for p in browsers for t, s in zip(p.clicked_at, p.split, strict=True)]
    found = []
    for phase, split in by_phase(pupils, clicks):
        parts = {
            "click → kernel's reply at the page": [r for r, _, _ in split if r == r],
            "reply → position text changed": [d - r for r, d, _ in split if r == r],
            "text changed → painted (2 frames)": [t - d for _, d, t in split],
        }
        found += [
            Figure("latency", f"Step {phase}: {what}", percentile(v, 0.95), "ms", note=f"p50 {percentile(v, 0.5):.0f}")
            for what, v in parts.items()
        ]
    driven = [d for p in pupils for d in p.driven]
    note = f"p50 {percentile(driven, 0.5) * 1000:.0f}"
    return [
        *found,
        Figure("latency", "Chromium Step, timed from Playwright", percentile(driven, 0.95) * 1000, "ms", note=note),
    ]


def rows(r: dict[str, Any], args: argparse.Namespace) -> list[Row]:
    pupils: list[Pupil] = r["pupils"]
    steps = {kind: [s for p in pupils if p.kind == kind for s in p.steps] for kind in ("headless", "browser")}
    pages = [p.page_s for p in r["served"] if p.kind == "headless"]
    p95_page = percentile(steps["browser"], 0.95) * 1000
    rss = [v[0] / 1024 for v in r["at_peak"].values()] or [0.0]
    pss = [v[1] / 1024 for v in r["at_peak"].values()] or [0.0]
    n, browsers = len(pupils), sum(p.kind == "browser" for p in pupils)
    by_app: dict[str, list[float]] = {}
    for p in pupils:
        if p.kernel_id in r["at_peak"]:
            by_app.setdefault(p.app, []).append(r["at_peak"][p.kernel_id][0] / 1024)
    served, errors, left, galleries = len(r["served"]), len(r["errors"]), len(r["left"]), len(r["galleries_left"])
    beacon_s, cull_s = (-1 if r[k] is None else r[k] for k in ("beacon_s", "cull_s"))
    return [
        Figure("sessions", "pupils served (page + every click)", served, "sessions", f">= {n}", served >= n),
        Figure("sessions", "errors", errors, "errors", "0", errors == 0),
        Figure("sessions", "kernels alive at once (peak)", r["peak"]["kernels"], "kernels", note=f"{browsers} pages"),
        Figure("latency", "step p50, headless pupils", percentile(steps["headless"], 0.5) * 1000, "ms"),
        Figure("latency", "step p95, headless pupils", percentile(steps["headless"], 0.95) * 1000, "ms", note=IDLE),
        Figure("latency", "step p95, Chromium pages", p95_page, "ms", "<= 100", p95_page <= 100, note=DRAWN),
        *phase_rows(pupils),
        *split_rows(pupils),
        *cpu_rows(r),
        Figure("latency", "page load p50, headless", percentile(pages, 0.5), "s", note="kernel start + notebook run"),
        Figure("latency", "page load p95, headless", percentile(pages, 0.95), "s"),
        Figure("memory", "RSS per kernel, mean", statistics.mean(rss), "MB", note=f"max {max(rss):.0f} MB"),
        Figure("memory", "PSS per kernel, mean", statistics.mean(pss), "MB", note="shared pages split"),
        *[Figure("memory", f"RSS per kernel: {app}", statistics.mean(v), "MB") for app, v in by_app.items()],
        Figure("memory", "all kernels at peak (RSS)", r["peak"]["rss_kb"] / 1024, "MB"),
        Figure("memory", "the Voila server process (RSS)", r["server_kb"] / 1024, "MB", note=f"with {n} pupils"),
        Figure("memory", "gallery kernels left after the card click", galleries, "kernels", "0", galleries == 0),
        Figure("memory", "closed tabs' kernels gone after", beacon_s, "s", note="the beacon; -1: not in 120 s"),
        Figure("memory", "every kernel gone after", cull_s, "s", note=f"culled after {args.cull} s idle"),
        Figure("memory", "kernels left at the end", left, "kernels", "0", left == 0),
    ]
