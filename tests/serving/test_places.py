"""A place costs a page: against a live class server (``--class``: every address, a token), GETs of the class
link that never open a websocket take no pupil's place on the roster, their kernels go within seconds, and the
teacher's dashboard is never refused for want of a place. The manager's rules are also checked without a
server (``CappedKernelManager`` with stand-in kernels).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import http.cookiejar
import json
import os
import secrets
import shutil
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from datetime import timedelta
from types import SimpleNamespace
from typing import Any

import pytest
from jupyter_server._tz import utcnow

from donkeylab.classroom import ClassStore
from donkeylab.server.kernels import CappedKernelManager
from donkeylab.server.pageclient import KernelSession, fetch_page
from donkeylab.server.serve import lan_addresses, voila_command
from tests.serving.conftest import ROOT, Server, free_port, kernel_alive, run_server, wait_for
from tests.serving.test_class_server import new_class

TOKEN = secrets.token_urlsafe(24)
LESSON = "doublet_penalties"
OTHER = (lan_addresses() or [""])[0]  # a pupil's device: not this machine's loopback
PLACES = 3
UNOPENED_S = 4


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    assert OTHER, "this machine has no network address besides loopback"
    site = tmp_path_factory.mktemp("places")
    shutil.copytree(ROOT / "notebooks" / "apps", site / "apps")
    os.environ["DONKEYLAB_CLASS_DB"] = str(site / "class.db")  # the server (and its kernels) inherit it
    os.environ["DONKEYLAB_TEACHER_KEYS"] = str(site / "teacher-keys.json")
    port = free_port()
    extra = [f"--CappedKernelManager.unopened_grace={UNOPENED_S}"]
    cmd = voila_command(port, site / "apps", public=True, token=TOKEN, max_kernels=PLACES, extra=extra)
    try:
        yield from run_server(cmd, port, site / "server.log")
    finally:
        os.environ.pop("DONKEYLAB_CLASS_DB", None)
        os.environ.pop("DONKEYLAB_TEACHER_KEYS", None)


def get_page(base: str, path: str) -> Any:
    return fetch_page(base, path, None, 300, http.cookiejar.CookieJar())  # a fresh cookie jar: a new identity


def test_gets_without_a_page_take_no_place_and_the_teacher_is_never_refused(server: Server) -> None:
    """Four GETs at a time without a websocket took 36 places for 5 minutes, left 118 ghost pseudonyms on the
    roster, and pushed the teacher's dashboard into a 503."""
    store = ClassStore.open()
    made = store.create_class(LESSON)
    pupil_base = f"http://{OTHER}:{server.port}"
    link = f"/voila/render/{LESSON}.ipynb?class={made.code}"
    with concurrent.futures.ThreadPoolExecutor(PLACES + 1) as pool:
        pages = list(pool.map(lambda _: get_page(pupil_base, link), range(PLACES + 1)))
    ghosts = [p.kernel_id for p in pages if p.status == 200 and p.kernel_id]
    assert len(ghosts) == PLACES and sorted(p.status for p in pages)[-1] == 503  # the places are taken for now
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    with pytest.raises(urllib.error.HTTPError) as full:
        opener.open(pupil_base + link, timeout=60)
    assert full.value.code == 503 and full.value.headers["Refresh"] == "60"  # the class page comes back by itself
    teacher = fetch_page(server.url, "/voila/render/class_mode.ipynb")  # this machine: the teacher
    assert teacher.status == 200, "the teacher's dashboard was refused for the pupils' places"
    assert store.roster(made.code, made.teacher_key) == []  # no GET alone joined the class
    wait_for(lambda: not any(kernel_alive(k) for k in ghosts), UNOPENED_S + 30, "the pages' kernels are gone")
    assert "its page never connected" in server.log_text()

    newcomer = get_page(pupil_base, link)  # the places are free again; a real page joins
    assert newcomer.status == 200 and newcomer.kernel_id
    jar = http.cookiejar.CookieJar()
    page = fetch_page(pupil_base, link, None, 300, jar)
    assert page.status == 200 and page.kernel_id

    async def open_page() -> None:
        session = await KernelSession.open(pupil_base, str(page.kernel_id), jar=jar, timeout=300)
        try:
            await session.widget_states()  # the page's widgets are made: it says "drawn"
            deadline = time.monotonic() + 60
            while not store.roster(made.code, made.teacher_key):
                assert time.monotonic() < deadline, "the page that connected did not join"
                await asyncio.sleep(0.2)
        finally:
            session.close()

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, open_page()).result()
    assert len(store.roster(made.code, made.teacher_key)) == 1
    store.close()


def test_a_pupil_taken_out_frees_the_place_on_the_roster_and_on_the_server(server: Server) -> None:
    """A pupil the teacher took out kept the answers sealed but held a kernel (a place on the server, ~100 MB)
    while the tab stayed open: the page says why, then its kernel stops and the place is free."""
    made = new_class(server)  # known to the server's gate (it re-reads the open classes once a second)
    store = ClassStore.open()
    pupil_base = f"http://{OTHER}:{server.port}"
    jar = http.cookiejar.CookieJar()
    page = fetch_page(pupil_base, f"/voila/render/{LESSON}.ipynb?class={made.code}", None, 300, jar)
    assert page.status == 200 and page.kernel_id
    kernel_id = str(page.kernel_id)

    async def taken_out() -> str:
        session = await KernelSession.open(pupil_base, kernel_id, jar=jar, timeout=300)
        try:
            await session.widget_states()
            deadline = time.monotonic() + 60
            while not store.roster(made.code, made.teacher_key):
                assert time.monotonic() < deadline, "the page did not join"
                await asyncio.sleep(0.2)
            (pupil,) = store.roster(made.code, made.teacher_key)
            store.remove_pupil(made.code, made.teacher_key, pupil["name"])
            said, deadline = "", time.monotonic() + 60
            while "its place on the server is free" not in said:  # the banner's words, then the kernel stops
                assert time.monotonic() < deadline, "the page was not told why: " + said[-2_000:]
                said += json.dumps(await asyncio.wait_for(session.next(), 60), ensure_ascii=False)
            return said
        finally:
            session.close()

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        said = pool.submit(asyncio.run, taken_out()).result()
    assert "taken you out of class" in said
    wait_for(lambda: not kernel_alive(kernel_id), 30, "the taken-out page's kernel is gone")
    assert store.roster(made.code, made.teacher_key) == []
    store.close()


