"""A kernel warmed for a class opens the class store ahead; the pupil's page takes that store once."""

from __future__ import annotations

from pathlib import Path

import pytest

from donkeylab.classmode import store_ahead
from donkeylab.classroom import ClassError, ClassStore


def test_the_store_opened_ahead_is_handed_over_once(db_url: str) -> None:
    assert store_ahead.open_ahead(db_url)
    first = store_ahead.open_store(db_url)
    second = store_ahead.open_store(db_url)  # nothing held any more: a store of its own
    try:
        assert first is not second
        code = first.create_class("die_choice").code
        assert second.join(code).name  # both reach the one database
    finally:
        first.close()
        second.close()


def test_a_store_opened_ahead_for_another_database_is_closed_not_used(db_url: str, tmp_path: Path) -> None:
    other = f"sqlite:///{tmp_path / 'other.db'}"
    assert store_ahead.open_ahead(other)
    held = store_ahead._ahead
    assert held is not None
    store = store_ahead.open_store(db_url)
    try:
        assert store is not held[1] and str(store.engine.url).endswith(db_url.rsplit("/", 1)[-1])
        assert store_ahead._ahead is None
    finally:
        store.close()


def test_a_store_that_cannot_be_reached_ahead_holds_nothing_and_the_page_tries_again(
    monkeypatch: pytest.MonkeyPatch, db_url: str
) -> None:
    def down(url: str | None = None) -> ClassStore:
        raise ClassError("unreachable", reason="down")

    with monkeypatch.context() as m:
        m.setattr(store_ahead, "_connect", down)
        assert not store_ahead.open_ahead(db_url)
    assert store_ahead._ahead is None
    store = store_ahead.open_store(db_url)  # the database is back: the page's own open reaches it
    store.close()


def test_the_default_database_is_compared_as_it_is_when_the_page_asks(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A store opened ahead for the default database is not handed over once the default names another one (a
    later test in the same process, with its own ``$DONKEYLAB_CLASS_DB``, met the earlier test's database)."""
    monkeypatch.setenv("DONKEYLAB_CLASS_DB", str(tmp_path / "first.db"))
    assert store_ahead.open_ahead()
    held = store_ahead._ahead
    assert held is not None
    monkeypatch.setenv("DONKEYLAB_CLASS_DB", str(tmp_path / "second.db"))
    store = store_ahead.open_store()
    try:
        assert store is not held[1] and str(store.engine.url).endswith("second.db")
    finally:
        store.close()
