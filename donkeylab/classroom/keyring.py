"""The teacher keys of the classes started on this machine, in a file only the server's user can read.

A class's teacher key is what lets a dashboard read the guesses, reveal and end the class. It never travels in
a link (``?class=…&key=…``): on a projector without a clipboard such a link opens in a new tab, on the screen
the class reads, and reopening the dashboard would put the key in the address bar. So no key ever reaches a
browser: the kernel that starts a class writes its key here, and the class-mode page, which the
server serves only to the teacher (this machine, or the server's token), reads it back to reopen a running
class. A pupil's kernel runs the same code as the same user, but a pupil cannot run code, and no pupil page
reads this file.

The file is JSON, mode 0600, written whole to a temporary file and renamed (two teacher tabs never leave a
half-written file), with a lock around each read-modify-write. Classes that ended or expired are dropped.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from donkeylab.classroom import names, places

ENV = "DONKEYLAB_TEACHER_KEYS"
EXPIRY_S = 24 * 3600


def path() -> Path:
    """``$DONKEYLAB_TEACHER_KEYS``, else beside the SQLite class store when it is a file, else the data dir."""
    given = os.environ.get(ENV, "").strip()
    if given:
        return Path(given).expanduser()
    url = places.default_url()
    if url.startswith("sqlite:///"):
        return Path(url.removeprefix("sqlite:///")).with_name("teacher-keys.json")
    return places.data_dir() / "teacher-keys.json"


@contextlib.contextmanager
def _locked(file: Path) -> Iterator[None]:
    import fcntl  # the serving machine's (POSIX); never imported where no key is kept (the static site)

    file.parent.mkdir(parents=True, exist_ok=True)
    with open(file.with_suffix(".lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def _read(file: Path) -> dict[str, dict[str, Any]]:
    try:
        data = json.loads(file.read_text())
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {
        code: entry
        for code, entry in data.items()
        if names.clean_code(code) == code
        and isinstance(entry, dict)
        and isinstance(entry.get("key"), str)
        and isinstance(entry.get("lesson"), str)
        and isinstance(entry.get("created"), (int, float))
    }


def _write(file: Path, data: dict[str, dict[str, Any]]) -> None:
    tmp = file.with_name(f".{file.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        json.dump(data, out, sort_keys=True)
    os.replace(tmp, file)


def remember(code: str, key: str, lesson: str, size: int, now: float | None = None) -> None:
    """Keep a new class's key (the kernel that started it calls this)."""
    file = path()
    with _locked(file):
        data = _fresh(_read(file), now)
        data[code] = {"key": key, "lesson": lesson, "size": size, "created": time.time() if now is None else now}
        _write(file, data)


def forget(code: str) -> None:
    """Drop a class's key (it ended, or the store no longer knows it)."""
    file = path()
    with _locked(file):
        data = _read(file)
        if data.pop(code, None) is not None:
            _write(file, data)


def key_of(code: str) -> str | None:
    """The teacher key of class ``code`` started on this machine, or None."""
    entry = _fresh(_read(path())).get(code)
    return None if entry is None else str(entry["key"])


def running(now: float | None = None) -> list[dict[str, Any]]:
    """The classes started on this machine that have not expired, newest first: code, lesson, size, created."""
    data = _fresh(_read(path()), now)
    rows = [{"code": code, **{k: v for k, v in entry.items() if k != "key"}} for code, entry in data.items()]
    return sorted(rows, key=lambda r: -float(r["created"]))


def _fresh(data: dict[str, dict[str, Any]], now: float | None = None) -> dict[str, dict[str, Any]]:
    now = time.time() if now is None else now
    return {code: entry for code, entry in data.items() if float(entry["created"]) >= now - EXPIRY_S}
