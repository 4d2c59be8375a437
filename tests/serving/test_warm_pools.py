"""A class's warm-up and its end, without a server: ``CappedKernelManager`` on stand-ins for Voila's pools.

End class shuts down the lesson's warmed kernels no page took (three classes in a row left 73–99 kernels,
7.5 GB), never one a page took; the warm-ups of all lessons together fit in the places the pages leave.
"""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from donkeylab.server.kernels import CappedKernelManager
from donkeylab.server.warming import WARM_WAVE
from tests.serving.conftest import in_its_own_loop

LESSONS = ("die_choice.ipynb", "doublet_penalties.ipynb")


class VoilaLike(CappedKernelManager):
    """Voila's derived manager as far as a class sees it: pools of tasks that start kernels (each ready with
    Voila's ``{"task", "renderer", "kernel_id"}``), the take that pops a pool's first task and asks for a refill,
    pages' kernels (places) and shutdowns recorded."""

    def __init__(self, **kwargs: Any) -> None:
        self.kernel_pools_config: dict[str, dict[str, Any]] = {"default": {"pool_size": 0}}
        self._pools: dict[str, list[asyncio.Future[Any]]] = {}
        self.ids = (f"kernel-{n}" for n in itertools.count())
        self.stopped: list[str] = []
        self.renders: list[asyncio.Future[Any]] = []
        super().__init__(**kwargs)

    def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None, **kwargs: Any) -> None:
        pool = self._pools.setdefault(str(notebook_name), [])
        config = self.kernel_pools_config.get(str(notebook_name), self.kernel_pools_config["default"])
        for _ in range(config["pool_size"] - len(pool)):
            pool.append(asyncio.get_running_loop().create_future())

    def get_pool_size(self, notebook_name: str) -> int:
        return len(self._pools.get(notebook_name, []))

    async def get_rendered_notebook(self, notebook_name: str, **kwargs: Any) -> Any:
        content = await self._pools[notebook_name].pop(0)
        self.fill_if_needed(delay=None, notebook_name=notebook_name)
        return content["task"], [], content["kernel_id"]

    def ready(self, notebook: str, count: int = 1, built: bool = True) -> list[str]:
        """The next ``count`` kernels of ``notebook``'s pool finish starting and (``built``) say their page is
        built, as ``donkeylab.apps.build`` does; their ids."""
        made = []
        for task in [t for t in self._pools.get(notebook, []) if not t.done()][:count]:
            render = asyncio.get_running_loop().create_future()  # the page build, waiting for its page
            self.renders.append(render)
            made.append(next(self.ids))
            task.set_result({"task": render, "renderer": None, "kernel_id": made[-1]})
        for kernel_id in made if built else []:
            self.kernel_built(kernel_id)
        return made

    async def page_takes(self, notebook: str) -> str:
        """A pupil's page takes a ready kernel of the pool: it is a page's kernel (a place) from now on."""
        self.refuse_if_full()
        *_, kernel_id = await self.get_rendered_notebook(notebook)
        self._kernels[kernel_id] = object()
        return str(kernel_id)

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        self.stopped.append(kernel_id)
        self._kernels.pop(kernel_id, None)


async def settle() -> None:
    """Let the callbacks scheduled by a cool-down (done callbacks, then the shutdowns) run."""
    for _ in range(10):
        await asyncio.sleep(0)


def warm_up(manager: VoilaLike, notebook: str) -> None:
    """Every kernel the warm-up of ``notebook`` starts finishes starting, wave after wave."""
    while any(not t.done() for t in manager._pools.get(notebook, [])):
        manager.ready(notebook, WARM_WAVE)
        manager.next_wave()


