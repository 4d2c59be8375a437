"""The teacher's cockpit under a class (issue 34 §5): a whole lesson of class mode, 33 pupils, one dashboard.

Starts the server as ``make app`` does (``donkeylab serve``; the class store is a SQLite file in a temp dir,
``DONKEYLAB_CLASS_DB``, or with ``--postgres`` a throwaway PostgreSQL cluster as the store tests start it; the
teacher keys in a keyring file of the temp dir, ``DONKEYLAB_TEACHER_KEYS``). The teacher is a headless page of
``class_mode.ipynb`` from 127.0.0.1 (the server's own machine: the teacher), its kernel's websocket read as
the front end reads it; it sends the messages the dashboard's buttons send. The pupils are ``--pupils``
headless pages (``class_mode_pages.Headless``, each with its own cookie jar, so the server's ``dl_browser``
cookie makes each one pupil) and ``--browsers`` Chromium pages (Playwright on Debian's chromium), spread over
the arrivals. The lesson is ``doublet_penalties`` and its three questions, in the order a teacher runs them:

1. **Start** (``{"method": "start", "size": pupils + browsers}``, which warms the lesson's kernels); pupils
   arrive one every ``--arrival`` s on the class link; joined = "Lock in my guess" enabled on their page. A
   headless page whose HTML came without the lesson's widget output counts as an error (a browser would show
   a blank page: Voila gave up waiting for the cell's output while the warm-up kept the cores busy).
2. **Question 1** (token_risk, the lesson's own prediction): everyone locks a distinct guess over
   ``--spread`` s (the headless pages send the lock as the button does; Chromium moves the slider by
   keyboard and clicks). Measured: *lock-in → stored* (headless) and *dashboard after the last answer*: from
   the last guess landing in the store (one poller reads it every 20 ms) to ``answered = N`` arriving on the
   teacher's websocket, target ≤ 2 s. Then every page runs the lesson's live plot (the lesson's own 100,000
   trials: in class the page may not change the size or seed) and the pool must hold exactly the sum of what
   the pupils' plots report (trials and hits): nothing lost or doubled.
3. **Reveal** question 1 → every page shows the answer (the prediction's ``dl-reveal`` line with 5/28, in the
   widget state or the DOM), target ≤ 3 s; and, without a target, until every page has the rest of the lesson
   (each pupil's kernel builds it at the reveal; the lock's status "closed" is drawn after it). The class then
   talks until the server's processes are quiet again.
4. **Pacing**: ``pace {step: 2}``, ``pause {paused: true}``, release, ``pace {section: "exercises"}`` (after
   the reveal, so the exercises exist to scroll to). For every page the time from the teacher's message to the
   page showing it (headless: the Stepper's ``index``, the card's ``paused`` / ``goto``; Chromium: the
   position text "step 2 ", the pause overlay, the exercises scrolled into view): max and p95, target ≤ 2 s.
5. **Next question** (risk_64, then risk_74): the card on every page asks it (≤ 2 s); everyone locks a guess
   on the card; dashboard after the last answer; reveal → every page.
6. **Export**: ``save csv`` and ``save html`` (the files the teacher's browser would save): every guess of
   every question exactly once, the pooled counts equal to the plots' sum, no pseudonym of the roster.
   Then End class, and the database's size before and after it.

Every command's p95 row notes how busy the cores were meanwhile: the kernels, the server, this benchmark with
Chromium, and other work on the machine (``/proc/stat``; a shared machine's other users). Errors: blank pages,
Chromium page errors, and ERROR records in the server's log (the kernels log there). A Chromium page that fails
a step leaves a screenshot and its text beside the log; ``figures.json`` there holds every page's times.

Run: ``.venv/bin/python benchmarks/class_mode.py [--postgres] [--pupils 30] [--browsers 3]`` (a few minutes on
2 cores; the server's log stays in the temp dir printed at the end). ``benchmarks/classroom.py --class-mode``
runs the same.
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import io
import json
import os
import re
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.class_mode_pages import (
    CHROMIUM,
    CHROMIUM_ARGS,
    LESSON,
    WAIT_S,
    Chromium,
    Headless,
    Landed,
    Sign,
    Watched,
    class_rows,
    click,
    cpu_use,
    db_bytes,
    has,
    open_watched,
    settle,
)
from benchmarks.classroom_report import Figure, percentile
from benchmarks.common import Row, print_table
from benchmarks.procs import free_port, start_server, stop_server
from donkeylab.classmode.words import say

PACE_S, REVEAL_S, DASH_S, LOCK_MS = 2.0, 3.0, 2.0, 200.0  # targets
Pupil = Headless | Chromium
__all__ = ["Watched", "click", "main"]  # class_start.py reads a dashboard with these


class Class:
    """The run: the teacher's page, the pupils' pages, the store as the benchmark reads it, the figures."""

    def __init__(self, args: argparse.Namespace, base: str, store: Any, proc: Any, folder: Path) -> None:
        self.args, self.base, self.store, self.proc, self.folder = args, base, store, proc, folder
        self.pool = ThreadPoolExecutor(max_workers=args.pupils + args.browsers + 8)
        self.pupils: list[Pupil] = []
        self.joined = 0
        self.out: dict[str, Any] = {"errors": [], "seen": {}, "questions": {}, "cpu": {}}

    async def run(self, browser: Any) -> dict[str, Any]:
        from donkeylab.classroom import keyring, question_specs

        self.specs = list(question_specs(LESSON).values())
        self.teacher = await open_watched(
            self.base, f"/voila/render/class_mode.ipynb?lesson={LESSON}&lang=en", self.pool
        )
        self.dash = dash = self.teacher.find(has("answered", "qr_svg", "roster"))
        n = self.args.pupils + self.args.browsers
        started = time.monotonic()
        await self.say({"method": "start", "lesson": LESSON, "size": n})
        await self.teacher.until(lambda st: st[dash].get("view") == "class" and st[dash].get("code"))
        self.code = str(self.teacher.state[dash]["code"])
        key = keyring.key_of(self.code)
        assert key is not None, "the teacher's kernel kept no key in the keyring"
        self.landed = Landed(self.store, self.code, key, self.pool)
        chosen = {i * n // self.args.browsers for i in range(self.args.browsers)}
        self.pupils = [
            Chromium(i, self.base, browser, self.out["errors"], self.folder)
            if i in chosen
            else Headless(i, self.base, self.pool, self.out["errors"])
            for i in range(n)
        ]
        joins = await asyncio.gather(*(self.arrive(p, i * self.args.arrival) for i, p in enumerate(self.pupils)))
        self.out["join"] = joins
        await self.teacher.until(lambda st: st[dash].get("pupils") == n)
        self.out["all_in_s"] = time.monotonic() - started

        q1 = self.specs[0]
        await self.question(1, [round(0.01 * (i + 1), 2) for i in range(n)])
        await self.pooled(q1.qid, key)
        answer = str(Fraction(q1.exact))
        await self.broadcast({"method": "reveal"}, {"reveal 1": ("revealed", (1, answer)), "built": ("built", None)})
        self.out["settle_s"] = await asyncio.get_running_loop().run_in_executor(self.pool, settle, self.proc.pid)
        await self.broadcast({"method": "pace", "step": 2}, {"everyone to step 2": ("step", 2)})
        await self.broadcast({"method": "pause", "paused": True}, {"pause": ("paused", None)})
        await self.broadcast({"method": "pause", "paused": False}, {"release": ("released", None)})
        exercises = {"method": "pace", "section": "exercises"}
        await self.broadcast(exercises, {"everyone to the exercises": ("section", "exercises")})
        for number, offset in ((2, 0.35), (3, 0.6)):
            spec = self.specs[number - 1]
            await self.broadcast({"method": "next"}, {f"next → question {number}": ("question", number)})
            await self.teacher.until(lambda st, q=spec.qid: st[dash].get("current") == q)  # type: ignore[misc]
            await self.question(number, [round(offset + 0.01 * i, 2) for i in range(n)])
            await self.broadcast({"method": "reveal"}, {f"reveal {number}": ("revealed", (number, str(spec.exact)))})
        await self.export(key)
        self.out["db_lesson"], self.out["rows_lesson"] = db_bytes(self.store), class_rows(self.store, self.code)
        await self.say({"method": "end"})
        await self.teacher.until(lambda st: st[dash].get("view") == "ended")
        self.out["db_ended"], self.out["rows_ended"] = db_bytes(self.store), class_rows(self.store, self.code)
        return self.out

    async def say(self, content: dict[str, Any]) -> float:
        """A message of the dashboard's page (a button); the moment it left."""
        sent = time.monotonic()
        await self.teacher.ks.send(click(self.dash, content))
        return sent

    async def arrive(self, pupil: Pupil, delay: float) -> float:
        await asyncio.sleep(delay)  # the class arriving, one every --arrival seconds
        began = time.monotonic()
        await pupil.join(self.code)
        took = time.monotonic() - began
        self.joined += 1
        print(f"# {self.joined} joined ({pupil.kind} {pupil.number}: {took:.1f} s)", file=sys.stderr)
        return took

    async def question(self, number: int, values: list[float]) -> None:
        """Everyone locks a guess over ``--spread`` s; when each landed, and when the dashboard said so."""
        qid, dash, n = self.specs[number - 1].qid, self.dash, len(self.pupils)
        landed = [self.landed.expect(qid, v) for v in values]
        shown = self.teacher.watch(lambda st: st[dash].get("current") == qid and st[dash].get("answered") == n)

        async def one(i: int, pupil: Pupil) -> tuple[str, float, float]:
            await asyncio.sleep(i * self.args.spread / n)
            sent = time.monotonic()
            await pupil.guess(number, values[i])
            stored = await asyncio.wait_for(landed[i], WAIT_S)
            return pupil.kind, sent, stored

        before = cpu_use(self.proc.pid)
        done = await asyncio.gather(*(one(i, p) for i, p in enumerate(self.pupils)))
        seen = await asyncio.wait_for(shown, WAIT_S)
        self.out["questions"][number] = {
            "cpu": [b - a for a, b in zip(before, cpu_use(self.proc.pid), strict=True)],
            "qid": qid,
            "values": values,
            "lock_ms": [1000 * (stored - sent) for kind, sent, stored in done if kind == "headless"],
            "dash_s": seen - max(stored for _, _, stored in done),
        }

    async def pooled(self, qid: str, key: str) -> None:
        """Every page runs the lesson's plot; the pool must hold exactly what the plots report."""
        ran = await asyncio.gather(*(p.simulate() for p in self.pupils))
        last = time.monotonic()
        trials, hits = sum(t for t, _ in ran), sum(h for _, h in ran)
        shown = self.teacher.watch(lambda st: st[self.dash].get("trials") == trials)
        try:
            self.out["pooled_s"] = await asyncio.wait_for(shown, 60) - last
        except TimeoutError:
            self.out["pooled_s"] = None
        self.out["plots"] = {"trials": trials, "p": hits, "not": trials - hits}
        self.out["store_pool"] = self.store.results(self.code, key, qid)

    async def broadcast(self, content: dict[str, Any], signs: dict[str, Sign]) -> None:
        """A teacher's command, and when each of its signs reached each page (None: not within ``SEEN_S``), with
        the cores' use meanwhile."""
        await asyncio.gather(*(p.arm(name, sign) for p in self.pupils for name, sign in signs.items()))
        before = cpu_use(self.proc.pid)
        sent = await self.say(content)
        for name in signs:
            seen = await asyncio.gather(*(p.seen(name) for p in self.pupils))
            self.out["cpu"][name] = [b - a for a, b in zip(before, cpu_use(self.proc.pid), strict=True)]
            pages = zip(self.pupils, seen, strict=True)
            self.out["seen"][name] = [(p.kind, None if s is None else s - sent) for p, s in pages]

    async def export(self, key: str) -> None:
        """The results as the teacher's browser would save them, checked against the guesses and the pool."""
        files = {}
        for what in ("csv", "html"):
            before = len(self.teacher.customs)
            await self.say({"method": "save", "what": what})
            await self.teacher.until(lambda _st, b=before: len(self.teacher.customs) > b)  # type: ignore[misc]
            files[what] = self.teacher.customs[-1]["download"]["text"]
        rows = list(csv.reader(io.StringIO(files["csv"])))
        names = [r["name"] for r in self.teacher.state[self.dash]["roster"]]
        guesses: dict[str, list[float]] = {}
        pooled: dict[str, dict[str, int]] = {}
        label = {say(f"csv.{k}", "en"): k for k in ("guess", "trials", "hits")}  # the file's words, the teacher's
        for _code, number, _prompt, _kind, what, value in rows[1:]:  # language (this teacher's: English)
            qid = self.specs[int(number) - 1].qid
            if label.get(what) == "guess":
                guesses.setdefault(qid, []).append(round(float(value), 6))
            elif label.get(what) in ("trials", "hits"):
                pooled.setdefault(qid, {})[label[what]] = int(value)
        q = self.out["questions"]
        self.out["csv"] = {
            "right": sum(int(sorted(guesses.get(q[k]["qid"], [])) == sorted(q[k]["values"])) for k in q),
            "guesses": sum(len(v) for v in guesses.values()),
            "pooled": pooled.get(self.specs[0].qid, {}),
            "names": len(names),
            "named": sum(name in files["csv"] or name in files["html"] for name in names),
            "html_kb": len(files["html"].encode()) / 1024,
            "stored": [self.store.results(self.code, key, s.qid)["answered"] for s in self.specs],
        }

    async def close(self) -> None:
        if hasattr(self, "landed"):
            self.landed.task.cancel()
        for pupil in self.pupils:
            await pupil.close()
        if hasattr(self, "teacher"):
            self.teacher.close()


