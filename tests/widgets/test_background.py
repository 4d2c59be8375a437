"""``widgets.background``: a thread never makes the first import of numpy (plotly reads ``sys.modules`` unlocked)."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def _fresh(code: str) -> str:
    """Run ``code`` in a fresh interpreter (numpy not yet imported) and return what it prints."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120, check=True
    )
    return done.stdout.strip()


def test_a_worker_thread_finds_numpy_imported_before_it_starts() -> None:
    """Lesson 5's page failed to build 1 time in 4: its table's thread imported numpy while the main thread drew a
    plotly figure, and plotly's lookup got the half-made module ("partially initialized module 'numpy'")."""
    out = _fresh(
        """
        import sys, threading
        from donkeylab.widgets.background import Worker
        assert "numpy" not in sys.modules, "the test needs numpy not imported yet"
        seen = []
        done = threading.Event()
        def target():
            seen.append("numpy" in sys.modules)
            done.set()
        Worker(target, "probe").start()
        done.wait(30)
        print(seen)
        """
    )
    assert out == "[True]"


def test_building_a_page_imports_numpy_first() -> None:
    out = _fresh(
        """
        import sys
        from donkeylab.widgets.background import settle_imports
        before = "numpy" in sys.modules
        settle_imports()
        print(before, "numpy" in sys.modules)
        """
    )
    assert out == "False True"


def test_a_worker_or_the_what_if_panel_gives_the_main_thread_the_gil_back_within_a_millisecond() -> None:
    """A Step's reply waited up to 5 ms (Python's default switch interval) each time it took the GIL back from
    the what-if panel's computing thread: Lesson 1's Step p95 rose to 82-119 ms (benchmarks/README.md)."""
    out = _fresh(
        """
        import sys
        from donkeylab.widgets.background import SWITCH_S, Worker
        from donkeylab.lessons.dd_what_if import WhatIfPanel
        from donkeylab.widgets import Stepper
        before = sys.getswitchinterval()
        Worker(lambda: None, "probe").start()
        after_worker = sys.getswitchinterval()
        sys.setswitchinterval(before)
        WhatIfPanel(Stepper("double_donkey", 2, seed=1))
        print(before > SWITCH_S, after_worker == SWITCH_S, sys.getswitchinterval() == SWITCH_S)
        """
    )
    assert out == "True True True"
