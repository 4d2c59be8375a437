"""Test-run layout: what must share one pytest-xdist worker (``make test`` runs two, one per core).

Why: a browser test's session fixtures (one Voila server with its preheated kernels, one Chromium) are costly,
so all browser tests run in one worker and start them once; the static-site tests likewise; a notebook's cells
run in order in one kernel, so each notebook stays whole. Every other test file is a unit of its own that goes
to whichever worker is free. (xdist's own ``--dist loadgroup`` does not group under pytest 9 here: the test
ids it rewrites are not the ones it schedules, measured; so the grouping is this scheduler's.)
"""

from __future__ import annotations

from typing import Any

import pytest

GROUPS = {"tests/browser/": "browser", "tests/site/": "site"}


def scope_of(nodeid: str) -> str:
    """The unit a worker takes whole: a group's name, else the test's file (a notebook is a file too)."""
    for prefix, group in GROUPS.items():
        if nodeid.startswith(prefix):
            return group
    return nodeid.split("::", 1)[0]


@pytest.hookimpl(optionalhook=True)  # a plain run without xdist (-p no:xdist) has no such hook
def pytest_xdist_make_scheduler(config: Any, log: Any) -> Any:
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return scope_of(nodeid)

    return GroupScheduling(config, log)
