"""The wheel a school's admin installs: built from this checkout, installed with ``[app]`` into a fresh venv, and run
from an empty folder with nothing of the repository in reach.

``donkeylab serve --class`` from that folder serves the gallery and a lesson (its kernel builds the lesson: a
Stepper's state comes over the kernel's websocket), the teacher's class mode page, and a class: a class made in
the installed package's store lets a pupil on another address in through the join box to the lesson with its
class. The worksheets are written by the installed command. The static site is not built from a wheel: the build
ships donkeylab's own wheel into the browser, built from the source tree, and reads its pins from
``pyproject.toml``; the installed command says so in one line. One wheel and one venv per session (uv's cache
makes the venv a few seconds).
"""

from __future__ import annotations

import http.client
import http.cookiejar
import json
import os
import re
import secrets
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from donkeylab.apps import APPS
from donkeylab.lessons import worksheets
from donkeylab.server.pageclient import KernelSession, fetch_page, steppers
from donkeylab.server.serve import lan_addresses
from tests.serving.conftest import ROOT, Server, free_port, run_server
from tests.serving.test_class_server import run

UV = Path(sys.executable).parent / "uv"  # the project venv's uv (the Makefile installs it there)
TOKEN = secrets.token_urlsafe(24)
LESSON = "doublet_penalties"
OTHER = (lan_addresses() or [""])[0]  # a pupil's tablet: an address of this machine's network, not the loopback


@dataclass(frozen=True)
class Installed:
    """The fresh venv with the wheel, an empty folder to run it in, and the environment it runs with."""

    venv: Path
    folder: Path
    env: dict[str, str]

    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        """A command of the venv (``donkeylab``, ``python``) in the empty folder."""
        command = [str(self.venv / "bin" / args[0]), *args[1:]]
        return subprocess.run(command, cwd=self.folder, env=self.env, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """``uv build --wheel`` of the checkout, then ``uv pip install 'donkeylab-….whl[app]'`` into a new venv."""
    assert UV.exists(), f"{UV} missing: `make .venv/.test` installs uv into the venv"
    top = tmp_path_factory.mktemp("wheel")
    quiet = {"check": True, "capture_output": True, "timeout": 600}
    subprocess.run([str(UV), "build", "-q", "--wheel", "--out-dir", str(top / "dist"), str(ROOT)], **quiet)  # type: ignore[call-overload]
    (wheel,) = (top / "dist").glob("donkeylab-*.whl")
    venv = top / "venv"
    subprocess.run([str(UV), "venv", "-q", "--python", sys.executable, str(venv)], **quiet)  # type: ignore[call-overload]
    install = [str(UV), "pip", "install", "-q", "--python", str(venv / "bin" / "python"), f"{wheel}[app]"]
    subprocess.run(install, **quiet)  # type: ignore[call-overload]
    folder = top / "empty"
    folder.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env |= {"DONKEYLAB_CLASS_DB": str(top / "class.db"), "DONKEYLAB_TEACHER_KEYS": str(top / "teacher-keys.json")}
    return Installed(venv, folder, env)


def test_the_installed_package_is_the_wheel_not_the_checkout(installed: Installed) -> None:
    """It imports from the venv, carries the app notebooks and the widgets' front end (a Stepper loads its ESM
    from the wheel's ``donkeylab/widgets/static``, hatchling's force-include), and names the repository."""
    probe = (
        "import json, donkeylab, importlib.metadata as m; from pathlib import Path; "
        "from donkeylab.widgets import Stepper, assets; from donkeylab.server.serve import apps_dir; "
        "here = Path(donkeylab.__file__).parent; esm = str(Stepper('double_down', 3)._esm); "
        "print(json.dumps([str(here), sorted(p.name for p in (here / 'apps' / 'notebooks').glob('*.ipynb')), "
        "sorted(p.name for p in (here / 'widgets' / 'static').iterdir()), 'stepperBar' in esm, "
        "str(assets.asset('stepper.js')), str(apps_dir()), m.metadata('donkeylab').get_all('Project-URL')]))"
    )
    done = installed.run("python", "-c", probe)
    assert done.returncode == 0, done.stderr[-2000:]
    where, notebooks, static, stepper_loads, stepper_js, apps, urls = json.loads(done.stdout)
    assert Path(where).is_relative_to(installed.venv), where
    assert notebooks == sorted(p.name for p in (ROOT / "notebooks" / "apps").glob("*.ipynb"))
    front_end = sorted(p.name for p in (ROOT / "widgets").iterdir() if p.suffix in (".js", ".css"))
    assert set(front_end) <= set(static), sorted(set(front_end) - set(static))  # the widgets' ESM/CSS travel along
    assert stepper_loads and Path(stepper_js).is_relative_to(Path(where) / "widgets" / "static")
    assert apps == str(Path(where) / "apps" / "notebooks")
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]["Repository"]
    assert f"Repository, {declared}" in urls


