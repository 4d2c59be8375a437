"""A pupil's device on another address: a network namespace with a veth pair to this machine, and a Chromium
that runs inside it.

A browser in the namespace cannot reach this machine's 127.0.0.1, as a tablet cannot reach the teacher's: it
reaches the server only at this machine's network address, through the veth pair (a default route points at
the host's end), and the server sees a client address that is not loopback. Needs root (the tests run as
root here, as in CI); without it the tests open the pupils' pages at this machine's network address from the
machine itself, which the server also sees as another device. The namespace and its link are deleted after.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=30)


@contextlib.contextmanager
def pupil_device(folder: Path, chromium: str) -> Iterator[Path | None]:
    """A Chromium wrapper that runs ``chromium`` in a fresh network namespace, or None where none can be made."""
    n = 20 + os.getpid() % 200  # one namespace per test process: parallel workers never share a name
    # the host's end is named as a virtual interface ("veth…"): ``serve.lan_addresses`` ranks it last, so a server
    # started meanwhile by another test (a class restarted) never hands out its address, gone at this test's end
    ns, host_end, ns_end = f"dlpupil{n}", f"vethdl{n}", f"dlp{n}"
    wrapper = _made(folder, chromium, n, ns, host_end, ns_end)
    try:
        yield wrapper
    finally:
        with contextlib.suppress(subprocess.CalledProcessError, OSError):
            _ip("link", "del", host_end)
        with contextlib.suppress(subprocess.CalledProcessError, OSError):
            _ip("netns", "del", ns)


def _made(folder: Path, chromium: str, n: int, ns: str, host_end: str, ns_end: str) -> Path | None:
    if os.geteuid() != 0 or shutil.which("ip") is None:
        return None
    host, pupil = f"10.231.{n}.1", f"10.231.{n}.2"
    try:
        _ip("netns", "add", ns)
        _ip("link", "add", host_end, "type", "veth", "peer", "name", ns_end)
        _ip("link", "set", ns_end, "netns", ns)
        _ip("addr", "add", f"{host}/30", "dev", host_end)
        _ip("link", "set", host_end, "up")
        _ip("netns", "exec", ns, "ip", "addr", "add", f"{pupil}/30", "dev", ns_end)
        _ip("netns", "exec", ns, "ip", "link", "set", ns_end, "up")
        _ip("netns", "exec", ns, "ip", "link", "set", "lo", "up")
        _ip("netns", "exec", ns, "ip", "route", "add", "default", "via", host)
    except (subprocess.CalledProcessError, OSError):
        return None  # a sandbox without namespaces: the pupils use this machine's network address
    wrapper = folder / "chromium-in-namespace"
    wrapper.write_text(f'#!/bin/sh\nexec ip netns exec {ns} {chromium} "$@"\n')
    wrapper.chmod(0o755)
    return wrapper
