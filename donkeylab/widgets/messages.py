"""Sentences the widgets show besides the engines' own (English and German, in the shared catalogue)."""

from __future__ import annotations

from donkeylab.core import CATALOGUE

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
}

CATALOGUE.add_all(_MESSAGES)


def say(key: str, lang: str, **data: object) -> str:
    return CATALOGUE.render(key, data, lang)
