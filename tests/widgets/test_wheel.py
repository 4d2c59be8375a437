"""The front-end files travel with the package: a built wheel, installed into a fresh venv, finds them.

In the editable install (``make app`` / ``make test``) the ESM/CSS come from the checkout's ``widgets/``;
a wheel carries them as ``donkeylab/widgets/static`` (hatchling force-include) and the app notebooks as
``donkeylab/apps/notebooks``. The fresh venv borrows the dependencies from the test's own venv (a path line in a
``.pth`` file: appended to ``sys.path``, its own ``.pth`` files, the editable checkout among them, not read), so
only the wheel is installed: installing ``[widgets]`` from the index again was most of the test's 35-44 s.
"""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

from donkeylab.widgets import assets

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(p.name for p in (ROOT / "widgets").iterdir() if p.suffix in (".js", ".css"))


def test_assets_resolve_in_the_editable_install() -> None:
    for name in FILES:
        assert assets.asset(name).read_text(encoding="utf-8").strip(), name
    with pytest.raises(FileNotFoundError, match=r"nope\.js"):
        assets.asset("nope.js")


@pytest.mark.slow
def test_assets_and_apps_resolve_from_a_wheel_in_a_fresh_venv(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(ROOT)], check=True, timeout=300
    )
    wheel = next(dist.glob("donkeylab-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for name in FILES:
        assert f"donkeylab/widgets/static/{name}" in names, name
    assert "donkeylab/apps/notebooks/index.ipynb" in names
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=False)
    py = env_dir / "bin" / "python"
    (site_packages(py) / "borrowed.pth").write_text(sysconfig.get_path("purelib") + "\n")
    install = [sys.executable, "-m", "pip", "--python", str(py), "install", "-q", "--no-deps", str(wheel)]
    subprocess.run(install, check=True, timeout=300)
    probe = (
        "from donkeylab.widgets import Stepper, assets; from donkeylab.apps.serve import apps_dir; "
        "st = Stepper('double_down', 3); "
        "assert 'stepperBar' in str(st._esm) and 'static' in str(assets.asset('stepper.js')); "
        "print(apps_dir())"
    )
    out = subprocess.run([str(py), "-c", probe], check=True, capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert out.stdout.strip() == str(site_packages(py) / "donkeylab" / "apps" / "notebooks")


def site_packages(python: Path) -> Path:
    """The fresh venv's own site-packages (what ``sysconfig`` says inside it)."""
    code = "import sysconfig; print(sysconfig.get_path('purelib'))"
    return Path(subprocess.run([str(python), "-c", code], check=True, capture_output=True, text=True).stdout.strip())
