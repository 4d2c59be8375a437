"""Classroom load (issue 11 §5): thirty pupils on one gallery server at once, on this machine, loopback only.

Starts the gallery as ``make app`` does (``donkeylab serve``, with a short idle-cull time so the run can watch
culling), then lets pupils arrive one every ``--arrival`` seconds: a few real Chromium pages (gallery → card →
app → Step clicks) and the rest headless pupils (``donkeylab.server.pageclient``: the app page, its kernel's
websocket, the widget states, a click every ``--think`` seconds: Step, or the first choice when a human must
act). Every pupil keeps the page open until all have stepped, so all kernels are alive at once; then half of
the headless pupils close the tab (the shutdown beacon), the other half just disconnect (left to culling),
and the browsers close their tabs. Reports sessions served, errors, step latency, page load, memory per
kernel (RSS and PSS from /proc) and how fast the memory comes back. Every wait has a deadline.

Run (needs the test extra and Debian's chromium): ``.venv/bin/python benchmarks/classroom.py``.
``--class-mode`` runs class mode's figures instead (thirty pupils and a dashboard: ``benchmarks/class_mode.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.classroom_report import Pupil, rows
from benchmarks.common import print_table
from benchmarks.cpu_split import CpuLog, probe
from benchmarks.procs import free_port, kernels, server_rss_kb, start_server, stop_server, wait_pools_filled
from benchmarks.voila_tti import STEP_JS, WS_TIMES_JS
from donkeylab.server.pageclient import KERNEL_ID, KernelSession, close_page, fetch_page, steppers

GAME_APPS = ("double_down", "esels_rennen", "double_donkey")
APPS = (*GAME_APPS, "arrow_chains", "doublet_penalties")
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"]
CHROMIUM_ARGS += ["--disable-background-networking", "--disable-component-update", "--disable-sync"]
WAIT_S = 300  # the longest any single page load, click or websocket read may take
RUN_DEADLINE_S = 1800  # the whole run


# ------------------------------------------------------------------------------------------------ pupils
def next_click(state: dict[str, Any]) -> dict[str, Any]:
    """What a pupil clicks: the first choice when the game waits for a human here, else Step."""
    snap = state.get("snapshot") or {}
    inside = len(snap.get("events", [])) > 1 and state.get("substep", 0) < len(snap["events"])
    at_end = state.get("index") == state.get("length", 1) - 1
    if snap.get("legal") and at_end and not inside:
        return {"method": "play", "action": snap["legal"][0]["action"]}
    if at_end and state.get("notice") and not snap.get("legal"):
        return {"method": "jump", "k": 0}  # the game is over: start it again
    return {"method": "step"}


async def headless(p: Pupil, base: str, pool: ThreadPoolExecutor, run: Run) -> None:
    loop = asyncio.get_running_loop()
    page = await loop.run_in_executor(pool, fetch_page, base, f"/voila/render/{p.app}.ipynb", None, WAIT_S)
    p.page_s, p.kernel_id, p.loaded_at = page.seconds, page.kernel_id, time.monotonic()
    if page.status != 200 or not page.kernel_id:
        raise RuntimeError(f"page answered {page.status}")
    ks = await KernelSession.open(base, page.kernel_id, timeout=WAIT_S)
    try:
        states = await ks.widget_states()
        model = steppers(states)[0]
        state = dict(states[model]["state"])
        for _ in range(run.steps):
            start = time.monotonic()
            for update in await ks.custom(model, next_click(state)):
                state.update(update)
            p.steps.append(time.monotonic() - start)
            p.clicked_at.append(start)
            await asyncio.sleep(run.think)
        run.stepped(p)
        await run.release.wait()
    finally:
        ks.close()
    if p.leaves_by == "beacon":
        status = await loop.run_in_executor(pool, close_page, base, page.kernel_id)
        if status != 204:
            raise RuntimeError(f"the tab-close beacon answered {status}")


async def in_browser(p: Pupil, base: str, browser: Any, run: Run) -> None:
    context = await browser.new_context()
    try:
        page = await context.new_page()
        page.set_default_timeout(WAIT_S * 1000)
        page.on("pageerror", lambda exc: run.errors.append(f"browser {p.app}: page error {exc}"))
        await page.add_init_script(WS_TIMES_JS)  # the kernel's replies' arrival, to split a Step's time
        await page.route("**/cdn.jsdelivr.net/**", lambda route: route.abort())
        start = time.monotonic()
        await page.goto(base + "/", wait_until="domcontentloaded")  # redirected to the gallery
        card = page.locator(f"a.dl-card-link[href^='{p.app}.ipynb?']")  # the gallery's links carry ?lang=
        await card.wait_for(state="visible")
        found = KERNEL_ID.search(await page.content())
        p.gallery_kernel = found.group(1) if found else None
        await card.click()
        step = page.locator(".dl-step").first
        await step.wait_for(state="visible")
        p.page_s, p.loaded_at = time.monotonic() - start, time.monotonic()
        found = KERNEL_ID.search(await page.content())
        p.kernel_id = found.group(1) if found else None
        for _ in range(run.steps):
            await browser_step(page, p)
            await asyncio.sleep(run.think)
        run.stepped(p)
        while not run.all_stepped.is_set():  # clicks on while the others finish: a sample of the class at work
            await browser_step(page, p)
            await asyncio.sleep(run.think)
        await run.release.wait()
        await page.close(run_before_unload=True)  # closing the tab: Voila's beforeunload sends the beacon
    finally:
        await context.close()


async def browser_step(page: Any, p: Pupil) -> None:
    """One Step timed in the page (as voila_tti does: click → text changed → painted), not through Playwright's
    driver, and split at the kernel's reply (``WS_TIMES_JS``)."""
    for _ in range(3):  # at a game's end Step is disabled: STEP_JS goes to the start, then steps
        start = time.monotonic()
        got = await page.evaluate(STEP_JS, [1, WAIT_S * 1000])
        if got.get("out"):
            break
    if not got.get("out"):
        raise RuntimeError(f"browser {p.app}: Step did not answer ({got.get('error', 'no change')})")
    p.driven.append(time.monotonic() - start)
    p.clicked_at.append(start)
    p.steps.append(got["out"][0] / 1000)
    p.split.append((got["reply"][0] if got["reply"] else float("nan"), got["dom"][0], got["out"][0]))


