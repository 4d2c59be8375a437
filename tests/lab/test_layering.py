"""The lab sits above the engines and below the widgets: never ipywidgets; plotly only when figures are used."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import sys
import donkeylab.lab, donkeylab.lab.questions, donkeylab.lab.question_figures, donkeylab.lab.running, donkeylab.cli
import donkeylab.double_donkey.fast_flips, donkeylab.double_down.fast_totals, donkeylab.esels_rennen.fast_race
assert "plotly" not in sys.modules, "import donkeylab.lab must not load plotly (CLI start-up)"
import donkeylab.lab.figures, donkeylab.lab.lessons
bad = [m for m in ("ipywidgets", "IPython", "anywidget") if m in sys.modules]
assert not bad, f"the lab imported {bad}"
"""


def test_lab_imports_no_widget_libraries() -> None:
    proc = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
