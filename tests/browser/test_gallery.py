"""The Voila gallery loads in Chromium and lists the apps; its links open the app pages."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect


def test_gallery_index_lists_the_apps(app_page: Any, voila_url: str) -> None:
    app_page.goto(voila_url + "/voila/render/index.ipynb", wait_until="domcontentloaded")
    cards = app_page.locator(".dl-gallery a.dl-card-link")
    expect(cards.first).to_be_visible()
    expect(app_page.locator(".dl-gallery")).to_contain_text("Double Down")
