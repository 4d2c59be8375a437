"""A throwaway PostgreSQL cluster on a Unix socket in a temp dir: no service, no TCP, no password.

``initdb`` refuses to run as root, so as root both ``initdb`` and ``pg_ctl`` run as an unprivileged user
(``postgres`` when Debian's package made it, else ``nobody``) through ``runuser``, in a directory that user
owns. ``pg_ctl`` gets a log file and no captured pipe: the server inherits its stdout, and a captured pipe
would keep ``subprocess.run`` waiting for the server to exit. Used by the store tests, the load test and
``benchmarks/classroom.py``.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path


def binaries() -> Path | None:
    """The newest ``/usr/lib/postgresql/<v>/bin`` with ``initdb`` and ``pg_ctl`` (Debian's layout), or the
    directory of an ``initdb`` on PATH."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


def _as_user() -> tuple[list[str], str | None]:
    """The command prefix that drops root, and the user it drops to (nothing to drop for a normal user)."""
    if os.geteuid() != 0:
        return [], None
    for user in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            pwd.getpwnam(user)
            return ["runuser", "-u", user, "--"], user
    raise RuntimeError("running as root with neither a 'postgres' nor a 'nobody' user: initdb cannot run")


@contextlib.contextmanager
def cluster() -> Iterator[str]:
    """Start a cluster, yield its SQLAlchemy URL (database ``postgres`` over the socket), stop and delete it."""
    bin_dir = binaries()
    if bin_dir is None:
        raise RuntimeError("PostgreSQL is not installed: run 'make test' as root or 'apt-get install postgresql'")
    prefix, user = _as_user()
    top = Path(tempfile.mkdtemp(prefix="dl-pg-", dir="/tmp"))  # short: a socket path has at most 107 bytes
    data, log = top / "data", top / "server.log"
    if user is not None:
        entry = pwd.getpwnam(user)
        os.chown(top, entry.pw_uid, entry.pw_gid)
    os.chmod(top, 0o755)
    run = [*prefix, str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(log), "-w", "-t", "60"]
    try:
        subprocess.run(
            [*prefix, str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8"],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=top,
            timeout=120,
        )
        options = f"-k {top} -c listen_addresses='' -c fsync=off -c max_connections=200"
        started = subprocess.run([*run, "-o", options, "start"], cwd=top, timeout=90, stdout=subprocess.DEVNULL)
        if started.returncode != 0:
            raise RuntimeError(f"pg_ctl start failed: {log.read_text(errors='replace')[-2000:]}")
        yield f"postgresql+psycopg://postgres@/postgres?host={top}"
    finally:
        if (data / "postmaster.pid").exists():
            subprocess.run([*run, "-m", "fast", "stop"], cwd=top, timeout=90, stdout=subprocess.DEVNULL)
        shutil.rmtree(top, ignore_errors=True)
