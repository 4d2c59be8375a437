"""The class store's contract (issue 20 §1), each test on SQLite and on PostgreSQL."""

from __future__ import annotations

import math
from typing import Any

import pytest
import sqlalchemy as sa

from donkeylab.classroom import EXPIRY_S, ClassError, ClassStore, questions
from donkeylab.classroom.names import ALPHABET, CODE_RE
from donkeylab.classroom.questions import BATCH
from donkeylab.classroom.schema import classes

LESSON, QID = "doublet_penalties", "token_risk"
SEED = 1234


def test_round_trip(store: ClassStore) -> None:
    assert questions(LESSON) == {QID: (0.0, 1.0), "risk_64": (0.0, 1.0), "risk_74": (0.0, 1.0)}
    k = store.create_class(LESSON)
    assert CODE_RE.fullmatch(k.code) and not set(k.code) & set("OILU") and set(k.code) <= set(ALPHABET)
    assert len(k.teacher_key) >= 32 and k.teacher_key not in repr(k)
    a, b = store.join(k.code), store.join(k.code.lower())
    assert a.id != b.id and a.name != b.name and a.name.split()[1] in ("Donkey", "Mule", "Zebra", "Pony", "Foal")
    store.answer(k.code, a.id, QID, 0.2)
    store.answer(k.code, a.id, QID, 0.3)  # the last answer counts
    store.answer(k.code, b.id, QID, 1)
    assert store.add_trials(k.code, a.id, QID, SEED, 0, {"safe": 6, "bust": 4})
    assert store.add_trials(k.code, b.id, QID, SEED, 0, {"safe": 5, "doublet": 1})
    r = store.results(k.code, k.teacher_key, QID)
    assert r == {
        "pupils": 2,
        "answered": 2,
        "answers": [0.3, 1.0],
        "trials": 16,
        "counts": {"bust": 4, "doublet": 1, "safe": 11},
        "revealed": False,
    }
    assert store.poll(k.code, a.id) == {"removed": False, "revealed": [], "trials": {QID: 16}, "state": {}}


def test_reveal_locks_the_answers(store: ClassStore) -> None:
    k = store.create_class(LESSON)
    p = store.join(k.code)
    store.answer(k.code, p.id, QID, 0.5)
    store.reveal(k.code, k.teacher_key, QID)
    store.reveal(k.code, k.teacher_key, QID)  # twice is fine
    assert store.poll(k.code, p.id)["revealed"] == [QID]
    with pytest.raises(ClassError, match="revealed"):
        store.answer(k.code, p.id, QID, 0.9)
    late = store.join(k.code)
    with pytest.raises(ClassError):
        store.answer(k.code, late.id, QID, 0.1)
    r = store.results(k.code, k.teacher_key, QID)
    assert r["answers"] == [0.5] and r["revealed"]
    assert store.add_trials(k.code, p.id, QID, SEED, 3, {"safe": 1})  # simulating goes on after the reveal


def test_a_retried_batch_counts_once(store: ClassStore) -> None:
    k = store.create_class(LESSON)
    p = store.join(k.code)
    assert store.add_trials(k.code, p.id, QID, SEED, 7, {"safe": 9, "bust": 1})
    assert not store.add_trials(k.code, p.id, QID, SEED, 7, {"safe": 9, "bust": 1})
    assert not store.add_trials(k.code, p.id, QID, SEED, 7, {"safe": 10})  # same key, other counts: still once
    assert store.results(k.code, k.teacher_key, QID)["counts"] == {"bust": 1, "safe": 9}


