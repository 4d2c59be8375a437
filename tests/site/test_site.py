"""The static site in Chromium with every other host blocked: the gallery lists every app and opens it, links each
lesson's worksheets, and the guard of these tests sees any request that leaves the site. Every app, drawn, stepped
and checked as a pupil uses it (Python running in the browser, Pyodide, no server but a static one):
``test_sequence.py`` with the checks of ``app_checks.py``.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from donkeylab.apps import APPS

SHOTS = os.environ.get("DONKEYLAB_SITE_SHOTS")  # a folder: a screenshot of the gallery


def test_a_request_to_any_other_host_is_counted_and_fails(page: Page, site_url: str, external: list[str]) -> None:
    """The guard of the offline tests can fail: a page (or its worker) reaching for a CDN is seen and refused."""
    page.goto(site_url)
    fetched = page.evaluate("""async () => {
      const worker = new Worker(URL.createObjectURL(new Blob(
        ["fetch('https://cdn.example.org/w.js').then(() => postMessage('ok'), () => postMessage('refused'))"])));
      const inWorker = await new Promise(resolve => { worker.onmessage = e => resolve(e.data); });
      const inPage = await fetch('https://fonts.example.com/a.css').then(() => 'ok', () => 'refused');
      return [inPage, inWorker];
    }""")
    assert fetched == ["refused", "refused"]
    assert external == ["https://cdn.example.org/w.js", "https://fonts.example.com/a.css"]


def test_gallery_lists_every_app_and_says_class_mode_needs_a_server(
    page: Page, site_url: str, external: list[str], errors: list[str]
) -> None:
    page.goto(site_url)
    cards = page.locator("a.dl-card-link")
    served = {name: info for name, info in APPS.items() if info.kind != "teacher"}  # class mode needs a server
    expect(cards).to_have_count(len(served))
    expect(page.locator("a.dl-card-link[data-app='class_mode']")).to_have_count(0)
    for name, info in served.items():
        card = page.locator(f"a.dl-card-link[data-app='{name}']")
        expect(card).to_contain_text(info.title.en)
        assert card.get_attribute("href") == f"voici/render/{name}.html"
        response = page.request.get(f"{site_url}voici/render/{name}.html")
        assert response.ok, name
    expect(page.locator("#dl-class-mode")).to_contain_text("needs a server")
    sheets = page.locator("#dl-teacher a.dl-ws-button")  # a worksheet and a key per lesson, in English and German
    expect(sheets).to_have_count(len([i for i in APPS.values() if i.kind == "lesson"]) * 4)
    for href in sheets.evaluate_all("links => links.map(a => a.getAttribute('href'))"):
        response = page.request.get(site_url + href)
        assert response.ok and "<main class='dl-sheet" in response.text(), href
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/gallery.png", full_page=True)
    page.locator("a.dl-card-link[data-app='double_down']").click()  # a card opens its app (drawn: the next test)
    page.wait_for_url("**/voici/render/double_down.html")
    expect(page).to_have_title(re.compile(re.escape(APPS["double_down"].title.en)))
    assert errors == [] and external == []