@dataclass
class Run:
    total: int
    steps: int
    think: float
    release: asyncio.Event = field(default_factory=asyncio.Event)
    all_stepped: asyncio.Event = field(default_factory=asyncio.Event)
    errors: list[str] = field(default_factory=list)
    done: int = 0

    def stepped(self, pupil: Pupil) -> None:
        pupil.stepped = True
        self.done += 1
        if self.done >= self.total:
            self.all_stepped.set()


async def guarded(p: Pupil, delay: float, run: Run, body: Callable[[], Any]) -> None:
    await asyncio.sleep(delay)
    try:
        await asyncio.wait_for(body(), RUN_DEADLINE_S)
    except Exception as exc:  # a failed pupil is a figure, not the end of the run
        p.error = f"{p.kind} {p.app}: {type(exc).__name__}: {exc}"[:300]
        run.errors.append(p.error)
        if not p.stepped:
            run.stepped(p)


async def wait_until(check: Callable[[], bool], limit: float, start: float) -> float | None:
    """Seconds from ``start`` until ``check()`` holds; None when ``limit`` seconds passed first."""
    while not check():
        if time.monotonic() - start > limit:
            return None
        await asyncio.sleep(0.5)  # sampling /proc: there is no event for a process ending
    return time.monotonic() - start


