"""``donkeylab`` on the command line: ``simulate``, ``exact``, ``chances``, ``figure``, ``validate-board``, ``serve``.

A teacher (or CI) gets the same numbers as the notebooks without Jupyter: seeded experiments with a CI
table and a progress bar on stderr, the exact lesson tables as Fractions, and the board validator.
Errors never print a traceback: a usage error (unknown game, a number out of range, a bad bot or rule option)
prints one line and exits with 2; bad data (a board file that cannot be read or that the validator rejects)
prints one line and exits with 1.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import IO, Any, NoReturn

from donkeylab.core import DonkeylabError, LoadError, quote
from donkeylab.core.bounds import MAX_SEED, MAX_STEP
from donkeylab.core.jsonio import strict_json
from donkeylab.games import GAMES

# Caps on the numbers a command line may ask for: a typo (or a hostile script) gets one clear line instead of
# an OverflowError, a MemoryError or a run of years.
MAX_GAMES = 1_000_000
MAX_TRIALS = 10_000_000


class UsageError(Exception):
    """A command-line argument that cannot work: one line, exit code 2."""


class DataError(Exception):
    """A file named on the command line whose content is bad: one line, exit code 1."""


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (what was wrong, and where the help is), never the usage block."""

    def error(self, message: str) -> NoReturn:
        text = one_line(message, 300)  # argparse quotes the whole bad argument
        self.exit(2, f"{self.prog}: {text} (see {self.prog} --help)\n")


