"""The page's Content-Security-Policy in a real browser: Voila's own scripts run, an injected one does not.

``donkeylab.server.page_guard`` stamps a fresh nonce on the template's inline scripts; an attacker's markup
(here written into the page from devtools, as an XSS through a link would) gets none.
"""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.helpers import App

INJECT = """() => new Promise((done) => {
  const img = document.createElement("div");
  img.innerHTML = '<img src="data:," onerror="window.__pwned = 1">';
  const script = document.createElement("script");
  script.textContent = "window.__pwned2 = 1";
  document.body.append(img, script);
  const probe = img.querySelector("img");
  probe.addEventListener("error", () => done(true));
  probe.addEventListener("load", () => done(true));
  setTimeout(() => done(false), 5000);
})"""


def test_voilas_scripts_run_and_an_injected_script_does_not(app: App) -> None:
    app.open("double_down.ipynb")  # the page rendered: Voila's nonced inline scripts ran
    assert app.bar().step()  # and the widgets answer
    app.page.evaluate(INJECT)
    assert app.page.evaluate("[window.__pwned, window.__pwned2]") == [None, None]
    app.problems = [p for p in app.problems if "Content Security Policy" not in p]


def test_a_link_with_a_theme_shows_a_sentence_not_a_script(app: App) -> None:
    dialogs: list[str] = []
    app.page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    app.page.goto(app.url_of("double_down.ipynb", "theme=%22%3E%3Cscript%3Ealert(2)%3C/script%3E"))
    expect(app.page.locator("h1").first).to_have_text("This link is not one of ours")
    assert not dialogs
    app.problems = [p for p in app.problems if "400" not in p]  # the refused link's own status