# ------------------------------------------------------------------------------------------------ the run
def cast(sessions: int, browsers: int) -> list[Pupil]:
    """Browsers spread over the arrivals (game apps: Step always moves on), headless pupils on every app."""
    every = max(1, sessions // max(1, browsers))
    pupils = []
    for i in range(sessions):
        is_browser = i % every == 0 and i // every < browsers
        app = GAME_APPS[(i // every) % len(GAME_APPS)] if is_browser else APPS[i % len(APPS)]
        pupil = Pupil("browser" if is_browser else "headless", app)
        pupil.leaves_by = "beacon" if is_browser or i % 2 == 0 else "disconnect"
        pupils.append(pupil)
    return pupils


async def classroom(args: argparse.Namespace) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    port, log = free_port(), Path(tempfile.mkdtemp(prefix="classroom-")) / "server.log"
    load_before = os.getloadavg()[0]
    run, pupils = Run(args.sessions, args.steps, args.think), cast(args.sessions, args.browsers)
    pools = class_pools(pupils) if args.preheat else None
    proc = start_server(port, args.cull, log, pools, nice=-args.pupils_nice)
    pools_s = wait_pools_filled(proc.pid, log, pools) if pools else None
    base = f"http://127.0.0.1:{port}"
    peak = {"kernels": 0, "rss_kb": 0}

    cpu = CpuLog()

    async def sample() -> None:
        while True:
            now = kernels(proc.pid)
            peak["kernels"] = max(peak["kernels"], len(now))
            peak["rss_kb"] = max(peak["rss_kb"], sum(r for r, _ in now.values()))
            for _ in range(2):
                cpu.take()
                await asyncio.sleep(0.5)

    pool = ThreadPoolExecutor(max_workers=args.sessions)
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        sampler = asyncio.create_task(sample())
        began = time.monotonic()
        try:
            jobs = []
            for i, p in enumerate(pupils):
                if p.kind == "browser":
                    body: Callable[[], Any] = functools.partial(in_browser, p, base, browser, run)
                else:
                    body = functools.partial(headless, p, base, pool, run)
                jobs.append(asyncio.create_task(guarded(p, i * args.arrival, run, body)))
            await asyncio.wait_for(run.all_stepped.wait(), RUN_DEADLINE_S)
            stepped_at = time.monotonic()
            cpu.take()
            at_peak, server_kb = kernels(proc.pid), server_rss_kb(proc.pid)
            served = [p for p in pupils if p.stepped and not p.error]
            galleries_left = [p.gallery_kernel for p in pupils if p.gallery_kernel in at_peak]
            run.release.set()
            released = time.monotonic()
            closed = {p.kernel_id for p in served if p.leaves_by == "beacon" and p.kernel_id}
            beacon_s = await wait_until(lambda: not closed & set(kernels(proc.pid)), 120, released)
            await asyncio.gather(*jobs)
            cull_s = await wait_until(lambda: not kernels(proc.pid), args.cull + 180, released)
            left = kernels(proc.pid)
        finally:
            sampler.cancel()
            await browser.close()
            pool.shutdown(wait=False, cancel_futures=True)
            stop_server(proc)
    return {
        "pupils": pupils,
        "served": served,
        "errors": run.errors,
        "at_peak": at_peak,
        "server_kb": server_kb,
        "peak": peak,
        "galleries_left": galleries_left,
        "beacon_s": beacon_s,
        "cull_s": cull_s,
        "left": left,
        "load": (load_before, os.getloadavg()[0]),
        "pools": pools,
        "pools_s": pools_s,
        "cpu": (cpu, began, stepped_at),
    }


def class_pools(pupils: list[Pupil]) -> dict[str, int]:
    """A kernel ready for every page the class will open, as a teacher preheats the announced lesson
    (``donkeylab serve --preheat APP=N``): each pupil's app, and the gallery for the Chromium pupils."""
    pools = Counter(p.app for p in pupils)
    browsers = sum(p.kind == "browser" for p in pupils)
    return {"index": browsers, **pools} if browsers else dict(pools)


def main() -> int:
    if "--class-mode" in sys.argv[1:]:  # issue 20: class mode's figures (benchmarks/class_mode.py)
        from benchmarks.class_mode import main as class_mode_main

        return class_mode_main([a for a in sys.argv[1:] if a != "--class-mode"])
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--browsers", type=int, default=3, help="of the sessions, how many are Chromium pages")
    parser.add_argument("--steps", type=int, default=15, help="clicks per pupil")
    parser.add_argument("--think", type=float, default=2.0, help="seconds between a pupil's clicks")
    parser.add_argument("--arrival", type=float, default=2.0, help="seconds between two pupils arriving")
    parser.add_argument(
        "--preheat",
        action="store_true",
        help="start the server with a preheated kernel for every page the class opens (the class setup of "
        "SECURITY.md) and let the first pupil arrive once the pools are full",
    )
    parser.add_argument("--cull", type=int, default=20, help="idle seconds before a disconnected kernel is culled")
    parser.add_argument(
        "--pupils-nice",
        type=int,
        default=0,
        help="run the pupils (Chromium, the headless clients) at this niceness and the server and its kernels at "
        "0, as in a class where every pupil's device is their own (needs root: the server's priority is raised "
        "back); 0: everything shares the cores alike",
    )
    args = parser.parse_args()
    if args.pupils_nice:
        os.nice(args.pupils_nice)  # this process, and the Playwright driver and Chromium it starts
    speed = probe()
    result = asyncio.run(classroom(args))
    load = result["load"]
    print(
        f"# classroom: {args.sessions} pupils ({args.browsers} in Chromium), {args.steps} clicks each every "
        f"{args.think} s, one arriving every {args.arrival} s; {os.cpu_count()} cores, "
        f"load {load[0]:.1f} → {load[1]:.1f}; speed probe {speed:.2f} s (benchmarks/cpu_split.py)"
        + (f"; pupils at nice {args.pupils_nice}, the server at 0" if args.pupils_nice else "")
    )
    if result["pools"]:
        pools = " ".join(f"{app}={n}" for app, n in result["pools"].items())
        print(f"# preheated before the first pupil: --preheat {pools} (ready in {result['pools_s']:.0f} s)")
    table = rows(result, args)
    print_table(table)
    for error in result["errors"]:
        print("error:", error)
    return 0 if all(row.ok is not False for row in table) else 1


if __name__ == "__main__":
    sys.exit(main())
