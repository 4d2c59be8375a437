"""Voila apps in a real browser (issue 10 §5): time to interactive, page weight and Step latency.

One server, started as ``make app`` starts it (``donkeylab.server.serve.voila_command``: the packaged
``voila.json``, preheated kernels), serves a copy of ``notebooks/apps`` plus a baseline notebook (one
ipywidgets slider). For each page, in a fresh browser context (no cache):

- time to interactive: navigation start → the page's control is drawn and clickable (Step for an app, the
  cards for the gallery, the slider for the baseline);
- bytes transferred: HTTP bodies (encoded) + websocket frames, both read from Chromium's DevTools protocol,
  at load (the weight target) and after the 50 Step clicks (a lesson's live plots stream while it is open);
- Step latency: a click on Step → the position text changed in the DOM and two animation frames passed (the
  page painted), median and p95 over 50 clicks.

Targets: TTI ≤ 1.5× the baseline's; Step p95 ≤ 100 ms; page weight ≤ baseline + one plotly.js bundle.

Why rounds: one load per page made the ratio a coin toss. The baseline, loaded first, paid the browser's
first-page warm-up and measured anywhere from 1.4 s to 3.1 s between runs, which moved every ratio with it.
So a discarded load warms the browser first, then every page is loaded ``--rounds`` times, round-robin (a
slow spell of the machine hits all pages alike), and the ratio is taken between medians. Step latency is
measured in the first round only (50 clicks a page).

Run: ``.venv/bin/python benchmarks/voila_tti.py [--rounds N] [APP ...]`` (Debian chromium at /usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.procs import free_port, pool_fills, served_env, wait_quiet

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
CLICKS = 50
PLOTLY_JS = Path(__import__("plotly").__file__).parent / "package_data" / "plotly.min.js"

BASELINE = {
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "baseline",
            "metadata": {},
            "outputs": [],
            "source": "import ipywidgets as w\nw.IntSlider(description='baseline')",
        }
    ],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4,
    "nbformat_minor": 5,
}

# What "interactive" means per page: a selector that must be visible and enabled.
READY = {"_baseline": ".widget-slider", "index": ".dl-gallery a", "class_mode": ".dl-class-mode button"}
# Interactive: the page's control can be clicked. For an app that is any button of the stepper bar: a lesson
# may open at a position where a pupil must act (Step is disabled then, Back is not).
READY_JS = """(ready) => {
  if (ready === '.dl-step') return [...document.querySelectorAll('.dl-stepper button')].some((b) => !b.disabled);
  const b = document.querySelector(ready);
  return !!b && !b.disabled;
}"""
# Every websocket message's arrival time, kept by the page (an init script): ``STEP_JS`` splits a Step into the
# kernel's reply reaching the page, the widgets' JS changing the text, and the paint.
WS_TIMES_JS = """(() => {
  const Native = window.WebSocket;
  window.__dlFrames = [];
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => window.__dlFrames.push(performance.now()));
    }
  };
})()"""
STEP_JS = """async ([n, timeout]) => {
  const out = [], dom = [], reply = [];
  for (let i = 0; i < n; i++) {
    const btn = document.querySelector('.dl-step');
    const pos = document.querySelector('.dl-pos');
    if (!btn || !pos) return {error: 'no Step button', out};
    if (btn.disabled) { document.querySelector('.dl-first')?.click();
      await new Promise(r => setTimeout(r, 300)); continue; }
    const before = pos.textContent;
    const t0 = performance.now();
    let tDom = 0;
    const changed = new Promise((resolve) => {
      const obs = new MutationObserver(() => {
        if (pos.textContent !== before) { tDom = performance.now(); obs.disconnect(); resolve(true); }
      });
      obs.observe(pos, {childList: true, characterData: true, subtree: true});
      setTimeout(() => { obs.disconnect(); resolve(false); }, timeout);
    });
    btn.click();
    if (!(await changed)) continue;
    // Redrawn means painted: two animation frames after the DOM change, as the issue measures it.
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    out.push(performance.now() - t0);
    dom.push(tDom - t0);
    // the kernel's reply: the last websocket message that arrived before the text changed (with WS_TIMES_JS)
    const frames = (window.__dlFrames || []).filter((t) => t >= t0 && t <= tDom);
    if (frames.length) reply.push(frames[frames.length - 1] - t0);
  }
  return {out, dom, reply};
}"""


def frame_bytes(event: dict[str, Any]) -> int:
    """A websocket frame's payload size. DevTools gives a binary frame (opcode 2: Jupyter's v1 kernel protocol,
    widget buffers) base64-encoded, 4/3 of its bytes; a text frame as text."""
    payload = event["response"]["payloadData"]
    if event["response"].get("opcode") == 2:
        return len(payload) * 3 // 4 - payload[-2:].count("=")
    return len(payload.encode())


def start_server(folder: Path, port: int, log: Path) -> subprocess.Popen[bytes]:
    from donkeylab.server.serve import voila_command

    with open(log, "wb") as out:
        proc = subprocess.Popen(
            voila_command(port, folder, preheat=True),
            cwd=folder,
            start_new_session=True,
            stdout=out,
            stderr=subprocess.STDOUT,
            env=served_env(),
        )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/static/voila.js", timeout=2)
            return proc
        except OSError:
            time.sleep(0.3)  # a starting server has no event to wait on
    os.killpg(proc.pid, signal.SIGKILL)
    raise RuntimeError("voila did not start")


def settle(server: subprocess.Popen[bytes], log: Path, name: str, before: int) -> None:
    """Until page ``name``'s pool has its kernel again and the server is quiet: Voila refills a pool
    ``fill_delay`` seconds after a page took its kernel, and that refill must not land in the next page."""
    deadline = time.monotonic() + 120
    while pool_fills(log, name) <= before and time.monotonic() < deadline:
        time.sleep(0.5)  # a log written by another process: there is no event to wait on
    wait_quiet(server.pid)


def measure_page(browser: Any, url: str, ready: str, steps: bool) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    # No request route: the served page asks no CDN any more, and while Playwright intercepts requests the
    # tab-close beacon is lost, so every measured page's kernel would stay until the orphan grace.
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    counted = {"http": 0, "ws": 0}
    cdp.on(
        "Network.loadingFinished", lambda e: counted.__setitem__("http", counted["http"] + int(e["encodedDataLength"]))
    )
    cdp.on("Network.webSocketFrameReceived", lambda e: counted.__setitem__("ws", counted["ws"] + frame_bytes(e)))
    cdp.on("Network.webSocketFrameSent", lambda e: counted.__setitem__("ws", counted["ws"] + frame_bytes(e)))
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    t0 = time.perf_counter()
    page.goto(url, wait_until="commit", timeout=180_000)
    page.locator(ready).first.wait_for(state="visible", timeout=180_000)
    page.wait_for_function(READY_JS, arg=ready)
    tti = time.perf_counter() - t0
    page.wait_for_timeout(1500)  # the frames of the first render still on their way
    result: dict[str, Any] = {"tti_s": tti, "errors": errors, "mb_load": (counted["http"] + counted["ws"]) / 1e6}
    if steps:
        got = page.evaluate(STEP_JS, [CLICKS, 10_000])
        lat = got.get("out", [])
        if lat:
            result["step_median_ms"] = statistics.median(lat)
            result["step_p95_ms"] = sorted(lat)[int(0.95 * (len(lat) - 1))]
            result["steps"] = len(lat)
    page.wait_for_timeout(1500)  # let the last websocket frames of the page arrive before counting
    result["mb"] = (counted["http"] + counted["ws"]) / 1e6
    page.goto("about:blank")  # fires Voila's unload beacon
    context.close()
    return result


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    from donkeylab.apps import APPS

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("apps", nargs="*", help="pages to load (default: the gallery and every app)")
    parser.add_argument("--rounds", type=int, default=3, help="loads per page, round-robin (default 3)")
    args = parser.parse_args(argv)
    unknown = [a for a in args.apps if a not in APPS and a != "index"]
    if unknown:
        parser.error(f"unknown app(s): {', '.join(unknown)}; known: index, {', '.join(APPS)}")
    names = ["_baseline", *(args.apps or ["index", *APPS])]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "apps"
        shutil.copytree(ROOT / "notebooks" / "apps", folder)
        (folder / "_baseline.ipynb").write_text(json.dumps(BASELINE))
        port = free_port()
        log = Path(tmp) / "voila.log"
        server = start_server(folder, port, log)
        wait_quiet(server.pid)
        loads: dict[str, list[dict[str, Any]]] = {name: [] for name in names}
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
                url = f"http://127.0.0.1:{port}/voila/render/{{}}.ipynb"
                before = pool_fills(log, "_baseline")
                measure_page(browser, url.format("_baseline"), READY["_baseline"], steps=False)  # warm-up: dropped
                settle(server, log, "_baseline", before)
                for round_ in range(args.rounds):
                    for name in names:
                        ready = READY.get(name, ".dl-step")
                        before = pool_fills(log, name)
                        got = measure_page(browser, url.format(name), ready, steps=round_ == 0 and name not in READY)
                        loads[name].append(got)
                        print(f"# round {round_ + 1} {name}: {got}", file=sys.stderr)
                        settle(server, log, name, before)
                browser.close()
        finally:
            os.killpg(server.pid, signal.SIGTERM)
    report({name: merge(runs) for name, runs in loads.items()}, args.rounds)
    return 0


def merge(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """One page's loads as one row: the first load's Step and weight figures, the TTI's median and range."""
    row = dict(runs[0])
    ttis = [r["tti_s"] for r in runs]
    row.update(tti_s=statistics.median(ttis), tti_min=min(ttis), tti_max=max(ttis))
    row["errors"] = [e for r in runs for e in r["errors"]]
    return row