def refusals(store: ClassStore, k: Any, p: Any, other: Any) -> list[tuple[str, Any]]:
    """Every refusal of the contract, as (what, a call that must raise ClassError)."""
    code, key = k.code, k.teacher_key
    return [
        ("unknown code", lambda: store.join("ZZZZZZ")),
        ("not a code", lambda: store.join("x" * 5000)),
        ("code of another type", lambda: store.join(12345)),
        ("wrong key on results", lambda: store.results(code, key + "x", QID)),
        ("other class's key", lambda: store.reveal(code, other.teacher_key, QID)),
        ("key of another type", lambda: store.end_class(code, None)),
        ("unknown pupil", lambda: store.answer(code, "0" * 32, QID, 0.5)),
        ("pupil id of another type", lambda: store.answer(code, 7, QID, 0.5)),
        ("unknown question", lambda: store.answer(code, p.id, "flip_seven", 1)),
        ("unknown question on results", lambda: store.results(code, key, "nope")),
        ("above the range", lambda: store.answer(code, p.id, QID, 1.5)),
        ("below the range", lambda: store.answer(code, p.id, QID, -0.01)),
        ("NaN", lambda: store.answer(code, p.id, QID, math.nan)),
        ("infinity", lambda: store.answer(code, p.id, QID, math.inf)),
        ("a bool", lambda: store.answer(code, p.id, QID, True)),
        ("a string", lambda: store.answer(code, p.id, QID, "0.5")),
        ("negative batch", lambda: store.add_trials(code, p.id, QID, SEED, -1, {"safe": 1})),
        ("batch id too large", lambda: store.add_trials(code, p.id, QID, SEED, 10**6, {"safe": 1})),
        ("negative seed", lambda: store.add_trials(code, p.id, QID, -1, 0, {"safe": 1})),
        ("seed not whole", lambda: store.add_trials(code, p.id, QID, "7", 0, {"safe": 1})),
        ("browser key of another form", lambda: store.join(code, "<script>" * 4)),
        ("class size 0", lambda: store.create_class(LESSON, 0)),
        ("class size too large", lambda: store.create_class(LESSON, 10**6)),
        ("pacing to an unknown question", lambda: store.set_state(code, key, {"question": "nope"})),
        ("pacing with an unknown field", lambda: store.set_state(code, key, {"html": "<b>"})),
        ("progress beyond the steps", lambda: store.report(code, p.id, {"step": 10**9})),
        ("removing no one", lambda: store.remove_pupil(code, key, "Nobody 1")),
        ("batch id not whole", lambda: store.add_trials(code, p.id, QID, SEED, 1.5, {"safe": 1})),
        ("batch larger than the lesson's", lambda: store.add_trials(code, p.id, QID, SEED, 1, {"safe": BATCH + 1})),
        ("a billion trials", lambda: store.add_trials(code, p.id, QID, SEED, 2, {"safe": 10**9})),
        ("negative count", lambda: store.add_trials(code, p.id, QID, SEED, 3, {"safe": 5, "bust": -1})),
        ("count not whole", lambda: store.add_trials(code, p.id, QID, SEED, 4, {"safe": 2.5})),
        ("long outcome name", lambda: store.add_trials(code, p.id, QID, SEED, 5, {"s" * 41: 1})),
        ("empty counts", lambda: store.add_trials(code, p.id, QID, SEED, 6, {})),
        ("too many outcomes", lambda: store.add_trials(code, p.id, QID, SEED, 7, {f"o{i}": 1 for i in range(65)})),
        ("unknown lesson", lambda: store.create_class("nope")),
    ]


def test_every_refusal_is_a_sentence_and_changes_nothing(store: ClassStore) -> None:
    k, other = store.create_class(LESSON), store.create_class(LESSON)
    p = store.join(k.code)
    store.answer(k.code, p.id, QID, 0.25)
    store.add_trials(k.code, p.id, QID, SEED, 0, {"safe": 3})
    before = store.results(k.code, k.teacher_key, QID)
    for what, call in refusals(store, k, p, other):
        with pytest.raises(ClassError) as caught:
            call()
        text = str(caught.value)
        assert text.endswith(".") and " " in text and len(text) < 300, what
        assert caught.value.render("de") != text, what
        assert store.results(k.code, k.teacher_key, QID) == before, what
    store.end_class(other.code, other.teacher_key)
    for call in (lambda: store.join(other.code), lambda: store.poll(other.code, p.id)):
        with pytest.raises(ClassError, match="no open class"):
            call()
    assert store.results(k.code, k.teacher_key, QID) == before


def test_a_choice_is_a_whole_index(store: ClassStore) -> None:
    assert questions("angry_flips")["flip_seven"] == (0, 2)  # more, less, same
    k = store.create_class("angry_flips")
    p = store.join(k.code)
    store.answer(k.code, p.id, "flip_seven", 2)
    for bad in (1.5, 3, -1):
        with pytest.raises(ClassError, match="options 0 to 2"):
            store.answer(k.code, p.id, "flip_seven", bad)
    assert store.results(k.code, k.teacher_key, "flip_seven")["answers"] == [2.0]


