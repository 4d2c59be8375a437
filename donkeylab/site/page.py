"""What an app page of the static site runs in the browser: its link is read from the page's own address.

Why: on Voila the kernel gets the page's query string (``QUERY_STRING``); under Voici it does not — the kernel
runs in a web worker whose ``location`` is the worker's script, not the page, and Voici passes nothing on (its
front end reads ``?theme=`` only). So the page shows a small ``PageLink`` widget first: its front end sends
``location.search`` to the kernel, which then builds the app for that link exactly as Voila's ``app()`` does
(``apps.build``: the same parser, the same friendly note for a bad link).

A site notebook's one code cell is ``from donkeylab.site.page import app; app("double_donkey")``.
"""

from __future__ import annotations

from typing import Any

import anywidget
import ipywidgets as w
import traitlets as t

MAX_QUERY = 2_000  # a link longer than this is cut (the parser reports what it cannot use)

_ESM = f"const MAX_QUERY = {MAX_QUERY};\n" + (
    """
export default {
  render({ model, el }) {
    el.classList.add("dl-page-link");
    if (!model.get("read")) {
      model.set("query", (window.location.search || "").replace(/^[?]/, "").slice(0, MAX_QUERY));
      model.set("read", true);
      model.save_changes();
    }
  },
};
"""
)

LOADING = {
    "en": "Loading the app… (the first visit downloads Python into this browser: it takes a few seconds)",
    "de": "Die App wird geladen … (beim ersten Besuch lädt dieser Browser Python: das dauert ein paar Sekunden)",
}


class PageLink(anywidget.AnyWidget):
    """Sends the page's query string (``?seed=…&step=…``) to the kernel once, when it is first shown."""

    _esm = _ESM
    query = t.Unicode("", help="the page's query string, without '?'").tag(sync=True)
    read = t.Bool(False, help="True once the front end has sent the query string").tag(sync=True)

    def __repr__(self) -> str:
        return f"PageLink(read={self.read}, query={self.query[:60]!r})"


class SitePage(w.VBox):  # type: ignore[misc]
    """The app ``name`` for the page's link: a loading note until the link arrives, then the app itself."""

    def __init__(self, name: str) -> None:
        from donkeylab.apps import APPS

        if name not in APPS:
            raise KeyError(f"no app {name!r}; known: {', '.join(APPS)}")
        self.name = name
        self.link = PageLink()
        note = w.HTML(f"<p class='dl-site-loading' role='status'>{LOADING['en']}</p>")
        super().__init__([note, self.link])
        self.add_class("dl-site-page")
        self.link.observe(self._on_read, names="read")

    def _on_read(self, change: dict[str, Any]) -> None:
        from donkeylab.apps import build, presenter

        if change["new"]:
            page = build(self.name, self.link.query[:MAX_QUERY])
            self.children = (presenter.corner(page), page)

    def __repr__(self) -> str:
        return f"SitePage({self.name!r}, {self.link!r})"


def app(name: str) -> None:
    """Build and display app ``name`` (what a site notebook's one code cell calls)."""
    from IPython.display import display

    display(SitePage(name))  # type: ignore[no-untyped-call]
