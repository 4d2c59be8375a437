"""English and German sentences for every Esels-Rennen event and error (see ``core.messages``).

Colour words are shared terms of the one catalogue (Double Donkey registers green and yellow too), so they
are the same bare German stems ("rot", "grün", "gelb") and the templates inflect them ("der {donkey}e Esel",
"den {donkey}en Esel"); field names (``b0``, ``c3``) are column letter + row number, like a chess board.
"""

from __future__ import annotations

import itertools

from donkeylab.core import CATALOGUE
from donkeylab.core.messages import OptionWords, add_option_words

COLOUR_WORDS = {"red": ("red", "rot"), "green": ("green", "grün"), "yellow": ("yellow", "gelb")}
DIRECTION_WORDS = {
    "FL": ("forward-left", "nach vorn links"),
    "FR": ("forward-right", "nach vorn rechts"),
    "BL": ("backward-left", "nach hinten links"),
    "BR": ("backward-right", "nach hinten rechts"),
}


def card_code(order: tuple[str, ...]) -> str:
    """``("red", "green", "yellow")`` → ``"RGY"``: the short name of an order card."""
    return "".join(c[0].upper() for c in order)


for colour, (en, de) in COLOUR_WORDS.items():
    CATALOGUE.add_term(colour, en, de)
for direction, (en, de) in DIRECTION_WORDS.items():
    CATALOGUE.add_term(direction, en, de)
for order in itertools.permutations(COLOUR_WORDS):
    CATALOGUE.add_term(
        card_code(order),
        "–".join(COLOUR_WORDS[c][0] for c in order),
        "–".join(COLOUR_WORDS[c][1] for c in order),
    )

# The packaged boards as the lessons and pages call them ("default" and "tiny_chain" are code); a teacher's own
# board is called by its name.
BOARD_WORDS = {"default": ("standard board", "Standardbrett"), "tiny_chain": ("mini board", "Mini-Brett")}
CATALOGUE.add_all(
    {**{f"board/{k}": v for k, v in BOARD_WORDS.items()}, "board/named": ("board '{name}'", "Brett „{name}“")},
    prefix="esels_rennen/",
)


def board_words(name: str, lang: str) -> str:
    """A board in words: "standard board" / "Standardbrett", "mini board", or "board 'name'" for any other."""
    key = f"esels_rennen/board/{name}" if name in BOARD_WORDS else "esels_rennen/board/named"
    return CATALOGUE.text(key, lang, name=name)


