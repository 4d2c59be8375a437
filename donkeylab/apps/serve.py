"""Serving the gallery: the one Voila command behind ``make app`` and ``donkeylab serve``.

The settings live in ``voila.json`` beside this file (preheated kernels, idle culling, no tracebacks for
pupils, only images served besides the apps, the plotly lab extension left out of every page); this module
finds the app notebooks (the checkout's ``notebooks/apps`` or the copy inside an installed wheel) and adds
what depends on the call: port, address and, for ``--public``, a token.
"""

from __future__ import annotations

import secrets
import sys
from pathlib import Path

CONFIG_DIR = Path(__file__).parent  # holds voila.json
_APP_DIRS = (Path(__file__).parent / "notebooks", Path(__file__).resolve().parents[2] / "notebooks" / "apps")


def apps_dir() -> Path:
    """The folder of app notebooks: inside the installed package, else the source checkout."""
    for folder in _APP_DIRS:
        if (folder / "index.ipynb").is_file():
            return folder
    raise FileNotFoundError(f"no app notebooks in {_APP_DIRS[0]} or {_APP_DIRS[1]}")


def voila_command(
    port: int = 8866, folder: Path | None = None, public: bool = False, token: str | None = None
) -> list[str]:
    """The Voila command line; ``public`` binds every address and requires ``token`` (made up if None)."""
    if not 1 <= port <= 65535:
        raise ValueError(f"port must be 1..65535, not {port}")
    folder = folder or apps_dir()
    cmd = [
        sys.executable,
        "-m",
        "voila",
        str(folder),
        "--no-browser",
        f"--port={port}",
        f"--Voila.config_file_paths={[str(CONFIG_DIR)]!r}".replace("'", '"'),
    ]
    if public:
        cmd += ["--Voila.ip=0.0.0.0", f"--token={token or secrets.token_urlsafe(16)}"]
    else:
        cmd += ["--Voila.ip=127.0.0.1"]
    return cmd


def token_of(cmd: list[str]) -> str | None:
    for part in cmd:
        if part.startswith("--token="):
            return part.split("=", 1)[1]
    return None
