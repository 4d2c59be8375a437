"""JupyterHub on one server: every pupil logs in and gets a Jupyter server of their own, on the donkeylab gallery.

The same settings as the Zero to JupyterHub values (``deploy/jupyterhub/config.yaml``), read from that file:
the hub's ``hub.config`` (the dummy authenticator), the landing page (``singleuser.defaultUrl``) and the
single-user servers' ``jupyter_server_config.json`` (``singleuser.extraFiles.voila-classroom``), written
here into a folder of this machine instead of a container's ``/usr/local/etc/jupyter``. Local processes stand
in for Kubernetes pods. ``deploy/README.md`` says how to run it; ``tests/deploy/test_hub.py`` runs it.

Settings from the environment (all optional except the class store):

- ``DONKEYLAB_CLASS_DB``: the class store every pupil's server shares (``postgresql://…``).
- ``DONKEYLAB_HUB_PASSWORD``: the class password (replaces the YAML's placeholder).
- ``DONKEYLAB_HUB_URL``: where the hub listens (``http://:8000``: every address, port 8000).
- ``DONKEYLAB_HUB_STATE``: the hub's own folder (its database, cookie secret, the generated config).
- ``DONKEYLAB_HUB_PROXY``: the ``configurable-http-proxy`` command (from npm).
- ``DONKEYLAB_HUB_RUNTIME``: a short folder for the servers' kernel sockets (the system's temporary folder).
- ``DONKEYLAB_HUB_ROOT``: the folder holding ``notebooks/apps`` (this checkout).
- ``DONKEYLAB_HUB_SPAWNER``: ``simple`` (every server a process of the hub's user) or ``default`` (one Unix user
  per pupil, the hub running as root); ``deploy/README.md`` says why it matters.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
VALUES: dict[str, Any] = yaml.safe_load((HERE / "jupyterhub" / "config.yaml").read_text())
STATE = Path(os.environ.get("DONKEYLAB_HUB_STATE", HERE / "hub-state")).resolve()
CONFIG_DIR = STATE / "jupyter-config"

c: Any = get_config()  # type: ignore[name-defined]  # noqa: F821  (JupyterHub's config loader provides it)


def server_config_file() -> Path:
    """The single-user servers' ``jupyter_server_config.json``, exactly the YAML's ``extraFiles`` entry."""
    entry = VALUES["singleuser"]["extraFiles"]["voila-classroom"]
    CONFIG_DIR.mkdir(parents=True, exist_ok=True)
    path = CONFIG_DIR / Path(entry["mountPath"]).name
    path.write_text(json.dumps(entry["data"], indent=2))
    return path


# The hub: the YAML's hub.config (authenticator and its options), the class password from the environment.
for section, settings in VALUES["hub"]["config"].items():
    for name, value in settings.items():
        setattr(c[section], name, value)
if os.environ.get("DONKEYLAB_HUB_PASSWORD"):
    c.DummyAuthenticator.password = os.environ["DONKEYLAB_HUB_PASSWORD"]
c.JupyterHub.bind_url = os.environ.get("DONKEYLAB_HUB_URL", "http://:8000")
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.ConfigurableHTTPProxy.pid_file = str(STATE / "proxy.pid")
c.ConfigurableHTTPProxy.command = [os.environ.get("DONKEYLAB_HUB_PROXY") or "configurable-http-proxy"]

# The pupils' servers: local processes of this machine's user (Kubernetes pods in Zero to JupyterHub).
c.JupyterHub.spawner_class = os.environ.get("DONKEYLAB_HUB_SPAWNER", "simple")  # "default": one Unix user each
c.Spawner.cmd = [
    shutil.which("jupyterhub-singleuser", path=str(Path(sys.executable).parent)) or "jupyterhub-singleuser"
]
c.Spawner.notebook_dir = os.environ.get("DONKEYLAB_HUB_ROOT", str(HERE.parent))
c.Spawner.default_url = VALUES["singleuser"]["defaultUrl"]
c.SimpleLocalProcessSpawner.home_dir_template = str(STATE / "home" / "{username}")
c.Spawner.start_timeout = 120  # a server's first start on a busy machine (imports, Voila)
c.Spawner.http_timeout = 120


def runtime_dir(user: str) -> str:
    """A short folder for a server's kernel sockets: the YAML's ``KernelManager.transport`` is ``ipc``, and a
    Unix socket's path may hold at most 107 bytes, which a deep home's ``.local/share/jupyter/runtime`` passes."""
    return str(Path(os.environ.get("DONKEYLAB_HUB_RUNTIME") or tempfile.gettempdir()) / f"donkeylab-hub-{user}")


c.Spawner.environment = {
    "JUPYTER_CONFIG_PATH": str(server_config_file().parent),
    "DONKEYLAB_CLASS_DB": os.environ.get("DONKEYLAB_CLASS_DB", ""),
    "JUPYTER_RUNTIME_DIR": lambda spawner: runtime_dir(spawner.user.name),
}
