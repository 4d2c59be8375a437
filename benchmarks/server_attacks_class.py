"""The class attacks of issue 47 (§1 to §3 and the wrong codes of §9), for ``benchmarks/server_attacks.py``.

- ``stuffing`` (§1, §2, §3): a class of 5 (``address_cap``: 8 new pupils per address) on a class server; 12
  identities from one other address (this machine's network address, fresh cookies each) open the class link,
  draw the page and forge a click on the lesson's Reveal. Then the teacher takes one joined pupil out: its page,
  the same browser reloading, and a fresh cookie from that address. Figures: the pupils on the roster, pages told
  the class is full, answer forms (``5/28``, ``17.9``) in any frame a page received, the kernels still running;
- ``wrong_codes`` (§9): one browser behind a school's address sends 20 wrong codes to the join box; a classmate's
  browser at that address then types the right code.

The answer of the lesson (``doublet_penalties``: 5/28 ≈ 17.9 %) is what a sealed page must never receive.
"""

from __future__ import annotations

import asyncio
import http.client
import http.cookiejar
import json
import time
from typing import Any

from benchmarks.common import Row
from benchmarks.procs import kernels
from donkeylab.classroom import ClassStore
from donkeylab.server.pageclient import KernelSession, fetch_page, message
from donkeylab.server.serve import lan_addresses

LESSON = "doublet_penalties"
ANSWER = ("5/28", "17.9", "17,9")  # the exact answer as a page would write it
IDENTITIES = 12
SIZE = 5


async def _visit(base: str, link: str, jar: http.cookiejar.CookieJar) -> dict[str, Any]:
    """One browser's visit: the page, its widgets drawn, the card's verdict, a forged click on every button that
    would reveal; what it received, and its session (left open)."""
    page = fetch_page(base, link, None, 300, jar)
    if page.status != 200 or not page.kernel_id:
        return {"status": page.status, "said": "", "session": None, "kernel": None, "reveal": []}
    session = await KernelSession.open(base, page.kernel_id, jar=jar, timeout=300)
    states = await session.widget_states()
    said = await _read(session, lambda text: "you are" in text or "is full" in text or "taken you out" in text, 60)
    reveal = [
        model_id
        for model_id, model in states.items()
        if model.get("state", {}).get("_model_name") == "ButtonModel"
        and "eveal" in str(model.get("state", {}).get("description", ""))
    ]
    said += await _forge_reveal(session, reveal)
    return {"status": 200, "said": said, "session": session, "kernel": page.kernel_id, "reveal": reveal}


async def _forge_reveal(session: KernelSession, buttons: list[str]) -> str:
    """A forged click on each of ``buttons`` (the lesson's Reveal, enabled or not); what came back in 3 s."""
    for model_id in buttons:
        data = {"method": "custom", "content": {"event": "click"}}
        try:
            await session.send(message("comm_msg", {"comm_id": model_id, "data": data}))
        except Exception:  # the kernel is gone and its socket closed: nothing to click
            return ""
    return await _read(session, lambda text: False, 3)


async def _read(session: KernelSession, done: Any, seconds: float) -> str:
    """What the kernel sends for up to ``seconds`` (until ``done`` holds of it), as text; '' once closed."""
    text, end = "", time.monotonic() + seconds
    while time.monotonic() < end and not done(text):
        try:
            msg = await asyncio.wait_for(session.next(), max(0.01, end - time.monotonic()))
        except (TimeoutError, ConnectionError):
            break
        text += json.dumps(msg, ensure_ascii=False)
    return text


