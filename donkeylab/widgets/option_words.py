"""Dropdown words for the rule options of the three games, in English and German (the teacher's controls).

The engines name their options and values for code (``tie_break="pile_then_roll"``, ``swimming=True``); a pupil
reads these words instead. Keys are ``option/<game>/<name>`` and ``option/<game>/<name>/<value>`` (``True``
and ``False`` as written by Python), and ``option/<game>/<name>/(default)`` for an option left to its variant
(Double Donkey's ``None``: the chosen variant picks the value). Every option with choices needs its words:
tests/widgets/test_explorer.py fails for one without, so a new rule option cannot ship unlabeled. The
German game terms are the engines' (Misthaufen-Karte, Oberesel, Paschzahl, Chip, schwimmen, Zielkarte).
"""

from __future__ import annotations

from typing import Any, Final

from donkeylab.core import CATALOGUE

DEFAULT: Final = "(default)"  # the dropdown value of an option left to the game's variant

_VARIANT = ("as the variant says", "wie die Variante sagt")

# game → option → (en, de, {value: (en, de)})
_WORDS: dict[str, dict[str, tuple[str, str, dict[Any, tuple[str, str]]]]] = {
    "double_donkey": {
        "variant": ("variant", "Variante", {"english": ("English", "englisch"), "german": ("German", "deutsch")}),
        "tie_break": (
            "tie for Biggest Donkey",
            "Gleichstand um Oberesel",
            {
                DEFAULT: _VARIANT,
                "pile_then_roll": ("smaller pile, then roll", "kleinerer Stapel, dann würfeln"),
                "roll": ("roll-off", "auswürfeln"),
            },
        ),
        "last_die": (
            "last die",
            "Letzter Würfel",
            {
                DEFAULT: _VARIANT,
                "choose": ("keep or re-roll", "behalten oder neu werfen"),
                "roll": ("always rolled", "immer werfen"),
            },
        ),
        "end": (
            "game end",
            "Spielende",
            {
                DEFAULT: _VARIANT,
                "after_refill": ("win after refilling", "Sieg nach dem Nachziehen"),
                "immediate": ("win at once", "sofortiger Sieg"),
            },
        ),
        "angry_flip": (
            "Angry Donkey flips",
            "Wütender Esel dreht",
            {
                "toggle_per_card": ("every card flips", "jede Karte dreht"),
                "once_per_colour": ("once per colour", "einmal pro Farbe"),
            },
        ),
    },
    "double_down": {
        "repeat_doublet_penalty": (
            "repeated doublet",
            "Wiederholte Paschzahl",
            {False: ("no penalty", "keine Strafe"), True: ("costs a token", "kostet einen Chip")},
        ),
        "negative_doublets": (
            "negative doublets",
            "Negative Paschzahlen",
            {False: ("no, only 11 … 66", "nein, nur 11 … 66"), True: ("yes, −11 … −66 too", "ja, auch −11 … −66")},
        ),
        "swimming": (
            "swimming",
            "Schwimmen",
            {True: ("swim at 0 tokens", "schwimmen bei 0 Chips"), False: ("out at 0 tokens", "raus bei 0 Chips")},
        ),
    },
    "esels_rennen": {
        "sand": (
            "sand fields",
            "Sandfelder",
            {"zone": ("zone before the finish", "Zone vor dem Ziel"), "start": ("start fields", "Startfelder")},
        ),
        "finish_arrows": (
            "finish field arrows",
            "Pfeile auf Zielfeldern",
            {True: ("chain goes on", "Kette geht weiter"), False: ("chain ends", "Kette endet")},
        ),
        "start_order": (
            "start order",
            "Startaufstellung",
            {"fixed": ("red, green, yellow", "rot, grün, gelb"), "random": ("by chance", "zufällig")},
        ),
        "scoring": (
            "who wins",
            "Wer gewinnt",
            {"exact": ("exact order card", "genaue Zielkarte"), "points": ("most points", "meiste Punkte")},
        ),
    },
}


def option_key(game: str, name: str, *value: Any) -> str:
    """``option/<game>/<name>`` or, with a value, ``option/<game>/<name>/<value>`` (``True``, ``zone``...)."""
    return "/".join(["option", game, name, *map(str, value)])


def option_word(game: str, name: str, lang: str) -> str:
    """The option's label; its raw name (underscores as spaces) if it has none, which a test forbids."""
    return _word(option_key(game, name), lang, name.replace("_", " "))


def choice_word(game: str, name: str, value: Any, lang: str) -> str:
    """The label of one choice of an option (``DEFAULT`` for "as the variant says"); raw if it has none."""
    return _word(option_key(game, name, value), lang, str(value))


def _word(key: str, lang: str, raw: str) -> str:
    return CATALOGUE.render(key, {}, lang) if key in CATALOGUE.messages else raw


for _game, _options in _WORDS.items():
    for _name, (_en, _de, _values) in _options.items():
        CATALOGUE.add(option_key(_game, _name), _en, _de)
        for _value, (_ven, _vde) in _values.items():
            CATALOGUE.add(option_key(_game, _name, _value), _ven, _vde)