def test_data_survives_closing_and_reopening(db_url: str) -> None:
    first = ClassStore.open(db_url)
    k = first.create_class(LESSON)
    p = first.join(k.code)
    first.answer(k.code, p.id, QID, 0.75)
    first.add_trials(k.code, p.id, QID, SEED, 0, {"safe": 2, "bust": 2})
    first.reveal(k.code, k.teacher_key, QID)
    first.close()
    again = ClassStore.open(db_url)
    assert again.results(k.code, k.teacher_key, QID) == {
        "pupils": 1,
        "answered": 1,
        "answers": [0.75],
        "trials": 4,
        "counts": {"bust": 2, "safe": 2},
        "revealed": True,
    }
    again.close()


def test_end_class_deletes_everything(store: ClassStore) -> None:
    k = store.create_class(LESSON)
    p = store.join(k.code)
    store.answer(k.code, p.id, QID, 0.5)
    store.add_trials(k.code, p.id, QID, SEED, 0, {"safe": 2})
    store.reveal(k.code, k.teacher_key, QID)
    store.end_class(k.code, k.teacher_key)
    with store.engine.connect() as conn:
        from donkeylab.classroom.schema import CLASS_TABLES

        for table in CLASS_TABLES:
            assert conn.execute(sa.select(sa.func.count()).select_from(table)).scalar_one() == 0, table.name


def test_classes_expire_after_a_day_and_are_purged_on_open(db_url: str) -> None:
    now = [1_000_000.0]
    first = ClassStore.open(db_url, clock=lambda: now[0])
    old, fresh = first.create_class(LESSON), None
    p = first.join(old.code)
    first.add_trials(old.code, p.id, QID, SEED, 0, {"safe": 1})
    now[0] += EXPIRY_S - 60
    fresh = first.create_class(LESSON)
    now[0] += 120  # the first class is now older than 24 h
    with pytest.raises(ClassError, match="expired"):
        first.join(old.code)
    first.close()
    again = ClassStore.open(db_url, clock=lambda: now[0])
    with again.engine.connect() as conn:
        left = [c for (c,) in conn.execute(sa.select(classes.c.code))]
    assert left == [fresh.code]
    again.close()


def test_a_store_that_cannot_be_reached_is_a_class_error(tmp_path: Any) -> None:
    with pytest.raises(ClassError, match="cannot be reached"):
        ClassStore.open(f"sqlite:///{tmp_path}/no/such/dir/class.db")
    with pytest.raises(ClassError, match="cannot be reached"):
        ClassStore.open(f"postgresql://postgres@/postgres?host={tmp_path}&connect_timeout=2")


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(tmp_path: Any) -> None:
    store = ClassStore.open(f"sqlite:///{tmp_path / 'c.db'}")
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 10000
    store.close()


def test_the_key_is_stored_only_as_a_hash(store: ClassStore) -> None:
    k = store.create_class(LESSON)
    with store.engine.connect() as conn:
        row = conn.execute(sa.select(classes).where(classes.c.code == k.code)).one()
    assert k.teacher_key not in str(tuple(row)) and len(row.key_hash) == 64


BROWSER = "b" * 24


def test_the_same_browser_is_the_same_pupil_after_a_reload_and_a_restart(db_url: str) -> None:
    first = ClassStore.open(db_url)
    k = first.create_class(LESSON)
    p = first.join(k.code, BROWSER)
    first.answer(k.code, p.id, QID, 0.4)
    again = first.join(k.code.lower(), BROWSER)  # a reload
    assert (again.id, again.name, again.again, dict(again.answers)) == (p.id, p.name, True, {QID: 0.4})
    first.close()
    restarted = ClassStore.open(db_url)  # the server (and every kernel) restarted
    back = restarted.join(k.code, BROWSER)
    assert (back.id, back.name, back.again) == (p.id, p.name, True)
    other = restarted.join(k.code, "c" * 24)
    assert other.id != p.id and not other.again
    r = restarted.results(k.code, k.teacher_key, QID)
    assert (r["pupils"], r["answers"]) == (2, [0.4])  # one guess, never counted twice
    restarted.close()


