"""``donkeylab site build DIR``: the whole static site, offline-ready, in ``DIR``.

The build runs inside its own venv (``fetch.venv_python``; this module re-runs itself there), so Voici's
pins never touch the project's venv. Steps: fetch (cached) → a JupyterLite folder with Pyodide and our
wheels under ``static/pyodide/`` (the Pyodide addon then points ``pyodideUrl`` at it by itself) and
``jupyter-lite.json`` (packages preloaded, PyPI fallback off) → ``voici build`` of one notebook per app →
the lessons' worksheets and answer keys (``worksheets/``), the gallery as ``index.html`` and every request kept
on the site (the Voila template's Font Awesome CDN links
are dropped: voila.js already bundles Font Awesome) → a check that nothing points off the site.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from donkeylab.site import fetch, gallery, wheels
from donkeylab.site.config import ROOT, SiteConfig, cache_dir, load

MARKER = ".donkeylab-site"  # a folder holding it may be replaced by the next build
PRELOAD = ("micropip", "sqlite3", "ipython", "jedi", "comm", "traitlets", "ipywidgets", "anywidget", "plotly")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
# Before Voici's scripts on every page that runs JupyterLite: its service worker is never registered (see
# ``_without_service_worker``), and one an earlier version of this site installed is let go (only the one whose
# scope is the site's folder: a static host such as GitHub Pages gives other sites the same origin).
GUARD_MARK = "donkeylab: no service worker"
NO_SERVICE_WORKER = """<script>/* GUARD_MARK, so the kernel has no /drive (see donkeylab/site/build.py) */
(function () {
  var sw = navigator.serviceWorker;
  if (!sw) return;
  var root = new URL("ROOT", location.href).href;
  sw.register = function () { return Promise.reject(new Error("donkeylab: this site runs without a service worker")); };
  sw.getRegistrations().then(function (all) {
    all.forEach(function (r) { if (r.scope === root) r.unregister(); });
  });
})();
</script>
""".replace("GUARD_MARK", GUARD_MARK)
CDN_LINK = re.compile(r"<link[^>]+href=\"https://cdn\.jsdelivr\.net/[^\"]*\"[^>]*/?>\s*")
EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["'](?:https?:)?//""")


