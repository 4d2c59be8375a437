"""Where class mode keeps its files on the serving machine, without SQLAlchemy: the teacher keys file is found
from here by pages that never open the store (and on the static site, which ships no SQLAlchemy)."""

from __future__ import annotations

import os
from pathlib import Path


def default_url() -> str:
    """``$DONKEYLAB_CLASS_DB`` (a URL or a file path), else ``class.db`` in the user's data directory."""
    given = os.environ.get("DONKEYLAB_CLASS_DB", "").strip()
    if given:
        return given if "://" in given else f"sqlite:///{Path(given).expanduser().resolve()}"
    return f"sqlite:///{data_dir() / 'class.db'}"


def data_dir() -> Path:
    """``$XDG_DATA_HOME/donkeylab`` (``~/.local/share/donkeylab``), made when missing."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "donkeylab"
    base.mkdir(parents=True, exist_ok=True)
    return base
