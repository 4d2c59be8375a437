"""Load (issue 20 §4): thirty pupil processes at once on one store, and a pupil killed in the middle of a write.

Each pupil is its own process (as each pupil's kernel is): it opens the store, waits at a barrier so all
thirty write at the same moment, joins, answers and adds 20 batches, sending every fifth batch twice (a
retry). Nothing may be lost or doubled. In the second run one pupil is SIGKILLed while its transaction holds a
half-written batch (its row inserted, the pool not yet updated): the batch must vanish whole, the other
pupils must finish, and the pool must equal the sum of the batches on record.
"""

from __future__ import annotations

import json
import multiprocessing as mp
import os
import signal
import threading
from collections import Counter
from typing import Any

import pytest
import sqlalchemy as sa

from donkeylab.classroom import ClassStore
from donkeylab.classroom import store as store_module
from donkeylab.classroom.schema import batches, pooled

PUPILS, BATCHES, RESENT = 30, 20, (0, 5, 10, 15)
QID = "token_risk"
SEED = 7  # one run per pupil: its batches are (SEED, b)
KILLED_AT = 10  # the victim dies inside its 11th batch
DEADLINE_S = 180
pytestmark = pytest.mark.slow
# Pupils start from a fork server, never by forking the test process: that process has threads (the test
# runner's, a browser driver's), and a child forked mid-lock hung before the barrier; such a child also kept the
# browser driver's pipe open, so the test session could not end (both seen in a parallel run).
ctx = mp.get_context("forkserver")
ctx.set_forkserver_preload(["sqlalchemy", "donkeylab.classroom"])


def counts_of(pupil: int, batch: int) -> dict[str, int]:
    return {"safe": 100 + pupil, "bust": batch + 1, "doublet": (pupil + batch) % 3}


def pupil_run(url: str, code: str, index: int, barrier: Any, out: Any, victim: bool, mid: Any) -> None:
    """One pupil's process: the whole lesson's writes, reporting what the store said to each."""
    store = ClassStore.open(url)
    if victim:
        real = store_module._inserted

        def stall(conn: sa.Connection, insert: Any, column: Any) -> bool:
            done = real(conn, insert, column)
            if column is batches.c.batch and insert.compile().params.get("batch") == KILLED_AT:
                mid.set()  # the batch row is in, the pool not yet: hold the transaction until the kill
                threading.Event().wait()
            return done

        store_module._inserted = stall
    barrier.wait(timeout=DEADLINE_S)
    pupil = store.join(code)
    store.answer(code, pupil.id, QID, index / PUPILS)
    said = []
    for b in range(BATCHES):
        said.append(store.add_trials(code, pupil.id, QID, SEED, b, counts_of(index, b)))
        if b in RESENT:
            said.append(store.add_trials(code, pupil.id, QID, SEED, b, counts_of(index, b)))
    out.put((index, pupil.id, said))
    store.close()


def run_class(url: str, victim: int | None) -> tuple[ClassStore, Any, dict[int, tuple[str, list[bool]]]]:
    store = ClassStore.open(url)
    k = store.create_class("doublet_penalties")
    barrier, out, mid = ctx.Barrier(PUPILS), ctx.Queue(), ctx.Event()
    procs = [
        ctx.Process(target=pupil_run, args=(url, k.code, i, barrier, out, i == victim, mid)) for i in range(PUPILS)
    ]
    for p in procs:
        p.start()
    try:
        if victim is not None:
            assert mid.wait(DEADLINE_S), "the victim never reached the middle of its write"
            os.kill(procs[victim].pid, signal.SIGKILL)
        reports: dict[int, tuple[str, list[bool]]] = {}
        for _ in range(PUPILS - (victim is not None)):
            index, pid, said = out.get(timeout=DEADLINE_S)
            reports[index] = (pid, said)
        for p in procs:
            p.join(timeout=DEADLINE_S)
            assert p.exitcode is not None, "a pupil process hung"
    finally:  # a failed run leaves no pupil behind
        for p in procs:
            if p.is_alive():
                p.kill()
                p.join(5)
    if victim is not None:
        assert procs[victim].exitcode == -signal.SIGKILL
    return store, k, reports


def check_pool_matches_batches(store: ClassStore, code: str) -> Counter[str]:
    """The pooled totals equal the sum of the batches on record: nothing half-written survived."""
    with store.engine.connect() as conn:
        rows = conn.execute(sa.select(batches.c.counts, batches.c.trials).where(batches.c.code == code)).all()
        pool = dict(conn.execute(sa.select(pooled.c.outcome, pooled.c.n).where(pooled.c.code == code)).all())
        if conn.dialect.name == "sqlite":
            assert conn.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
    total: Counter[str] = Counter()
    for text, trials in rows:
        counts = json.loads(text)
        assert sum(counts.values()) == trials
        total.update(counts)
    assert {o: n for o, n in pool.items() if n} == {o: n for o, n in total.items() if n}
    return total


def expected_said() -> list[bool]:
    said = []
    for b in range(BATCHES):
        said.append(True)
        if b in RESENT:
            said.append(False)
    return said


def test_thirty_pupils_at_once_nothing_lost_or_doubled(db_url: str) -> None:
    store, k, reports = run_class(db_url, victim=None)
    assert len(reports) == PUPILS and all(said == expected_said() for _pid, said in reports.values())
    r = store.results(k.code, k.teacher_key, QID)
    want: Counter[str] = Counter()
    for i in range(PUPILS):
        for b in range(BATCHES):
            want.update(counts_of(i, b))
    assert r["pupils"] == PUPILS and r["answered"] == PUPILS
    assert r["answers"] == sorted(i / PUPILS for i in range(PUPILS))
    assert r["counts"] == {o: n for o, n in sorted(want.items()) if n} and r["trials"] == sum(want.values())
    assert check_pool_matches_batches(store, k.code) == +want
    with store.engine.connect() as conn:
        per_pupil = conn.execute(
            sa.select(batches.c.pid, sa.func.count()).where(batches.c.code == k.code).group_by(batches.c.pid)
        ).all()
    assert sorted(n for _pid, n in per_pupil) == [BATCHES] * PUPILS
    store.close()


def test_a_pupil_killed_mid_write_leaves_the_store_consistent(db_url: str) -> None:
    victim = 7
    store, k, reports = run_class(db_url, victim=victim)
    assert len(reports) == PUPILS - 1 and all(said == expected_said() for _pid, said in reports.values())
    total = check_pool_matches_batches(store, k.code)
    want: Counter[str] = Counter()
    for i in range(PUPILS):
        for b in range(KILLED_AT if i == victim else BATCHES):
            want.update(counts_of(i, b))
    assert total == +want  # the others whole; the victim's committed batches kept, the half-written one gone
    r = store.results(k.code, k.teacher_key, QID)
    assert r["pupils"] == PUPILS and r["answered"] == PUPILS and r["trials"] == sum(want.values())
    later = store.join(k.code)  # the store still takes writes
    assert store.add_trials(k.code, later.id, QID, SEED, 0, {"safe": 1})
    store.close()
