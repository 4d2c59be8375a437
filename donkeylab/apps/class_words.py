"""Every word of class mode's pages (the teacher's dashboard and the pupil's banner), in English and German.

Registered in the core catalogue under ``classmode/`` (the same catalogue as the lessons and the engines;
``tests/test_messages.py`` checks that both languages have the same placeholders).
"""

from __future__ import annotations

from typing import Any

from donkeylab.core import CATALOGUE

_TEXTS = {
    # the pupil's page
    "joining": ("Joining class {code} …", "Klasse {code} wird beigetreten …"),
    "banner": ("Class {code} · you are {name}", "Klasse {code} · du bist {name}"),
    "pooled": ("the class has simulated {trials} trials so far", "die Klasse hat bisher {trials} Durchgänge simuliert"),
    "lock": ("Lock in my guess", "Meinen Tipp festlegen"),
    "locked": (
        "Your guess {value} is locked in. You may change it until your teacher reveals the answer.",
        "Dein Tipp {value} ist festgelegt. Du kannst ihn ändern, bis deine Lehrkraft die Antwort aufdeckt.",
    ),
    "wait_reveal": ("Waiting for your teacher to reveal", "Warte, bis deine Lehrkraft aufdeckt"),
    "sending": ("Sending your guess …", "Dein Tipp wird gesendet …"),
    "pool_note": (
        "Your simulations below are added to the class's pool on your teacher's screen.",
        "Deine Simulationen unten kommen in den gemeinsamen Topf auf dem Bildschirm deiner Lehrkraft.",
    ),
    "alone": (
        "{why} This lesson works on by itself: you can guess, reveal and simulate on your own.",
        "{why} Diese Lektion funktioniert auch allein: Du kannst selbst tippen, aufdecken und simulieren.",
    ),
    "not_open": (
        "Class {code} is not open (it has ended or expired).",
        "Die Klasse {code} ist nicht offen (sie ist beendet oder abgelaufen).",
    ),
    "ended": ("Your teacher has ended class {code}.", "Deine Lehrkraft hat die Klasse {code} beendet."),
    "no_store": (
        "The class could not be reached right now.",
        "Die Klasse ist gerade nicht erreichbar.",
    ),
    "no_class_lesson": (
        "This lesson has no class questions.",
        "Diese Lektion hat keine Klassenfragen.",
    ),
    # the teacher's page
    "title": ("Class mode", "Klassenmodus"),
    "pick": ("Lesson", "Lektion"),
    "start": ("Start a class", "Klasse starten"),
    "start_help": (
        "Your pupils open the lesson with the code or the QR code; their guesses and simulations come together "
        "here. Nothing but a pseudonym, the guesses and the simulated counts is stored, for at most 24 hours.",
        "Deine Klasse öffnet die Lektion mit dem Code oder dem QR-Code; Tipps und Simulationen kommen hier "
        "zusammen. Gespeichert werden nur ein Pseudonym, die Tipps und die simulierten Zählungen, höchstens 24 "
        "Stunden lang.",
    ),
    "code_label": ("Class code", "Klassencode"),
    "join_at": ("Join: open this link or scan the code", "Beitreten: Öffne diesen Link oder scanne den Code"),
    "joined": ("joined", "beigetreten"),
    "answered": ("answered", "geantwortet"),
    "guesses": ("The class's guesses", "Die Tipps der Klasse"),
    "no_guesses": ("No guesses yet.", "Noch keine Tipps."),
    "reveal": ("Reveal the answer", "Antwort aufdecken"),
    "exact": ("The exact answer: {answer}", "Die exakte Antwort: {answer}"),
    "pooled_title": ("The class's pooled simulation: {what}", "Die gemeinsame Simulation der Klasse: {what}"),
    "trials": ("The class has simulated {trials} trials.", "Die Klasse hat {trials} Durchgänge simuliert."),
    "no_trials": (
        "No simulations yet: they appear when pupils start their live plots.",
        "Noch keine Simulationen: Sie erscheinen, wenn die Klasse ihre Live-Diagramme startet.",
    ),
    "exact_line": ("exact", "exakt"),
    "estimate": ("pooled estimate", "gemeinsame Schätzung"),
    "end": ("End class", "Klasse beenden"),
    "end_confirm": ("Click again to delete the class's data", "Noch einmal klicken: Die Daten der Klasse löschen"),
    "ended_teacher": (
        "The class has ended: everything it stored is deleted.",
        "Die Klasse ist beendet: Alles, was sie gespeichert hat, ist gelöscht.",
    ),
    "teacher_link": ("Copy my teacher link (keep it private)", "Meinen Lehrkraft-Link kopieren (nicht teilen)"),
    "copied": ("Copied: this link reopens the dashboard.", "Kopiert: Dieser Link öffnet das Dashboard wieder."),
    "copy_failed": (
        "Copying did not work here: the teacher link is in the address bar of a new tab.",
        "Kopieren ging hier nicht: Der Lehrkraft-Link steht in der Adresszeile eines neuen Tabs.",
    ),
    "store_lost": (
        "The class store does not answer at the moment; the page tries again.",
        "Der Klassenspeicher antwortet gerade nicht; die Seite versucht es weiter.",
    ),
    "reopen_failed": ("{why} Start a new class below.", "{why} Starte unten eine neue Klasse."),
    "million": ("{x} million", "{x} Millionen"),
}
CATALOGUE.add_all(_TEXTS, prefix="classmode/")


def say(key: str, lang: str, **data: Any) -> str:
    return CATALOGUE.render(f"classmode/{key}", data, lang)


def count_words(n: int, lang: str) -> str:
    """12,345 / 12.345; 2.4 million / 2,4 Millionen from a million on (what a projector shows)."""
    if n >= 1_000_000:
        x = f"{n / 1_000_000:.1f}"
        return say("million", lang, x=x.replace(".", ",") if lang == "de" else x)
    text = f"{n:,}"
    return text.replace(",", ".") if lang == "de" else text


def number_words(x: float, lang: str, digits: int = 2) -> str:
    text = f"{x:.{digits}f}"
    return text.replace(".", ",") if lang == "de" else text