def stuffing(served: Any) -> list[Row]:
    other = (lan_addresses() or [""])[0]
    if not other:
        return [Row("§1-3 stuffing", "needs a network address besides loopback", float("nan"), "")]
    store = ClassStore.open()
    made = store.create_class(LESSON, SIZE)
    time.sleep(1.1)  # the server's gate reads the open classes at most once a second
    base, link = f"http://{other}:{served.port}", f"/voila/render/{LESSON}.ipynb?class={made.code}"

    async def attack() -> dict[str, Any]:
        jars = [http.cookiejar.CookieJar() for _ in range(IDENTITIES)]
        visits = [await _visit(base, link, jar) for jar in jars]
        joined = [v for v in visits if "you are" in v["said"] and "is full" not in v["said"]]
        full = [v for v in visits if "is full" in v["said"]]
        roster = store.roster(made.code, made.teacher_key)
        taken = roster[0]["name"]
        mine = next(v for v in joined if taken in v["said"])
        store.remove_pupil(made.code, made.teacher_key, taken)
        mine["said"] += await _read(mine["session"], lambda text: "taken you out" in text, 30)
        mine["said"] += await _forge_reveal(mine["session"], mine["reveal"])  # taken out, it forges Reveal
        mine["said"] += await _read(mine["session"], lambda text: False, 10)  # until its kernel stops
        again = await _visit(base, link, jars[visits.index(mine)])  # the same browser reloads
        fresh = await _visit(base, link, http.cookiejar.CookieJar())  # a fresh cookie, the same address
        await asyncio.sleep(10)  # the refused pages' kernels stop a few seconds after they said why
        alive = set(kernels(served.proc.pid))
        for v in [*visits, again, fresh]:
            if v["session"] is not None:
                v["session"].close()
        return {
            "visits": visits,
            "joined": joined,
            "full": full,
            "mine": mine,
            "again": again,
            "fresh": fresh,
            "roster": len(store.roster(made.code, made.teacher_key)),
            "alive": alive,
            "pupils": len(roster),
        }

    got = asyncio.run(attack())
    store.close()

    def leaked(visits: list[dict[str, Any]]) -> int:
        return sum(any(form in v["said"] for form in ANSWER) for v in visits)

    def running(visits: list[dict[str, Any]]) -> int:
        return sum(1 for v in visits if v["kernel"] and any(v["kernel"] in str(k) for k in got["alive"]))

    refused = [*got["full"], got["mine"], got["again"], got["fresh"]]
    return [
        Row(
            "§1-2 12 identities, one address",
            "pupils on the roster",
            got["pupils"],
            "pupils",
            "8 (5 + 3)",
            got["pupils"] <= SIZE + 3,
            note="class of 5",
        ),
        Row("", "pages told the class is full", len(got["full"]), "pages"),
        Row(
            "",
            "refused pages holding the answer after a forged Reveal",
            leaked(got["full"]),
            "pages",
            "0",
            leaked(got["full"]) == 0,
        ),
        Row("", "refused pages' kernels still running 10 s on", running(got["full"]), "kernels", "0"),
        Row(
            "§3 one taken out",
            "its page: the answer after a forged Reveal",
            leaked([got["mine"]]),
            "pages",
            "0",
            leaked([got["mine"]]) == 0,
            note="note: " + ("yes" if "taken you out" in got["mine"]["said"] else "no"),
        ),
        Row(
            "",
            "the same browser reloading: joined",
            float("you are" in got["again"]["said"] and "taken you out" not in got["again"]["said"]),
            "pages",
            "0",
            note="taken-out note: " + ("yes" if "taken you out" in got["again"]["said"] else "no"),
        ),
        Row(
            "",
            "a fresh cookie from that address: joined",
            float("is full" not in got["fresh"]["said"] and "you are" in got["fresh"]["said"]),
            "pages",
            "0",
            note="full: " + ("yes" if "is full" in got["fresh"]["said"] else "no"),
        ),
        Row(
            "", "its pages' kernels running 10 s on", running([got["mine"], got["again"], got["fresh"]]), "kernels", "0"
        ),
        Row(
            "",
            "answer in any refused page",
            leaked(refused),
            "pages",
            "0",
            leaked(refused) == 0,
            note=f"roster at the end: {got['roster']}",
        ),
    ]


def wrong_codes(served: Any) -> list[Row]:
    other = (lan_addresses() or [""])[0]
    if not other:
        return [Row("§9 wrong codes", "needs a network address besides loopback", float("nan"), "")]
    store = ClassStore.open()
    made = store.create_class(LESSON)
    store.close()
    time.sleep(1.1)  # the server's gate reads the open classes at most once a second

    def join(code: str, browser: str) -> int:
        conn = http.client.HTTPConnection(other, served.port, timeout=60)
        conn.request("GET", f"/join?code={code}", headers={"Cookie": f"dl_browser={browser}"})
        status = conn.getresponse().status
        conn.close()
        return status

    guesser, classmate = "g" * 32, "c" * 32
    wrong = [join("YYYYYY", guesser) for _ in range(20)]
    return [
        Row("§9 20 wrong codes, one browser", "wrong codes answered 404", wrong.count(404), "of 20"),
        Row("", "the guesser with the right code", join(made.code, guesser), "status", "429"),
        Row(
            "",
            "a classmate at that address, the right code",
            join(made.code, classmate),
            "status",
            "302",
            note="302: sent to the lesson",
        ),
    ]


CLASS_ATTACKS: dict[str, tuple[Any, dict[str, Any]]] = {
    "stuffing": (stuffing, {"public": True}),
    "wrong_codes": (wrong_codes, {"public": True}),
}
