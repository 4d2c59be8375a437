"""The pages of ``class_mode.py``'s class: the teacher's dashboard and pupils, headless or in Chromium.

A headless page (``Watched``) is a kernel websocket read all the time, as Voila's front end reads it: the state
of every model, each change stamped when its message arrived, so "the page shows it" is the moment the update
reached the page, not when the benchmark's loop got round to looking. A Chromium page stamps the same moment
in the page itself: ``ARM_JS`` installs a watcher (DOM mutations, scrolling, a 50 ms tick) that writes
``Date.now()`` when the sign first holds, read back afterwards; the page and this process share the machine's
clock. Signs are armed before the teacher's command, so neither kind can see a stale state as new.

Also here: the machine's side of a figure (the cores' use while a command spreads, the server going quiet, the
store's size on disk).
"""

from __future__ import annotations

import asyncio
import http.cookiejar
import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from benchmarks.procs import cpu_ticks, descendants, process_ticks
from donkeylab.server.pageclient import KernelSession, fetch_page, message

LESSON = "doublet_penalties"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")  # Debian's (Playwright cannot download one here)
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"]
CHROMIUM_ARGS += ["--disable-background-networking", "--disable-component-update", "--disable-sync"]
WAIT_S = 300  # the longest a page load, a join or a simulation may take
SEEN_S = 60.0  # the longest a sign may take to reach a page before the page counts as missed
Sign = tuple[str, Any]  # ("step", 2), ("paused", None), ("released", None), ("section", "exercises"),
# ("question", 2), ("revealed", (number, "5/28")), ("built", None): the lesson's rest after its reveal
WALL = time.time() - time.monotonic()  # a page's Date.now() as this process's monotonic clock
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"  # the page's output: without it a browser shows nothing


def update(model: str, state: dict[str, Any]) -> dict[str, Any]:
    return message("comm_msg", {"comm_id": model, "data": {"method": "update", "state": state, "buffer_paths": []}})


def click(model: str, content: dict[str, Any]) -> dict[str, Any]:
    """What a widget's ``model.send(content)`` in the page puts on the websocket."""
    return message("comm_msg", {"comm_id": model, "data": {"method": "custom", "content": content}})


class Watched:
    """A page's kernel websocket read all the time: the latest state of every model, the custom messages the
    kernel sent the page, and waiters resolved at the arrival of the message that made their check true."""

    def __init__(self, ks: KernelSession, states: dict[str, dict[str, Any]]) -> None:
        self.ks = ks
        self.state = {mid: dict(model["state"]) for mid, model in states.items()}
        self.customs: list[dict[str, Any]] = []
        self.drawn = True  # the page's HTML holds the notebook's widget output (a browser has something to draw)
        self.waiters: list[tuple[Callable[[dict[str, Any]], Any], asyncio.Future[float]]] = []
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while True:
            try:
                msg = await self.ks.next()
            except TimeoutError:  # a quiet page: KernelSession.next has a deadline, the page has none
                continue
            except ConnectionError:  # the page's kernel is gone (the class ended, the server stopping)
                return
            now = time.monotonic()
            data = (msg["content"].get("data") or {}) if msg["msg_type"] == "comm_msg" else {}
            if data.get("method") == "update":
                self.state.setdefault(msg["content"]["comm_id"], {}).update(data["state"])
            elif data.get("method") == "custom":
                self.customs.append(data["content"])
            self.ks.received.clear()
            for check, future in list(self.waiters):
                if future.done() or check(self.state):
                    self.waiters.remove((check, future))
                    if not future.done():
                        future.set_result(now)

    def watch(self, check: Callable[[dict[str, Any]], Any]) -> asyncio.Future[float]:
        """A future of the moment (monotonic) ``check(self.state)`` first holds, from now on."""
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        if check(self.state):
            future.set_result(time.monotonic())
        else:
            self.waiters.append((check, future))
        return future

    async def until(self, check: Callable[[dict[str, Any]], Any], timeout: float = WAIT_S) -> float:
        """Wait until ``check(self.state)`` holds; returns the moment (monotonic) it was seen."""
        return await asyncio.wait_for(self.watch(check), timeout)

    def find(self, test: Callable[[dict[str, Any]], Any]) -> str:
        found = sorted(mid for mid, s in self.state.items() if test(s))
        if not found:
            raise RuntimeError("a model the benchmark needs is not on the page")
        return found[0]

    def close(self) -> None:
        self.task.cancel()
        self.ks.close()


