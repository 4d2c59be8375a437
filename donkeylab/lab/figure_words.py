"""Every word of the lab's figures, in English and German (keys ``figure/…`` in the shared catalogue).

A ``LivePlot`` on a German page must not show an English figure: titles, axis titles, legend entries and
category labels are looked up here by key and language, never written into a figure builder. A figure says
things in words, never by a code name (issue 35 §1): a packaged board is "the mini board", not 'tiny_chain';
a phase-1 policy is "bots choosing at random", not "policy random"; a variant is "English rules".

Counts in a figure are written the way the language writes them (``number``: 50,000 / 50.000); German
figures also get a decimal comma on their axes and hover labels (``separators``).
"""

from __future__ import annotations

from typing import Any

from donkeylab.core import CATALOGUE, numbers
from donkeylab.core.messages import join_words
from donkeylab.lab import palette

WORDS: dict[str, tuple[str, str]] = {
    # figures.py: the grammar every figure shares
    "probability": ("probability", "Wahrscheinlichkeit"),
    "exact": ("exact", "exakt"),
    "simulated": ("simulated", "simuliert"),
    "sim_bar": ("{name} (n={n}, 95% CI)", "{name} (n={n}, 95-%-KI)"),
    "series_exact": ("{name}: exact", "{name}: exakt"),
    "series_simulated": ("{name}: simulated", "{name}: simuliert"),
    "choose": ("choose {colour}", "{colour} wählen"),
    "ci": ("CI", "KI"),
    "ci_band": ("95% confidence band", "95-%-Konfidenzband"),
    # a proportion's band is Wilson's: it holds the true value about 95 times in 100 even at small N, which the
    # lessons' sentences promise (the usual ±1.96·SE band does not: 46 in 100 at p = 1/81, N = 50)
    "ci_band_wilson": ("95% confidence band (Wilson)", "95-%-Konfidenzband (Wilson)"),
    "estimate": ("simulated estimate", "simulierter Schätzwert"),
    "trials_axis": ("number of trials N", "Anzahl der Durchgänge N"),
    "exact_is": ("exact = {value}", "exakt = {value}"),
    "exact_about": ("exact ≈ {value}", "exakt ≈ {value}"),
    "race_title": (
        "Esels-Rennen: probability of each finishing order",
        "Esels-Rennen: Wahrscheinlichkeit jeder Reihenfolge im Ziel",
    ),
    "race_axis": ("finishing order (1st-2nd-3rd)", "Reihenfolge im Ziel (1.–2.–3.)"),
    "risk_title": (
        "Double Down: risk of the next card by running total",
        "Double Down: Risiko der nächsten Karte je nach Summe",
    ),
    "risk_axis": ("running total before the card (points)", "Summe vor der Karte (Punkte)"),
    "risk_hover": ("total", "Summe"),
    "safe": ("safe", "sicher"),
    "doublet": ("doublet", "Schnapszahl"),
    "bust": ("bust", "77 oder mehr"),
    # questions.py: the lesson questions' titles and axes
    "covers": ("simulation covers {rules}", "simuliert werden die Regeln {rules}"),
    "distinct_title": (
        "Distinct values on the Hay card after phase 1 ({policy})",
        "Verschiedene Werte auf der Misthaufen-Karte nach Phase 1 ({policy})",
    ),
    "distinct_axis": ("distinct values on the Hay card", "verschiedene Werte auf der Misthaufen-Karte"),
    # how every seat places its die in phase 1 (``double_donkey.bots.POLICIES``), said in a figure's title
    "policy/random": ("bots choosing at random", "Bots wählen zufällig"),
    "policy/lowest": ("bots choosing the lowest number", "Bots wählen die niedrigste Zahl"),
    "policy/highest": ("bots choosing the highest number", "Bots wählen die höchste Zahl"),
    "flip_title": (
        "Value of the card {card} before and after flipping {angry}",
        "Wert der Karte {card} vor und nach dem Umdrehen durch {angry}",
    ),
    # who flips: English names the dice, German the Angry Donkeys (the colour declined after "den")
    "flip_angry_one": ("the {colours} die", "den {colours} Wütenden Esel"),
    "flip_angry_many": ("the {colours} dice", "{colours} Wütenden Esel"),
    "flip_angry_each": ("{colour}", "den {colour}"),
    "flip_axis": ("card value (points)", "Wert der Karte (Punkte)"),
    "before the flip": ("before the flip", "vor dem Umdrehen"),
    "after the flip": ("after the flip", "nach dem Umdrehen"),
    "total_title": (
        "Double Down: total after {k} cards, drawn {how} replacement",
        "Double Down: Summe nach {k} Karten, {how} Zurücklegen gezogen",
    ),
    "with": ("with", "mit"),
    "without": ("without", "ohne"),
    "total_axis": ("running total (points)", "Summe (Punkte)"),
    "race_question": (
        "Esels-Rennen: probability of each finishing order (random play){board}",
        "Esels-Rennen: Wahrscheinlichkeit jeder Reihenfolge im Ziel (zufälliges Ziehen){board}",
    ),
    "race_engine_question": (
        "Esels-Rennen: each finishing order in random races played by the game engine{board}",
        "Esels-Rennen: jede Reihenfolge im Ziel bei Zufallsrennen{board}, vom Spielprogramm gespielt",
    ),
    # questions_checks.py: the next card at one total
    "next_card_title": (
        "Double Down: the next card at total {total}, drawn from a full deck",
        "Double Down: die nächste Karte bei Summe {total}, aus einem vollen Stapel gezogen",
    ),
    "next_card_axis": ("what the card does", "was die Karte bewirkt"),
    "on_board": (" on the {board}", " auf dem {board}"),
    "reconstruction": (
        " (our reconstruction, not the printed board)",
        " (unsere Rekonstruktion, nicht das gedruckte Brett)",
    ),
    # lessons.py: the figures that are no registered question
    "estimated": ("estimated probability", "geschätzte Wahrscheinlichkeit"),
    # questions_lessons.py: each lesson's headline as a running estimate
    "conv_free_choice": (
        "{m} numbers on the Hay card, {k} dice rolled: how often do all dice show numbers already there? "
        "(estimate after N rolls)",
        "{m} Zahlen auf der Misthaufen-Karte, {k} Würfel geworfen: Wie oft zeigen alle Würfel Zahlen, die schon "
        "dort liegen? "
        "(Schätzung nach N Würfen)",
    ),
    "conv_seven": (
        "After the orange flip: how often is light blue/orange worth 7? (estimate after N games)",
        "Nach dem Umdrehen des orangefarbenen Würfels: Wie oft ist hellblau/orange 7 wert? (Schätzung nach N Spielen)",
    ),
    "conv_token": (
        "At total {total}: how often does the next card cost a token? (estimate after N cards)",
        "Bei Summe {total}: Wie oft kostet die nächste Karte einen Chip? (Schätzung nach N Karten)",
    ),
    "conv_rounds": (
        "Same deals, both rules: how many rounds longer is the English game? (running average after N pairs)",
        "Dieselben Karten, beide Regeln: Wie viele Runden länger dauert das englische Spiel? (laufender Mittelwert "
        "nach N Paaren)",
    ),
    "conv_rounds_axis": ("rounds longer (English minus German)", "Runden länger (englisch minus deutsch)"),
    "conv_best_order": (
        "Random races played by the game program on the {board} (our reconstruction): how often do they end "
        "in the most likely order? (after N races)",
        "Zufallsrennen, vom Spielprogramm auf dem {board} gespielt (unsere Rekonstruktion): Wie "
        "oft enden sie mit der häufigsten Reihenfolge? (nach N Rennen)",
    ),
    "what_if_title": (
        "What if the chooser places this die? Their best card's value after phase 1 (policy {policy})",
        "Was wäre, wenn der Wählende diesen Würfel legt? Der Wert seiner besten Karte nach Phase 1 "
        "(Strategie: {policy})",
    ),
    "what_if_axis": ("best card value (points)", "Wert der besten Karte (Punkte)"),
    # questions_games.py: Double Donkey, English vs German rules
    "variants/rounds": (
        "Double Donkey: how many rounds does a game last?",
        "Double Donkey: Wie viele Runden dauert ein Spiel?",
    ),
    "variants/wins": ("Double Donkey: who wins?", "Double Donkey: Wer gewinnt?"),
    "variants/sub": (
        "whole games of the engine, {players} {bots} bots; both variants play the same deals",
        "ganze Spiele nach allen Regeln, {players} {bots}-Bots; beide Varianten spielen dieselben Karten",
    ),
    "variants/x_rounds": ("rounds in the game", "Runden im Spiel"),
    "variants/x_wins": (
        "winner (a shared win counts for every winner)",
        "Gewinner (ein geteilter Sieg zählt für jeden)",
    ),
    "variants/y": ("share of games", "Anteil der Spiele"),
    "variants/empty": ("No games played yet: press Start", "Noch keine Spiele gespielt: Drück auf Start"),
    "variants/versus": ("English vs German rules", "Englische gegen deutsche Regeln"),
    "variants/english": ("English rules", "englische Regeln"),
    "variants/german": ("German rules", "deutsche Regeln"),
    "variants/player": ("player {k}", "Spieler {k}"),
    "variants/shared win": ("shared win", "geteilter Sieg"),
}
CATALOGUE.add_all(WORDS, prefix="figure/")


