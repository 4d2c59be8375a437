"""The server-level attacks of issue 37 (§3 to §7), measured against a live ``donkeylab serve``, before and after.

Each attack gets a server of its own (the apps of the checkout on ``sys.path``, plus ``counter.ipynb``: one
core ipywidgets Button whose description counts its clicks) and reports what the issue reported:

- ``widgets`` (§3): 100 hand-made ``comm_open`` frames to ``jupyter.widget``, each a Textarea with an 8 MB
  value (the issue used a FileUpload; the kernel keeps either): the kernel's memory before and after;
- ``descriptors`` (§4): the server under ``prlimit --nofile=1024:1024``; 1,100 sockets from 127.0.0.2 that send
  headers and never finish them; then a pupil on 127.0.0.1 asks for a file and a page. The server's CPU over 5 s
  and the log it wrote in 20 s;
- ``link`` (§5): 300 requests for a link of 101 fields, one for a 57 KB link: status, log bytes, requests/s;
- ``reconnect`` (§6): 29 sockets one after the other over 5 s, 200 clicks each: the clicks that reached the kernel;
- ``offline`` (§7): the lesson page's whole state (~185 KB) asked for 199 times, the socket closed at once: the
  server's memory 20 s later;
- ``ghost_gets`` (issue 47 §4, a class server of 6 places): four GETs of a class link at a time from another
  address, no websocket, every 2–5 s for 90 s; 45 s in and at the end, a newcomer on a third address (a network
  namespace: needs root) and the teacher reloading the dashboard: their statuses, the kernels held, the
  pseudonyms left.
- issue 47's, in ``server_attacks_round3.py``: ``query``, ``rebinding``, ``token``, ``reconnects``, ``control``;
  in ``server_attacks_class.py``: ``stuffing`` (§1-3: a class stuffed from one address, a page refused or taken
  out forging Reveal) and ``wrong_codes`` (§9: a classmate behind the guesser's address).

Run: ``.venv/bin/python benchmarks/server_attacks.py [NAME ...]``. Before the fixes: ``git archive cddbd25 |
tar -x -C /tmp/before`` and the same command with ``PYTHONPATH=/tmp/before`` (that checkout's server and kernels).
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.append(str(Path(__file__).resolve().parent.parent))  # appended: a PYTHONPATH checkout stays first

import nbformat

import donkeylab
from benchmarks.common import Row, print_table
from benchmarks.procs import free_port, kernels, process_ticks, stop_server
from donkeylab.server.pageclient import KernelSession, close_page, fetch_page, message
from donkeylab.server.serve import apps_dir, voila_command

COUNTER = "import ipywidgets as w\ncounter = w.Button(description='0')\n"
COUNTER += "counter.on_click(lambda b: setattr(b, 'description', str(int(b.description) + 1)))\ndisplay(counter)"
HALF_OPEN = b"GET /voila/static/voila.js HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Never: finished\r\n"
MB = 2**20


class Served:
    """A server of its own for one attack: its URL, process, log and the log's size at a mark."""

    def __init__(
        self, nofile: int | None = None, public: bool = False, token: str | None = None, places: int | None = None
    ) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="attacks-"))
        apps = self.dir / "apps"
        shutil.copytree(apps_dir(), apps)
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(COUNTER)])  # type: ignore[no-untyped-call]
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nbformat.write(nb, apps / "counter.ipynb")  # type: ignore[no-untyped-call]
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.token = token or ("attacks-teacher-token-0123456789" if public else None)
        cmd = voila_command(self.port, apps, public=self.token is not None, token=self.token, max_kernels=places)
        if nofile:
            cmd = ["prlimit", f"--nofile={nofile}:{nofile}", "--", *cmd]
        self.log = self.dir / "server.log"
        with open(self.log, "wb") as out:
            # cwd: ``-m`` puts the working directory first on sys.path, before a PYTHONPATH checkout
            self.proc = subprocess.Popen(
                cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True, cwd=self.dir
            )
        deadline = time.monotonic() + 300
        while fetch_status(self.url + "/voila/static/voila.js", 5) != 200:
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise RuntimeError("the server did not start:\n" + self.log.read_text(errors="replace"))
            time.sleep(0.5)  # polling a server that is starting: there is no event to wait on

    def log_bytes(self) -> int:
        return self.log.stat().st_size

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def page(self, path: str) -> str:
        page = fetch_page(self.url, path)
        assert page.kernel_id, page.status
        return page.kernel_id

    def stop(self) -> None:
        stop_server(self.proc)
        shutil.rmtree(self.dir, ignore_errors=True)


