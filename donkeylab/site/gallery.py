"""The static site's ``index.html``: the gallery as plain HTML, and the notebooks of its app pages.

Plain HTML, not a Voici page: the gallery needs no Python, so it shows at once and the pupil's browser starts
downloading Python only on the page of an app. The cards are the Voila gallery's, in its order (the lessons in
lesson order, each labelled "Lesson N", then the games; same icon, title, line and kind); each links to
``voici/render/<app>.html``. Class mode needs a server, so the gallery
says so instead of offering it.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any, TypedDict


class Card(TypedDict):
    """An app's gallery card as plain data (JSON on its way to the build venv)."""

    name: str
    icon: str
    title: str
    blurb: str
    kind: str  # "lesson" or "game"
    number: int | None  # a lesson's number ("Lesson 3"); None for the others


def cards() -> list[Card]:
    """Every gallery app that runs without a server, in the Voila gallery's order, as plain data (read where the
    apps import; the build venv has no plotly). Class mode (kind "teacher") needs one store for the whole class:
    the note says so."""
    from donkeylab.apps import APPS
    from donkeylab.lessons import worksheet_links

    ordered = worksheet_links.lessons()  # the lessons in lesson order, then the others (as ``apps.gallery``)
    names = ordered + [name for name in APPS if name not in ordered]
    return [
        {
            "name": a.name,
            "icon": a.icon,
            "title": a.title.en,
            "blurb": a.blurb.en,
            "kind": a.kind,
            "number": worksheet_links.NUMBERS.get(a.name),
        }
        for a in (APPS[name] for name in names)
        if a.kind != "teacher"
    ]


SERVER_ONLY = (
    "Class mode — one server that the whole class joins, with the pages' kernels on the teacher's machine — "
    "needs a server, so this static site leaves it out: run <code>donkeylab serve</code> (or <code>make app"
    "</code>) for it. Everything here runs in your own browser; nothing is sent anywhere."
)

STYLE = """
body{margin:0;font-family:system-ui,sans-serif;background:#fafafa;color:#222}
main{max-width:1100px;margin:0 auto;padding:20px}
h1{font-size:26px;margin:8px 0}
.dl-gallery{display:grid;grid-template-columns:repeat(auto-fill,minmax(250px,1fr));gap:14px}
.dl-card-link{display:flex;flex-direction:column;gap:4px;padding:14px;border:2px solid #ccc;border-radius:12px;
text-decoration:none;color:#222;background:#fff}
.dl-card-link:hover,.dl-card-link:focus-visible{border-color:#0072B2;background:#f3f8fc;outline:none}
.dl-card-icon{font-size:34px}.dl-card-title{font-weight:700;font-size:17px}
.dl-card-blurb{font-size:14px;color:#444}
.dl-card-kind{font-size:12px;color:#0072B2;text-transform:uppercase;letter-spacing:.05em}
.dl-site-note{margin-top:22px;padding:12px;border-left:4px solid #E69F00;background:#fff7e6;font-size:14px}
"""


def card(info: Card) -> str:
    if info["number"] is not None:
        kind = f"Lesson {info['number']}"
    else:
        kind = "lesson" if info["kind"] == "lesson" else "free play"
    name = html.escape(info["name"])
    return (
        f"<a class='dl-card-link' href='voici/render/{name}.html' data-app='{name}'>"
        f"<span class='dl-card-icon' aria-hidden='true'>{info['icon']}</span>"
        f"<span class='dl-card-title'>{html.escape(info['title'])}</span>"
        f"<span class='dl-card-blurb'>{html.escape(info['blurb'])}</span>"
        f"<span class='dl-card-kind'>{kind}</span></a>"
    )


def index_html(apps: list[Card]) -> str:
    """The gallery page: a card per app, a link to each app page, and the note on class mode."""
    cards = "".join(card(info) for info in apps)
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width,initial-scale=1'>"
        f"<title>donkeylab — apps</title><style>{STYLE}</style></head><body><main>"
        "<h1>donkeylab — step through the rules, then test them</h1>"
        "<p>Three small tabletop games, every rule explained step by step, and the exact probabilities beside "
        "simulations that fill in live. Pick a lesson or play a whole game:</p>"
        f"<nav class='dl-gallery' aria-label='apps'>{cards}</nav>"
        f"<p class='dl-site-note' id='dl-class-mode'>{SERVER_ONLY}</p>"
        "</main></body></html>\n"
    )


def notebook(info: Card) -> str:
    """The site notebook of one app: one code cell that reads the page's link and builds the app."""
    source = f'from donkeylab.site.page import app\n\napp("{info["name"]}")'
    nb: dict[str, Any] = {
        "cells": [{"cell_type": "code", "execution_count": None, "id": "cell-0", "metadata": {}, "outputs": []}],
        "metadata": {
            "kernelspec": {"display_name": "Python (Pyodide)", "language": "python", "name": "python"},
            "language_info": {"name": "python"},
            "title": f"{info['title']} — donkeylab",
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    nb["cells"][0]["source"] = source.splitlines(keepends=True)
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def write_notebooks(apps: list[Card], folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for info in apps:
        path = folder / f"{info['name']}.ipynb"
        path.write_text(notebook(info), encoding="utf-8")
        paths.append(path)
    return paths
