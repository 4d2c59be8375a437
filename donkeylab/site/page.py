"""What an app page of the static site runs in the browser: its link is read from the page's own address.

Why: on Voila the kernel gets the page's query string (``QUERY_STRING``); under Voici it does not — the kernel
runs in a web worker whose ``location`` is the worker's script, not the page, and Voici passes nothing on (its
front end reads ``?theme=`` only). So the page shows a small ``PageLink`` widget first: its front end sends
``location.search`` to the kernel, which then builds the app for that link exactly as Voila's ``app()`` does
(``apps.build``: the same parser, the same friendly note for a bad link).

A site notebook's one code cell is ``from donkeylab.site.page import app; app("double_donkey")``.

The same cell makes the browser kernel send its widget messages as JSON, as CPython's kernel does
(``json_comms``): the page must get the very snapshot Voila sends.
"""

from __future__ import annotations

import html
import json
import sys
import traceback
from collections.abc import Callable
from typing import Any

import anywidget
import ipywidgets as w
import traitlets as t

from donkeylab.core.messages import LANGUAGES
from donkeylab.core.say import texts

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

# The page's own sentences, before it knows the link's language: the loading note in English, a failure in both.
say = texts(
    "site/",
    {
        "loading": (
            "Loading the app… (the first visit downloads Python into this browser: it takes a few seconds)",
            "Die App wird geladen … (beim ersten Besuch lädt dieser Browser Python: das dauert ein paar Sekunden)",
        ),
        "failed": (
            "The app could not start: {error}. Reload the page; if it happens again, tell your teacher.",
            "Die App konnte nicht starten: {error}. Lade die Seite neu; wenn es wieder passiert, sag es deiner "
            "Lehrkraft.",
        ),
    },
)


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
        note = w.HTML(f"<p class='dl-site-loading' role='status'>{say('loading', 'en')}</p>")
        super().__init__([note, self.link])
        self.add_class("dl-site-page")
        self.link.observe(self._on_read, names="read")

    def _on_read(self, change: dict[str, Any]) -> None:
        """Build the app for the link; an app that cannot be built says so in the page.

        Why: this runs in a comm handler, and the browser kernel shows a comm handler's exception nowhere, so
        the page would keep its loading note for ever (a check waiting for the app times out with nothing to
        read).
        The traceback still goes to the kernel's log."""
        from donkeylab.apps import build
        from donkeylab.pages import presenter

        if not change["new"]:
            return
        shown: list[Any]
        try:
            page = build(self.name, self.link.query[:MAX_QUERY])
            shown = [presenter.corner(page), page]
        except Exception as exc:
            traceback.print_exc()
            error = html.escape(f"{type(exc).__name__}: {exc}"[:300])
            both = "<br>".join(f"<span lang='{lang}'>{say('failed', lang, error=error)}</span>" for lang in LANGUAGES)
            shown = [w.HTML(f"<p class='dl-site-error' role='alert'>{both}</p>")]
        self.children = tuple(shown)

    def __repr__(self) -> str:
        return f"SitePage({self.name!r}, {self.link!r})"


def json_comms(shell: Any, parse: Callable[[str], Any]) -> bool:
    """Make ``shell`` send every comm message's content as JSON text parsed by ``parse`` (``JSON.parse``).

    Why: the Pyodide kernel (jupyterlite-pyodide-kernel 0.7) hands a comm message's Python content to the
    page with ``toJs()``, which makes ``None`` JavaScript's ``undefined``, and a key whose value is undefined
    is gone by the time the page's widget model has it. Voila's kernel sends JSON, with ``null``. So a
    Double Donkey die ``{"hay": None, "rolled": None}`` would reach the dice tray as ``{}`` and, tested with
    ``!== null``, lie on the Hay card; any view reading a None would differ the same way. A
    JavaScript object parsed from ``json.dumps`` passes the worker's conversion unchanged (it converts Python
    objects only), so the page gets what CPython would have sent. Content JSON cannot carry (NaN, a type
    json does not know) goes the kernel's own way. Returns False when ``shell`` had it already."""
    send = shell.send_comm
    if getattr(send, "donkeylab_json", False):
        return False

    def send_json(msg_type: str, content: Any, metadata: Any, ident: Any, buffers: Any) -> Any:
        try:
            text = json.dumps(content, allow_nan=False, separators=(",", ":"))
        except (TypeError, ValueError):
            return send(msg_type, content, metadata, ident, buffers)
        return send(msg_type, parse(text), metadata, ident, buffers)

    send_json.donkeylab_json = True  # type: ignore[attr-defined]
    shell.send_comm = send_json
    return True


def _browser_kernel_speaks_json() -> None:
    """``json_comms`` for the Pyodide kernel this page runs in; nothing under CPython (Voila, tests)."""
    if sys.platform != "emscripten":
        return
    import js  # type: ignore[import-not-found]  # Pyodide's bridge to the worker's globals
    from IPython import get_ipython

    shell = get_ipython()
    if shell is not None and hasattr(shell, "send_comm"):
        json_comms(shell, js.JSON.parse)


def app(name: str) -> None:
    """Build and display app ``name`` (what a site notebook's one code cell calls)."""
    from IPython.display import display

    _browser_kernel_speaks_json()
    display(SitePage(name))  # type: ignore[no-untyped-call]
