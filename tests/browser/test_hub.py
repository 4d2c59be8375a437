"""Class mode on a real JupyterHub on one machine, as ``deploy/README.md`` tells a school to run it.

JupyterHub (pinned in the test extras) with configurable-http-proxy (npm, ``make hub-proxy``) runs
``deploy/jupyterhub_config.py``: the dummy authenticator and the single-user settings of
``deploy/jupyterhub/config.yaml``, local processes standing in for Kubernetes pods, and the session's
PostgreSQL (``pg_url``, the store tests' throwaway cluster) as the one class store. A teacher and three pupils
log in through the hub, each landing on the gallery in Voila on a server of their own. The teacher starts a
class; the pupils open its link through the hub's proxy (it sends each to their own server), lock in a guess
and simulate; the dashboard counts their pooled trials from the one database, and the reveal reaches every
pupil. The steps' times are printed (``-s``) and the screenshots land in the output folder (``hub/``).
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from playwright.sync_api import Browser, expect

from tests.browser.conftest import ROOT, _free_port, launch
from tests.browser.helpers import RENDER_MS, App, Server
from tests.browser.shared_server import stop_group
from tests.classroom.conftest import pg_url  # noqa: F401  (the session's PostgreSQL, shared with the store tests)

PROXY = ROOT / ".venv" / "proxy" / "node_modules" / ".bin" / "configurable-http-proxy"
PASSWORD = secrets.token_urlsafe(12)
PUPILS = ("pupil-a", "pupil-b", "pupil-c")
LESSON = "die_choice"
GALLERY_READY = ".dl-gallery a.dl-card-link"
# Known gap: Voila as the hub's server extension serves its template as is, without ``donkeylab serve``'s page
# guard, which drops the template's two Font Awesome stylesheets; and a page there also asks for MathJax. Only
# these requests are let through here: any other request that leaves the hub still fails the test.
HUB_CDN = re.compile(r"https://(cdn\.jsdelivr\.net/npm/@fortawesome/|cdnjs\.cloudflare\.com/ajax/libs/mathjax/)")


@pytest.fixture(scope="module")
def hub(pg_url: str, output_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:  # noqa: F811
    """JupyterHub as the school runs it (``deploy/README.md``), on free ports of 127.0.0.1."""
    if not PROXY.exists():
        pytest.fail(f"{PROXY} missing: run 'make hub-proxy' (npm install of configurable-http-proxy)")
    state = tmp_path_factory.mktemp("hub")
    sockets = tempfile.mkdtemp(prefix="dlhub-")  # short: a Unix socket's path holds at most 107 bytes
    port = _free_port()
    env = {
        **os.environ,
        "DONKEYLAB_CLASS_DB": pg_url.replace("postgresql+psycopg://", "postgresql://", 1),
        "DONKEYLAB_HUB_PASSWORD": PASSWORD,
        "DONKEYLAB_HUB_URL": f"http://127.0.0.1:{port}",
        "DONKEYLAB_HUB_STATE": str(state),
        "DONKEYLAB_HUB_PROXY": str(PROXY),
        "DONKEYLAB_HUB_RUNTIME": sockets,
        "DONKEYLAB_TEACHER_KEYS": str(state / "teacher-keys.json"),
    }
    cmd = [
        str(ROOT / ".venv" / "bin" / "jupyterhub"),
        "-f",
        str(ROOT / "deploy" / "jupyterhub_config.py"),
        f"--port={port}",
        f"--JupyterHub.hub_bind_url=http://127.0.0.1:{_free_port()}",
        f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{_free_port()}",
    ]
    if os.geteuid() == 0:  # this test machine runs as root; a school's hub runs pupils as a plain user
        cmd.append('--Spawner.args=["--allow-root"]')
    proc, server = launch(cmd, output_dir / "jupyterhub.log", env, ready="/hub/health", cwd=state)
    yield server
    stop_group(proc.pid)
    proc.wait(30)
    shutil.rmtree(sockets, ignore_errors=True)


def log_in(browser: Browser, hub: Server, name: str, folder: Path) -> App:
    """A fresh browser logs in as ``name``: the hub starts the user's server and sends it to the gallery."""
    app = App(browser.new_context(viewport={"width": 1280, "height": 900}).new_page(), hub, folder)
    app.page.goto(f"{hub.url}/hub/login", wait_until="domcontentloaded")
    app.page.fill("#username_input", name)
    app.page.fill("#password_input", PASSWORD)
    app.page.click("#login_submit", no_wait_after=True)
    return app


def step(times: dict[str, float], name: str, since: float) -> float:
    now = time.monotonic()
    times[name] = round(now - since, 1)
    print(f"hub step: {name}: {times[name]} s", flush=True)
    return now