async def open_watched(
    base: str, path: str, pool: ThreadPoolExecutor, jar: http.cookiejar.CookieJar | None = None
) -> Watched:
    """A page loaded and its kernel's websocket opened (with the browser's cookies, as a class page needs)."""
    page = await asyncio.get_running_loop().run_in_executor(pool, fetch_page, base, path, None, WAIT_S, jar)
    if page.status != 200 or not page.kernel_id:
        raise RuntimeError(f"{path} answered {page.status}")
    ks = await KernelSession.open(base, page.kernel_id, timeout=WAIT_S, jar=jar)
    watched = Watched(ks, await ks.widget_states())
    watched.drawn = WIDGET_VIEW in page.html
    return watched


def has(*names: str) -> Callable[[dict[str, Any]], bool]:
    return lambda s: set(names) <= set(s)


class Headless:
    """A pupil's page without a browser: its own cookie jar (the server's ``dl_browser`` makes it one pupil)."""

    kind = "headless"

    def __init__(self, number: int, base: str, pool: ThreadPoolExecutor, errors: list[str]) -> None:
        self.number, self.base, self.pool, self.errors = number, base, pool, errors
        self.jar = http.cookiejar.CookieJar()
        self.page: Watched | None = None
        self.armed: dict[str, asyncio.Future[float]] = {}

    @property
    def w(self) -> Watched:
        assert self.page is not None
        return self.page

    async def join(self, code: str) -> None:
        """Open the class link and wait until the lesson's "Lock in my guess" is enabled (joined)."""
        self.page = await open_watched(
            self.base, f"/voila/render/{LESSON}.ipynb?class={code}&lang=en", self.pool, self.jar
        )
        w = self.w
        if not w.drawn:  # Voila gave up on the cell's output (nbclient's iopub_timeout): a blank page in a browser
            self.errors.append(f"headless pupil {self.number}: its page came without the lesson's widgets")
        # the class's lock, not the lesson's own solo lock (both are models of a class page; the solo one sends
        # nothing to the store and says nothing while sending)
        self.lock = w.find(lambda s: has("reader", "enabled", "input", "kind")(s) and bool(s["texts"].get("sending")))
        self.card = w.find(has("banner", "goto", "paused", "question"))
        self.stepper = w.find(has("game", "index", "substep"))
        self.plot = w.find(lambda s: s.get("question") == "double_down.token_at")
        await w.until(lambda st: st[self.lock].get("enabled") is True)

    async def guess(self, number: int, value: float) -> None:
        """Lock ``value`` in: the lesson's own lock for question 1, the card's for the others (as the page sends it)."""
        target = self.lock if number == 1 else self.card
        if number > 1:
            await self.w.until(lambda st: st[self.card].get("enabled") and st[self.card]["question"]["index"] == number)
        await self.w.ks.send(click(target, {"method": "lock", "value": value}))

    async def simulate(self) -> tuple[int, int]:
        """Start the lesson's pooled plot and wait for its whole run: (trials, hits) as its figure reports them."""
        plot = self.plot
        await self.w.ks.send(click(plot, {"method": "start"}))
        await self.w.until(lambda st: st[plot]["done"] == st[plot]["n"] and not st[plot]["running"])
        return estimate(self.w.state[plot]["figure"])

    def _check(self, sign: Sign) -> Callable[[dict[str, Any]], bool]:
        kind, arg = sign
        card, lock, stepper = self.card, self.lock, self.stepper
        checks: dict[str, Callable[[dict[str, Any]], bool]] = {
            "step": lambda st: st[stepper].get("index") == arg,
            "paused": lambda st: bool(st[card].get("paused")),
            "released": lambda st: not st[card].get("paused"),
            "section": lambda st: (st[card].get("goto") or {}).get("section") == arg,
            "question": lambda st: (st[card].get("question") or {}).get("index") == arg,
            "revealed": lambda st: (
                any("dl-reveal" in str(s.get("value", "")) and arg[1] in str(s["value"]) for s in st.values())
                if arg[0] == 1
                else st[card].get("kind") == "closed" and arg[1] in st[card].get("status", "")
            ),
            "built": lambda st: st[lock].get("kind") == "closed",  # drawn once the rest of the lesson is built
        }
        return checks[kind]

    async def arm(self, name: str, sign: Sign) -> None:
        self.armed[name] = self.w.watch(self._check(sign))

    async def seen(self, name: str) -> float | None:
        """When the armed sign reached this page (monotonic), None if not within ``SEEN_S``."""
        try:
            return await asyncio.wait_for(self.armed.pop(name), SEEN_S)
        except TimeoutError:
            return None

    async def close(self) -> None:
        if self.page is not None:
            self.page.close()


def estimate(figure: dict[str, Any]) -> tuple[int, int]:
    """(trials, hits) at the end of a running estimate's figure: its last point is hits / trials."""
    line = next(t for t in figure["data"] if t.get("name") == "simulated estimate")
    n = int(line["x"][-1])
    return n, round(float(line["y"][-1]) * n)


