"""A full server shares its places fairly: GETs of a class link from one address, never opened as pages, keep
every place taken; a pupil on another address still gets a page (one of those kernels gives way), and the
teacher's dashboard is never refused. The choice is checked alone (``fair_places``), in the manager with
stand-in kernels, and against a live class server with the newcomer in a network namespace (``crowd``).
"""

from __future__ import annotations

import concurrent.futures
import http.cookiejar
import os
import shutil
import time
from collections.abc import Iterator

import pytest

from donkeylab.classroom import ClassStore
from donkeylab.server.fair_places import FairPlaces, choose
from donkeylab.server.kernels import CappedKernelManager, ServerFull
from donkeylab.server.pageclient import Page, fetch_page
from donkeylab.server.serve import lan_addresses, voila_command
from tests.serving.conftest import ROOT, Server, free_port, in_its_own_loop, kernel_alive, run_server, wait_for
from tests.serving.crowd import Crowd, crowd
from tests.serving.test_places import stand_in_kernel

TOKEN = "fair-places-token-0123456789"
LESSON = "doublet_penalties"
PLACES = 3
GIVE_WAY_S = 2


def test_the_address_holding_most_gives_its_oldest_stale_one_when_it_holds_two_more() -> None:
    held = {"10.0.0.9": ["g1", "g2", "g3"], "10.0.0.2": ["p1"]}
    stale = {"g1", "g2", "g3", "p1"}
    assert choose(held, stale, "10.0.0.5") == "g1"  # a newcomer holding none
    assert choose(held, stale, "10.0.0.2") == "g1"  # 3 against 1
    assert choose(held, {"g2", "g3"}, "10.0.0.5") == "g2"  # g1 still runs its notebook: it counts, it stays
    assert choose(held, {"p1"}, "10.0.0.5") is None  # nothing of the largest holder's may give way
    assert choose({"10.0.0.9": ["g1", "g2"], "10.0.0.2": ["p1"]}, stale, "10.0.0.2") is None  # 2 against 1
    assert choose(held, stale, "10.0.0.9") is None  # an address never takes its own, nor from one holding fewer
    assert choose({}, stale, "10.0.0.5") is None and choose({"10.0.0.9": []}, stale, "10.0.0.5") is None
    tie = {"a": ["a1", "a2"], "b": ["b1", "b2"]}
    assert choose(tie, {"a1", "b1"}, "c") == "a1" and choose(tie, {"b2"}, "c") == "b2"  # the address asked first


def test_unopened_kernels_count_for_their_address_and_the_quiet_ones_may_give_way() -> None:
    places = FairPlaces(give_way_after=10)
    for kernel_id, address, asked in (
        ("old", "A", 0.0),
        ("young", "A", 95.0),
        ("opened", "A", 1.0),
        ("running", "A", 2.0),
        ("gone", "A", 3.0),
        ("b", "B", 4.0),
        ("b2", "B", 5.0),
    ):
        places.asked(kernel_id, address, now=asked)
    places.asked("no-page", None, now=0.0)  # started by no page request: never counted
    alive = {"old", "young", "opened", "running", "b", "b2", "no-page"}
    held, stale = places.unopened(alive, {"opened"}, {"running"}, lambda k: 60.0, now=100.0)
    assert held == {"A": ["old", "running", "young"], "B": ["b", "b2"]} and stale == {"old", "b", "b2"}
    quiet = {"old": 1.0}  # "old" just did something; "running" is done and quiet
    assert places.unopened(alive, {"opened"}, set(), lambda k: quiet.get(k, 60.0), now=100.0)[1] == {
        "running",
        "b",
        "b2",
    }
    assert places.give_way_to("B", alive, {"opened"}, {"running"}, lambda k: 60.0, now=100.0) is None  # 3 to 2
    victim = places.give_way_to("C", alive, {"opened"}, {"running"}, lambda k: 60.0, now=100.0)
    assert victim == "old" and victim in places.giving_way  # 3 against none: A's oldest stale one gives way
    assert places.unopened(alive, {"opened"}, set(), lambda k: 60.0, now=100.0)[0]["A"] == ["running", "young"]
    places.forget("old")
    assert not places.giving_way and places.address_of("old") is None


