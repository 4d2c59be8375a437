"""The class store a pupil's page opens, opened ahead by a kernel warmed for a class.

Opening the store costs a kernel about a quarter of a CPU-second: SQLAlchemy's import, the engine, the schema
check and the purge of expired classes. Done when the pupil arrives, thirty pupils who scan at the same instant
pay it thirty times on the server's cores while they wait. A kernel warmed for a class opens it while it waits
(``open_ahead``), so the pupil's join only reads and writes its own rows (``open_store``). The store module is
imported here, not at the top: the static site has no SQLAlchemy.
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

from donkeylab.classroom import ClassError, places

if TYPE_CHECKING:
    from donkeylab.classroom.store import ClassStore

log = logging.getLogger(__name__)
_lock = threading.Lock()
_ahead: tuple[str | None, ClassStore] | None = None


def _connect(url: str | None) -> ClassStore:
    from donkeylab.classroom.store import ClassStore

    return ClassStore.open(url)


def open_ahead(url: str | None = None) -> bool:
    """Open the store for the one pupil this kernel will serve; False (nothing held) when it cannot be reached:
    the pupil's own open will try again and say so."""
    global _ahead
    try:
        store = _connect(url)
    except (ClassError, ImportError):  # down, or a Python without SQLAlchemy
        log.info("the class store could not be opened ahead: the pupil's page will try again")
        return False
    with _lock:
        held, _ahead = _ahead, (_where(url), store)
    if held is not None:
        held[1].close()
    return True


def open_store(url: str | None = None) -> ClassStore:
    """The store opened ahead for ``url``, handed over once; otherwise a new one (``ClassStore.open``)."""
    global _ahead
    with _lock:
        held, _ahead = _ahead, None
    if held is not None:
        if held[0] == _where(url):
            return held[1]
        held[1].close()
    return _connect(url)


def _where(url: str | None) -> str:
    """The database ``url`` names, the default one (``$DONKEYLAB_CLASS_DB``) resolved now: a store opened ahead
    for one database is never handed to a page that asks for another."""
    return url or places.default_url()
