"""``ClassStore``: a class's predictions and pooled simulations in one shared database.

Each public call is one short transaction: it checks everything first (a refusal raises ``ClassError`` and
the transaction rolls back, so nothing changed), then writes. The teacher's calls need the teacher key; a
pupil's calls need the pupil id their own kernel got from ``join`` (the browser never sees or sends it).
Trial counts arrive from the pupil's kernel, which ran the lab's own simulation: the store bounds every batch
(at most the lesson's batch size, numbered, each counted once per pupil, question and batch number).
"""

from __future__ import annotations

import dataclasses
import json
import math
import numbers
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import sqlalchemy as sa

from donkeylab.classroom import names, schema
from donkeylab.classroom.errors import ClassError
from donkeylab.classroom.questions import MAX_BATCH_ID, MAX_OUTCOME_CHARS, MAX_OUTCOMES, ClassQuestion, question_specs
from donkeylab.classroom.schema import answers, batches, classes, pooled, pupils, reveals

EXPIRY_S = 24 * 3600
MAX_PUPILS = 200
MAX_CLASSES = 500


@dataclasses.dataclass(frozen=True)
class ClassInfo:
    """What ``create_class`` returns: the code to project and the key that only the teacher's link holds."""

    code: str
    teacher_key: str
    lesson: str

    def __repr__(self) -> str:  # a key must not end up in a log line by accident
        return f"ClassInfo(code={self.code!r}, lesson={self.lesson!r}, teacher_key=…)"


@dataclasses.dataclass(frozen=True)
class Pupil:
    id: str
    name: str


