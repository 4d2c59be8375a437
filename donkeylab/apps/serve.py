"""Serving the gallery: the one command behind ``make app`` and ``donkeylab serve``.

The settings live in ``voila.json`` beside this file (a kernel cap, idle culling, no tracebacks for pupils,
only images served besides the apps, the tab-close beacon accepted, the plotly lab extension left out of every
page); ``donkeylab.apps.server`` is Voila with an allowlist of the app pages in front. This module finds the
app notebooks (the checkout's ``notebooks/apps`` or the copy inside an installed wheel) and adds what depends
on the call: port, address, limits and, for ``--public``, a token. SECURITY.md explains the choices.
"""

from __future__ import annotations

import contextlib
import secrets
import socket
import sys
from collections.abc import Sequence
from pathlib import Path

CONFIG_DIR = Path(__file__).parent  # holds voila.json
_APP_DIRS = (Path(__file__).parent / "notebooks", Path(__file__).resolve().parents[2] / "notebooks" / "apps")
MIN_TOKEN = 16  # characters; a public server's token is the only thing between a stranger and its kernels
GALLERY = "/voila/render/index.ipynb"


def apps_dir() -> Path:
    """The folder of app notebooks: inside the installed package, else the source checkout."""
    for folder in _APP_DIRS:
        if (folder / "index.ipynb").is_file():
            return folder
    raise FileNotFoundError(f"no app notebooks in {_APP_DIRS[0]} or {_APP_DIRS[1]}")


def voila_command(
    port: int = 8866,
    folder: Path | None = None,
    public: bool = False,
    token: str | None = None,
    *,
    max_kernels: int | None = None,
    cull_idle: int | None = None,
    address: str | None = None,
    extra: Sequence[str] = (),
    preheat: bool = False,
) -> list[str]:
    """The server's command line.

    ``public`` binds every address and requires ``token`` (a random one if None); ``max_kernels`` and
    ``cull_idle`` (seconds) override voila.json; ``address`` replaces the bound address (tests bind a public
    server to 127.0.0.1); ``extra`` are further Voila/traitlets options. ``preheat`` keeps one kernel per
    app started in advance (``make app``: a teacher's first page ~3 s sooner; off for a class, see SECURITY.md);
    the apps read their query string through ``voila.utils.get_query_string``, which works either way.
    """
    if not 1 <= port <= 65535:
        raise ValueError(f"port must be 1..65535, not {port}")
    if token is not None and not public:
        raise ValueError("--token only makes sense with --public")
    if token is not None and (len(token) < MIN_TOKEN or not token.isprintable() or " " in token):
        raise ValueError(f"a token needs at least {MIN_TOKEN} printable characters without spaces")
    for name, value in (("max kernels", max_kernels), ("cull idle", cull_idle)):
        if value is not None and value < 1:
            raise ValueError(f"{name} must be at least 1, not {value}")
    folder = folder or apps_dir()
    cmd = [
        sys.executable,
        "-m",
        "donkeylab.apps.server",
        str(folder),
        "--no-browser",
        f"--port={port}",
        f"--Voila.config_file_paths={[str(CONFIG_DIR)]!r}".replace("'", '"'),
        f"--Voila.ip={address or ('0.0.0.0' if public else '127.0.0.1')}",
    ]
    if public:
        cmd.append(f"--token={token or secrets.token_urlsafe(24)}")
    if preheat:
        cmd += ["--VoilaConfiguration.preheat_kernel=True", "--VoilaConfiguration.default_pool_size=1"]
    if max_kernels is not None:
        cmd.append(f"--CappedKernelManager.max_kernels={max_kernels}")
    if cull_idle is not None:
        cmd += [
            f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
            f"--MappingKernelManager.cull_interval={min(60, cull_idle)}",
        ]
    return cmd + list(extra)


def token_of(cmd: Sequence[str]) -> str | None:
    for part in cmd:
        if part.startswith("--token="):
            return part.split("=", 1)[1]
    return None


def page_urls(port: int, token: str | None) -> list[str]:
    """Where pupils open the gallery: this machine's network addresses (public), else 127.0.0.1."""
    query = f"?token={token}" if token else ""
    if token is None:
        return [f"http://127.0.0.1:{port}{GALLERY}"]
    hosts = [socket.gethostname()]
    with contextlib.suppress(OSError):  # no name service: the host name alone is still a hint
        hosts += [ip for ip in socket.gethostbyname_ex(hosts[0])[2] if not ip.startswith("127.")]
    return [f"http://{host}:{port}{GALLERY}{query}" for host in dict.fromkeys(hosts)]