def test_a_removed_pupil_leaves_the_results_and_the_pool_and_cannot_come_back(store: ClassStore) -> None:
    k = store.create_class(LESSON)
    stuffer, honest = store.join(k.code, BROWSER), store.join(k.code, "h" * 24)
    store.answer(k.code, stuffer.id, QID, 0.95)
    store.answer(k.code, honest.id, QID, 0.4)
    store.add_trials(k.code, stuffer.id, QID, SEED, 0, {"safe": 5, "bust": 5})
    store.add_trials(k.code, honest.id, QID, SEED, 0, {"safe": 7, "bust": 3})
    assert [r["name"] for r in store.roster(k.code, k.teacher_key)] == sorted([stuffer.name, honest.name])
    store.remove_pupil(k.code, k.teacher_key, stuffer.name)
    r = store.results(k.code, k.teacher_key, QID)
    assert (r["pupils"], r["answers"], r["counts"], r["trials"]) == (1, [0.4], {"bust": 3, "safe": 7}, 10)
    assert store.poll(k.code, stuffer.id)["removed"]
    for call in (
        lambda: store.join(k.code, BROWSER),
        lambda: store.answer(k.code, stuffer.id, QID, 0.9),
        lambda: store.add_trials(k.code, stuffer.id, QID, SEED, 1, {"safe": 1}),
    ):
        with pytest.raises(ClassError, match="taken you out"):
            call()
    assert [row["name"] for row in store.roster(k.code, k.teacher_key)] == [honest.name]


def test_pacing_and_progress_reach_the_roster_and_the_polls(store: ClassStore) -> None:
    k = store.create_class(LESSON)
    p = store.join(k.code, BROWSER)
    store.set_state(k.code, k.teacher_key, {"question": QID, "step": 5, "paused": True, "seq": 1})
    assert store.poll(k.code, p.id)["state"] == {"paused": True, "question": QID, "seq": 1, "step": 5}
    store.report(k.code, p.id, {"step": 3, "section": "step", "tried": [1, 2], "right": [2]})
    (row,) = store.roster(k.code, k.teacher_key)
    assert row["progress"] == {"right": [2], "section": "step", "step": 3, "tried": [1, 2]}
    assert row["answered"] == [] and "id" not in row and p.id not in str(row)


def test_a_seed_and_batch_count_once_whatever_the_page_reloads(store: ClassStore) -> None:
    k = store.create_class(LESSON)
    p = store.join(k.code, BROWSER)
    assert store.add_trials(k.code, p.id, QID, 99, 0, {"safe": 10})
    assert not store.add_trials(k.code, p.id, QID, 99, 0, {"safe": 10})  # the reloaded page's same run
    assert store.add_trials(k.code, p.id, QID, 100, 0, {"safe": 10})  # a new seed drawn by the kernel
    assert store.results(k.code, k.teacher_key, QID)["trials"] == 20


def test_the_caps_hold_under_a_race_of_many_kernels(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """60 threads joining one class and creating classes at once (each its own connection) never pass the caps
    (on PostgreSQL a race once made 227 pupils of 200 and 522 classes of 500)."""
    import concurrent.futures

    from donkeylab.classroom import store as store_module

    monkeypatch.setattr(store_module, "MAX_PUPILS", 20)
    monkeypatch.setattr(store_module, "MAX_CLASSES", 10)
    stores = [ClassStore.open(db_url) for _ in range(6)]
    k = stores[0].create_class(LESSON)

    def join(i: int) -> str:
        try:
            return stores[i % 6].join(k.code).name
        except ClassError as exc:
            return exc.key

    def create(i: int) -> str:
        try:
            return stores[i % 6].create_class(LESSON).code
        except ClassError as exc:
            return exc.key

    with concurrent.futures.ThreadPoolExecutor(30) as pool:
        joined = list(pool.map(join, range(60)))
        made = list(pool.map(create, range(60)))
    assert sum(1 for j in joined if j != "full") == 20 and joined.count("full") == 40
    assert sum(1 for m in made if m != "too_many_classes") == 9  # 10 with the first
    with stores[0].engine.connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(classes)).scalar_one() == 10
    assert stores[0].results(k.code, k.teacher_key, QID)["pupils"] == 20
    for s in stores:
        s.close()