def report(rows: dict[str, dict[str, Any]], rounds: int) -> None:
    base = rows["_baseline"]
    plotly_mb = PLOTLY_JS.stat().st_size / 1e6 if PLOTLY_JS.exists() else 4.8
    print(
        f"baseline: TTI {base['tti_s']:.2f} s (median of {rounds}), {base['mb_load']:.2f} MB; "
        f"one plotly.js bundle = {plotly_mb:.2f} MB"
    )
    print(
        "| page | TTI s, median (range) | × baseline (≤ 1.5) | MB at load | ≤ baseline + plotly | MB after 50 steps "
        "| Step median ms | Step p95 ms | page errors |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for name, r in rows.items():
        ratio = r["tti_s"] / base["tti_s"]
        weight_ok = r["mb_load"] <= base["mb_load"] + plotly_mb
        med = f"{r['step_median_ms']:.0f}" if "step_median_ms" in r else "—"
        p95 = f"{r['step_p95_ms']:.0f}" if "step_p95_ms" in r else "—"
        print(
            f"| {name} | {r['tti_s']:.2f} ({r['tti_min']:.2f}–{r['tti_max']:.2f}) | {ratio:.2f} "
            f"{'yes' if ratio <= 1.5 else 'NO'} | {r['mb_load']:.2f} | {'yes' if weight_ok else 'NO'} | {r['mb']:.2f} "
            f"| {med} | {p95} | {len(r['errors'])} |"
        )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
