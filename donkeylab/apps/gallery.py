"""The gallery (``index.ipynb``): a card per app, the box where a pupil types a class code, and the teacher's
running classes, in English or German.

The language is the link's ``?lang=`` if given, else the browser's (Voila hands the kernel the request's
``Accept-Language`` header, ``voila.json``'s ``http_header_envs``), else English; the switch is a link to the
same page in the other language. The join box is a plain form to the server's ``/join`` page (no kernel, no
script: ``class_gate.JoinHandler``). The running classes are the ones started on this machine
(``classroom.keyring``): the gallery is served only to the teacher on a class server (a pupil's device is sent
to the join box), so the list reaches no pupil.
"""

from __future__ import annotations

import html
import os
from typing import Any

import ipywidgets as w

from donkeylab.core.messages import other_language
from donkeylab.core.say import words
from donkeylab.pages.query import Param, choice, current_query_string, parse_query
from donkeylab.pages.registry import APPS

PARAMS = {"lang": Param("lang", choice("en", "de"), ""), "big": Param("big", choice("0", "1"), "0")}
say = words(
    "gallery/",
    {
        "title": ("donkeylab — step through the rules, then test them", "donkeylab — erst die Regeln, dann die Probe"),
        "intro": (
            "Three small tabletop games, every rule explained step by step, and the exact probabilities beside "
            "simulations that fill in live. Pick a lesson or play a whole game:",
            "Drei kleine Brettspiele, jede Regel Schritt für Schritt erklärt, und die exakten Wahrscheinlichkeiten "
            "neben Simulationen, die live wachsen. Such dir eine Lektion aus oder spiel ein ganzes Spiel:",
        ),
        "apps": ("apps", "Apps"),
        "kind.lesson": ("lesson", "Lektion"),
        "kind.game": ("free play", "freies Spiel"),
        "kind.teacher": ("for the teacher", "für die Lehrkraft"),
        "join.title": ("Join a class", "Einer Klasse beitreten"),
        "join.label": ("Class code from your teacher's screen", "Klassencode vom Bildschirm deiner Lehrkraft"),
        "join.button": ("Join", "Beitreten"),
        "running": ("Your classes running on this computer", "Deine laufenden Klassen auf diesem Computer"),
        "sheets": (
            "For the teacher: worksheets and answer keys",
            "Für die Lehrkraft: Arbeitsblätter und Lösungsblätter",
        ),
        "sheets_help": (
            "Each opens in a new tab, ready to print on A4. The answer keys are for you only: a pupil's device "
            "is not served them.",
            "Jedes Blatt öffnet sich in einem neuen Tab, druckfertig auf A4. Die Lösungsblätter sind nur für dich: "
            "Die Geräte der Klasse bekommen sie nicht.",
        ),
        "lesson_n": ("Lesson {n}", "Lektion {n}"),
        "to_sheets": ("Worksheets and answer keys ↓", "Arbeitsblätter und Lösungsblätter ↓"),
        "open": ("Open the dashboard", "Dashboard öffnen"),
        "switch": ("Deutsch", "English"),
    },
)


def page_lang(query_lang: str = "") -> str:
    """The link's language, else the browser's first one we speak (German or English), else English."""
    if query_lang in ("en", "de"):
        return query_lang
    for part in os.environ.get("HTTP_ACCEPT_LANGUAGE", "").split(","):
        tag = part.split(";")[0].strip().lower()
        if tag.startswith(("de", "en")):
            return tag[:2]
    return "en"


def gallery(lang: str | None = None) -> w.HTML:
    """The gallery page in ``lang`` (None: the link's or the browser's language)."""
    if lang is None:
        query = parse_query(current_query_string() or "", PARAMS)
        lang = page_lang(str(query["lang"]))
    cards = "".join(_card(info, lang) for info in _in_order())
    other = other_language(lang)
    head = (
        f"<div class='dl-gallery-head'><h1>{html.escape(say('title').get(lang))}</h1>"
        f"<a class='dl-gallery-lang' href='index.ipynb?lang={other}' hreflang='{other}' lang='{other}'>"
        f"{say('switch').get(lang)}</a><a class='dl-gallery-lang' href='#dl-teacher'>"
        f"{html.escape(say('to_sheets').get(lang))}</a></div><p>{html.escape(say('intro').get(lang))}</p>"
    )
    body = (
        f"<div class='dl-gallery-page' lang='{lang}'>{head}{_join(lang)}{_running(lang)}"
        f"<nav class='dl-gallery' aria-label='{say('apps').get(lang)}'>{cards}</nav>{_sheets(lang)}</div>"
    )
    return w.HTML(STYLE + body)


def _in_order() -> list[Any]:
    """The apps as the gallery lists them: the lessons in lesson order (Lesson 1 … 5), then the others."""
    from donkeylab.lessons import worksheet_links as worksheets

    ordered = [APPS[name] for name in worksheets.lessons()]
    return ordered + [info for info in APPS.values() if info not in ordered]


def _card(info: Any, lang: str) -> str:
    from donkeylab.lessons import worksheet_links as worksheets

    kind = say(f"kind.{info.kind}").get(lang)  # every kind has its words (a new kind without raises KeyError)
    if info.name in worksheets.NUMBERS:
        kind = say("lesson_n", n=worksheets.NUMBERS[info.name]).get(lang)
    return (
        f"<a class='dl-card-link' href='{html.escape(info.notebook)}?lang={lang}'>"
        f"<span class='dl-card-icon' aria-hidden='true'>{info.icon}</span>"
        f"<span class='dl-card-title'>{html.escape(info.title.get(lang))}</span>"
        f"<span class='dl-card-blurb'>{html.escape(info.blurb.get(lang))}</span>"
        f"<span class='dl-card-kind'>{html.escape(kind)}</span></a>"
    )