def test_a_version_1_database_is_made_anew(db_url: str) -> None:
    from donkeylab.classroom.schema import SCHEMA_VERSION, meta, metadata

    engine = sa.create_engine(db_url.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.begin() as conn:  # what release 1 left: its tables and version 1
        conn.exec_driver_sql("CREATE TABLE dl_class (code VARCHAR(8) PRIMARY KEY, lesson VARCHAR(40))")
        conn.exec_driver_sql("INSERT INTO dl_class VALUES ('ABCDEF', 'die_choice')")
        meta.create(conn)
        conn.execute(meta.insert().values(name="schema_version", value="1"))
    engine.dispose()
    store = ClassStore.open(db_url)
    k = store.create_class(LESSON, 25)
    assert store.about(k.code, k.teacher_key)["size"] == 25
    with store.engine.connect() as conn:
        assert conn.execute(sa.select(meta.c.value)).scalar_one() == str(SCHEMA_VERSION)
        assert [c for (c,) in conn.execute(sa.select(classes.c.code))] == [k.code]
    assert set(metadata.tables) >= {"dl_class", "dl_pupil", "dl_batch"}
    store.close()


def test_a_full_class_makes_room_by_dropping_ghosts_who_never_took_part(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """215 reloads once made 200 pupils who never left, and a real pupil was told the class is full."""
    from donkeylab.classroom import store as store_module

    monkeypatch.setattr(store_module, "MAX_PUPILS", 3)
    now = [1_000_000.0]
    store = ClassStore.open(db_url, clock=lambda: now[0])
    k = store.create_class(LESSON)
    guessed, ghost, reporting = store.join(k.code), store.join(k.code), store.join(k.code)
    store.answer(k.code, guessed.id, QID, 0.5)
    with pytest.raises(ClassError, match="full"):
        store.join(k.code)
    now[0] += store_module.GHOST_S + 1
    store.report(k.code, reporting.id, {"step": 2})  # still on the page
    newcomer = store.join(k.code)
    names = {r["name"] for r in store.roster(k.code, k.teacher_key)}
    assert names == {guessed.name, reporting.name, newcomer.name} and ghost.name not in names
    store.close()


def key(i: int, where: str = "") -> str:
    """Browser ``i``'s key as the server passes it: its cookie, then the tag of the address it came from."""
    return f"fresh-cookie-browser-{i:04d}" + (f".{where}" if where else "")


def test_one_address_brings_about_a_class_of_pupils_not_the_whole_cap(store: ClassStore) -> None:
    """189 fresh cookies from one address once filled a class of 200; a class of 30 behind one school router
    still joins, and another address is not touched by the first one's bound."""
    from donkeylab.classroom.store import address_cap

    k = store.create_class(LESSON, 30)
    nat, other = "0123456789abcdef", "fedcba9876543210"
    cap = address_cap(30)
    assert 30 < cap < 40
    joined = [store.join(k.code, key(i, nat)) for i in range(cap)]
    assert len({p.name for p in joined}) == cap  # the whole class behind one address, and some reloads
    for i in range(cap, cap + 3):
        with pytest.raises(ClassError, match="full"):
            store.join(k.code, key(i, nat))
    assert store.join(k.code, key(0, nat)).again  # a pupil already in comes back as themselves
    assert store.join(k.code, key(999, other))  # another address has its own bound
    assert store.results(k.code, k.teacher_key, QID)["pupils"] == cap + 1


def test_removing_a_pupil_frees_the_place_and_keeps_the_browser_out(
    store: ClassStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Taking 195 stuffed pupils out once freed no room: a removed pupil's place is free again."""
    from donkeylab.classroom import store as store_module

    monkeypatch.setattr(store_module, "MAX_PUPILS", 3)
    k = store.create_class(LESSON)
    stuffed = [store.join(k.code, key(i)) for i in range(3)]
    with pytest.raises(ClassError, match="full"):
        store.join(k.code, key(10))
    store.answer(k.code, stuffed[0].id, QID, 0.95)
    store.remove_pupil(k.code, k.teacher_key, stuffed[0].name)
    assert store.join(k.code, key(10))  # the place is free
    with pytest.raises(ClassError) as refused:
        store.join(k.code, key(0))
    assert refused.value.key == "removed"  # the removed browser stays out


def test_a_removed_browser_with_a_fresh_cookie_comes_back_only_within_its_addresss_share(store: ClassStore) -> None:
    """A pupil taken out cleared the cookie and came back as a new pupil with a new guess, again and again: the
    pupils taken out still count towards their address's share, so one address cannot cycle through removals."""
    from donkeylab.classroom.store import address_cap

    k = store.create_class(LESSON, 5)
    nat, other = "0123456789abcdef", "fedcba9876543210"
    cap = address_cap(5)
    stuffed = [store.join(k.code, key(i, nat)) for i in range(cap)]
    for pupil in stuffed[:2]:
        store.answer(k.code, pupil.id, QID, 0.95)
        store.remove_pupil(k.code, k.teacher_key, pupil.name)
    assert store.results(k.code, k.teacher_key, QID)["pupils"] == cap - 2  # the class's places are free
    for i in range(cap, cap + 3):  # fresh cookies from the same address: its share is spent
        with pytest.raises(ClassError, match="full"):
            store.join(k.code, key(i, nat))
    with pytest.raises(ClassError) as refused:
        store.join(k.code, key(0, nat))
    assert refused.value.key == "removed"  # the removed browser itself stays out
    assert store.join(k.code, key(2, nat)).again  # a pupil still in comes back as themselves
    assert not store.join(k.code, key(999, other)).again  # another address has its own share
    assert store.results(k.code, k.teacher_key, QID)["answered"] == 0


def test_the_teacher_sees_pupils_who_left_without_a_guess_and_takes_them_out(db_url: str) -> None:
    """Ghost pseudonyms stayed on the roster: the roster marks them, and taking them out frees their places
    (one who guessed, or whose page still reports, stays)."""
    from donkeylab.classroom import store as store_module

    now = [1_000_000.0]
    store = ClassStore.open(db_url, clock=lambda: now[0])
    k = store.create_class(LESSON)
    guessed, ghost, reporting = (store.join(k.code, key(i)) for i in range(3))
    store.answer(k.code, guessed.id, QID, 0.5)
    assert not any(r["ghost"] for r in store.roster(k.code, k.teacher_key))
    now[0] += store_module.QUIET_S + 1
    store.report(k.code, reporting.id, {"step": 2})
    marked = {r["name"]: r["ghost"] for r in store.roster(k.code, k.teacher_key)}
    assert marked == {guessed.name: False, ghost.name: True, reporting.name: False}
    assert store.remove_ghosts(k.code, k.teacher_key) == 1
    assert {r["name"] for r in store.roster(k.code, k.teacher_key)} == {guessed.name, reporting.name}
    assert not store.join(k.code, key(1)).again  # the ghost's browser comes back as a new pupil
    assert store.results(k.code, k.teacher_key, QID)["pupils"] == 3
    store.close()


def test_a_tab_opened_and_abandoned_is_not_counted_as_joined(db_url: str) -> None:
    """The teacher saw "5 joined" with 4 pupils: a page that stopped reporting without a guess is not counted,
    a pupil who guessed stays counted after their page has gone, and a page reporting again counts again."""
    from donkeylab.classroom import store as store_module

    now = [1_000_000.0]
    store = ClassStore.open(db_url, clock=lambda: now[0])
    k = store.create_class(LESSON)
    guessed, abandoned, reading = store.join(k.code), store.join(k.code), store.join(k.code)
    store.answer(k.code, guessed.id, QID, 0.5)
    assert store.results(k.code, k.teacher_key, QID)["pupils"] == 3
    now[0] += store_module.QUIET_S + 1
    store.report(k.code, reading.id, {"step": 2})
    assert store.results(k.code, k.teacher_key, QID)["pupils"] == 2  # the abandoned tab left the count
    store.report(k.code, abandoned.id, {"step": 1})  # it was only a phone asleep
    assert store.results(k.code, k.teacher_key, QID)["pupils"] == 3
    store.close()