def test_a_full_manager_gives_a_ghosts_place_to_another_address_and_only_once() -> None:
    async def check() -> None:
        manager = CappedKernelManager(max_kernels=3, give_way_after=10)
        for kernel_id in ("g1", "g2", "g3"):
            manager._kernels[kernel_id] = stand_in_kernel(60)
            manager._places.asked(kernel_id, "10.0.0.9", now=time.monotonic() - 60)  # asked a minute ago
        assert manager.full()
        with pytest.raises(ServerFull):
            manager.refuse_if_full(address="10.0.0.9")  # the flooding address gets none of its own back
        manager.refuse_if_full(address="10.0.0.5")  # a newcomer: g1 gives way, its place is free at once
        assert manager._places.giving_way == {"g1"} and manager.places_used() == 2
        manager._kernels["new"] = stand_in_kernel(0)
        manager._places.asked("new", "10.0.0.5")  # the newcomer's page, just asked for: not stale
        manager.refuse_if_full(address="10.0.0.6")  # 2 stale against none: g2 gives way
        assert manager._places.giving_way == {"g1", "g2"}
        manager._kernels["new2"] = stand_in_kernel(0)
        manager._places.asked("new2", "10.0.0.6")
        for address in ("10.0.0.7", "10.0.0.9"):  # 1 stale left: nobody takes it, its own address neither
            with pytest.raises(ServerFull):
                manager.refuse_if_full(address=address)

    in_its_own_loop(check())


class PoolManager(CappedKernelManager):
    """Stands in for Voila's derived manager: a page's take from a pool hands out one kernel."""

    async def get_rendered_notebook(self, notebook_name: str, *args: object, **kwargs: object) -> tuple[object, ...]:
        return (None, [], "pooled")  # (render task, rendered cells, kernel id)


def test_a_kernel_taken_from_a_pool_records_the_address_of_its_page() -> None:
    async def take() -> str | None:
        manager = PoolManager(max_kernels=3)
        manager.refuse_if_full(address="10.0.0.5")  # the page handler asks first, with the page's address
        await manager.get_rendered_notebook("die_choice.ipynb")
        return manager._places.address_of("pooled")

    assert in_its_own_loop(take()) == "10.0.0.5"


@pytest.fixture(scope="module")
def newcomers() -> Iterator[Crowd]:
    with crowd(1) as made:
        if made is None:
            pytest.skip("needs root for a network namespace (a pupil on a third address)")
        yield made


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, newcomers: Crowd) -> Iterator[Server]:
    site = tmp_path_factory.mktemp("fair")
    shutil.copytree(ROOT / "notebooks" / "apps", site / "apps")
    os.environ["DONKEYLAB_CLASS_DB"] = str(site / "class.db")  # the server (and its kernels) inherit it
    os.environ["DONKEYLAB_TEACHER_KEYS"] = str(site / "teacher-keys.json")
    port = free_port()
    # the ghosts are not culled during the test: only giving way can free a place
    extra = ["--CappedKernelManager.unopened_grace=900", f"--CappedKernelManager.give_way_after={GIVE_WAY_S}"]
    cmd = voila_command(
        port, site / "apps", public=True, token=TOKEN, max_kernels=PLACES, orphan_grace=900, extra=extra
    )
    try:
        yield from run_server(cmd, port, site / "server.log")
    finally:
        os.environ.pop("DONKEYLAB_CLASS_DB", None)
        os.environ.pop("DONKEYLAB_TEACHER_KEYS", None)


def test_ghosts_from_one_address_give_way_to_a_newcomer_and_never_to_the_teacher(
    server: Server, newcomers: Crowd
) -> None:
    """Four GETs at a time from one address, never opened, held every place: a newcomer and the teacher
    reloading the dashboard got 503."""
    flooder = (lan_addresses() or [""])[0]  # this machine's network address: another device to the server
    assert flooder, "this machine has no network address besides loopback"
    store = ClassStore.open()
    made = store.create_class(LESSON)
    link = f"/voila/render/{LESSON}.ipynb?class={made.code}"

    def ghost(_: int) -> Page:
        return fetch_page(f"http://{flooder}:{server.port}", link, None, 300, http.cookiejar.CookieJar())

    with concurrent.futures.ThreadPoolExecutor(PLACES + 1) as pool:
        pages = list(pool.map(ghost, range(PLACES + 1)))
    ghosts = [p.kernel_id for p in pages if p.status == 200 and p.kernel_id]
    assert len(ghosts) == PLACES and 503 in [p.status for p in pages]  # the flood holds every place

    here = f"{newcomers.server_ip}:{server.port}"

    def newcomer_served() -> bool:  # refused until the ghosts have been quiet long enough to give way
        answer = newcomers.ask("get", here, "--path", link, "--sources", newcomers.addresses[0])
        return answer.split()[0] == "200"

    wait_for(newcomer_served, 90, "a newcomer on another address gets a page (503 until then)")
    wait_for(lambda: sum(map(kernel_alive, ghosts)) == PLACES - 1, 60, "the oldest ghost gave way")
    assert "for a page from " + newcomers.addresses[0] in server.log_text()
    assert ghost(0).status == 503  # the flooding address takes nothing back from the newcomer
    for _ in range(2):  # the teacher reloads the dashboard: never refused
        assert fetch_page(server.url, "/voila/render/class_mode.ipynb", timeout=300).status == 200
    assert store.roster(made.code, made.teacher_key) == []  # no GET alone joined the class
    store.close()
