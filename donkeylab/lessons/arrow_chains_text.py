"""The words of Lesson 4 (arrow chains), English and German: one table, registered in the core catalogue by the
lesson module (``words("lesson/arrow_chains/", TEXTS)``). Kept apart so the lesson module holds only its logic; a
translator edits this file alone, and a test checks both languages have the same placeholders."""

from donkeylab.lessons.arrow_chains_count_text import COUNT_TEXTS

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
            "Player 3 (you) moves next. Click the yellow donkey, then field d4, then press Step for each hop. The card "
            "on the right names each step's rule; names like ER-CHAIN-1 are our labels for the rulebook's rules."
        ),
        (
            "Spieler 3 (du) ist dran. Klick auf den gelben Esel und dann auf das Feld d4, und drück für jeden Sprung "
            "auf Schritt. Die Karte rechts nennt die Regel jedes Schritts; Namen wie ER-CHAIN-1 sind unsere Kürzel für "
            "die Regeln aus der Spielanleitung."
        ),
    ),
    "step_intros.tiny_chain": (
        (
            "Player 1 (you) moves first, on our mini board (made for this lesson): exercise 2 counts its first moves. "
            "The card on the right names each step's rule; names like ER-CHAIN-1 are our labels for the rulebook's "
            "rules."
        ),
        (
            "Spieler 1 (du) fängt an, auf unserem Mini-Brett (für diese Lektion gebaut): Übung 2 zählt seine ersten "
            "Züge. Die Karte rechts nennt die Regel jedes Schritts; Namen wie ER-CHAIN-1 sind unsere Kürzel für die "
            "Regeln aus der Spielanleitung."
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
            "On the page, the chain table under “Going further” says what share of all moves sets off 0 hops, 1 hop, 2 "
            "hops, … in random races on the standard board. What share of all moves sets off at least one chain hop?"
        ),
        (
            "Auf der Seite sagt die Kettentabelle unter „Weiter gedacht“, welcher Anteil aller Züge in Zufallsrennen "
            "auf dem Standardbrett 0, 1, 2, … Sprünge auslöst. Welcher Anteil aller Züge löst mindestens einen "
            "Kettensprung aus?"
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
    "headline.after": (
        "Our reconstructed standard board is not fair: best card <b>{best}</b>, worst <b>{worst}</b>.",
        "Unser nachgebautes Standardbrett ist nicht fair: beste Karte <b>{best}</b>, schlechteste <b>{worst}</b>.",
    ),
    "live_intro": (
        (
            "A <b>simulation</b>: the computer plays random races by the rules and counts how often each order comes "
            "up. Each bar is an order's relative frequency. {whisker} Which order comes up most often?"
        ),
        (
            "Eine <b>Simulation</b>: Der Computer spielt Zufallsrennen nach den Regeln und zählt, wie oft jede "
            "Reihenfolge vorkommt. Jeder Balken ist die relative Häufigkeit einer Reihenfolge. {whisker} Welche "
            "Reihenfolge kommt am häufigsten vor?"
        ),
    ),
    "live_after": (
        "The black diamonds are the exact values.",
        "Die schwarzen Rauten sind die exakten Werte.",
    ),
    # what to notice: why the race is unfair, traced to one arrow (``arrow_chains_why``); then the chains' lengths
    "notice": (
        (
            "<p>Red finishes first in about {red} of random races, more than a fair third. Without arrows the board is "
            "the same in a mirror, so red and yellow would have equal chances: the arrows make the difference. Take "
            "the red arrow on g1: another donkey landing there makes red hop forward (if it can), as in both chains "
            "counted above. Were that one arrow green, red would finish first in only about {as_green}.</p>"
        ),
        (
            "<p>Rot kommt in etwa {red} der Zufallsrennen als Erster ins Ziel, mehr als ein faires Drittel. Ohne "
            "Pfeile sähe das Brett im Spiegel genauso aus, also hätten Rot und Gelb gleiche Chancen: Die Pfeile machen "
            "den Unterschied. Nimm den roten Pfeil auf g1: Landet ein anderer Esel dort, springt Rot nach vorn (wenn "
            "er kann), wie in beiden Ketten oben. Wäre dieser eine Pfeil grün, käme Rot nur in etwa {as_green} der "
            "Rennen als Erster an.</p>"
        ),
    ),
    "reconstruction": (
        (
            "<p class='dl-note'><i>Our reconstructed board: the rulebook does not print one, so we "
            "built it from its description.</i></p>"
        ),
        (
            "<p class='dl-note'><i>Unser nachgebautes Spielbrett: Die Spielregel druckt ihr Brett "
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
        ("The probability of each finishing order and the points its card earns on average, under random play"),
        (
            "Die Wahrscheinlichkeit jeder Zielreihenfolge und die Punkte, die ihre Karte im Mittel bringt,"
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
            "Every move sets off either no hop or at least one. The row “0 hops” in the chain table gives the first; "
            "all moves together are 100 %."
        ),
        (
            "Jeder Zug löst entweder keinen Sprung oder mindestens einen aus. Die Zeile „0 Sprünge“ in der "
            "Kettentabelle gibt das Erste; alle Züge zusammen sind 100 %."
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
    "app.title": (
        "Arrow chains",
        "Pfeilketten",
    ),
    "app.blurb": (
        "Esels-Rennen: is the race fair? Which order card would you most like to hold?",
        "Esels-Rennen: Ist das Rennen fair? Welche Zielkarte hättest du am liebsten?",
    ),
    "choice.same": (
        "all equally likely",
        "alle gleich wahrscheinlich",
    ),
    "further.check": (
        (
            "Check exercise 2 on the screen: our mini board before Player 1's first move. Click a move and step "
            "through its hops; Back undoes them."
        ),
        (
            "Prüfe Übung 2 am Bildschirm: unser Mini-Brett vor dem ersten Zug von Spieler 1. Klick einen Zug an und "
            "geh mit Schritt durch seine Sprünge; Zurück macht sie rückgängig."
        ),
    ),
    **COUNT_TEXTS,
}
