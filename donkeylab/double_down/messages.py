"""Every Double Down sentence, in English and German (rendered lazily from event data)."""

from __future__ import annotations

from donkeylab.core import CATALOGUE
from donkeylab.core.messages import OptionWords, add_option_words

_PLAY = "{player} plays {card}: {before} {op} {amount} = {after}"
_SPIELT = "{player} spielt {card}: {before} {op} {amount} = {after}"

MESSAGES: dict[str, tuple[str, str]] = {
    "DN-SETUP-1": (
        "Round 1: {dealer} deals {hand_size} cards to each of the {count} players; {pile} cards form the draw pile. "
        "The total is 0 and {opener}, left of the dealer, starts; play runs clockwise.",
        "Runde 1: {dealer} gibt jedem der {count} Spieler {hand_size} Karten; {pile} Karten bilden den Nachziehstapel. "
        "Die Summe ist 0 und {opener}, links vom Geber, beginnt; gespielt wird im Uhrzeigersinn.",
    ),
    "DN-SETUP-1/one-card": (
        "Round 1: {dealer} deals 1 card to each of the {count} players; {pile} cards form the draw pile. "
        "The total is 0 and {opener}, left of the dealer, starts; play runs clockwise.",
        "Runde 1: {dealer} gibt jedem der {count} Spieler 1 Karte; {pile} Karten bilden den Nachziehstapel. "
        "Die Summe ist 0 und {opener}, links vom Geber, beginnt; gespielt wird im Uhrzeigersinn.",
    ),
    "DN-ROUND-1": (
        "Round {round}: all cards are gathered and shuffled. {dealer}, who opened the last round, deals {hand_size} "
        "cards to each of the {count} players. The total is 0 again, play runs clockwise and {opener} starts.",
        "Runde {round}: Alle Karten werden eingesammelt und gemischt. {dealer}, der die letzte Runde eröffnet hat, "
        "gibt jedem der {count} Spieler {hand_size} Karten. Die Summe ist wieder 0, gespielt wird im Uhrzeigersinn "
        "und {opener} beginnt.",
    ),
    "DN-ROUND-1/one-card": (
        "Round {round}: all cards are gathered and shuffled. {dealer}, who opened the last round, deals 1 card "
        "to each of the {count} players. The total is 0 again, play runs clockwise and {opener} starts.",
        "Runde {round}: Alle Karten werden eingesammelt und gemischt. {dealer}, der die letzte Runde eröffnet hat, "
        "gibt jedem der {count} Spieler 1 Karte. Die Summe ist wieder 0, gespielt wird im Uhrzeigersinn "
        "und {opener} beginnt.",
    ),
    "DN-PLAY-1": (_PLAY + ".", _SPIELT + "."),
    "DN-MINUS-1": (
        _PLAY + " (the total may go below zero).",
        _SPIELT + " (die Summe darf unter null fallen).",
    ),
    "DN-ZERO-1": (
        "{player} plays 0: the total stays {total} and the problem passes to the next player.",
        "{player} spielt 0: Die Summe bleibt {total} und das Problem geht an den nächsten Spieler.",
    ),
    "DN-REVERSE-1": (
        "{player} plays a direction change: the total stays {total} and play now runs {direction}.",
        "{player} spielt einen Richtungswechsel: Die Summe bleibt {total} und gespielt wird jetzt {direction}.",
    ),
    "DN-DOUBLE-1": (
        "{player} plays 2x: the total stays {total} and {next_player} must play two cards.",
        "{player} spielt 2x: Die Summe bleibt {total} und {next_player} muss zwei Karten spielen.",
    ),
    "DN-DOUBLE-1/second": (
        "{player} must now play a second card (a 2x is allowed now).",
        "{player} muss jetzt eine zweite Karte spielen (jetzt ist auch eine 2x erlaubt).",
    ),
    "DN-DOUBLE-1/stuck": (
        "{player} must play two cards but holds only 2x cards, which may not come first: {player} passes.",
        "{player} muss zwei Karten spielen, hat aber nur 2x-Karten, die nicht zuerst kommen dürfen: {player} passt.",
    ),
    "DN-DOUBLET-1": (
        _PLAY + ", a doublet — {player} loses a token ({left} left).",
        _SPIELT + ", eine Schnapszahl — {player} verliert einen Chip (noch {left}).",
    ),
    "DN-DOUBLET-1/swimming": (
        _PLAY + ", a doublet — and {player} was already swimming.",
        _SPIELT + ", eine Schnapszahl — und {player} war schon am Schwimmen.",
    ),
    "DN-DOUBLET-1/repeat": (
        "{player} plays {card} and repeats {total}, a doublet — with this rule option {player} loses a token "
        "({left} left).",
        "{player} spielt {card} und wiederholt {total}, eine Schnapszahl — mit dieser Regeloption verliert {player} "
        "einen Chip (noch {left}).",
    ),
    "DN-DOUBLET-1/repeat-swimming": (
        "{player} plays {card} and repeats {total}, a doublet — and {player} was already swimming.",
        "{player} spielt {card} und wiederholt {total}, eine Schnapszahl — und {player} war schon am Schwimmen.",
    ),
    "DN-BUST-1": (
        _PLAY + " — 77 or more! {player} loses a token ({left} left) and the round ends.",
        _SPIELT + " — 77 oder mehr! {player} verliert einen Chip (noch {left}) und die Runde endet.",
    ),
    "DN-BUST-1/swimming": (
        _PLAY + " — 77 or more! {player} was already swimming, and the round ends.",
        _SPIELT + " — 77 oder mehr! {player} war schon am Schwimmen, und die Runde endet.",
    ),
    "DN-TOKEN-1/swim": (
        "{player} has no token left and is now swimming: one more loss and {player} is out.",
        "{player} hat keinen Chip mehr und schwimmt jetzt: noch ein Verlust und {player} ist raus.",
    ),
    "DN-TOKEN-1/out": (
        "{player} is eliminated; the {cards} cards in {player}'s hand go onto the played cards.",
        "{player} scheidet aus; die {cards} Karten auf der Hand von {player} kommen zu den gespielten Karten.",
    ),
    "DN-TOKEN-1/out-one-card": (
        "{player} is eliminated; the 1 card in {player}'s hand goes onto the played cards.",
        "{player} scheidet aus; die 1 Karte auf der Hand von {player} kommt zu den gespielten Karten.",
    ),
    "DN-TOKEN-1/out-no-card": (
        "{player} is eliminated, with no card left in hand.",
        "{player} scheidet aus und hat keine Karte mehr auf der Hand.",
    ),
    "DN-DRAW-1": (
        "The draw pile is empty: the {cards} played cards under the top card are shuffled into a new draw pile.",
        "Der Nachziehstapel ist leer: Die {cards} gespielten Karten unter der obersten werden zu einem neuen "
        "Nachziehstapel gemischt.",
    ),
    "DN-DRAW-1/one-card": (
        "The draw pile is empty: the 1 played card under the top card becomes the new draw pile.",
        "Der Nachziehstapel ist leer: Die 1 gespielte Karte unter der obersten wird zum neuen Nachziehstapel.",
    ),
    "DN-DRAW-1/short": (
        "{player} cannot draw, because no card is left to draw: {player} plays on with {cards} cards.",
        "{player} kann nicht nachziehen, weil keine Karte mehr übrig ist: {player} spielt mit {cards} Karten weiter.",
    ),
    "DN-DRAW-1/short-one-card": (
        "{player} cannot draw, because no card is left to draw: {player} plays on with 1 card.",
        "{player} kann nicht nachziehen, weil keine Karte mehr übrig ist: {player} spielt mit 1 Karte weiter.",
    ),
    "DN-DRAW-1/short-no-card": (
        "{player} cannot draw, because no card is left to draw: {player} has no card for now.",
        "{player} kann nicht nachziehen, weil keine Karte mehr übrig ist: {player} hat vorerst keine Karte.",
    ),
    "DN-DRAW-1/pass": (
        "{player} has no card and passes.",
        "{player} hat keine Karte und passt.",
    ),
    "DN-DRAW-1/stuck": (
        "Nobody still playing has a card: the cards are gathered and the round is dealt again.",
        "Niemand im Spiel hat noch eine Karte: Die Karten werden eingesammelt und die Runde neu gegeben.",
    ),
    "DN-END-1": (
        "{winner} is the last player left and wins the game.",
        "{winner} ist als Letzter übrig und gewinnt das Spiel.",
    ),
}

