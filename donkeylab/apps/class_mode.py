"""The "Class mode" app: a teacher starts a class for a lesson and projects its live dashboard.

Link parameters: ``lesson`` (which lesson the class runs), ``lang``, and, for the teacher's own link that
reopens a running class, ``class`` and ``key``. Without a key the page offers a lesson picker and "Start a
class"; the dashboard (``ClassDashboard``) then polls the store. The store is ``_open_store()``: embedded
SQLite beside the server, or ``$DONKEYLAB_CLASS_DB`` (PostgreSQL on a hub, ``deploy/jupyterhub``).
The pupils' side is ``donkeylab.apps.class_pupil`` (one call in each lesson's page builder).
"""

from __future__ import annotations

import html
import logging
import re
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from donkeylab.apps.class_dashboard import ClassDashboard, pooled_target
from donkeylab.apps.class_pupil import read_code
from donkeylab.apps.class_words import say
from donkeylab.apps.query import Param, Query, choice
from donkeylab.apps.registry import APPS, AppInfo, problems_box, register
from donkeylab.classroom import ClassError, lessons, question_specs
from donkeylab.core.say import words

if TYPE_CHECKING:  # the store (and SQLAlchemy) is imported when a class is opened, not with the page
    from donkeylab.classroom.store import ClassStore

log = logging.getLogger(__name__)
NAME = "class_mode"
_KEY = re.compile(r"[A-Za-z0-9_-]{20,64}")
# What each question's pooled estimate is the share of (the convergence plot's title).
_say = words(
    "classmode/app/",
    {
        "token_risk": ("the next card costs a token at 70", "die nächste Karte kostet bei 70 einen Chip"),
        "free_choice": (
            "a free choice: 4 dice, 2 numbers on the Hay card",
            "freie Wahl: 4 Würfel, 2 Zahlen auf der Misthaufen-Karte",
        ),
        "flip_seven": (
            "light blue/orange is worth 7 after the orange flip",
            "Hellblau/Orange ist nach dem Umdrehen von Orange 7 wert",
        ),
        "title": ("Class mode — guess and simulate together", "Klassenmodus — gemeinsam tippen und simulieren"),
        "blurb": (
            "For the teacher's screen: the class's guesses, the reveal and everyone's simulations pooled live.",
            "Für den Bildschirm der Lehrkraft: die Tipps der Klasse, das Aufdecken und alle Simulationen live "
            "zusammengelegt.",
        ),
    },
)
WHAT = {qid: _say(qid) for qid in ("token_risk", "free_choice", "flip_seven")}


def read_key(text: str) -> str:
    if not _KEY.fullmatch(text):
        raise ValueError("a teacher key")
    return text


PARAMS = {
    p.name: p
    for p in (
        Param("lesson", choice(*lessons()), lessons()[0]),
        Param("lang", choice("en", "de"), "en"),
        Param("class", read_code, None),
        Param("key", read_key, None),
    )
}


def lesson_title(lesson: str, lang: str) -> str:
    info = APPS.get(lesson)
    return info.title.get(lang) if info is not None else lesson


def dashboard(store: ClassStore, code: str, key: str, lesson: str, lang: str) -> ClassDashboard:
    spec = next(iter(question_specs(lesson).values()))
    what = WHAT[spec.qid]
    return ClassDashboard(store, code, key, lesson, spec, (what.en, what.de), pooled_target(spec), lang)


def build(query: Query) -> Any:
    """The start screen, or the dashboard of the class the teacher link names."""
    lang = query["lang"]
    body = w.VBox()
    body.add_class("dl-class-mode")
    title = w.HTML()
    note = w.HTML()
    switch = w.ToggleButtons(options=[("English", "en"), ("Deutsch", "de")], value=lang)
    picker = w.Dropdown(options=[(lesson_title(name, lang), name) for name in lessons()], value=query["lesson"])
    start = w.Button(button_style="primary", icon="users")
    help_text = w.HTML()
    start_box = w.VBox([picker, start, help_text])
    current: dict[str, Any] = {"dash": None}

    def words(lang: str) -> None:
        title.value = f"<h2>{html.escape(say('title', lang))}</h2>"
        picker.description = say("pick", lang)
        start.description = say("start", lang)
        help_text.value = f"<p>{html.escape(say('start_help', lang))}</p>"
        if current["dash"] is not None:
            current["dash"].lang = lang
        value = picker.value
        picker.options = [(lesson_title(name, lang), name) for name in lessons()]
        picker.value = value

    def show(dash: ClassDashboard) -> None:
        current["dash"] = dash
        body.children = [problems_box(query, lang), switch, title, note, dash]

    def start_class(_button: Any) -> None:
        start.disabled = True
        try:
            store = _open_store()
            k = store.create_class(picker.value)
            show(dashboard(store, k.code, k.teacher_key, k.lesson, switch.value))
        except ClassError as exc:
            note.value = f"<p class='dl-class-note' role='alert'>{html.escape(exc.render(switch.value))}</p>"
        except Exception:
            log.exception("class mode: starting a class failed")
            note.value = f"<p class='dl-class-note' role='alert'>{html.escape(say('no_store', switch.value))}</p>"
        finally:
            start.disabled = False

    start.on_click(start_class)
    switch.observe(lambda ch: words(ch["new"]), names="value")
    words(lang)
    body.children = [problems_box(query, lang), switch, title, note, start_box]
    if query["class"] and query["key"]:
        try:
            store = _open_store()
            lesson = store.lesson(query["class"], query["key"])  # the class's own lesson, whatever the link says
            show(dashboard(store, query["class"], query["key"], lesson, lang))
        except ClassError as exc:
            why = say("reopen_failed", lang, why=exc.render(lang))
            note.value = f"<p class='dl-class-note' role='alert'>{html.escape(why)}</p>"
    return body


register(
    AppInfo(
        NAME,
        _say("title"),
        _say("blurb"),
        "☷",
        PARAMS,
        build,
        kind="teacher",
    )
)


def _open_store(url: str | None = None) -> ClassStore:
    """``ClassStore.open``, importing the store on first use (the static site has no SQLAlchemy)."""
    from donkeylab.classroom.store import ClassStore

    return ClassStore.open(url)
