"""``donkeylab serve`` builds a safe command: loopback by default, a token for --public, limits that hold."""

from __future__ import annotations

import json
import re
import socket
from pathlib import Path

import pytest

from donkeylab.cli import main
from donkeylab.core import CATALOGUE
from donkeylab.server.kernels import CappedKernelManager
from donkeylab.server.serve import CONFIG_DIR, MIN_TOKEN, lan_addresses, token_of, voila_command
from donkeylab.server.server import app_notebooks, guard_rules, server_full_page


def dry_run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["serve", "--dry-run", *args]) == 0
    return capsys.readouterr().out


def test_the_default_listens_on_this_machine_only(capsys: pytest.CaptureFixture[str]) -> None:
    out = dry_run(capsys, "--port", "9001")
    assert "-m donkeylab.server.server" in out and "--port=9001" in out
    assert "--Voila.ip=127.0.0.1" in out and "0.0.0.0" not in out and "--token" not in out
    assert "http://127.0.0.1:9001/voila/render/index.ipynb" in out
    assert "pupils' devices cannot reach it" in out and "donkeylab serve --class" in out


@pytest.mark.parametrize("flag", ["--class", "--public"])
def test_a_class_server_prints_the_address_pupils_open_and_the_teachers_token(
    capsys: pytest.CaptureFixture[str], flag: str
) -> None:
    """An IP address of this machine's network (never 127.0.0.1, never a host name a tablet cannot resolve),
    the teacher's link on this machine without a token, and the token only in the teacher's own link."""
    out = dry_run(capsys, flag, "--port", "9002")
    token = re.search(r"--token=(\S+)", out)
    assert token and len(token.group(1)) >= MIN_TOKEN and "--Voila.ip=0.0.0.0" in out
    address = lan_addresses()[0]
    pupils = next(line for line in out.splitlines() if "pupils open" in line)
    assert f"http://{address}:9002/" in pupils and token.group(1) not in pupils
    assert socket.gethostname() not in pupils and "127.0.0.1" not in pupils
    assert "http://127.0.0.1:9002/voila/render/class_mode.ipynb" in out
    assert f"http://{address}:9002/voila/render/class_mode.ipynb?lang=en&token={token.group(1)}" in out
    assert token.group(1) not in dry_run(capsys, flag)  # a new one each time


def test_a_class_server_keeps_a_given_token(capsys: pytest.CaptureFixture[str]) -> None:
    out = dry_run(capsys, "--class", "--token", "a-token-for-class-7b")
    assert "--token=a-token-for-class-7b" in out and "&token=a-token-for-class-7b" in out


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["--public", "--token", "short"], "at least 16"),
        (["--public", "--token", ""], "at least 16"),
        (["--public", "--token", "sixteen chars with spaces"], "without spaces"),
        (["--token", "a-token-for-class-7b"], "only makes sense with --class"),
        (["--max-kernels", "0"], "--max-kernels: 0 is outside 1..10,000"),
        (["--cull-idle", "-5"], "--cull-idle: -5 is outside 10..86,400"),
        (["--port", "0"], "--port: 0 is outside 1..65,535"),
    ],
)
def test_bad_serve_arguments_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], error: str
) -> None:
    try:  # argparse refuses out-of-range numbers itself (SystemExit), the rest comes back from main
        code = main(["serve", "--dry-run", *args])
    except SystemExit as exc:
        code = exc.code
    assert code == 2
    err = capsys.readouterr().err
    assert error in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_limits_reach_the_command() -> None:
    cmd = voila_command(9003, Path("."), max_kernels=12, cull_idle=30)
    assert "--CappedKernelManager.max_kernels=12" in cmd
    assert "--MappingKernelManager.cull_idle_timeout=30" in cmd and "--MappingKernelManager.cull_interval=30" in cmd
    assert token_of(cmd) is None
    public = voila_command(9003, Path("."), public=True, address="127.0.0.1")
    assert "--Voila.ip=127.0.0.1" in public and token_of(public)


