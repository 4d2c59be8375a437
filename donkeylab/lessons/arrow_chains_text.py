"""The words of Lesson 4 (arrow chains), English and German: one table, registered in the core catalogue by the
lesson module (``words("lesson/arrow_chains/", TEXTS)``). Kept apart so the lesson module holds only its logic; a
translator edits this file alone, and a test checks both languages have the same placeholders."""

TEXTS: dict[str, tuple[str, str]] = {
    "prompt": (
        (
            "Everyone moves at random on our reconstructed board (every allowed move equally likely). Which order card "
            "would you most like to hold?"
        ),
        (
            "Alle ziehen zufällig auf unserem nachgebauten Brett (jeder erlaubte Zug gleich wahrscheinlich). Welche "
            "Zielkarte hättest du am liebsten?"
        ),
    ),
    "step_intros.default": (
        (
            "Player 3 (you) moves next. Click the yellow donkey, then field d4, then press Step again and again: one "
            "hop per step. The card on the right names each step's rule; names like ER-CHAIN-1 are our labels for the "
            "rulebook's rules."
        ),
        (
            "Spieler 3 (du) ist dran. Klick auf den gelben Esel und dann auf das Feld d4, und drück immer wieder "
            "Schritt: Jeder Schritt ist ein Sprung. Die Karte rechts nennt die Regel jedes Schritts; Namen wie "
            "ER-CHAIN-1 sind unsere Kürzel für die Regeln aus der Spielanleitung."
        ),
    ),
    "step_intros.tiny_chain": (
        (
            "Player 1 (you) moves first, on our mini board (made for this lesson): count its first moves below. The "
            "card on the right names each step's rule; names like ER-CHAIN-1 are our labels for the rulebook's rules."
        ),
        (
            "Spieler 1 (du) fängt an, auf unserem Mini-Brett (für diese Lektion gebaut): Zähl unten seine ersten Züge. "
            "Die Karte rechts nennt die Regel jedes Schritts; Namen wie ER-CHAIN-1 sind unsere Kürzel für die Regeln "
            "aus der Spielanleitung."
        ),
    ),
    "still_words.er_chain_2_own": (
        "it lands on an arrow of its own colour",
        "er landet auf einem Pfeil seiner eigenen Farbe",
    ),
    "still_words.er_chain_2_off_board": (
        "the arrow would push a donkey off the board (the rulebook does not say what happens then; we end the chain)",
        (
            "der Pfeil würde einen Esel vom Brett schieben (die Spielregel sagt nicht, was dann passiert; wir beenden "
            "die Kette)"
        ),
    ),
    "still_words.er_chain_3": (
        (
            "the arrow has the colour of a donkey that has already finished (this includes a donkey that has only just "
            "finished on an arrow of its own colour: the chain ends either way, and as the rulebook does not say which "
            "reason that is, we count it here)"
        ),
        (
            "der Pfeil hat die Farbe eines Esels, der schon im Ziel ist (dazu zählen wir auch einen Esel, der gerade "
            "erst auf einem Pfeil seiner eigenen Farbe ins Ziel gekommen ist: Die Kette endet so oder so, und da die "
            "Spielregel nicht sagt, welcher Grund das ist, zählen wir es hier)"
        ),
    ),
    "still_words.er_end_1_third": (
        "the race ends with this move",
        "das Rennen endet mit diesem Zug",
    ),
    "still_words.er_chain_2_occupied": (
        "the field the arrow points to is taken",
        "das Feld, auf das der Pfeil zeigt, ist besetzt",
    ),
    "still_words.er_chain_1_no_arrow": (
        "the field has no arrow",
        "das Feld hat keinen Pfeil",
    ),
    "still_words.er_finish_1_no_arrows": (
        "it reaches the finish (no finish arrows)",
        "er erreicht das Ziel (ohne Zielpfeile)",
    ),
    "exercises.items": (
        (
            "With the optional points (2 points if your card's first donkey wins, 1 point if its second donkey comes "
            "second, whether or not the first wins, 1 if the first two finish the other way round), which order card "
            "earns the fewest points on average on our reconstructed board, and which the most?"
        ),
        (
            "Mit der Zusatzwertung (2 Punkte, wenn der erste Esel deiner Karte gewinnt, 1 Punkt, wenn ihr zweiter Esel "
            "Zweiter wird, auch wenn der erste nicht gewinnt, 1 Punkt, wenn die ersten beiden vertauscht ankommen): "
            "Welche Zielkarte bringt auf unserem nachgebauten Brett im Mittel die wenigsten Punkte, welche die meisten?"
        ),
    ),
    "exercises.items2": (
        (
            "Open “Going further”: the chain table says what share of all moves sets off 0 hops, 1 hop, 2 hops, … in "
            "random races on the standard board. What share of all moves sets off at least one chain hop?"
        ),
        (
            "Öffne „Weiter gedacht“: Die Kettentabelle sagt, welcher Anteil aller Züge in Zufallsrennen auf dem "
            "Standardbrett 0, 1, 2, … Sprünge auslöst. Welcher Anteil aller Züge löst mindestens einen Kettensprung "
            "aus?"
        ),
    ),
    "ex2.without_hops": (
        (
            "That is the share of moves without a hop (the row “0 hops”). The question asks for the moves with at least"
            " one: every other move."
        ),
        (
            "Das ist der Anteil der Züge ohne Sprung (die Zeile „0 Sprünge“). Gefragt sind die Züge mit mindestens "
            "einem: alle anderen."
        ),
    ),
    "title": (
        "Lesson 4 — Arrow chains (Esels-Rennen)",
        "Lektion 4 — Pfeilketten (Esels-Rennen)",
    ),
    "question": (
        (
            "In Esels-Rennen you move one donkey. The arrow where it lands moves another donkey, whose arrow moves the "
            "next, and so on: a chain. You win if the donkeys finish in the order on your card, such as "
            "yellow–green–red (first to last)."
        ),
        (
            "Bei Esels-Rennen ziehst du einen Esel. Der Pfeil auf dem Feld, auf dem er landet, bewegt einen anderen "
            "Esel, dessen Pfeil den nächsten, und so weiter: eine Kette. Du gewinnst, wenn die Esel in der Reihenfolge "
            "deiner Zielkarte ankommen, etwa gelb–grün–rot (Erster bis Letzter)."
        ),
    ),
    "answer": (
        "{card}: {p} of random races end in this order (a fair race would give each order 1/6 ≈ 16.7 %).",
        (
            "{card}: {p} der Zufallsrennen enden in dieser Reihenfolge (ein faires Rennen gäbe jeder Reihenfolge 1/6 ≈ "
            "16,7 %)."
        ),
    ),
    "headline": (
        "The race ends in these orders (a fair race would give each 1/6 ≈ 16.7 %):",
        "Das Rennen endet in diesen Reihenfolgen (ein faires Rennen gäbe jeder Reihenfolge 1/6 ≈ 16,7 %):",
    ),
    "headline.after": (
        (
            "So on our reconstructed standard board, with random moves, the best card is <b>{best}</b>, the worst "
            "<b>{worst}</b>: this race is not fair. The computer found these numbers by the same counting you start "
            "by hand on the mini board below, for every position a race can reach. A tree would never end (a donkey "
            "moved back from sand can bring a race back to where it was), so the computer solves equations instead."
        ),
        (
            "Auf unserem nachgebauten Standardbrett und bei zufälligen Zügen ist die beste Karte also <b>{best}</b>, "
            "die schlechteste <b>{worst}</b>: Dieses Rennen ist nicht fair. Der Computer hat diese Zahlen so "
            "abgezählt, wie du es gleich auf dem Mini-Brett unten von Hand beginnst, für jede Stellung, die ein Rennen "
            "erreichen kann. Ein Baum würde nie enden (ein Esel, der vom Sand zurückgezogen wird, kann ein Rennen "
            "dahin zurückbringen, wo es schon war), darum löst der Computer stattdessen Gleichungen."
        ),
    ),
    "live_intro": (
        (
            "A <b>simulation</b>: the computer plays random races by the rules, move by move, and counts how often each"
            " order comes up. Each bar is an order's relative frequency so far. {whisker} Which order comes up most "
            "often?"
        ),
        (
            "Eine <b>Simulation</b>: Der Computer spielt Zufallsrennen nach den Regeln, Zug für Zug, und zählt, wie oft"
            " jede Reihenfolge vorkommt. Jeder Balken ist die relative Häufigkeit einer Reihenfolge bis jetzt. "
            "{whisker} Welche Reihenfolge kommt am häufigsten vor?"
        ),
    ),
    "live_after": (
        "The black diamonds are the exact values: {best} is the most likely order.",
        "Die schwarzen Rauten sind die exakten Werte: {best} ist die wahrscheinlichste Reihenfolge.",
    ),
    "notice": (
        (
            "<ul><li>Our board favours some donkeys, so some order cards are "
            "worth more than others; on our mini board another card is best.</li><li>More than half of all moves set "
            "off no chain at all, but now and then one move makes many hops.</li></ul>"
        ),
        (
            "<ul><li>Unser Brett bevorzugt manche Esel, also sind manche Zielkarten "
            "mehr wert als andere; auf unserem Mini-Brett ist eine andere Karte die beste.</li><li>Mehr als die Hälfte "
            "aller Züge löst gar keine Kette aus, aber ab und zu macht ein Zug viele Sprünge.</li></ul>"
        ),
    ),
    "reconstruction": (
        (
            "<p class='dl-note'><i>Our reconstructed board (rule ER-BOARD-1): the rulebook does not print one, so we "
            "built it from its description.</i></p>"
        ),
        (
            "<p class='dl-note'><i>Unser nachgebautes Spielbrett (Regel ER-BOARD-1): Die Spielregel druckt ihr Brett "
            "nicht ab, also haben wir eines nach ihrer Beschreibung gebaut.</i></p>"
        ),
    ),
    "orders.card": (
        "order card",
        "Zielkarte",
    ),
    "orders.chance": (
        "{board}: probability",
        "{board}: Wahrscheinlichkeit",
    ),
    "orders.points": (
        "{board}: points",
        "{board}: Punkte",
    ),
    "orders.caption": (
        (
            "The probability of each finishing order and the points its card earns on average (ER-SCORE-1), under "
            "random play"
        ),
        (
            "Die Wahrscheinlichkeit jeder Zielreihenfolge und die Punkte, die ihre Karte im Mittel bringt (ER-SCORE-1),"
            " bei zufälligem Ziehen"
        ),
    ),
    "chains.hops": (
        "hops in the chain",
        "Sprünge der Kette",
    ),
    "chains.share": (
        "{board}: share of moves",
        "{board}: Anteil der Züge",
    ),
    "chains.caption": (
        "How long do chains get? (random play)",
        "Wie lang werden die Ketten? (zufälliges Ziehen)",
    ),
    "race.board": (
        "board",
        "Brett",
    ),
    "race.turns": (
        "turns per race on average",
        "Züge pro Rennen im Mittel",
    ),
    "race.caption": (
        "How long is a race? (random play)",
        "Wie lange dauert ein Rennen? (zufälliges Ziehen)",
    ),
    "further.intro": (
        (
            "More about the race: both boards, the points of every card, chain lengths, and simulated races on both "
            "boards."
        ),
        (
            "Mehr zum Rennen: beide Bretter, die Punkte jeder Karte, Kettenlängen und simulierte Rennen auf beiden "
            "Brettern."
        ),
    ),
    "ex1.q": (
        (
            "Why it matters: you were dealt {card}, the least likely order on the standard board. With the optional "
            "points your card earns 2 points whenever its first donkey wins, whatever the order behind it. If everyone "
            "moves at random, what is the probability that the {first} donkey finishes first?"
        ),
        (
            "Warum das wichtig ist: Du hast {card} bekommen, die seltenste Reihenfolge auf dem Standardbrett. Mit der "
            "Zusatzwertung bringt dir deine Karte 2 Punkte, wann immer ihr erster Esel gewinnt, egal in welcher "
            "Reihenfolge die anderen folgen. Wenn alle zufällig ziehen: Wie groß ist die Wahrscheinlichkeit, dass der "
            "{first}e Esel als Erster ins Ziel kommt?"
        ),
    ),
    "ex1.hint": (
        (
            "In the exact answer's table, the {first} donkey comes first in two orders. Either of them makes it the "
            "winner, and they never happen together."
        ),
        (
            "In der Tabelle der exakten Antwort steht der {first}e Esel in zwei Reihenfolgen vorn. Jede davon macht ihn"
            " zum Sieger, und nie treten beide zusammen ein."
        ),
    ),
    "ex1.fair": (
        (
            "1/3 would be right in a fair race, where each donkey wins equally often. This board is not fair: add the "
            "probabilities of the orders in the exact answer's table that start with the {first} donkey."
        ),
        (
            "1/3 stimmt bei einem fairen Rennen, in dem jeder Esel gleich oft gewinnt. Dieses Brett ist nicht fair: "
            "Addiere die Wahrscheinlichkeiten der Reihenfolgen in der Tabelle der exakten Antwort, die mit dem "
            "{first}en Esel beginnen."
        ),
    ),
    "ex1.sixth": (
        (
            "1/6 would be right for one order in a fair race. The question asks how often the {first} donkey wins, in "
            "whichever order the others follow: add those orders in the exact answer's table."
        ),
        (
            "1/6 stimmt für eine Reihenfolge bei einem fairen Rennen. Gefragt ist, wie oft der {first}e Esel gewinnt, "
            "egal in welcher Reihenfolge die anderen folgen: Addiere diese Reihenfolgen in der Tabelle der exakten "
            "Antwort."
        ),
    ),
    "ex1.one_order": (
        (
            "That is one order only. The {first} donkey also wins when the other two finish the other way round: add "
            "that order's probability."
        ),
        (
            "Das ist nur eine Reihenfolge. Der {first}e Esel gewinnt auch, wenn die anderen beiden umgekehrt ins Ziel "
            "kommen: Addiere die Wahrscheinlichkeit dieser Reihenfolge."
        ),
    ),
    "ex1.solution": (
        (
            "The {first} donkey wins in two orders, which never happen together, so their probabilities add: {one} + "
            "{two} = {p}. Your own order alone has only {mine}: random moves will rarely bring it."
        ),
        (
            "Der {first}e Esel gewinnt in zwei Reihenfolgen, die nie zusammen eintreten, also addieren sich ihre "
            "Wahrscheinlichkeiten: {one} + {two} = {p}. Deine eigene Reihenfolge allein hat nur {mine}: Zufällige Züge "
            "bringen sie selten."
        ),
    ),
    "ex2.hint": (
        (
            "Every move sets off either no hop or at least one. The row “0 hops” in the chain table (going further) "
            "gives the first; all moves together are 100 %."
        ),
        (
            "Jeder Zug löst entweder keinen Sprung oder mindestens einen aus. Die Zeile „0 Sprünge“ in der "
            "Kettentabelle (weiter gedacht) gibt das Erste; alle Züge zusammen sind 100 %."
        ),
    ),
    "ex2.solution": (
        (
            "100 % − {none} = {p} of all moves (the complement of “no hop”). Why the other {none} set off no hop "
            "(shares of all moves): {why}."
        ),
        (
            "100 % − {none} = {p} aller Züge (das Gegenereignis von „kein Sprung“). Warum die übrigen {none} keinen "
            "Sprung auslösen (Anteile an allen Zügen): {why}."
        ),
    ),
    "ex3.solution": (
        "Fewest: {low}, about {low_points} points. Most: {high}, about {high_points} points.",
        "Am wenigsten: {low}, etwa {low_points} Punkte. Am meisten: {high}, etwa {high_points} Punkte.",
    ),
    "win.q": (
        (
            "A tree with two steps, on paper. On our mini board the 6 order cards are shuffled and each of the 3 "
            "players gets 2. Then Player 1 makes the first move at random (each of the 6 first moves equally likely). "
            "What is the probability that Player 1 wins with this very first move? (When you counted on the mini board,"
            " you found which first move ends the race, and in which order.)"
        ),
        (
            "Ein Baum mit zwei Stufen, auf Papier. Auf unserem Mini-Brett werden die 6 Zielkarten gemischt, und jeder "
            "der 3 Spieler bekommt 2. Dann macht Spieler 1 den ersten Zug zufällig (jeder der 6 ersten Züge gleich "
            "wahrscheinlich). Wie groß ist die Wahrscheinlichkeit, dass Spieler 1 mit genau diesem ersten Zug gewinnt? "
            "(Beim Zählen auf dem Mini-Brett hast du gefunden, welcher erste Zug das Rennen beendet und in welcher "
            "Reihenfolge.)"
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
    "app.title": (
        "Arrow chains",
        "Pfeilketten",
    ),
    "app.blurb": (
        "Esels-Rennen: is the race fair? Which order card would you most like to hold?",
        "Esels-Rennen: Ist das Rennen fair? Welche Zielkarte hättest du am liebsten?",
    ),
    "hand.heading": (
        "Count it yourself on our mini board, a small practice board we made up",
        "Zähle selbst auf unserem Mini-Brett, einem kleinen Übungsbrett, das wir uns ausgedacht haben",
    ),
    "hand.intro": (
        (
            "Player 1 has 6 first moves: each of the 3 donkeys one field diagonally forward, left or right (3 × 2 = 6)."
            " A <b>hop</b> is one donkey moved by an arrow. A chain stops on an arrow of the moving donkey's own "
            "colour, or when a donkey cannot move: the field it would move to is taken, or the arrow points off the "
            "board (the rulebook names only the taken field; we end the chain off the board too). {check}"
        ),
        (
            "Spieler 1 hat 6 erste Züge: jeder der 3 Esel ein Feld schräg nach vorn links oder rechts (3 × 2 = 6). Ein "
            "<b>Sprung</b> ist ein Esel, den ein Pfeil bewegt. Eine Kette endet auf einem Pfeil in der Farbe des "
            "ziehenden Esels oder wenn ein Esel nicht ziehen kann: Sein nächstes Feld ist besetzt, oder der "
            "Pfeil zeigt vom Brett hinunter (die Spielregel nennt nur das besetzte Feld; wir beenden die Kette "
            "auch am Brettrand). {check}"
        ),
    ),
    # how a pupil checks a move: on the screen's board, or on the worksheet's drawing of it
    "hand.screen": (
        "To check a move, click it and step through its hops; Back undoes them.",
        "Zum Prüfen klickst du einen Zug an und gehst mit Schritt durch seine Sprünge; Zurück macht sie rückgängig.",
    ),
    "hand.paper": (
        "To check a move, follow its arrows on the drawing with your finger or a pencil.",
        "Zum Prüfen folgst du den Pfeilen auf der Zeichnung mit dem Finger oder einem Stift.",
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
    "hand.q": (
        (
            "How many of the 6 first moves set off at least one hop? (Your count ÷ 6 is the probability that a random "
            "first move does.)"
        ),
        (
            "Wie viele der 6 ersten Züge lösen mindestens einen Sprung aus? (Deine Zahl : 6 ist die Wahrscheinlichkeit,"
            " dass ein zufälliger erster Zug das tut.)"
        ),
    ),
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
    "choice.same": (
        "all equally likely",
        "alle gleich wahrscheinlich",
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
    "tree.heading": (
        "Start the tree: the first move",
        "Beginne den Baum: der erste Zug",
    ),
    "tree.intro": (
        (
            "When Player 1 moves at random, each of the 6 first moves has probability 1/6: a tree whose first step has "
            "6 branches. The exact answer you revealed continues this counting move after move (as equations, since a "
            "race can come back to a position it had)."
        ),
        (
            "Zieht Spieler 1 zufällig, hat jeder der 6 ersten Züge die Wahrscheinlichkeit 1/6: ein Baum, dessen erste "
            "Stufe 6 Äste hat. Die exakte Antwort, die du aufgedeckt hast, führt dieses Abzählen Zug für Zug weiter "
            "(als Gleichungen, denn ein Rennen kann zu einer Stellung zurückkehren, die es schon hatte)."
        ),
    ),
    "tree.q": (
        "Player 1 makes a random first move. What is the probability that the race is already over after it?",
        (
            "Spieler 1 macht einen zufälligen ersten Zug. Wie groß ist die Wahrscheinlichkeit, dass das Rennen danach "
            "schon vorbei ist?"
        ),
    ),
    "tree.hint": (
        "Which of the 6 moves you checked ends the race? Each branch has probability 1/6.",
        "Welcher der 6 Züge, die du geprüft hast, beendet das Rennen? Jeder Ast hat die Wahrscheinlichkeit 1/6.",
    ),
    "tree.solution": (
        (
            "{p}: only green to c1 ends the race, in the order {order}. So on the mini board the card {order} wins at "
            "least {p} of random races from this one branch alone, as much as a fair race gives each order. The "
            "computer goes on from the other 5 branches, move after move, to the end of every race: along each path the"
            " probabilities multiply, and the paths that end in the same order add up. For {order} it finds {exact} on "
            "the mini board, the best card there. The exact answer's table is the same count on the standard board."
        ),
        (
            "{p}: Nur Grün auf c1 beendet das Rennen, in der Reihenfolge {order}. Auf dem Mini-Brett gewinnt die Karte "
            "{order} also schon durch diesen einen Ast mindestens {p} der Zufallsrennen, so viel, wie ein faires Rennen"
            " jeder Reihenfolge gibt. Der Computer macht an den anderen 5 Ästen weiter, Zug für Zug, bis jedes Rennen "
            "vorbei ist: Entlang jedes Pfads werden die Wahrscheinlichkeiten multipliziert, und die Pfade, die in "
            "derselben Reihenfolge enden, werden addiert. Für {order} kommen auf dem Mini-Brett {exact} heraus, die "
            "beste Karte dort. Die Tabelle der exakten Antwort ist dieselbe Rechnung auf dem Standardbrett."
        ),
    ),
    "tree.chains": (
        (
            "1/2 is the probability of a chain (3 of the 6 moves). The race ends only when two donkeys reach the "
            "finish: which of the 3 chains does that?"
        ),
        (
            "1/2 ist die Wahrscheinlichkeit einer Kette (3 der 6 Züge). Das Rennen endet erst, wenn zwei Esel im Ziel "
            "sind: Welche der 3 Ketten schafft das?"
        ),
    ),
    "tree.count": (
        (
            "1 is how many moves end the race. As a probability, 1 would mean always: divide by the 6 equally likely "
            "moves."
        ),
        (
            "1 ist die Anzahl der Züge, die das Rennen beenden. Als Wahrscheinlichkeit hieße 1 „immer“: Teile durch die"
            " 6 gleich wahrscheinlichen Züge."
        ),
    ),
}
