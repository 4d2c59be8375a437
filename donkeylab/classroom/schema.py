"""The class store's tables and engine: SQLAlchemy 2 Core, the same schema on SQLite and PostgreSQL.

- **Versioned:** ``meta`` holds ``schema_version``; ``ensure_schema`` creates the tables on first use and
  refuses a database written by a newer release. From one version to the next the class tables are dropped and
  made anew: a class lives at most 24 hours, so an upgrade between two lessons loses nothing (an open class of the older
  release is refused as unknown, and its teacher starts a new one).
- **SQLite:** WAL (readers never wait for the writer), a 10 s busy timeout, and writes that start with
  ``BEGIN IMMEDIATE``: a write takes the lock when it begins, so two writers queue on the busy timeout
  instead of one failing at once with "database is locked" when it upgrades a read lock.
- **PostgreSQL:** psycopg 3 (``postgresql://`` becomes ``postgresql+psycopg://``), a small pool with
  ``pool_pre_ping`` so a restarted server costs one retry, not an error.
- Nothing holds personal data: pupils are a random id and a pseudonym, answers are numbers, counts are
  outcome identifiers of the lab's own simulations.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

SCHEMA_VERSION = 3
metadata = sa.MetaData()

meta = sa.Table(
    "dl_meta",
    metadata,
    sa.Column("name", sa.String(40), primary_key=True),
    sa.Column("value", sa.String(200), nullable=False),
)
classes = sa.Table(
    "dl_class",
    metadata,
    sa.Column("code", sa.String(8), primary_key=True),
    sa.Column("lesson", sa.String(40), nullable=False),
    sa.Column("key_hash", sa.String(64), nullable=False),
    sa.Column("created", sa.Float, nullable=False, index=True),  # Unix seconds; expiry counts from here
    sa.Column("size", sa.Integer, nullable=False, default=30),  # the class size the teacher gave (pages warmed)
    sa.Column("state", sa.Text, nullable=False, default="{}"),  # the teacher's pacing: question, step, pause (JSON)
)
pupils = sa.Table(
    "dl_pupil",
    metadata,
    sa.Column("code", sa.String(8), sa.ForeignKey("dl_class.code", ondelete="CASCADE"), primary_key=True),
    sa.Column("pid", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(40), nullable=False),
    # SHA-256 of the class code and the browser's own random key (a cookie the server sets): the same browser
    # is the same pupil after a reload or a server restart, and never a second one. None: a pupil without one.
    sa.Column("browser", sa.String(64), nullable=True),
    # SHA-256 of the class code and the server's tag of the address the pupil's page came from: new pupils per
    # address and class are bounded (``ClassStore.join``). None: a page the server did not tag.
    sa.Column("address", sa.String(64), nullable=True),
    sa.Column("removed", sa.Boolean, nullable=False, default=False),  # removed by the teacher: cannot rejoin
    sa.Column("seen", sa.Float, nullable=False, default=0.0),  # the pupil's page last asked (Unix seconds)
    sa.Column("progress", sa.Text, nullable=False, default="{}"),  # where the pupil is and exercises (JSON)
    sa.UniqueConstraint("code", "name", name="dl_pupil_name"),
    sa.UniqueConstraint("code", "browser", name="dl_pupil_browser"),
)
answers = sa.Table(
    "dl_answer",
    metadata,
    sa.Column("code", sa.String(8), primary_key=True),
    sa.Column("pid", sa.String(32), primary_key=True),
    sa.Column("qid", sa.String(40), primary_key=True),
    sa.Column("value", sa.Float, nullable=False),
    sa.ForeignKeyConstraint(["code", "pid"], ["dl_pupil.code", "dl_pupil.pid"], ondelete="CASCADE"),
)
batches = sa.Table(  # one row per counted batch: the key that makes a retried batch count once
    "dl_batch",
    metadata,
    sa.Column("code", sa.String(8), primary_key=True),
    sa.Column("pid", sa.String(32), primary_key=True),
    sa.Column("qid", sa.String(40), primary_key=True),
    # The run's seed (drawn by the pupil's kernel, never by the page) and the batch's number in that run: the
    # same trials are the same key, however often a page reloads or asks.
    sa.Column("seed", sa.BigInteger, primary_key=True, autoincrement=False),
    sa.Column("batch", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("trials", sa.Integer, nullable=False),
    sa.Column("counts", sa.Text, nullable=False),  # the batch's counts as JSON (the pool's audit trail)
    sa.ForeignKeyConstraint(["code", "pid"], ["dl_pupil.code", "dl_pupil.pid"], ondelete="CASCADE"),
)
pooled = sa.Table(  # the class's running totals, updated in the transaction that inserts the batch
    "dl_pool",
    metadata,
    sa.Column("code", sa.String(8), sa.ForeignKey("dl_class.code", ondelete="CASCADE"), primary_key=True),
    sa.Column("qid", sa.String(40), primary_key=True),
    sa.Column("outcome", sa.String(40), primary_key=True),
    sa.Column("n", sa.BigInteger, nullable=False),
)
reveals = sa.Table(
    "dl_reveal",
    metadata,
    sa.Column("code", sa.String(8), sa.ForeignKey("dl_class.code", ondelete="CASCADE"), primary_key=True),
    sa.Column("qid", sa.String(40), primary_key=True),
)
CLASS_TABLES = (reveals, pooled, batches, answers, pupils, classes)  # children first: deletes need no cascade


def make_engine(url: str) -> sa.Engine:
    """An engine for ``url`` with the settings above (no connection is made yet)."""
    if url.startswith(("postgresql://", "postgres://")):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"timeout": 10.0, "check_same_thread": False})
        _sqlite_settings(engine)
        return engine
    return sa.create_engine(url, pool_size=2, max_overflow=4, pool_pre_ping=True, pool_recycle=600)


def _sqlite_settings(engine: sa.Engine) -> None:
    @sa.event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # the driver's own BEGIN off: ours below decides DEFERRED/IMMEDIATE
        cursor = dbapi_conn.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=10000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: a crash loses no committed transaction's
        cursor.close()  # consistency, only (on power loss) the last ones

    @sa.event.listens_for(engine, "begin")
    def _on_begin(conn: sa.Connection) -> None:
        write = conn.get_execution_options().get("dl_write", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def ensure_schema(engine: sa.Engine) -> None:
    """Create the tables on first use and record the version; refuse a newer schema than this code knows."""
    with engine.connect().execution_options(dl_write=True) as conn, conn.begin():
        if conn.dialect.name == "postgresql":  # thirty kernels opening at once: one creates, the rest wait
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(7720020)"))
        meta.create(conn, checkfirst=True)
        row = conn.execute(sa.select(meta.c.value).where(meta.c.name == "schema_version")).first()
        if row is not None and int(row[0]) > SCHEMA_VERSION:
            raise RuntimeError(f"the class database has schema {row[0]}; this donkeylab knows {SCHEMA_VERSION}")
        if row is not None and int(row[0]) < SCHEMA_VERSION:  # classes live a day: make the tables anew
            metadata.drop_all(conn, tables=list(CLASS_TABLES), checkfirst=True)
        metadata.create_all(conn, checkfirst=True)
        if row is None:
            conn.execute(_insert_ignore(conn, meta, {"name": "schema_version", "value": str(SCHEMA_VERSION)}))
        elif int(row[0]) < SCHEMA_VERSION:
            conn.execute(meta.update().where(meta.c.name == "schema_version").values(value=str(SCHEMA_VERSION)))


def _insert_ignore(conn: sa.Connection, table: sa.Table, values: dict[str, Any]) -> Any:
    return insert_for(conn)(table).values(**values).on_conflict_do_nothing()


def insert_for(conn: sa.Connection) -> Any:
    """The dialect's INSERT with ``on_conflict_do_nothing`` / ``on_conflict_do_update`` (both have them)."""
    if conn.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as pg_insert

        return pg_insert
    from sqlalchemy.dialects.sqlite import insert as sqlite_insert

    return sqlite_insert
