"""The Voila apps: one builder per page, the gallery, the query-string links and the serving settings.

An app notebook in ``notebooks/apps/`` is a thin shell: ``from donkeylab.apps import app; app("double_down")``
reads the page's query string (``?seed=…&step=…&lang=…``), builds the page from ``donkeylab.widgets`` and
shows any problem with the link as a friendly sentence. Sits above the widgets (core ← games ← lab ←
widgets ← apps ← notebooks).
"""

from __future__ import annotations

import logging
import os
import sys
from typing import Any

import ipywidgets as w

import donkeylab.lessons  # noqa: F401  (registers the lesson apps)
from donkeylab.apps import (
    games_apps,  # noqa: F401  (registers the free-play apps)
    prepared,
)
from donkeylab.apps.prepared import parts_of
from donkeylab.classmode import app as class_mode  # noqa: F401  (registers class mode's dashboard)
from donkeylab.classmode import pupil as class_pupil
from donkeylab.classmode import store_ahead as class_store_ahead
from donkeylab.classmode import warm as class_warm
from donkeylab.core.say import words as _words  # not `words`: that name is the pages.words module
from donkeylab.pages import presenter
from donkeylab.pages.query import Query, current_query_string, lost_link, parse_query
from donkeylab.pages.registry import APPS, AppInfo
from donkeylab.widgets.background import settle_imports

log = logging.getLogger(__name__)
LINK_LOST = lost_link({}).problems[0]  # the English sentence (the page shows it in its own language)

__all__ = ["APPS", "AppInfo", "app", "build", "gallery", "parts_of"]


def build(name: str, query_string: str | None = None) -> Any:
    """The page of app ``name`` for ``query_string`` (``None``: the page's own); never raises for a link."""
    info = APPS[name]
    settle_imports()  # before any of the page's threads (a lazy numpy import raced plotly's lookup)
    if query_string is None and preheating():
        warm(info)
        lang = class_warm.class_language(info.name) if info.kind == "lesson" else None
        if lang:  # a kernel warmed for a class: the pupil's page, but for the class and the pupil, built ahead
            prepared.prepare(info, lang)
            class_store_ahead.open_ahead()  # and its class store: the join then only writes the pupil's row
        class_warm.built()  # the server starts the next kernel of a class's warm-up now
    text = current_query_string() if query_string is None else query_string
    query: Query = parse_query(text, info.params)
    if text is None:  # a preheated kernel never got its request: say so, never drop a link silently
        query = lost_link(query.values)
        text = ""
    try:
        page = prepared.take(info, query) or info.build(query)
        return presenter.prepare(class_pupil.join(page), query)  # a lesson joins its class here
    except Exception:  # a pupil must see a sentence, not a traceback; the teacher finds it in the log
        log.exception("app %s failed to build for query %r", name, text[:200])
        retry = parse_query("", info.params)
        try:
            page = info.build(retry)
        except Exception:
            log.exception("app %s failed with its defaults", name)
            return w.HTML(f"<p class='dl-app-error'>{_say('not_built').get(_lang(query))}</p>")
        note = w.HTML(f"<p class='dl-app-error'>{_say('defaults').get(_lang(query))}</p>")
        return w.VBox([note, page])


_say = _words(
    "app/",
    {
        "not_built": (
            "Sorry — this page could not be built. Please tell your teacher.",
            "Entschuldigung — diese Seite ließ sich nicht aufbauen. Bitte sag es deiner Lehrkraft.",
        ),
        "defaults": (
            "This link could not be opened as it is; the page starts from its defaults.",
            "Dieser Link ließ sich so nicht öffnen; die Seite beginnt mit ihren Grundeinstellungen.",
        ),
    },
)


def _lang(query: Query) -> str:
    """The page's language from its link (English when the link has none, or a bad one)."""
    lang = query.values.get("lang")
    return lang if lang in ("en", "de") else "en"


def preheating() -> bool:
    """Whether this kernel runs its notebook before any pupil asked for the page (Voila's kernel pool)."""
    return os.environ.get("VOILA_PREHEAT", "False") != "False"


def warm(info: AppInfo) -> None:
    """Build the page once with its defaults and close it again, while a pooled kernel waits for its pupil.

    The first build of a process pays for the exact answers (cached) and plotly's validators, several times a
    second build's cost. Done before the request comes, that time leaves the pupil's time to interactive. The
    page-wide widgets (the front-end kit, plotly.js) stay open for the real page; the rest is closed, so the
    page shows only what the pupil's link builds. A teacher's page (class mode) is not warmed: it opens a store.
    """
    if info.kind not in ("lesson", "game"):
        return
    with prepared.widgets_made() as made:
        try:
            info.build(parse_query("", info.params))
        except Exception:  # the real build will say what is wrong, to the pupil and in the log
            log.exception("app %s failed to warm up", info.name)
    prepared.close(made)


def log_to_server() -> None:
    """Send the apps' log records to the kernel process's own stderr, which the server writes to its log.

    In a kernel ``sys.stderr`` is the cell's output stream, so a record written there (Python's last-resort
    handler) would land on the pupil's page, where Voila hides it, and never in the teacher's server log.
    """
    logger = logging.getLogger("donkeylab")
    if sys.__stderr__ is None or any(getattr(h, "_donkeylab_server", False) for h in logger.handlers):
        return
    handler = logging.StreamHandler(sys.__stderr__)
    handler.setFormatter(logging.Formatter("[donkeylab kernel] %(levelname)s | %(name)s: %(message)s"))
    handler._donkeylab_server = True  # type: ignore[attr-defined]
    logger.addHandler(handler)


def app(name: str, query_string: str | None = None) -> Any:
    """Build and display app ``name`` (what an app notebook's one code cell calls)."""
    from IPython.display import display

    log_to_server()
    page = build(name, query_string)
    display(presenter.corner(page))  # type: ignore[no-untyped-call]
    display(page)  # type: ignore[no-untyped-call]
    from donkeylab.apps.kernel_guard import guard_kernel

    guard_kernel()  # served: the page can no longer make widgets, and says so if its kernel is stopped for memory
    return None


def gallery(lang: str | None = None) -> w.HTML:
    """The gallery page (``apps.gallery``): a card per app, the join box and the teacher's running classes."""
    from donkeylab.apps.gallery import gallery as page

    return page(lang)
