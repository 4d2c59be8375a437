"""The words of Lesson 2 (Angry Donkey flips), English and German: one table, registered in the core catalogue by the
lesson module (``words("lesson/angry_flips/", TEXTS)``). Kept apart so the lesson module holds only its logic; a
translator edits this file alone, and a test checks both languages have the same placeholders."""

TEXTS: dict[str, tuple[str, str]] = {
    "step_intro": (
        (
            "Player 1 revealed the orange Angry Donkey, Player 3 the green one. Step shows the reveal (step 15) "
            "event by event: flips, values, the Biggest Donkey. After its last event, Step starts round 2. Names "
            "like DD-ANGRY-1 are our labels for the rulebook's rules."
        ),
        (
            "Spieler 1 hat den orangefarbenen Wütenden Esel aufgedeckt, Spieler 3 den grünen. Schritt zeigt das "
            "Aufdecken (Schritt 15) Ereignis für Ereignis: das Umdrehen, die Werte der Karten, den Oberesel. Nach "
            "dem letzten Ereignis der Runde beginnt mit Schritt Runde 2. Namen wie DD-ANGRY-1 sind unsere Kürzel "
            "für die Regeln aus der Spielanleitung."
        ),
    ),
    "restart": (
        "Back to the reveal",
        "Zurück zum Aufdecken",
    ),
    "sim.heading": ("Your simulation", "Deine Simulation"),
    "sim.intro": (
        (
            "Write down what your simulation showed when you stopped it: the blue line's share in each plot, and "
            "after how many games N."
        ),
        (
            "Schreib auf, was deine Simulation zeigte, als du sie angehalten hast: den Anteil der blauen Linie in "
            "jedem Diagramm und nach wie vielen Spielen N."
        ),
    ),
    "sim.before": ("Without a flip (first plot): worth 7", "Ohne Umdrehen (erstes Diagramm): 7 wert"),
    "sim.after": (
        "After the orange flip (second plot): worth 7",
        "Nach dem Umdrehen des orangefarbenen Würfels (zweites Diagramm): 7 wert",
    ),
    "sim.key": (
        (
            "The shares wander at first and come close to the exact {before} (without a flip) and {after} (after "
            "the orange flip) as N grows; the shaded band shows how far a run of N games can still be off."
        ),
        (
            "Die Anteile schwanken zuerst und kommen mit wachsendem N nahe an die exakten {before} (ohne Umdrehen) "
            "und {after} (nach dem Umdrehen); das Band zeigt, wie weit ein Lauf mit N Spielen noch daneben liegen "
            "kann."
        ),
    ),
    "exact.intro": (
        "Over many games ({model}), the light blue/orange card is worth exactly 7:",
        "Über viele Spiele ({model}) ist die Karte hellblau/orange genau 7 wert:",
    ),
    # the model the exact numbers assume (exact.py's "random" policy): said wherever they are stated
    "exact.model.choose": (
        (
            "English rules: every player places a random allowed die, and a coin toss decides: keep or re-roll the "
            "last die"
        ),
        (
            "englische Regeln: Jeder legt einen zufälligen erlaubten Würfel, und ob der letzte Würfel behalten "
            "oder neu geworfen wird, entscheidet ein Münzwurf"
        ),
    ),
    "exact.model.roll": (
        "German rules: every player places a random allowed die, and the last die is always rolled",
        "deutsche Regeln: Jeder legt einen zufälligen erlaubten Würfel, und der letzte Würfel wird immer geworfen",
    ),
    "exact.before": (
        "without a flip",
        "ohne Umdrehen",
    ),
    "exact.after": (
        "after the orange flip",
        "nach dem Umdrehen des orangefarbenen Würfels",
    ),
    "live_intro": (
        (
            "A <b>simulation</b> plays phase 1 many times and counts the 7s of light blue/orange, without a flip "
            "(first plot) and after the orange flip (second plot), in the same games: one Start runs both. The blue "
            "line is the relative frequency after N games. {band}"
        ),
        (
            "Eine <b>Simulation</b> spielt immer wieder Phase 1 und zählt die 7en von hellblau/orange, ohne Umdrehen "
            "(erstes Diagramm) und nach dem Umdrehen des orangefarbenen Würfels (zweites Diagramm), in denselben "
            "Spielen: Ein Start lässt beide laufen. Die blaue Linie ist die relative Häufigkeit nach N Spielen. {band}"
        ),
    ),
    "hands_title": (
        "Everybody's cards (open it after the flips: it shows every card's value after the flips)",
        "Alle Karten (öffne das nach dem Umdrehen: Es zeigt den Wert jeder Karte nach dem Umdrehen)",
    ),
    "exercises": (
        "The green die shows 1 and the green Angry Donkey is revealed. What is the green Angry Donkey worth?",
        "Der grüne Würfel zeigt 1, und der grüne Wütende Esel wird aufgedeckt. Was ist der grüne Wütende Esel wert?",
    ),
    "ex1.unflipped": (
        "1 is the die before the flip. The Angry Donkey turns its own die over first: 7 − 1.",
        "1 zeigt der Würfel vor dem Umdrehen. Der Wütende Esel dreht zuerst seinen eigenen Würfel um: 7 − 1.",
    ),
    "ex1.six": (
        (
            "6 − 1 = 5 would be right if opposite faces added up to 6. They add up to 7 (1 and 6, 2 and 5, 3 and 4): "
            "7 − 1."
        ),
        (
            "6 − 1 = 5 stimmt, wenn gegenüberliegende Seiten zusammen 6 ergäben. Sie ergeben 7 (1 und 6, 2 und 5, "
            "3 und 4): 7 − 1."
        ),
    ),
    "ex1.probability": (
        (
            "1/6 is a probability. The question asks what the card is worth: the pips of its die after the flip, "
            "a whole number."
        ),
        (
            "1/6 ist eine Wahrscheinlichkeit. Gefragt ist, was die Karte wert ist: die Augen ihres Würfels nach dem "
            "Umdrehen, eine ganze Zahl."
        ),
    ),
    "exercises3": (
        "Both dice of a Double Donkey are flipped. Before, it was worth 5. What is it worth now?",
        "Beide Würfel eines Doppelesels werden umgedreht. Vorher war er 5 wert. Was ist er jetzt wert?",
    ),
    "exercises4": (
        "14 − 5 = 9: each die becomes 7 minus its pips, so the sum becomes 14 minus the old sum.",
        "14 − 5 = 9: Jeder Würfel wird zu 7 minus seine Augenzahl, also wird die Summe zu 14 minus die alte.",
    ),
    "live_intro_all": (
        (
            "The whole picture: the value of the light blue/orange Double Donkey without a flip and after the "
            "orange flip; its average stays 7. The black marks (diamonds and squares) are exact; the bars fill in "
            "as the games are "
            "simulated. Under this model of the players' choices the cards play no part."
        ),
        (
            "Das ganze Bild: der Wert des Doppelesels hellblau/orange ohne Umdrehen und nach dem Umdrehen des "
            "orangefarbenen Würfels; sein Mittelwert bleibt 7. Die schwarzen Zeichen (Rauten und Quadrate) sind exakt; "
            "die Balken wachsen, während "
            "die Spiele "
            "simuliert werden. Bei diesem Modell der Entscheidungen der Spieler spielen die Karten keine Rolle."
        ),
    ),
    "title": (
        "Lesson 2 — Double Donkey: Angry Donkeys flip dice",
        "Lektion 2 — Double Donkey: Wütende Esel drehen Würfel um",
    ),
    "question": (
        (
            "Every revealed Angry Donkey turns the die of its colour over and is then worth that die. Opposite "
            "faces add up to 7, so a 5 becomes a 2."
        ),
        (
            "Jeder aufgedeckte Wütende Esel dreht den Würfel seiner Farbe um und ist dann so viel wert wie dieser "
            "Würfel. Gegenüberliegende Seiten ergeben zusammen 7, also wird aus einer 5 eine 2."
        ),
    ),
    "prompt": (
        (
            "Over many games, is the light blue/orange card worth exactly 7 more often, less often or just as often "
            "after the orange flip than without it (players place random allowed dice)?"
        ),
        (
            "Ist der Doppelesel hellblau/orange über viele Spiele gesehen nach dem Umdrehen des orangefarbenen "
            "Würfels öfter, seltener oder genauso oft genau 7 wert wie ohne Umdrehen (alle legen zufällige erlaubte "
            "Würfel)?"
        ),
    ),
    "more": (
        "more often",
        "öfter",
    ),
    "less": (
        "less often",
        "seltener",
    ),
    "same": (
        "just as often",
        "genauso oft",
    ),
    "answer": (
        "Less often: about {before} of games before the flip, about {after} after it.",
        "Seltener: vorher in etwa {before} der Spiele, nach dem Umdrehen in etwa {after}.",
    ),
    "exact.why": (
        (
            "After the flip the card is worth light blue + (7 − orange). That is 7 exactly when both dice showed "
            "the <b>same</b> number, a pair (3 and 3 become 3 + 4). So the question is: how often do the two dice "
            "show a pair? Count it below, first with free dice, then on the Hay card."
        ),
        (
            "Nach dem Umdrehen ist die Karte Hellblau + (7 − Orange) wert. Das ist genau dann 7, wenn beide Würfel "
            "<b>dieselbe</b> Zahl zeigten, einen Pasch (aus 3 und 3 wird 3 + 4). Die Frage ist also: Wie oft zeigen "
            "die beiden Würfel einen Pasch? Zähle es unten nach, erst mit freien Würfeln, dann auf der "
            "Misthaufen-Karte."
        ),
    ),
    "notice": (
        (
            "<ul><li>The computer does your tree's count for every way phase 1 can go: light blue and orange show a "
            "pair in {after} of games, so after the flip the card is worth 7 in {after} of games, less than 1/6. "
            "Without a flip it is {before}, more than 1/6 (going further shows why).</li><li>Your own Angry Donkey can "
            "hurt you: above, Player 3's green one made Player 3 the Biggest Donkey.</li></ul>"
        ),
        (
            "<ul><li>Der Computer zählt wie dein Baumdiagramm, aber für jeden Verlauf von Phase 1: Hellblau und "
            "Orange zeigen in {after} der Spiele einen Pasch, also ist die Karte nach dem Umdrehen in {after} der "
            "Spiele 7 wert, seltener als 1/6. Ohne Umdrehen sind es {before}, öfter als 1/6 (Weiter gedacht zeigt, "
            "warum).</li><li>Dein eigener Wütender Esel kann dir schaden: Oben machte der grüne Wütende Esel von "
            "Spieler 3 ihn selbst zum Oberesel.</li></ul>"
        ),
    ),
    "ex1.hint": (
        "Opposite faces add up to 7, and an Angry Donkey is worth its own die after the flip.",
        "Gegenüberliegende Seiten ergeben zusammen 7, und ein Wütender Esel ist so viel wert wie sein eigener Würfel "
        "nach dem Umdrehen.",
    ),
    "ex1.solution": (
        (
            "The die turns over to 7 − 1 = 6, and the green Angry Donkey is worth its flipped die: 6. Revealing "
            "the Angry Donkey of a low die is risky."
        ),
        (
            "Der Würfel wird zu 7 − 1 = 6 umgedreht, und der grüne Wütende Esel ist seinen umgedrehten Würfel "
            "wert: 6. Den Wütenden Esel eines niedrigen Würfels aufzudecken ist riskant."
        ),
    ),
    "ex2.unchanged": (
        "5 is the value before the flips. Both dice turn over, so the card's value changes.",
        "5 ist der Wert vor dem Umdrehen. Beide Würfel werden umgedreht, also ändert sich der Wert der Karte.",
    ),
    "ex2.one_die": (
        (
            "7 − 5 turns the card over as if it were one die. It has two dice, and each becomes 7 minus its "
            "pips: together 14 minus the old sum."
        ),
        (
            "7 − 5 dreht die Karte um, als wäre sie ein Würfel. Sie hat aber zwei Würfel, und jeder wird zu 7 "
            "minus seine Augenzahl: zusammen 14 minus die alte Summe."
        ),
    ),
    "ex2.no_minus": (
        ("14 is 7 + 7, one 7 for each die. Each die becomes 7 minus its pips, so take the old sum away: 14 minus 5."),
        (
            "14 ist 7 + 7, eine 7 für jeden Würfel. Jeder Würfel wird zu 7 minus seine Augenzahl, also zieh die "
            "alte Summe ab: 14 minus 5."
        ),
    ),
    "ex2.hint": (
        "Each die becomes 7 minus its pips: two dice, so 14 minus the old sum.",
        "Jeder Würfel wird zu 7 minus seine Augenzahl: zwei Würfel, also 14 minus die alte Summe.",
    ),
    "pairs.q": (
        (
            "The light blue and orange dice show a pair in {pair} of games (after the flip, exactly these give a "
            "7). Only different numbers add up to 7: 6 of the 30 ways two dice can differ (1 + 6, 2 + 5, … 6 + 1), "
            "and the rule treats all numbers alike, so the 30 are equally likely. What is the probability that "
            "the card is worth 7 without a flip?"
        ),
        (
            "Der hellblaue und der orangefarbene Würfel zeigen in {pair} der Spiele einen Pasch (nach dem Umdrehen "
            "geben genau diese eine 7). Nur verschiedene Zahlen ergeben 7: 6 der 30 Möglichkeiten, wie zwei "
            "Würfel verschieden sein können (1 + 6, 2 + 5, … 6 + 1), und die Regel behandelt alle Zahlen gleich, "
            "also sind die 30 gleich wahrscheinlich. Wie groß ist die Wahrscheinlichkeit, dass die Karte ohne "
            "Umdrehen 7 wert ist?"
        ),
    ),
    "pairs.hint": (
        "First the share of games without a pair, then the part of it that adds up to 7: 6 of 30.",
        "Erst der Anteil der Spiele ohne Pasch, dann der Teil davon, der 7 ergibt: 6 von 30.",
    ),
    "pairs.solution": (
        (
            "No pair in 100 % − {pair} = {differ} of games, and 6 of 30 = 1/5 of those add up to 7: "
            "{differ} ÷ 5 ≈ {before}. With free dice it is 5/6 ÷ 5 = 1/6. The rule makes different numbers more "
            "common, so without a flip the card is worth 7 more often than 1/6, and after the flip less often."
        ),
        (
            "Kein Pasch in 100 % − {pair} = {differ} der Spiele, und 6 von 30 = 1/5 davon ergeben 7: "
            "{differ} : 5 ≈ {before}. Mit freien Würfeln ist es 5/6 : 5 = 1/6. Die Regel macht verschiedene "
            "Zahlen häufiger, also ist die Karte ohne Umdrehen öfter als 1/6 genau 7 wert und nach dem Umdrehen "
            "seltener."
        ),
    ),
    "pairs.free": (
        (
            "1/6 is what free dice give: they show different numbers 5 times in 6. The Hay card's dice differ in "
            "{differ} of games: take 1/5 of that."
        ),
        (
            "1/6 geben freie Würfel: Sie zeigen in 5 von 6 Fällen verschiedene Zahlen. Die Würfel auf der "
            "Misthaufen-Karte sind in {differ} der Spiele verschieden: Nimm 1/5 davon."
        ),
    ),
    "pairs.fifth": (
        "1/5 is the share among different numbers only. Multiply it by the share of games without a pair, {differ}.",
        "1/5 ist nur der Anteil unter verschiedenen Zahlen. Multipliziere ihn mit dem Anteil der Spiele ohne Pasch, "
        "{differ}.",
    ),
    "pairs.after": (
        "That is the share of pairs: the 7s after the flip. Without a flip a 7 needs two different numbers.",
        "Das ist der Anteil der Pasche: die 7en nach dem Umdrehen. Ohne Umdrehen braucht eine 7 zwei verschiedene "
        "Zahlen.",
    ),
    "app.title": (
        "Angry Donkey flips",
        "Wütende Esel drehen Würfel um",
    ),
    "app.blurb": (
        "Does a flip change how often a card is worth 7? Opposite faces, and dice that depend on each other.",
        (
            "Ändert Umdrehen, wie oft eine Karte 7 wert ist? Gegenüberliegende Seiten und Würfel, die "
            "voneinander abhängen."
        ),
    ),
}