def stand_in_kernel(quiet_s: float) -> SimpleNamespace:
    return SimpleNamespace(
        last_activity=utcnow() - timedelta(seconds=quiet_s),
        execution_state="idle",
        kernel_name="python3",
        kernel_spec=SimpleNamespace(metadata={}),
    )


def test_a_kernel_whose_page_never_connected_goes_within_seconds_of_its_last_activity() -> None:
    manager = CappedKernelManager(orphan_grace=120, unopened_grace=20)
    now = time.monotonic()
    for kernel_id, quiet in (("ghost", 25.0), ("running", 2.0), ("left", 25.0)):
        manager._kernels[kernel_id] = stand_in_kernel(quiet)
        manager._alone_since[kernel_id] = now - 60
    manager._opened.add("left")  # its page was open once: a closed lid gets the orphan grace
    assert manager.orphans(now) == ["ghost"]  # "running": its notebook ran until 2 s ago
    manager._kernels["running"].last_activity = utcnow() - timedelta(seconds=21)
    assert sorted(manager.orphans(now)) == ["ghost", "running"]
    assert sorted(manager.orphans(now + 61)) == ["ghost", "left", "running"]


def test_a_kernel_still_starting_is_busy_not_quiet() -> None:
    """A kernel is listed before its start returns, and answers nothing until it has booted: on a loaded server
    both outlast the grace, and the kernel was shut down mid-start as a page that never connected (the page then
    hung), or mid-notebook during a silent import; a full server could also have handed its place away."""
    manager = CappedKernelManager(max_kernels=3, orphan_grace=120, unopened_grace=20, give_way_after=10)
    now = time.monotonic()
    for kernel_id, state in (("listed", "starting"), ("booting", "starting"), ("importing", "busy")):
        manager._kernels[kernel_id] = stand_in_kernel(60)  # its last activity: a minute ago
        manager._kernels[kernel_id].execution_state = state
        manager._alone_since[kernel_id] = now - 60
        manager._places.asked(kernel_id, "10.0.0.9", now=now - 60)
    manager._starting.add("listed")  # its start has not returned yet
    assert manager.orphans(now) == []
    with pytest.raises(Exception, match="places"):
        manager.refuse_if_full(address="10.0.0.5")  # no kernel gives way while it starts or runs
    assert sorted(manager.orphans(now + 61)) == ["booting", "importing"]  # the orphan grace bounds them


def test_the_teachers_page_is_never_refused_for_want_of_a_place() -> None:
    manager = CappedKernelManager(max_kernels=1)
    manager._kernels["pupil"] = stand_in_kernel(0)
    with pytest.raises(Exception, match="places"):
        manager.refuse_if_full()
    manager.refuse_if_full(teacher=True)  # no refusal


def test_wrong_codes_lock_out_the_guessing_browser_not_its_classmates() -> None:
    """20 wrong codes from a classmate's address locked the class link out there for a minute."""
    from donkeylab.server.class_gate import ADDRESS_MISSES, MISSES, Misses

    misses = Misses()
    for i in range(MISSES):
        misses.miss("10.0.0.1", "guesser", now=float(i))
    assert misses.blocked("10.0.0.1", "guesser", now=MISSES)
    assert not misses.blocked("10.0.0.1", "classmate", now=MISSES) and not misses.blocked("10.0.0.1", now=MISSES)
    for i in range(ADDRESS_MISSES - MISSES):  # a guesser that changes its cookie each time: the address holds it
        misses.miss("10.0.0.1", f"fresh-{i}", now=30.0)
    assert misses.blocked("10.0.0.1", "classmate", now=30.0) and not misses.blocked("10.0.0.2", now=30.0)
    assert not misses.blocked("10.0.0.1", "classmate", now=91.0)  # a minute later


class WarmingManager(CappedKernelManager):
    """Stands in for Voila's derived manager: the pools and the size its page handler asks for."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._pools: dict[str, list[Any]] = {"die_choice.ipynb": []}

    def get_pool_size(self, notebook_name: str) -> int:
        return len(self._pools.get(notebook_name, []))


def test_a_page_that_finds_the_warming_pool_empty_spends_one_of_the_warm_up() -> None:
    """Thirty pupils arriving at Start found the pool empty and had kernels started for them, while the warm-up
    went on starting thirty more for nobody on the same cores."""
    manager = WarmingManager()
    manager._warm_left["die_choice.ipynb"] = 28
    assert manager.get_pool_size("die_choice.ipynb") == 0  # a page finds it empty: a kernel is started for it
    assert manager._warm_left["die_choice.ipynb"] == 27
    manager._pools["die_choice.ipynb"].append(object())  # a warm kernel is there: the page takes it
    assert manager.get_pool_size("die_choice.ipynb") == 1 and manager._warm_left["die_choice.ipynb"] == 27
    assert manager.get_pool_size("other.ipynb") == 0 and "other.ipynb" not in manager._warm_left
