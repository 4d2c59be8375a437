"""The names a class server answers to (``apps/host_guard.py``) and the reconnect log (``connection.ReconnectLog``),
without a server; ``test_attacks_round3.py`` checks both against the live one."""

from __future__ import annotations

import logging
import socket

import pytest
from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine

from donkeylab.server.connection import ReconnectLog
from donkeylab.server.host_guard import OwnNames, refusal

NAMES = OwnNames(["class.example.org"])


def request(method: str = "GET", **headers: str) -> HTTPServerRequest:
    fields = HTTPHeaders({k.replace("_", "-"): v for k, v in headers.items()})
    return HTTPServerRequest(headers=fields, start_line=RequestStartLine(method, "/", "HTTP/1.1"))


@pytest.mark.parametrize(
    "host",
    [
        "127.0.0.1:8866",
        "10.231.20.1:9000",
        "[::1]:8866",
        "[fe80::1]",
        "localhost:8866",
        "LOCALHOST",
        "teacher.localhost:1",
        f"{socket.gethostname()}:8866",
        "class.example.org",
        "class.example.org:443",
    ],
)
def test_its_own_addresses_and_names_pass(host: str) -> None:
    assert refusal(request(Host=host), NAMES) == 0


@pytest.mark.parametrize("host", ["rebind.evil:9200", "", "127.0.0.1.evil", "localhost.evil", "x" * 300, "example.org"])
def test_any_other_name_is_misdirected(host: str) -> None:
    assert refusal(request(Host=host), NAMES) == 421


def test_an_origin_of_another_name_is_refused_and_null_only_on_sockets_and_posts() -> None:
    assert refusal(request(Host="127.0.0.1:1", Origin="http://rebind.evil:9200"), NAMES) == 403
    assert refusal(request(Host="127.0.0.1:1", Origin="http://127.0.0.1:1"), NAMES) == 0
    assert refusal(request(Host="127.0.0.1:1", Origin="http://user@rebind.evil"), NAMES) == 403
    assert refusal(request("POST", Host="127.0.0.1:1", Origin="null"), NAMES) == 403
    assert refusal(request(Host="127.0.0.1:1", Origin="null", Upgrade="websocket"), NAMES) == 403
    assert refusal(request(Host="127.0.0.1:1", Origin="null"), NAMES) == 0


def test_reconnect_lines_pass_once_per_kernel_and_window_then_with_a_count() -> None:
    quiet = ReconnectLog(window=60)
    kernel = "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"

    def line(text: str) -> logging.LogRecord:
        return logging.LogRecord("ClassroomVoila", logging.INFO, __file__, 1, text, (), None)

    passed = [quiet.filter(line(f"Connecting to kernel {kernel}.")) for _ in range(150)]
    assert passed.count(True) == 1 and passed[0]
    assert quiet.filter(line("Connecting to kernel 00000000-0000-0000-0000-000000000000."))  # another kernel
    assert quiet.filter(line("refusing a page: 40 of 40 places in use"))  # not a reconnect line
    quiet.seen[("Connecting to kernel", kernel)][0] -= 61  # a minute later
    later = line(f"Connecting to kernel {kernel}.")
    assert quiet.filter(later) and "149 more such lines" in later.getMessage()