def test_a_class_meets_across_four_users_servers_of_a_hub(browser: Browser, hub: Server, output_dir: Path) -> None:
    users: list[App] = []
    try:
        a_class_meets(browser, hub, output_dir / "hub", users)
    except BaseException:
        for app, name in zip(users, ("teacher", *PUPILS), strict=False):
            app.screenshot_failure(f"hub-{name}")
        print("the hub's and its servers' complaints:", *complaints(hub.log()), sep="\n")
        raise


# What a failed run needs to say where a page stopped: the hub's, the proxy's and every user server's warnings
COMPLAINT = re.compile(r"^\[(E|W|C) |error|Traceback|Exception|Timeout|refused|died|restart", re.IGNORECASE)
NOISE = re.compile(
    r"slow to become responsive|websocket_ping_timeout|without encryption|DeprecationWarning|is deprecated|hub/health"
    r"|hub/error/404|is not trusted|Skipping XSRF|extra_template_paths|testing authenticator|without SSL|SIGTERM"
)


def complaints(log: str, last: int = 60) -> list[str]:
    """The log's last ``last`` lines that warn or fail, without the warnings every sound run prints."""
    return [line for line in log.splitlines() if COMPLAINT.search(line) and not NOISE.search(line)][-last:]


def a_class_meets(browser: Browser, hub: Server, folder: Path, users: list[App]) -> None:
    times: dict[str, float] = {}
    values = yaml.safe_load((ROOT / "deploy" / "jupyterhub" / "config.yaml").read_text())
    landing = values["singleuser"]["defaultUrl"]

    # Log in: a teacher and three pupils at once, each on the gallery of their own server.
    start = time.monotonic()
    users += [log_in(browser, hub, name, folder) for name in ("teacher", *PUPILS)]
    for app, name in zip(users, ("teacher", *PUPILS), strict=True):
        app.page.wait_for_url(re.compile(rf"/user/{name}{re.escape(landing)}"), timeout=180_000)
        app.wait_ready(GALLERY_READY)
    clock = step(times, "login → gallery (4 users)", start)
    teacher, pupils = users[0], users[1:]

    # The teacher starts a class from the gallery's class-mode card.
    teacher.page.locator(".dl-card-link", has_text="Class mode").click()
    teacher.wait_ready(".dl-class-dash select")
    teacher.page.select_option("#dl-cd-lesson", LESSON)
    teacher.page.fill("#dl-cd-size", "3")
    teacher.page.get_by_role("button", name="Start a class").click()
    expect(teacher.page.locator(".dl-cd-code")).to_have_text(re.compile(r"^\w{6}$"))
    code = teacher.page.locator(".dl-cd-code").inner_text()
    link = teacher.page.locator(".dl-cd-link").get_attribute("href") or ""
    assert link.startswith(f"{hub.url}/hub/user-redirect/"), link  # each pupil's own server, not the teacher's
    assert f"class={code}" in link
    clock = step(times, "gallery → class started", clock)

    # The pupils open the class link through the hub's proxy.
    for pupil in pupils:
        pupil.page.goto(link, wait_until="commit", timeout=RENDER_MS)
    for pupil, name in zip(pupils, PUPILS, strict=True):
        pupil.wait_ready(".dl-cc-bar b")
        assert f"/user/{name}/" in pupil.page.url, pupil.page.url
        expect(pupil.page.locator(".dl-class-status")).to_contain_text("No guess yet")
    expect(teacher.page.locator(".dl-cd-pupils")).to_have_text("3")
    clock = step(times, "class link → pupils able to guess", clock)

    # Each locks in a guess and simulates; the dashboard pools the three servers' trials from PostgreSQL.
    for pupil in pupils:
        pupil.page.locator(".dl-class-lock").click()
        expect(pupil.page.locator(".dl-class-status")).to_contain_text("locked in")
    expect(teacher.page.locator(".dl-cd-answered")).to_have_text("3")
    for pupil in pupils:
        pupil.page.locator(".dl-liveplot button.dl-liveplot-toggle:visible").first.click()
    expect(teacher.page.locator(".dl-cd-trials")).to_have_attribute("data-trials", "300000", timeout=240_000)
    clock = step(times, "guess → dashboard pooled (3 × 100000 trials)", clock)
    teacher.page.screenshot(path=str(folder / "teacher-dashboard.png"))

    # The reveal reaches every pupil.
    teacher.page.locator("button.dl-cd-reveal").click()
    for pupil in pupils:
        expect(pupil.page.locator(".dl-reveal")).to_contain_text("1/81")
    step(times, "reveal → every pupil", clock)
    pupils[0].page.screenshot(path=str(folder / "pupil-revealed.png"))
    print("hub test steps (s):", times)
    for app in users:
        app.assert_no_traceback()
        app.problems = [problem for problem in app.problems if not HUB_CDN.search(problem)]
        app.check_console()
        app.page.context.close()
