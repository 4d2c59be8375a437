"""The site's wheels and its own ``pyodide-lock.json``.

Why a lock of our own: the npm Pyodide holds only its core, yet its lock names ~375 packages it does not
contain; a kernel asking for one would fetch it from a CDN. Ours names exactly the wheels shipped, each with
its top-level imports, its dependencies (markers evaluated for Pyodide: emscripten, Python 3.13) restricted to
shipped names, and a sha256 recomputed from the file shipped (PyPI's wheels differ from Pyodide's copies).

Two wheels are changed or made here:
- plotly is slimmed: its JupyterLab extension (twice: ``labextension/`` and ``.data``), the FigureWidget
  bundle and the datasets are dropped, so plotly.js ships once, as ``package_data/plotly.min.js``, which
  ``PlotlyBundle`` sends to the page (Voici gets no plotly extension: the build venv has no plotly).
- ``sqlite3`` is Pyodide's compiled module, which cannot be had here; the kernel asks for the package by name
  and IPython imports it only for its history. The stand-in installs a module that raises
  ``ModuleNotFoundError`` on import, which IPython takes as "no sqlite3" (history off); an empty module made
  IPython 9 fail on ``from sqlite3 import DatabaseError``.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import zipfile
from collections.abc import Callable, Iterable
from email.parser import Parser
from pathlib import Path
from typing import Any

# Pyodide 0.29's interpreter, for the dependency markers of the wheels
MARKERS = {
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "os_name": "posix",
    "python_version": "3.13",
    "python_full_version": "3.13.2",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "extra": "",
}
# Requirements that are not shipped on purpose: front-end assets only (Voici serves the widget front end)
NOT_SHIPPED = {"widgetsnbextension", "jupyterlab-widgets"}
PLOTLY_DROP = re.compile(r"^(plotly/labextension/|plotly-[^/]+\.data/|plotly/package_data/(datasets/|widgetbundle))")


def normalise(name: str) -> str:
    """PEP 503: ``Typing_Extensions`` → ``typing-extensions``."""
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def metadata(path: Path) -> Any:
    """The wheel's METADATA as an email message (``Name``, ``Version``, ``Requires-Dist``)."""
    with zipfile.ZipFile(path) as z:
        name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA") and n.count("/") == 1)
        return Parser().parsestr(z.read(name).decode("utf-8"))


def imports(path: Path) -> list[str]:
    """The top-level modules a wheel installs (packages and single-file modules)."""
    tops = set()
    with zipfile.ZipFile(path) as z:
        for name in z.namelist():
            first = name.split("/")[0]
            if first.endswith((".dist-info", ".data")):
                continue
            if "/" in name or name.endswith(".py"):
                tops.add(first.removesuffix(".py"))
    return sorted(tops)


def depends(meta: Any, shipped: set[str]) -> list[str]:
    """The wheel's requirements for Pyodide (markers evaluated), as normalised names; each must be shipped."""
    from packaging.requirements import Requirement

    out = []
    for text in meta.get_all("Requires-Dist") or []:
        req = Requirement(text)
        if req.marker is not None and not req.marker.evaluate(MARKERS):
            continue
        name = normalise(req.name)
        if name in NOT_SHIPPED:
            continue
        if name not in shipped:
            raise RuntimeError(f"{meta['Name']} needs {req} in the browser: pin it in [tool.donkeylab.site]")
        out.append(name)
    return sorted(set(out))


def rewrite(source: Path, dest: Path, drop: Callable[[str], bool]) -> Path:
    """A copy of wheel ``source`` without the files ``drop`` names (and without them in its RECORD)."""
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for info in src.infolist():
            if drop(info.filename):
                continue
            data = src.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                lines = [line for line in data.decode().splitlines() if line and not drop(line.split(",")[0])]
                data = ("\n".join(lines) + "\n").encode()
            out.writestr(info, data)
    return dest


def slim_plotly(source: Path, folder: Path) -> Path:
    """plotly without its JupyterLab extension, FigureWidget bundle and datasets (plotly.js kept once)."""
    return rewrite(source, folder / source.name, lambda name: bool(PLOTLY_DROP.match(name)))


def sqlite3_standin(folder: Path) -> Path:
    """An empty ``sqlite3`` wheel: IPython's history imports sqlite3, which Pyodide builds as a compiled module."""
    files = {
        "sqlite3/__init__.py": '"""A stand-in for Pyodide\'s compiled sqlite3: importing it says there is none."""\n'
        'raise ModuleNotFoundError("sqlite3 is not shipped with this site", name="sqlite3")\n',
        "sqlite3-1.0.0.dist-info/METADATA": "Metadata-Version: 2.1\nName: sqlite3\nVersion: 1.0.0\n",
        "sqlite3-1.0.0.dist-info/WHEEL": "Wheel-Version: 1.0\nGenerator: donkeylab\nRoot-Is-Purelib: true\n"
        "Tag: py3-none-any\n",
    }
    record = [f"{name},sha256={_digest(text.encode())},{len(text.encode())}" for name, text in files.items()]
    files["sqlite3-1.0.0.dist-info/RECORD"] = "\n".join([*record, "sqlite3-1.0.0.dist-info/RECORD,,"]) + "\n"
    path = folder / "sqlite3-1.0.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in files.items():
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            z.writestr(info, text)
    return path


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def lock(wheel_files: Iterable[Path], npm_lock: Path) -> dict[str, Any]:
    """A ``pyodide-lock.json`` naming exactly ``wheel_files`` (its ``info`` block from Pyodide's own lock)."""
    files = list(wheel_files)
    metas = {f: metadata(f) for f in files}
    shipped = {normalise(m["Name"]) for m in metas.values()}
    packages = {}
    for path, meta in metas.items():
        name = normalise(meta["Name"])
        packages[name] = {
            "name": name,
            "version": meta["Version"],
            "file_name": path.name,
            "install_dir": "site",
            "package_type": "package",
            "imports": imports(path),
            "depends": depends(meta, shipped),
            "sha256": sha256(path),
            "unvendored_tests": False,
        }
    info = json.loads(npm_lock.read_text())["info"]
    return {"info": info, "packages": dict(sorted(packages.items()))}
