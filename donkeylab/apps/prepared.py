"""A class page built before its pupil arrives: a warmed kernel of a class's lesson builds the pupil's page ahead.

Thirty pupils who scan the QR code at the same instant each need their page built (~130 widgets) and sent
through the server, about half a CPU-second a page on a 2-core machine: the last of them waited ~10 s. A page
for a class link differs from any other class link of its lesson only in the class code and the pupil's
browser key, which the lesson's build never reads (only the class join does, after it); the language is the
class's. So a kernel warmed for a class builds the page for "some class, in the class's language" while it
waits for its pupil (``prepare``), and the pupil's request only joins it to the class (``take``). A request
that asks for anything else (another language, a step, a seed) gets a page built for it as before, and the
prepared one is closed.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from donkeylab.pages.query import CLASS_PARAMS, Query, parse_query
from donkeylab.pages.registry import AppInfo
from donkeylab.widgets.kit import FrontEndKit
from donkeylab.widgets.plotly_bundle import PlotlyBundle

log = logging.getLogger(__name__)
log.setLevel(logging.INFO)  # one line per pupil in the server's log (``apps.log_to_server``): was it used?
STAND_IN = "ZZZZZZ"  # any class code: the build reads only that there is one, the join reads the real one
LANGS = ("en", "de")


@dataclass
class Prepared:
    """A lesson page built for a class link in ``lang`` and the widgets its build made (closed if unused)."""

    name: str
    lang: str
    query: Query
    page: Any
    made: list[w.Widget]


_held: Prepared | None = None


@contextlib.contextmanager
def widgets_made() -> Iterator[list[w.Widget]]:
    """Every widget constructed inside the block, in order (ipywidgets keeps one construction callback: the
    one before is chained and put back)."""
    made: list[w.Widget] = []
    previous = getattr(w.Widget, "_widget_construction_callback", None)

    def constructed(widget: w.Widget) -> None:
        made.append(widget)
        if previous is not None:
            previous(widget)

    w.Widget.on_widget_constructed(constructed)
    try:
        yield made
    finally:
        w.Widget.on_widget_constructed(previous)


def prepare(info: AppInfo, lang: str) -> bool:
    """Build ``info``'s page for a class link in ``lang`` and hold it for the pupil's request. False (nothing
    held) for a page that is not a lesson, a language the apps do not speak, or a build that failed (the real
    build will say what is wrong)."""
    global _held
    if info.kind != "lesson" or lang not in LANGS:
        return False
    query = parse_query(f"class={STAND_IN}&lang={lang}", info.params)
    with widgets_made() as made:
        try:
            page = info.build(query)
        except Exception:
            log.exception("app %s failed to prepare a class page", info.name)
            close(made)
            return False
    release()
    _held = Prepared(info.name, lang, query, page, made)
    return True


def take(info: AppInfo, query: Query) -> Any | None:
    """The held page when ``query`` is a class link of the same lesson and language with nothing else asked
    (then the page's lesson reads the real link: its class code, the pupil's key); otherwise None, and the held
    page is closed."""
    global _held
    held, _held = _held, None
    if held is None:
        return None
    lesson = getattr(held.page, "lesson", None)
    if held.name == info.name and lesson is not None and fits(held.query, query):
        lesson.query = query
        log.info("%s: the page built ahead for the class link in %s joins its pupil", info.name, held.lang)
        return held.page
    log.info(
        "%s: the link asks for another page than the one built ahead (%s): built again",
        info.name,
        mismatch(held.query, query) or "another app",
    )
    close(held.made)
    return None


def fits(prepared: Query, query: Query) -> bool:
    """Whether the page built for ``prepared`` is the page of ``query``: a class link without problems whose
    values, class code and browser key aside, are the prepared ones."""
    return not mismatch(prepared, query)


def mismatch(prepared: Query, query: Query) -> str:
    """What keeps the page built for ``prepared`` from being ``query``'s page, for the server's log (names, not
    values); empty when it is that page."""
    if query.problems:
        return "the link has problems"
    if not query.values.get("class"):
        return "not a class link"
    own = set(CLASS_PARAMS)
    keys = {*query.values, *prepared.values} - own
    return ", ".join(sorted(k for k in keys if query.values.get(k) != prepared.values.get(k)))


def release() -> None:
    """Close the held page (a kernel that serves another page, or prepares again)."""
    global _held
    held, _held = _held, None
    if held is not None:
        close(held.made)


def close(made: list[w.Widget]) -> None:
    """Close the widgets of a build no page shows; the page-wide ones (the front-end kit, plotly.js) stay open
    for the page that will be shown."""
    keep = {id(part) for shared in (FrontEndKit._shared, PlotlyBundle._shared) for part in parts_of(shared)}
    for widget in made:
        if id(widget) not in keep:
            widget.close()


def parts_of(widget: w.Widget | None) -> list[w.Widget]:
    """``widget`` and every widget its traits refer to (its Layout, a box's children), depth first."""
    if widget is None:
        return []
    found = [widget]
    for name in widget.keys:
        value = getattr(widget, name)
        for item in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(item, w.Widget):
                found += parts_of(item)
    return found
