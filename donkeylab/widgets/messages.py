"""Sentences the widgets show besides the engines' own (English and German, in the shared catalogue)."""

from __future__ import annotations

from donkeylab.core import CATALOGUE
from donkeylab.core.messages import option_key
from donkeylab.core.say import texts

_MESSAGES = {
    "ui/human_to_act": (
        "{player} is to act: choose below or click on the game.",
        "{player} ist am Zug: unten wählen oder ins Spiel klicken.",
    ),
    "ui/cannot_read": (
        "“{text}” is not an action of this game ({reason}).",
        "„{text}“ ist kein Zug dieses Spiels ({reason}).",
    ),
    "ui/not_your_turn": (
        "You watch as {player}: it is not your turn.",
        "Du schaust als {player} zu: du bist nicht am Zug.",
    ),
    "ui/bad_bot": ("Bot setting rejected: {reason}", "Bot-Einstellung abgelehnt: {reason}"),
    "ui/bad_setting": ("Setting rejected: {reason}", "Einstellung abgelehnt: {reason}"),
    "ui/outside_timeline": (
        "Step {k} is outside the timeline 0..{last}.",
        "Schritt {k} liegt außerhalb des Spielverlaufs 0..{last}.",
    ),
    "ui/bad_seat": (
        "Seat {seat} is not a seat of this game (0..{last}, or all cards face up); the view stays as it was.",
        "Platz {seat} gibt es in diesem Spiel nicht (0..{last} oder alle Karten offen); die Sicht bleibt.",
    ),
    "ui/bad_speed": (
        "Speed {speed} was refused: Play runs at {low} to {high} steps per second.",
        "Tempo {speed} wurde abgelehnt: Abspielen läuft mit {low} bis {high} Schritten pro Sekunde.",
    ),
    "ui/bad_seed": (
        "Seed {seed} was refused: a seed is a whole number from 0 to {high}.",
        "Startwert {seed} wurde abgelehnt: ein Startwert ist eine ganze Zahl von 0 bis {high}.",
    ),
}

say = texts("", _MESSAGES, terms=True)  # say(key, lang, **data): any catalogue sentence in ``lang``


def option_word(game: str, name: str, lang: str) -> str:
    """A rule option's label, from the game's own messages (``core.messages.option_key``); its raw name
    (underscores as spaces) if the game gives none, which tests/widgets/test_explorer.py forbids."""
    return _word(option_key(game, name), lang, name.replace("_", " "))


def choice_word(game: str, name: str, value: object, lang: str) -> str:
    """The label of one choice of an option (``OPTION_DEFAULT``: "as the variant says"); raw if it has none."""
    return _word(option_key(game, name, value), lang, str(value))


def _word(key: str, lang: str, raw: str) -> str:
    return CATALOGUE.render(key, {}, lang) if key in CATALOGUE.messages else raw
