"""``ClassError``: every refusal of the class store, as a sentence in English and German.

A refusal is raised before anything is written (each call is one transaction that rolls back), so a caller
that catches it holds a store exactly as it was. The sentence comes from the core catalogue (keys
``class/…``), so a pupil's page shows it in the page's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from donkeylab.core.messages import CATALOGUE

_MESSAGES = {
    "unknown_class": (
        "There is no open class with the code {code}: it may have ended or expired.",
        "Es gibt keine offene Klasse mit dem Code {code}: Sie ist vielleicht beendet oder abgelaufen.",
    ),
    "bad_code": (
        "{code} is not a class code: a code has 6 letters and digits.",
        "{code} ist kein Klassencode: Ein Code hat 6 Buchstaben und Ziffern.",
    ),
    "wrong_key": (
        "This is not the teacher key of class {code}.",
        "Das ist nicht der Lehrkraft-Schlüssel von Klasse {code}.",
    ),
    "unknown_lesson": (
        "Class mode has no lesson called {lesson}.",
        "Der Klassenmodus hat keine Lektion namens {lesson}.",
    ),
    "unknown_pupil": (
        "This pupil has not joined class {code}.",
        "Diese Person ist der Klasse {code} nicht beigetreten.",
    ),
    "unknown_question": (
        "The lesson of class {code} has no question {qid}.",
        "Die Lektion der Klasse {code} hat keine Frage {qid}.",
    ),
    "bad_value": (
        "A guess must be a number from {low} to {high}, not {value}.",
        "Eine Schätzung muss eine Zahl von {low} bis {high} sein, nicht {value}.",
    ),
    "bad_choice": (
        "A choice must be one of the options 0 to {high}, not {value}.",
        "Eine Wahl muss eine der Optionen 0 bis {high} sein, nicht {value}.",
    ),
    "revealed": (
        "The answer to this question has been revealed: guesses are closed.",
        "Die Antwort auf diese Frage ist aufgedeckt: Schätzungen sind geschlossen.",
    ),
    "bad_batch": (
        "Batch {batch} was refused: a batch is numbered 0 to {high}.",
        "Stapel {batch} wurde abgelehnt: Ein Stapel hat eine Nummer von 0 bis {high}.",
    ),
    "bad_seed": (
        "The seed {seed} was refused: the pupil's kernel draws a whole number for each run.",
        "Der Startwert {seed} wurde abgelehnt: Der Kernel zieht für jeden Lauf eine ganze Zahl.",
    ),
    "bad_browser": (
        "This browser's class key is not one the server made.",
        "Dieser Klassenschlüssel des Browsers stammt nicht vom Server.",
    ),
    "removed": (
        "Your teacher has taken you out of class {code}.",
        "Deine Lehrkraft hat dich aus der Klasse {code} genommen.",
    ),
    "no_pupil": (
        "Class {code} has no pupil called {name}.",
        "In der Klasse {code} gibt es niemanden namens {name}.",
    ),
    "bad_state": (
        "The class's pacing was refused: it names a question, a step or section of the lesson, or a pause.",
        "Das Tempo der Klasse wurde abgelehnt: Es nennt eine Frage, einen Schritt oder Abschnitt der Lektion "
        "oder eine Pause.",
    ),
    "bad_progress": (
        "A pupil's progress was refused: it is a step, a section and exercise numbers.",
        "Der Fortschritt wurde abgelehnt: Er besteht aus einem Schritt, einem Abschnitt und Übungsnummern.",
    ),
    "bad_counts": (
        "These counts were refused: {why}.",
        "Diese Zählungen wurden abgelehnt: {why}.",
    ),
    "full": (
        "Class {code} is full ({limit} pupils).",
        "Die Klasse {code} ist voll ({limit} Personen).",
    ),
    "bad_size": (
        "A class has 1 to {high} pupils, not {size}.",
        "Eine Klasse hat 1 bis {high} Personen, nicht {size}.",
    ),
    "too_many_classes": (
        "This server already has {limit} open classes: end one first.",
        "Dieser Server hat schon {limit} offene Klassen: Beende zuerst eine.",
    ),
    "gone": (
        "The class ended while this was being saved: nothing was saved.",
        "Die Klasse wurde beendet, während das gespeichert wurde: Nichts wurde gespeichert.",
    ),
    "unreachable": (
        "The class store cannot be reached: {reason}.",
        "Der Klassenspeicher ist nicht erreichbar: {reason}.",
    ),
}
CATALOGUE.add_all(_MESSAGES, prefix="class/")


class ClassError(ValueError):
    """A refused class-store call. ``key`` names the reason (``"unknown_class"``, ``"wrong_key"``, …)."""

    def __init__(self, key: str, **data: Any) -> None:
        self.key = key
        self.data: Mapping[str, Any] = {k: _short(v) for k, v in data.items()}
        super().__init__(self.render("en"))

    def render(self, lang: str = "en") -> str:
        """The sentence in ``lang``."""
        return CATALOGUE.render(f"class/{self.key}", self.data, lang)


def _short(value: Any) -> str:
    """A refused input quoted to at most 40 characters (a huge string never reaches a message)."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "…"
