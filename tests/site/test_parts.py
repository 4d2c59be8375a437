"""The site build's parts without a browser: pins, the lock file, plotly slimmed, the sqlite3 stand-in, the
gallery, the link reader and the USB-stick server."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path
from typing import Any

import pytest

from donkeylab.site import build, config, fetch, gallery, wheels
from donkeylab.site.page import PageLink, SitePage, json_comms


def fake_wheel(folder: Path, name: str, version: str, requires: list[str], files: dict[str, str]) -> Path:
    path = folder / f"{name}-{version}-py3-none-any.whl"
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n" + "".join(
        f"Requires-Dist: {r}\n" for r in requires
    )
    with zipfile.ZipFile(path, "w") as z:
        for fname, text in files.items():
            z.writestr(fname, text)
        z.writestr(f"{name}-{version}.dist-info/METADATA", meta)
        z.writestr(f"{name}-{version}.dist-info/RECORD", "\n".join([*files, "x"]) + "\n")
    return path


def test_every_pin_is_exact_and_in_one_place() -> None:
    cfg = config.load()
    assert cfg.pyodide == "0.29.0" and cfg.python == "3.13"
    assert all("==" in pin for pin in (*cfg.toolchain, *cfg.wheels))
    assert "jupyterlite-pyodide-kernel==0.7.0" in cfg.toolchain and "voici-core==0.10.0" in cfg.toolchain
    assert cfg.key() == config.load().key() != cfg.key("other")


def test_the_toolchain_is_installed_with_uv_beside_the_interpreter_else_with_pip(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "venv" / "bin" / "python"
    monkeypatch.setattr(sys, "executable", str(tmp_path / "python"))
    assert fetch.installer(target)[:4] == [str(target), "-m", "pip", "install"]
    (tmp_path / "uv").touch()
    assert fetch.installer(target) == [str(tmp_path / "uv"), "pip", "install", "-q", "--python", str(target)]


def test_lock_names_the_shipped_wheels_with_their_hashes_and_shipped_dependencies(tmp_path: Path) -> None:
    a = fake_wheel(
        tmp_path,
        "Alpha_Pkg",
        "1.0",
        ["beta", 'pexpect; sys_platform != "emscripten"', "widgetsnbextension~=4.0", 'gamma; extra == "test"'],
        {"alpha/__init__.py": "", "alpha_mod.py": ""},
    )
    b = fake_wheel(tmp_path, "beta", "2.0", [], {"beta/__init__.py": ""})
    npm = tmp_path / "npm-lock.json"
    npm.write_text(json.dumps({"info": {"version": "0.29.0"}, "packages": {"numpy": {}}}))
    lock = wheels.lock([a, b], npm)
    assert lock["info"] == {"version": "0.29.0"} and set(lock["packages"]) == {"alpha-pkg", "beta"}
    alpha = lock["packages"]["alpha-pkg"]
    assert alpha["depends"] == ["beta"] and alpha["imports"] == ["alpha", "alpha_mod"]
    assert alpha["sha256"] == wheels.sha256(a) and alpha["file_name"] == a.name
    c = fake_wheel(tmp_path, "gamma", "1.0", ["missing-one"], {"gamma.py": ""})
    with pytest.raises(RuntimeError, match="missing-one"):
        wheels.lock([c], npm)


def test_plotly_is_slimmed_to_one_copy_of_plotly_js(tmp_path: Path) -> None:
    files = {
        "plotly/__init__.py": "",
        "plotly/package_data/plotly.min.js": "js",
        "plotly/package_data/widgetbundle.js": "js again",
        "plotly/package_data/datasets/iris.csv.gz": "",
        "plotly/package_data/templates/plotly.json": "{}",
        "plotly/labextension/static/x.js": "js again",
        "plotly-7.1.0.data/data/share/jupyter/labextensions/jupyterlab-plotly/x.js": "js again",
    }
    source = fake_wheel(tmp_path, "plotly", "7.1.0", [], files)
    out = tmp_path / "out"
    out.mkdir()
    with zipfile.ZipFile(wheels.slim_plotly(source, out)) as z:
        names = set(z.namelist())
        record = z.read("plotly-7.1.0.dist-info/RECORD").decode()
    kept = {"plotly/__init__.py", "plotly/package_data/plotly.min.js", "plotly/package_data/templates/plotly.json"}
    assert {n for n in names if not n.startswith("plotly-7.1.0.dist-info")} == kept
    assert "labextension" not in record and "widgetbundle" not in record


def test_the_sqlite3_standin_says_there_is_no_sqlite3(tmp_path: Path) -> None:
    wheel = wheels.sqlite3_standin(tmp_path)
    with zipfile.ZipFile(wheel) as z:
        z.extractall(tmp_path / "site")
    probe = "import sqlite3"
    proc = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path / "site", capture_output=True, text=True)
    assert "ModuleNotFoundError: sqlite3 is not shipped" in proc.stderr


def test_gallery_has_a_card_per_app_and_the_class_mode_note() -> None:
    from donkeylab.apps import APPS

    cards = gallery.cards()
    page = gallery.index_html(cards)
    served = [name for name, info in APPS.items() if info.kind != "teacher"]
    assert sorted(c["name"] for c in cards) == sorted(served) and "class_mode" in APPS and "class_mode" not in served
    for name in served:
        assert f"href='voici/render/{name}.html'" in page
    assert "needs a server" in page and "http" not in page.replace("http-equiv", "")
    nb = json.loads(gallery.notebook(cards[0]))
    assert "".join(nb["cells"][0]["source"]) == f'from donkeylab.site.page import app\n\napp("{cards[0]["name"]}")'


def test_site_page_builds_the_app_for_the_link_the_front_end_sends() -> None:
    page = SitePage("double_down")
    assert isinstance(page.children[1], PageLink) and "Loading" in page.children[0].value
    page.link._handle_msg(
        {
            "content": {
                "data": {"method": "update", "state": {"query": "seed=7&players=3&step=3", "read": True}},
                "buffer_paths": [],
            },
            "buffers": [],
        }
    )
    corner, app = page.children  # the presenter toggle above the app (issue 19 §2), as on Voila
    assert corner.toggle.description == "Presenter view"
    from donkeylab.widgets import Stepper
    from tests.apps.helpers import find

    (stepper,) = find(app, Stepper)
    assert stepper.index == 3 and stepper.seed == 7 and stepper.players == 3


def test_a_site_page_whose_app_cannot_be_built_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """The build runs in a comm handler, whose exception the browser kernel shows nowhere: the page kept its
    loading note for ever. Now it shows the error, in both languages, and the traceback goes to stderr."""
    import donkeylab.apps

    def broken(name: str, query: str) -> None:
        raise ImportError("no module named 'sqlalchemy' <b>")

    monkeypatch.setattr(donkeylab.apps, "build", broken)
    page = SitePage("double_donkey")
    page.link._handle_msg(
        {
            "content": {"data": {"method": "update", "state": {"query": "", "read": True}}, "buffer_paths": []},
            "buffers": [],
        }
    )
    (note,) = page.children
    assert "dl-site-error" in note.value and "role='alert'" in note.value
    assert "ImportError: no module named &#x27;sqlalchemy&#x27; &lt;b&gt;" in note.value
    assert "could not start" in note.value and "konnte nicht starten" in note.value


def test_the_browser_kernel_sends_comm_content_as_json_as_cpython_does() -> None:
    """The Pyodide kernel's own conversion made None undefined and the page lost the key (a Double Donkey die
    without its ``hay``); ``json_comms`` hands the kernel parsed JSON instead, which it passes on unchanged."""

    class Parsed(dict[str, Any]):  # stands for the JavaScript object JSON.parse makes
        pass

    sent: list[tuple[Any, ...]] = []

    class Shell:
        def send_comm(self, *args: Any) -> None:
            sent.append(args)

    shell = Shell()
    assert json_comms(shell, lambda text: Parsed(json.loads(text))) is True
    assert json_comms(shell, json.loads) is False  # once per kernel, however many pages' cells call it
    die = {"colour": "orange", "hay": None, "rolled": (5,)}
    shell.send_comm("comm_msg", {"data": {"state": {"snapshot": die}}}, {}, "jupyter.widget", None)
    (msg_type, content, metadata, topic, buffers) = sent[0]
    assert isinstance(content, Parsed) and content == {"data": {"state": {"snapshot": {**die, "rolled": [5]}}}}
    assert (msg_type, metadata, topic, buffers) == ("comm_msg", {}, "jupyter.widget", None)
    odd = {"value": float("nan")}  # no JSON for it: the kernel's own way, as before
    shell.send_comm("comm_msg", odd, {}, "jupyter.widget", None)
    assert sent[1][1] is odd


def test_no_page_registers_a_service_worker(tmp_path: Path) -> None:
    """Every page that runs JupyterLite gets the guard before its scripts (once, however often the build runs);
    other pages are left as they are, and a page the guard cannot be put into fails the build."""
    lite = "<html><head><script src='voici.js'></script></head><body><script id='jupyter-config-data'></script>"
    (tmp_path / "voici").mkdir()
    (tmp_path / "voici" / "app.html").write_text(lite)
    (tmp_path / "index.html").write_text("<html><head></head><body>gallery</body></html>")
    build._without_service_worker(tmp_path)
    build._without_service_worker(tmp_path)
    page = (tmp_path / "voici" / "app.html").read_text()
    assert page.count("sw.register = ") == 1 and page.index("sw.register") < page.index("voici.js")
    assert 'new URL("../", location.href)' in page  # only a worker of this site's folder is let go
    assert "serviceWorker" not in (tmp_path / "index.html").read_text()
    (tmp_path / "voici" / "bad.html").write_text("<script id='jupyter-config-data'></script>")
    with pytest.raises(RuntimeError, match="no <head>"):
        build._without_service_worker(tmp_path)


def test_site_serve_serves_a_site_on_the_loopback_only(tmp_path: Path) -> None:
    import threading

    from donkeylab.site import serve

    with pytest.raises(FileNotFoundError):
        serve.make_server(tmp_path)
    (tmp_path / ".donkeylab-site").write_text("{}")
    (tmp_path / "a.wasm").write_bytes(b"\0asm")
    server = serve.make_server(tmp_path, 0)
    assert server.server_address[0] == "127.0.0.1"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{server.server_address[1]}/a.wasm") as r:
            assert r.headers["Content-Type"] == "application/wasm"
    finally:
        server.shutdown()
        server.server_close()
