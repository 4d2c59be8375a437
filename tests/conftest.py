"""Test-run layout: what one pytest-xdist worker takes whole (``make test`` runs one worker per core, up to 4).

A test file is the unit: its tests share module fixtures, and a notebook's cells run in order in one kernel.
The browser tests' session fixtures (a Voila server with its preheated kernels, a Chromium) start once per
worker that takes a browser file, so both cores run browser tests: one worker holding them all (the first
layout) left the other core idle for the last ~3 minutes of the run, measured. A static-site test is a unit of
its own: its server is a plain ``http.server``, and each test's cost is its own Pyodide start.
(xdist's own ``--dist loadgroup`` does not group under pytest 9 here: the test ids it rewrites are not the ones
it schedules, measured; so the grouping is this scheduler's.)
"""

from __future__ import annotations

import os
from typing import Any

import pytest

# The class servers of the tests start classes of two or three pupils at once: the start screen's warm-up of the
# lesson for thirty (``classmode.warm.desk_warms``) is tested on a server of its own (test_class_desk) and kept
# off elsewhere, where it would start thirty kernels for nobody whenever a test's teacher paused on that screen.
os.environ.setdefault("DONKEYLAB_DESK_WARM", "0")

ONE_BY_ONE = ("tests/site/",)  # folders whose tests are units of their own
# The longest units first (measured, ``--durations``), so no long file starts last while the other core idles;
# every other file keeps its place after them. xdist's own reordering sorts by the number of tests, which put
# the few-but-long browser files last.
LONG_FIRST = (
    "tests/site/test_sequence.py",  # sixteen Pyodide pages in turn: the longest unit
    "tests/browser/test_apps.py",  # ~3 min
    "tests/serving/test_wheel.py",  # a wheel, a venv and a class server
    "tests/serving/test_attacks.py",
    "tests/double_down/test_chances.py",  # the chances' rollouts: 30 decision points x 20,000 games, ~1 min each
    "tests/double_donkey/test_chances.py",
    "tests/esels_rennen/test_chances.py",
    "tests/browser/",
    "tests/site/",
    "tests/classroom/test_load.py",
)


def pytest_configure(config: pytest.Config) -> None:
    """In the controller (or a run without workers): a folder for the run's one Voila server, before the
    workers start (``tests/browser/shared_server.py``)."""
    if not hasattr(config, "workerinput"):
        from tests.browser import shared_server

        shared_server.reserve()


def pytest_unconfigure(config: pytest.Config) -> None:
    """After every worker has finished: the shared Voila server stops."""
    if not hasattr(config, "workerinput"):
        from tests.browser import shared_server

        shared_server.stop()


def rank(nodeid: str) -> int:
    """Where a test's unit starts: the index of the first ``LONG_FIRST`` prefix it has, after them the rest."""
    return next((i for i, prefix in enumerate(LONG_FIRST) if nodeid.startswith(prefix)), len(LONG_FIRST))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Long units first, in a stable sort: a file's own order (apps varying fastest) stays as written."""
    items.sort(key=lambda item: rank(item.nodeid))


def scope_of(nodeid: str) -> str:
    """The unit a worker takes whole: the test's file (a notebook is a file too), or the test itself."""
    if nodeid.startswith(ONE_BY_ONE):
        return nodeid
    return nodeid.split("::", 1)[0]


@pytest.hookimpl(optionalhook=True)  # a plain run without xdist (-p no:xdist) has no such hook
def pytest_xdist_make_scheduler(config: Any, log: Any) -> Any:
    from xdist.scheduler import LoadScopeScheduling

    config.option.loadscopereorder = False  # the collection's order (``LONG_FIRST``) is the schedule

    class GroupScheduling(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return scope_of(nodeid)

    return GroupScheduling(config, log)
