"""Test-run layout: what must share one pytest-xdist worker (``make test`` runs two, one per core).

Why groups: a browser test's session fixtures (one Voila server with its preheated kernels, one Chromium) are
costly, so all browser tests stay in one worker and start them once; the static-site tests likewise; a
notebook's cells run in order in one kernel, so each notebook stays whole. Everything else spreads over both
workers. Without xdist (``-p no:xdist``, a single test by name) the marks are inert.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GROUPS = {"tests/browser": "browser", "tests/site": "site"}


def group_of(item: pytest.Item) -> str | None:
    path = Path(str(item.fspath)).resolve()
    try:
        where = path.relative_to(ROOT).as_posix()
    except ValueError:
        return None
    for prefix, group in GROUPS.items():
        if where.startswith(prefix + "/"):
            return group
    if where.endswith(".ipynb"):
        return where  # one notebook, one worker, its cells in order
    return None


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the groups into the test ids
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.pluginmanager.hasplugin("xdist"):
        return
    for item in items:
        group = group_of(item)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
