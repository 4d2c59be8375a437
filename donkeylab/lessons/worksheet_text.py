"""The words of the printed worksheets and answer keys (``lessons/worksheets.py``), English and German: one table,
registered in the core catalogue as ``worksheet/…``. Everything a sheet says about a lesson (its question,
prediction, exercises, solutions) is the lesson's own catalogue text; only the sheet's frame is here, so a
translator edits this file alone and a test checks both languages have the same placeholders."""

from donkeylab.core.say import words

TEXTS: dict[str, tuple[str, str]] = {
    "kind.worksheet": ("Worksheet", "Arbeitsblatt"),
    "kind.key": ("Answer key for the teacher", "Lösungsblatt für die Lehrkraft"),
    "name": ("Name", "Name"),
    "class": ("Class", "Klasse"),
    "date": ("Date", "Datum"),
    "intro": (
        (
            "Work through the lesson on the computer and write your answers on this sheet. Make your prediction "
            "before you reveal the answer."
        ),
        (
            "Bearbeite die Lektion am Computer und schreib deine Antworten auf dieses Blatt. Gib deine Schätzung ab, "
            "bevor du die Antwort aufdeckst."
        ),
    ),
    "key_intro": (
        (
            "The worksheet's questions with every answer, the worked solutions, and what the lesson page tells a "
            "pupil who types one of the typical wrong answers. The numbers are the lesson page's own."
        ),
        (
            "Die Fragen des Arbeitsblatts mit allen Antworten, den Lösungswegen und dem, was die Lektionsseite "
            "zu typischen falschen Antworten sagt. Die Zahlen sind dieselben wie auf der Lektionsseite."
        ),
    ),
    "scale": (
        "On this sheet: mark your guess on the line with a cross.",
        "Auf dem Blatt: Markiere deine Schätzung mit einem Kreuz auf der Linie.",
    ),
    "tick": ("Tick one.", "Kreuze eine Antwort an."),
    "my_guess": ("My guess:", "Meine Schätzung:"),
    # a simulation's result, copied off the page's plot: the share it showed and after how many trials
    "sim_share": ("share shown:", "angezeigter Anteil:"),
    "sim_n": ("after N =", "nach N ="),
    "working": ("Working", "Rechenweg"),
    "accepts": (
        "Counts as right: the exact value, or a rounding that keeps at least two significant digits, e.g. {examples}.",
        "Zählt als richtig: der exakte Wert oder eine Rundung mit mindestens zwei gültigen Ziffern, z. B. {examples}.",
    ),
    "measured": (
        ("The lesson page measures the answer while bots play; the measured result is under “{notice}” below."),
        "Die Lektionsseite misst die Antwort, während Bots spielen; das Ergebnis steht unten unter „{notice}“.",
    ),
    "accepts_exact": ("Only this exact number counts.", "Nur genau diese Zahl zählt."),
    "or": ("or", "oder"),
    "mistakes": (
        "Typical wrong answers and what the page tells the pupil:",
        "Typische falsche Antworten und was die Seite dazu sagt:",
    ),
    # a list of numbers: in German a comma would run into the decimal commas ("0,56, 56 %"), so a semicolon
    "list": ("{first}, {second}", "{first}; {second}"),
    "list.last": ("{first} or {last}", "{first} oder {last}"),
    "print": (
        "To print: Ctrl+P (on a Mac ⌘+P), paper size A4, margins “Default”.",
        "Drucken: Strg+P (am Mac ⌘+P), Papierformat A4, Ränder „Standard“.",
    ),
    "link.worksheet": ("Print the worksheet", "Arbeitsblatt drucken"),
    "link.key": ("Answer key (teacher)", "Lösungsblatt (Lehrkraft)"),
    # a sheet's name in a table of sheets (the static site's gallery), in the sheet's own language
    "link.worksheet_short": ("Worksheet", "Arbeitsblatt"),
    "link.key_short": ("Answer key", "Lösungsblatt"),
    "link.language": ("English", "Deutsch"),  # the column of a language's sheets, named in that language
    "link.both": ("For the classroom: {worksheet} · {key}", "Für den Unterricht: {worksheet} · {key}"),
    "link.one": ("For the classroom: {worksheet}", "Für den Unterricht: {worksheet}"),
    # the rule set a sheet prints for a reader of this language when its link names none (a link value, not
    # words: the rules of the language's own edition)
}

say = words("worksheet/", TEXTS)  # say(key, **data): a ``Say`` of the sheets' own words
