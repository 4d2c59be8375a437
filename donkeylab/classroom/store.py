"""``ClassStore``: a class's predictions and pooled simulations in one shared database.

Each public call is one short transaction: it checks everything first (a refusal raises ``ClassError`` and
the transaction rolls back, so nothing changed), then writes. The teacher's calls need the teacher key; a
pupil's calls need the pupil id their own kernel got from ``join`` (the browser never sees or sends it).
Trial counts arrive from the pupil's kernel, which ran the lab's own simulation with a seed it drew itself:
the store bounds every batch (at most the lesson's batch size) and counts each (pupil, question, seed, batch)
once, so no trial is pooled twice.

The caps hold under concurrency on both databases: SQLite serialises writers (``BEGIN IMMEDIATE``); on
PostgreSQL a join locks its class row and a new class takes an advisory lock, so thirty kernels joining at
once never pass ``MAX_PUPILS`` (without the lock, racing joins overshoot it).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import sqlalchemy as sa

from donkeylab.classroom import checks, names, places, schema
from donkeylab.classroom.errors import ClassError
from donkeylab.classroom.questions import ClassQuestion, question_specs
from donkeylab.classroom.schema import answers, batches, classes, pooled, pupils, reveals

EXPIRY_S = 24 * 3600
MAX_PUPILS = 200  # pupils a class holds; a removed pupil frees its place (its browser still cannot come back)
MAX_CLASSES = 500
MAX_SIZE = 200  # the class size a teacher may give (the pages warmed for it)
DEFAULT_SIZE = 30
GHOST_S = 300  # a pupil whose page has not reported this long, and who never guessed nor simulated, may go
QUIET_S = 60  # a page that has not reported this long (three reports missed) is shown as gone on the roster


def address_cap(size: int) -> int:
    """New pupils one address may bring into a class of ``size``: a whole class behind one school router
    joins, with room for a few who reload in another browser; far fewer than the class's places. Pupils the
    teacher took out still count here (not towards the class's places): a browser taken out that drops its
    cookie comes back as a new pupil only within its address's share."""
    return size + max(3, size // 5)


_CREATE_LOCK = 7720021  # PostgreSQL advisory lock: new classes are counted one at a time


@dataclasses.dataclass(frozen=True)
class ClassInfo:
    """What ``create_class`` returns: the code to project and the key that only the teacher's machine holds."""

    code: str
    teacher_key: str
    lesson: str
    size: int = DEFAULT_SIZE

    def __repr__(self) -> str:  # a key must not end up in a log line by accident
        return f"ClassInfo(code={self.code!r}, lesson={self.lesson!r}, size={self.size}, teacher_key=…)"


@dataclasses.dataclass(frozen=True)
class Pupil:
    """A pupil of a class: the id only their kernel knows, their pseudonym, whether this browser had joined
    before (a reload, a server restart), the guesses it had locked in then and what its page last reported
    (``progress``: step, section, language, exercises; checked when it was stored) for the page to restore."""

    id: str
    name: str
    again: bool = False
    answers: Mapping[str, float] = dataclasses.field(default_factory=dict)
    progress: Mapping[str, Any] = dataclasses.field(default_factory=dict)


class ClassStore:
    """The store over one database: ``ClassStore.open()`` (SQLite) or ``ClassStore.open("postgresql://…")``."""

    def __init__(self, engine: sa.Engine, clock: Any = time.time) -> None:
        self.engine = engine
        self.clock = clock

    @classmethod
    def open(cls, url: str | None = None, clock: Any = time.time) -> ClassStore:
        """Connect, create the schema on first use and purge expired classes. A store that cannot be reached
        raises ``ClassError("unreachable")``: a lesson catches it and carries on alone."""
        engine = schema.make_engine(url or places.default_url())
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

    def _class(self, conn: sa.Connection, code: object, lock: str | None = None) -> Any:
        """The row of an open class, or a refusal. ``lock``: "share" / "update" (a PostgreSQL row lock, so a
        reveal and an answer of the same class are ordered, and joins to one class take turns)."""
        clean = names.clean_code(code)
        if clean is None:
            raise ClassError("bad_code", code=code)
        query = sa.select(classes).where(classes.c.code == clean)
        if lock is not None:
            query = query.with_for_update(read=lock == "share")
        row = conn.execute(query).first()
        if row is None or row.created < self.clock() - EXPIRY_S:
            raise ClassError("unknown_class", code=clean)
        return row

    def _teacher(self, conn: sa.Connection, code: object, key: object, lock: str | None = None) -> Any:
        row = self._class(conn, code, lock)
        if not names.key_matches(key, row.key_hash):
            raise ClassError("wrong_key", code=row.code)
        return row

    @staticmethod
    def _question(code: str, lesson: str, qid: object) -> ClassQuestion:
        specs = question_specs(lesson)
        if not isinstance(qid, str) or qid not in specs:
            raise ClassError("unknown_question", code=code, qid=qid)
        return specs[qid]

    @staticmethod
    def _pupil(conn: sa.Connection, code: str, pid: object) -> Any:
        """The row of a pupil of the class who has not been removed, or a refusal."""
        if isinstance(pid, str) and names.PUPIL_RE.fullmatch(pid):
            row = conn.execute(sa.select(pupils).where(pupils.c.code == code, pupils.c.pid == pid)).first()
            if row is not None and row.removed:
                raise ClassError("removed", code=code)
            if row is not None:
                return row
        raise ClassError("unknown_pupil", code=code)

    # ------------------------------------------------------------------ the teacher
    def create_class(self, lesson: str, size: int = DEFAULT_SIZE) -> ClassInfo:
        """A new class for ``lesson`` of ``size`` pupils with a fresh code and teacher key (only the key's hash
        is stored)."""
        try:
            question_specs(lesson)
        except (KeyError, TypeError):
            raise ClassError("unknown_lesson", lesson=lesson) from None
        if not checks.whole(size) or not 1 <= size <= MAX_SIZE:
            raise ClassError("bad_size", size=size, high=MAX_SIZE)
        key = names.new_key()
        with self._tx(write=True) as conn:
            if conn.dialect.name == "postgresql":  # count and insert as one, whoever else creates a class now
                conn.execute(sa.text(f"SELECT pg_advisory_xact_lock({_CREATE_LOCK})"))
            self._purge(conn)
            if conn.execute(sa.select(sa.func.count()).select_from(classes)).scalar_one() >= MAX_CLASSES:
                raise ClassError("too_many_classes", limit=MAX_CLASSES)
            for _ in range(20):  # 32^6 ≈ 10^9 codes: a collision is rare, twenty in a row impossible
                code = names.new_code()
                row = {"code": code, "lesson": lesson, "key_hash": names.key_hash(key), "created": self.clock()}
                row |= {"size": int(size), "state": "{}"}
                if _inserted(conn, schema.insert_for(conn)(classes).values(**row), classes.c.code):
                    return ClassInfo(code, key, lesson, int(size))
        raise RuntimeError("no free class code after 20 draws")

    def lesson(self, code: str, teacher_key: str) -> str:
        """The lesson class ``code`` runs (what the teacher's dashboard reopens)."""
        with self._tx(write=False) as conn:
            return str(self._teacher(conn, code, teacher_key).lesson)

    def about(self, code: str, teacher_key: str) -> dict[str, Any]:
        """The class's lesson, size, creation time and pacing state."""
        with self._tx(write=False) as conn:
            row = self._teacher(conn, code, teacher_key)
            return {"lesson": row.lesson, "size": row.size, "created": row.created, "state": json.loads(row.state)}

    def results(self, code: str, teacher_key: str, qid: str) -> dict[str, Any]:
        """What the dashboard shows for ``qid``: pupils, answered, the answers (sorted, no names), the pooled
        trials and counts, and whether it is revealed."""
        with self._tx(write=False) as conn:
            row = self._teacher(conn, code, teacher_key)
            clean = row.code
            spec = self._question(clean, row.lesson, qid)
            # a tab opened and abandoned is not a pupil of the class: a pupil counts while their page reports
            # (within ``QUIET_S``) or once they have guessed
            guessed = sa.select(answers.c.pid).where(answers.c.code == clean)
            present = sa.select(pupils.c.pid).where(
                pupils.c.code == clean,
                pupils.c.removed.is_(False),
                (pupils.c.seen >= self.clock() - QUIET_S) | pupils.c.pid.in_(guessed),
            )
            count = sa.select(sa.func.count()).select_from(present.subquery())
            values = sa.select(answers.c.value).where(answers.c.code == clean, answers.c.qid == qid)
            pool = sa.select(pooled.c.outcome, pooled.c.n).where(pooled.c.code == clean, pooled.c.qid == qid)
            shown = sa.select(reveals.c.qid).where(reveals.c.code == clean, reveals.c.qid == qid)
            given = sorted(v for (v,) in conn.execute(values))
            counts = {outcome: int(n) for outcome, n in conn.execute(pool)}
            return {
                "pupils": conn.execute(count).scalar_one(),
                "answered": len(given),
                "answers": given,
                "trials": sum(counts.values()) // spec.per_trial,
                "counts": dict(sorted(counts.items())),
                "revealed": conn.execute(shown).first() is not None,
            }

    def guesses_by_name(self, code: str, teacher_key: str) -> dict[str, dict[str, float]]:
        """Each pupil's guesses by pseudonym, ``{name: {qid: value}}``: only for the teacher's export of the
        results, which the teacher chooses to save with names (the dashboard never shows a value by a name)."""
        with self._tx(write=False) as conn:
            clean = self._teacher(conn, code, teacher_key).code
            query = sa.select(pupils.c.name, answers.c.qid, answers.c.value).join(
                answers, (answers.c.pid == pupils.c.pid) & (answers.c.code == pupils.c.code)
            )
            out: dict[str, dict[str, float]] = {}
            for name, qid, value in conn.execute(query.where(pupils.c.code == clean, pupils.c.removed.is_(False))):
                out.setdefault(str(name), {})[str(qid)] = float(value)
            return out

    def roster(self, code: str, teacher_key: str) -> list[dict[str, Any]]:
        """The pupils by pseudonym (sorted): the questions each has answered (not the values), when their page
        last reported and where it is. No pupil id leaves the store this way."""
        with self._tx(write=False) as conn:
            clean = self._teacher(conn, code, teacher_key).code
            answered: dict[str, list[str]] = {}
            for pid, qid in conn.execute(sa.select(answers.c.pid, answers.c.qid).where(answers.c.code == clean)):
                answered.setdefault(pid, []).append(qid)
            query = sa.select(pupils.c.pid, pupils.c.name, pupils.c.seen, pupils.c.progress)
            rows = conn.execute(query.where(pupils.c.code == clean, pupils.c.removed.is_(False)))
            quiet = self.clock() - QUIET_S
            found = [
                {
                    "name": name,
                    "answered": sorted(answered.get(pid, [])),
                    "seen": seen,
                    "progress": json.loads(p),
                    "ghost": seen < quiet and not answered.get(pid),
                }
                for pid, name, seen, p in rows
            ]
            return sorted(found, key=lambda r: str(r["name"]))

    def reveal(self, code: str, teacher_key: str, qid: str) -> None:
        """Show the answer to ``qid``: from now on its guesses are closed (revealing twice is fine)."""
        with self._tx(write=True) as conn:
            row = self._teacher(conn, code, teacher_key, lock="update")
            self._question(row.code, row.lesson, qid)
            conn.execute(schema.insert_for(conn)(reveals).values(code=row.code, qid=qid).on_conflict_do_nothing())

    def set_state(self, code: str, teacher_key: str, state: Mapping[str, Any]) -> None:
        """The teacher's pacing for every page of the class (which question, step or section, paused)."""
        with self._tx(write=True) as conn:
            row = self._teacher(conn, code, teacher_key, lock="update")
            text = checks.checked_state(state, list(question_specs(row.lesson)))
            conn.execute(classes.update().where(classes.c.code == row.code).values(state=text))

    def remove_pupil(self, code: str, teacher_key: str, name: str) -> None:
        """Take pupil ``name`` out of the class: their guesses and simulations leave the results and the pool,
        and their browser cannot join this class again."""
        with self._tx(write=True) as conn:
            clean = self._teacher(conn, code, teacher_key, lock="update").code
            found = conn.execute(
                sa.select(pupils.c.pid).where(
                    pupils.c.code == clean, pupils.c.name == name, pupils.c.removed.is_(False)
                )
            ).first()
            if found is None:
                raise ClassError("no_pupil", code=clean, name=name)
            pid = found.pid
            mine = sa.select(batches.c.qid, batches.c.counts).where(batches.c.code == clean, batches.c.pid == pid)
            for qid, counts in conn.execute(mine).all():
                for outcome, n in sorted(json.loads(counts).items()):
                    where = (pooled.c.code == clean, pooled.c.qid == qid, pooled.c.outcome == outcome)
                    conn.execute(pooled.update().where(*where).values(n=pooled.c.n - n))
            conn.execute(pooled.delete().where(pooled.c.code == clean, pooled.c.n <= 0))
            for table in (batches, answers):
                conn.execute(table.delete().where(table.c.code == clean, table.c.pid == pid))
            conn.execute(pupils.update().where(pupils.c.code == clean, pupils.c.pid == pid).values(removed=True))

    def remove_ghosts(self, code: str, teacher_key: str) -> int:
        """Take out the roster's ghosts (no report for ``QUIET_S``, no guess, no simulation): their places are
        free again, and a browser among them that comes back joins as a new pupil. Returns how many left."""
        with self._tx(write=True) as conn:
            clean = self._teacher(conn, code, teacher_key, lock="update").code
            return self._drop_ghosts(conn, clean, quiet=QUIET_S)

    def end_class(self, code: str, teacher_key: str) -> None:
        """Delete everything the class stored; its code is unknown from now on."""
        with self._tx(write=True) as conn:
            row = self._teacher(conn, code, teacher_key, lock="update")
            self._delete(conn, [row.code])

    # ------------------------------------------------------------------ pupils
    def join(self, code: str, browser: str | None = None) -> Pupil:
        """The pupil of this browser (``browser``: its key, a cookie the server made) in the class: the same
        one as before when it joined already, else a new pupil with a pseudonym unique in the class."""
        key, tag = checks.checked_browser(browser)
        with self._tx(write=True) as conn:
            row = self._class(conn, code, lock="update")  # joins to one class take turns: the cap holds
            clean = row.code
            mark = browser_mark(clean, key) if key is not None else None
            where = browser_mark(clean, tag) if tag is not None else None
            if mark is not None:
                known = conn.execute(sa.select(pupils).where(pupils.c.code == clean, pupils.c.browser == mark)).first()
                if known is not None and known.removed:
                    raise ClassError("removed", code=clean)
                if known is not None:
                    mine = sa.select(answers.c.qid, answers.c.value)
                    given = dict(conn.execute(mine.where(answers.c.code == clean, answers.c.pid == known.pid)).all())
                    return Pupil(known.pid, known.name, again=True, answers=given, progress=json.loads(known.progress))
            if self._present(conn, clean) >= MAX_PUPILS:
                self._drop_ghosts(conn, clean)
            if self._present(conn, clean) >= MAX_PUPILS:
                raise ClassError("full", code=clean, limit=MAX_PUPILS)
            cap = address_cap(int(row.size))
            if where is not None and self._present(conn, clean, where, removed=True) >= cap:
                self._drop_ghosts(conn, clean, where)
                if self._present(conn, clean, where, removed=True) >= cap:
                    raise ClassError("full", code=clean, limit=cap)
            taken = {n for (n,) in conn.execute(sa.select(pupils.c.name).where(pupils.c.code == clean))}
            for _ in range(200):
                name = names.pseudonym()
                if name in taken:
                    continue
                pid = names.new_pupil_id()
                values = {"code": clean, "pid": pid, "name": name, "browser": mark, "seen": self.clock()}
                values["address"] = where
                if _inserted(conn, schema.insert_for(conn)(pupils).values(**values), pupils.c.pid):
                    return Pupil(pid, name)
                taken.add(name)  # another pupil may have taken the name between the read and now
        raise RuntimeError("no free pseudonym after 200 draws")

    @staticmethod
    def _present(conn: sa.Connection, code: str, where: str | None = None, removed: bool = False) -> int:
        """The class's pupils who hold a place (removed ones do not, unless ``removed``), or those of one
        address mark."""
        query = sa.select(sa.func.count()).where(pupils.c.code == code)
        if not removed:
            query = query.where(pupils.c.removed.is_(False))
        if where is not None:
            query = query.where(pupils.c.address == where)
        return int(conn.execute(query).scalar_one())

    def _drop_ghosts(self, conn: sa.Connection, code: str, where: str | None = None, quiet: float = GHOST_S) -> int:
        """A full class (or address) makes room: pupils whose page has not reported for ``quiet`` seconds and
        who never guessed or simulated (a tab opened and closed, a browser that cleared its cookies) leave it.
        Removed pupils stay (their browser must not come back). Returns how many left."""
        active = sa.union(
            sa.select(answers.c.pid).where(answers.c.code == code),
            sa.select(batches.c.pid).where(batches.c.code == code),
        ).subquery()
        ghosts = sa.select(pupils.c.pid).where(
            pupils.c.code == code,
            pupils.c.removed.is_(False),
            pupils.c.seen < self.clock() - quiet,
            pupils.c.pid.not_in(sa.select(active.c.pid)),
        )
        if where is not None:
            ghosts = ghosts.where(pupils.c.address == where)
        gone = [pid for (pid,) in conn.execute(ghosts)]
        if gone:
            conn.execute(pupils.delete().where(pupils.c.code == code, pupils.c.pid.in_(gone)))
        return len(gone)

    def answer(self, code: str, pupil_id: str, qid: str, value: float) -> None:
        """A pupil's guess for ``qid`` (the last one counts); refused once the answer is revealed."""
        with self._tx(write=True) as conn:
            row = self._class(conn, code, lock="share")
            clean = row.code
            spec = self._question(clean, row.lesson, qid)
            pid = self._pupil(conn, clean, pupil_id).pid
            number = checks.checked_value(spec, value)
            if conn.execute(sa.select(reveals.c.qid).where(reveals.c.code == clean, reveals.c.qid == qid)).first():
                raise ClassError("revealed")
            stmt = schema.insert_for(conn)(answers).values(code=clean, pid=pid, qid=qid, value=number)
            conn.execute(stmt.on_conflict_do_update(index_elements=["code", "pid", "qid"], set_={"value": number}))

    def add_trials(self, code: str, pupil_id: str, qid: str, seed: int, batch: int, counts: Mapping[str, int]) -> bool:
        """Add batch ``batch`` of a pupil's run with ``seed`` to the pool. True when counted, False when this
        (pupil, question, seed, batch) was counted before (a retry: nothing changes)."""
        with self._tx(write=True) as conn:
            row = self._class(conn, code)
            clean = row.code
            spec = self._question(clean, row.lesson, qid)
            pid = self._pupil(conn, clean, pupil_id).pid
            seed, batch = checks.checked_run(seed, batch)
            clean_counts = checks.checked_counts(spec, counts)
            trials = sum(clean_counts.values()) // spec.per_trial
            values = {"code": clean, "pid": pid, "qid": qid, "seed": seed, "batch": batch, "trials": trials}
            values["counts"] = json.dumps(clean_counts, sort_keys=True)
            if not _inserted(conn, schema.insert_for(conn)(batches).values(**values), batches.c.batch):
                return False
            insert = schema.insert_for(conn)(pooled)
            for outcome in sorted(clean_counts):  # one order for every writer: no deadlock between two of them
                stmt = insert.values(code=clean, qid=qid, outcome=outcome, n=clean_counts[outcome])
                stmt = stmt.on_conflict_do_update(
                    index_elements=["code", "qid", "outcome"], set_={"n": pooled.c.n + stmt.excluded.n}
                )
                conn.execute(stmt)
            return True

    def poll(self, code: str, pupil_id: str) -> dict[str, Any]:
        """What a pupil's page asks once a second, in one read: the revealed questions, the class's pooled
        trials per question, the teacher's pacing, and whether this pupil was removed."""
        with self._tx(write=False) as conn:
            row = self._class(conn, code)
            clean = row.code
            try:
                self._pupil(conn, clean, pupil_id)
            except ClassError as exc:
                if exc.key != "removed":
                    raise
                return {"removed": True, "revealed": [], "trials": {}, "state": {}}
            shown = sorted(q for (q,) in conn.execute(sa.select(reveals.c.qid).where(reveals.c.code == clean)))
            sums = sa.select(pooled.c.qid, sa.func.sum(pooled.c.n)).where(pooled.c.code == clean)
            specs = question_specs(row.lesson)
            trials = {
                qid: int(n) // specs[qid].per_trial
                for qid, n in conn.execute(sums.group_by(pooled.c.qid))
                if qid in specs
            }
            return {"removed": False, "revealed": shown, "trials": trials, "state": json.loads(row.state)}

    def report(self, code: str, pupil_id: str, progress: Mapping[str, Any]) -> None:
        """A pupil's page says where it is (step, section, language) and which exercises were tried and right;
        the last report is what ``join`` hands back to the same browser's next page."""
        with self._tx(write=True) as conn:
            row = self._class(conn, code)
            pid = self._pupil(conn, row.code, pupil_id).pid
            text = checks.checked_progress(progress, list(question_specs(row.lesson)))
            where = (pupils.c.code == row.code, pupils.c.pid == pid)
            conn.execute(pupils.update().where(*where).values(progress=text, seen=self.clock()))

    # ------------------------------------------------------------------ expiry
    def open_classes(self) -> dict[str, str]:
        """Code → lesson of every open class (the server reads it to let a class link in)."""
        with self._tx(write=False) as conn:
            fresh = classes.c.created >= self.clock() - EXPIRY_S
            return dict(conn.execute(sa.select(classes.c.code, classes.c.lesson).where(fresh)).all())

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


def browser_mark(code: str, browser: str) -> str:
    """What the store keeps of a browser's key: a digest of it with the class code (so the same browser has
    unrelated marks in two classes, and the cookie itself is never stored)."""
    return hashlib.sha256(f"{code}:{browser}".encode()).hexdigest()


def _inserted(conn: sa.Connection, insert: Any, column: sa.Column[Any]) -> bool:
    """INSERT … ON CONFLICT DO NOTHING; True when the row went in. RETURNING says so on both databases
    (psycopg reports no rowcount for it)."""
    return conn.execute(insert.on_conflict_do_nothing().returning(column)).first() is not None
