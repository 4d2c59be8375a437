"""The words the front ends show on their own (button labels, captions, aria labels), in English and German.

Every donkeylab widget's ESM draws its words from a ``words`` trait, ``{"en": {key: text}, "de": {key: text}}``,
filled here from the one catalogue (keys ``ui/<widget>/<key>``): no JS file holds a sentence of either
language (``tests/widgets/test_front_end_words.py`` checks it). Both languages travel at once, so the labels a
front end draws itself still follow a language switch at once, before the kernel's next snapshot. A text may
carry ``{name}`` placeholders, which the front end fills (``common.js``'s ``word``).

``WORDS`` holds the words of the widgets every game shares; a game view's words are its game's
(``VIEW_WORDS`` → ``GameInfo.view_words``, beside its ``VIEWS``), and ``tables`` collects them from every
registered game, so a fourth game's view brings its words with it.
"""

from __future__ import annotations

from functools import cache

from donkeylab import games
from donkeylab.core import CATALOGUE
from donkeylab.core.messages import LANGUAGES

Table = dict[str, tuple[str, str]]  # key -> (en, de)

WORDS: dict[str, Table] = {
    "stepper": {
        "first_aria": ("Back to the start", "Zurück zum Anfang"),
        "back": ("◀ Back", "◀ Zurück"),
        "back_aria": ("Back (left arrow)", "Zurück (Pfeil links)"),
        "step": ("Step ▶", "Schritt ▶"),
        "step_aria": ("Step (right arrow)", "Schritt (Pfeil rechts)"),
        "play": ("▶▶ Play", "▶▶ Abspielen"),
        "play_aria": ("Play (space)", "Abspielen (Leertaste)"),
        "pause": ("❚❚ Pause", "❚❚ Pause"),
        "pause_aria": ("Pause (space)", "Pause (Leertaste)"),
        "speed": ("speed ", "Tempo "),
        "speed_aria": ("Play speed (steps per second)", "Tempo (Schritte pro Sekunde)"),
        "position": ("step {index} of {last}", "Schritt {index} von {last}"),
        # inside a step's events one counter is enough: "step 15 of 15 · event 2 of 15" read as "the game is over";
        # "in this step" says whose 15 events they are ("step 15 · event 2 of 15" read as two counts of one thing)
        "position_at": ("step {index}", "Schritt {index}"),
        "event": (" · event {sub} of {n} in this step", " · Ereignis {sub} von {n} in diesem Schritt"),
        "language": ("Language", "Sprache"),
        "lang_en": ("English", "English"),  # each language is named in its own words, in both menus
        "lang_de": ("Deutsch", "Deutsch"),
        "teacher": ("All cards face up", "Alle Karten offen"),  # a learning view, not the class teacher's
        "seen_by": ("Seen by {name}", "Sicht von {name}"),
        "whose": ("Whose eyes", "Wessen Sicht"),
        "choices": ("Choices", "Möglichkeiten"),
        "choose": ("Choose: ", "Wähle: "),
        "choose_drop": ("Choose (drops the later steps): ", "Wähle (verwirft die späteren Schritte): "),
    },
    "event_log": {
        "title": ("What happened (newest last)", "Was geschah (neuestes unten)"),
        "go_to": ("go to step {k}", "zu Schritt {k}"),
        "empty": ("Nothing yet: press Step.", "Noch nichts: drücke Schritt."),
    },
    "share": {
        "copy": ("Copy link to this step", "Link zu diesem Schritt kopieren"),
        "field": ("link to this step", "Link zu diesem Schritt"),
        "copied": ("copied", "kopiert"),
        "select_copy": ("select and copy the link", "Link markieren und kopieren"),
    },
    "explorer": {
        "seed": ("seed", "Startwert"),
        "players": ("players", "Spieler"),
        "new_game": ("New game", "Neues Spiel"),
    },
}


def tables() -> dict[str, Table]:
    """Every widget's words: the shared widgets' (``WORDS``) and each registered game's views', each in the
    catalogue under ``ui/<widget>/<key>`` (two games may share a widget only with the same texts)."""
    return _tables(tuple(games.GAMES.items()))


@cache
def _tables(registry: tuple[tuple[str, str], ...]) -> dict[str, Table]:
    out = {widget: dict(words) for widget, words in WORDS.items()}
    for name, _ in registry:
        for widget, words in games.info(name).view_words.items():
            out.setdefault(widget, {}).update(words)
    for widget, words in out.items():
        CATALOGUE.add_all(words, prefix=f"ui/{widget}/")
    return out


def front_end_words(widget: str) -> dict[str, dict[str, str]]:
    """The ``words`` trait of ``widget``: each key's template in every language (placeholders left in).

    Shared between the widgets of a kind (a trait's value is only read), so never mutate it."""
    return _front_end_words(widget, tuple(games.GAMES.items()))


@cache
def _front_end_words(widget: str, registry: tuple[tuple[str, str], ...]) -> dict[str, dict[str, str]]:
    keys = list(_tables(registry).get(widget, {}))
    prefix = f"ui/{widget}/"
    return {lang: {k: CATALOGUE.template(prefix + k, lang) for k in keys} for lang in LANGUAGES}


def ui_word(widget: str, key: str, lang: str) -> str:
    """One word for Python-drawn controls (the explorer's ipywidgets), from the same tables."""
    tables()
    return CATALOGUE.render(f"ui/{widget}/{key}", {}, lang)
