"""The Zero to JupyterHub values in deploy/jupyterhub/ parse, name only notebooks that exist, reach every app
from the pupils' landing page and carry the same safe Voila settings as ``donkeylab serve``."""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from jupyter_server.services.kernels.kernelmanager import MappingKernelManager

from donkeylab.apps import APPS, gallery
from donkeylab.server.serve import CONFIG_DIR

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "deploy" / "jupyterhub" / "config.yaml"


@pytest.fixture(scope="module")
def values() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(CONFIG.read_text())
    return loaded


def test_the_landing_page_is_the_gallery_in_voila(values: dict[str, Any]) -> None:
    url = values["singleuser"]["defaultUrl"]
    assert url.startswith("/voila/render/")
    assert (ROOT / url.removeprefix("/voila/render/")) == ROOT / "notebooks" / "apps" / "index.ipynb"
    assert (ROOT / "notebooks" / "apps" / "index.ipynb").is_file()


def test_every_notebook_it_names_exists_and_every_app_is_named_and_reachable() -> None:
    named = set(re.findall(r"notebooks/apps/[\w.-]+\.ipynb", CONFIG.read_text()))
    assert named, "the config names no app notebook"
    for path in named:
        assert (ROOT / path).is_file(), f"{path} named in {CONFIG.name} does not exist"
    links = {link.split("?")[0] for link in re.findall(r"href='([^']+)'", gallery("en").value)}
    for name in APPS:
        assert f"notebooks/apps/{name}.ipynb" in named, f"app {name} missing from {CONFIG.name}"
        assert f"{name}.ipynb" in links, f"the gallery does not link app {name}"


def test_the_pupil_server_has_the_safe_voila_settings(values: dict[str, Any]) -> None:
    settings = values["singleuser"]["extraFiles"]["voila-classroom"]["data"]
    ours = json.loads((CONFIG_DIR / "voila.json").read_text())
    for key in (
        "show_tracebacks",
        "file_allowlist",
        "file_denylist",
        "extension_denylist",
        "allow_theme_override",
        "allow_template_override",
        "http_header_envs",
    ):
        assert settings["VoilaConfiguration"][key] == ours["VoilaConfiguration"][key], key
    assert settings["MappingKernelManager"] == ours["MappingKernelManager"]
    assert settings["KernelManager"] == ours["KernelManager"]  # Unix sockets: no race for TCP ports at a burst
    module, _, name = settings["ServerApp"]["kernel_manager_class"].rpartition(".")
    assert issubclass(getattr(importlib.import_module(module), name), MappingKernelManager)
    assert settings["CappedKernelManager"]["max_kernels"] >= 2  # the gallery and one app


def test_pupils_are_bounded_and_culled(values: dict[str, Any]) -> None:
    single = values["singleuser"]
    assert single["memory"]["limit"] and single["cpu"]["limit"] and single["storage"]["type"] == "none"
    assert values["cull"]["enabled"] and values["cull"]["timeout"] > 0
    assert "CHANGE-ME" in values["hub"]["config"]["DummyAuthenticator"]["password"]  # never a real password here


# A single-user server started on the YAML's file (as the pod mounts it), reporting what it took from it.
SERVER_READS = """
import json
from jupyter_server.serverapp import ServerApp
app = ServerApp()
app.initialize(argv=["--allow-root", "--ServerApp.open_browser=False"], find_extensions=True)
km = app.kernel_manager
one = km.kernel_manager_factory(parent=km, log=app.log, connection_file="x.json")
print(json.dumps({
    "kernel_manager": type(km).__module__ + "." + type(km).__name__,
    "max_kernels": getattr(km, "max_kernels", None),
    "transport": one.transport,
    "cull_idle_timeout": km.cull_idle_timeout,
    "voila": {key: value for key, value in app.config.VoilaConfiguration.items()},
}))
"""


def test_a_pupils_server_takes_every_setting_from_the_mounted_file(values: dict[str, Any], tmp_path: Path) -> None:
    """The file is where a single-user server reads its own config (a file in ``jupyter_server_config.d`` would
    only enable extensions: the pupils' servers then ran with no kernel cap and Voila's defaults)."""
    entry = values["singleuser"]["extraFiles"]["voila-classroom"]
    mounted = Path(entry["mountPath"])
    assert mounted.parent == Path("/usr/local/etc/jupyter"), "a folder on Jupyter's config path"
    (tmp_path / mounted.name).write_text(json.dumps(entry["data"]))
    env = {**os.environ, "JUPYTER_CONFIG_PATH": str(tmp_path), "JUPYTER_RUNTIME_DIR": str(tmp_path / "run")}
    done = subprocess.run(
        [sys.executable, "-c", SERVER_READS], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    read = json.loads(done.stdout.strip().splitlines()[-1])
    data = entry["data"]
    assert read["kernel_manager"] == data["ServerApp"]["kernel_manager_class"]
    assert read["max_kernels"] == data["CappedKernelManager"]["max_kernels"]
    assert read["transport"] == data["KernelManager"]["transport"] == "ipc"
    assert read["cull_idle_timeout"] == data["MappingKernelManager"]["cull_idle_timeout"]
    assert read["voila"] == data["VoilaConfiguration"]
