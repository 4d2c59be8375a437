"""The words of Lesson 4's counts by hand, English and German: the first moves counted on the standard board and
the two-move tree (the exact answer's first part), and the mini board's count and the two-step tree (exercises 2
and 3). Part of the lesson's one table (``arrow_chains_text.TEXTS`` takes them in); kept apart so each file holds
one kind of text."""

COUNT_TEXTS: dict[str, tuple[str, str]] = {
    # the exact answer, first part: the standard board's first move and a two-move tree, counted by hand
    "count.first": (
        (
            "<p><b>Count it by hand first.</b> At the start, each donkey can step forward left or right: 6 first "
            "moves. Only {chains} set off a chain: green to e1 (yellow hops to g1, then red to a1) and yellow to g1 "
            "(red hops to a1). A random first move sets off a chain with probability {chains}/6 = {p}.</p>"
        ),
        (
            "<p><b>Zähl es zuerst von Hand.</b> Am Anfang kann jeder Esel nach links oder rechts vorn ziehen: 6 "
            "erste Züge. Nur {chains} lösen eine Kette aus: Grün auf e1 (Gelb springt auf g1, dann Rot auf a1) und "
            "Gelb auf g1 (Rot springt auf a1). Ein zufälliger erster Zug löst mit der Wahrscheinlichkeit {chains}/6 = "
            "{p} eine Kette aus.</p>"
        ),
    ),
    "count.tree": (
        (
            "<p><b>Two moves: a tree.</b> After each of the other {quiet} first moves, Player 2 has {seconds} moves; "
            "{second_chains} of these {quiet} × {seconds} = {pairs} set off a chain.</p><ul><li>move 1 sets off a "
            "chain: {p}</li><li>no chain: {q} → move 2 sets off a chain: {second_chains}/{pairs} = {p2}, or none: "
            "{q2}</li></ul><p>No chain in two moves: {q} × {q2} = {none}; at least one: 1 − {none} = {some}.</p>"
        ),
        (
            "<p><b>Zwei Züge: ein Baum.</b> Nach jedem der {quiet} anderen ersten Züge hat Spieler 2 jeweils {seconds} "
            "Züge; {second_chains} dieser {quiet} · {seconds} = {pairs} lösen eine Kette aus.</p><ul><li>1. Zug löst "
            "eine Kette aus: {p}</li><li>keine Kette: {q} → 2. Zug löst eine aus: {second_chains}/{pairs} = {p2}, oder "
            "keine: {q2}</li></ul><p>Keine Kette in zwei Zügen: {q} · {q2} = {none}; mindestens eine: 1 − {none} = "
            "{some}.</p>"
        ),
    ),
    "count.computer": (
        "<p><b>The same count done by the computer</b>, over every position a race can reach:</p>",
        "<p><b>Dieselbe Rechnung macht der Computer</b>, über jede Stellung, die ein Rennen erreichen kann:</p>",
    ),
    # exercise 2: the mini board's first moves, counted on its drawing (the page's and the worksheet's alike)
    "hand.q": (
        (
            "Count by hand on our mini board, a small practice board we made up, drawn below as it stands before "
            "Player 1's first move. Player 1 has 6 first moves: each donkey one field diagonally forward, left or "
            "right. A <b>hop</b> is one donkey moved by an arrow. A chain stops on an arrow of the moving donkey's own "
            "colour, or when a donkey cannot move: the field it would move to is taken, or the arrow points off the "
            "board (the rulebook names only the taken field; we end the chain off the board too). To check a move, "
            "follow its arrows on the drawing with your finger or a pencil. How many of the 6 first moves set off at "
            "least one hop?{board}"
        ),
        (
            "Zähle von Hand auf unserem Mini-Brett, einem kleinen Übungsbrett, das wir uns ausgedacht haben; unten "
            "ist es gezeichnet, wie es vor dem ersten Zug von Spieler 1 steht. Spieler 1 hat 6 erste Züge: jeder Esel "
            "ein Feld schräg nach vorn links oder rechts. Ein <b>Sprung</b> ist ein Esel, den ein Pfeil bewegt. Eine "
            "Kette endet auf einem Pfeil in der Farbe des ziehenden Esels oder wenn ein Esel nicht ziehen kann: Sein "
            "nächstes Feld ist besetzt, oder der Pfeil zeigt vom Brett hinunter (die Spielregel nennt nur das "
            "besetzte Feld; wir beenden die Kette auch am Brettrand). Zum Prüfen folgst du den Pfeilen auf der "
            "Zeichnung mit dem Finger oder einem Stift. Wie viele der 6 ersten Züge lösen mindestens einen Sprung "
            "aus?{board}"
        ),
    ),
    "win.q": (
        (
            "A tree with two steps, on paper. On our mini board the 6 order cards are shuffled and each of the 3 "
            "players gets 2. Then Player 1 makes the first move at random (each of the 6 first moves equally likely). "
            "What is the probability that Player 1 wins with this very first move? (Follow green to c1 on the drawing: "
            "its chain runs to the end of the race, green first, yellow second, red third. No other first move ends "
            "the race.)"
        ),
        (
            "Ein Baum mit zwei Stufen, auf Papier. Auf unserem Mini-Brett werden die 6 Zielkarten gemischt, und jeder "
            "der 3 Spieler bekommt 2. Dann macht Spieler 1 den ersten Zug zufällig (jeder der 6 ersten Züge gleich "
            "wahrscheinlich). Wie groß ist die Wahrscheinlichkeit, dass Spieler 1 mit genau diesem ersten Zug gewinnt? "
            "(Folge Grün auf c1 auf der Zeichnung: Seine Kette läuft bis zum Ende des Rennens, Grün Erster, Gelb "
            "Zweiter, Rot Dritter. Kein anderer erster Zug beendet das Rennen.)"
        ),
    ),
    "win.hint": (
        (
            "First step of the tree: does Player 1 hold the card {order}? Player 1 gets 2 of the 6 cards. Second step: "
            "does the first move end the race? Multiply along the path."
        ),
        (
            "Erste Stufe des Baums: Hat Spieler 1 die Karte {order}? Spieler 1 bekommt 2 der 6 Karten. Zweite Stufe: "
            "Beendet der erste Zug das Rennen? Multipliziere entlang des Pfads."
        ),
    ),
    "win.solution": (
        (
            "Player 1 wins at once on one path only: holding {order} (2 of the 6 cards: 2/6 = {card}), then moving "
            "green to c1 (1 of the 6 moves: {move}). A random move does not depend on the cards, so along the path the "
            "probabilities multiply: {card} × {move} = {p}."
        ),
        (
            "Spieler 1 gewinnt nur auf einem Pfad sofort: Er hat {order} (2 der 6 Karten: 2/6 = {card}) und zieht dann "
            "Grün auf c1 (1 der 6 Züge: {move}). Ein zufälliger Zug hängt nicht von den Karten ab, also multiplizieren "
            "sich die Wahrscheinlichkeiten entlang des Pfads: {card} · {move} = {p}."
        ),
    ),
    # the mini board drawn on the worksheet and the key at the count's position (``sheet_board``): a pupil with
    # the paper alone can count; black and white, so every colour is a letter
    "sheet_board.caption": (
        (
            "The {board} before Player 1's first move, finish at the top. A circle is a donkey, an arrow moves the "
            "donkey of its letter one field that way: {letters}."
        ),
        (
            "Das {board} vor dem ersten Zug von Spieler 1, das Ziel oben. Ein Kreis ist ein Esel, ein Pfeil zieht "
            "den Esel seines Buchstabens ein Feld in seine Richtung: {letters}."
        ),
    ),
    "sheet_board.finish": ("finish", "Ziel"),
    "sheet_board.sand": ("sand", "Sand"),
    "sheet_board.start": ("start", "Start"),
    "hand.hint": (
        (
            "The 6 moves: red to a1 or c1, green to c1 or e1, yellow to e1 or g1. For each, read the arrow on the field"
            " the donkey lands on: whose is it, and can that donkey move?"
        ),
        (
            "Die 6 Züge: Rot auf a1 oder c1, Grün auf c1 oder e1, Gelb auf e1 oder g1. Lies bei jedem den Pfeil auf dem"
            " Feld, auf dem der Esel landet: Wessen Pfeil ist es, und kann dieser Esel ziehen?"
        ),
    ),
    "hand.only_long": (
        (
            "Green to c1 sets off the longest chain, but shorter chains count too: look again at red to c1 and yellow "
            "to g1."
        ),
        (
            "Grün auf c1 löst die längste Kette aus, aber kürzere Ketten zählen auch: Schau dir Rot auf c1 und Gelb auf"
            " g1 noch einmal an."
        ),
    ),
    "hand.stops": (
        (
            "You counted a hop that cannot happen. A donkey that lands on an arrow of its own colour moves no one, and "
            "an arrow cannot move a donkey onto a field that is taken."
        ),
        (
            "Du hast einen Sprung gezählt, den es nicht gibt. Ein Esel, der auf einem Pfeil seiner eigenen Farbe "
            "landet, bewegt niemanden, und ein Pfeil kann keinen Esel auf ein besetztes Feld ziehen."
        ),
    ),
    "hand.solution": (
        (
            "3 of the 6 moves, so a chain with probability 3/6 = 1/2. Red to a1 and green to e1 land on an arrow of "
            "their own colour: no hop. Yellow to e1 lands on a green arrow, but green cannot move onto e1, where yellow"
            " now stands: no hop. Red to c1: yellow hops to e1, then green is blocked (1 hop). Yellow to g1: red hops "
            "to a1, onto a red arrow (1 hop). Green to c1: 11 hops. Green reaches the finish on a5 and leaves the "
            "board, and the chain goes on from the finish field's arrow: the red arrow on a5 moves red. Then yellow "
            "reaches the finish too. Two donkeys are through, so the race is over: green first, yellow second, red "
            "third."
        ),
        (
            "3 der 6 Züge, also eine Kette mit Wahrscheinlichkeit 3/6 = 1/2. Rot auf a1 und Grün auf e1 landen auf "
            "einem Pfeil ihrer eigenen Farbe: kein Sprung. Gelb auf e1 landet auf einem grünen Pfeil, aber Grün kann "
            "nicht auf e1 ziehen, wo jetzt Gelb steht: kein Sprung. Rot auf c1: Gelb springt auf e1, dann ist Grün "
            "blockiert (1 Sprung). Gelb auf g1: Rot springt auf a1, auf einen roten Pfeil (1 Sprung). Grün auf c1: 11 "
            "Sprünge. Grün erreicht auf a5 das Ziel und verlässt das Brett, und die Kette geht mit dem Pfeil des "
            "Zielfelds weiter: Der rote Pfeil auf a5 bewegt Rot. Dann kommt auch Gelb ins Ziel. Zwei Esel sind durch, "
            "also ist das Rennen vorbei: Grün Erster, Gelb Zweiter, Rot Dritter."
        ),
    ),
    "hand.probability": (
        "That is the probability of a chain. The box asks how many of the 6 moves set one off.",
        "Das ist die Wahrscheinlichkeit einer Kette. Gefragt ist, wie viele der 6 Züge eine auslösen.",
    ),
    "win.only_move": (
        (
            "That is the probability of the move alone. Player 1 wins only when also holding {order}: multiply by the "
            "probability of that."
        ),
        (
            "Das ist die Wahrscheinlichkeit des Zugs allein. Spieler 1 gewinnt nur, wenn er auch {order} hat: "
            "Multipliziere mit dieser Wahrscheinlichkeit."
        ),
    ),
    "win.only_card": (
        (
            "That is the probability of holding the card alone. The first move must also end the race: multiply by the "
            "probability of that."
        ),
        (
            "Das ist die Wahrscheinlichkeit, die Karte zu haben, allein. Der erste Zug muss auch das Rennen beenden: "
            "Multipliziere mit dieser Wahrscheinlichkeit."
        ),
    ),
    "win.one_card": (
        "Player 1 holds 2 cards, not 1: the probability of holding {order} is 2/6, not 1/6.",
        "Spieler 1 hat 2 Karten, nicht 1: Die Wahrscheinlichkeit, {order} zu haben, ist 2/6, nicht 1/6.",
    ),
    "win.added": (
        (
            "Along one path of a tree the probabilities multiply. They add only for different paths that lead to the "
            "same result."
        ),
        (
            "Entlang eines Pfads im Baum werden die Wahrscheinlichkeiten multipliziert. Addiert werden sie nur für "
            "verschiedene Pfade zum selben Ergebnis."
        ),
    ),
}
