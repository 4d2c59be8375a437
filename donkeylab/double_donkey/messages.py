"""English and German sentences of every Double Donkey event (keys are rule IDs, or ``RULE/variant``).

Texts follow the German reviewer's words where they exist (Misthaufen-Karte, Oberesel, Wütender Esel,
Doppelesel). Dice and cards are passed as term keys (``"orange=5"``, ``"DD:light_blue+orange"``) so the
same event renders in both languages without formatting anything while a game is played.

German puts a colour before its noun and declines it ("der orangefarbene Wütende Esel … dreht den
orangefarbenen Würfel", "die gelbe 5"), so the German terms are declined forms (``COLOUR_ADJECTIVES_DE``),
never "der Würfel orange".
An event names a colour only by its key, the same in both languages, so the forms a sentence needs travel with
the term: a die is "(die) gelbe 5", feminine like "die Fünf", which is right with or without "die"; an Angry
Donkey's term is its name ("gelber Wütender Esel") and carries its other forms for a template's format spec
(``Forms``). A sentence that has only a bare colour key (shared with Esels-Rennen's terms, so it cannot carry
forms) uses the colour as a predicate, which German does not decline: "Nur noch ein Würfel ist übrig, er ist gelb".
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

# A colour before a masculine noun (Würfel, Esel): without an article (strong: "gelber Würfel"), after "der"
# (weak nominative: "der gelbe Würfel"; also a feminine number after "die": "die gelbe 5") and after "den"
# (weak accusative: "den gelben Würfel"). "lila" is not declined; "orange" is declined as "orangefarben", as the
# German rulebook writes it, so one page never mixes "der orange … den orangen … oranger", and the engine's
# sentences never say "der Wütende Esel orange … dreht den Würfel orange".
COLOUR_ADJECTIVES_DE: dict[str, tuple[str, str, str]] = {
    "light_blue": ("hellblauer", "hellblaue", "hellblauen"),
    "dark_blue": ("dunkelblauer", "dunkelblaue", "dunkelblauen"),
    "orange": ("orangefarbener", "orangefarbene", "orangefarbenen"),
    "yellow": ("gelber", "gelbe", "gelben"),
    "green": ("grüner", "grüne", "grünen"),
    "purple": ("lila", "lila", "lila"),
}


class Forms(str):
    """A term (its text is the word standing alone) that also knows the forms a template asks for by format spec.

    Why: an event holds term keys only (``{"card": "ANGRY:orange"}``) and a template's placeholders must be the
    same in both languages, yet German needs the card after "der" and its die after "der" or "den". So the
    term carries them: ``{card:the}`` "orangefarbene Wütende Esel", ``{card:its_die}``
    "orangefarbene Würfel", ``{card:its_die_acc}`` "orangefarbenen Würfel" (English: "orange Angry Donkey",
    "orange die", "orange die").
    An unknown spec raises ``KeyError``: a template asking for a form no term has fails at once."""

    forms: dict[str, str]

    def __new__(cls, text: str, **forms: str) -> Forms:
        term = super().__new__(cls, text)
        term.forms = forms
        return term

    def __format__(self, spec: str) -> str:
        return self.forms[spec] if spec else str(self)


@lru_cache(maxsize=64)
def die_term(colour: str, pips: int) -> str:
    """The term key of one die showing ``pips`` (rendered "orange 5" / "orange 5", "light blue 5" / "hellblaue 5")."""
    return f"{colour}={pips}"


def adjective_term(colour: str) -> str:
    """The term key of a colour before a masculine noun standing alone: "light blue" / "hellblauer" (a view's
    labels: "hellblauer Würfel (5)", "grüner Wütender Esel")."""
    return f"DD-ADJ:{colour}"


def accusative_term(colour: str) -> str:
    """The term key of a colour after "den", its noun left to the sentence: "orange" / "orangefarbenen" (a
    figure's "the orange die" / "den orangefarbenen Wütenden Esel")."""
    return f"DD-ACC:{colour}"


def _register_terms() -> None:
    for colour, (en, de) in COLOUR_WORDS.items():
        strong, weak, weak_acc = COLOUR_ADJECTIVES_DE[colour]
        CATALOGUE.add_term(colour, en, de)
        CATALOGUE.add_term(adjective_term(colour), en, strong)
        CATALOGUE.add_term(accusative_term(colour), en, weak_acc)
        CATALOGUE.add_term(
            f"ANGRY:{colour}",
            Forms(f"{en} Angry Donkey", the=f"{en} Angry Donkey", its_die=f"{en} die", its_die_acc=f"{en} die"),
            Forms(
                f"{strong} Wütender Esel",
                the=f"{weak} Wütende Esel",
                its_die=f"{weak} Würfel",
                its_die_acc=f"{weak_acc} Würfel",
            ),
        )
        for pips in range(1, 7):
            CATALOGUE.add_term(die_term(colour, pips), f"{en} {pips}", f"{weak} {pips}")
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
    "DD-DICE-1/one": ("{player} rolls the last die: {die}.", "{player} wirft den letzten Würfel: eine {die}."),
    "DD-DICE-1/place": (
        "{player} places the {die} on the Hay card.",
        "{player} legt die {die} auf die Misthaufen-Karte.",
    ),
    "DD-DICE-2": (
        "{player} must choose a value not yet on the Hay card: {allowed} are allowed ({on_hay} already there).",
        "{player} muss einen Wert wählen, der noch nicht auf der Misthaufen-Karte liegt (schon dort: {on_hay}), "
        "also {allowed}.",
    ),
    "DD-DICE-2/one": (
        "{player} must choose the {allowed}: it is the only value not yet on the Hay card ({on_hay} already there).",
        "{player} muss die {allowed} nehmen: Nur dieser Wert liegt noch nicht auf der Misthaufen-Karte "
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
    # {colour} is a bare colour key here (no declined form): German says it as a predicate, "er ist gelb"
    "DD-DICE-3": (
        "Only the {colour} die is left, showing {pips}: {player} may re-roll it once or keep it.",
        "Nur noch ein Würfel ist übrig, er ist {colour} und zeigt {pips}: {player} darf ihn einmal neu werfen oder "
        "liegen lassen.",
    ),
    "DD-DICE-3/roll": (
        "Only the {colour} die is left: {player} must roll it (German rules).",
        "Nur noch ein Würfel ist übrig, er ist {colour}: {player} muss ihn werfen (deutsche Regeln).",
    ),
    "DD-DICE-3/option": (
        "Only the {colour} die is left: {player} must roll it (rule option: the last die is always rolled).",
        "Nur noch ein Würfel ist übrig, er ist {colour}: {player} muss ihn werfen (Regel-Option: Der letzte Würfel "
        "wird immer geworfen).",
    ),
    "DD-DICE-3/reroll": ("{player} re-rolls the last die.", "{player} wirft den letzten Würfel noch einmal."),
    "DD-DICE-3/keep": (
        "{player} keeps the {die} and places it on the Hay card.",
        "{player} behält die {die} und legt sie auf die Misthaufen-Karte.",
    ),
    "DD-DICE-3/placed": (
        "The last die, the {die}, goes on the Hay card.",
        "Die {die} kommt als letzter Würfel auf die Misthaufen-Karte.",
    ),
    "DD-PLAY-1/start": (
        "All 6 dice are on the Hay card. Now every player secretly chooses 1 to 3 cards from their hand.",
        "Alle 6 Würfel liegen auf der Misthaufen-Karte. Jetzt wählt jeder geheim 1 bis 3 Karten aus seiner Hand.",
    ),
    "DD-PLAY-1": (
        "{player} puts {n} {n:|card|cards} face down.",
        "{player} legt {n} {n:|Karte|Karten} verdeckt vor sich.",
    ),
    "DD-PLAY-1/empty": (
        "{player} has no cards in hand and plays nothing.",
        "{player} hat keine Karten auf der Hand und spielt nichts.",
    ),
    "DD-PLAY-1/reveal": (
        "Everyone reveals their cards at the same time.",
        "Alle decken ihre Karten gleichzeitig auf.",
    ),
    # {card} is an Angry Donkey's term (``Forms``): {card:the} after "der", {card:its_die(_acc)} its die
    "DD-ANGRY-1": (
        "{player}'s {card} flips the {card:its_die} from {before} to {after} (7 − {before}).",
        "Der {card:the} von {player} dreht den {card:its_die_acc} von {before} auf {after} (7 − {before}).",
    ),
    "DD-ANGRY-1/again": (
        "{player}'s {card} does nothing: the {card:its_die} was already flipped this round and stays at {after} "
        "(with these rules a die is flipped at most once per round).",
        "Der {card:the} von {player} bewirkt nichts: Der {card:its_die} wurde in dieser Runde schon umgedreht und "
        "bleibt bei {after} (nach diesen Regeln wird ein Würfel höchstens einmal pro Runde umgedreht).",
    ),
    "DD-VALUE-1": (
        "{player}'s {card} is worth {a} + {b} = {value}.",
        "Bei {player} zählt der {card} {a} + {b} = {value}.",
    ),
    "DD-VALUE-1/angry": ("{player}'s {card} is worth {value}.", "Bei {player} zählt der {card:the} {value}."),
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
        "Wer am höchsten würfelt, wird Oberesel.",
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
        "{player} draws {n} {n:|card|cards} from their personal pile.",
        "{player} zieht {n} {n:|Karte|Karten} vom eigenen Stapel nach.",
    ),
    "DD-REFILL-1/short": (
        (
            "{player} can draw only {n} {n:|card|cards} from their personal pile and "
            "plays on with {hand} {hand:|card|cards}."
        ),
        (
            "{player} kann nur {n} {n:|Karte|Karten} vom eigenen Stapel ziehen und spielt "
            "mit {hand} {hand:|Karte|Karten} weiter."
        ),
    ),
    "DD-REFILL-1/empty": (
        "{player}'s personal pile is empty, so they cannot refill and play on with {hand} {hand:|card|cards}.",
        "Der eigene Stapel von {player} ist leer: nicht nachziehen, weiter mit {hand} {hand:|Karte|Karten}.",
    ),
    "DD-REFILL-1/central": (
        "{biggest} is the Biggest Donkey and draws {n} {n:|card|cards} from the central draw pile instead.",
        "{biggest} ist Oberesel und zieht stattdessen {n} {n:|Karte|Karten} vom Nachziehstapel in der Mitte.",
    ),
    "DD-REFILL-2": (
        "The draw pile is empty: the {n} cards of the discard pile are shuffled into a new draw pile.",
        "Der Nachziehstapel ist leer: Die {n} Karten des Ablagestapels werden zu einem neuen Nachziehstapel gemischt.",
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
# learner's language, as "RULE: sentence", so a German sentence starts with a capital (it follows a colon).
# ``given`` is the ``repr`` of a refused value; ``names`` lists colours as code identifiers (what ``Roll.of``
# takes), so it reads the same in both languages.
ERRORS: dict[str, tuple[str, str]] = {
    "DD-SETUP-1/order": (
        "a deal must order all {n} card ids exactly once",
        "Ein Austeilen muss alle {n} Kartennummern genau einmal ordnen",
    ),
    "DD-SETUP-1/ids": (
        "a deal orders card ids (whole numbers), not {given}",
        "Ein Austeilen ordnet Kartennummern (ganze Zahlen), nicht {given}",
    ),
    "DD-DICE-1/roll": (
        "a roll gives 1-6 pips to each die not on the Hay card: {names}",
        "Ein Wurf gibt jedem Würfel, der nicht auf der Misthaufen-Karte liegt, 1–6 Augen: {names}",
    ),
    "DD-DICE-1/colour": (
        "{given} is not a die colour; the dice are {names}",
        "{given} ist keine Würfelfarbe; die Würfel sind {names}",
    ),
    "DD-DICE-1/on_hay": (
        "the {colour} die is already on the Hay card",
        "Dieser Würfel ({colour}) liegt schon auf der Misthaufen-Karte",
    ),
    "DD-DICE-1/pips": (
        "the {colour} die cannot show {given}: a die shows 1 to 6 pips",
        "Der Würfel ({colour}) kann nicht {given} zeigen: Ein Würfel zeigt 1 bis 6 Augen",
    ),
    "DD-DICE-1/twice": ("the {colour} die is given twice", "Der Würfel ({colour}) ist doppelt angegeben"),
    "DD-DICE-1/empty": ("a roll names at least one die", "Ein Wurf nennt mindestens einen Würfel"),
    "DD-DICE-1/pair": (
        "a roll lists (colour, pips) pairs, not {given}",
        "Ein Wurf besteht aus Paaren (Farbe, Augen), nicht {given}",
    ),
    "DD-DICE-2/refused": (
        "the {die} shows a value already on the Hay card; choose {allowed}",
        "Die {die} ist nicht erlaubt, weil diese Zahl schon auf der Misthaufen-Karte liegt. Erlaubt: {allowed}",
    ),
    "DD-DICE-3/once": (
        "the last die may be re-rolled only once: it is rolled now, then placed",
        "Der letzte Würfel darf nur einmal neu geworfen werden: Er wird jetzt geworfen und dann gelegt",
    ),
    "DD-DICE-3/always": (
        "with these rules the last die is always rolled: no keeping, no re-roll",
        "Nach diesen Regeln wird der letzte Würfel immer geworfen: kein Behalten, kein Neuwerfen",
    ),
    "DD-PLAY-1/seat": (
        "a Play names the player by seat number (0, 1, ...), not {given}",
        "Ein Play nennt den Spieler mit seiner Platznummer (0, 1, ...), nicht {given}",
    ),
    "DD-PLAY-1/turn": (
        "it is {next_player}'s turn to choose cards, not {player}'s",
        "Jetzt wählt {next_player} Karten, nicht {player}",
    ),
    "DD-PLAY-1/count": ("play 1 to {most} cards, not {n}", "Spiele 1 bis {most} Karten, nicht {n}"),
    "DD-PLAY-1/hand": ("card {card} is not in {player}'s hand", "Karte {card} ist nicht auf der Hand von {player}"),
    "DD-PLAY-1/once": ("each card can be played only once", "Jede Karte kann nur einmal gespielt werden"),
    "DD-BIGGEST-2/refused": (
        "{players} each roll one die showing 1 to 6",
        "{players} werfen je einen Würfel mit 1 bis 6 Augen",
    ),
    "DD-BIGGEST-2/seat": ("{given} is not a seat number (0, 1, ...)", "{given} ist keine Platznummer (0, 1, ...)"),
    "DD-BIGGEST-2/pips": (
        "{player}'s die cannot show {given}: a die shows 1 to 6 pips",
        "Der Würfel von {player} kann nicht {given} zeigen: Ein Würfel zeigt 1 bis 6 Augen",
    ),
    "DD-BIGGEST-2/twice": ("{player} is given twice", "{player} ist doppelt angegeben"),
    "DD-BIGGEST-2/empty": ("a roll-off names at least one seat", "Ein Stechen nennt mindestens einen Platz"),
    "DD-BIGGEST-2/pair": (
        "a roll-off lists (seat, pips) pairs, not {given}",
        "Ein Stechen besteht aus Paaren (Platz, Augen), nicht {given}",
    ),
    "DD-REFILL-2/order": (
        "a reshuffle must order exactly the discard pile",
        "Ein Mischen muss genau den Ablagestapel ordnen",
    ),
    "DD-REFILL-2/ids": (
        "a reshuffle orders card ids (whole numbers), not {given}",
        "Ein Mischen ordnet Kartennummern (ganze Zahlen), nicht {given}",
    ),
    "double_donkey/error/wrong_time": (
        "{action} cannot be played now: the game waits for {expected}",
        "{action} geht jetzt nicht: Das Spiel wartet auf {expected}",
    ),
    "double_donkey/error/malformed": ("malformed action {action}", "Fehlerhafte Aktion {action}"),
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
            "Würfel auf die Misthaufen-Karte, geheime Karten, Wütende Esel und der Oberesel, Schritt für Schritt.",
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
