"""The presenter view: every app page about 1.5× larger for the teacher's projector (``?big=1`` or a toggle).

Why a zoom of the whole page and not bigger fonts: the views are SVG and HTML sized in px, the plots in px too;
CSS ``zoom`` scales text, views, plots and tap targets alike, and the page's own layout (flex rows that wrap)
reflows into the narrower space, as on a tablet. The toggle sits in the top right corner,
above the page (``app`` and the static site's page display it before the page, so a page's own children stay its
own); it is a plain ipywidgets ToggleButton whose only value is a bool.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from donkeylab.core.say import words
from donkeylab.pages.query import Param, Query, choice

PARAM = Param("big", choice("0", "1"), "0")
BIG_CLASS = "dl-big"
STYLE = (
    "<style>.dl-big{zoom:1.5}"
    ".dl-presenter{display:flex;justify-content:flex-end}"
    ".dl-presenter .widget-toggle-button{min-height:44px;border:2px solid #0072B2;background:#fff;color:#00446b;"
    "font-weight:600;border-radius:8px}"
    ".dl-presenter .widget-toggle-button.mod-active{background:#0072B2;color:#fff}</style>"
)
say = words(
    "presenter/",
    {
        "label": ("Presenter view", "Beamer-Ansicht"),
        "tooltip": (
            "Everything about 1.5 times larger, for a projector (the link: big=1)",
            "Alles etwa 1,5-mal größer, für den Beamer (im Link: big=1)",
        ),
    },
)


def prepare(page: Any, query: Query) -> Any:
    """Mark ``page`` for the presenter view when the link says ``big=1`` (``corner`` draws the toggle and the
    style); a page that is not a widget box is returned as it is."""
    if isinstance(page, w.Box):
        page.presenter_lang = query.values.get("lang") or "en"
        if query.values.get("big") == "1":
            page.add_class(BIG_CLASS)
    return page


def corner(page: Any) -> w.Box:
    """The toggle for the page's top right corner (with the view's style), shown above ``page``: it switches the page's
    zoom. A page that ``prepare`` did not mark gets the style alone (nothing to switch)."""
    style = w.HTML(STYLE)
    if not isinstance(page, w.Box) or not hasattr(page, "presenter_lang"):
        return w.Box([style])
    lang = page.presenter_lang
    toggle = w.ToggleButton(
        value=BIG_CLASS in page._dom_classes,
        description=say("label").get(lang),
        tooltip=say("tooltip").get(lang),
        icon="television",
    )

    def show(change: dict[str, Any]) -> None:
        if change["new"]:
            page.add_class(BIG_CLASS)
        else:
            page.remove_class(BIG_CLASS)

    toggle.observe(show, names="value")
    follow_language(page, toggle)
    box = w.Box([toggle, style])
    box.add_class("dl-presenter")
    box.toggle = toggle  # reachable for tests and the teacher's console
    return box


def follow_language(page: w.Widget, toggle: w.ToggleButton) -> None:
    """Relabel ``toggle`` whenever the page changes language: else a page opened in German and switched to
    English shows "Beamer-Ansicht" above an English page. The page's language lives
    in its Steppers' ``lang`` and in its English / Deutsch switch (a lesson's, the teacher's); all are watched.
    """

    def relabel(change: dict[str, Any]) -> None:
        if change["new"] in ("en", "de"):
            toggle.description = say("label").get(change["new"])
            toggle.tooltip = say("tooltip").get(change["new"])

    for widget in walk(page):
        if isinstance(widget, w.ToggleButtons) and set(widget._options_values) == {"en", "de"}:
            widget.observe(relabel, names="value")
        elif widget.has_trait("lang"):
            widget.observe(relabel, names="lang")


def walk(widget: w.Widget) -> list[w.Widget]:
    """``widget`` and every widget inside it (boxes, tabs and accordions hold theirs as ``children``)."""
    found = [widget]
    for child in getattr(widget, "children", ()):
        if isinstance(child, w.Widget):
            found += walk(child)
    return found
