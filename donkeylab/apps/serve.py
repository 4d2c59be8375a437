"""Serving the gallery: the one command behind ``make app`` and ``donkeylab serve``.

The settings live in ``voila.json`` beside this file (a kernel cap, idle culling, no tracebacks for pupils,
only images served besides the apps, the tab-close beacon accepted, the plotly lab extension left out of every
page); ``donkeylab.apps.server`` is Voila with an allowlist of the app pages in front. This module finds the
app notebooks (the checkout's ``notebooks/apps`` or the copy inside an installed wheel) and adds what depends
on the call: port, address, limits and, for ``--public``, a token. SECURITY.md explains the choices.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import socket
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

CONFIG_DIR = Path(__file__).parent  # holds voila.json
_APP_DIRS = (Path(__file__).parent / "notebooks", Path(__file__).resolve().parents[2] / "notebooks" / "apps")
MIN_TOKEN = 16  # characters; a public server's token is the only thing between a stranger and its kernels
GALLERY = "/voila/render/index.ipynb"
MAX_POOL = 200  # preheated kernels for one app (each ~100 MB, started before the lesson)


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
    preheat: bool | Mapping[str, int] = False,
    orphan_grace: int | None = None,
) -> list[str]:
    """The server's command line.

    ``public`` binds every address and requires ``token`` (a random one if None); ``max_kernels`` and
    ``cull_idle`` (seconds) override voila.json; ``address`` replaces the bound address (tests bind a public
    server to 127.0.0.1); ``extra`` are further Voila/traitlets options. ``preheat=True`` keeps one kernel
    per app started in advance (``make app``: a teacher's first page ~3 s sooner); a mapping such as
    ``{"die_choice": 30}`` keeps that many for the lesson a teacher announces, and none for the others
    (a class arriving at once; it spends the pool, see ``CappedKernelManager``). Preheated kernels come on
    top of ``max_kernels`` (pupils' places). ``orphan_grace`` (seconds) is how long a served kernel lives
    without its page.
    """
    if not 1 <= port <= 65535:
        raise ValueError(f"port must be 1..65535, not {port}")
    if token is not None and not public:
        raise ValueError("--token only makes sense with --public")
    if token is not None and (len(token) < MIN_TOKEN or not token.isprintable() or " " in token):
        raise ValueError(f"a token needs at least {MIN_TOKEN} printable characters without spaces")
    for name, value in (("max kernels", max_kernels), ("cull idle", cull_idle), ("orphan grace", orphan_grace)):
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
    if isinstance(preheat, Mapping):
        cmd += [f"--VoilaKernelManager.kernel_pools_config={json.dumps(pool_config(preheat, folder))}"]
    if orphan_grace is not None:
        cmd.append(f"--CappedKernelManager.orphan_grace={orphan_grace}")
    if max_kernels is not None:
        cmd.append(f"--CappedKernelManager.max_kernels={max_kernels}")
    if cull_idle is not None:
        cmd += [
            f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
            f"--MappingKernelManager.cull_interval={min(60, cull_idle)}",
        ]
    return cmd + list(extra)


def pool_config(pools: Mapping[str, int], folder: Path) -> dict[str, Any]:
    """Voila's ``kernel_pools_config``: the named apps' pool sizes, no preheated kernel for the others."""
    config: dict[str, Any] = {"default": {"pool_size": 0}}
    for name, size in pools.items():
        notebook = name if name.endswith(".ipynb") else f"{name}.ipynb"
        if not (folder / notebook).is_file():
            raise ValueError(f"--preheat names no app: {name[:40]!r}")
        if not 0 <= size <= MAX_POOL:
            raise ValueError(f"--preheat {name[:40]}={size}: a pool holds 0 to {MAX_POOL} kernels")
        config[notebook] = {"pool_size": size}
    return config


def parse_pools(specs: Sequence[str]) -> bool | dict[str, int]:
    """``--preheat`` alone is one kernel per app (True); ``die_choice=30 index=5`` are pool sizes by app."""
    if not specs:
        return True
    pools: dict[str, int] = {}
    for spec in specs:
        name, sep, size = spec.partition("=")
        if not sep or not size.isdigit() or not name:
            raise ValueError(f"--preheat takes APP=N, e.g. die_choice=30, not {spec[:40]!r}")
        pools[name] = int(size)
    return pools


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