def test_ending_a_class_shuts_down_its_idle_warmed_kernels_and_never_a_taken_one() -> None:
    async def main() -> None:
        manager = VoilaLike(max_kernels=40)
        manager.warm("die_choice.ipynb", 3 * WARM_WAVE, "CLASSA")
        manager.ready("die_choice.ipynb", 2)
        taken = await manager.page_takes("die_choice.ipynb")
        manager.next_wave()
        manager.ready("die_choice.ipynb", 1)
        pool = manager._pools["die_choice.ipynb"]
        idle = [t.result()["kernel_id"] for t in pool if t.done()]
        starting = [t for t in pool if not t.done()]
        assert len(idle) == 2 and starting and manager._warm_left["die_choice.ipynb"] > 0
        cooled = manager.cool("die_choice.ipynb", "CLASSA", set())
        assert cooled == {"ready": 0, "size": 0, "cooled": len(idle) + len(starting)}
        assert "die_choice.ipynb" not in manager._warm_left and manager._pools["die_choice.ipynb"] == []
        await settle()
        assert sorted(manager.stopped) == sorted(idle) and taken not in manager.stopped
        assert not manager.renders[0].cancelled() and all(r.cancelled() for r in manager.renders[1:])
        starting[0].set_result({"task": None, "renderer": None, "kernel_id": "late"})  # ready after the end
        await settle()
        assert "late" in manager.stopped and taken not in manager.stopped
        manager.next_wave()
        assert manager._pools["die_choice.ipynb"] == []  # nothing more starts for the class that has ended

    in_its_own_loop(main())


def test_another_open_class_of_the_lesson_keeps_the_pool_and_a_next_class_warms_again() -> None:
    async def main() -> None:
        manager = VoilaLike(max_kernels=40)
        manager.warm("die_choice.ipynb", 2, "CLASSA")
        manager.warm("die_choice.ipynb", 2, "CLASSB")
        manager.ready("die_choice.ipynb", 2)
        assert manager.cool("die_choice.ipynb", "CLASSA", {"CLASSB"})["cooled"] == 0  # B's pupils may come
        assert manager.warm_status("die_choice.ipynb")["ready"] == 2
        assert manager.cool("die_choice.ipynb", "CLASSB", {"CLASSB", "OTHERS"})["cooled"] == 2
        await settle()
        assert len(manager.stopped) == 2
        manager.warm("die_choice.ipynb", 2, "CLASSC")  # the next class of the lesson is warmed again
        assert manager.warm_status("die_choice.ipynb") == {"ready": 0, "size": 2}
        manager.ready("die_choice.ipynb", 2)
        await manager.page_takes("die_choice.ipynb")
        await manager.page_takes("die_choice.ipynb")  # the class spent its pool to the last kernel
        manager.warm("die_choice.ipynb", 3, "CLASSD")
        assert manager.warm_status("die_choice.ipynb") == {"ready": 0, "size": 3}

    in_its_own_loop(main())


def test_a_preheat_pool_is_no_class_s_and_ending_a_class_leaves_it() -> None:
    async def main() -> None:
        manager = VoilaLike(max_kernels=40)
        manager.kernel_pools_config["die_choice.ipynb"] = {"pool_size": 3}  # donkeylab serve --preheat die_choice=3
        manager.fill_if_needed(delay=0, notebook_name="die_choice.ipynb")
        assert manager.warm("die_choice.ipynb", 10, "CLASSA") == {"ready": 0, "size": 3}
        assert manager.cool("die_choice.ipynb", "CLASSA", set())["cooled"] == 0
        assert len(manager._pools["die_choice.ipynb"]) == 3
        assert manager.warm("doublet_penalties.ipynb", 40, "CLASSB")["size"] == 37  # the preheated 3 count

    in_its_own_loop(main())


def test_a_second_class_warms_what_the_places_leave_and_the_cap_holds_while_pages_arrive() -> None:
    async def main() -> None:
        manager = VoilaLike(max_kernels=10)
        assert manager.warm("die_choice.ipynb", 8, "CLASSA")["size"] == 8
        warm_up(manager, "die_choice.ipynb")
        for _ in range(3):
            await manager.page_takes("die_choice.ipynb")  # three pupils of A in: 3 places, 5 still warmed for A
        assert manager.warm("doublet_penalties.ipynb", 8, "CLASSB")["size"] == 2  # 10 - 3 - 5
        assert manager.places_used() + manager.warmed_total() == 10
        manager.cool("die_choice.ipynb", "CLASSA", set())
        assert manager.warm("doublet_penalties.ipynb", 8, "CLASSB")["size"] == 7  # A ended: B may have the rest

    in_its_own_loop(main())


ACTIONS = st.lists(
    st.tuples(st.sampled_from(["warm", "ready", "take", "other page", "wave", "cool"]), st.sampled_from(LESSONS)),
    max_size=40,
)


