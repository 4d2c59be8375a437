"""A lesson notebook in a headless JupyterLab: the same widgets render and answer clicks there too.

JupyterLab runs on a copy of the notebook in a temporary folder (it writes checkpoints and workspaces), with
its own config, runtime and workspace folders, on a free port with a token. The test runs every cell from
the Run menu, then clicks in the step-through, switches the language and starts a live plot.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ROOT, _free_port, launch
from tests.browser.helpers import RENDER_MS, App, Bar, Server
from tests.browser.shared_server import stop_group

LESSON = ROOT / "notebooks" / "03_doublet_penalties.ipynb"


def code_cells(notebook: Path) -> int:
    return sum(cell["cell_type"] == "code" for cell in json.loads(notebook.read_text())["cells"])


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory, output_dir: Path) -> Iterator[tuple[Server, str]]:
    home = tmp_path_factory.mktemp("lab")
    shutil.copy(LESSON, home / LESSON.name)
    port, token = _free_port(), secrets.token_urlsafe(16)
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(home / ".config"),
        "JUPYTER_RUNTIME_DIR": str(home / ".runtime"),
        "JUPYTERLAB_WORKSPACES_DIR": str(home / ".workspaces"),
        "JUPYTERLAB_SETTINGS_DIR": str(home / ".settings"),
    }
    cmd = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        "--allow-root",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={home}",
        "--LabApp.news_url=",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    proc, server = launch(cmd, output_dir / "jupyterlab.log", env, ready=f"/api/status?token={token}", cwd=home)
    yield server, token
    stop_group(proc.pid)
    proc.wait(5)


def test_lesson_notebook_runs_in_jupyterlab_and_its_widgets_answer(
    page: Page, lab: tuple[Server, str], output_dir: Path
) -> None:
    server, token = lab
    app = App(page, server, output_dir / "screens")
    page.goto(f"{server.url}/lab/tree/{LESSON.name}?token={token}", timeout=RENDER_MS)
    notebook = page.locator(".jp-NotebookPanel:visible")
    expect(notebook.locator(".jp-Cell").first).to_be_visible(timeout=RENDER_MS)
    status = page.locator(".jp-StatusBar-Widget", has_text="Python 3 (ipykernel) | Idle")
    expect(status).to_be_visible(timeout=RENDER_MS)  # the kernel is connected
    notebook.locator(".jp-Cell").first.click()  # the notebook is Lab's current widget: Run menu acts on it
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    bar = Bar(notebook.locator(".dl-stepper").first)
    expect(bar.pos).to_have_text("step 4 of 4", timeout=RENDER_MS)
    last = notebook.locator(".jp-CodeCell .jp-InputArea-prompt").last
    expect(last).to_have_text(f"[{code_cells(LESSON)}]:", timeout=RENDER_MS)  # every code cell ran
    errors = notebook.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"], .jp-mod-error')
    expect(errors).to_have_count(0)

    bar.root.scroll_into_view_if_needed()
    choice = bar.choices.first
    expect(choice).to_be_visible()
    choice.click()
    expect(bar.pos).to_have_text("step 5 of 5")
    bar.step()
    notebook.locator(".widget-toggle-button", has_text="Deutsch").first.click()
    bar.drawn_in("de")  # the labels, and the kernel's snapshot in German (the sentence) before the screenshot
    bar.root.scroll_into_view_if_needed()
    app.screenshot("jupyterlab-03_doublet_penalties-step")

    plot = notebook.locator(".dl-liveplot").filter(has=page.locator("button.dl-liveplot-toggle:visible")).first
    plot.scroll_into_view_if_needed()
    handle = plot.element_handle()
    page.wait_for_function("el => (el.querySelector('.js-plotly-plot')?.data || []).length > 0", arg=handle)
    # The lesson's live plot is a running estimate (lines and a band): simulating adds points to its traces.
    points = "el => el.querySelector('.js-plotly-plot').data.reduce((n, t) => n + (t.x || []).length, 0)"
    before = page.evaluate(points, handle)
    plot.locator("button.dl-liveplot-toggle").click()
    page.wait_for_function(f"el => ({points})(el) > {before}", arg=handle, timeout=90_000)
    app.screenshot("jupyterlab-03_doublet_penalties-plot")
    app.check_console()