class ClassStore:
    """The store over one database: ``ClassStore.open()`` (SQLite) or ``ClassStore.open("postgresql://…")``."""

    def __init__(self, engine: sa.Engine, clock: Any = time.time) -> None:
        self.engine = engine
        self.clock = clock

    @classmethod
    def open(cls, url: str | None = None, clock: Any = time.time) -> ClassStore:
        """Connect, create the schema on first use and purge expired classes. A store that cannot be reached
        raises ``ClassError("unreachable")``: a lesson catches it and carries on alone."""
        engine = schema.make_engine(url or schema.default_url())
        store = cls(engine, clock)
        try:
            schema.ensure_schema(engine)
            store.purge_expired()
        except sa.exc.SQLAlchemyError as exc:
            engine.dispose()
            raise ClassError("unreachable", reason=type(getattr(exc, "orig", None) or exc).__name__) from exc
        return store

    def close(self) -> None:
        self.engine.dispose()

    # ------------------------------------------------------------------ transactions
    @contextmanager
    def _tx(self, write: bool) -> Iterator[sa.Connection]:
        try:
            with self.engine.connect().execution_options(dl_write=write) as conn, conn.begin():
                yield conn
        except sa.exc.IntegrityError as exc:  # PostgreSQL: the class ended between our read and our write
            raise ClassError("gone") from exc
        except sa.exc.OperationalError as exc:  # a lost server, a locked file past the busy timeout
            raise ClassError("unreachable", reason=type(exc.orig or exc).__name__) from exc

    def _class(self, conn: sa.Connection, code: object, lock: str | None = None) -> tuple[str, str, str]:
        """(code, lesson, key_hash) of an open class, or a refusal. ``lock``: "share" / "update" (PostgreSQL
        row lock, so a reveal and an answer of the same class are ordered)."""
        clean = names.clean_code(code)
        if clean is None:
            raise ClassError("bad_code", code=code)
        query = sa.select(classes.c.code, classes.c.lesson, classes.c.key_hash, classes.c.created)
        query = query.where(classes.c.code == clean)
        if lock is not None:
            query = query.with_for_update(read=lock == "share")
        row = conn.execute(query).first()
        if row is None or row.created < self.clock() - EXPIRY_S:
            raise ClassError("unknown_class", code=clean)
        return row.code, row.lesson, row.key_hash

    def _teacher(self, conn: sa.Connection, code: object, key: object, lock: str | None = None) -> tuple[str, str]:
        clean, lesson, stored = self._class(conn, code, lock)
        if not names.key_matches(key, stored):
            raise ClassError("wrong_key", code=clean)
        return clean, lesson

    @staticmethod
    def _question(code: str, lesson: str, qid: object) -> ClassQuestion:
        specs = question_specs(lesson)
        if not isinstance(qid, str) or qid not in specs:
            raise ClassError("unknown_question", code=code, qid=qid)
        return specs[qid]

    @staticmethod
    def _pupil(conn: sa.Connection, code: str, pid: object) -> str:
        if isinstance(pid, str) and names.PUPIL_RE.fullmatch(pid):
            found = conn.execute(sa.select(pupils.c.pid).where(pupils.c.code == code, pupils.c.pid == pid)).first()
            if found is not None:
                return pid
        raise ClassError("unknown_pupil", code=code)

    # ------------------------------------------------------------------ the teacher
    def create_class(self, lesson: str) -> ClassInfo:
        """A new class for ``lesson`` with a fresh code and teacher key (only the key's hash is stored)."""
        try:
            question_specs(lesson)
        except (KeyError, TypeError):
            raise ClassError("unknown_lesson", lesson=lesson) from None
        key = names.new_key()
        with self._tx(write=True) as conn:
            self._purge(conn)
            if conn.execute(sa.select(sa.func.count()).select_from(classes)).scalar_one() >= MAX_CLASSES:
                raise ClassError("too_many_classes", limit=MAX_CLASSES)
            for _ in range(20):  # 32^6 ≈ 10^9 codes: a collision is rare, twenty in a row impossible
                code = names.new_code()
                row = {"code": code, "lesson": lesson, "key_hash": names.key_hash(key), "created": self.clock()}
                if _inserted(conn, schema.insert_for(conn)(classes).values(**row), classes.c.code):
                    return ClassInfo(code, key, lesson)
        raise RuntimeError("no free class code after 20 draws")

    def lesson(self, code: str, teacher_key: str) -> str:
        """The lesson class ``code`` runs (what the teacher's link reopens)."""
        with self._tx(write=False) as conn:
            return self._teacher(conn, code, teacher_key)[1]

    def results(self, code: str, teacher_key: str, qid: str) -> dict[str, Any]:
        """What the dashboard shows for ``qid``: pupils, answered, the answers (sorted, no names), the pooled
        trials and counts, and whether it is revealed."""
        with self._tx(write=False) as conn:
            clean, lesson = self._teacher(conn, code, teacher_key)
            self._question(clean, lesson, qid)
            count = sa.select(sa.func.count()).select_from(pupils).where(pupils.c.code == clean)
            values = sa.select(answers.c.value).where(answers.c.code == clean, answers.c.qid == qid)
            pool = sa.select(pooled.c.outcome, pooled.c.n).where(pooled.c.code == clean, pooled.c.qid == qid)
            shown = sa.select(reveals.c.qid).where(reveals.c.code == clean, reveals.c.qid == qid)
            given = sorted(v for (v,) in conn.execute(values))
            counts = {outcome: int(n) for outcome, n in conn.execute(pool)}
            spec = question_specs(lesson)[qid]
            return {
                "pupils": conn.execute(count).scalar_one(),
                "answered": len(given),
                "answers": given,
                "trials": sum(counts.values()) // spec.per_trial,
                "counts": dict(sorted(counts.items())),
                "revealed": conn.execute(shown).first() is not None,
            }

    def reveal(self, code: str, teacher_key: str, qid: str) -> None:
        """Show the answer to ``qid``: from now on its guesses are closed (revealing twice is fine)."""
        with self._tx(write=True) as conn:
            clean, lesson = self._teacher(conn, code, teacher_key, lock="update")
            self._question(clean, lesson, qid)
            conn.execute(schema.insert_for(conn)(reveals).values(code=clean, qid=qid).on_conflict_do_nothing())

    def end_class(self, code: str, teacher_key: str) -> None:
        """Delete everything the class stored; its code is unknown from now on."""
        with self._tx(write=True) as conn:
            clean, _lesson = self._teacher(conn, code, teacher_key, lock="update")
            self._delete(conn, [clean])

    # ------------------------------------------------------------------ pupils
    def join(self, code: str) -> Pupil:
        """A new pupil of the class with a pseudonym unique in it."""
        with self._tx(write=True) as conn:
            clean, _lesson, _hash = self._class(conn, code, lock="share")
            taken = {n for (n,) in conn.execute(sa.select(pupils.c.name).where(pupils.c.code == clean))}
            if len(taken) >= MAX_PUPILS:
                raise ClassError("full", code=clean, limit=MAX_PUPILS)
            for _ in range(200):
                name = names.pseudonym()
                if name in taken:
                    continue
                pid = names.new_pupil_id()
                row = {"code": clean, "pid": pid, "name": name}
                if _inserted(
                    conn, schema.insert_for(conn)(pupils).values(**row), pupils.c.pid
                ):  # another pupil may have taken the name between the read and now
                    return Pupil(pid, name)
                taken.add(name)
        raise RuntimeError("no free pseudonym after 200 draws")

    def answer(self, code: str, pupil_id: str, qid: str, value: float) -> None:
        """A pupil's guess for ``qid`` (the last one counts); refused once the answer is revealed."""
        with self._tx(write=True) as conn:
            clean, lesson, _hash = self._class(conn, code, lock="share")
            spec = self._question(clean, lesson, qid)
            pid = self._pupil(conn, clean, pupil_id)
            number = _checked_value(spec, value)
            if conn.execute(sa.select(reveals.c.qid).where(reveals.c.code == clean, reveals.c.qid == qid)).first():
                raise ClassError("revealed")
            stmt = schema.insert_for(conn)(answers).values(code=clean, pid=pid, qid=qid, value=number)
            conn.execute(stmt.on_conflict_do_update(index_elements=["code", "pid", "qid"], set_={"value": number}))

    def add_trials(self, code: str, pupil_id: str, qid: str, batch: int, counts: Mapping[str, int]) -> bool:
        """Add one batch of a pupil's simulation to the pool. True when counted, False when this (pupil,
        question, batch) was counted before (a retry: nothing changes)."""
        with self._tx(write=True) as conn:
            clean, lesson, _hash = self._class(conn, code)
            spec = self._question(clean, lesson, qid)
            pid = self._pupil(conn, clean, pupil_id)
            if not _whole(batch) or not 0 <= batch < MAX_BATCH_ID:
                raise ClassError("bad_batch", batch=batch, high=MAX_BATCH_ID - 1)
            clean_counts = _checked_counts(spec, counts)
            trials = sum(clean_counts.values()) // spec.per_trial
            row = {"code": clean, "pid": pid, "qid": qid, "batch": int(batch), "trials": trials}
            row["counts"] = json.dumps(clean_counts, sort_keys=True)
            if not _inserted(conn, schema.insert_for(conn)(batches).values(**row), batches.c.batch):
                return False
            insert = schema.insert_for(conn)(pooled)
            for outcome in sorted(clean_counts):  # one order for every writer: no deadlock between two of them
                stmt = insert.values(code=clean, qid=qid, outcome=outcome, n=clean_counts[outcome])
                stmt = stmt.on_conflict_do_update(
                    index_elements=["code", "qid", "outcome"], set_={"n": pooled.c.n + stmt.excluded.n}
                )
                conn.execute(stmt)
            return True

    def revealed(self, code: str, qid: str) -> bool:
        """Whether the teacher revealed ``qid`` (what a pupil's page polls; an ended class is a refusal)."""
        with self._tx(write=False) as conn:
            clean, lesson, _hash = self._class(conn, code)
            self._question(clean, lesson, qid)
            found = conn.execute(sa.select(reveals.c.qid).where(reveals.c.code == clean, reveals.c.qid == qid))
            return found.first() is not None

    def pooled_trials(self, code: str, qid: str) -> int:
        """The class's pooled trials for ``qid`` (a pupil's page shows it; no key needed, no one's data)."""
        with self._tx(write=False) as conn:
            clean, lesson, _hash = self._class(conn, code)
            spec = self._question(clean, lesson, qid)
            total = sa.select(sa.func.coalesce(sa.func.sum(pooled.c.n), 0))
            n = int(conn.execute(total.where(pooled.c.code == clean, pooled.c.qid == qid)).scalar_one())
            return n // spec.per_trial

    # ------------------------------------------------------------------ expiry
    def purge_expired(self) -> int:
        """Delete every class older than 24 h with all its data; returns how many."""
        with self._tx(write=True) as conn:
            return self._purge(conn)

    def _purge(self, conn: sa.Connection) -> int:
        old = sa.select(classes.c.code).where(classes.c.created < self.clock() - EXPIRY_S)
        codes = [c for (c,) in conn.execute(old)]
        self._delete(conn, codes)
        return len(codes)

    @staticmethod
    def _delete(conn: sa.Connection, codes: list[str]) -> None:
        if codes:
            for table in schema.CLASS_TABLES:
                conn.execute(table.delete().where(table.c.code.in_(codes)))