async def class_mode(args: argparse.Namespace) -> dict[str, Any]:
    if not args.postgres:
        return await _class_mode(args)
    from tests.classroom import postgres

    with postgres.cluster() as url:  # a throwaway cluster, as the store tests start it
        return await _class_mode(args, url)


async def _class_mode(args: argparse.Namespace, url: str | None = None) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    folder = Path(tempfile.mkdtemp(prefix="class-mode-"))
    os.environ["DONKEYLAB_CLASS_DB"] = url or str(folder / "class.db")  # the server and its kernels inherit it
    os.environ["DONKEYLAB_TEACHER_KEYS"] = str(folder / "teacher-keys.json")
    from donkeylab.classroom import ClassStore

    store = ClassStore.open()
    proc = start_server(port := free_port(), 900, folder / "server.log")
    print(f"# the server's log: {folder / 'server.log'}", file=sys.stderr)
    run = Class(args, f"http://127.0.0.1:{port}", store, proc, folder)
    try:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS) if args.browsers else None
            try:
                out = await asyncio.wait_for(run.run(browser), 1800)
            finally:
                await run.close()
                if browser is not None:
                    await browser.close()
    finally:
        run.pool.shutdown(wait=False, cancel_futures=True)
        stop_server(proc)
        store.close()
    out["folder"], out["db_kind"] = folder, "PostgreSQL database" if url else "SQLite file + WAL"
    log = (folder / "server.log").read_text(errors="replace")
    out["log_errors"] = len(re.findall(r"^\[[^\]]+\] ERROR \|", log, re.MULTILINE))  # each with its traceback
    (folder / "figures.json").write_text(json.dumps({k: v for k, v in out.items() if k != "folder"}, default=str))
    return out