def say(key: str, lang: str, **data: object) -> str:
    """The figure text ``key`` in ``lang`` with ``data`` filled in as given (an unknown key raises ``KeyError``).

    Not ``CATALOGUE.render``: that translates every value that happens to be a catalogue term, while the
    values here (series names, colours) are already in ``lang``."""
    return CATALOGUE.messages[f"figure/{key}"].get(lang).format(**data)


def number(x: int, lang: str) -> str:
    """A count as the language writes it: 25,000 in English, 25.000 in German."""
    return numbers.whole(x, lang)


def decimal(text: str, lang: str) -> str:
    """A decimal already formatted in English (``0.1667``) with a decimal comma in German (``0,1667``)."""
    return numbers.localise(text, lang)


def separators(lang: str) -> dict[str, Any]:
    """Layout settings for plotly's own numbers (ticks, hover labels): German gets ``0,25`` and ``1.000``;
    English gets nothing, so an English figure keeps plotly's default exactly."""
    return {"separators": ",."} if lang == "de" else {}


def card_name(card: tuple[str, ...], lang: str) -> str:
    """A Double Donkey card by its colours: "light blue + orange" / "hellblau + orange"."""
    return " + ".join(c.replace("_", " ") if lang == "en" else palette.style_for(c).name(lang) for c in card)


def angry_donkeys(colours: tuple[str, ...], lang: str) -> str:
    """Who flips: "the orange die" / "den orangen Wütenden Esel", "the orange and yellow dice" / "den orangen
    und den gelben Wütenden Esel" (German declines the colour before its noun: the engine's forms after "den")."""
    from donkeylab.double_donkey.messages import COLOUR_ADJECTIVES_DE, COLOUR_WORDS

    words = [COLOUR_WORDS[c][0] if lang == "en" else COLOUR_ADJECTIVES_DE[c][2] for c in colours]
    if len(words) == 1:
        return say("flip_angry_one", lang, colours=words[0])
    each = [say("flip_angry_each", lang, colour=w) for w in words]
    return say("flip_angry_many", lang, colours=join_words(each, lang, "and"))


def board_words(board: Any, lang: str) -> str:
    """A board as the lessons call it: "standard board" / "Standardbrett", "mini board" / "Mini-Brett" (the
    packages ``default`` and ``tiny_chain``; their names are code), any other board "board 'name'" (the engine's
    words, which the race board's own note uses too)."""
    from donkeylab.esels_rennen.messages import board_words as engine_words

    return engine_words(str(getattr(board, "name", board)), lang)
