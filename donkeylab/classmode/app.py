"""The "Class mode" app: a teacher starts a class for a lesson and projects its live dashboard.

Link parameters: ``lesson`` (the lesson the start screen suggests), ``lang``, and ``class`` (a class started on
this machine: its dashboard opens at once, its key read from ``classroom.keyring``; no key is ever in a link).
The page is one ``ClassDashboard``; the server serves it to the teacher only (``class_gate``). The pupils' side
is ``donkeylab.classmode.pupil`` (one call in every lesson's page builder).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from donkeylab.classmode.dashboard import ClassDashboard
from donkeylab.classmode.pupil import read_code
from donkeylab.classroom import lessons
from donkeylab.core.say import words
from donkeylab.pages.query import Param, Query, choice
from donkeylab.pages.registry import AppInfo, register

NAME = "class_mode"
_say = words(
    "classmode/app/",
    {
        "title": ("Class mode — guess and simulate together", "Klassenmodus — gemeinsam schätzen und simulieren"),
        "blurb": (
            "For the teacher's screen: the class joins by a code, guesses, simulates together and sees the reveal.",
            "Für den Bildschirm der Lehrkraft: Die Klasse tritt mit einem Code bei, schätzt, simuliert gemeinsam und "
            "sieht das Aufdecken.",
        ),
    },
)

PARAMS = {
    p.name: p
    for p in (
        Param("lesson", choice(*lessons()), lessons()[0]),
        Param("lang", choice("en", "de"), "en"),
        Param("class", read_code, None),
    )
}


def build(query: Query) -> Any:
    """The start screen, or the dashboard of the running class the link names (in a box, as every app page is,
    so the presenter view's toggle can zoom it)."""
    dashboard = ClassDashboard(query["lang"], query["lesson"])
    if query["class"]:
        dashboard.open_class(query["class"])
    page = w.VBox([dashboard])
    page.add_class("dl-class-mode")
    page.dashboard = dashboard  # reachable for tests and the teacher's console
    return page


register(AppInfo(NAME, _say("title"), _say("blurb"), "☷", PARAMS, build, kind="teacher"))
