"""Everything the site build fetches, from the package registries only, and cached for the next build.

- The toolchain venv (``venv-<hash of the pins>``): Voici and JupyterLite must not go into the project's
  venv (they pin Voila and JupyterLab versions that the server side may not want), so the build makes its own.
- Pyodide's core from the npm registry (``npm pack pyodide@<version>``): no wheel carries Pyodide itself.
- The browser's wheels from PyPI (``pip download`` for Python 3.13, platform ``any``, no dependencies: the
  pins list them all), kept with a manifest so a cached build makes no network request at all.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

from donkeylab.site.config import SiteConfig, cache_dir

PYODIDE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")


def log(message: str) -> None:
    print(f"[site] {message}", file=sys.stderr, flush=True)


def venv_python(cfg: SiteConfig) -> Path:
    """The build venv's interpreter, made (and the toolchain installed) the first time for these pins."""
    venv = cache_dir() / f"venv-{cfg.key()}"
    python = venv / "bin" / "python"
    if (venv / ".complete").exists():
        return python
    log(f"making the build venv {venv} (once for these pins)")
    shutil.rmtree(venv, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([*installer(python), *cfg.toolchain], check=True)
    (venv / ".complete").write_text("\n".join(cfg.toolchain) + "\n")
    return python


def installer(python: Path) -> list[str]:
    """The command that installs into ``python``'s venv: uv when it stands beside the running interpreter (the
    venvs ``make`` builds have it; uv installs the toolchain many times faster than pip, resolving and
    byte-compiling), else that venv's pip."""
    uv = Path(sys.executable).parent / "uv"
    if uv.exists():
        return [str(uv), "pip", "install", "-q", "--python", str(python)]
    return [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check"]


def pyodide_core(cfg: SiteConfig) -> Path:
    """A folder with Pyodide's core files and its own ``pyodide-lock.json`` (which the build replaces)."""
    folder = cache_dir() / f"pyodide-{cfg.pyodide}"
    if (folder / ".complete").exists():
        return folder
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError("npm is needed once to fetch Pyodide from the npm registry (apt-get install npm)")
    packs = cache_dir() / "npm"
    packs.mkdir(exist_ok=True)
    tgz = packs / f"pyodide-{cfg.pyodide}.tgz"
    if not tgz.exists():
        log(f"fetching pyodide@{cfg.pyodide} from the npm registry")
        subprocess.run([npm, "pack", f"pyodide@{cfg.pyodide}", "--silent"], cwd=packs, check=True)
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    with tarfile.open(tgz) as tar:
        for name in (*PYODIDE_FILES, "pyodide-lock.json"):
            member = tar.getmember(f"package/{name}")
            source = tar.extractfile(member)
            assert source is not None, name
            (folder / name).write_bytes(source.read())
    (folder / ".complete").write_text(cfg.pyodide + "\n")
    return folder


def wheels(cfg: SiteConfig, python: Path) -> list[Path]:
    """The pinned browser wheels (pure Python, from PyPI), downloaded once per set of pins."""
    folder = cache_dir() / "wheels"
    folder.mkdir(exist_ok=True)
    manifest = folder / f"manifest-{cfg.key()}.json"
    if manifest.exists():
        files = [folder / name for name in json.loads(manifest.read_text())]
        if all(f.exists() for f in files):
            return files
    log(f"downloading {len(cfg.wheels)} wheels from PyPI")
    before = set(folder.glob("*.whl"))
    command = [str(python), "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps"]
    command += ["--only-binary=:all:", "--python-version", cfg.python, "--platform", "any"]
    command += ["--implementation", "py", "-d", str(folder), *cfg.wheels]
    subprocess.run(command, check=True)
    files = sorted(_pinned(folder, cfg.wheels))
    missing = len(cfg.wheels) - len(files)
    if missing:
        raise RuntimeError(f"{missing} pinned wheels were not downloaded into {folder} ({sorted(before)})")
    manifest.write_text(json.dumps([f.name for f in files]))
    return files


def _pinned(folder: Path, pins: tuple[str, ...]) -> list[Path]:
    """The wheel file of each ``name==version`` pin in ``folder``."""
    out = []
    for pin in pins:
        name, version = pin.split("==")
        stem = f"{name.replace('-', '_').lower()}-{version}-"
        found = [p for p in folder.glob("*.whl") if p.name.lower().startswith(stem)]
        if found:
            out.append(found[0])
    return out