def fetch_status(url: str, timeout: float) -> int:
    """The status of a GET (0: no answer at all)."""
    try:
        return fetch_page(url, "", timeout=timeout).status
    except (OSError, urllib.error.URLError):
        return 0


def kernel_mb(served: Served, kernel_id: str) -> float:
    return kernels(served.proc.pid).get(kernel_id, (0, 0))[0] / 1024


def widgets(served: Served) -> list[Row]:
    kernel_id = served.page("/voila/render/double_down.ipynb")
    before = kernel_mb(served, kernel_id)
    state = {"_model_module": "@jupyter-widgets/controls", "_model_module_version": "2.0.0"}
    state |= {"_view_module": "@jupyter-widgets/controls", "_view_module_version": "2.0.0"}
    state |= {"_model_name": "TextareaModel", "_view_name": "TextareaView", "value": "x" * (8 * MB)}

    async def send() -> int:
        ks = await KernelSession.open(served.url, kernel_id, timeout=120)
        sent = 0
        try:
            for _ in range(100):
                content = {"comm_id": uuid.uuid4().hex, "target_name": "jupyter.widget", "data": {"state": state}}
                await ks.send(message("comm_open", content, {"version": "2.1.0"}))
                sent += 1
        except Exception:  # the server closed the socket
            pass
        ks.close()
        return sent

    start = time.monotonic()
    sent = asyncio.run(send())
    time.sleep(10)  # the kernel works through what reached it: sampled from outside
    after = kernel_mb(served, kernel_id)
    note = f"{sent} frames sent in {time.monotonic() - start - 10:.0f} s, then the server closed the socket"
    return [Row("§3 forged widgets", "kernel memory before", before, "MB"), Row("", "after", after, "MB", note=note)]


def descriptors(served: Served) -> list[Row]:
    mark, start = served.log_bytes(), time.monotonic()

    def one(_: int) -> socket.socket | None:
        s = socket.socket()
        try:
            s.bind(("127.0.0.2", 0))
            s.settimeout(1)
            s.connect(("127.0.0.1", served.port))
            s.sendall(HALF_OPEN)
            return s
        except OSError:
            s.close()
            return None

    with ThreadPoolExecutor(64) as pool:
        held = [s for s in pool.map(one, range(1_100)) if s is not None]
    opened_s = time.monotonic() - start
    t0 = time.monotonic()
    status = fetch_status(served.url + "/voila/static/voila.js", 30)
    file_s = time.monotonic() - t0
    page = fetch_page(served.url, "/voila/render/index.ipynb", timeout=60) if status else None
    ticks, t0 = process_ticks(served.proc.pid) or 0, time.monotonic()
    time.sleep(5)  # CPU over an interval: sampled
    cpu = ((process_ticks(served.proc.pid) or 0) - ticks) / os.sysconf("SC_CLK_TCK") / (time.monotonic() - t0)
    time.sleep(max(0.0, 20 - (time.monotonic() - start)))
    log_mb = (served.log_bytes() - mark) / MB
    for s in held:
        s.close()
    if page and page.kernel_id:
        close_page(served.url, page.kernel_id)
    return [
        Row("§4 half-open requests", "sockets connected", len(held), "", note=f"in {opened_s:.1f} s"),
        Row("", "a pupil's file", file_s, "s", note=f"status {status}"),
        Row("", "a pupil's page", page.seconds if page else float("nan"), "s", note=f"status {page and page.status}"),
        Row("", "server CPU over 5 s", 100 * cpu, "%"),
        Row("", "log in the first 20 s", log_mb, "MB"),
    ]