@settings(max_examples=300, deadline=None)
@given(actions=ACTIONS, places=st.integers(1, 12), sizes=st.lists(st.integers(0, 15), min_size=40, max_size=40))
def test_the_warm_ups_of_all_classes_never_start_a_kernel_past_the_places_left(
    actions: list[tuple[str, str]], places: int, sizes: list[int]
) -> None:
    """Whatever classes start, arrive and end, a warm-up that starts a kernel leaves pages' places plus warmed
    kernels (started or to start) within ``max_kernels``, and no kernel a page took is ever shut down."""

    async def main() -> None:
        manager = VoilaLike(max_kernels=places)
        taken: set[str] = set()
        for (action, lesson), size in zip(actions, sizes, strict=False):
            before = sum(len(pool) for pool in manager._pools.values())
            if action == "warm":
                manager.warm(lesson, size, lesson[:4].upper())
            elif action == "ready":
                manager.ready(lesson)
            elif action == "take" and any(t.done() for t in manager._pools.get(lesson, [])) and not manager.full():
                taken.add(await manager.page_takes(lesson))
            elif action == "other page" and not manager.full() and manager.get_pool_size(lesson) == 0:
                manager._kernels[next(manager.ids)] = object()  # a page that found no pool: a kernel of its own
            elif action == "wave":
                manager.next_wave()
            elif action == "cool":
                manager.cool(lesson, lesson[:4].upper(), set())
            await settle()
            if sum(len(pool) for pool in manager._pools.values()) > before:
                assert manager.places_used() + manager.warmed_total() <= places
            assert not taken & set(manager.stopped)

    in_its_own_loop(main())


def test_a_class_that_closed_without_end_class_has_its_pool_cooled_and_an_unread_store_cools_nothing() -> None:
    """A class that expired, or whose dashboard's tab was closed before End class, left its warmed kernels too."""

    async def main() -> None:
        manager = VoilaLike(max_kernels=40)
        manager.warm("die_choice.ipynb", 2, "CLASSA")
        manager.warm("doublet_penalties.ipynb", 2, "CLASSB")
        manager.ready("die_choice.ipynb", 2)
        manager.ready("doublet_penalties.ipynb", 2)
        assert manager.cool_gone() == []  # no store to ask (no server): nothing is known to have ended
        manager.open_codes = lambda: None  # the store cannot be read
        assert manager.cool_gone() == []
        manager.open_codes = lambda: {"CLASSB", "CLASSC"}  # A has closed, B is open
        assert manager.cool_gone() == ["die_choice.ipynb"]
        await settle()
        assert len(manager.stopped) == 2 and manager.warm_status("doublet_penalties.ipynb")["ready"] == 2
        assert manager.cool_gone() == []

    in_its_own_loop(main())


def test_a_teachers_desk_warms_its_lesson_until_it_picks_another_starts_its_class_or_runs_out(
    monkeypatch: Any,
) -> None:
    """Thirty pages take about half a minute of both cores: a class scanning the moment Start is pressed waited
    that long (arrival → able to guess p50 33 s, ``benchmarks/class_start.py --pattern start``). The start
    screen's lesson is warmed under the desk's claim, which the class takes over at Start."""
    from donkeylab.server import warming

    async def main() -> None:
        manager = VoilaLike(max_kernels=40)
        manager.open_codes = set
        assert manager.warm("die_choice.ipynb", 4, None, desk="teacherdesk1")["size"] == 4
        warm_up(manager, "die_choice.ipynb")
        assert manager.cool_gone() == []  # no class is open, but the desk claims the pool
        manager.warm("die_choice.ipynb", 4, "CLASSA")  # Start: the class's claim
        assert manager.warm_status("die_choice.ipynb") == {"ready": 4, "size": 4}  # nothing more started
        manager.open_codes = lambda: {"CLASSA"}
        assert manager.cool("die_choice.ipynb", "desk:teacherdesk1", {"CLASSA"})["cooled"] == 0  # the class's now
        assert manager.warm("doublet_penalties.ipynb", 3, None, desk="teacherdesk2")["size"] == 3
        warm_up(manager, "doublet_penalties.ipynb")
        assert manager.cool("doublet_penalties.ipynb", "desk:teacherdesk2", {"CLASSA"})["cooled"] == 3  # picked
        manager.warm("doublet_penalties.ipynb", 2, None, desk="teacherdesk3")
        warm_up(manager, "doublet_penalties.ipynb")
        now = warming.time.monotonic()
        monkeypatch.setattr(warming.time, "monotonic", lambda: now + warming.DESK_S + 1)
        assert manager.cool_gone() == ["doublet_penalties.ipynb"]  # a desk left alone for ten minutes
        await settle()
        assert len(manager.stopped) == 5 and manager.warm_status("die_choice.ipynb")["ready"] == 4

    in_its_own_loop(main())