# Errors a click or a forced chance outcome can cause (IllegalAction.of), so a widget shows them in German too.
ERRORS: dict[str, tuple[str, str]] = {
    "DN-SETUP-1/deck": (
        "{count} hands of {hand_size} cards need more than the 56 cards.",
        "{count} Hände mit je {hand_size} Karten brauchen mehr als die 56 Karten.",
    ),
    "DN-SETUP-1/opener": (
        "The opener must be a seat 0..{last}, not {value}.",
        "Der Eröffner muss ein Platz 0..{last} sein, nicht {value}.",
    ),
    "DN-SETUP-1/bad-deal": (
        "A deal must order all 56 cards as whole numbers 0..55, each exactly once.",
        "Ein Geben muss alle 56 Karten als ganze Zahlen 0..55 ordnen, jede genau einmal.",
    ),
    "DN-DRAW-1/bad-shuffle": (
        "A reshuffle must name each position 0..{last} of the played cards under the top card exactly once, "
        "as whole numbers.",
        "Ein Neumischen muss jede Position 0..{last} der gespielten Karten unter der obersten genau einmal "
        "nennen, als ganze Zahlen.",
    ),
    "DN-PLAY-1/wrong-action": (
        "Double Down expects {expected} now, not {action}.",
        "Double Down erwartet jetzt {expected}, nicht {action}.",
    ),
    "DN-PLAY-1/not-in-hand": (
        "{player} has no {card} in hand; choose {choices}.",
        "{player} hat {card} nicht auf der Hand; wähle {choices}.",
    ),
    "DN-PLAY-1/not-text": (
        "A card is named by a text such as '9', not {card}; choose {choices}.",
        "Eine Karte wird mit einem Text wie '9' benannt, nicht {card}; wähle {choices}.",
    ),
    "DN-DOUBLE-1/first-2x": (
        "The first card of a double turn may not be a 2x; a 2x may come second.",
        "Die erste Karte eines Doppelzugs darf keine 2x sein; als zweite Karte ist eine 2x erlaubt.",
    ),
    "dn-force/not-a-list": ("{what} must be a list, not {value}.", "{what} muss eine Liste sein, nicht {value}."),
    "dn-force/bad-id": (
        "{card} is neither a card name nor a whole number 0..{last}.",
        "{card} ist weder ein Kartenname noch eine ganze Zahl 0..{last}.",
    ),
    "dn-force/twice": (
        "{card} is named twice; each card can lie in one place only.",
        "{card} ist zweimal genannt; jede Karte kann nur an einer Stelle liegen.",
    ),
    "dn-force/unknown-card": (
        "{card} is not a Double Down card; the card names are {names}.",
        "{card} ist keine Double-Down-Karte; die Karten heißen {names}.",
    ),
    "dn-force/too-many": (
        "There are only {have} × {card} to place, but {wanted} were named.",
        "Es gibt nur {have} × {card} zu verteilen, genannt wurden aber {wanted}.",
    ),
    "dn-force/hand-size": (
        "hand_size must be a whole number from 1 to 7, not {value}.",
        "hand_size muss eine ganze Zahl von 1 bis 7 sein, nicht {value}.",
    ),
    "dn-force/order-and-hands": (
        "Give either the deck order or the hands (with rest), not both.",
        "Gib entweder die Reihenfolge des Stapels oder die Hände (mit rest) an, nicht beides.",
    ),
    "dn-force/too-many-cards": (
        "{hands} hands of {hand_size} cards and {rest} more cards are more than the {deck} cards of the deck.",
        "{hands} Hände mit je {hand_size} Karten und {rest} weitere Karten sind mehr als die {deck} Karten.",
    ),
    "dn-force/opener": (
        "opener must be a seat 0..{last} of the hands given, not {value}.",
        "opener muss ein Platz 0..{last} der angegebenen Hände sein, nicht {value}.",
    ),
    "dn-force/opener-not-dealt": (
        "The opener, {opener}, must be dealt a hand (not None).",
        "Der Eröffner, {opener}, muss eine Hand bekommen (nicht None).",
    ),
    "dn-force/hand-too-big": (
        "{player} is given {count} cards, but a hand has {hand_size}.",
        "{player} bekommt {count} Karten, eine Hand hat aber {hand_size}.",
    ),
    "dn-force/names-need-played": (
        "Card names need the played pile (played=state.played_cards) to be found in; else give positions.",
        "Kartennamen brauchen den Ablagestapel (played=state.played_cards), um gefunden zu werden; sonst gib "
        "Positionen an.",
    ),
    "dn-force/nothing-to-shuffle": (
        "With {count} played cards there is nothing under the top card to shuffle.",
        "Bei {count} gespielten Karten liegt unter der obersten nichts zum Mischen.",
    ),
    "dn-force/too-many-cards-shuffle": (
        "Only {count} played cards lie under the top card.",
        "Unter der obersten Karte liegen nur {count} gespielte Karten.",
    ),
}

