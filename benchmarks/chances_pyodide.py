"""The chances table in Pyodide, the static site's Python (goal: p95 ≤ 1 s per decision point, no numpy).

The same seeded games and timing as ``benchmarks/chances.py`` (its ``run``), but in Pyodide under Node: the
WebAssembly CPython the static site runs in a pupil's browser, without a browser around it (a page's timing
would add the widgets' drawing, which the panel does not cause). The repository is mounted into Pyodide's file
system, so the code timed is this working tree's. Pyodide comes from the static site's toolchain cache (made by
``make site``) or ``--pyodide DIR``.

    .venv/bin/python benchmarks/chances_pyodide.py [--games N] [--pyodide DIR]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path.home() / ".cache" / "donkeylab" / "site"

SCRIPT = """
import {{ loadPyodide }} from {mjs};
const py = await loadPyodide({{ indexURL: {index} }});
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, {{ root: {root} }}, "/repo");
py.setStdout({{ batched: (line) => console.log(line) }});
await py.runPythonAsync(`
import sys
sys.path.insert(0, "/repo")
sys.argv = ["chances.py", "--games", "{games}"]
import platform
print("# Python", platform.python_version(), "on", sys.platform)
import runpy
runpy.run_path("/repo/benchmarks/chances.py", run_name="__main__")
`);
"""


def pyodide_dir(given: str | None) -> Path:
    """The folder holding ``pyodide.mjs``: ``given``, else the newest one in the site's toolchain cache."""
    if given:
        return Path(given)
    found = sorted(CACHE.glob("pyodide-*/pyodide.mjs"))
    if not found:
        sys.exit("no Pyodide found: run `make site` first (it caches one), or pass --pyodide DIR")
    return found[-1].parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="seeded games per case (default 3)")
    parser.add_argument("--pyodide", help="a folder with pyodide.mjs (default: the site's toolchain cache)")
    args = parser.parse_args()
    node = shutil.which("node")
    if node is None:
        sys.exit("node is not installed: the benchmark runs Pyodide under Node")
    where = pyodide_dir(args.pyodide)
    script = SCRIPT.format(
        mjs=json.dumps(str(where / "pyodide.mjs")),
        index=json.dumps(str(where) + "/"),
        root=json.dumps(str(ROOT)),
        games=args.games,
    )
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "chances.mjs"
        path.write_text(script)
        return subprocess.call([node, str(path)])


if __name__ == "__main__":
    sys.exit(main())
