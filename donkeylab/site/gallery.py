"""The static site's ``index.html``: the gallery as plain HTML, the notebooks of its app pages, and the lessons'
worksheets and answer keys as files.

Plain HTML, not a Voici page: the gallery needs no Python, so it shows at once and the pupil's browser starts
downloading Python only on the page of an app. The cards are the Voila gallery's, in its order (the lessons in
lesson order, each labelled "Lesson N", then the games; same icon, title, line and kind); each links to
``voici/render/<app>.html``. Class mode needs a server, so the gallery says so instead of offering it.

The teacher's part of the Voila gallery is here too: every lesson's worksheet and answer key, in English and
German, as the static pages ``worksheets/<lesson>-<kind>-<lang>.html`` (the documents the server serves: no
script, nothing loaded from elsewhere), linked relatively, so they open from any web path and from a USB stick.
A static site cannot keep the keys from pupils, so the gallery says so.

The cards and the sheets are made where the apps import (``cards``, ``write_sheets``); the build venv, which has
no plotly, only turns the cards into HTML (``index_html``, ``notebook``).
"""

from __future__ import annotations

import html
import json
import shutil
from pathlib import Path
from typing import Any, TypedDict

SHEETS = "worksheets"  # the site's folder of worksheets and answer keys
LANGS = ("en", "de")  # the sheets' languages, in the order the gallery lists them


class Card(TypedDict):
    """An app's gallery card as plain data (JSON on its way to the build venv)."""

    name: str
    icon: str
    title: str
    blurb: str
    kind: str  # "lesson" or "game"
    number: int | None  # a lesson's number ("Lesson 3"); None for the others
    sheets: dict[str, dict[str, str]]  # a lesson's sheets: language → kind → the file's path in the site
    sheet_words: dict[str, dict[str, str]]  # language → kind (and "language") → "Worksheet" / "Arbeitsblatt"


def cards() -> list[Card]:
    """Every gallery app that runs without a server, in the Voila gallery's order, as plain data (read where the
    apps import; the build venv has no plotly). Class mode (kind "teacher") needs one store for the whole class:
    the note says so."""
    from donkeylab.apps import APPS
    from donkeylab.lessons import worksheet_links
    from donkeylab.lessons.worksheet_files import file_name
    from donkeylab.lessons.worksheet_text import say
    from donkeylab.lessons.worksheets import KINDS

    ordered = worksheet_links.lessons()  # the lessons in lesson order, then the others (as ``apps.gallery``)
    names = ordered + [name for name in APPS if name not in ordered]

    def sheets(name: str) -> dict[str, dict[str, str]]:
        if name not in ordered:
            return {}
        return {lang: {kind: f"{SHEETS}/{file_name(name, lang, kind)}" for kind in KINDS} for lang in LANGS}

    return [
        {
            "name": a.name,
            "icon": a.icon,
            "title": a.title.en,
            "blurb": a.blurb.en,
            "kind": a.kind,
            "number": worksheet_links.NUMBERS.get(a.name),
            "sheets": sheets(a.name),
            "sheet_words": {
                lang: {kind: say(f"link.{kind}_short").get(lang) for kind in KINDS}
                | {"language": say("link.language").get(lang)}
                for lang in LANGS
            },
        }
        for a in (APPS[name] for name in names)
        if a.kind != "teacher"
    ]


def write_sheets(apps: list[Card], folder: Path) -> Path:
    """Every card's sheets, each the whole document (``lessons.worksheets.document``), at its path under
    ``folder``; the folder is emptied first. Run where the apps import."""
    from donkeylab.lessons.worksheets import document

    shutil.rmtree(folder, ignore_errors=True)
    for info in apps:
        for lang, kinds in info["sheets"].items():
            for kind, path in kinds.items():
                target = folder / path
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(document(info["name"], lang, kind), encoding="utf-8")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


SERVER_ONLY = (
    "Class mode — one server that the whole class joins, with the pages' kernels on the teacher's machine — "
    "needs a server, so this static site leaves it out: run <code>donkeylab serve</code> (or <code>make app"
    "</code>) for it. Everything here runs in your own browser; nothing is sent anywhere."
)
SHEETS_HELP = (
    "Each opens in a new tab, ready to print on A4, in English or German. This site has no log-in: anyone who "
    "has it can open the answer keys too, so keep these links off the class's screens."
)