def link(served: Served) -> list[Row]:
    flood = "/voila/render/double_down.ipynb?" + "&".join(f"token={i}" for i in range(101))
    mark, start = served.log_bytes(), time.monotonic()
    statuses = [fetch_status(served.url + flood, 30) for _ in range(300)]
    rate = 300 / (time.monotonic() - start)
    per_request = (served.log_bytes() - mark) / 300
    mark = served.log_bytes()
    long_status = fetch_status(served.url + flood + "&x=" + "y" * 57_000, 30)
    time.sleep(0.5)  # the log line of the last request, written by the server after its answer
    return [
        Row("§5 101 fields", "status", statuses[-1], "", note=f"{rate:.0f} requests/s"),
        Row("", "log per request", per_request, "bytes"),
        Row("", "57 KB link: status", long_status, "", note="no answer: closed" if not long_status else ""),
        Row("", "57 KB link: log", served.log_bytes() - mark, "bytes"),
    ]


async def button_clicks(ks: KernelSession) -> tuple[str, int]:
    states = await ks.widget_states()
    (mid,) = [k for k, v in states.items() if v["state"]["_model_name"] == "ButtonModel"]
    return mid, int(states[mid]["state"]["description"])


def reconnect(served: Served) -> list[Row]:
    kernel_id = served.page("/voila/render/counter.ipynb")

    async def go() -> tuple[int, float]:
        ks = await KernelSession.open(served.url, kernel_id, timeout=120)
        button, first = await button_clicks(ks)
        ks.close()
        data = {"method": "custom", "content": {"event": "click"}}
        click = json.dumps(message("comm_msg", {"comm_id": button, "data": data}))
        start = time.monotonic()
        for i in range(29):  # paced over ~5 s, as the run: the rate shows, not only the first burst
            ks = await KernelSession.open(served.url, kernel_id, timeout=120)
            for _ in range(200):  # a new message id each: the server drops a frame sent twice
                await ks.ws.write_message(click.replace(json.loads(click)["header"]["msg_id"], uuid.uuid4().hex))
            ks.close()
            await asyncio.sleep(max(0.0, start + (i + 1) * 5 / 29 - time.monotonic()))
        elapsed = time.monotonic() - start
        await asyncio.sleep(3)  # the bucket refills for the two messages that read the count
        ks = await KernelSession.open(served.url, kernel_id, timeout=120)
        clicks = (await button_clicks(ks))[1] - first
        ks.close()
        return clicks, elapsed

    clicks, elapsed = asyncio.run(go())
    note = f"{clicks} of 5,800 in {elapsed:.1f} s (the bound: 100/s after a burst of 200)"
    return [Row("§6 29 reconnects", "clicks that reached the kernel", clicks / elapsed, "per s", note=note)]