ARM_JS = """([name, kind, arg]) => {
  const seen = (window.__dlSeen ??= {});
  delete seen[name];
  const text = (sel) => [...document.querySelectorAll(sel)].map((e) => e.textContent).join(" | ");
  const test = () => {
    if (kind === "step") return text(".dl-stepper .dl-pos").startsWith(`step ${arg} `);
    if (kind === "paused") return !!document.querySelector(".dl-cc-pause")?.getClientRects().length;
    if (kind === "released") return !document.querySelector(".dl-cc-pause");
    if (kind === "question") return text(".dl-cc-num").includes(`Question ${arg} of`);
    if (kind === "revealed") return text(arg[0] === 1 ? ".dl-reveal" : ".dl-cc-status").includes(arg[1]);
    if (kind === "built") return !!document.querySelector(".dl-class-status[data-kind='closed']");
    if (kind === "section") {
      const r = document.querySelector(`.dl-section-${arg}`)?.getBoundingClientRect();
      return !!r && r.top < innerHeight && r.bottom > 0;
    }
    return false;
  };
  let observer = null, tick = null;
  const done = () => {
    if (seen[name] !== undefined || !test()) return;
    seen[name] = Date.now();
    observer?.disconnect(); clearInterval(tick); removeEventListener("scroll", done, true);
  };
  done();
  if (seen[name] !== undefined) return;
  observer = new MutationObserver(done);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  tick = setInterval(done, 50);
  addEventListener("scroll", done, { capture: true, passive: true });
}"""
PLOT_JS = """() => {
  const shown = (r) => r.querySelector(".dl-liveplot-toggle")?.getClientRects().length;
  const root = [...document.querySelectorAll(".dl-liveplot")].find(shown);
  const bar = root?.querySelector(".dl-liveplot-progress");
  const line = (root?.querySelector(".dl-liveplot-plot")?.data || []).find((t) => t.name === "simulated estimate");
  if (!bar || !line || bar.getAttribute("aria-valuenow") !== bar.getAttribute("aria-valuemax")) return null;
  const n = line.x[line.x.length - 1];
  return String(n) === bar.getAttribute("aria-valuemax") ? [n, line.y[line.y.length - 1]] : null;
}"""


class Chromium:
    """A pupil's page in Chromium (its own context: its own cookies, so its own pupil)."""

    kind = "chromium"

    def __init__(self, number: int, base: str, browser: Any, errors: list[str], folder: Path) -> None:
        self.number, self.base, self.browser, self.errors, self.folder = number, base, browser, errors, folder
        self.page: Any = None
        self.context: Any = None

    async def join(self, code: str) -> None:
        self.context = await self.browser.new_context(viewport={"width": 1280, "height": 900})
        page = self.page = await self.context.new_page()
        page.set_default_timeout(WAIT_S * 1000)
        page.on("pageerror", lambda exc: self.errors.append(f"Chromium pupil {self.number}: {exc}"))
        await page.route("**/cdn.jsdelivr.net/**", lambda route: route.abort())
        await page.goto(f"{self.base}/voila/render/{LESSON}.ipynb?class={code}&lang=en", wait_until="domcontentloaded")
        try:
            await page.locator(".dl-cc-bar b", has_text="you are").wait_for()
            await page.locator("button.dl-class-lock:enabled").wait_for()
        except Exception:  # what the page showed instead, for the report
            await self.shot("join-failed")
            raise

    async def shot(self, name: str) -> Path:
        """A screenshot of the whole page and its text, beside the server's log."""
        path = self.folder / f"chromium-{self.number}-{name}.png"
        await self.page.screenshot(path=str(path), full_page=True)
        path.with_suffix(".txt").write_text(await self.page.locator("body").inner_text())
        return path

    async def guess(self, number: int, value: float) -> None:
        """The pupil's own hand: the prediction's slider by keyboard (question 1) or the card's slider, then Lock."""
        try:
            await self._guess(number, value)
        except Exception:  # what the page showed instead, for the report
            await self.shot(f"guess-{number}-failed")
            raise

    async def _guess(self, number: int, value: float) -> None:
        page = self.page
        if number == 1:
            handle = page.locator(".dl-prediction .noUi-handle").first
            await handle.focus()
            await handle.press("Home")
            for _ in range(round(value / 0.01)):
                await handle.press("ArrowRight")
            await page.locator(".dl-prediction .dl-readout", has_text=f"{value:.2f}").first.wait_for()
            await page.locator("button.dl-class-lock").click()
            return
        await page.locator(".dl-cc-num", has_text=f"Question {number} of").wait_for()
        await page.locator(".dl-cc-range:enabled").fill(f"{value:.2f}")
        await page.locator("button.dl-cc-lock").click()

    async def simulate(self) -> tuple[int, int]:
        await self.page.locator(".dl-liveplot button.dl-liveplot-toggle:visible").first.click()
        found = await self.page.wait_for_function(PLOT_JS, polling=200, timeout=WAIT_S * 1000)
        n, share = await found.json_value()
        return int(n), round(float(share) * int(n))

    async def arm(self, name: str, sign: Sign) -> None:
        await self.page.evaluate(ARM_JS, [name, sign[0], sign[1]])

    async def seen(self, name: str) -> float | None:
        try:
            await self.page.wait_for_function(
                "n => (window.__dlSeen || {})[n] !== undefined", arg=name, polling=100, timeout=SEEN_S * 1000
            )
        except Exception:  # Playwright's TimeoutError: the sign never reached this page
            return None
        stamp = await self.page.evaluate("n => window.__dlSeen[n]", name)
        return float(stamp) / 1000 - WALL

    async def close(self) -> None:
        if self.context is not None:
            await self.context.close()


