"""Every widget test starts with the kernel's message buckets full, so one test's burst never starves the next."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from donkeylab.widgets import guard


@pytest.fixture(autouse=True)
def fresh_buckets(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Roomy buckets: tests click faster than a pupil can; ``test_page_guard`` installs real-sized ones."""
    monkeypatch.setattr(guard, "PAGE_LIMIT", guard.TokenBucket(10_000, 10_000))
    monkeypatch.setattr(guard, "PING_LIMIT", guard.TokenBucket(10_000, 10_000))
    yield
