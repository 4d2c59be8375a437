"""The words of Lesson 4 (arrow chains), English and German: one table, registered in the core catalogue by the
lesson module (``words("lesson/arrow_chains/", TEXTS)``). Kept apart so the lesson module holds only its logic; a
translator edits this file alone, and a test checks both languages have the same placeholders."""

TEXTS: dict[str, tuple[str, str]] = {
    "prompt": (
        "Everyone moves at random on the standard board. Which order card would you most like to hold?",
        "Alle ziehen zufällig auf dem Standardbrett. Welche Zielkarte hättest du am liebsten?",
    ),
    "step_intros.default": (
        (
            "Player 3 (you) moves next. Click the yellow donkey, then field d4. Then press Step again and again: "
            "each step shows one hop of the chain, and the card on the right says which rule moved the donkey "
            "and quotes the rulebook. Names like ER-CHAIN-1 are our labels for the rulebook's rules (ER stands "
            "for Esels-Rennen)."
        ),
        (
            "Spieler 3 (du) ist dran. Klicke den gelben Esel und dann das Feld d4. Drücke dann immer wieder "
            "Schritt: Jeder Schritt zeigt einen Sprung der Kette, und die Karte rechts sagt, welche Regel den "
            "Esel bewegt hat, und zitiert die Spielregel. Namen wie ER-CHAIN-1 sind unsere Kürzel für die Regeln "
            "der Spielregel (ER steht für Esels-Rennen)."
        ),
    ),
    "step_intros.tiny_chain": (
        (
            "This is our mini board, a second, small board. Player 1 (you) moves first. Click the green donkey, "
            "then field c1. Then press Step again and again and watch one move run the whole race. Names like "
            "ER-CHAIN-1 on the card on the right are our labels for the rulebook's rules (ER stands for "
            "Esels-Rennen)."
        ),
        (
            "Das ist unser Mini-Brett, ein zweites, kleines Brett. Spieler 1 (du) fängt an. Klicke den grünen "
            "Esel und dann das Feld c1. Drücke dann immer wieder Schritt und sieh zu, wie ein einziger Zug das "
            "ganze Rennen entscheidet. Namen wie ER-CHAIN-1 auf der Karte rechts sind unsere Kürzel für die "
            "Regeln der Spielregel (ER steht für Esels-Rennen)."
        ),
    ),
    "still_words.er_chain_2_own": (
        "it lands on an arrow of its own colour",
        "er landet auf einem Pfeil seiner eigenen Farbe",
    ),
    "still_words.er_chain_2_off_board": (
        "the arrow would push a donkey off the board",
        "der Pfeil würde einen Esel vom Brett schieben",
    ),
    "still_words.er_chain_3": (
        "the arrow belongs to a donkey that has already finished",
        "der Pfeil gehört einem Esel, der schon im Ziel ist",
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
            "With the optional points (ER-SCORE-1), which order card earns the fewest points on average on the "
            "standard board, and which the most?"
        ),
        (
            "Mit den Punkten (ER-SCORE-1): Welche Zielkarte bringt auf dem Standardbrett im Mittel die wenigsten "
            "Punkte, welche die meisten?"
        ),
    ),
    "exercises.items2": (
        "On the standard board, what share of all moves sets off no chain hop at all?",
        "Welcher Anteil aller Züge löst auf dem Standardbrett gar keinen Kettensprung aus?",
    ),
    "ex2.with_hops": (
        "That is the share of moves that do set off a chain hop. The question asks for the moves without one.",
        "Das ist der Anteil der Züge, die einen Kettensprung auslösen. Gefragt sind die Züge ohne.",
    ),
    "board.default": (
        "standard board",
        "Standardbrett",
    ),
    "board.tiny_chain": (
        "mini board",
        "Mini-Brett",
    ),
    "title": (
        "Lesson 4 — Arrow chains (Esels-Rennen)",
        "Lektion 4 — Pfeilketten (Esels-Rennen)",
    ),
    "question": (
        (
            "In Esels-Rennen you move one donkey. The arrow where it lands moves another donkey, whose arrow "
            "moves the next, and so on: a chain. At the end each player scores with an order card, such as "
            "red–green–yellow (first to last). <b>If everyone moves at random, which order card would you most "
            "like to hold?</b> In a fair race every one of the 6 orders would have the same chance, 1/6 ≈ 16.7 "
            "%."
        ),
        (
            "Bei Esels-Rennen ziehst du einen Esel. Der Pfeil, auf dem er landet, zieht einen anderen Esel, "
            "dessen Pfeil den nächsten, und so weiter: eine Kette. Am Ende zählt für jeden Spieler eine "
            "Zielkarte, etwa rot–grün–gelb (Erster bis Letzter). <b>Wenn alle zufällig ziehen: Welche Zielkarte "
            "hättest du am liebsten?</b> In einem fairen Rennen hätte jede der 6 Reihenfolgen dieselbe "
            "Wahrscheinlichkeit, 1/6 ≈ 16,7 %."
        ),
    ),
    "answer": (
        "{card}: {p} of random races end in this order (a fair race would give each order 1/6 ≈ 16.7 %).",
        (
            "{card}: {p} der Zufallsrennen enden in dieser Reihenfolge (ein faires Rennen gäbe jeder Reihenfolge "
            "1/6 ≈ 16,7 %)."
        ),
    ),
    "headline": (
        (
            "If everyone moves at random, the race on the standard board ends in these orders. In a fair race "
            "each order would have 1/6 ≈ 16.7 %."
        ),
        (
            "Wenn alle zufällig ziehen, endet das Rennen auf dem Standardbrett in diesen Reihenfolgen. In einem "
            "fairen Rennen hätte jede Reihenfolge 1/6 ≈ 16,7 %."
        ),
    ),
    "headline.after": (
        (
            "So the best card is <b>{best}</b>, the worst <b>{worst}</b>. The race is not fair. How do we know "
            "exactly? The computer lists every position a race can reach ({positions} on this board) and the "
            "probability of each next move, and works out the probability of every finish."
        ),
        (
            "Die beste Karte ist also <b>{best}</b>, die schlechteste <b>{worst}</b>. Das Rennen ist nicht fair. "
            "Woher wissen wir das genau? Der Computer listet jede Stellung auf, die ein Rennen erreichen kann "
            "({positions} auf diesem Brett), und die Wahrscheinlichkeit jedes nächsten Zugs, und rechnet daraus "
            "die Wahrscheinlichkeit jedes Zieleinlaufs aus."
        ),
    ),
    "live_intro": (
        (
            "A <b>simulation</b>: the game program itself plays random races, move by move, and counts how often "
            "they end in the order {best}. It is a second, separate way to the answer: it shares only the rules "
            "of a single move with the calculation. So when the two agree, that checks both. The blue line is "
            "the share after N races, the black line the exact value. The shaded band is the <b>95 % range</b>: "
            "at each N it comes from a method that catches the exact value in about 95 of 100 simulations like "
            "this one. Press Start."
        ),
        (
            "Eine <b>Simulation</b>: Das Spielprogramm spielt selbst Zufallsrennen, Zug für Zug, und zählt, wie "
            "oft sie in der Reihenfolge {best} enden. Das ist ein zweiter, eigener Weg zur Antwort: Mit der "
            "Rechnung teilt er nur die Regeln für einen einzelnen Zug. Wenn beide übereinstimmen, prüft das also "
            "beides. Die blaue Linie ist der Anteil nach N Rennen, die schwarze Linie der exakte Wert. Das Band "
            "ist der <b>95-%-Bereich</b>: Bei jedem N kommt es aus einem Verfahren, das den exakten Wert in etwa "
            "95 von 100 solchen Simulationen einfängt. Drück Start."
        ),
    ),
    "notice": (
        (
            "<ul><li>The race is not fair: the board's arrows favour some donkeys, so some order cards are worth "
            "much more than others.</li><li>Another board changes which ones: on our mini board the best card is "
            "a different one.</li><li>Most moves set off no chain at all, but now and then one move makes many "
            "hops.</li></ul>"
        ),
        (
            "<ul><li>Das Rennen ist nicht fair: Die Pfeile des Bretts bevorzugen manche Esel, also sind manche "
            "Zielkarten viel mehr wert als andere.</li><li>Ein anderes Brett ändert, welche: Auf unserem "
            "Mini-Brett ist eine andere Karte die beste.</li><li>Die meisten Züge lösen gar keine Kette aus, "
            "aber ab und zu macht ein Zug viele Sprünge.</li></ul>"
        ),
    ),
    "reconstruction": (
        (
            "<p class='dl-note'><i>Computed on our reconstructed board (rule ER-BOARD-1): the rulebook does not "
            "print the board, so this one is built from its description. It is not the printed board.</i></p>"
        ),
        (
            "<p class='dl-note'><i>Berechnet auf unserem nachgebauten Spielbrett (Regel ER-BOARD-1): Die "
            "Spielregel druckt das Brett nicht ab, also ist es nach ihrer Beschreibung gebaut. Es ist nicht das "
            "gedruckte Brett.</i></p>"
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
            "The probability of each finishing order and the points its card earns on average (ER-SCORE-1), "
            "under random play"
        ),
        (
            "Die Wahrscheinlichkeit jeder Zielreihenfolge und die Punkte, die ihre Karte im Mittel bringt "
            "(ER-SCORE-1), bei zufälligem Ziehen"
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
        "Wie lang dauert ein Rennen? (zufälliges Ziehen)",
    ),
    "further.intro": (
        (
            "More about the race: both boards, the points of every card, chain lengths, and simulated races on "
            "both boards (a fast simulation that samples the same list of positions as the calculation, so it "
            "checks only the solving)."
        ),
        (
            "Mehr zum Rennen: beide Bretter, die Punkte jeder Karte, Kettenlängen und simulierte Rennen auf "
            "beiden Brettern (eine schnelle Simulation, die dieselbe Liste von Stellungen benutzt wie die "
            "Rechnung; sie prüft also nur das Ausrechnen)."
        ),
    ),
    "ex1.q": (
        (
            "Why it matters: you were dealt {card}, the least likely order on the standard board. If everyone "
            "moves at random, what is the probability that the race ends in your order?"
        ),
        (
            "Warum es zählt: Du hast {card} bekommen, die seltenste Reihenfolge auf dem Standardbrett. Wenn alle "
            "zufällig ziehen: Wie groß ist die Wahrscheinlichkeit, dass das Rennen in deiner Reihenfolge endet?"
        ),
    ),
    "ex1.hint": (
        "Read it in the exact answer's table.",
        "Lies es in der Tabelle der exakten Antwort ab.",
    ),
    "ex1.fair": (
        (
            "1/6 would be right in a fair race. This board is not fair: read your order's probability in the "
            "exact answer's table."
        ),
        (
            "1/6 stimmt bei einem fairen Rennen. Dieses Brett ist nicht fair: Lies die Wahrscheinlichkeit deiner "
            "Reihenfolge in der Tabelle der exakten Antwort ab."
        ),
    ),
    "ex1.solution": (
        "{p}. Random moves will rarely bring your order: you must steer the donkeys yourself.",
        "{p}. Zufällige Züge bringen deine Reihenfolge selten: Du musst die Esel selbst lenken.",
    ),
    "ex2.hint": (
        "Look at the row “0 hops” in the chain table (going further).",
        "Schau auf die Zeile „0 Sprünge“ in der Kettentabelle (weiter gedacht).",
    ),
    "ex2.solution": (
        "About {p} of all moves. Why no donkey hops (shares of all moves): {why} (ER-CHAIN-2, ER-CHAIN-3, ER-END-1).",
        (
            "Etwa {p} aller Züge. Warum kein Esel springt (Anteile an allen Zügen): {why} (ER-CHAIN-2, "
            "ER-CHAIN-3, ER-END-1)."
        ),
    ),
    "ex3.solution": (
        "Fewest: {low}, about {low_points} points. Most: {high}, about {high_points} points.",
        "Am wenigsten: {low}, etwa {low_points} Punkte. Am meisten: {high}, etwa {high_points} Punkte.",
    ),
    "ex4.q": (
        (
            "On our mini board, one first move (the green donkey to c1) ends the race at once. A random first "
            "player picks one of 6 first moves. What is the probability that the race ends on the first move?"
        ),
        (
            "Auf unserem Mini-Brett beendet ein erster Zug (der grüne Esel auf c1) sofort das Rennen. Ein "
            "zufällig ziehender erster Spieler wählt einen von 6 ersten Zügen. Wie groß ist die "
            "Wahrscheinlichkeit, dass das Rennen mit dem ersten Zug endet?"
        ),
    ),
    "ex4.hint": (
        "One good move out of 6 equally likely ones.",
        "Ein passender Zug von 6 gleich wahrscheinlichen.",
    ),
    "ex4.solution": (
        "1/6 ≈ 16.7 %. The race then ends green–yellow–red, which is one reason why {best} is the best card there.",
        "1/6 ≈ 16,7 %. Das Rennen endet dann grün–gelb–rot; das ist ein Grund, warum dort {best} die beste Karte ist.",
    ),
    "app.title": (
        "Arrow chains",
        "Pfeilketten",
    ),
    "app.blurb": (
        "Esels-Rennen: is the race fair? Which order card would you most like to hold?",
        "Esels-Rennen: Ist das Rennen fair? Welche Zielkarte hättest du am liebsten?",
    ),
}