def test_a_warmed_kernel_counts_as_warming_until_its_page_is_built_or_it_waited_too_long(monkeypatch: Any) -> None:
    from donkeylab.server import warming

    async def main() -> None:
        manager = VoilaLike(max_kernels=40)
        manager.warm("die_choice.ipynb", 10, "CLASSA")
        started = manager.ready("die_choice.ipynb", WARM_WAVE, built=False)
        manager.next_wave()
        assert manager.building() == WARM_WAVE and len(manager._pools["die_choice.ipynb"]) == WARM_WAVE
        assert manager.warm_status("die_choice.ipynb")["ready"] == 0  # started, the page not built yet
        manager.kernel_built(started[0])
        assert len(manager._pools["die_choice.ipynb"]) == WARM_WAVE + 1  # the next starts at once
        assert manager.warm_status("die_choice.ipynb")["ready"] == 1
        now = warming.time.monotonic()
        monkeypatch.setattr(warming.time, "monotonic", lambda: now + warming.BUILT_WAIT_S + 1)
        assert manager.building() == 0  # a kernel that never says so (not one of our pages) is not waited for
        manager.remove_kernel(started[0])
        assert started[0] not in manager._built

    in_its_own_loop(main())


def test_a_warmed_pool_tells_its_kernels_the_class_links_language_until_it_is_cooled() -> None:
    """A warmed kernel builds its pupil's page ahead for the class link (``apps.prepared``): the server says in
    which language while a class or a desk warms the lesson, the latest asked; a ``--preheat`` pool, a lesson
    nobody warms and a cooled pool say none."""

    async def main() -> None:
        manager = VoilaLike(max_kernels=40)
        manager.open_codes = set
        assert "lang" not in manager.warm("die_choice.ipynb", 2, None, desk="teacherdesk1")  # no language given
        assert manager.warm("die_choice.ipynb", 2, None, desk="teacherdesk1", lang="de")["lang"] == "de"
        warm_up(manager, "die_choice.ipynb")
        assert manager.warm_status("die_choice.ipynb")["lang"] == "de"
        assert manager.warm("die_choice.ipynb", 2, "CLASSA", lang="en")["lang"] == "en"  # Start in English
        assert "lang" not in manager.warm_status("doublet_penalties.ipynb")
        manager.cool("die_choice.ipynb", "desk:teacherdesk1", set())
        manager.cool("die_choice.ipynb", "CLASSA", set())
        assert "lang" not in manager.warm_status("die_choice.ipynb")
        manager.kernel_pools_config["angry_flips.ipynb"] = {"pool_size": 1}  # the operator's --preheat pool
        manager._pools["angry_flips.ipynb"] = []
        assert "lang" not in manager.warm("angry_flips.ipynb", 3, "CLASSB", lang="de")

    in_its_own_loop(main())


def test_a_class_that_starts_takes_the_places_of_other_lessons_only_start_screens_warm() -> None:
    """A trial's teacher restarted the server; the start screen warmed 30 pages of Lesson 1 under a desk that
    outlived its tab, and the next classes found room for 4 pages, then none. A class's Start cools the pools
    of other lessons that only desks claim; a lesson an open class warmed keeps its pool."""

    async def main() -> None:
        manager = VoilaLike(max_kernels=40)
        manager.open_codes = lambda: {"CLASSA", "CLASSB"}
        manager.warm("angry_flips.ipynb", 6, "CLASSA")
        warm_up(manager, "angry_flips.ipynb")
        manager.warm("die_choice.ipynb", 30, None, desk="olddesk01")
        warm_up(manager, "die_choice.ipynb")
        assert manager.warm_room("doublet_penalties.ipynb") == 4
        assert manager.warm("doublet_penalties.ipynb", 28, "CLASSB")["size"] == 28  # the desk's 30 gave way
        await settle()
        assert len(manager.stopped) == 30 and manager.warm_status("die_choice.ipynb") == {"ready": 0, "size": 0}
        assert manager.warm_status("angry_flips.ipynb")["ready"] == 6  # the open class's pool stays
        assert manager.cool_gone() == []  # the desk's claim went with its pool

    in_its_own_loop(main())