def bounded(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (refused before anything is built)."""

    def parse(text: str) -> int:
        if len(text) > 40:
            raise argparse.ArgumentTypeError(f"{quote(text)} is not a whole number from {low:,} to {high:,}")
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{quote(text)} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is outside {low:,}..{high:,}")
        return value

    return parse


def key_value(usage: str) -> Callable[[str], tuple[str, Any]]:
    """An argparse type for ``key=value`` (a rule option, a question's parameter): the value read as JSON when it
    parses (true, 3, ["a", "b"]), else as a string, which the rules or the question check then; ``usage`` is
    the sentence for text without a key."""

    def parse(text: str) -> tuple[str, Any]:
        key, sep, raw = text.partition("=")
        if not sep or not key:
            raise argparse.ArgumentTypeError(f"{usage}, not {quote(text)}")
        try:
            return key, strict_json(raw, 100_000, "value")
        except LoadError:  # not JSON (or a 5,000-digit number): the word itself
            return key, raw

    return parse


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="donkeylab", description=__doc__.split("\n")[0] if __doc__ else None)
    sub = parser.add_subparsers(dest="command", required=True)

    sim = sub.add_parser("simulate", help="run N seeded games and print win rates and means with 95%% CIs")
    sim.add_argument("game", help=f"one of {', '.join(GAMES)}")
    sim.add_argument("--players", type=bounded(1, 99), default=4)
    sim.add_argument("--games", type=bounded(0, MAX_GAMES), default=1000)
    sim.add_argument("--seed", type=bounded(0, MAX_SEED), default=0)
    sim.add_argument("--variant", help="rule variant, e.g. english or german (Double Donkey)")
    option = key_value("a rule option looks like key=value")
    sim.add_argument("--rule", action="append", type=option, default=[], metavar="KEY=VALUE")
    sim.add_argument(
        "--bots", default="", help="comma-separated bots, one per seat or one for all: Random,Policy(lowest),…"
    )
    sim.add_argument("--board", help="Esels-Rennen board file (JSON)")
    sim.add_argument("--batch-size", type=bounded(1, MAX_GAMES), default=50)
    where = sim.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=bounded(1, 256),
        metavar="N",
        help="processes (default: all cores if the run would take over ~2 s)",
    )
    where.add_argument("--scheduler", metavar="ADDRESS", help="run on a Dask cluster, e.g. tcp://host:8786")
    sim.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    out = sim.add_mutually_exclusive_group()
    out.add_argument("--json", metavar="OUT", help="write spec, summary and records as JSON ('-': stdout)")
    out.add_argument("--csv", metavar="OUT", help="write one row per game as CSV ('-': stdout)")

    ex = sub.add_parser("exact", help="print the exact lesson tables of a game (Fractions)")
    ex.add_argument("game", help=f"one of {', '.join(GAMES)}")
    ex.add_argument("--table", help="only this table")
    ex.add_argument("--json", action="store_true", help="JSON instead of text tables")

    ch = sub.add_parser("chances", help="every legal move's exact odds at step N of a seeded game of Random bots")
    ch.add_argument("game", help=f"one of {', '.join(GAMES)}")
    ch.add_argument("--seed", type=bounded(0, MAX_SEED), default=0)
    ch.add_argument("--step", type=bounded(0, MAX_STEP), default=0, help="actions from the start, as a page's step=")
    ch.add_argument("--players", type=bounded(1, 99), help="default: the game's default, as on its page")
    ch.add_argument("--variant", help="rule variant, e.g. english or german (Double Donkey)")

    vb = sub.add_parser("validate-board", help="check an Esels-Rennen board file (ER-BOARD-2)")
    vb.add_argument("file")

    fg = sub.add_parser("figure", help="write a question's figure (exact vs simulated) as a standalone HTML file")
    fg.add_argument("question", help="a question: GAME.QUESTION ('list' prints them all)")
    fg.add_argument("--n", type=bounded(1, MAX_TRIALS), default=100_000, help="simulated trials")
    fg.add_argument("--seed", type=bounded(0, MAX_SEED), default=0)
    param = key_value("--param needs NAME=VALUE")
    fg.add_argument("--param", action="append", type=param, default=[], metavar="NAME=VALUE", help="e.g. k=4")
    fg.add_argument("--lang", choices=("en", "de"), default="en")
    fg.add_argument("--out", help="HTML file to write (default: QUESTION.html)")

    ws = sub.add_parser("worksheet", help="write a lesson's printable worksheet or answer key (A4 HTML or PDF)")
    ws.add_argument("lesson", help="die_choice, angry_flips, doublet_penalties, arrow_chains, full_games, or all")
    ws.add_argument("--lang", choices=("en", "de"), default="en")
    ws.add_argument("--key", action="store_true", help="the answer key for the teacher instead of the worksheet")
    ws.add_argument("--variant", choices=("english", "german"), help="the rules whose numbers it prints")
    ws.add_argument("--pdf", action="store_true", help="print it to PDF with headless Chromium instead of HTML")
    ws.add_argument("--out", help="file to write (default: LESSON-KIND-LANG.html); a folder for 'all'")

    sv = sub.add_parser("serve", help="serve the Voila gallery of the apps (what `make app` runs)")
    sv.add_argument("--dir", help="folder of app notebooks (default: the apps shipped with donkeylab)")
    sv.add_argument("--port", type=bounded(1, 65535), default=8866)
    sv.add_argument(
        "--class",
        dest="class_server",
        action="store_true",
        help="serve a class: listen on the network, print the address pupils open and your teacher link "
        "(pupils join with the class code or its QR code; the token is yours)",
    )
    sv.add_argument("--public", action="store_true", help="the same as --class")
    sv.add_argument("--token", help="the teacher's token for --class (default: a random one, printed)")
    sv.add_argument(
        "--max-kernels", type=bounded(1, 10_000), help="most pages open at once (default 40, see SECURITY.md)"
    )
    sv.add_argument(
        "--cull-idle",
        type=bounded(10, 86_400),
        metavar="SECONDS",
        help="stop a closed page's kernel after this idle time",
    )
    sv.add_argument(
        "--preheat",
        nargs="*",
        metavar="APP=N",
        help="start kernels in advance: alone, one per app (make app); APP=N, N for the lesson you announce "
        "(e.g. die_choice=30), on top of --max-kernels",
    )
    sv.add_argument(
        "--orphan-grace",
        type=bounded(10, 86_400),
        metavar="SECONDS",
        help="stop a page's kernel this long after its page lost its connection (default 120)",
    )
    sv.add_argument(
        "--host-name",
        action="append",
        metavar="NAME",
        help="a name the server also answers to (a proxy's, a DNS name of this computer); besides its addresses,"
        " localhost and this computer's name, any other name is refused (DNS rebinding)",
    )
    sv.add_argument("--dry-run", action="store_true", help="print the command instead of running it")

    st = sub.add_parser("site", help="the static site: every app in the browser, no server (see README)")
    st_sub = st.add_subparsers(dest="site_command", required=True)
    st_sub.add_parser("build", help="write the site into DIR (fetched tools are cached)").add_argument("dir")
    ss = st_sub.add_parser("serve", help="serve a built site on 127.0.0.1 and open the browser (a USB stick)")
    ss.add_argument("dir")
    ss.add_argument("--port", type=bounded(1, 65535), default=8000)
    ss.add_argument("--no-browser", action="store_true", help="do not open a browser")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return _run(args)
    except BrokenPipeError:  # e.g. `donkeylab exact … | head`: the reader left, that is not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except DataError as exc:
        return _fail(args.command, exc, 1)
    except (UsageError, DonkeylabError, ValueError, OSError) as exc:
        return _fail(args.command, exc, 2)
    except KeyboardInterrupt:
        return _fail(args.command, "interrupted", 130)
    except Exception as exc:  # a bug of ours: still one line (with its kind), never a traceback
        return _fail(args.command, f"unexpected {type(exc).__name__}: {exc}", 1)


def _run(args: argparse.Namespace) -> int:
    if args.command == "simulate":
        return simulate(args)
    if args.command == "exact":
        return exact(args)
    if args.command == "chances":
        return chances(args)
    if args.command == "figure":
        return figure(args.question, args.n, args.seed, args.param, args.lang, args.out)
    if args.command == "serve":
        return serve(args)
    if args.command == "worksheet":
        return worksheet(args)
    if args.command == "site":
        return site(args)
    return validate_board(args.file)


def site(args: argparse.Namespace) -> int:
    """``site build DIR`` / ``site serve DIR`` (``donkeylab.site``: the build runs in its own venv)."""
    if args.site_command == "build":
        from donkeylab.site.build import build

        figures = build(Path(args.dir))
        print(f"site: {args.dir} ({figures['megabytes']:.1f} MB, built in {figures['seconds']:.0f} s)")
        return 0
    from donkeylab.site.serve import serve as serve_site

    return serve_site(Path(args.dir), args.port, not args.no_browser)


def _fail(command: str, why: object, code: int) -> int:
    """Print the one line that says what was wrong (whatever the input, it stays a short single line)."""
    print(one_line(f"donkeylab {command}: {why}"), file=sys.stderr)
    return code


def one_line(text: str, limit: int = 500) -> str:
    """``text`` on one line of at most ``limit`` characters (a message may quote a path or an argument), and
    printable on any stream: an argument with bytes that are not UTF-8 shows them as escapes."""
    text = " ".join(text.split())
    text = text if len(text) <= limit else text[:limit] + " [...]"
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


# ---------------------------------------------------------------------------------------------- simulate
def simulate(args: argparse.Namespace) -> int:
    from donkeylab.lab.experiment import ExperimentSpec, run_experiment

    rules = dict(args.rule)
    if args.variant:
        rules["variant"] = args.variant
    setup, bots = check_simulate(args, rules)
    spec = ExperimentSpec(args.game, args.players, args.games, args.seed, rules, bots, setup, args.batch_size)
    client = _dask_client(args.scheduler) if args.scheduler else None
    try:
        executor = client.get_executor() if client is not None else None
        result = run_experiment(spec, progress=not args.no_progress, workers=args.workers, executor=executor)
    except KeyboardInterrupt:  # the workers are already shut down (lab.parallel); say so instead of a traceback
        print("donkeylab simulate: interrupted, workers stopped", file=sys.stderr)
        return 130
    finally:
        if client is not None:
            client.close()
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


def _dask_client(address: str) -> Any:
    """A client of the running Dask scheduler at ``address`` (Dask is the optional ``dask`` extra)."""
    import importlib

    try:
        distributed = importlib.import_module("distributed")
    except ImportError:
        raise ValueError("--scheduler needs Dask: pip install 'donkeylab[dask]'") from None
    return distributed.Client(address, timeout=30)


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


def check_simulate(args: argparse.Namespace, rules: dict[str, Any]) -> tuple[dict[str, Any], tuple[str, ...]]:
    """Every argument of ``simulate`` checked before a game is played: a registered game (a name is never
    imported as a module), its player range and rule options, bots that exist for it, and a board file only
    for a game played on one (read here, size-capped; its content is data: exit 1). Returns setup and bots."""
    from donkeylab.bot_specs import split_bots
    from donkeylab.games import info

    if args.game not in GAMES:
        raise UsageError(f"unknown game {quote(args.game)}; choose one of {', '.join(GAMES)}")
    game = info(args.game)
    setup: dict[str, Any] = {}
    if args.board is not None:
        if "board" not in game.setup:
            raise UsageError(f"--board is for a game played on a board (esels_rennen), not {args.game}")
        setup["board"] = _read_board(args.board).to_dict()
    try:
        game_rules = game.rules(rules)
    except DonkeylabError as exc:
        raise UsageError(f"--rule/--variant: {exc}") from None
    try:
        bots = split_bots(args.bots)
        for spec in bots:
            game.bot(spec)
    except ValueError as exc:
        raise UsageError(f"--bots: {exc}") from None
    if len(bots) not in (0, 1, args.players):
        raise UsageError(f"--bots: give 1 bot for every seat or {args.players} (one per seat), not {len(bots)}")
    try:
        game.new_game(args.players, game_rules, **setup)
    except DonkeylabError as exc:
        if "board" in setup:
            raise DataError(f"{args.board}: {exc}") from None
        raise UsageError(f"--players: {exc}") from None
    return setup, bots


def _read_board(path: str) -> Any:
    """The board file named on the command line (the only place a board is read from a path)."""
    from donkeylab import esels_rennen

    try:
        return esels_rennen.load_board(Path(path))
    except esels_rennen.BoardError as exc:
        raise DataError(f"{path}: {exc}") from None


# ---------------------------------------------------------------------------------------------- chances
def chances(args: argparse.Namespace) -> int:
    """Print the chances table at step ``--step`` of the seeded game a page with ``?seed=…&step=…`` shows (every
    seat a Random bot); a step past the end of that game is a usage error."""
    import importlib

    from donkeylab.core import Match, RandomBot
    from donkeylab.core.chances import format_chances
    from donkeylab.games import info

    if args.game not in GAMES:
        raise UsageError(f"unknown game {quote(args.game)}; choose one of {', '.join(GAMES)}")
    game = info(args.game)
    try:
        rules = game.rules({"variant": args.variant} if args.variant else {})
        start = game.new_game(args.players or game.players.default, rules)
    except DonkeylabError as exc:
        raise UsageError(f"--players/--variant: {exc}") from None
    match = Match(start, seed=args.seed, bots={p: RandomBot() for p in range(start.num_players)})
    for done in range(args.step):
        if not match.can_step():
            raise UsageError(f"--step {args.step} is past the end of this game: seed {args.seed} ends at step {done}")
        match.step()
    module = importlib.import_module(game.module.__name__ + ".chances")
    began = time.perf_counter()
    table = module.chances(match.state)
    print(f"step {args.step} of seed {args.seed} ({start.num_players} players)")
    print(format_chances(table))
    print(f"computed in {time.perf_counter() - began:.3f} s", file=sys.stderr)
    return 0


# ---------------------------------------------------------------------------------------------- exact
def exact(args: argparse.Namespace) -> int:
    import importlib

    from donkeylab.games import info

    module = importlib.import_module(info(args.game).module.__name__ + ".exact")  # info: unknown game error
    if not hasattr(module, "lesson_tables"):
        raise ValueError(f"{args.game} has no exact lesson tables yet")
    start = time.perf_counter()
    tables: dict[str, list[dict[str, Any]]] = module.lesson_tables()
    elapsed = time.perf_counter() - start
    if args.table:
        if args.table not in tables:
            raise UsageError(f"no table {quote(args.table)}; tables: {', '.join(tables)}")
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
        board = esels_rennen.load_board(Path(path))
        report = esels_rennen.validate_board(board)
    except esels_rennen.BoardError as exc:
        print(one_line(f"{quote(path) if len(path) > 200 else path}: INVALID: {exc}"), file=sys.stderr)
        return 1
    print(one_line(f"{path}: OK"))
    print(report)
    return 0


# ---------------------------------------------------------------------------------------------- figures
def figure(name: str, n: int, seed: int, given: Sequence[tuple[str, Any]], lang: str, out: str | None) -> int:
    """Any question a game declares (the registry: a game's new question is here without an edit), its
    parameters as ``NAME=VALUE``. Lesson 5's whole-game questions register with their lesson, not here."""
    from donkeylab.lab import lessons, questions

    if name == "list":
        for known in questions.names():
            print(f"{known}: {questions.get(known).title}")
        return 0
    if name not in questions.names():
        raise UsageError(f"no question {quote(name)}; choose one of {', '.join(questions.names())} (or list)")
    params = dict(given)
    question = questions.get(name)
    question.exact(params)  # a wrong parameter fails here, in one line, before any simulation
    path = out or f"{name}.html"
    fig = lessons.figure(name, min(n, question.max_n), seed, lang, **params)
    fig.write_html(path, include_plotlyjs=True)  # self-contained: works offline in class
    title = str(fig.layout.title.text).split("<br>")[0]  # the question in its parameters' words, not its defaults'
    print(f"wrote {path}: {title} (n={min(n, question.max_n):,}, seed={seed})", file=sys.stderr)
    return 0


# ------------------------------------------------------------------------------------------ worksheet
def worksheet(args: argparse.Namespace) -> int:
    """A lesson's worksheet or key (``apps.worksheets``), or with ``all`` every lesson's both kinds in both
    languages into a folder: what a teacher prints or hands on without running the server."""
    from donkeylab.lessons import worksheet_files as files
    from donkeylab.lessons import worksheets

    kind = "key" if args.key else "worksheet"
    options = {"variant": args.variant} if args.variant else {}
    if args.lesson == "all":
        if args.variant or args.key or args.lang != "en":
            raise UsageError("'all' writes both kinds in both languages with each lesson's default rules")
        written = files.write_all(Path(args.out or "worksheets"))
        if args.pdf:
            written = [files.write_pdf(p.read_text(encoding="utf-8"), p.with_suffix(".pdf")) for p in written]
        print(f"wrote {len(written)} files into {args.out or 'worksheets'}", file=sys.stderr)
        return 0
    source = worksheets.document(args.lesson, args.lang, kind, options)  # ValueError: one line, exit 2
    named = Path(files.file_name(args.lesson, args.lang, kind)).with_suffix(".pdf" if args.pdf else ".html")
    path = Path(args.out) if args.out else named
    if args.pdf:
        files.write_pdf(source, path)
    else:
        path.write_text(source, encoding="utf-8")
    print(f"wrote {path}", file=sys.stderr)
    return 0


# ---------------------------------------------------------------------------------------------- serve
def serve(args: argparse.Namespace) -> int:
    """Run the gallery in the foreground (Ctrl-C stops it) with the settings of ``donkeylab/server/voila.json``."""
    import subprocess
    from pathlib import Path

    from donkeylab.server.serve import banner, parse_pools, token_of, voila_command

    public = args.public or args.class_server
    if args.dir is not None and not Path(args.dir).is_dir():
        raise UsageError(f"no app folder {quote(args.dir)}")
    if args.token is not None and not public:
        raise UsageError("--token only makes sense with --class (or --public)")
    folder = Path(args.dir) if args.dir else None
    limits = {"max_kernels": args.max_kernels, "cull_idle": args.cull_idle, "orphan_grace": args.orphan_grace}
    preheat = False if args.preheat is None else parse_pools(args.preheat)
    cmd = voila_command(
        args.port, folder, public=public, token=args.token, preheat=preheat, host_names=args.host_name or (), **limits
    )
    if args.dry_run:
        print(" ".join(cmd))
    if args.dry_run:
        print(banner(args.port, token_of(cmd), dry_run=True))
        return 0
    # The server in a process group of its own: a terminal's Ctrl-C reaches only this command, which stops the
    # server one way for every stop (``_Stopper``) and exits only once it is gone and the port free.
    proc = subprocess.Popen(cmd, start_new_session=True)
    stopper = _Stopper(proc)
    try:
        print("Starting the server …", flush=True)
        if _answers(args.port, proc):  # the addresses only once they answer: a click before then is refused
            print(banner(args.port, token_of(cmd), dry_run=False), flush=True)
        return stopper.wait()
    finally:
        stopper.kill()  # whatever ended this command (an error of ours too): no server is left on the port


STOP_GRACE_S = 30.0  # a server told to stop has this long to shut its kernels down before it is killed


class _Stopper:
    """Ctrl-C, TERM or HUP to ``donkeylab serve`` stops the server it started, and the command waits for it.

    A stop passed on as it came left the server running: a SIGINT to the command alone (``kill -INT``, a
    launcher's stop) never reached the server, and a second Ctrl-C ended the command with the server still
    holding the port. Now the first stop sends the server a TERM (Voila stops its loop and its kernels); a
    second stop, or ``STOP_GRACE_S`` without an end, kills the server's process group."""

    def __init__(self, proc: Any) -> None:
        import signal

        self.proc = proc
        self.deadline: float | None = None
        for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(signum, self._stop)

    def _stop(self, _signum: int, _frame: Any) -> None:
        import signal
        import time

        if self.deadline is not None:  # asked twice: the teacher will not wait (``wait`` reaps it)
            self._signal(signal.SIGKILL)
            return
        self.deadline = time.monotonic() + STOP_GRACE_S
        print("Stopping the server …", file=sys.stderr, flush=True)
        self._signal(signal.SIGTERM)

    def _signal(self, signum: int) -> None:
        import contextlib

        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signum)

    def wait(self) -> int:
        """The server's exit status, once it ended (killed if it outlives a stop by ``STOP_GRACE_S``)."""
        import signal
        import subprocess
        import time

        while True:
            try:
                return int(self.proc.wait(timeout=1.0))
            except subprocess.TimeoutExpired:
                if self.deadline is not None and time.monotonic() > self.deadline:
                    self._signal(signal.SIGKILL)

    def kill(self) -> None:
        """Kill the server's process group (the server; its kernels end with their parent) and reap it; never
        from a signal handler (``Popen.wait`` takes a lock the interrupted ``wait`` may hold)."""
        import signal

        if self.proc.poll() is None:
            self._signal(signal.SIGKILL)
            self.proc.wait()


def _answers(port: int, proc: Any, limit_s: float = 300.0) -> bool:
    """Wait until the server answers on ``port`` (a static file: a page would start a kernel); False if it ended."""
    import time
    import urllib.error
    import urllib.request

    end = time.monotonic() + limit_s
    while proc.poll() is None and time.monotonic() < end:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/static/voila.js", timeout=2):
                return True
        except (OSError, urllib.error.URLError):
            time.sleep(0.25)
    return proc.poll() is None


if __name__ == "__main__":
    sys.exit(main())