class Landed:
    """One poller for every pupil's guess: the store read every 20 ms while a guess is on its way (one reader,
    not thirty; 20 ms is the figure's resolution). ``expect(qid, value)`` is a future of the moment it landed."""

    def __init__(self, store: Any, code: str, key: str, pool: ThreadPoolExecutor) -> None:
        self.store, self.code, self.key, self.pool = store, code, key, pool
        self.waiting: dict[tuple[str, float], asyncio.Future[float]] = {}
        self.task = asyncio.create_task(self._poll())

    def expect(self, qid: str, value: float) -> asyncio.Future[float]:
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self.waiting[(qid, round(value, 6))] = future
        return future

    async def _poll(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            for qid in {q for q, _ in self.waiting}:
                r = await loop.run_in_executor(self.pool, self.store.results, self.code, self.key, qid)
                now, stored = time.monotonic(), {round(v, 6) for v in r["answers"]}
                for key in [k for k in self.waiting if k[0] == qid and k[1] in stored]:
                    self.waiting.pop(key).set_result(now)
            await asyncio.sleep(0.02)  # polling the store: the benchmark has no other way to see a write land


# ------------------------------------------------------------------------------------------ the machine
def cpu_use(server: int) -> tuple[float, ...]:
    """Seconds so far: wall clock; CPU of the kernels, of the server itself, of this benchmark (its clients,
    Playwright and Chromium; the server is its child and counted apart), and of the whole machine
    (``/proc/stat``: what is left is other work on the same cores)."""
    hz = os.sysconf("SC_CLK_TCK")
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    kernels = sum(process_ticks(pid) or 0 for pid in descendants(server) if _is_kernel(pid))
    served, ours = cpu_ticks(server), cpu_ticks(os.getpid())
    busy = sum(fields) - fields[3] - fields[4]  # all but idle and iowait
    return time.monotonic(), kernels / hz, (served - kernels) / hz, (ours - served) / hz, busy / hz


def _is_kernel(pid: int) -> bool:
    try:
        return b"ipykernel_launcher" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def settle(root: int, limit: float = 120.0) -> float:
    """Seconds until the server and its kernels use under half a core over 2 s (the pages rebuilt after the
    reveal: each pupil's kernel builds the sealed rest of the lesson at once)."""
    began, hz = time.monotonic(), os.sysconf("SC_CLK_TCK")
    while time.monotonic() - began < limit:
        before = cpu_ticks(root)
        time.sleep(2.0)  # CPU used over an interval: there is no event for "the pages are built"
        if (cpu_ticks(root) - before) / hz < 1.0:
            break
    return time.monotonic() - began


def class_rows(store: Any, code: str) -> int:
    """Rows the class ``code`` has in the store's tables (End class must leave none)."""
    import sqlalchemy as sa

    from donkeylab.classroom import schema

    tables = (schema.classes, schema.pupils, schema.answers, schema.batches, schema.pooled, schema.reveals)
    with store.engine.connect() as conn:
        return sum(
            int(conn.execute(sa.select(sa.func.count()).select_from(t).where(t.c.code == code)).scalar_one())
            for t in tables
        )


def db_bytes(store: Any) -> int:
    """The SQLite file with its WAL, or PostgreSQL's database size."""
    import sqlalchemy as sa

    if store.engine.dialect.name == "postgresql":
        with store.engine.connect() as conn:
            return int(conn.execute(sa.text("SELECT pg_database_size(current_database())")).scalar_one())
    path = Path(str(store.engine.url.database))
    return sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))
