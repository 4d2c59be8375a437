"""English and German sentences of every Double Donkey event (keys are rule IDs, or ``RULE/variant``).

Texts follow the German reviewer's words where they exist (Misthaufen-Karte, Oberesel, Wütender Esel,
Doppelesel). Dice and cards are passed as term keys (``"orange=5"``, ``"DD:light_blue+orange"``) so the
same event renders in both languages without formatting anything while a game is played.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

from donkeylab.core import CATALOGUE
from donkeylab.core.messages import OPTION_DEFAULT, OptionWords, add_option_words
from donkeylab.double_donkey.cards import COLOURS

COLOUR_WORDS: dict[str, tuple[str, str]] = {
    "light_blue": ("light blue", "hellblau"),
    "dark_blue": ("dark blue", "dunkelblau"),
    "orange": ("orange", "orange"),
    "yellow": ("yellow", "gelb"),
    "green": ("green", "grün"),
    "purple": ("purple", "lila"),
}


@lru_cache(maxsize=64)
def die_term(colour: str, pips: int) -> str:
    """The term key of one die showing ``pips`` (rendered "orange 5" / "orange 5")."""
    return f"{colour}={pips}"


def _register_terms() -> None:
    for colour, (en, de) in COLOUR_WORDS.items():
        CATALOGUE.add_term(colour, en, de)
        CATALOGUE.add_term(f"ANGRY:{colour}", f"{en} Angry Donkey", f"Wütende Esel {de}")
        for pips in range(1, 7):
            CATALOGUE.add_term(die_term(colour, pips), f"{en} {pips}", f"{de} {pips}")
    for a, b in itertools.combinations(COLOURS, 2):
        (ena, dea), (enb, deb) = COLOUR_WORDS[a], COLOUR_WORDS[b]
        CATALOGUE.add_term(f"DD:{a}+{b}", f"{ena}/{enb} Double Donkey", f"Doppelesel {dea}/{deb}")


MESSAGES: dict[str, tuple[str, str]] = {
    "DD-SETUP-1": (
        "The {total} cards are shuffled; everyone gets a personal pile of 10 cards and takes the top 3 into "
        "their hand; {draw} cards form the draw pile.",
        "Die {total} Karten werden gemischt; jeder bekommt einen verdeckten Stapel von 10 Karten und nimmt die "
        "obersten 3 auf die Hand; {draw} Karten bilden den Nachziehstapel.",
    ),
    "DD-SETUP-2": (
        "{player} is the starting player and rolls the dice first.",
        "{player} ist Startspieler und würfelt zuerst.",
    ),
    "DD-DICE-1": (
        "{player} rolls {n} dice. Which one goes on the Hay card: {dice}?",
        "{player} wirft {n} Würfel. Welcher kommt auf die Misthaufen-Karte: {dice}?",
    ),
    "DD-DICE-1/one": ("{player} rolls the last die: {die}.", "{player} wirft den letzten Würfel: {die}."),
    "DD-DICE-1/place": (
        "{player} places the {die} on the Hay card.",
        "{player} legt den Würfel {die} auf die Misthaufen-Karte.",
    ),
    "DD-DICE-2": (
        "{player} must choose a value not yet on the Hay card: {allowed} are allowed ({on_hay} already there).",
        "{player} muss einen Wert wählen, der noch nicht auf der Misthaufen-Karte liegt: {allowed} sind erlaubt "
        "(schon dort: {on_hay}).",
    ),
    "DD-DICE-2/one": (
        "{player} must choose the {allowed}: it is the only value not yet on the Hay card ({on_hay} already there).",
        "{player} muss {allowed} nehmen: nur dieser Wert liegt noch nicht auf der Misthaufen-Karte "
        "(schon dort: {on_hay}).",
    ),
    "DD-DICE-2/empty": (
        "The Hay card is still empty, so {player} may choose any die: {allowed}.",
        "Die Misthaufen-Karte ist noch leer, also darf {player} jeden Würfel nehmen: {allowed}.",
    ),
    "DD-DICE-2/free": (
        "{player} may choose any die, because every rolled value is already on the Hay card ({on_hay}): {allowed}.",
        "{player} darf jeden Würfel nehmen, weil jede geworfene Zahl schon auf der Misthaufen-Karte liegt "
        "({on_hay}): {allowed}.",
    ),
    "DD-DICE-3": (
        "Only the {colour} die is left, showing {pips}: {player} may re-roll it once or keep it.",
        "Nur noch der Würfel {colour} ist übrig, er zeigt {pips}: {player} darf ihn einmal neu werfen oder so lassen.",
    ),
    "DD-DICE-3/roll": (
        "Only the {colour} die is left: {player} must roll it (german variant).",
        "Nur noch der Würfel {colour} ist übrig: {player} muss ihn werfen (deutsche Variante).",
    ),
    "DD-DICE-3/option": (
        "Only the {colour} die is left: {player} must roll it (rule option: the last die is always rolled).",
        "Nur noch der Würfel {colour} ist übrig: {player} muss ihn werfen (Regel-Option: der letzte Würfel wird "
        "immer geworfen).",
    ),
    "DD-DICE-3/reroll": ("{player} re-rolls the last die.", "{player} wirft den letzten Würfel noch einmal."),
    "DD-DICE-3/keep": (
        "{player} keeps the {die} and places it on the Hay card.",
        "{player} lässt den Würfel {die} so und legt ihn auf die Misthaufen-Karte.",
    ),
    "DD-DICE-3/placed": (
        "The last die, the {die}, goes on the Hay card.",
        "Der letzte Würfel, {die}, kommt auf die Misthaufen-Karte.",
    ),
    "DD-PLAY-1/start": (
        "All 6 dice are on the Hay card. Now every player secretly chooses 1 to 3 cards from their hand.",
        "Alle 6 Würfel liegen auf der Misthaufen-Karte. Jetzt wählt jeder geheim 1 bis 3 Karten aus seiner Hand.",
    ),
    "DD-PLAY-1": ("{player} puts {n} card(s) face down.", "{player} legt {n} Karte(n) verdeckt vor sich."),
    "DD-PLAY-1/empty": (
        "{player} has no cards in hand and plays nothing.",
        "{player} hat keine Karten auf der Hand und spielt nichts.",
    ),
    "DD-PLAY-1/reveal": (
        "Everyone reveals their cards at the same time.",
        "Alle decken ihre Karten gleichzeitig auf.",
    ),
    "DD-ANGRY-1": (
        "{player}'s {card} flips the {colour} die from {before} to {after} (7 − {before}).",
        "Der {card} von {player} dreht den Würfel {colour} von {before} auf {after} (7 − {before}).",
    ),
    "DD-ANGRY-1/again": (
        "{player}'s {card} does nothing: the {colour} die was already flipped this round (rule option "
        "once_per_colour) and stays at {after}.",
        "Der {card} von {player} bewirkt nichts: der Würfel {colour} wurde in dieser Runde schon gedreht "
        "(Regel-Option once_per_colour) und bleibt bei {after}.",
    ),
    "DD-VALUE-1": (
        "{player}'s {card} is worth {a} + {b} = {value}.",
        "Bei {player} zählt der {card} {a} + {b} = {value}.",
    ),
    "DD-VALUE-1/angry": ("{player}'s {card} is worth {value}.", "Bei {player} zählt der {card} {value}."),
    "DD-BIGGEST-1": (
        "{biggest} played the single highest card (worth {value}) and becomes the Biggest Donkey.",
        "{biggest} hat als Einziger die höchste Karte (Wert {value}) gespielt und wird Oberesel.",
    ),
    "DD-BIGGEST-2/pile": (
        "Who becomes the Biggest Donkey, {tied}? Each played a card worth {value}; {biggest} has the fewest cards "
        "left in their personal pile ({pile}) and becomes the Biggest Donkey.",
        "Wer wird Oberesel, {tied}? Jeder hat eine Karte mit Wert {value} gespielt; {biggest} hat die wenigsten "
        "Karten im eigenen Stapel ({pile}) und wird Oberesel.",
    ),
    "DD-BIGGEST-2/pile_tie": (
        "Who becomes the Biggest Donkey, {tied}? Each played a card worth {value}; {players} have the fewest cards "
        "left in their personal piles ({pile} each), so they are still tied.",
        "Wer wird Oberesel, {tied}? Jeder hat eine Karte mit Wert {value} gespielt; {players} haben die wenigsten "
        "Karten im eigenen Stapel (je {pile}), also steht es immer noch unentschieden.",
    ),
    "DD-BIGGEST-2/rolloff": (
        "Who becomes the Biggest Donkey, {tied}? Each played a card worth {value}, so they roll a die each: "
        "the highest roll becomes the Biggest Donkey.",
        "Wer wird Oberesel, {tied}? Jeder hat eine Karte mit Wert {value} gespielt, also würfeln sie: "
        "wer am höchsten würfelt, wird Oberesel.",
    ),
    "DD-BIGGEST-2/again": (
        "Still undecided, {tied}? Each rolled the highest number ({pips}), so they roll again.",
        "Immer noch unentschieden, {tied}? Jeder hat die höchste Zahl ({pips}) gewürfelt, also wird neu gewürfelt.",
    ),
    "DD-BIGGEST-2/won": (
        "{biggest} rolls the highest number ({pips}) and becomes the Biggest Donkey.",
        "{biggest} würfelt die höchste Zahl ({pips}) und wird Oberesel.",
    ),
    "DD-REFILL-1/discard": (
        "The {n} played cards go to the discard pile.",
        "Die {n} ausgespielten Karten kommen auf den Ablagestapel.",
    ),
    "DD-REFILL-1": (
        "{player} draws {n} card(s) from their personal pile.",
        "{player} zieht {n} Karte(n) vom eigenen Stapel nach.",
    ),
    "DD-REFILL-1/short": (
        "{player} can draw only {n} card(s) from their personal pile and plays on with {hand} card(s).",
        "{player} kann nur {n} Karte(n) vom eigenen Stapel ziehen und spielt mit {hand} Karte(n) weiter.",
    ),
    "DD-REFILL-1/empty": (
        "{player}'s personal pile is empty, so they cannot refill and play on with {hand} card(s).",
        "Der eigene Stapel von {player} ist leer: nicht nachziehen, weiter mit {hand} Karte(n).",
    ),
    "DD-REFILL-1/central": (
        "{biggest} is the Biggest Donkey and draws {n} card(s) from the central draw pile instead.",
        "{biggest} ist Oberesel und zieht stattdessen {n} Karte(n) vom Nachziehstapel in der Mitte.",
    ),
    "DD-REFILL-2": (
        "The draw pile is empty: the {n} cards of the discard pile are shuffled into a new draw pile.",
        "Der Nachziehstapel ist leer: die {n} Karten des Ablagestapels werden zu einem neuen Nachziehstapel gemischt.",
    ),
    "DD-REFILL-2/stop": (
        "The draw pile and the discard pile are both empty, so {biggest} cannot draw any more cards.",
        "Nachziehstapel und Ablagestapel sind beide leer, also kann {biggest} keine Karte mehr ziehen.",
    ),
    "DD-NEXT-1": (
        "{biggest} takes the dice and starts round {round}.",
        "{biggest} nimmt die Würfel und beginnt Runde {round}.",
    ),
    "DD-END-1": (
        "{winner} has no cards left in hand or personal pile and wins!",
        "{winner} hat keine Karten mehr auf der Hand und im eigenen Stapel und gewinnt!",
    ),
    "DD-END-1/shared": (
        "{winner} has no cards left either and shares the victory!",
        "{winner} hat auch keine Karten mehr und teilt sich den Sieg!",
    ),
    "DD-END-1/immediate": (
        "{winner} played the last card of their hand with an empty personal pile and wins at once!",
        "{winner} hat die letzte Handkarte bei leerem eigenen Stapel ausgespielt und gewinnt sofort!",
    ),
}


# Why an action is refused (``IllegalAction.of(rule, key, data)``): a widget shows these after a click, in the
# learner's language. ``given`` is the ``repr`` of a refused value; ``names`` lists colours as code identifiers
# (what ``Roll.of`` takes), so it reads the same in both languages.
ERRORS: dict[str, tuple[str, str]] = {
    "DD-SETUP-1/order": (
        "a deal must order all {n} card ids exactly once",
        "ein Austeilen muss alle {n} Kartennummern genau einmal ordnen",
    ),
    "DD-SETUP-1/ids": (
        "a deal orders card ids (whole numbers), not {given}",
        "ein Austeilen ordnet Kartennummern (ganze Zahlen), nicht {given}",
    ),
    "DD-DICE-1/roll": (
        "a roll gives 1-6 pips to each die not on the Hay card: {names}",
        "ein Wurf gibt jedem Würfel, der nicht auf der Misthaufen-Karte liegt, 1–6 Augen: {names}",
    ),
    "DD-DICE-1/colour": (
        "{given} is not a die colour; the dice are {names}",
        "{given} ist keine Würfelfarbe; die Würfel sind {names}",
    ),
    "DD-DICE-1/on_hay": (
        "the {colour} die is already on the Hay card",
        "der Würfel {colour} liegt schon auf der Misthaufen-Karte",
    ),
    "DD-DICE-1/pips": (
        "the {colour} die cannot show {given}: a die shows 1 to 6 pips",
        "der Würfel {colour} kann nicht {given} zeigen: ein Würfel zeigt 1 bis 6 Augen",
    ),
    "DD-DICE-1/twice": ("the {colour} die is given twice", "der Würfel {colour} ist doppelt angegeben"),
    "DD-DICE-1/empty": ("a roll names at least one die", "ein Wurf nennt mindestens einen Würfel"),
    "DD-DICE-1/pair": (
        "a roll lists (colour, pips) pairs, not {given}",
        "ein Wurf besteht aus Paaren (Farbe, Augen), nicht {given}",
    ),
    "DD-DICE-2/refused": (
        "the {die} shows a value already on the Hay card; choose {allowed}",
        "der Würfel {die} zeigt einen Wert, der schon auf der Misthaufen-Karte liegt; wähle {allowed}",
    ),
    "DD-DICE-3/once": (
        "the last die may be re-rolled only once: it is rolled now, then placed",
        "der letzte Würfel darf nur einmal neu geworfen werden: er wird jetzt geworfen und dann gelegt",
    ),
    "DD-DICE-3/always": (
        "with these rules the last die is always rolled: no keeping, no re-roll",
        "nach diesen Regeln wird der letzte Würfel immer geworfen: kein Behalten, kein Neuwerfen",
    ),
    "DD-PLAY-1/seat": (
        "a Play names the player by seat number (0, 1, ...), not {given}",
        "ein Play nennt den Spieler mit seiner Platznummer (0, 1, ...), nicht {given}",
    ),
    "DD-PLAY-1/turn": (
        "it is {next_player}'s turn to choose cards, not {player}'s",
        "jetzt wählt {next_player} Karten, nicht {player}",
    ),
    "DD-PLAY-1/count": ("play 1 to {most} cards, not {n}", "spiele 1 bis {most} Karten, nicht {n}"),
    "DD-PLAY-1/hand": ("card {card} is not in {player}'s hand", "Karte {card} ist nicht auf der Hand von {player}"),
    "DD-PLAY-1/once": ("each card can be played only once", "jede Karte kann nur einmal gespielt werden"),
    "DD-BIGGEST-2/refused": (
        "{players} each roll one die showing 1 to 6",
        "{players} werfen je einen Würfel mit 1 bis 6 Augen",
    ),
    "DD-BIGGEST-2/seat": ("{given} is not a seat number (0, 1, ...)", "{given} ist keine Platznummer (0, 1, ...)"),
    "DD-BIGGEST-2/pips": (
        "{player}'s die cannot show {given}: a die shows 1 to 6 pips",
        "der Würfel von {player} kann nicht {given} zeigen: ein Würfel zeigt 1 bis 6 Augen",
    ),
    "DD-BIGGEST-2/twice": ("{player} is given twice", "{player} ist doppelt angegeben"),
    "DD-BIGGEST-2/empty": ("a roll-off names at least one seat", "ein Stechen nennt mindestens einen Platz"),
    "DD-BIGGEST-2/pair": (
        "a roll-off lists (seat, pips) pairs, not {given}",
        "ein Stechen besteht aus Paaren (Platz, Augen), nicht {given}",
    ),
    "DD-REFILL-2/order": (
        "a reshuffle must order exactly the discard pile",
        "ein Mischen muss genau den Ablagestapel ordnen",
    ),
    "DD-REFILL-2/ids": (
        "a reshuffle orders card ids (whole numbers), not {given}",
        "ein Mischen ordnet Kartennummern (ganze Zahlen), nicht {given}",
    ),
    "double_donkey/error/wrong_time": (
        "{action} cannot be played now: the game waits for {expected}",
        "{action} geht jetzt nicht: das Spiel wartet auf {expected}",
    ),
    "double_donkey/error/malformed": ("malformed action {action}", "fehlerhafte Aktion {action}"),
}

# What each phase waits for (the ``expected`` of ``double_donkey/error/wrong_time``).
WAITS_FOR: dict[str, tuple[str, str]] = {
    "deal": ("the deal", "das Austeilen"),
    "roll": ("a roll of the dice", "einen Wurf"),
    "choose": ("the choice of a die", "die Wahl eines Würfels"),
    "last": ("keep or re-roll of the last die", "Behalten oder Neuwerfen des letzten Würfels"),
    "play": ("the players' cards", "die Karten der Spieler"),
    "rolloff": ("the roll-off for the Biggest Donkey", "das Stechen um den Oberesel"),
    "shuffle": ("the reshuffle of the discard pile", "das Mischen des Ablagestapels"),
}


def waits_for(phase: str) -> str:
    """The term key of what ``phase`` waits for."""
    return f"DD-WAIT:{phase}"


def register() -> None:
    _register_terms()
    for phase, (en, de) in WAITS_FOR.items():
        CATALOGUE.add_term(waits_for(phase), en, de)
    CATALOGUE.add_all({**MESSAGES, **ERRORS})


register()


# The rule options in a pupil's words (the teacher's controls; keys ``option/double_donkey/<name>[/<value>]``).
_VARIANT = ("as the variant says", "wie die Variante sagt")
OPTION_WORDS: OptionWords = {
    "variant": ("variant", "Variante", {"english": ("English", "englisch"), "german": ("German", "deutsch")}),
    "tie_break": (
        "tie for Biggest Donkey",
        "Gleichstand um Oberesel",
        {
            OPTION_DEFAULT: _VARIANT,
            "pile_then_roll": ("smaller pile, then roll", "kleinerer Stapel, dann würfeln"),
            "roll": ("roll-off", "auswürfeln"),
        },
    ),
    "last_die": (
        "last die",
        "Letzter Würfel",
        {
            OPTION_DEFAULT: _VARIANT,
            "choose": ("keep or re-roll", "behalten oder neu werfen"),
            "roll": ("always rolled", "immer werfen"),
        },
    ),
    "end": (
        "game end",
        "Spielende",
        {
            OPTION_DEFAULT: _VARIANT,
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
}
add_option_words("double_donkey", OPTION_WORDS)

# The gallery card of the game's free-play page (``apps.games_apps``; the icon is the package's ``ICON``).
CATALOGUE.add_all(
    {
        "free_play": ("Double Donkey — play a whole game", "Double Donkey — ein ganzes Spiel"),
        "blurb": (
            "Dice on the Hay card, secret cards, Angry Donkey flips and the Biggest Donkey, step by step.",
            "Würfel auf die Misthaufen-Karte, geheime Karten, wütende Esel und der Oberesel, Schritt für Schritt.",
        ),
    },
    prefix="double_donkey/",
)

# The dice tray's text alternative (a screen reader's picture of the Hay card and the roll), built per step.
CATALOGUE.add_all(
    {
        "round": ("Round {round}.", "Runde {round}."),
        "hay": ("Hay card: {dice}.", "Misthaufen-Karte: {dice}."),
        "hay_empty": ("The Hay card is empty.", "Die Misthaufen-Karte ist leer."),
        "rolled": ("{player} rolled {dice}.", "{player} hat {dice} gewürfelt."),
        "with": ("{player} holds the dice to roll.", "{player} hat die Würfel zum Werfen."),
        "die": ("{name} {pips}", "{name} {pips}"),
    },
    prefix="double_donkey/summary/",
)
