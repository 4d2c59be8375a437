"""``donkeylab`` on the command line: ``simulate``, ``exact``, ``figure``, ``validate-board`` and ``serve``.

A teacher (or CI) gets the same numbers as the notebooks without Jupyter: seeded experiments with a CI
table and a progress bar on stderr, the exact lesson tables as Fractions, and the board validator.
Errors in the input (unknown game, bad rule option, bad board) print one clear line and exit with 2 (1 for
a board the validator rejects), never a traceback.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
import time
from collections.abc import Sequence
from fractions import Fraction
from typing import IO, Any

from donkeylab.core import DonkeylabError
from donkeylab.games import GAMES


def _parse_option(text: str) -> tuple[str, Any]:
    """``key=value``; the value is read as JSON when it parses (true, 3, [1,2]), else as a string."""
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"a rule option looks like key=value, not {text!r}")
    try:
        return key, json.loads(raw)
    except json.JSONDecodeError:
        return key, raw


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="donkeylab", description=__doc__.split("\n")[0] if __doc__ else None)
    sub = parser.add_subparsers(dest="command", required=True)

    sim = sub.add_parser("simulate", help="run N seeded games and print win rates and means with 95%% CIs")
    sim.add_argument("game", help=f"one of {', '.join(GAMES)}")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=1000)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--variant", help="rule variant, e.g. english or german (Double Donkey)")
    sim.add_argument("--rule", action="append", type=_parse_option, default=[], metavar="KEY=VALUE")
    sim.add_argument(
        "--bots", default="", help="comma-separated bots, one per seat or one for all: Random,Policy(lowest),…"
    )
    sim.add_argument("--board", help="Esels-Rennen board file (JSON)")
    sim.add_argument("--batch-size", type=int, default=50)
    sim.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    out = sim.add_mutually_exclusive_group()
    out.add_argument("--json", metavar="OUT", help="write spec, summary and records as JSON ('-': stdout)")
    out.add_argument("--csv", metavar="OUT", help="write one row per game as CSV ('-': stdout)")

    ex = sub.add_parser("exact", help="print the exact lesson tables of a game (Fractions)")
    ex.add_argument("game", help=f"one of {', '.join(GAMES)}")
    ex.add_argument("--table", help="only this table")
    ex.add_argument("--json", action="store_true", help="JSON instead of text tables")

    vb = sub.add_parser("validate-board", help="check an Esels-Rennen board file (ER-BOARD-2)")
    vb.add_argument("file")

    fg = sub.add_parser("figure", help="write a lesson figure (exact vs simulated) as a standalone HTML file")
    fg.add_argument("lesson", choices=sorted(LESSONS))
    fg.add_argument("--n", type=int, default=100_000, help="simulated trials (fast path)")
    fg.add_argument("--seed", type=int, default=0)
    fg.add_argument("--k", type=int, default=3, help="cards drawn (total-after)")
    fg.add_argument("--out", help="HTML file to write (default: LESSON.html)")

    sv = sub.add_parser("serve", help="serve the Voila gallery of the apps (what `make app` runs)")
    sv.add_argument("--dir", help="folder of app notebooks (default: the apps shipped with donkeylab)")
    sv.add_argument("--port", type=int, default=8866)
    sv.add_argument("--public", action="store_true", help="listen on every address; a token is required")
    sv.add_argument("--token", help="the token for --public (default: a random one, printed)")
    sv.add_argument("--max-kernels", type=int, help="most pages open at once (default 40, see SECURITY.md)")
    sv.add_argument("--cull-idle", type=int, metavar="SECONDS", help="stop a closed page's kernel after this idle time")
    sv.add_argument("--dry-run", action="store_true", help="print the command instead of running it")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "simulate":
            return simulate(args)
        if args.command == "exact":
            return exact(args)
        if args.command == "figure":
            return figure(args.lesson, args.n, args.seed, args.k, args.out)
        if args.command == "serve":
            return serve(args)
        return validate_board(args.file)
    except BrokenPipeError:  # e.g. `donkeylab exact … | head`: the reader left, that is not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except (DonkeylabError, ValueError, OSError) as exc:
        print(f"donkeylab {args.command}: {exc}", file=sys.stderr)
        return 2


# ---------------------------------------------------------------------------------------------- simulate
def simulate(args: argparse.Namespace) -> int:
    from donkeylab.lab.experiment import ExperimentSpec, run_experiment, split_bots

    rules = dict(args.rule)
    if args.variant:
        rules["variant"] = args.variant
    setup = {"board": args.board} if args.board else {}
    bots = split_bots(args.bots)
    spec = ExperimentSpec(args.game, args.players, args.games, args.seed, rules, bots, setup, args.batch_size)
    result = run_experiment(spec, progress=not args.no_progress)
    to_stdout = "-" in (args.json, args.csv)
    table = sys.stderr if to_stdout else sys.stdout
    print(
        f"{args.game}: {args.games} games, {args.players} players, seed {args.seed}, bots {','.join(spec.seat_bots())}",
        file=table,
    )
    print(f"rules: {spec.rules or 'defaults'}; {result.elapsed:.2f} s", file=table)
    print(format_summary(result.summary()), file=table)
    if args.json:
        _write(args.json, lambda f: json.dump(result.to_dict(), f, indent=1))
    if args.csv:
        _write(args.csv, lambda f: write_records_csv(result.records, f))
    return 0


def format_summary(estimates: Sequence[Any]) -> str:
    rows = [("statistic", "value", "95% CI", "n", "method")]
    rows += [(e.name, f"{e.value:.4f}", f"[{e.low:.4f}, {e.high:.4f}]", str(e.n), e.method) for e in estimates]
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows)


def write_records_csv(records: Sequence[dict[str, Any]], f: IO[str]) -> None:
    keys = list(records[0]) if records else ["index"]
    writer = csv.DictWriter(f, fieldnames=keys, lineterminator="\n")
    writer.writeheader()
    for r in records:
        writer.writerow({k: " ".join(map(str, v)) if isinstance(v, list) else v for k, v in r.items()})


def _write(path: str, fill: Any) -> None:
    if path == "-":
        fill(sys.stdout)
        sys.stdout.write("\n")
        return
    with open(path, "w", encoding="utf-8", newline="") as f:
        fill(f)
    print(f"wrote {path}", file=sys.stderr)


# ---------------------------------------------------------------------------------------------- exact
def exact(args: argparse.Namespace) -> int:
    import importlib

    from donkeylab.games import game_module

    game_module(args.game)  # clear error for an unknown game
    module = importlib.import_module(GAMES[args.game] + ".exact")
    if not hasattr(module, "lesson_tables"):
        raise ValueError(f"{args.game} has no exact lesson tables yet")
    start = time.perf_counter()
    tables: dict[str, list[dict[str, Any]]] = module.lesson_tables()
    elapsed = time.perf_counter() - start
    if args.table:
        if args.table not in tables:
            raise ValueError(f"no table {args.table!r}; tables: {', '.join(tables)}")
        tables = {args.table: tables[args.table]}
    if args.json:
        json.dump(
            {k: [{c: _jsonable(v) for c, v in row.items()} for row in rows] for k, rows in tables.items()},
            sys.stdout,
            indent=1,
        )
        sys.stdout.write("\n")
    else:
        for name, rows in tables.items():
            print(f"## {name}\n{format_table(rows)}\n")
    print(f"computed {len(tables)} table(s) in {elapsed:.3f} s", file=sys.stderr)
    return 0


def _cell(v: Any) -> str:
    if isinstance(v, Fraction):
        return f"{v} ≈ {float(v):.4f}" if v.denominator != 1 else str(v)
    if isinstance(v, float):
        return f"{v:.4f}"
    if isinstance(v, tuple | list):
        return "-".join(map(str, v))
    return str(v)


def _jsonable(v: Any) -> Any:
    if isinstance(v, Fraction):
        return {"fraction": str(v), "float": float(v)}
    if isinstance(v, tuple | list):
        return [_jsonable(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    return v if isinstance(v, int | float | str | bool) or v is None else str(v)


def format_table(rows: Sequence[dict[str, Any]]) -> str:
    if not rows:
        return "(empty)"
    keys = list(rows[0])
    cells = [keys] + [[_cell(r.get(k, "")) for k in keys] for r in rows]
    widths = [max(len(c[i]) for c in cells) for i in range(len(keys))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip() for line in cells)


# ---------------------------------------------------------------------------------------------- boards
def validate_board(path: str) -> int:
    from donkeylab import esels_rennen

    try:
        board = esels_rennen.load_board(path)
        report = esels_rennen.validate_board(board)
    except esels_rennen.BoardError as exc:
        print(f"{path}: INVALID: {exc}", file=sys.stderr)
        return 1
    print(f"{path}: OK")
    print(report)
    return 0


# ---------------------------------------------------------------------------------------------- figures
LESSONS: dict[str, str] = {
    "distinct-values": "Double Donkey: distinct values on the Hay card after phase 1",
    "flip": "Double Donkey: light blue + orange before and after an orange Angry Donkey",
    "total-after": "Double Down: running total after k cards",
    "risk": "Double Down: risk of the next card by total",
    "race-orders": "Esels-Rennen: finishing orders on the default board",
}


def figure(lesson: str, n: int, seed: int, k: int, out: str | None) -> int:
    from donkeylab.lab import lessons

    builders: dict[str, Any] = {
        "distinct-values": lambda: lessons.distinct_values(n, seed),
        "flip": lambda: lessons.flip(("light_blue", "orange"), ("orange",), n, seed),
        "total-after": lambda: lessons.total_after(k, n, seed),
        "risk": lessons.risk,
        "race-orders": lambda: lessons.race_orders(n=n, seed=seed),
    }
    path = out or f"{lesson}.html"
    builders[lesson]().write_html(path, include_plotlyjs=True)  # self-contained: works offline in class
    print(f"wrote {path}: {LESSONS[lesson]} (n={n:,}, seed={seed})", file=sys.stderr)
    return 0


# ---------------------------------------------------------------------------------------------- serve
def serve(args: argparse.Namespace) -> int:
    """Run the gallery in the foreground (Ctrl-C stops it) with the settings of ``donkeylab/apps/voila.json``."""
    import subprocess
    from pathlib import Path

    from donkeylab.apps.serve import page_urls, token_of, voila_command

    if args.dir is not None and not Path(args.dir).is_dir():
        raise ValueError(f"no app folder {args.dir!r}")
    folder = Path(args.dir) if args.dir else None
    limits = {"max_kernels": args.max_kernels, "cull_idle": args.cull_idle}
    cmd = voila_command(args.port, folder, public=args.public, token=args.token, **limits)
    verb = "would serve" if args.dry_run else "serving"
    if args.dry_run:
        print(" ".join(cmd))
    if args.public:
        print(f"{verb} on every address, port {args.port}; pupils open (the token is required):")
    else:
        print(f"{verb} on this machine only, port {args.port}; open:")
    for url in page_urls(args.port, token_of(cmd)):
        print(f"  {url}")
    if args.dry_run:
        return 0
    proc = subprocess.Popen(cmd)
    try:
        return proc.wait()
    except KeyboardInterrupt:  # the server got the same Ctrl-C and stops its kernels: wait for it
        return proc.wait()


if __name__ == "__main__":
    sys.exit(main())