@pytest.fixture(scope="module")
def server(installed: Installed) -> Iterator[Server]:
    """``donkeylab serve --class`` of the installed wheel, started in the empty folder (its log is written there)."""
    assert OTHER, "this machine has no network address besides loopback"
    port = free_port()
    cmd = [str(installed.venv / "bin" / "donkeylab"), "serve", "--class", "--port", str(port), "--token", TOKEN]
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(installed.env)  # run_server's process inherits this environment
    try:
        yield from run_server(cmd, port, installed.folder / "server.log")
    finally:
        os.environ.clear()
        os.environ.update(saved)


def widget_states(base: str, kernel_id: str, jar: http.cookiejar.CookieJar | None = None) -> dict[str, dict]:  # type: ignore[type-arg]
    async def states() -> dict[str, dict]:  # type: ignore[type-arg]
        session = await KernelSession.open(base, kernel_id, jar=jar)
        try:
            return await session.widget_states()
        finally:
            session.close()

    found: dict[str, dict] = run(states)  # type: ignore[type-arg]
    return found


def test_serve_class_from_an_empty_folder_serves_the_gallery_and_a_lesson(server: Server) -> None:
    gallery = fetch_page(server.url, "/voila/render/index.ipynb")
    assert gallery.status == 200 and gallery.kernel_id
    cards = json.dumps(widget_states(server.url, gallery.kernel_id))
    assert all(f"{name}.ipynb" in cards for name in APPS), "the gallery's kernel did not link every app"
    lesson = fetch_page(server.url, f"/voila/render/{LESSON}.ipynb?seed=3&lang=en")
    assert lesson.status == 200 and lesson.kernel_id
    assert steppers(widget_states(server.url, lesson.kernel_id)), "the lesson's kernel built no Stepper"
    assert "Traceback" not in server.log_text()


def test_a_class_started_from_the_installed_store_lets_a_pupil_in(server: Server, installed: Installed) -> None:
    teacher = fetch_page(server.url, "/voila/render/class_mode.ipynb?lang=en")
    assert teacher.status == 200 and teacher.kernel_id
    start = f"from donkeylab.classroom import ClassStore; print(ClassStore.open().create_class({LESSON!r}).code)"
    made = installed.run("python", "-c", start)
    assert made.returncode == 0, made.stderr[-2000:]
    code = made.stdout.strip()
    conn = http.client.HTTPConnection(OTHER, server.port, timeout=120)
    conn.request("GET", f"/join?code={code.lower()}&lang=en")
    reply = conn.getresponse()
    assert reply.status == 302, reply.read()[:300]
    location = reply.getheader("Location") or ""
    conn.close()
    assert location.startswith(f"voila/render/{LESSON}.ipynb?class={code}")
    jar = http.cookiejar.CookieJar()
    base = f"http://{OTHER}:{server.port}"
    pupil = fetch_page(base, f"/{location}", jar=jar)
    assert pupil.status == 200 and pupil.kernel_id
    page = json.dumps(widget_states(base, pupil.kernel_id, jar))
    assert re.search(rf"(?i:class) {code}\b", page), f"the pupil's page does not name class {code}"
    assert "This link had errors" not in page


def test_the_installed_command_writes_every_worksheet(installed: Installed) -> None:
    done = installed.run("donkeylab", "worksheet", "all", "--out", "sheets")
    assert done.returncode == 0, done.stderr[-2000:]
    sheets = sorted((installed.folder / "sheets").glob("*.html"))
    assert len(sheets) == len(worksheets.lessons()) * 4
    key = installed.folder / "sheets" / "angry_flips-key-de.html"
    assert key.read_text(encoding="utf-8") == worksheets.document("angry_flips", "de", "key", {})


def test_the_site_build_says_in_one_line_that_it_needs_a_checkout(installed: Installed) -> None:
    done = installed.run("donkeylab", "site", "build", "site")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "built from a source checkout" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert not (installed.folder / "site").exists()
