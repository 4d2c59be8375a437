"""Which sampler a game's question runs: its numpy fast path, or the pure-Python twin where numpy is missing.

Why: the static site runs the apps in the browser (Pyodide), where no numpy build can be had here, and the
engines never needed numpy. Each game keeps both beside its questions (``fast_*.py`` with numpy, ``pure.py``
without): the same slice of the rules (the same ``RULES_COVERED``), the same answers, other draws for a seed.
Standard library only, so it imports where numpy does not.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from functools import cache
from types import ModuleType


@cache
def have_numpy() -> bool:
    """True when numpy can be imported (the fast paths); ``DONKEYLAB_PURE=1`` forces the pure path (tests,
    benchmarks)."""
    if os.environ.get("DONKEYLAB_PURE") == "1":
        return False
    try:
        return importlib.util.find_spec("numpy") is not None
    except (ImportError, ValueError):
        return False


def pick(fast: str, pure: str) -> ModuleType:
    """The module ``fast`` (dotted path) where numpy is installed, else ``pure``."""
    return importlib.import_module(fast if have_numpy() else pure)
