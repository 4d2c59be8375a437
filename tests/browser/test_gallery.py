"""The Voila gallery loads in Chromium, lists the apps, and an app page runs its Python."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect


def test_gallery_index_lists_the_apps(app_page: Any, voila_url: str) -> None:
    app_page.goto(voila_url + "/", wait_until="domcontentloaded")
    expect(app_page.get_by_role("listitem").filter(has_text="welcome.ipynb")).to_be_visible()


def test_app_page_runs_its_python(app_page: Any, voila_url: str) -> None:
    app_page.goto(voila_url + "/voila/render/welcome.ipynb", wait_until="domcontentloaded")
    # The welcome notebook's code cell ran in a kernel and printed the registered games.
    expect(app_page.get_by_text("double_donkey, double_down, esels_rennen")).to_be_visible()
    expect(app_page.locator("body")).to_contain_text("Double Donkey")