def reach(section: str, what: str, seen: list[tuple[str, float | None]], target: float | None, cpu: Any) -> list[Row]:
    """Max and p95 over every page, and each kind's max; a page it never reached fails the figure. ``cpu``: the
    cores' use meanwhile (``cpu_use``), in the p95's note."""
    got = [s for _, s in seen if s is not None]
    missed, top = len(seen) - len(got), max(got, default=float("nan"))
    kinds = {k: max((s for kk, s in seen if kk == k and s is not None), default=float("nan")) for k, _ in seen}
    note = ", ".join(f"{k} max {v:.2f} s" for k, v in sorted(kinds.items())) + (f", {missed} missed" if missed else "")
    bound, ok = ("", None) if target is None else (f"<= {target:g}", not missed and top <= target)
    return [
        Figure(section, f"{what} → every page, max", top, "s", bound, ok, note),
        Figure(
            section, f"{what} → every page, p95", percentile(got, 0.95), "s", note=f"{len(seen)} pages; {cores(cpu)}"
        ),
    ]


def cores(cpu: list[float]) -> str:
    """The cores' use over a phase (``cpu_use``'s difference), by whom: other work is the machine's other users."""
    wall, kernels, server, bench, busy = cpu
    use = f"kernels {kernels / wall:.2f}, server {server / wall:.2f}, benchmark+Chromium {bench / wall:.2f}"
    return f"cores busy {busy / wall:.2f}: {use}, other work {(busy - kernels - server - bench) / wall:.2f}"