# The snapshot's short texts (phase_text, button labels).
VIEW: dict[str, tuple[str, str]] = {
    "double_down/title": ("Double Down", "Double Down (LOBO 77)"),
    "dn-view/deal": (
        "Round {round}: {dealer} shuffles and deals the cards.",
        "Runde {round}: {dealer} mischt und gibt die Karten.",
    ),
    "dn-view/shuffle": (
        "The draw pile is empty: the played cards under the top card are shuffled.",
        "Der Nachziehstapel ist leer: Die gespielten Karten unter der obersten werden gemischt.",
    ),
    "dn-view/play": ("{player} plays a card (total {total}).", "{player} spielt eine Karte (Summe {total})."),
    "dn-view/double-first": (
        "{player} owes two cards (2x), the first not a 2x (total {total}).",
        "{player} muss zwei Karten spielen (2x), die erste keine 2x (Summe {total}).",
    ),
    "dn-view/double-second": (
        "{player} owes the second card of the double turn (total {total}).",
        "{player} muss die zweite Karte des Doppelzugs spielen (Summe {total}).",
    ),
    "dn-view/over": ("{winner} has won the game.", "{winner} hat das Spiel gewonnen."),
    "dn-view/label-change": ("{change} → {after}", "{change} → {after}"),
    # The number line's text alternative (a screen reader's whole picture of the position), built per step.
    "dn-view/summary": (
        "Total {total}, play runs {direction}.",
        "Summe {total}, gespielt wird {direction}.",
    ),
    "dn-view/summary-turn": ("{player} to play.", "{player} ist dran."),
    "dn-view/summary-hand": ("{player} holds {cards}.", "{player} hat {cards}."),
    "dn-view/summary-no-cards": ("no cards", "keine Karten"),
    "dn-view/summary-tokens": ("Tokens: {tokens}.", "Chips: {tokens}."),
    "dn-view/summary-seat-tokens": ("{player} {n}", "{player} {n}"),
    "dn-view/label-repeat": ("{card} (repeat {total})", "{card} (bleibt {total})"),
}

