"""The server's list of open classes (``ClassGate``): read from the store at most every few seconds, yet a class
started a moment ago is known at its pupils' first scan (a full test run caught the join box answering "No class
with the code" for a class made within the list's 3 s)."""

from __future__ import annotations

from pathlib import Path

from donkeylab.classroom import ClassStore
from donkeylab.server.class_gate import RECHECK_S, REFRESH_S, ClassGate


def test_a_class_started_after_the_last_read_is_known_at_the_first_try(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'class.db'}"
    gate = ClassGate(url)
    assert gate.open_classes() == {}  # read now: the list is fresh for REFRESH_S
    store = ClassStore.open(url)
    made = store.create_class("doublet_penalties")
    gate._read -= RECHECK_S  # a second later, still well inside REFRESH_S
    assert RECHECK_S < REFRESH_S
    assert gate.lesson_of(made.code.lower()) == "doublet_penalties"
    store.close()


def test_guessed_codes_read_the_store_at_most_once_a_second(tmp_path: Path) -> None:
    gate = ClassGate(f"sqlite:///{tmp_path / 'class.db'}")
    gate.open_classes()
    reads = []
    real = gate._store.open_classes
    gate._store.open_classes = lambda: reads.append(1) or real()  # type: ignore[method-assign]
    for _ in range(50):
        assert gate.lesson_of("ZZZZZZ") is None
    assert reads == []  # the list was read a moment ago: a guess reads nothing
    gate._read -= RECHECK_S
    for _ in range(50):
        assert gate.lesson_of("ZZZZZZ") is None
    assert reads == [1]