def _join(lang: str) -> str:
    """The join box: a form to the server's ``/join`` (two levels up from ``voila/render/``)."""
    t = {k: html.escape(say(f"join.{k}").get(lang)) for k in ("title", "label", "button")}
    return (
        f"<form class='dl-join' action='../../join' method='get'><h2>{t['title']}</h2>"
        f"<label for='dl-join-code'>{t['label']}</label> "
        "<input id='dl-join-code' name='code' maxlength='12' size='8' autocomplete='off' autocapitalize='characters' "
        f"spellcheck='false' required><input type='hidden' name='lang' value='{lang}'> "
        f"<button type='submit'>{t['button']}</button></form>"
    )


def _running(lang: str) -> str:
    """The classes started on this machine, each a link to its dashboard (none: nothing shown)."""
    try:
        from donkeylab.classroom import keyring

        rows = keyring.running()
    except Exception:  # no store to read (the static site, a broken data dir): the gallery is still whole
        return ""
    if not rows:
        return ""

    def title(lesson: str) -> str:
        return APPS[lesson].title.get(lang) if lesson in APPS else lesson

    items = "".join(
        f"<li><b>{html.escape(r['code'])}</b> · {html.escape(title(r['lesson']))}"
        f" · <a href='class_mode.ipynb?class={html.escape(r['code'])}&amp;lang={lang}'>"
        f"{html.escape(say('open').get(lang))}</a></li>"
        for r in rows
    )
    return f"<section class='dl-running'><h2>{html.escape(say('running').get(lang))}</h2><ul>{items}</ul></section>"


def _sheets(lang: str) -> str:
    """The teacher's area: each lesson's worksheet and answer key, in lesson order, open (not folded) at the end
    of the gallery (the server serves the sheets to the teacher only, and serves this page to the teacher only
    on a class server), never on a pupil's page."""
    from donkeylab.lessons import worksheet_links as worksheets

    def link(name: str, kind: str) -> str:
        href = html.escape(worksheets.url(name, lang, kind))
        words = html.escape(worksheets.say(f"link.{kind}").get(lang))
        return f"<a class='dl-ws-button dl-sheet-{kind}' href='{href}' target='_blank' rel='noopener'>{words}</a>"

    rows = "".join(
        f"<tr><th scope='row'><span>{html.escape(say('lesson_n', n=worksheets.NUMBERS.get(name, i)).get(lang))}"
        f"</span> · <span>{html.escape(APPS[name].title.get(lang))}</span></th>"
        f"<td>{link(name, 'worksheet')}</td><td>{link(name, 'key')}</td></tr>"
        for i, name in enumerate(worksheets.lessons(), 1)  # a lesson without a number: its place in the list
        if name in APPS
    )
    title, help_ = html.escape(say("sheets").get(lang)), html.escape(say("sheets_help").get(lang))
    return (
        f"{worksheets.BUTTON_STYLE}<section class='dl-sheets' id='dl-teacher'><h2>{title}</h2><p>{help_}</p>"
        f"<table>{rows}</table></section>"
    )


STYLE = (
    "<style>.dl-gallery-page{font-family:system-ui,sans-serif;color:#222;max-width:1200px}"
    ".dl-gallery-head{display:flex;align-items:baseline;gap:16px;flex-wrap:wrap}"
    ".dl-gallery-head h1{font-size:26px;margin:6px 0}.dl-gallery-lang{font-size:16px;color:#0a5a8c}"
    ".dl-gallery{display:grid;grid-template-columns:repeat(auto-fill,minmax(250px,1fr));gap:14px}"
    ".dl-card-link{display:flex;flex-direction:column;gap:4px;padding:14px;border:2px solid #ccc;border-radius:12px;"
    "text-decoration:none;color:#222;background:#fff}"
    ".dl-card-link:hover,.dl-card-link:focus-visible{border-color:#0072B2;background:#f3f8fc;outline:none}"
    ".dl-card-icon{font-size:34px}.dl-card-title{font-weight:700;font-size:17px}.dl-card-blurb{font-size:14px;"
    "color:#444}.dl-card-kind{font-size:12px;color:#0a5a8c;text-transform:uppercase;letter-spacing:.05em}"
    ".dl-join,.dl-running{border:2px solid #0072B2;border-radius:12px;padding:10px 14px;margin:0 0 14px;"
    "background:#f3f8fc}.dl-join h2,.dl-running h2{font-size:18px;margin:0 0 6px}"
    ".dl-join input[name=code]{font:700 20px ui-monospace,monospace;letter-spacing:.12em;text-transform:uppercase;"
    "padding:2px 6px;border:2px solid #555;border-radius:6px}"
    ".dl-join button{font-size:16px;padding:5px 14px;border-radius:6px;border:0;background:#0072B2;color:#fff;"
    "cursor:pointer}.dl-join button:focus-visible,.dl-join input:focus-visible,.dl-running a:focus-visible,"
    ".dl-gallery-lang:focus-visible,.dl-sheets a:focus-visible,.dl-sheets summary:focus-visible"
    "{outline:3px solid #E69F00;outline-offset:2px}.dl-sheets{margin:18px 0 0;font-size:15px;border:2px solid #0072B2;"
    "border-radius:12px;padding:10px 14px;background:#f3f8fc}.dl-sheets h2{font-size:18px;margin:0 0 6px}"
    ".dl-sheets th{text-align:left;font-weight:600;padding:4px 10px 4px 0}.dl-sheets td{padding:2px 0}</style>"
)
