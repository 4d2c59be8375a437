"""The words of Lesson 1 (die choice), English and German: one table, registered in the core catalogue by the
lesson module (``words("lesson/die_choice/", TEXTS)``). Kept apart so the lesson module holds only its logic; a
translator edits this file alone, and a test checks both languages have the same placeholders."""

TEXTS: dict[str, tuple[str, str]] = {
    "step_intro": (
        (
            "The rulebook's example round (Olivia, Fran, Jan and Margaret are Players 1 to 4). Fran has just "
            "rolled: the green 2 and the purple 2 may not go on the Hay card, because the light blue 2 is there "
            "already. Click a die to place it, or press Step to go on. At step 8 Margaret may place any die: she"
            " rolled only numbers that are already on the Hay card (the exception). The card beside the game "
            "names each step's rule; names "
            "like DD-DICE-2 are our labels for the rulebook's rules."
        ),
        (
            "Die Beispielrunde aus der Spielregel (Olivia, Fran, Jan und Margaret sind Spieler 1 bis 4). Fran hat"
            " gerade geworfen: Die grüne 2 und die lila 2 dürfen nicht auf die Misthaufen-Karte, weil dort schon"
            " die hellblaue 2 liegt. Klick einen Würfel an, um ihn zu legen, oder drück Schritt, um "
            "weiterzuspielen. Bei Schritt 8 darf Margaret einen beliebigen Würfel legen: Sie hat nur "
            "Zahlen geworfen, die schon auf der Misthaufen-Karte liegen (die Ausnahme). Die Karte neben dem "
            "Spiel nennt die Regel jedes Schritts; Namen wie "
            "DD-DICE-2 sind unsere Kürzel für die Regeln aus der Spielanleitung."
        ),
    ),
    "restart": (
        "Back to Fran's roll",
        "Zurück zu Frans Wurf",
    ),
    "what_if_heading": (
        "The what-if table: what does a choice do to your cards?",
        "Die Was-wäre-wenn-Tabelle: Was macht eine Wahl mit deinen Karten?",
    ),
    "exact.grid": (
        (
            "The exception in every case: rows k dice rolled, columns m different numbers on the Hay card. There is "
            "no row "
            "for k = 1: with one die left there is nothing to choose."
        ),
        (
            "Die Ausnahme in allen Fällen: Zeilen k geworfene Würfel, Spalten m verschiedene Zahlen auf der "
            "Misthaufen-Karte. "
            "Eine Zeile für k = 1 fehlt: Bei einem einzigen Würfel gibt es nichts zu wählen."
        ),
    ),
    "exact.some": (
        "The exception at least once in a whole phase 1 (every roll of 2 or more dice counts):",
        "Die Ausnahme mindestens einmal in einer ganzen Phase 1 (jeder Wurf mit 2 oder mehr Würfeln zählt):",
    ),
    "exact.distinct": (
        "How many different numbers end on the Hay card, if every player places a random allowed die:",
        (
            "Wie viele verschiedene Zahlen am Ende auf der Misthaufen-Karte liegen, wenn jeder einen zufälligen "
            "erlaubten Würfel legt:"
        ),
    ),
    "exact.d": (
        "different numbers",
        "verschiedene Zahlen",
    ),
    "exact.choose": (
        "last die: keep it or re-roll it (English rules)",
        "letzter Würfel: behalten oder neu werfen (englische Regel)",
    ),
    "exact.roll": (
        "last die: always rolled (German rules)",
        "letzter Würfel: wird immer geworfen (deutsche Regel)",
    ),
    "exact.dice_only": (
        (
            "The table of the exception and the German column depend only on the dice. The English column also "
            "depends on the players' choices: here every player places a random allowed die, and the last player "
            "keeps or re-rolls the last die by tossing a coin."
        ),
        (
            "Die Tabelle der Ausnahme und die deutsche Spalte hängen nur von den Würfeln ab. Die englische Spalte "
            "hängt auch davon ab, was die Spieler wählen: Hier legt jeder einen zufälligen erlaubten Würfel, und "
            "ob der letzte Würfel behalten oder neu geworfen wird, entscheidet ein Münzwurf."
        ),
    ),
    "title": (
        "Lesson 1 — Double Donkey: choosing a die",
        "Lektion 1 — Double Donkey: einen Würfel wählen",
    ),
    "question": (
        (
            "In phase 1 the players take turns: roll the dice that are left and put one of them on the Hay card. "
            "Its number must not be there yet. <b>The exception</b>: if every die you rolled shows a number that "
            "is already there, you may place any of them. <br><small>A <b>probability</b> says how often "
            "something happens in the long run: a number from 0 (never) to 1 (always), or 0 % to 100 %.</small>"
        ),
        (
            "In Phase 1 ist reihum jeder dran: Wirf die übrigen Würfel und lege einen davon auf die "
            "Misthaufen-Karte. Seine Zahl darf dort noch nicht liegen. <b>Die Ausnahme</b>: Zeigen alle "
            "geworfenen Würfel Zahlen, die schon dort liegen, darfst du einen beliebigen davon legen. "
            "<br><small>Eine <b>Wahrscheinlichkeit</b> gibt an, wie oft etwas auf lange Sicht passiert: eine Zahl "
            "von 0 (nie) bis 1 (immer) oder 0 % bis 100 %.</small>"
        ),
    ),
    "prompt": (
        (
            "Say 2 and 5 lie on the Hay card and you roll 4 dice. What is the probability of the exception, that "
            "all four show a 2 or a 5?"
        ),
        (
            "Angenommen, auf der Misthaufen-Karte liegen eine 2 und eine 5, und du wirfst 4 Würfel. Wie groß ist die "
            "Wahrscheinlichkeit für die Ausnahme, dass alle vier eine 2 oder eine 5 zeigen?"
        ),
    ),
    "answer": (
        "{p}: (2/6)⁴ = (1/3)⁴ = 1/81: about once in 81 throws of four dice.",
        "{p}: (2/6)⁴ = (1/3)⁴ = 1/81: etwa einmal in 81 Würfen mit vier Würfeln.",
    ),
    "headline": (
        (
            "Each die shows a 2 or a 5 with probability 2/6. The dice are <b>independent</b>: what one die shows "
            "does not change what another shows. So the four probabilities multiply: (2/6) · (2/6) · (2/6) · "
            "(2/6) = (2/6)⁴ = (1/3)⁴ = {p}. With m different numbers on the Hay card and k dice rolled it is "
            "(m/6)<sup>k</sup>."
        ),
        (
            "Jeder Würfel zeigt mit der Wahrscheinlichkeit 2/6 eine 2 oder eine 5. Die Würfel sind "
            "<b>unabhängig</b>: Was ein Würfel zeigt, ändert nichts an dem, was ein anderer zeigt. Also werden "
            "die vier Wahrscheinlichkeiten multipliziert (Pfadregel): (2/6) · (2/6) · (2/6) · (2/6) = (2/6)⁴ = "
            "(1/3)⁴ = {p}. Mit m verschiedenen Zahlen auf der Misthaufen-Karte und k geworfenen Würfeln ist es "
            "(m/6)<sup>k</sup>."
        ),
    ),
    "live_intro": (
        (
            "A <b>simulation</b>: the computer rolls 4 dice again and again and counts how often the "
            "exception happens. The blue line is its relative frequency after N rolls. {band} Press Start and"
            " watch the band narrow."
        ),
        (
            "Eine <b>Simulation</b>: Der Computer wirft immer wieder 4 Würfel und zählt, wie oft die Ausnahme"
            " eintritt. Die blaue Linie ist ihre relative Häufigkeit (ihr Anteil) nach N Würfen. {band} Drück"
            " Start und sieh zu, wie das Band schmaler wird."
        ),
    ),
    "live_after": (
        "The black line is the exact 1/81: the band closes in on it.",
        "Die schwarze Linie ist das exakte 1/81: Das Band zieht sich um sie zusammen.",
    ),
    "notice": (
        (
            "<ul><li>All four dice must agree with the Hay card, and each does so only 2 times in 6: multiplying "
            "small probabilities gives a very small one, about 1 in 81.</li><li>With more numbers on the Hay card"
            " and fewer dice, the exception is common: with 4 numbers and 2 dice it is (4/6)² = 4/9.</li><li>The "
            "simulation almost never lands exactly on 1/81, but over many rolls it usually gets closer; the band "
            "shows how far off it can still be.</li></ul>"
        ),
        (
            "<ul><li>Alle vier Würfel müssen zur Misthaufen-Karte passen, und jeder schafft das nur in 2 von 6 "
            "Fällen: Multipliziert man kleine Wahrscheinlichkeiten, wird das Ergebnis sehr klein, etwa 1 von "
            "81.</li><li>Mit mehr Zahlen auf der Misthaufen-Karte und weniger Würfeln ist die Ausnahme häufig:"
            " Mit 4 Zahlen und 2 Würfeln sind es (4/6)² = 4/9.</li><li>Die Simulation trifft 1/81 fast nie genau,"
            " aber auf lange Sicht kommt sie meist näher heran; das Band zeigt, wie weit sie noch daneben liegen "
            "kann.</li></ul>"
        ),
    ),
    "ex1.q": (
        (
            "One number lies on the Hay card and you roll the other 5 dice. What is the probability of the "
            "exception, that all 5 dice show the number on the Hay card?"
        ),
        (
            "Eine Zahl liegt auf der Misthaufen-Karte, und du wirfst die anderen 5 Würfel. Wie groß ist die "
            "Wahrscheinlichkeit für die Ausnahme, dass alle 5 Würfel die Zahl auf der Misthaufen-Karte zeigen?"
        ),
    ),
    "ex1.hint": (
        "Each of the 5 dice must show that one number: 1 chance in 6 each.",
        "Jeder der 5 Würfel muss genau diese Zahl zeigen, jeder mit der Wahrscheinlichkeit 1/6.",
    ),
    "ex1.one_die": (
        (
            "1/6 is the probability for one die. All 5 dice must show that number, so multiply: (1/6) · (1/6) · "
            "… five times."
        ),
        (
            "1/6 ist die Wahrscheinlichkeit für einen Würfel. Alle 5 Würfel müssen diese Zahl zeigen, also "
            "multipliziere: (1/6) · (1/6) · … fünfmal."
        ),
    ),
    "ex1.added": (
        (
            "5/6 adds the five dice's probabilities. But all five must show the number at the same time: "
            "multiply them, don't add."
        ),
        (
            "5/6 addiert die Wahrscheinlichkeiten der fünf Würfel. Aber alle fünf müssen die Zahl gleichzeitig "
            "zeigen: Multipliziere sie, statt sie zu addieren."
        ),
    ),
    "ex1.solution": (
        "(1/6)⁵ = 1/7776, about 0.013 %: you will almost never see it.",
        "(1/6)⁵ = 1/7776, etwa 0,013 %: Das siehst du fast nie.",
    ),
    "ex2.q": (
        (
            "Why it matters: in a game of four you started phase 1, so the 5th roll is yours again. Four different "
            "numbers "
            "lie on the Hay card and you roll the 2 dice that are left. You would like to place the die that "
            "suits your cards. You may pick either die in two cases: by the exception, or because both dice show "
            "new numbers. What is the probability that you may pick either die?"
        ),
        (
            "Warum das wichtig ist: In einem Spiel zu viert hast du Phase 1 begonnen, also bist du beim 5. Wurf "
            "wieder an der Reihe. Vier verschiedene Zahlen liegen auf der Misthaufen-Karte, und du wirfst die 2 "
            "übrigen "
            "Würfel. Du möchtest den Würfel legen, der zu deinen Karten passt. In zwei Fällen darfst du frei "
            "wählen, welchen der beiden Würfel du legst: durch die Ausnahme oder weil beide Würfel neue Zahlen "
            "zeigen. Wie groß ist die "
            "Wahrscheinlichkeit, dass du dir aussuchen darfst, welchen der beiden Würfel du legst?"
        ),
    ),
    "ex2.hint": (
        (
            "Each die shows one of the 4 numbers with probability 4/6, a new number with 2/6. If both dice show "
            "numbers already there, the exception lets you take either; if both show new numbers, both are "
            "allowed; if exactly one shows a new number, you must take that one."
        ),
        (
            "Jeder Würfel zeigt mit der Wahrscheinlichkeit 4/6 eine der 4 Zahlen, mit 2/6 eine neue. Zeigen "
            "beide Würfel Zahlen, die schon daliegen, darfst du durch die Ausnahme jeden der beiden nehmen; "
            "zeigen beide neue Zahlen, sind beide erlaubt; zeigt genau einer eine neue Zahl, musst du diesen "
            "nehmen."
        ),
    ),
    "ex2.free_only": (
        (
            "4/9 is only the exception: both dice show numbers already on the Hay card. If both dice show new "
            "numbers, both are allowed too: add that case."
        ),
        (
            "4/9 ist nur die Ausnahme: Beide Würfel zeigen Zahlen, die schon auf der Misthaufen-Karte liegen. "
            "Zeigen beide Würfel neue Zahlen, sind auch beide erlaubt: Zähl diesen Fall dazu."
        ),
    ),
    "ex2.new_only": (
        (
            "1/9 is only the case where both dice show new numbers. If both show numbers already on the Hay "
            "card, the exception lets you pick too: add that case."
        ),
        (
            "1/9 ist nur der Fall, in dem beide Würfel neue Zahlen zeigen. Zeigen beide Zahlen, die schon auf "
            "der Misthaufen-Karte liegen, darfst du durch die Ausnahme auch wählen: Zähl diesen Fall dazu."
        ),
    ),
    "ex2.one_die": (
        (
            "2/3 = 4/6 is the probability for one die to show a number already on the Hay card. Here two dice "
            "are rolled: work out each case for both dice together, then add the cases in which you may pick."
        ),
        (
            "2/3 = 4/6 ist die Wahrscheinlichkeit, dass ein Würfel eine Zahl zeigt, die schon auf der "
            "Misthaufen-Karte liegt. Hier werden zwei Würfel geworfen: Rechne jeden Fall für beide Würfel "
            "zusammen aus und addiere die Fälle, in denen du wählen darfst."
        ),
    ),
    "ex2.equal_cases": (
        (
            "1/2 counts 2 of 4 cases (both old, both new, old and new, new and old) as if all four were equally "
            "likely. They are not: both old has probability (4/6)², both new only (2/6)²."
        ),
        (
            "1/2 zählt 2 von 4 Fällen (beide alt, beide neu, alt und neu, neu und alt), als wären alle vier gleich "
            "wahrscheinlich. Das sind sie nicht: Beide alt hat die Wahrscheinlichkeit (4/6)², beide neu nur (2/6)²."
        ),
    ),
    "ex2.solution": (
        (
            "Both dice show numbers already on the Hay card: (4/6)² = 4/9, the exception. Both show new numbers: "
            "(2/6)² = 1/9, and both are allowed. Together 4/9 + 1/9 = 5/9, about 56 %. Only when exactly one die "
            "shows a new number (4/9) must you take that one."
        ),
        (
            "Beide Würfel zeigen Zahlen, die schon auf der Misthaufen-Karte liegen: (4/6)² = 4/9, die Ausnahme. "
            "Beide zeigen neue Zahlen: (2/6)² = 1/9, und beide sind erlaubt. Zusammen 4/9 + 1/9 = 5/9, etwa 56 %. "
            "Nur wenn genau ein Würfel eine neue Zahl zeigt (4/9), musst du diesen nehmen."
        ),
    ),
    "ex3.q": (
        (
            "In the rulebook round, when Margaret rolls at step 8, the numbers 2, 5 and 1 lie on the Hay card and "
            "3 dice are left. What is the probability of the exception, that each of the three dice shows a "
            "number already on the Hay card (each a 2, a 5 or a 1)?"
        ),
        (
            "In der Beispielrunde liegen 2, 5 und 1 auf der Misthaufen-Karte, als Margaret bei Schritt 8 wirft, und "
            "3 Würfel sind übrig. Wie groß ist die Wahrscheinlichkeit für die Ausnahme, dass jeder der drei Würfel "
            "eine Zahl zeigt, die schon auf der Misthaufen-Karte liegt (jeder eine 2, eine 5 oder eine 1)?"
        ),
    ),
    "ex3.hint": (
        "Each die shows one of the 3 numbers on the Hay card with probability 3/6. The dice are independent.",
        "Jeder Würfel zeigt mit der Wahrscheinlichkeit 3/6 eine der 3 Zahlen auf der Misthaufen-Karte. Die Würfel "
        "sind unabhängig.",
    ),
    "ex3.one_die": (
        "1/2 is the probability for one die. All three dice must show one of the numbers: how do the three "
        "probabilities of independent dice combine?",
        "1/2 ist die Wahrscheinlichkeit für einen Würfel. Alle drei Würfel müssen eine der Zahlen zeigen: Wie "
        "verbindest du die drei Wahrscheinlichkeiten unabhängiger Würfel?",
    ),
    "ex3.one_number": (
        "(1/6)³ = 1/216 asks every die for one particular number. A die may show any of the 3 numbers on the Hay "
        "card: 3/6 for each die.",
        "(1/6)³ = 1/216 verlangt von jedem Würfel eine bestimmte Zahl. Ein Würfel darf jede der 3 Zahlen auf der "
        "Misthaufen-Karte zeigen: 3/6 für jeden Würfel.",
    ),
    "ex3.two_numbers": (
        "(2/6)³ = 1/27 uses the 2 numbers of the question at the top. Here 3 numbers lie on the Hay card: 3/6 "
        "for each die.",
        "(2/6)³ = 1/27 nimmt die 2 Zahlen aus der Frage oben. Hier liegen 3 Zahlen auf der Misthaufen-Karte: 3/6 "
        "für jeden Würfel.",
    ),
    "ex3.solution": (
        (
            "Each die: 3/6 = 1/2. Three dice: (1/2) · (1/2) · (1/2) = 1/8 = 12.5 %, about 1 in 8. So what "
            "Margaret got at step 8 happens about once in 8 such rolls."
        ),
        (
            "Jeder Würfel: 3/6 = 1/2. Drei Würfel: (1/2) · (1/2) · (1/2) = 1/8 = 12,5 %, etwa 1 von 8. Was "
            "Margaret bei Schritt 8 bekam, passiert also etwa bei einem von 8 solchen Würfen."
        ),
    ),
    "ex4.q": (
        (
            "On the screen: in the rulebook round Fran (Player 2) could place the dark blue 4, the orange 5 or the "
            "yellow 3. "
            "The rulebook does not show her cards, so suppose her hand is orange/yellow, dark blue/green and the "
            "purple Angry Donkey (played, it flips the purple die first, so it is worth 7 − the purple pips). "
            "Which die leaves her best card lowest on average? Open the what-if table at step 4."
        ),
        (
            "Am Bildschirm: In der Beispielrunde konnte Fran (Spieler 2) die dunkelblaue 4, die orange 5 oder die "
            "gelbe 3 "
            "legen. Die Spielregel zeigt ihre Karten nicht. Nimm an, sie hat orange/gelb, dunkelblau/grün und "
            "den lila Wütenden Esel auf der Hand (gespielt dreht er zuerst den lila Würfel um, er zählt also "
            "7 − die lila Augen). Bei welchem Würfel ist ihre beste Karte im Schnitt am niedrigsten? Öffne die "
            "Was-wäre-wenn-Tabelle bei Schritt 4."
        ),
    ),
    "ex4.solution": (
        "Average best card: {rank}.",
        "Beste Karte im Schnitt: {rank}.",
    ),
    "further.intro": (
        (
            "More about the Hay card. In about {some} of rounds the exception happens at least once during phase "
            "1. Below: the exception in every case, and how many different numbers end on the Hay card (the plot "
            "simulates complete rounds of phase 1)."
        ),
        (
            "Mehr zur Misthaufen-Karte. In etwa {some} der Runden tritt die Ausnahme in Phase 1 mindestens einmal "
            "ein. Unten: die Ausnahme in jedem Fall und wie viele verschiedene Zahlen am Ende auf der "
            "Misthaufen-Karte liegen (das Diagramm simuliert ganze Runden von Phase 1)."
        ),
    ),
    "app.title": (
        "Die choice — when may you place any die?",
        "Würfelwahl — wann darfst du einen beliebigen Würfel legen?",
    ),
    "app.blurb": (
        (
            "Double Donkey's Hay card: what is the probability of the exception that lets you place any die? "
            "Predict, step through, check."
        ),
        (
            "Double Donkeys Misthaufen-Karte: Wie groß ist die Wahrscheinlichkeit für die Ausnahme, bei der du "
            "einen beliebigen Würfel legen darfst? Schätzen, durchspielen, prüfen."
        ),
    ),
}