def _inserted(conn: sa.Connection, insert: Any, column: sa.Column[Any]) -> bool:
    """INSERT … ON CONFLICT DO NOTHING; True when the row went in. RETURNING says so on both databases
    (psycopg reports no rowcount for it)."""
    return conn.execute(insert.on_conflict_do_nothing().returning(column)).first() is not None


def _whole(value: object) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _checked_value(spec: ClassQuestion, value: object) -> float:
    """A finite number in the question's range (a whole one for a choice), else a refusal."""
    ok = isinstance(value, numbers.Real) and not isinstance(value, bool) and math.isfinite(float(value))
    if spec.whole:
        ok = ok and float(value).is_integer()  # type: ignore[arg-type]
        if not ok or not spec.low <= float(value) <= spec.high:  # type: ignore[arg-type]
            raise ClassError("bad_choice", high=int(spec.high), value=value)
    elif not ok or not spec.low <= float(value) <= spec.high:  # type: ignore[arg-type]
        raise ClassError("bad_value", low=spec.low, high=spec.high, value=value)
    return float(value)  # type: ignore[arg-type]


def _checked_counts(spec: ClassQuestion, counts: object) -> dict[str, int]:
    """Short outcome names with whole counts >= 0 adding up to 1..the lesson's batch size, else a refusal."""
    if not isinstance(counts, Mapping) or not counts:
        raise ClassError("bad_counts", why="they are not a table of outcomes and counts")
    if len(counts) > MAX_OUTCOMES:
        raise ClassError("bad_counts", why=f"more than {MAX_OUTCOMES} outcomes")
    out: dict[str, int] = {}
    for outcome, n in counts.items():
        if not isinstance(outcome, str) or not 0 < len(outcome) <= MAX_OUTCOME_CHARS:
            raise ClassError("bad_counts", why=f"an outcome name has 1 to {MAX_OUTCOME_CHARS} characters")
        if not _whole(n) or n < 0:
            raise ClassError("bad_counts", why="a count is a whole number from 0 up")
        if n:
            out[outcome] = int(n)
    total = sum(out.values())
    if not 0 < total <= spec.batch * spec.per_trial:
        raise ClassError("bad_counts", why=f"a batch holds 1 to {spec.batch} trials, not {total // spec.per_trial}")
    return out