def test_voila_json_sets_the_safe_defaults() -> None:
    config = json.loads((CONFIG_DIR / "voila.json").read_text())
    voila, conf, culling = config["Voila"], config["VoilaConfiguration"], config["MappingKernelManager"]
    assert voila["ip"] == "127.0.0.1" and conf["show_tracebacks"] is False
    assert conf["multi_kernel_manager_class"] == f"{CappedKernelManager.__module__}.{CappedKernelManager.__name__}"
    assert config["CappedKernelManager"]["max_kernels"] == CappedKernelManager.max_kernels.default_value
    assert culling["cull_idle_timeout"] > 0 and culling["cull_interval"] > 0 and not culling["cull_busy"]
    assert voila["tornado_settings"] == {"disable_check_xsrf": True}  # the tab-close beacon (SECURITY.md)


def test_voila_json_refills_a_pool_after_the_page_has_loaded() -> None:
    """A refill (a kernel start, its imports and a warm page build) once landed in the very page load that took
    the kernel, on the same two cores (benchmarks/README.md, 2026-12-04); voila.json delays it past the load."""
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    config = json.loads((CONFIG_DIR / "voila.json").read_text())
    manager = voila_kernel_manager_factory(CappedKernelManager, True, 1)
    assert "fill_delay" in manager.class_trait_names(config=True)
    assert 2 <= config[manager.__name__]["fill_delay"] <= 5  # past a page load, and a second pupil waits no longer


def test_the_allowlist_names_exactly_the_top_level_notebooks(tmp_path: Path) -> None:
    for name in ("a.ipynb", "b.ipynb", ".hidden.ipynb", "sub/c.ipynb", "d.py"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("{}")
    assert app_notebooks(tmp_path) == ["a.ipynb", "b.ipynb"]
    render = next(rule[0] for rule in guard_rules("/", ["a.ipynb"]) if "render" in rule[0])
    for path, refused in [("a.ipynb", False), ("b.ipynb", True), ("a.ipynb/x", True), ("xa.ipynb", True)]:
        assert bool(re.fullmatch(render, "/voila/render/" + path)) is refused, path


def test_the_full_page_speaks_both_languages() -> None:
    page = server_full_page(25)
    for key in ("SERVE-FULL-TITLE", "SERVE-FULL"):
        en, de = CATALOGUE.messages[key].en, CATALOGUE.messages[key].de
        assert re.findall(r"{\w+}", en) == re.findall(r"{\w+}", de)
    assert "All 25 places are taken" in page and "Alle 25 Plätze sind belegt" in page
    assert "lang='de'" in page


def test_the_pupils_address_is_the_one_the_default_route_leaves_from(monkeypatch: pytest.MonkeyPatch) -> None:
    """A trial's laptop had a second adapter (10.78.0.1) beside its network (192.0.2.2): the QR code named the
    smaller address, which pupils on the school's Wi-Fi cannot reach. The default route's address comes first;
    a virtual interface (a VPN, a container bridge) stays last even when the default route leaves from it."""
    from donkeylab.server import serve

    pairs = [("eth9", "10.78.0.1"), ("wlan0", "192.0.2.2"), ("docker0", "172.17.0.1"), ("wlan0", "fd00::2")]
    monkeypatch.setattr(serve, "_interface_addresses", lambda: pairs)
    monkeypatch.setattr(serve, "_route_address", lambda: "192.0.2.2")
    assert serve.lan_addresses() == ["192.0.2.2", "10.78.0.1", "fd00::2", "172.17.0.1"]
    monkeypatch.setattr(serve, "_route_address", lambda: "172.17.0.1")
    assert serve.lan_addresses()[0] == "10.78.0.1" and serve.lan_addresses()[-1] == "172.17.0.1"
    monkeypatch.setattr(serve, "_route_address", lambda: None)  # no route at all: the order as before
    assert serve.lan_addresses() == ["10.78.0.1", "192.0.2.2", "fd00::2", "172.17.0.1"]