TERMS: dict[str, tuple[str, str]] = {
    "-10": ("−10", "−10"),
    "reverse": ("direction change", "Richtungswechsel"),
    "clockwise": ("clockwise", "im Uhrzeigersinn"),
    "counterclockwise": ("counterclockwise", "gegen den Uhrzeigersinn"),
}

CATALOGUE.add_all(MESSAGES | ERRORS | VIEW)
for _term, (_en, _de) in TERMS.items():
    CATALOGUE.add_term(_term, _en, _de)


# The rule options in a pupil's words (the teacher's controls; keys ``option/double_down/<name>[/<value>]``).
OPTION_WORDS: OptionWords = {
    "repeat_doublet_penalty": (
        "repeated doublet",
        "Wiederholte Schnapszahl",
        {False: ("no penalty", "keine Strafe"), True: ("costs a token", "kostet einen Chip")},
    ),
    "negative_doublets": (
        "negative doublets",
        "Negative Schnapszahlen",
        {False: ("no, only 11 … 66", "nein, nur 11 … 66"), True: ("yes, −11 … −66 too", "ja, auch −11 … −66")},
    ),
    "swimming": (
        "swimming",
        "Schwimmen",
        {True: ("swim at 0 tokens", "schwimmen bei 0 Chips"), False: ("out at 0 tokens", "raus bei 0 Chips")},
    ),
}
add_option_words("double_down", OPTION_WORDS)

# The gallery card of the game's free-play page (``apps.games_apps``; the icon is the package's ``ICON``).
CATALOGUE.add_all(
    {
        "free_play": ("Double Down — play a whole game", "Double Down — ein ganzes Spiel"),
        "blurb": (
            "A running total that must dodge the doublets and 77: tokens, swimming, 2x and direction changes.",
            "Eine Summe, die Schnapszahlen und der 77 ausweichen muss: Chips, Schwimmen, 2x und Richtungswechsel.",
        ),
    },
    prefix="double_down/",
)
