"""Every store test runs twice: on a fresh SQLite file and on a real PostgreSQL started for the session."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from donkeylab.classroom import ClassStore
from donkeylab.classroom.schema import meta, metadata
from tests.classroom import postgres


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """``$DONKEYLAB_TEST_PG_URL`` when given, else a throwaway cluster for the whole session."""
    given = os.environ.get("DONKEYLAB_TEST_PG_URL")
    if given:
        yield given
        return
    with postgres.cluster() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A URL of an empty database of each kind (the PostgreSQL one emptied before each test)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'class.db'}"
        return
    url = request.getfixturevalue("pg_url")
    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.begin() as conn:
        metadata.drop_all(conn)
        meta.drop(conn, checkfirst=True)
    engine.dispose()
    yield url


@pytest.fixture
def store(db_url: str) -> Iterator[ClassStore]:
    s = ClassStore.open(db_url)
    yield s
    s.close()
