"""How tall each lesson page is on a school laptop (issue 35 §2: "a page a 13-15-year-old finishes").

``python benchmarks/lesson_heights.py`` serves ``notebooks/apps`` with Voila, opens every lesson in Chromium at
1366x768 in English and German, and prints the height of the lesson's scrolling area (``#rendered_cells``)
before the reveal and after it (the page's Reveal pressed, "going further" still folded), in pixels and in
screens of 768 px. Screenshots go to ``.ci-tmp/heights/``. A figure, not a test: targets live in the issue.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from donkeylab.server.serve import voila_command  # noqa: E402

LESSONS = ("die_choice", "angry_flips", "doublet_penalties", "arrow_chains", "full_games")
SCREEN = 768
HEIGHT_JS = "document.querySelector('#rendered_cells').scrollHeight"
# The height has settled when three polls 0.5 s apart agree (plots and tables draw after the widgets appear).
SETTLED_JS = """async () => {
  const seen = [];
  while (true) {
    seen.push(document.querySelector('#rendered_cells').scrollHeight);
    if (seen.length >= 3 && seen.slice(-3).every((h) => h === seen[seen.length - 1])) return seen.at(-1);
    await new Promise((r) => setTimeout(r, 500));
  }
}"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_server(base: str) -> None:
    for _ in range(600):
        try:
            urllib.request.urlopen(base + "/voila/static/voila.js", timeout=2)
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"Voila did not answer at {base}")


def measure(page: Page, base: str, name: str, lang: str, out: Path) -> tuple[int, int]:
    page.goto(f"{base}/voila/render/{name}.ipynb?lang={lang}", timeout=180_000)
    page.wait_for_selector(".dl-stepper .dl-pos:not(:empty)", timeout=180_000)
    before = int(page.evaluate(SETTLED_JS))
    page.screenshot(path=str(out / f"{name}-{lang}-before.png"), full_page=True)
    page.locator(".dl-prediction button.mod-warning").first.click()  # Reveal the answer
    page.wait_for_selector(".dl-exercises", state="attached", timeout=120_000)
    after = int(page.evaluate(SETTLED_JS))
    page.screenshot(path=str(out / f"{name}-{lang}-after.png"), full_page=True)
    return before, after


def main() -> None:
    out = ROOT / ".ci-tmp" / "heights"
    out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    log = (out / "voila.log").open("w")
    proc = subprocess.Popen(
        voila_command(port, ROOT / "notebooks" / "apps"), stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for_server(base)
        print(f"{'lesson':<18} lang  before px (screens)  after px (screens)")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            for name in LESSONS:
                for lang in ("en", "de"):
                    page = browser.new_page(viewport={"width": 1366, "height": SCREEN})
                    before, after = measure(page, base, name, lang, out)
                    shown = f"{before:>6} ({before / SCREEN:.1f})        {after:>6} ({after / SCREEN:.1f})"
                    print(f"{name:<18} {lang:<5} {shown}", flush=True)
                    page.close()
            browser.close()
    finally:
        subprocess.run(["kill", "--", f"-{proc.pid}"], check=False)


if __name__ == "__main__":
    main()
