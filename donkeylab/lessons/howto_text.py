"""Each game in one minute, for a pupil who has never played it: shown folded before a lesson's question
(``framework.how_to_play``). English and German, registered under ``lesson/howto/`` by the framework. The rules
are the rulebooks' (``seeds/``), said as simply as they are true; the details each lesson needs come in its
own step-through, with the rule card beside it."""

TEXTS: dict[str, tuple[str, str]] = {
    "title": ("How to play {game}, in one minute", "So spielt man {game}, in einer Minute"),
    "double_donkey": (
        (
            "<ul><li>Everyone has a hand of 3 cards and a pile of 7 more. Most cards show two donkeys of "
            "different colours. There are six dice, one in each of the six donkey colours.</li>"
            "<li><b>Phase 1:</b> players take turns rolling the dice that are left and placing one on the Hay "
            "card. Its number must not be on the Hay card yet, unless every rolled die shows a number that is "
            "already there. The last die: the English rules let its player keep it or roll it once more; the "
            "German rules always roll it.</li>"
            "<li><b>Phase 2:</b> everyone plays 1 to 3 cards at once. A card is worth the sum of the two dice "
            "of its colours. An Angry Donkey card turns its die over (a 5 becomes a 2) and is then worth what its die "
            "shows.</li>"
            "<li>Whoever played the highest card is the Biggest Donkey: they fill up their hand from the "
            "middle instead of their own pile, so their pile does not get smaller. Whoever has played all "
            "their cards, hand and pile, first wins: low cards are good.</li></ul>"
        ),
        (
            "<ul><li>Alle haben 3 Karten auf der Hand und einen Stapel mit 7 weiteren. Die meisten Karten "
            "zeigen zwei Esel in verschiedenen Farben. Es gibt sechs Würfel, einen in jeder der sechs "
            "Eselfarben.</li>"
            "<li><b>Phase 1:</b> Reihum wirft man die übrigen Würfel und legt einen auf die "
            "Misthaufen-Karte. Seine Zahl darf dort noch nicht liegen, es sei denn, alle geworfenen Würfel "
            "zeigen Zahlen, die schon dort liegen. Den letzten Würfel darf man nach den englischen Regeln "
            "behalten oder noch einmal werfen; nach den deutschen Regeln wird er immer geworfen.</li>"
            "<li><b>Phase 2:</b> Alle spielen gleichzeitig 1 bis 3 Karten. Eine Karte ist so viel wert wie die "
            "beiden Würfel ihrer Farben zusammen. Eine Wütende-Esel-Karte dreht ihren Würfel um (aus einer 5 "
            "wird eine 2) und ist so viel wert wie ihr eigener Würfel nach dem Umdrehen.</li>"
            "<li>Wer die höchste Karte gespielt hat, ist der Oberesel und füllt die Hand aus der Mitte auf "
            "statt vom eigenen Stapel, der also nicht kleiner wird. Wer zuerst alle Karten ausgespielt hat, "
            "Hand und Stapel, gewinnt: Niedrige Karten sind gut.</li></ul>"
        ),
    ),
    "double_down": (
        (
            "<ul><li>Everyone has 5 cards and 3 tokens. One card after the other goes on a common pile, and "
            "the player says the new total out loud (it starts at 0).</li>"
            "<li>Number cards add their number. Special cards: −10 takes 10 away; 0, direction change and 2x "
            "leave the total as it is (2x makes the next player play two cards).</li>"
            "<li>Whoever makes the total 11, 22, 33, 44, 55 or 66 (a <b>doublet</b>) loses a token. Whoever "
            "has to say 77 or more loses a token and the round ends.</li>"
            '<li>Without tokens you are still in ("swimming"); the next loss puts you out. The last player '
            "left wins.</li></ul>"
        ),
        (
            "<ul><li>Alle haben 5 Karten und 3 Chips. Reihum kommt eine Karte auf einen gemeinsamen Stapel, "
            "und man sagt die neue Summe laut an (sie beginnt bei 0).</li>"
            "<li>Zahlenkarten zählen ihre Zahl dazu. Sonderkarten: −10 zieht 10 ab; 0, Richtungswechsel und "
            "2x lassen die Summe, wie sie ist (bei 2x legt die nächste Person zwei Karten).</li>"
            "<li>Wer die Summe 11, 22, 33, 44, 55 oder 66 macht (eine <b>Schnapszahl</b>), verliert einen Chip. "
            "Wer 77 oder mehr ansagen muss, verliert einen Chip, und die Runde endet.</li>"
            "<li>Ohne Chips ist man noch dabei („schwimmt“); beim nächsten Verlust scheidet man aus. Wer als "
            "Letzte oder Letzter übrig bleibt, gewinnt.</li></ul>"
        ),
    ),
    "esels_rennen": (
        (
            "<ul><li>Three donkeys race: red, green and yellow. Everyone secretly holds one or two order "
            "cards, for example yellow–green–red, and wins if the donkeys finish in that order.</li>"
            "<li>On your turn you move any donkey one field diagonally forward, to the left or to the right. "
            "Instead, while all three donkeys race, a donkey standing on sand may be moved one field back (not the "
            "donkey moved last in the turn before).</li>"
            "<li>The field it reaches has an arrow in a donkey's colour: the donkey of that colour moves one "
            "field the arrow's way, then the arrow on its new field moves a donkey, and so on — a <b>chain</b>. "
            "It stops on an arrow of the moving donkey's own colour, or when a donkey cannot move (the field is "
            "taken, or it would leave the board).</li>"
            "<li>A donkey that reaches the finish leaves the board at once, and the chain goes on from the "
            "finish field's arrow; after that, an arrow of its colour ends a chain. The race ends when two donkeys "
            "are through the finish; the third comes third.</li></ul>"
        ),
        (
            "<ul><li>Drei Esel laufen um die Wette: rot, grün und gelb. Alle halten geheim eine oder zwei "
            "Zielkarten, zum Beispiel gelb–grün–rot, und gewinnen, wenn die Esel in dieser Reihenfolge "
            "ankommen.</li>"
            "<li>Wer dran ist, zieht einen beliebigen Esel ein Feld schräg nach vorn, nach links oder nach "
            "rechts. Stattdessen darf, solange alle drei Esel im Rennen sind, ein Esel auf Sand ein Feld "
            "zurückgezogen werden (nicht der Esel, der im Zug davor zuletzt bewegt wurde).</li>"
            "<li>Auf dem erreichten Feld ist ein Pfeil in einer Eselfarbe: Der Esel dieser Farbe zieht ein Feld "
            "in Pfeilrichtung, dann bewegt der Pfeil auf seinem neuen Feld einen Esel, und so weiter — eine "
            "<b>Kette</b>. Sie endet auf einem Pfeil in der Farbe des ziehenden Esels oder wenn ein Esel nicht "
            "ziehen kann (das Feld ist besetzt, oder er würde das Brett verlassen).</li>"
            "<li>Ein Esel, der das Ziel erreicht, verlässt sofort das Brett, und die Kette geht vom Pfeil des "
            "Zielfelds weiter; danach beendet ein Pfeil in seiner Farbe die Kette. Das Rennen endet, wenn zwei Esel "
            "im Ziel sind; der dritte wird Dritter.</li></ul>"
        ),
    ),
}
