"""The toy lesson's words (``tests/toy_lesson.py``), English and German: a lesson's ``<name>_text.py``."""

TEXTS = {
    "title": ("Toy lesson — a card at 60", "Spielzeug-Lektion — eine Karte bei 60"),
    "question": (
        "The total is 60. What is the probability that the next card costs a token?",
        "Die Summe ist 60. Wie groß ist die Wahrscheinlichkeit, dass die nächste Karte einen Chip kostet?",
    ),
    "prompt": (
        "Your guess: the probability that the next card at 60 costs a token.",
        "Deine Schätzung: die Wahrscheinlichkeit, dass die nächste Karte bei 60 einen Chip kostet.",
    ),
    "answer": ("The next card at 60 costs a token with probability {p}.", "Bei 60 kostet die nächste Karte mit {p}."),
    "step_intro": ("Step through a game and watch the total.", "Geh ein Spiel durch und sieh auf die Summe."),
    "live_intro": ("Cards drawn again and again at 60; {band}", "Immer wieder Karten bei 60 gezogen; {band}"),
    "exact": ("Exactly: {p}.", "Genau: {p}."),
    "notice": (
        "At 66 the risk is {p}: each total has its own.",
        "Bei 66 ist das Risiko {p}: Jede Summe hat ihr eigenes.",
    ),
    "ex1.q": ("The risk at 60, as a fraction?", "Das Risiko bei 60, als Bruch?"),
    "ex1.solution": ("Count the cards that make a doublet or bust: {p}.", "Zähle die Karten für Pasch oder 77: {p}."),
    "ex1.hint": ("Which totals after 60 cost a token?", "Welche Summen nach 60 kosten einen Chip?"),
    "app.title": ("Toy lesson", "Spielzeug-Lektion"),
    "app.blurb": ("A lesson that lives in the tests.", "Eine Lektion, die in den Tests lebt."),
}
