"""The Zero to JupyterHub values in deploy/jupyterhub/ parse, name only notebooks that exist, reach every app
from the pupils' landing page and carry the same safe Voila settings as ``donkeylab serve``."""

from __future__ import annotations

import importlib
import json
import re
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
    module, _, name = settings["ServerApp"]["kernel_manager_class"].rpartition(".")
    assert issubclass(getattr(importlib.import_module(module), name), MappingKernelManager)
    assert settings["CappedKernelManager"]["max_kernels"] >= 2  # the gallery and one app


def test_pupils_are_bounded_and_culled(values: dict[str, Any]) -> None:
    single = values["singleuser"]
    assert single["memory"]["limit"] and single["cpu"]["limit"] and single["storage"]["type"] == "none"
    assert values["cull"]["enabled"] and values["cull"]["timeout"] > 0
    assert "CHANGE-ME" in values["hub"]["config"]["DummyAuthenticator"]["password"]  # never a real password here
