"""Every word of class mode's pages (the teacher's dashboard and the pupil's banner), in English and German.

Registered in the core catalogue under ``classmode/`` (the same catalogue as the lessons and the engines;
``tests/test_messages.py`` checks that both languages have the same placeholders).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from donkeylab.core import numbers
from donkeylab.core.say import texts
from donkeylab.pages.guess_words import TEXTS as GUESS_TEXTS
from donkeylab.pages.guess_words import answer_words, choice_words, closeness, times_words

if TYPE_CHECKING:
    from donkeylab.classroom import ClassQuestion

_TEXTS = {
    # the pupil's page
    "joining": ("Joining class {code} …", "Klasse {code} wird beigetreten …"),
    "banner": ("Class {code} · you are {name}", "Klasse {code} · du bist {name}"),
    "pooled": ("the class has simulated {trials} trials so far", "die Klasse hat bisher {trials} Durchgänge simuliert"),
    "locked": (
        "Your guess {value} is locked in. It stays as it is until your teacher reveals the answer.",
        "Deine Schätzung {value} ist festgelegt. Sie bleibt so, bis deine Lehrkraft die Antwort aufdeckt.",
    ),
    "closed_locked": (
        "The answer is revealed, so guessing is closed: your guess {value} stays as you locked it in.",
        "Die Antwort ist aufgedeckt, Schätzungen sind geschlossen: Deine Schätzung {value} bleibt, wie du sie "
        "festgelegt hast.",
    ),
    "closed_none": (
        "The answer is revealed, so guessing is closed: you did not lock in a guess this time.",
        "Die Antwort ist aufgedeckt, Schätzungen sind geschlossen: Diesmal hast du keine Schätzung festgelegt.",
    ),
    "wait_reveal": ("Waiting for your teacher to reveal", "Warte, bis deine Lehrkraft aufdeckt"),
    "server_back": (
        "The server is back: this page reloads itself.",
        "Der Server ist wieder da: Die Seite lädt sich neu.",
    ),
    "revealed_below": ("✓ Revealed: the answer is below", "✓ Aufgedeckt: Die Antwort steht unten"),
    "pool_note": (
        "Your simulations below are added to the class's pool on your teacher's screen.",
        "Deine Simulationen unten kommen in den gemeinsamen Topf auf dem Bildschirm deiner Lehrkraft.",
    ),
    "alone": (
        "{why} This lesson works on by itself: you can guess, reveal and simulate on your own.",
        "{why} Diese Lektion funktioniert auch allein: Du kannst selbst schätzen, aufdecken und simulieren.",
    ),
    "not_open": (
        "Class {code} is not open (it has ended or expired).",
        "Die Klasse {code} ist nicht offen (sie ist beendet oder abgelaufen).",
    ),
    "ended": ("Your teacher has ended class {code}.", "Deine Lehrkraft hat die Klasse {code} beendet."),
    "full": ("Class {code} is full.", "Die Klasse {code} ist voll."),
    "removed": (
        "Your teacher has taken you out of class {code}.",
        "Deine Lehrkraft hat dich aus der Klasse {code} genommen.",
    ),
    "page_stopped": (
        "This page has stopped, so its place on the server is free for others.",
        "Diese Seite ist beendet, damit ihr Platz auf dem Server für andere frei ist.",
    ),
    # the class card (questions asked on the card, the teacher's pause)
    "question_of": ("Question {i} of {n}", "Frage {i} von {n}"),
    "language": ("Language", "Sprache"),
    "in_lesson": (
        "Your guess goes in the lesson below, under “The question”: set it, then lock it in there.",
        "Deine Schätzung gehört in die Lektion unten, unter „Die Frage“: Stell sie dort ein und leg sie fest.",
    ),
    "to_guess": ("Go to your guess ↓", "Zu deiner Schätzung ↓"),
    "in_lesson_done": (
        "The answer is revealed in the lesson below: compare it with your guess there.",
        "Die Antwort ist in der Lektion unten aufgedeckt: Vergleiche sie dort mit deiner Schätzung.",
    ),
    "quoted": ("“{text}”", "„{text}“"),
    "set_it": ("set your guess", "stell deine Schätzung ein"),
    "paused": (
        "Your teacher has paused the class: eyes to the front.",
        "Deine Lehrkraft hat die Klasse angehalten: Alle Augen nach vorn.",
    ),
    # the join page (``/join``, no kernel): a pupil types the class code
    "join_title": ("Join your class", "Deiner Klasse beitreten"),
    "join_label": ("Class code", "Klassencode"),
    "join_button": ("Join", "Beitreten"),
    "join_help": (
        "The code has 6 letters and digits: it is on your teacher's screen, above the QR code.",
        "Der Code hat 6 Buchstaben und Ziffern: Er steht auf dem Bildschirm deiner Lehrkraft, über dem QR-Code.",
    ),
    "join_unknown": (
        "No class with the code {code} is open right now. Check the code on your teacher's screen.",
        "Gerade ist keine Klasse mit dem Code {code} offen. Prüf den Code auf dem Bildschirm deiner Lehrkraft.",
    ),
    "join_bad": (
        "“{code}” is not a class code: a code has 6 letters and digits.",
        "„{code}“ ist kein Klassencode: Ein Code hat 6 Buchstaben und Ziffern.",
    ),
    "join_blocked": (
        "Too many wrong codes from this device: wait a minute, then try again.",
        "Zu viele falsche Codes von diesem Gerät: Warte eine Minute und versuch es dann noch einmal.",
    ),
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
    "size": ("Pupils in the class", "Personen in der Klasse"),
    "start": ("Start a class", "Klasse starten"),
    "start_help": (
        "Your pupils join with the code, the QR code or the address on the dashboard; their guesses and "
        "simulations come together there. Nothing but a pseudonym, the guesses and the simulated counts is "
        "stored, for at most 24 hours. Starting a class gets the lesson ready for this many pupils.",
        "Deine Klasse tritt mit dem Code, dem QR-Code oder der Adresse auf dem Dashboard bei; Schätzungen und "
        "Simulationen kommen dort zusammen. Gespeichert werden nur ein Pseudonym, die Schätzungen und die simulierten "
        "Zählungen, höchstens 24 Stunden lang. Beim Start wird die Lektion für so viele Personen vorbereitet.",
    ),
    "running": ("Classes running on this computer", "Laufende Klassen auf diesem Computer"),
    "open": ("Open", "Öffnen"),
    "none_running": ("None at the moment.", "Gerade keine."),
    "question": ("The question", "Die Frage"),
    "code_label": ("Class code", "Klassencode"),
    "join_at": ("Scan the QR code, or open", "QR-Code scannen oder öffnen:"),
    "type_at": ("and type the code", "und den Code eingeben"),
    "joined": ("joined", "beigetreten"),
    "answered": ("guessed", "geschätzt"),
    "guesses": ("The class's guesses", "Die Schätzungen der Klasse"),
    "no_guesses": ("No guesses yet.", "Noch keine Schätzungen."),
    "reveal": ("Reveal the answer", "Antwort aufdecken"),
    "revealed": ("Revealed", "Aufgedeckt"),
    "exact": ("The exact answer: {answer}", "Die exakte Antwort: {answer}"),
    "measured": ("The answer, measured: {answer}", "Die Antwort, gemessen: {answer}"),  # a long simulation's
    "pooled_title": ("Everyone's simulations together: {what}", "Alle Simulationen zusammen: {what}"),
    "trials": ("The class has simulated {trials} trials.", "Die Klasse hat {trials} Durchgänge simuliert."),
    "no_trials": (
        "No simulations yet: they appear when pupils start their live plots.",
        "Noch keine Simulationen: Sie erscheinen, wenn die Klasse ihre Live-Diagramme startet.",
    ),
    "exact_line": ("exact", "exakt"),
    "estimate": ("class estimate", "Schätzung der Klasse"),
    "end": ("End class", "Klasse beenden"),
    "end_confirm": ("Click again to delete the class's data", "Noch einmal klicken: Die Daten der Klasse löschen"),
    "ended_teacher": (
        "The class has ended: everything it stored is deleted.",
        "Die Klasse ist beendet: Alles, was sie gespeichert hat, ist gelöscht.",
    ),
    "new": ("Back to the start", "Zurück zum Start"),
    "pupils_title": ("Pupils (pseudonyms)", "Personen (Pseudonyme)"),
    "guessed": ("guessed", "hat geschätzt"),
    "not_guessed": ("no guess yet", "noch keine Schätzung"),
    "remove": ("Take out", "Herausnehmen"),
    "remove_confirm": ("Take {name} out? Click again", "{name} herausnehmen? Noch einmal klicken"),
    "too_many_starts": (
        "This page has started as many classes as it may ({limit}) or one a moment ago: open a running class "
        "below, or reload the page.",
        "Diese Seite hat schon so viele Klassen gestartet, wie sie darf ({limit}), oder gerade eben eine: Öffne "
        "unten eine laufende Klasse oder lade die Seite neu.",
    ),
    "not_here": (
        "Class {code} was not started on this computer, or it has ended.",
        "Die Klasse {code} wurde nicht auf diesem Computer gestartet, oder sie ist beendet.",
    ),
    "warn_local_only": (
        "Pupils' devices cannot open this link: this server listens on this computer only. Stop it and start "
        "it again with: donkeylab serve --class",
        "Die Geräte der Klasse können diesen Link nicht öffnen: Dieser Server hört nur auf diesem Computer. "
        "Beende ihn und starte ihn neu mit: donkeylab serve --class",
    ),
    "warn_bare_name": (
        "Pupils' devices may not find this computer by its name. Open this page at its address instead: {better}",
        "Die Geräte der Klasse finden diesen Computer vielleicht nicht unter seinem Namen. Öffne diese Seite "
        "stattdessen unter seiner Adresse: {better}",
    ),
    "warm_going": ("Getting pages ready: {ready} of {size}", "Seiten werden vorbereitet: {ready} von {size}"),
    "warm_done": ("Pages ready for {size} pupils", "Seiten bereit für {size} Personen"),
    "warm_done.one": ("A page ready for 1 pupil", "Eine Seite bereit für 1 Person"),
    "warm_short": (
        "Pages ready for {size} of {asked} pupils: the server has no room for more",
        "Seiten bereit für {size} von {asked} Personen: Der Server hat keinen Platz für mehr",
    ),
    "store_lost": (
        "The class store does not answer at the moment; the page tries again.",
        "Der Klassenspeicher antwortet gerade nicht; die Seite versucht es weiter.",
    ),
    "reopen_failed": ("{why} Start a new class below.", "{why} Starte unten eine neue Klasse."),
    # what each question's pooled estimate is the share of (the pooled plot's title)
    "what.token_risk": ("the next card costs a token at 65", "die nächste Karte kostet bei 65 einen Chip"),
    "what.free_choice": (
        "all 4 dice show one of 2 numbers on the Hay card",
        "alle 4 Würfel zeigen eine der 2 Zahlen auf der Misthaufen-Karte",
    ),
    "what.flip_seven": (
        "light blue/orange is worth 7 after the orange flip",
        "Hellblau/Orange ist nach dem Umdrehen von Orange 7 wert",
    ),
    # the cockpit: questions, pacing, who is stuck, results kept
    "next": ("Next question ▶", "Nächste Frage ▶"),
    "not_pooled": (
        "This question is not simulated: the class's guesses are the data.",
        "Diese Frage wird nicht simuliert: Die Schätzungen der Klasse sind die Daten.",
    ),
    "desk": ("Teacher's desk: pacing, who is stuck, results", "Pult der Lehrkraft: Tempo, wer hängt, Ergebnisse"),
    "pace_step": ("Everyone to step", "Alle zu Schritt"),
    "pace_section": ("Everyone to", "Alle zu"),
    "go": ("Go", "Los"),
    "pause": ("Pause the class", "Klasse anhalten"),
    "release": ("Release the class", "Klasse freigeben"),
    "save_csv": ("Save the results (CSV)", "Ergebnisse speichern (CSV)"),
    "save_html": ("Save the charts (page)", "Diagramme speichern (Seite)"),
    "away": ("away", "weg"),
    "behind_mark": ("behind", "hinten"),
    "ghost_mark": ("left without a guess", "ohne Schätzung gegangen"),
    "ghosts": (
        "Left without a guess (their places are free once taken out): {names}",
        "Ohne Schätzung gegangen (herausgenommen sind ihre Plätze frei): {names}",
    ),
    "remove_ghosts": ("Take them out", "Alle herausnehmen"),
    "col_name": ("Pupil", "Person"),
    "col_guessed": ("Guessed", "Geschätzt"),
    "col_step": ("Step", "Schritt"),
    "col_where": ("Where", "Wo"),
    "col_exercises": ("Exercises right / tried", "Übungen richtig / versucht"),
    "calibration": ("How close the class came", "Wie nah die Klasse kam"),
    "section.question": ("the question", "die Frage"),
    "section.step": ("the game, step by step", "das Spiel, Schritt für Schritt"),
    "section.live": ("the simulation", "die Simulation"),
    "section.answer": ("the answer", "die Antwort"),
    "section.exercises": ("the exercises", "die Übungen"),
    "section.further": ("going further", "weiter gedacht"),
    "no_guess_yet": ("No guess yet: {names}", "Noch keine Schätzung: {names}"),
    "all_guessed": ("Everyone here has guessed.", "Alle hier haben geschätzt."),
    "nobody_yet": ("Nobody has joined yet.", "Noch niemand ist beigetreten."),
    "behind": ("Behind the class: {names}", "Hinter der Klasse: {names}"),
    "hardest": (
        "Most got exercise {n} wrong: {wrong} of the {tried} who tried it are not right yet.",
        "Übung {n} war am schwersten: {wrong} von {tried}, die sie versucht haben, sind noch nicht richtig.",
    ),
    "calib_choice": (
        "{right} of {n} guesses chose the right one.",
        "{right} von {n} Schätzungen haben richtig gewählt.",
    ),
    "calib_median_points": (
        "Half the guesses were within {d} percentage points of the answer (the median distance).",
        "Die Hälfte der Schätzungen lag höchstens {d} Prozentpunkte neben der Antwort (der Median des Abstands).",
    ),
    "calib_within_points": (
        "{k} of {n} guesses were within 5 percentage points of it.",
        "{k} von {n} Schätzungen lagen höchstens 5 Prozentpunkte daneben.",
    ),
    "calib_median": (
        "Half the guesses were within {d} of the answer (the median distance).",
        "Die Hälfte der Schätzungen lag höchstens {d} neben der Antwort (der Median des Abstands).",
    ),
    "calib_within": (
        "{k} of {n} guesses were within {band} of it.",
        "{k} von {n} Schätzungen lagen höchstens {band} daneben.",
    ),
    "calib_pool": (
        "The class pooled {trials} simulated trials: its estimate {estimate} % was {d} percentage points from the "
        "exact value {exact} %.",
        "Die Klasse hat {trials} Durchgänge zusammengelegt, ihre Schätzung {estimate} % lag {d} Prozentpunkte "
        "neben dem exakten Wert {exact} %.",
    ),
    # the pooled estimate within rounding of the exact value: "0.00 percentage points" reads as a broken number,
    # and "matches to two decimal places" is false when the two round differently (1.24 % and 1.23 %)
    "calib_pool_match": (
        "The class pooled {trials} simulated trials: its estimate {estimate} % is less than 0.01 percentage "
        "points from the exact value {exact} %.",
        "Die Klasse hat {trials} Durchgänge zusammengelegt, ihre Schätzung {estimate} % liegt weniger als 0,01 "
        "Prozentpunkte neben dem exakten Wert {exact} %.",
    ),
    "calib_inside": (
        "The exact value lies inside its 95 % interval.",
        "Der exakte Wert liegt in ihrem 95-%-Intervall.",
    ),
    "calib_outside": (
        "The exact value lies outside its 95 % interval: that happens in about 1 of 20 classes.",
        "Der exakte Wert liegt außerhalb ihres 95-%-Intervalls: Das passiert in etwa 1 von 20 Klassen.",
    ),
    "report_title": ("Class {code}: the results", "Klasse {code}: die Ergebnisse"),
    "report_counts": ("Pupils: {pupils} · guesses: {answered}", "Personen: {pupils} · Schätzungen: {answered}"),
    "million": ("{x} million", "{x} Millionen"),
    # the saved results: column names and row labels a teacher reads in a spreadsheet
    "save_pupils": ("Save the results by pupil (CSV)", "Ergebnisse pro Person speichern (CSV)"),
    "save_help": (
        "The first file has no names; the one by pupil lists each pseudonym with its guesses and exercises.",
        "Die erste Datei enthält keine Namen; die Datei pro Person nennt jedes Pseudonym mit seinen Schätzungen "
        "und Übungen.",
    ),
    "show_odds": ("Show pupils their chances", "Den Schülern ihre Chancen zeigen"),
    "hide_odds": ("Hide pupils' chances", "Chancen der Schüler ausblenden"),
    "odds_after": (
        "Pupils' chances can be shown once every answer is revealed: the odds could give one away.",
        "Die Chancen der Schüler lassen sich zeigen, wenn alle Antworten aufgedeckt sind: Sie könnten eine verraten.",
    ),
    "show_estimate": ("Show the class's estimate now", "Schätzung der Klasse jetzt zeigen"),
    "hide_estimate": ("Hide the class's estimate", "Schätzung der Klasse verbergen"),
    "estimate_hidden": (
        "The class's estimate appears with the reveal, so that it does not steer the guesses.",
        "Die Schätzung der Klasse erscheint mit dem Aufdecken, damit sie die Schätzungen nicht lenkt.",
    ),
    "answer_after_reveal": (
        "“The answer” opens for everyone after you reveal it.",
        "„Die Antwort“ öffnet sich für alle, sobald du sie aufgedeckt hast.",
    ),
    "to_desk": ("Teacher's desk ▼", "Pult der Lehrkraft ▼"),
    "csv.class": ("Class", "Klasse"),
    "csv.number": ("Question number", "Frage Nr."),
    "csv.question": ("Question", "Frage"),
    "csv.kind": ("Kind of answer", "Art der Antwort"),
    "csv.what": ("Row", "Zeile"),
    "csv.value": ("Value", "Wert"),
    "csv.kind.probability": ("probability", "Wahrscheinlichkeit"),
    "csv.kind.number": ("number", "Zahl"),
    "csv.kind.choice": ("choice", "Auswahl"),
    "csv.guess": ("a pupil's guess", "Schätzung einer Person"),
    "csv.trials": ("simulated trials (whole class)", "simulierte Durchgänge (ganze Klasse)"),
    "csv.hits": ("… of them, trials where it happened", "… davon Durchgänge, in denen es eintrat"),
    "csv.estimate": ("the class's estimate (share of trials)", "Schätzung der Klasse (Anteil der Durchgänge)"),
    "csv.answer": ("the exact answer", "die exakte Antwort"),
    "csv.question_guess": ("Question {i}: guess", "Frage {i}: Schätzung"),
    "csv.tried": ("Exercises tried", "Übungen versucht"),
    "csv.right": ("Exercises right", "Übungen richtig"),
    # a count of one takes the singular ("1 von 4 Schätzungen lag"), one guess in all is not "half the guesses"
    # (``counted`` picks the form)
    "calib_choice.one": (
        "{right} of {n} guesses chose the right one.",
        "{right} von {n} Schätzungen hat richtig gewählt.",
    ),
    "calib_choice.single": (
        "The class's one guess: {right} of {n} chose the right one.",
        "Die eine Schätzung der Klasse: {right} von {n} hat richtig gewählt.",
    ),
    "calib_median_points.single": (
        "The class's one guess was {d} percentage points from the answer.",
        "Die eine Schätzung der Klasse lag {d} Prozentpunkte neben der Antwort.",
    ),
    "calib_within_points.one": (
        "{k} of {n} guesses was within 5 percentage points of it.",
        "{k} von {n} Schätzungen lag höchstens 5 Prozentpunkte daneben.",
    ),
    "calib_within_points.single": (
        "Within 5 percentage points of it: {k} of {n} guess.",
        "Höchstens 5 Prozentpunkte daneben: {k} von {n} Schätzung.",
    ),
    "calib_median.single": (
        "The class's one guess was {d} from the answer.",
        "Die eine Schätzung der Klasse lag {d} neben der Antwort.",
    ),
    "calib_within.one": (
        "{k} of {n} guesses was within {band} of it.",
        "{k} von {n} Schätzungen lag höchstens {band} daneben.",
    ),
    "calib_within.single": (
        "Within {band} of it: {k} of {n} guess.",
        "Höchstens {band} daneben: {k} von {n} Schätzung.",
    ),
    "hardest.one": (
        "Most got exercise {n} wrong: {wrong} of the {tried} who tried it is not right yet.",
        "Übung {n} war am schwersten: {wrong} von {tried}, die sie versucht haben, ist noch nicht richtig.",
    ),
}
# say(key, lang, **data): a class-mode sentence in ``lang``, its own or one it shares with a solo page
# (``pages.guess_words``: the lock, the answer, how close a guess came)
say = texts("classmode/", {**GUESS_TEXTS, **_TEXTS}, terms=True)


def counted(key: str, count: int, n: int | None = None) -> str:
    """The form of sentence ``key`` its numbers take: with one guess in all (``n``) its ``.single`` form, with
    a ``count`` of one its ``.one`` form (the verb in the singular: "1 von 4 Schätzungen lag"), when the table
    has that form; else ``key``."""
    if n == 1 and f"{key}.single" in _TEXTS:
        return f"{key}.single"
    if count == 1 and f"{key}.one" in _TEXTS:
        return f"{key}.one"
    return key


def count_words(n: int, lang: str) -> str:
    """12,345 / 12.345; 2.4 million / 2,4 Millionen from a million on (what a projector shows)."""
    if n >= 1_000_000:
        return say("million", lang, x=numbers.decimal(n / 1_000_000, lang, 1))
    return numbers.whole(n, lang)


def number_words(x: float, lang: str, digits: int = 2) -> str:
    return numbers.decimal(x, lang, digits)


def answer_line(spec: ClassQuestion, lang: str) -> str:
    """The reveal's sentence: "The exact answer: 1.2 % …", or for a measured answer (Lesson 5's long run)
    "The answer, measured: 0.52 rounds" (a trial's teacher read "exact" beside a page that says it is measured)."""
    return say("measured" if spec.measured else "exact", lang, answer=answer_words(spec, lang))


__all__ = [
    "answer_line",
    "answer_words",
    "choice_words",
    "closeness",
    "count_words",
    "counted",
    "number_words",
    "say",
    "times_words",
]
