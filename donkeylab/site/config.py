"""The static site's pins, from ``pyproject.toml``: every version in one place.

``[project.optional-dependencies].site`` is the build toolchain (Voici, JupyterLite, the Pyodide kernel),
installed into the build's own venv; ``[tool.donkeylab.site]`` is what the browser gets: the npm Pyodide
version and the pure-Python wheels. The build needs the source checkout (the notebooks, donkeylab's wheel),
so it reads the checkout's ``pyproject.toml``.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]  # the checkout: pyproject.toml, notebooks/, widgets/


@dataclasses.dataclass(frozen=True)
class SiteConfig:
    """The pins: ``toolchain`` (pip requirements of the build venv), ``pyodide`` (npm version), ``wheels``
    (exact ``name==version`` pins for the browser) and ``python`` (Pyodide's Python, for ``pip download``)."""

    toolchain: tuple[str, ...]
    pyodide: str
    python: str
    wheels: tuple[str, ...]

    def key(self, *parts: Any) -> str:
        """A short hash of the pins (and ``parts``): a cache entry is reused only for the same pins."""
        text = json.dumps([dataclasses.asdict(self), *map(str, parts)], sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:12]


def load(root: Path = ROOT) -> SiteConfig:
    """The pins of the checkout at ``root``; a clear error when it is not a checkout (an installed wheel)."""
    path = root / "pyproject.toml"
    if not path.exists():
        raise FileNotFoundError(f"the site is built from a source checkout: {path} is missing")
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    site = data["tool"]["donkeylab"]["site"]
    return SiteConfig(
        toolchain=tuple(data["project"]["optional-dependencies"]["site"]),
        pyodide=str(site["pyodide"]),
        python=str(site["python"]),
        wheels=tuple(site["wheels"]),
    )


def cache_dir() -> Path:
    """Where fetched things are kept between builds (``DONKEYLAB_SITE_CACHE`` overrides)."""
    default = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "donkeylab" / "site"
    path = Path(os.environ.get("DONKEYLAB_SITE_CACHE", default))
    path.mkdir(parents=True, exist_ok=True)
    return path