STYLE = """
body{margin:0;font-family:system-ui,sans-serif;background:#fafafa;color:#222}
main{max-width:1100px;margin:0 auto;padding:20px}
.dl-gallery-head{display:flex;align-items:baseline;gap:16px;flex-wrap:wrap}
h1{font-size:26px;margin:8px 0}
.dl-to-sheets{font-size:16px;color:#0a5a8c}
.dl-gallery{display:grid;grid-template-columns:repeat(auto-fill,minmax(250px,1fr));gap:14px}
.dl-card-link{display:flex;flex-direction:column;gap:4px;padding:14px;border:2px solid #ccc;border-radius:12px;
text-decoration:none;color:#222;background:#fff}
.dl-card-link:hover,.dl-card-link:focus-visible{border-color:#0072B2;background:#f3f8fc;outline:none}
.dl-card-icon{font-size:34px}.dl-card-title{font-weight:700;font-size:17px}
.dl-card-blurb{font-size:14px;color:#444}
.dl-card-kind{font-size:12px;color:#0a5a8c;text-transform:uppercase;letter-spacing:.05em}
.dl-site-note{margin:22px 0 0;padding:12px;border-left:4px solid #E69F00;background:#fff7e6;font-size:14px}
.dl-sheets{margin:22px 0 0;font-size:15px;border:2px solid #0072B2;border-radius:12px;padding:10px 14px;
background:#f3f8fc}
.dl-sheets h2{font-size:18px;margin:0 0 6px}
.dl-sheets table{border-collapse:collapse;width:100%}
.dl-sheets th{text-align:left;font-weight:600;padding:4px 10px 4px 0;vertical-align:middle}
.dl-sheets td{padding:2px 0;vertical-align:middle}
.dl-sheets thead th{font-size:13px;color:#555;font-weight:600;text-transform:uppercase;letter-spacing:.05em}
a.dl-ws-button{display:inline-block;margin:2px 4px;padding:4px 12px;border:2px solid #0072B2;border-radius:8px;
background:#fff;color:#0a5a8c;font-weight:600;text-decoration:none;line-height:1.4;white-space:nowrap}
a.dl-ws-button:hover{background:#f3f8fc;text-decoration:underline}
a.dl-ws-button:focus-visible,.dl-to-sheets:focus-visible{outline:3px solid #E69F00;outline-offset:2px}
@media (max-width:640px){
.dl-sheets thead{display:none}
.dl-sheets tr{display:block;padding:8px 0;border-top:1px solid #c9dcea}
.dl-sheets th{display:block;padding:0 0 4px}
.dl-sheets td{display:grid;grid-template-columns:1fr 1fr;gap:0 8px}
a.dl-ws-button{text-align:center;margin:2px 0}
}
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


def sheets_html(apps: list[Card]) -> str:
    """The teacher's table: a row per lesson, in the cards' order, with its worksheet and key in each language."""

    def link(info: Card, lang: str, kind: str) -> str:
        href = html.escape(info["sheets"][lang][kind])
        words = html.escape(info["sheet_words"][lang][kind])
        return (
            f"<a class='dl-ws-button dl-sheet-{kind}' href='{href}' hreflang='{lang}' target='_blank' "
            f"rel='noopener' data-lang='{lang}'>{words}</a>"
        )

    def row(info: Card) -> str:
        number = f"<span>Lesson {info['number']}</span> · " if info["number"] is not None else ""
        cells = "".join(
            f"<td lang='{lang}'>{link(info, lang, 'worksheet')}{link(info, lang, 'key')}</td>" for lang in LANGS
        )
        return (
            f"<tr data-app='{html.escape(info['name'])}'><th scope='row'>{number}"
            f"<span>{html.escape(info['title'])}</span></th>{cells}</tr>"
        )

    lessons = [info for info in apps if info["sheets"]]
    words = lessons[0]["sheet_words"] if lessons else {}
    head = "".join(f"<th scope='col' lang='{lang}'>{html.escape(words[lang]['language'])}</th>" for lang in words)
    rows = "".join(row(info) for info in lessons)
    return (
        "<section class='dl-sheets' id='dl-teacher'><h2>For the teacher: worksheets and answer keys</h2>"
        f"<p>{SHEETS_HELP}</p><table><thead><tr><th scope='col'>Lesson</th>{head}</tr></thead>"
        f"<tbody>{rows}</tbody></table></section>"
    )


def index_html(apps: list[Card]) -> str:
    """The gallery page: a card per app, a link to each app page, the note on class mode, and at the end the
    teacher's worksheets and answer keys (as the Voila gallery ends)."""
    cards = "".join(card(info) for info in apps)
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width,initial-scale=1'>"
        f"<title>donkeylab — apps</title><style>{STYLE}</style></head><body><main>"
        "<div class='dl-gallery-head'><h1>donkeylab — step through the rules, then test them</h1>"
        "<a class='dl-to-sheets' href='#dl-teacher'>Worksheets and answer keys ↓</a></div>"
        "<p>Three small tabletop games, every rule explained step by step, and the exact probabilities beside "
        "simulations that fill in live. Pick a lesson or play a whole game:</p>"
        f"<nav class='dl-gallery' aria-label='apps'>{cards}</nav>"
        f"<p class='dl-site-note' id='dl-class-mode'>{SERVER_ONLY}</p>{sheets_html(apps)}"
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