def at_most(section: str, what: str, value: float, unit: str, bound: float, note: str = "") -> Row:
    return Figure(section, what, value, unit, f"<= {bound:g}", value <= bound, note=note)


def rows(r: dict[str, Any], args: argparse.Namespace) -> list[Row]:
    """The figures in the order the lesson ran them."""
    n, seen, c, joins = args.pupils + args.browsers, r["seen"], r["csv"], r["join"]
    out: list[Row] = [
        Figure("join", "page → joined, p50", percentile(joins, 0.5), "s", note="the class link → Lock in enabled"),
        Figure("join", "page → joined, max", max(joins), "s", note=f"one pupil every {args.arrival:g} s"),
        Figure("join", "Start → the whole class in (dashboard)", r["all_in_s"], "s", note=f"{n} pupils"),
    ]
    for number, q in r["questions"].items():
        section, lock = f"question {number}", percentile(q["lock_ms"], 0.95)
        if number > 1:
            name = f"next → question {number}"
            out += reach(section, "next question", seen[name], PACE_S, r["cpu"][name])
        note = f"p50 {percentile(q['lock_ms'], 0.5):.0f}, headless pages; {cores(q['cpu'])}"
        out.append(at_most(section, f"lock-in → stored, p95 ({q['qid']})", lock, "ms", LOCK_MS, note))
        out.append(at_most(section, "dashboard updated after the last answer", q["dash_s"], "s", DASH_S))
        if number == 1:
            p, s = r["plots"], r["store_pool"]
            fine = s["trials"] == p["trials"] and s["counts"] == {"not": p["not"], "p": p["p"]}
            note = f"hits {s['counts'].get('p', 0):,}, the plots' {p['p']:,}"
            out.append(
                Figure(section, "pooled trials (store)", s["trials"], "trials", f"= {p['trials']:,}", fine, note)
            )
            pooled_s = -1.0 if r["pooled_s"] is None else r["pooled_s"]
            note = "0: there when the last plot was seen done; -1: never"
            out.append(Figure(section, "pooled on the dashboard after the last plot", pooled_s, "s", note=note))
        out += reach(section, "reveal: the answer", seen[f"reveal {number}"], REVEAL_S, r["cpu"][f"reveal {number}"])
        if number == 1:
            out += reach(section, "reveal: the rest of the lesson built", seen["built"], None, r["cpu"]["built"])
            out.append(Figure("pacing", "pages quiet again after the reveal", r["settle_s"], "s", note="then pacing"))
            for name in ("everyone to step 2", "pause", "release", "everyone to the exercises"):
                out += reach("pacing", name, seen[name], PACE_S, r["cpu"][name])
    three, plots, named, right = len(r["questions"]), r["plots"], c["named"], c["right"]
    gone = r["rows_ended"]
    pooled = c["pooled"].get("trials", 0)
    same = c["pooled"] == {"trials": plots["trials"], "hits": plots["p"]}
    out += [
        Figure("export", "guesses stored per question", min(c["stored"]), "pupils", f"= {n}", set(c["stored"]) == {n}),
        Figure("export", "questions whose CSV has every guess once", right, "questions", f"= {three}", right == three),
        Figure("export", "pooled trials in the CSV", pooled, "trials", f"= {plots['trials']:,}", same, "and hits"),
        Figure("export", "pseudonyms in the CSV or the charts", named, "names", "0", named == 0, f"of {c['names']}"),
        Figure("export", "the charts' page (HTML)", c["html_kb"], "KB"),
        Figure("store", "database after the lesson", r["db_lesson"] / 1024, "KB", note=r["db_kind"]),
        Figure("store", "database after End class", r["db_ended"] / 1024, "KB", note="freed pages are kept for reuse"),
        Figure(
            "store", "the class's rows after End class", gone, "rows", "0", gone == 0, f"{r['rows_lesson']:,} before"
        ),
        Figure("errors", "blank pages, page errors", len(r["errors"]), "errors", "0", not r["errors"], "listed below"),
        Figure(
            "errors", "errors in the server's log", r["log_errors"], "errors", "0", not r["log_errors"], "kernels too"
        ),
    ]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--pupils", type=int, default=30, help="headless pupils")
    parser.add_argument("--browsers", type=int, default=3, help="pupils in Chromium, besides the headless ones")
    parser.add_argument("--arrival", type=float, default=1.0, help="seconds between two pupils arriving")
    parser.add_argument("--spread", type=float, default=10.0, help="seconds over which the class locks its guesses")
    parser.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL instead of SQLite")
    args = parser.parse_args(argv)
    result = asyncio.run(class_mode(args))
    db = "PostgreSQL" if args.postgres else "SQLite"
    print(
        f"# class mode on {db}: {LESSON}, 1 dashboard + {args.pupils} headless pupils + {args.browsers} in Chromium, "
        f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} at the end; server log in {result['folder']}"
    )
    table = rows(result, args)
    print_table(table)
    for error in result["errors"]:
        print("error:", error)
    return 0 if all(row.ok is not False for row in table) else 1


if __name__ == "__main__":
    sys.exit(main())
