"""Where a lesson's printable sheets are: which lessons have them, in what order, and the links to them.

A lesson page shows the teacher these links (``lessons.page``) and the gallery lists them (``apps.gallery``);
the sheets themselves are made by ``lessons.worksheets`` and served by ``server.worksheet_route``. Kept apart
from the sheets so that a page can link to a sheet without importing what makes it.
"""

from __future__ import annotations

import html
import importlib
import inspect
from collections.abc import Mapping
from urllib.parse import urlencode

from donkeylab.lessons.worksheet_text import say as say
from donkeylab.pages.registry import APPS

ROUTE = "donkeylab/worksheet"  # the server path a lesson page links to (``url``; the route is ``worksheet_route``)

# The lessons' numbers, in teaching order: the teaching notebooks' 01–05 and each lesson's title ("Lesson 2 — …",
# checked by a test). A lesson registered without a number comes after them.
NUMBERS = {"die_choice": 1, "angry_flips": 2, "doublet_penalties": 3, "arrow_chains": 4, "full_games": 5}


def lessons() -> list[str]:
    """The lessons that have sheets, in lesson order: every registered app of kind ``lesson``."""
    found = [name for name, app in APPS.items() if app.kind == "lesson"]
    return sorted(found, key=lambda name: NUMBERS.get(name, len(NUMBERS) + 1))


def spec_options(name: str) -> list[str]:
    """The link values that change a lesson's spec (its ``spec()``'s arguments, e.g. ``variant``)."""
    module = importlib.import_module(APPS[name].build.__module__)
    return [p for p in inspect.signature(module.spec).parameters if p in APPS[name].params]


def url(
    name: str, lang: str, kind: str = "worksheet", options: Mapping[str, str] | None = None, base: str = "../../"
) -> str:
    """The link to a sheet on the server (``worksheet_route``). ``base`` leads from the page to the server's root:
    a lesson page is ``<root>voila/render/<lesson>.ipynb``, so ``../../`` works under any base URL."""
    query = {"lang": lang, **({"kind": kind} if kind != "worksheet" else {}), **dict(options or {})}
    return f"{base}{ROUTE}/{name}?{urlencode(query)}"


def links(
    name: str, lang: str, options: Mapping[str, str] | None = None, base: str = "../../", key: bool = True
) -> str:
    """The HTML line a lesson page shows the teacher: "For the classroom: Print the worksheet · Answer key
    (teacher)", each opening the sheet in a new tab, in the page's language and for the page's rules (``options``:
    the link's values of ``spec_options``). ``key=False``: the worksheet alone, for a page that still keeps its
    answer back (a sealed page: the key is one click from every answer)."""

    def link(kind: str) -> str:
        href = html.escape(url(name, lang, kind, options, base))
        words = html.escape(say(f"link.{kind}").get(lang))
        return f"<a class='dl-ws-button' href='{href}' target='_blank' rel='noopener'>{words}</a>"

    line = say("link.both", worksheet=link("worksheet"), key=link("key")) if key else None
    line = line or say("link.one", worksheet=link("worksheet"))
    return f"{BUTTON_STYLE}<p class='dl-worksheet-links'>{line.get(lang)}</p>"


# A sheet's link looks like what it is, a button to press (as plain text it read as a sentence, not a link).
BUTTON_STYLE = (
    "<style>a.dl-ws-button{display:inline-block;margin:2px 4px;padding:4px 12px;border:2px solid #0072B2;"
    "border-radius:8px;background:#fff;color:#0a5a8c;font-weight:600;text-decoration:none;line-height:1.4}"
    "a.dl-ws-button:hover{background:#f3f8fc;text-decoration:underline}"
    "a.dl-ws-button:focus-visible{outline:3px solid #E69F00;outline-offset:2px}</style>"
)
