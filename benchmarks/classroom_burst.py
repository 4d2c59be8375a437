"""A class arriving at once (issue 15 §5): 30 pupils open the announced lesson within 10 s, one more beyond.

``benchmarks/classroom.py`` lets pupils arrive one every 2 s; here the teacher says "open the die-choice
lesson" and the whole class clicks at once. The server runs as for a class (``donkeylab serve --preheat
die_choice=30 --max-kernels 30``); the run waits until the 30 preheated kernels are ready and the machine is
calm (the teacher starts the server before the lesson), then 30 headless pupils (``pageclient``: the page,
its kernel's websocket, every widget's state, one Step) arrive at random moments within ``--window``
seconds, and a 31st pupil asks after them. Reports when each pupil's page was interactive (page + widget
states + the first Step answered), and how fast the 31st was told the server is full. Loopback only; every
wait has a deadline.

Run: ``.venv/bin/python benchmarks/classroom_burst.py`` (about 4 minutes, most of it preheating).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import Row, print_table
from benchmarks.procs import free_port, kernels, stop_server, wait_quiet
from donkeylab.server.pageclient import KernelSession, fetch_page, steppers

WAIT_S = 300
PREHEAT_DEADLINE_S = 900


def start(port: int, app: str, pupils: int, log: Path) -> Any:
    import subprocess

    cmd = [sys.executable, "-m", "donkeylab.cli", "serve", "--port", str(port), "--max-kernels", str(pupils)]
    cmd += ["--preheat", f"{app}={pupils}"]
    with open(log, "wb") as out:
        return subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)


async def until_preheated(proc: Any, log: Path, pupils: int) -> float:
    """Until the log says the pool is full and the server tree is quiet (``procs.wait_quiet``)."""
    start = time.monotonic()
    while "is filled with" not in log.read_text(errors="replace") or len(kernels(proc.pid)) < pupils:
        if time.monotonic() - start > PREHEAT_DEADLINE_S or proc.poll() is not None:
            raise RuntimeError("the pool did not fill:\n" + log.read_text(errors="replace")[-3000:])
        await asyncio.sleep(1)
    if not await asyncio.to_thread(wait_quiet, proc.pid, PREHEAT_DEADLINE_S):
        raise RuntimeError("the machine did not calm down")
    return time.monotonic() - start


async def pupil(base: str, app: str, delay: float) -> tuple[float, float, str | None]:
    """(arrival, seconds until interactive, error) for one pupil opening ``app`` after ``delay`` s."""
    await asyncio.sleep(delay)
    start = time.monotonic()
    try:
        page = await asyncio.to_thread(fetch_page, base, f"/voila/render/{app}.ipynb", None, WAIT_S)
        if page.status != 200 or not page.kernel_id:
            return delay, time.monotonic() - start, f"page answered {page.status}"
        ks = await KernelSession.open(base, page.kernel_id, timeout=WAIT_S)
        try:
            states = await ks.widget_states()
            await ks.custom(steppers(states)[0], {"method": "step"})
        finally:
            ks.close()
        return delay, time.monotonic() - start, None
    except Exception as exc:  # a benchmark reports, it does not stop at the first pupil
        return delay, time.monotonic() - start, f"{type(exc).__name__}: {exc}"[:200]


async def burst(args: argparse.Namespace) -> dict[str, Any]:
    port, log = free_port(), Path(tempfile.mkdtemp(prefix="burst-")) / "server.log"
    proc = start(port, args.app, args.pupils, log)
    base = f"http://127.0.0.1:{port}"
    try:
        preheat_s = await until_preheated(proc, log, args.pupils)
        rng = random.Random(args.seed)
        arrivals = sorted(rng.uniform(0, args.window) for _ in range(args.pupils))
        results = await asyncio.gather(*(pupil(base, args.app, d) for d in arrivals))
        extra_start = time.monotonic()
        extra = await asyncio.to_thread(fetch_page, base, f"/voila/render/{args.app}.ipynb", None, WAIT_S)
        extra_s = time.monotonic() - extra_start
    finally:
        stop_server(proc)
    return {"preheat_s": preheat_s, "results": results, "extra": (extra.status, extra_s)}


def rows(r: dict[str, Any], args: argparse.Namespace) -> list[Row]:
    ready = [arrival + s for arrival, s, err in r["results"] if err is None]
    took = sorted(s for _, s, err in r["results"] if err is None)
    errors = [err for _, _, err in r["results"] if err]
    last = max(ready) if ready else float("nan")
    status, extra_s = r["extra"]
    n, told = args.pupils, status == 503 and extra_s < 2
    return [
        Row("burst", "preheating before the lesson", r["preheat_s"], "s", note=f"{n} kernels of {args.app}"),
        Row("burst", "pupils interactive", len(ready), "pupils", f"{n}", len(ready) == n),
        Row("burst", "errors", len(errors), "errors", "0", not errors),
        Row("burst", "interactive p50 (from own click)", took[len(took) // 2] if took else -1, "s"),
        Row("burst", "interactive max (from own click)", took[-1] if took else -1, "s"),
        Row("burst", "all interactive after the first click", last, "s", "<= 30", last <= 30),
        Row("burst", f"pupil {n + 1}: told the server is full", extra_s, "s", "503, < 2 s", told),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--app", default="die_choice")
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--window", type=float, default=10.0, help="seconds in which the pupils arrive")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    result = asyncio.run(burst(args))
    print(f"# classroom burst: {args.pupils} pupils open {args.app} within {args.window} s, one more after them")
    table = rows(result, args)
    print_table(table)
    for _, _, err in result["results"]:
        if err:
            print("error:", err)
    return 0 if all(row.ok is not False for row in table) else 1


if __name__ == "__main__":
    sys.exit(main())