_MESSAGES = {
    "ER-SETUP-1": (
        "The donkeys stand on the start fields {left}, {middle} and {right}, from the left: {order}.",
        "Die Esel stehen auf den Startfeldern {left}, {middle} und {right}, von links: {order}.",
    ),
    "ER-SETUP-1/deal": (
        (
            "Each player draws {per_player} order {per_player:|card|cards}; {hidden} "
            "{hidden:|card stays|cards stay} hidden."
        ),
        (
            "Jeder zieht {per_player} {per_player:|Zielkarte|Zielkarten}; {hidden} "
            "{hidden:|Karte bleibt|Karten bleiben} verdeckt."
        ),
    ),
    "ER-SETUP-1/deal_all": (
        "Each player draws {per_player} order {per_player:|card|cards}: every card is dealt.",
        "Jeder zieht {per_player} {per_player:|Zielkarte|Zielkarten}: Alle Karten sind verteilt.",
    ),
    "ER-MOVE-1": (
        "{player} moves the {donkey} donkey forward from {frm} to {to}.",
        "{player} zieht den {donkey}en Esel vorwärts von {frm} auf {to}.",
    ),
    "ER-MOVE-2": (
        "{player} moves the {donkey} donkey backward from its sand field, from {frm} to {to}.",
        "{player} zieht den {donkey}en Esel von seinem Sandfeld zurück, von {frm} auf {to}.",
    ),
    "ER-MOVE-3": (
        "{player} cannot move any donkey and passes.",
        "{player} kann keinen Esel ziehen und setzt aus.",
    ),
    "ER-CHAIN-1": (
        "The arrow on {field} is {colour} and points {direction}: the {colour} donkey moves from {frm} to {to}.",
        "Der Pfeil auf {field} ist {colour} und zeigt {direction}: der {colour}e Esel zieht von {frm} auf {to}.",
    ),
    "ER-CHAIN-1/no_arrow": (
        "Field {field} has no arrow: the chain ends.",
        "Feld {field} hat keinen Pfeil: die Kette endet.",
    ),
    "ER-CHAIN-2/own": (
        "The {mover} donkey stands on an arrow of its own colour on {field}: the chain ends.",
        "Der {mover}e Esel steht auf {field} auf einem Pfeil seiner eigenen Farbe: die Kette endet.",
    ),
    "ER-CHAIN-2/occupied": (
        "The {colour} arrow on {field} would move the {colour} donkey from {frm} to {to}, "
        "but the {blocker} donkey stands there: the chain ends.",
        "Der {colour}e Pfeil auf {field} würde den {colour}en Esel von {frm} auf {to} ziehen, "
        "aber dort steht der {blocker}e Esel: die Kette endet.",
    ),
    "ER-CHAIN-2/off_board": (
        "The {colour} arrow on {field} points {direction}, which would take the {colour} donkey off the board "
        "from {frm}: the chain ends.",
        "Der {colour}e Pfeil auf {field} zeigt {direction}; der {colour}e Esel würde von {frm} aus das Brett "
        "verlassen: die Kette endet.",
    ),
    "ER-CHAIN-3": (
        "The arrow on {field} is {colour}, but the {colour} donkey has already finished and only two donkeys "
        "are racing: the turn ends.",
        "Der Pfeil auf {field} ist {colour}, aber der {colour}e Esel ist schon im Ziel und nur noch zwei Esel "
        "laufen: der Zug endet.",
    ),
    "ER-FINISH-1": (
        "The {donkey} donkey reaches the finish field {field} and goes to place {place} on the podium.",
        "Der {donkey}e Esel erreicht das Zielfeld {field} und kommt auf Platz {place} des Podests.",
    ),
    "ER-FINISH-1/no_arrows": (
        "Finish fields count without arrows in this game: the chain ends on {field}.",
        "Zielfelder gelten in diesem Spiel ohne Pfeil: die Kette endet auf {field}.",
    ),
    "ER-END-1/third": (
        "Two donkeys have finished: the race is over and the {donkey} donkey takes place {place}.",
        "Zwei Esel sind im Ziel: das Rennen ist vorbei und der {donkey}e Esel bekommt Platz {place}.",
    ),
    "ER-END-1": (
        "The finishing order is {order}; {winners} holds that card and wins.",
        "Die Reihenfolge ist {order}; {winners} hat diese Karte und gewinnt.",
    ),
    "ER-END-1/nobody": (
        "The finishing order is {order}; nobody holds that card, so everyone has lost.",
        "Die Reihenfolge ist {order}; niemand hat diese Karte, also haben alle verloren.",
    ),
    "ER-END-1/points": (
        "The finishing order is {order}; nobody holds that card; the points decide.",
        "Die Reihenfolge ist {order}; niemand hat diese Karte, also entscheiden die Punkte.",
    ),
    "ER-SCORE-1": (
        "Points for the order {order} (players in seat order): {scores}; best score ({best}): {winners}.",
        "Punkte für die Reihenfolge {order} (Spieler der Reihe nach): {scores}; die meisten Punkte ({best}): "
        "{winners}.",
    ),
    "ER-MOVE-1/illegal": (
        "The {donkey} donkey cannot move to {to}: {why}. Allowed moves: {allowed}.",
        "Der {donkey}e Esel kann nicht auf {to} ziehen: {why}. Erlaubte Züge: {allowed}.",
    ),
    "ER-MOVE-2/illegal": (
        "The {donkey} donkey cannot move back to {to}: {why}.",
        "Der {donkey}e Esel kann nicht auf {to} zurück: {why}.",
    ),
    "ER-MOVE-3/illegal": (
        "You may only pass when no donkey can move; allowed moves: {allowed}.",
        "Aussetzen darf nur, wer keinen Esel ziehen kann; erlaubt sind: {allowed}.",
    ),
    "ER-MOVE-1/kind": (
        "The race needs Move, Back or Pass now, not {action}.",
        "Im Rennen geht jetzt nur Move, Back oder Pass, nicht {action}.",
    ),
    # Chance points: applying or forcing a start order or a deal by hand (``Start.of``, ``Deal.of``).
    "ER-SETUP-1/expects": (
        "Esels-Rennen expects {expected} now, not {action}.",
        "Esels-Rennen erwartet jetzt {expected}, nicht {action}.",
    ),
    "ER-SETUP-1/no_chance": ("There is no chance point now.", "Jetzt entscheidet nicht der Zufall."),
    "ER-SETUP-1/bad_start": (
        "{action} must list red, green, yellow once.",
        "{action} muss rot, grün und gelb je einmal nennen.",
    ),
    "ER-SETUP-1/bad_deal": (
        "{action}: deal {per_player} different order {per_player:|card|cards} to each of {players} players.",
        "{action}: jeder der {players} Spieler bekommt {per_player} {per_player:|Zielkarte|verschiedene Zielkarten}.",
    ),
    "ER-SETUP-1/start_of": (
        "A start order names red, green and yellow once each, from the left, not {given}.",
        "Eine Startreihenfolge nennt rot, grün und gelb je einmal, von links, nicht {given}.",
    ),
    "ER-SETUP-1/start_place": (
        "The {donkey} donkey cannot start on {place}; start places are {allowed}.",
        "Der {donkey}e Esel kann nicht auf {place} starten; Startplätze sind {allowed}.",
    ),
    "ER-SETUP-1/start_twice": (
        "The {donkey} donkey and the {other} donkey cannot both start on {place}.",
        "Der {donkey}e und der {other}e Esel können nicht beide auf {place} starten.",
    ),
    "ER-SETUP-1/card": (
        "{given} is not an order card: write a finishing order as initials like 'RGY' "
        "or as three colours like ('red', 'green', 'yellow').",
        "{given} ist keine Zielkarte: schreib eine Reihenfolge als Anfangsbuchstaben wie 'RGY' "
        "oder als drei Farben wie ('red', 'green', 'yellow').",
    ),
    "ER-SETUP-1/hand": (
        "{player} gets {got} order {got:|card|cards}, but with {players} players each player gets {per_player}.",
        "{player} bekommt {got} {got:|Zielkarte|Zielkarten}, aber bei {players} Spielern bekommt jeder {per_player}.",
    ),
    "ER-SETUP-1/twice": (
        "The order card {card} is dealt twice; each card exists once.",
        "Die Zielkarte {card} wird zweimal ausgeteilt; jede Karte gibt es nur einmal.",
    ),
    "ER-SETUP-1/seats": (
        "Seats are numbered 0 to {last} (seat 0 is Player 1), each once, not {seats}.",
        "Die Plätze sind 0 bis {last} (Platz 0 ist Spieler 1), jeder einmal, nicht {seats}.",
    ),
}

