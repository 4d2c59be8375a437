"""The words of the teacher's dashboard: every sentence its page draws, the lessons and the running classes as
the start screen lists them, and the class question in the pupils' words without its HTML.

Apart from ``dashboard`` so that what the page says (and in which language) is found in one place, and the
widget's module holds only what it does.
"""

from __future__ import annotations

import html
import re
import time

from donkeylab.classmode.words import say
from donkeylab.classroom import ClassQuestion, keyring, lessons
from donkeylab.classroom.checks import SECTIONS
from donkeylab.core import CATALOGUE, numbers
from donkeylab.widgets.guard import page_texts

WORDS = (
    "title", "pick", "size", "start", "start_help", "running", "open", "none_running", "code_label", "join_at",
    "type_at", "joined", "answered", "guesses", "no_guesses", "reveal", "revealed", "no_trials", "exact_line",
    "estimate", "end", "end_confirm", "ended_teacher", "new", "pupils_title", "remove", "remove_confirm",
    "guessed", "not_guessed", "question", "next", "desk", "pace_step", "pace_section", "go", "pause", "release",
    "save_csv", "save_html", "not_pooled", "away", "behind_mark", "ghost_mark", "remove_ghosts", "col_name",
    "col_guessed", "col_step", "col_where", "col_exercises", "calibration", "language", "show_estimate",
    "hide_estimate", "estimate_hidden", "answer_after_reveal", "to_desk", "save_pupils", "save_help", "show_odds",
    "hide_odds", "odds_after",
)  # fmt: skip


def texts(lang: str) -> dict[str, str]:
    """Every word the page draws by itself, in ``lang``, sent once (the page fills in names and numbers)."""
    words = {key: say(key, lang, trials="", answer="", limit="", name="{name}") for key in WORDS}
    words["lang"] = lang
    words |= page_texts(lang)  # the heartbeat's "reload the page", there before the kernel is gone
    words["back"] = say("server_back", lang)  # the page reloads itself when the server is back
    words["decimal"] = numbers.separators(lang)["decimal"]  # the axis labels the page writes itself
    return words


def question(spec: ClassQuestion | None, lang: str) -> str:
    """The class question as the pupils read it, as plain text."""
    if spec is None or spec.prompt not in CATALOGUE.messages:
        return ""
    return plain(CATALOGUE.render(spec.prompt, {}, lang))


def pooled_what(spec: ClassQuestion | None, lang: str) -> str:
    """The title of the pooled simulation's chart: what the class's runs count."""
    if spec is None or not spec.what:
        return say("not_pooled", lang)
    return say("pooled_title", lang, what=CATALOGUE.render(spec.what, {}, lang))


def sections(lang: str) -> list[list[str]]:
    return [[name, say(f"section.{name}", lang)] for name in SECTIONS]


def lesson_list(lang: str) -> list[list[str]]:
    """[name, title] of every lesson a class can run, in lesson order."""
    from donkeylab.pages.registry import APPS

    return [[name, APPS[name].title.get(lang) if name in APPS else name] for name in lessons()]


def running(lang: str) -> list[list[str]]:
    """[code, lesson title, start time] of the classes running on this machine (their keys in the keyring)."""
    titles = dict(lesson_list(lang))
    return [[r["code"], titles.get(r["lesson"], r["lesson"]), clock(r["created"])] for r in keyring.running()]


def clock(when: float) -> str:
    """The time of day a class started, as the teacher's screen shows it (10:02)."""
    return time.strftime("%H:%M", time.localtime(when))


def plain(text: str) -> str:
    """A catalogue sentence's HTML tags dropped (the dashboard draws text, never HTML)."""
    return html.unescape(re.sub(r"<[^>]+>", "", text))