def build(
    out: Path, cfg: SiteConfig | None = None, apps: list[gallery.Card] | None = None, sheets: Path | None = None
) -> dict[str, float]:
    """Write the site to ``out``; the figures of the build (seconds, megabytes).

    Called in the project's Python, it reads the gallery's cards and writes the lessons' sheets there (the apps
    and lessons import plotly, which the build venv must not have: its JupyterLab extension would ship plotly.js a
    second time) and runs the rest in the build venv. ``sheets``: a folder laid out as the site (``worksheets/``)."""
    began = time.perf_counter()
    cfg = cfg or load()
    python = fetch.venv_python(cfg)
    if apps is None:
        apps = gallery.cards()
    if sheets is None:
        sheets = gallery.write_sheets(apps, cache_dir() / "sheets")
    if Path(sys.prefix).resolve() != python.parent.parent.resolve():
        return _in_venv(python, out, apps, sheets, began)
    _check_out(out)
    core = fetch.pyodide_core(cfg)
    pinned = fetch.wheels(cfg, python)
    fetched = time.perf_counter()
    lite = cache_dir() / "lite"
    shutil.rmtree(lite, ignore_errors=True)
    pyodide = lite / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    for name in fetch.PYODIDE_FILES:
        shutil.copy2(core / name, pyodide / name)
    shipped = _ship_wheels(pinned, pyodide, python)
    lock = wheels.lock(shipped, core / "pyodide-lock.json")
    (pyodide / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")
    _write_lite_config(lite)
    gallery.write_notebooks(apps, lite / "apps")
    staging = cache_dir() / "out"
    shutil.rmtree(staging, ignore_errors=True)
    fetch.log("voici build")
    command = [str(python.parent / "voici"), "build", "--lite-dir", ".", "--contents", "apps"]
    command += ["--output-dir", str(staging), "--no-sourcemaps", "--no-unused-shared-packages"]
    subprocess.run(command, check=True, cwd=lite, stdout=sys.stderr)  # our stdout carries the figures
    shutil.copytree(sheets, staging, dirs_exist_ok=True)
    _keep_requests_on_site(staging)
    _without_service_worker(staging)
    (staging / "index.html").write_text(gallery.index_html(apps), encoding="utf-8")
    (staging / MARKER).write_text(json.dumps({"pyodide": cfg.pyodide, "apps": [a["name"] for a in apps]}) + "\n")
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(staging, out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file()) / 1e6
    figures = {"seconds": time.perf_counter() - began, "fetch_seconds": fetched - began, "megabytes": size}
    fetch.log(f"site written to {out}: {size:.1f} MB in {figures['seconds']:.0f} s")
    return figures


def _in_venv(python: Path, out: Path, apps: list[gallery.Card], sheets: Path, began: float) -> dict[str, float]:
    """Run this build again inside the build venv (with the checkout importable there)."""
    cards = cache_dir() / "cards.json"
    cards.write_text(json.dumps(apps))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [str(python), "-m", "donkeylab.site.build", str(out.resolve()), "--cards", str(cards)]
    command += ["--sheets", str(sheets.resolve())]
    proc = subprocess.run(command, env=env, check=True, stdout=subprocess.PIPE)
    result: dict[str, float] = json.loads(proc.stdout.decode().strip().splitlines()[-1])
    result["seconds"] = time.perf_counter() - began
    return result


def _check_out(out: Path) -> None:
    """Refuse to replace a folder that is not an earlier site (a typo must not delete someone's files)."""
    if out.exists() and any(out.iterdir()) and not (out / MARKER).exists():
        raise FileExistsError(f"{out} exists and is not a donkeylab site: choose an empty or new folder")


def _ship_wheels(pinned: list[Path], folder: Path, python: Path) -> list[Path]:
    """The pinned wheels (plotly slimmed), the sqlite3 stand-in and donkeylab's own wheel, in ``folder``."""
    shipped = []
    for path in pinned:
        if path.name.startswith("plotly-"):
            shipped.append(wheels.slim_plotly(path, folder))
        else:
            shipped.append(Path(shutil.copy2(path, folder / path.name)))
    shipped.append(wheels.sqlite3_standin(folder))
    built = cache_dir() / "donkeylab-wheel"
    shutil.rmtree(built, ignore_errors=True)
    fetch.log("building donkeylab's wheel")
    command = [str(python), "-m", "pip", "wheel", "-q", "--disable-pip-version-check", "--no-deps", "-w", str(built)]
    subprocess.run([*command, str(ROOT)], check=True)
    (own,) = built.glob("donkeylab-*.whl")
    shipped.append(Path(shutil.copy2(own, folder / own.name)))
    return shipped


def _write_lite_config(lite: Path) -> None:
    """Packages preloaded (no notebook needs a ``%pip`` cell), no PyPI fallback: nothing leaves the site."""
    settings = {
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"packages": [*PRELOAD, "donkeylab"]},
    }
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "donkeylab",
            "litePluginSettings": {KERNEL_PLUGIN: settings},
            "disabledExtensions": [],
        },
    }
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=1) + "\n")


def _keep_requests_on_site(site: Path) -> None:
    """Drop the CDN stylesheet links of the Voila template (voila.js bundles Font Awesome), then check that
    no page loads anything from another host."""
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        cleaned = CDN_LINK.sub("", text)
        if cleaned != text:
            page.write_text(cleaned, encoding="utf-8")
        found = EXTERNAL.search(cleaned)
        if found:
            raise RuntimeError(f"{page} still loads from another host: {cleaned[found.start() : found.start() + 120]}")


def _without_service_worker(site: Path) -> None:
    """Keep JupyterLite's service worker out of every page, so the Pyodide kernel mounts no ``/drive``.

    Why: a registered service worker is a proxy for every request of every tab of the site (hundreds per app page),
    and with one the kernel mounts the page's contents at ``/drive`` and starts there: Python then looks in that
    folder before every top-level import, each look a synchronous request from the kernel's worker through the
    service worker to the page and back. The site uses neither the drive (its notebooks read no files) nor the
    worker's other service, ``input()``. Without it a page load costs less CPU (``benchmarks/site_load.py``) and
    reads the browser's own HTTP cache. JupyterLite logs that the registration failed (a warning, and Voici's
    start-up an error "undefined"); the kernel then mounts nothing."""
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        if "jupyter-config-data" not in text or GUARD_MARK in text:
            continue
        head = text.find("<head>")
        if head < 0:
            raise RuntimeError(f"{page} has no <head> for the service-worker guard")
        at = head + len("<head>")
        root = "../" * len(page.parent.relative_to(site).parts) or "./"  # the site's folder, from this page
        page.write_text(text[:at] + "\n" + NO_SERVICE_WORKER.replace("ROOT", root) + text[at:], encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m donkeylab.site.build")
    parser.add_argument("out", type=Path)
    parser.add_argument("--cards", type=Path, help="the gallery's cards (JSON), read in the project's Python")
    parser.add_argument("--sheets", type=Path, help="the lessons' sheets, written in the project's Python")
    args = parser.parse_args(argv)
    cards = json.loads(args.cards.read_text()) if args.cards else None
    figures = build(args.out, apps=cards, sheets=args.sheets)
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
