"""Many client addresses on this machine: a network namespace whose end of a veth pair holds several addresses,
and a small client run inside it (``python -m tests.serving.crowd``) that holds sockets from each address or asks
for one URL. The server sees each address as another device (none is loopback, none is one of its own).

Needs root (the tests run as root here, as in CI); ``crowd`` yields None without it. The namespace and its link
are deleted after. Traffic stays on this machine.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import os
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=30)


@dataclass
class Crowd:
    """A namespace ``ns`` whose devices reach this machine at ``server_ip`` from ``addresses``."""

    ns: str
    server_ip: str
    addresses: list[str]

    def start(self, *args: str) -> subprocess.Popen[str]:
        """``python -m tests.serving.crowd ARGS`` inside the namespace; it holds what it opened until its stdin
        closes (``finish``)."""
        cmd = ["ip", "netns", "exec", self.ns, sys.executable, "-m", "tests.serving.crowd", *args]
        return subprocess.Popen(cmd, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, *args: str, timeout: float = 120) -> str:
        """Run one client in the namespace to its end; its output."""
        cmd = ["ip", "netns", "exec", self.ns, sys.executable, "-m", "tests.serving.crowd", *args]
        return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout, check=True).stdout


def finish(proc: subprocess.Popen[str]) -> str:
    out, _ = proc.communicate("", timeout=120)
    return out


@contextlib.contextmanager
def crowd(count: int) -> Iterator[Crowd | None]:
    """A namespace with ``count`` client addresses (10.233.N.2 …), or None where none can be made."""
    n = 20 + os.getpid() % 200
    ns, host_end, ns_end = f"dlcrowd{n}", f"vethdc{n}", f"dlc{n}"
    server_ip = f"10.233.{n}.1"
    addresses = [f"10.233.{n}.{2 + i}" for i in range(count)]
    made = os.geteuid() == 0
    try:
        if made:
            _ip("netns", "add", ns)
            _ip("link", "add", host_end, "type", "veth", "peer", "name", ns_end)
            _ip("link", "set", ns_end, "netns", ns)
            _ip("addr", "add", f"{server_ip}/24", "dev", host_end)
            _ip("link", "set", host_end, "up")
            for address in addresses:
                _ip("netns", "exec", ns, "ip", "addr", "add", f"{address}/24", "dev", ns_end)
            _ip("netns", "exec", ns, "ip", "link", "set", ns_end, "up")
            _ip("netns", "exec", ns, "ip", "link", "set", "lo", "up")
        yield Crowd(ns, server_ip, addresses) if made else None
    finally:
        if made:
            with contextlib.suppress(subprocess.CalledProcessError, OSError):
                _ip("link", "del", host_end)
            with contextlib.suppress(subprocess.CalledProcessError, OSError):
                _ip("netns", "del", ns)


def upgrade_request(path: str, host: str) -> bytes:
    key = base64.b64encode(secrets.token_bytes(16)).decode()
    lines = [f"GET {path} HTTP/1.1", f"Host: {host}", "Upgrade: websocket", "Connection: Upgrade"]
    lines += [f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13", "", ""]
    return "\r\n".join(lines).encode()


def hold(source: str, server: tuple[str, int], request: bytes, answer: bool) -> tuple[socket.socket | None, str]:
    """One socket from ``source`` that sent ``request``; with ``answer``, the status line it got."""
    s = socket.socket()
    try:
        s.bind((source, 0))
        s.settimeout(10 if answer else 3)
        s.connect(server)
        s.sendall(request)
        if not answer:
            return s, "sent"
        head = s.recv(8192).decode(errors="replace").split("\r\n\r\n", 1)[0].split("\r\n")
        status = head[0].split(" ")[1] if " " in head[0] else "closed"
        cookies = [
            line.split(":", 1)[1].split(";", 1)[0].strip() for line in head if line.lower().startswith("set-cookie:")
        ]
        return s, " ".join([status, *cookies])
    except OSError as err:
        s.close()
        return None, type(err).__name__


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=("websockets", "half-open", "get"))
    parser.add_argument("server")  # IP:PORT
    parser.add_argument("--path", default="/")
    parser.add_argument("--sources", nargs="+", required=True)
    parser.add_argument("--each", type=int, default=1)
    parser.add_argument("--cookie", default="")
    args = parser.parse_args()
    ip, port = args.server.rsplit(":", 1)
    server = (ip, int(port))
    if args.mode == "get":
        start = time.monotonic()
        cookie = f"Cookie: {args.cookie}\r\n" if args.cookie else ""
        request = f"GET {args.path} HTTP/1.0\r\nHost: {args.server}\r\n{cookie}\r\n".encode()
        _, answer_line = hold(args.sources[0], server, request, True)
        status, *cookies = answer_line.split(" ")
        print(status, f"{time.monotonic() - start:.2f}", *cookies, flush=True)
        return
    if args.mode == "websockets":
        request, answer = upgrade_request(args.path, args.server), True
    else:
        request, answer = f"GET {args.path} HTTP/1.1\r\nHost: {args.server}\r\nX-Never: ends\r\n".encode(), False
    jobs = [source for source in args.sources for _ in range(args.each)]
    with ThreadPoolExecutor(64) as pool:
        results = list(pool.map(lambda source: hold(source, server, request, answer), jobs))
    statuses: dict[str, int] = {}
    for _, status in results:
        statuses[status] = statuses.get(status, 0) + 1
    print(" ".join(f"{k}={v}" for k, v in sorted(statuses.items())), flush=True)
    sys.stdin.read()  # hold them until told
    for s, _ in results:
        if s is not None:
            s.close()


if __name__ == "__main__":
    main()