def offline(served: Served) -> list[Row]:
    kernel_id = served.page("/voila/render/die_choice.ipynb")
    before, mark = served.rss_mb(), served.log_bytes()

    async def ask_and_leave() -> None:
        ks = await KernelSession.open(served.url, kernel_id, timeout=120)
        comm_id = uuid.uuid4().hex
        opening = {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}}
        await ks.send(message("comm_open", opening, {"version": "1.0.0"}))
        for _ in range(199):
            await ks.send(message("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}}))
        ks.close()

    asyncio.run(ask_and_leave())
    peak = before
    for _ in range(80):
        time.sleep(0.25)  # the server's memory while the kernel answers: sampled from outside
        peak = max(peak, served.rss_mb())
    said = served.log.read_text(errors="replace")[mark:]
    dropped = "dropped the replies" if "replies waiting for a closed page" in said else ""
    return [
        Row("§7 replies for a closed page", "server memory before", before, "MB"),
        Row("", "peak in 20 s", peak, "MB"),
        Row("", "after 20 s", served.rss_mb(), "MB", note=dropped),
    ]


def ghost_gets(served: Served, seconds: float = 90.0) -> list[Row]:
    """Issue 47 §4: four GETs of a class link at a time from another address, no websocket, every 2–5 s: the
    kernels they hold, the pseudonyms they leave, whether a newcomer on a third address and the teacher reloading
    the dashboard still get a page (45 s in, when the flood holds every place, and at the end)."""
    import http.cookiejar
    import random

    from donkeylab.classroom.store import ClassStore
    from donkeylab.server.serve import lan_addresses
    from tests.serving.crowd import crowd

    store = ClassStore.open()
    made = store.create_class("die_choice")
    other = f"http://{lan_addresses()[0]}:{served.port}"
    link = f"/voila/render/die_choice.ipynb?class={made.code}"
    statuses: list[int] = []
    newcomer: list[str] = []  # its status each time (HTTP/1.0 from the namespace: the head only)
    teacher: list[int] = []
    held = 0
    rng = random.Random(1)
    with crowd(1) as third, ThreadPoolExecutor(4) as pool:

        def arrive() -> None:
            if third is not None:
                here = f"{third.server_ip}:{served.port}"
                newcomer.append(third.ask("get", here, "--path", link, "--sources", third.addresses[0]).split()[0])
            teacher.append(fetch_page(served.url, "/voila/render/class_mode.ipynb", timeout=120).status)

        start = time.monotonic()
        while time.monotonic() - start < seconds:
            jars = [http.cookiejar.CookieJar() for _ in range(4)]  # fresh cookies: new identities
            statuses += [p.status for p in pool.map(lambda j: fetch_page(other, link, None, 120, j), jars)]
            held = max(held, len(kernels(served.proc.pid)))
            if not teacher and time.monotonic() - start >= seconds / 2:
                arrive()
            time.sleep(rng.uniform(2, 5))  # the attacker's pause between rounds
        arrive()
    left = len(kernels(served.proc.pid))
    time.sleep(40)  # the kernels of pages that never connected are culled meanwhile
    roster = len(store.roster(made.code, made.teacher_key))
    store.close()
    ok = newcomer.count("200") == len(newcomer) and teacher.count(200) == len(teacher)
    return [
        Row("§4 GETs without a page", "GETs answered 200", statuses.count(200), "pages", note=f"of {len(statuses)}"),
        Row("", "most kernels alive at once", held, "kernels", note="6 places, the dashboard's on top"),
        Row("", "kernels alive at the end / 40 s later", left, "kernels", note=str(len(kernels(served.proc.pid)))),
        Row("", "pseudonyms left on the roster", roster, "pupils", "0", roster == 0),
        Row(
            "",
            "a newcomer on a third address: pages",
            newcomer.count("200"),
            "pages",
            "all",
            ok,
            note="statuses " + ("/".join(newcomer) or "none: needs root"),
        ),
        Row(
            "",
            "the teacher reloading the dashboard: pages",
            teacher.count(200),
            "pages",
            "all",
            ok,
            note="statuses " + "/".join(map(str, teacher)),
        ),
    ]


ATTACKS: dict[str, tuple[Callable[[Served], list[Row]], dict[str, Any]]] = {
    "widgets": (widgets, {}),
    "descriptors": (descriptors, {"nofile": 1024}),
    "link": (link, {}),
    "reconnect": (reconnect, {}),
    "offline": (offline, {}),
    "ghost_gets": (ghost_gets, {"token": "attacks-" + uuid.uuid4().hex, "places": 6}),
}


def main() -> None:
    from benchmarks.server_attacks_class import CLASS_ATTACKS
    from benchmarks.server_attacks_round3 import ROUND3

    ATTACKS.update(ROUND3)
    ATTACKS.update(CLASS_ATTACKS)
    names = sys.argv[1:] or list(ATTACKS)
    unknown = [n for n in names if n not in ATTACKS]
    if unknown:  # --help, -h or a misspelt name: the usage, not a traceback
        print(f"usage: {Path(sys.argv[0]).name} [ATTACK ...]  (each against a server of its own; none: all)")
        print("attacks: " + " ".join(ATTACKS))
        print((__doc__ or "").strip())
        sys.exit(0 if set(unknown) <= {"-h", "--help"} else 2)
    os.environ.setdefault(
        "DONKEYLAB_CLASS_DB", tempfile.mkdtemp(prefix="attacks-db-") + "/class.db"
    )  # servers inherit it
    print(f"# donkeylab from {Path(donkeylab.__file__).parent}")
    rows: list[Row] = []
    for name in names:
        attack, options = ATTACKS[name]
        served = Served(**options)
        try:
            rows += attack(served)
        finally:
            served.stop()
    print_table(rows)


if __name__ == "__main__":
    main()
