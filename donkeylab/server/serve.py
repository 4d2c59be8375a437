"""Serving the gallery: the one command behind ``make app`` and ``donkeylab serve``.

The settings live in ``voila.json`` beside this file (a kernel cap, idle culling, no tracebacks for pupils,
only images served besides the apps, the tab-close beacon accepted, the plotly lab extension left out of every
page); ``donkeylab.server.server`` is Voila with an allowlist of the app pages in front. This module finds the
app notebooks (the checkout's ``notebooks/apps`` or the copy inside an installed wheel) and adds what depends
on the call: port, address, limits and, for ``--public``, a token. SECURITY.md explains the choices.
"""

from __future__ import annotations

import contextlib
import json
import re
import secrets
import socket
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

CONFIG_DIR = Path(__file__).parent  # holds voila.json
_APP_DIRS = (
    Path(__file__).parents[1] / "apps" / "notebooks",
    Path(__file__).resolve().parents[2] / "notebooks" / "apps",
)
MIN_TOKEN = 16  # characters; a public server's token is the only thing between a stranger and its kernels
GALLERY = "/voila/render/index.ipynb"
CLASS_MODE = "/voila/render/class_mode.ipynb"
HOST_NAME = re.compile(r"(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?")  # a DNS name, no port
MAX_POOL = 200  # preheated kernels for one app (each a whole kernel's memory, started before the lesson)


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
    host_names: Sequence[str] = (),
) -> list[str]:
    """The server's command line.

    ``public`` binds every address and requires ``token`` (a random one if None); ``max_kernels`` and
    ``cull_idle`` (seconds) override voila.json; ``address`` replaces the bound address (tests bind a public
    server to 127.0.0.1); ``extra`` are further Voila/traitlets options. ``preheat=True`` keeps one kernel
    per app started in advance (``make app``: a teacher's first page skips a kernel's start); a mapping such as
    ``{"die_choice": 30}`` keeps that many for the lesson a teacher announces, and none for the others
    (a class arriving at once; it spends the pool, see ``CappedKernelManager``). Preheated kernels come on
    top of ``max_kernels`` (pupils' places). ``orphan_grace`` (seconds) is how long a served kernel lives
    without its page. ``host_names`` are names the server answers to besides its addresses and this
    machine's names (``host_guard``).
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
        "donkeylab.server.server",
        str(folder),
        "--no-browser",
        f"--port={port}",
        f"--Voila.config_file_paths={[str(CONFIG_DIR)]!r}".replace("'", '"'),
        f"--Voila.ip={address or ('0.0.0.0' if public else '127.0.0.1')}",
    ]
    if public:
        cmd.append(f"--token={token or secrets.token_urlsafe(24)}")
    # Preheating is always on, with no kernel in advance unless asked: starting a class warms its lesson for
    # the class size at that moment (``CappedKernelManager.warm``), which needs Voila's pools.
    cmd += [
        "--VoilaConfiguration.preheat_kernel=True",
        f"--VoilaConfiguration.default_pool_size={int(preheat is True)}",
    ]
    if isinstance(preheat, Mapping):
        cmd += [f"--VoilaKernelManager.kernel_pools_config={json.dumps(pool_config(preheat, folder))}"]
    for name in host_names:
        if not HOST_NAME.fullmatch(name):
            raise ValueError(f"--host-name takes a DNS name, not {name[:40]!r}")
    if host_names:
        cmd.append(f"--ClassroomVoila.host_names={json.dumps(list(host_names))}")
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


def banner(port: int, token: str | None, dry_run: bool = False) -> str:
    """What ``donkeylab serve`` prints: where pupils join and where the teacher opens class mode.

    Addresses are IP addresses of this machine's network interfaces (a tablet often cannot resolve a host
    name); the token is the teacher's, so it stands only in the teacher's own links."""
    verb = "would serve" if dry_run else "serving"
    mode = f"{CLASS_MODE}?lang=en"
    if token is None:
        return "\n".join(
            [
                f"{verb} on this machine only, port {port}: pupils' devices cannot reach it",
                f"  the gallery:  http://127.0.0.1:{port}{GALLERY}",
                f"  class mode:   http://127.0.0.1:{port}{mode}",
                "  (for a class on pupils' own devices, start it with: donkeylab serve --class)",
            ]
        )
    hosts = [host_in_url(ip) for ip in lan_addresses()] or ["127.0.0.1"]
    lines = [
        f"{verb} a class on every address of this computer, port {port}",
        f"  pupils open:  http://{hosts[0]}:{port}/   then type the class code (or scan its QR code)",
        f"  you, on this computer:  http://127.0.0.1:{port}{mode}",
        f"  you, on another device:  http://{hosts[0]}:{port}{mode}&token={token}",
        "  (the token is yours, not the pupils': they need only the class code)",
    ]
    if len(hosts) > 1:
        lines.append("  other addresses of this computer: " + ", ".join(hosts[1:]))
    return "\n".join(lines)


VIRTUAL = ("docker", "br-", "veth", "virbr", "lxc", "cni", "flannel", "tailscale", "zt", "tun", "tap", "wg")


def lan_addresses() -> list[str]:
    """This machine's network addresses that pupils' devices can reach, best first: IP addresses (a school
    tablet often cannot resolve the machine's name), never loopback or link-local; virtual interfaces
    (containers, VPNs) last; first the address the default route leaves from (the network the laptop normally
    uses: a trial's QR code named a second adapter's address, the smaller one), then IPv4 before IPv6 and
    private networks (a classroom's Wi-Fi) before others."""
    import ipaddress

    routed = _route_address()
    found: list[tuple[tuple[int, int, int, int], str]] = []
    for name, ip in _interface_addresses():
        try:
            addr = ipaddress.ip_address(ip.split("%")[0])
        except ValueError:
            continue
        if addr.is_loopback or addr.is_link_local or addr.is_multicast or addr.is_unspecified:
            continue
        virtual, elsewhere = name.startswith(VIRTUAL), str(addr) != routed
        rank = (int(virtual), int(elsewhere), int(addr.version == 6), int(not addr.is_private))
        found.append((rank, str(addr)))
    return list(dict.fromkeys(ip for _, ip in sorted(found)))


def _interface_addresses() -> list[tuple[str, str]]:
    """(interface, address) pairs: psutil's list (ipykernel brings psutil), else the address of the default
    route's interface as the system would choose it."""
    try:
        import psutil  # type: ignore[import-untyped]

        return [
            (name, a.address)
            for name, addrs in psutil.net_if_addrs().items()
            for a in addrs
            if a.family in (socket.AF_INET, socket.AF_INET6)
        ]
    except ImportError:
        routed = _route_address()
        return [("", routed)] if routed else []


def _route_address() -> str | None:
    """The IPv4 address the default route leaves from, as the system would choose it (None: no route)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the route
        return str(probe.getsockname()[0])
    return None


def host_in_url(ip: str) -> str:
    """An address as a URL's host: IPv6 in brackets."""
    return f"[{ip}]" if ":" in ip else ip
