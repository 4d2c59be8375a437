"""The same link on Voila and on the static site must draw the same thing (issue 35 §4).

Both pages run the same ``donkeylab`` and the same front end; only the kernel differs (CPython behind Voila,
Pyodide in the browser). So a difference in what a page draws is a difference in what the kernel sent or in how
the page received it: Pyodide's message conversion once dropped every ``None`` of the snapshot, and Double
Donkey's dice tray put the unrolled dice on the Hay card. What is compared, read in each page:

- the snapshot of every Stepper (its model's ``snapshot`` trait, from the page's widget manager);
- each game view's text alternative (its ``aria-label``: the kernel's summary for a screen reader);
- the visible text of each game view (the event log included) and of each Stepper bar.

The site test opens every app for its own checks; the comparison runs on that page, right after it is drawn,
against a Voila page of the same link (one Voila load per app: the site page is not loaded twice).
"""

from __future__ import annotations

import difflib
import json
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from tests.browser.helpers import App

# The page's widget models (ipywidgets' manager: ``jupyterapp.widgetManager`` on Voila and Voici alike).
MODELS = "async () => Promise.all(Object.values(window.jupyterapp.widgetManager._models))"

# Drawn: every view model (a model with a ``stepper``) has its element, and every visible element has drawn
# its first picture (a view draws at once once its Stepper has a snapshot; an empty root is one still waiting).
DRAWN = f"""async () => {{
  const models = await ({MODELS})();
  const views = models.filter((m) => m.get('stepper')).length;
  const roots = [...document.querySelectorAll('.dl-view')];
  const bars = [...document.querySelectorAll('.dl-stepper .dl-pos')];
  return views > 0 && roots.length >= views && roots.every((r) => r.offsetParent === null || r.childElementCount > 0)
    && bars.every((b) => b.offsetParent === null || b.textContent !== '');
}}"""

READ = f"""async () => {{
  const models = await ({MODELS})();
  const visible = (sel) => [...document.querySelectorAll(sel)].filter((el) => el.offsetParent !== null);
  const views = visible('.dl-view');
  return {{
    snapshots: models.filter((m) => m.get('snapshot')).map((m) => JSON.stringify(m.get('snapshot'))).sort(),
    summaries: views.map((v) => v.getAttribute('aria-label') || ''),
    views: views.map((v) => v.innerText),
    bars: visible('.dl-stepper').map((b) => b.innerText),
  }};
}}"""


def drawing(page: Page) -> dict[str, list[str]]:
    """What ``page`` draws, once every view has drawn: snapshots, text alternatives, visible texts."""
    page.wait_for_function(DRAWN, timeout=60_000)
    found: dict[str, list[str]] = page.evaluate(READ)
    return found


def differences(voila: dict[str, list[str]], site: dict[str, list[str]]) -> str:
    """A readable diff per part that differs ('' when none does)."""
    out = []
    for part in voila:
        if voila[part] == site[part]:
            continue
        before = "\n".join(_pretty(x) for x in voila[part]).splitlines()
        after = "\n".join(_pretty(x) for x in site[part]).splitlines()
        diff = difflib.unified_diff(before, after, "voila", "site", lineterm="", n=1)
        out.append(f"{part}:\n" + "\n".join(line[:200] for line in list(diff)[:40]))
    return "\n".join(out)


def _pretty(text: str) -> str:
    """A snapshot (JSON) a key per line, so a diff shows the key that differs; other text as it is."""
    try:
        value: Any = json.loads(text)
    except ValueError:
        return text
    return json.dumps(value, indent=1, sort_keys=True) if isinstance(value, dict) else text


def changed_since_build(site: Path, root: Path) -> list[str]:
    """The sources (the package, the widgets' front end, the app notebooks) changed after ``site`` was built:
    Voila's kernels read the tree as it is now, the site holds the wheel of its build."""
    built = (site / ".donkeylab-site").stat().st_mtime
    sources = [*(root / "donkeylab").rglob("*.py"), *(root / "widgets").glob("*.*"), *(root / "notebooks").rglob("*")]
    return sorted(str(p.relative_to(root)) for p in sources if p.is_file() and p.stat().st_mtime > built)


def same_as_voila(site: Page, voila: App, name: str, query: str) -> float:
    """Open ``name?query`` on Voila and check that the site page ``site`` (already open on the same link, not
    yet touched) draws the same; returns the seconds the comparison took (what it adds to the site test)."""
    began = time.perf_counter()
    drawn = drawing(site)
    voila.open(f"{name}.ipynb", query)
    expected = drawing(voila.page)
    assert drawn["snapshots"], f"{name}: no Stepper snapshot found in the page"
    found = differences(expected, drawn)
    if found:
        from tests.site.conftest import ROOT, SITE

        stale = changed_since_build(SITE, ROOT)
        note = f"changed since the site was built (make site): {', '.join(stale[:8])}\n" if stale else ""
        raise AssertionError(f"{name}?{query} draws differently on the site:\n{note}{found}")
    return time.perf_counter() - began
