"""The gallery (what ``make app`` opens) has a card for every app, and a real click on a card opens it."""

from __future__ import annotations

from playwright.sync_api import expect

from donkeylab.apps import APPS
from tests.browser.helpers import App, Server


def test_gallery_has_a_card_for_every_app(gallery_links: dict[str, str], voila: Server) -> None:
    assert sorted(gallery_links) == sorted(APPS)
    for name, url in gallery_links.items():
        assert url == f"{voila.url}/voila/render/{APPS[name].notebook}"


def test_gallery_card_click_opens_the_app(app: App) -> None:
    app.open("index.ipynb", ready=".dl-gallery a.dl-card-link")
    expect(app.page).to_have_title("donkeylab — apps")
    for info in APPS.values():
        expect(app.page.locator(".dl-gallery")).to_contain_text(info.title.en)
    card = app.page.locator(".dl-gallery a.dl-card-link", has_text=APPS["double_down"].title.en)
    card.click()
    expect(app.page).to_have_url(f"{app.server.url}/voila/render/double_down.ipynb?lang=en")
    app.wait_ready()
    expect(app.bar().step_button).to_be_enabled()
    app.check_console()