CATALOGUE.add_all(_MESSAGES)

# Reasons quoted in the error sentences above (terms ``ER:<reason>``, so they translate and never collide).
_REASONS = {
    "not_racing": ("that donkey is not on the board", "dieser Esel steht nicht auf dem Brett"),
    "not_ahead": ("that is not one of the two fields in front of it", "das ist keines der zwei Felder davor"),
    "not_behind": ("that is not one of the two fields behind it", "das ist keines der zwei Felder dahinter"),
    "occupied": ("another donkey stands there", "dort steht schon ein Esel"),
    "not_all_racing": (
        "a donkey has finished, so nobody may move back any more",
        "ein Esel ist im Ziel, also darf keiner mehr zurück",
    ),
    "not_sand": ("it is not standing on a sand field", "er steht nicht auf einem Sandfeld"),
    "moved_last": (
        "it moved last in the previous player's turn",
        "er wurde im Zug des vorigen Spielers als Letzter bewegt",
    ),
    "unknown": ("there is no such donkey or field", "diesen Esel oder dieses Feld gibt es nicht"),
}
for reason, (en, de) in _REASONS.items():
    CATALOGUE.add_term(f"ER:{reason}", en, de)

# What the views show (``view.py``): the title, one sentence per phase, the button labels.
_VIEW = {
    "esels_rennen/title": ("Esels-Rennen (donkey race)", "Esels-Rennen"),
    "esels_rennen/phase/start": (
        "Chance places the donkeys on the start fields.",
        "Der Zufall stellt die Esel auf die Startfelder.",
    ),
    "esels_rennen/phase/deal": (
        "Chance deals {per_player} order {per_player:|card|cards} to each player.",
        "Der Zufall teilt jedem {per_player} {per_player:|Zielkarte|Zielkarten} aus.",
    ),
    "esels_rennen/phase/race": ("{player} moves a donkey forward.", "{player} zieht einen Esel vorwärts."),
    "esels_rennen/phase/race_back": (
        "{player} moves a donkey forward, or one back out of the sand.",
        "{player} zieht einen Esel vorwärts oder einen vom Sand zurück.",
    ),
    "esels_rennen/phase/pass": (
        "{player} cannot move any donkey and must pass.",
        "{player} kann keinen Esel ziehen und muss aussetzen.",
    ),
    "esels_rennen/phase/over": (
        "The race is over with the order {order}: {winners} won.",
        "Das Rennen ist vorbei mit der Reihenfolge {order}: Sieg für {winners}.",
    ),
    "esels_rennen/phase/over_nobody": (
        "The race is over with the order {order}: nobody won.",
        "Das Rennen ist vorbei mit der Reihenfolge {order}: niemand hat gewonnen.",
    ),
    "esels_rennen/label/move": ("{donkey} → {to}", "{donkey} → {to}"),
    "esels_rennen/label/back": ("{donkey} back → {to}", "{donkey} zurück → {to}"),
    "esels_rennen/label/pass": ("pass", "aussetzen"),
    "esels_rennen/label/start": ("start order {order}", "Startreihenfolge {order}"),
    "esels_rennen/label/deal": (
        "deal {count} order {count:|card|cards}",
        "{count} {count:|Zielkarte|Zielkarten} austeilen",
    ),
    # The board's text alternative (a screen reader's whole picture of the race), built per step.
    "esels_rennen/summary/on": ("{donkey} on {field}", "{donkey} auf {field}"),
    "esels_rennen/summary/finished": ("{donkey} finished in place {place}", "{donkey} im Ziel auf Platz {place}"),
    "esels_rennen/summary/donkeys": ("{donkeys}.", "{donkeys}."),
    "esels_rennen/summary/turn": ("{player} to move.", "{player} ist am Zug."),
    "esels_rennen/summary/cards": (
        "{player} holds the order {cards:|card|cards} {cards}.",
        "{player} hat die {cards:|Zielkarte|Zielkarten} {cards}.",
    ),
}
CATALOGUE.add_all(_VIEW)


# The rule options in a pupil's words (the teacher's controls; keys ``option/esels_rennen/<name>[/<value>]``).
OPTION_WORDS: OptionWords = {
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
}
add_option_words("esels_rennen", OPTION_WORDS)

# The gallery card of the game's free-play page (``apps.games_apps``; the icon is the package's ``ICON``).
CATALOGUE.add_all(
    {
        "free_play": ("Esels-Rennen — play a whole race", "Esels-Rennen — ein ganzes Rennen"),
        "blurb": (
            "Three donkeys, arrows and chain reactions on a board you can change.",
            "Drei Esel, Pfeile und Kettenreaktionen auf einem Brett, das du ändern kannst.",
        ),
    },
    prefix="esels_rennen/",
)
