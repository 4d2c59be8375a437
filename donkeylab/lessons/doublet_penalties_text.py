"""The words of Lesson 3 (doublets and the 77 bust), English and German: one table, registered in the core
catalogue by the lesson module (``words("lesson/doublet_penalties/", TEXTS)``). Kept apart so the lesson module
holds only its logic; a translator edits this file alone, and a test checks both languages have the same
placeholders."""

TEXTS: dict[str, tuple[str, str]] = {
    "outcome_words.safe": (
        "safe",
        "sicher",
    ),
    "outcome_words.doublet": (
        "doublet (a token lost)",
        "Schnapszahl (ein Chip weg)",
    ),
    "outcome_words.bust": (
        "77 or more (a token lost, round over)",
        "77 oder mehr (ein Chip weg, Runde vorbei)",
    ),
    "notice": (
        (
            "<ul><li>What makes a card cost a token changes with the total. At 65 it can be either: the four −10s "
            "make 55, a doublet, and 6 cards make 77 or more. At 70 only 77 or more is a danger (24 of the 56 cards "
            "get there; 66 would need −4). Below 24 a doublet is usually the bigger danger; above 32, usually 77 or "
            "more.</li><li>The cards 0, "
            "direction change and 2x repeat the total, and a repeated total costs nothing, even 66 (our ruling: "
            "the rulebook does not say). So under our ruling they are always safe: keep them for a high total "
            "(but after a 2x you may not start with a 2x).</li></ul>"
        ),
        (
            "<ul><li>Wodurch eine Karte einen Chip kostet, hängt von der Summe ab. Bei 65 geht beides: Die vier "
            "−10 machen 55, eine Schnapszahl, und 6 Karten machen 77 oder mehr. Bei 70 droht nur 77 oder mehr (24 der "
            "56 Karten kommen dorthin; 66 bräuchte −4). Unter 24 ist meist eine Schnapszahl die größere Gefahr; über "
            "32 meist die 77 oder mehr.</li><li>Die Karten 0, Richtungswechsel "
            "und 2x wiederholen die Summe, und "
            "eine wiederholte Summe kostet nichts, auch die 66 (unsere Festlegung: Die Spielregel sagt dazu "
            "nichts). Nach unserer Festlegung sind sie also immer sicher: Heb sie für eine hohe Summe auf (nur "
            "darfst du nach einer 2x nicht mit einer 2x anfangen).</li></ul>"
        ),
    ),
    "exercises": (
        "The total is 0. What is the probability that the next card, drawn at random from a full deck, costs a token?",
        (
            "Die Summe ist 0. Wie groß ist die Wahrscheinlichkeit, dass die nächste Karte, zufällig aus einem "
            "vollen Stapel gezogen, einen Chip kostet?"
        ),
    ),
    "ex1.with_76": (
        "1/8 = 7/56 counts the 76 too. But from 0 the 76 makes 76: no doublet, and less than 77.",
        "1/8 = 7/56 zählt die 76 mit. Aber aus 0 macht die 76 nur 76: keine Schnapszahl und weniger als 77.",
    ),
    "ex1.one_card": (
        "1/56 is one card. Six cards make a doublet from 0: 11, 22, 33, 44, 55 and 66.",
        "1/56 ist eine Karte. Sechs Karten machen aus 0 eine Schnapszahl: 11, 22, 33, 44, 55 und 66.",
    ),
    "exercises2": (
        (
            "The six doublet cards 11, 22, 33, 44, 55 and 66: 6/56 = 3/28 ≈ 0.107. No card can reach 77 from 0 "
            "(the 76 makes 76)."
        ),
        (
            "Die sechs Schnapszahl-Karten 11, 22, 33, 44, 55 und 66: 6/56 = 3/28 ≈ 0,107. Keine Karte erreicht von "
            "0 aus 77 (die 76 macht 76)."
        ),
    ),
    "exercises3": (
        "The total is 76. Which cards are safe?",
        "Die Summe ist 76. Welche Karten sind sicher?",
    ),
    "exercises4": (
        (
            "Only 0, direction change and 2x (4 + 5 + 4 = 13 cards: 13/56 ≈ 0.232). The −10 makes 66, a doublet "
            "(4/56 = 1/14); every other card makes 77 or more (39/56)."
        ),
        (
            "Nur 0, Richtungswechsel und 2x (4 + 5 + 4 = 13 Karten: 13/56 ≈ 0,232). Die −10 macht 66, eine "
            "Schnapszahl (4/56 = 1/14); jede andere Karte macht 77 oder mehr (39/56)."
        ),
    ),
    "exercises5": (
        (
            "Drawn with replacement (each card is put back and the deck shuffled before the next draw), what is the "
            "probability of a total of 152 after 2 cards? And in a real game?"
        ),
        (
            "Mit Zurücklegen gezogen (jede Karte kommt zurück, und der Stapel wird vor dem nächsten Ziehen "
            "gemischt): Wie groß ist die Wahrscheinlichkeit, dass die Summe nach 2 Karten 152 ist? Und im echten "
            "Spiel?"
        ),
    ),
    "exercises6": (
        (
            "152 = 76 + 76. With replacement: (1/56)² = 1/3136 ≈ 0.00032. In a real game it is impossible: the "
            "deck has one 76, so it is 0."
        ),
        (
            "152 = 76 + 76. Mit Zurücklegen: (1/56)² = 1/3136 ≈ 0,00032. Im echten Spiel unmöglich: Der Stapel "
            "hat nur eine 76, also 0."
        ),
    ),
    "title": (
        "Lesson 3 — Doublets and the 77 bust (Double Down)",
        "Lektion 3 — Schnapszahlen und die 77 (Double Down)",
    ),
    "question": (
        (
            "In Double Down every card adds to one running total. Announce 11, 22, 33, 44, 55 or 66 (a doublet) "
            "and you lose a token. Reach 77 or more and you lose a token, and the round ends. Here the next card "
            "is drawn at random from a full deck. That is a simplification: in a real game some cards are already "
            "played, and you choose your card (exercise 3 looks at a hand of 5)."
        ),
        (
            "Bei Double Down zählt jede Karte zu einer gemeinsamen Summe. Wer 11, 22, 33, 44, 55 oder 66 ansagt "
            "(eine Schnapszahl), verliert einen Chip. Wer 77 oder mehr erreicht, verliert einen Chip, und die "
            "Runde endet. Hier wird die nächste Karte zufällig aus einem vollen Stapel gezogen. Das ist "
            "vereinfacht: Im echten Spiel sind schon Karten gespielt, und du wählst deine Karte (Übung 3 schaut "
            "auf eine Hand mit 5 Karten)."
        ),
    ),
    "prompt": (
        (
            "The total is 65. What is the probability that the next card, drawn at random from a full deck of 56 "
            "cards, costs a token?"
        ),
        (
            "Die Summe ist 65. Wie groß ist die Wahrscheinlichkeit, dass die nächste Karte, zufällig aus einem "
            "vollen Stapel mit 56 Karten gezogen, einen Chip kostet?"
        ),
    ),
    "answer": (
        "{p}: {d} of the 56 cards make a doublet ({dcards}), and {n} make 77 or more ({cards}).",
        "{p}: {d} der 56 Karten machen eine Schnapszahl ({dcards}), und {n} machen 77 oder mehr ({cards}).",
    ),
    "step_intro": (
        (
            "The total is 64 and it is your turn as Player 2. Click the 2 in your hand and read why you lose a "
            "token. Then press Back and try the 22, or a safe card. Step lets Player 1 (a random bot) play on. "
            "The card beside the game names each step's rule; names like DN-DOUBLET-1 are our labels for the "
            "rulebook's rules (DN for Double Down)."
        ),
        (
            "Die Summe ist 64, und du bist als Spieler 2 dran. Klick auf deiner Hand die 2 an und lies, warum du "
            "einen Chip verlierst. Drück dann Zurück und probiere die 22 oder eine sichere Karte. Mit Schritt "
            "spielt Spieler 1 (ein Zufalls-Bot) weiter. Die Karte neben dem Spiel nennt die Regel jedes Schritts;"
            " Namen wie DN-DOUBLET-1 sind unsere Kürzel für die Regeln aus der Spielanleitung (DN für Double Down)."
        ),
    ),
    "headline": (
        (
            "At total 65, {d} of the 56 cards make a doublet ({dcards}), and {n} make 77 or more ({cards}). The "
            "11 makes only 76, and no card makes 66: that would need a 1, and there is no 1. No card does both, so the "
            "probability that the next card costs a token is ({d} + {n})/56 = {s}/56 = {p}."
        ),
        (
            "Bei Summe 65 machen {d} der 56 Karten eine Schnapszahl ({dcards}), und {n} machen 77 oder mehr "
            "({cards}). Die 11 macht nur 76, und keine Karte macht 66: Das bräuchte eine 1, und eine 1 gibt es "
            "nicht. Keine Karte macht beides, also ist die Wahrscheinlichkeit, dass die nächste Karte "
            "einen Chip kostet, ({d} + {n})/56 = {s}/56 = {p}."
        ),
    ),
    "live_intro": (
        (
            "A <b>simulation</b> draws a card at random at total 65, again and again, and counts the cards "
            "that cost a token. The blue line is their relative frequency after N cards. {band} Press Start."
        ),
        (
            "Eine <b>Simulation</b> zieht bei Summe 65 immer wieder eine zufällige Karte und zählt die "
            "Karten, die einen Chip kosten. Die blaue Linie ist ihre relative Häufigkeit nach N Karten. "
            "{band} Drück Start."
        ),
    ),
    "live_after": (
        "The black line is the exact 5/28.",
        "Die schwarze Linie ist das exakte 5/28.",
    ),
    "risk.head": (
        "total before",
        "Summe vorher",
    ),
    "risk.caption": (
        "The next card, drawn at random from a full shuffled deck (56 cards)",
        "Die nächste Karte, zufällig aus einem vollen, gemischten Stapel (56 Karten)",
    ),
    "hand.lead": (
        "In the step-through the total is {total} and Player 2 holds these cards:",
        "Im Schritt-für-Schritt-Teil ist die Summe {total}, und Spieler 2 hält diese Karten:",
    ),
    "repl.k": (
        "cards k",
        "Karten k",
    ),
    "repl.d_without": (
        "total is a doublet (not always a token lost): without replacement",
        "Summe ist eine Schnapszahl (nicht immer ein Chip weg): ohne Zurücklegen",
    ),
    "repl.d_with": (
        "total is a doublet (not always a token lost): with replacement",
        "Summe ist eine Schnapszahl (nicht immer ein Chip weg): mit Zurücklegen",
    ),
    "repl.b_without": (
        "≥ 77: without",
        "≥ 77: ohne",
    ),
    "repl.b_with": (
        "≥ 77: with",
        "≥ 77: mit",
    ),
    "repl.reached": (
        "77 reached, round over: without",
        "77 erreicht, Runde vorbei: ohne",
    ),
    "repl.caption": (
        (
            "The total of the first k cards of a shuffled deck (without replacement) and the model where every "
            "card is drawn afresh from the full deck (with replacement). The doublet columns count totals, not "
            "tokens: after 11 and then a 0 the total is 11 again, which costs nothing. The “≥ 77” columns count "
            "the total after k cards as if the round always went on; in a game it ends at once at 77 or more, and a "
            "−10 after that saves nothing. The last column counts this right: what is the probability that the total "
            "reaches 77 or more within the first k cards?"
        ),
        (
            "Die Summe der ersten k Karten eines gemischten Stapels (ohne Zurücklegen) und das Modell, in dem "
            "jede Karte neu aus dem vollen Stapel gezogen wird (mit Zurücklegen). Die Schnapszahl-Spalten zählen "
            "Summen, keine Chips: Nach 11 und dann einer 0 ist die Summe wieder 11, und das kostet nichts. Die "
            "Spalten „≥ 77“ zählen die "
            "Summe nach k Karten so, als ginge die Runde immer weiter; im Spiel endet sie aber sofort bei 77 "
            "oder mehr, und eine −10 danach holt nichts zurück. Die letzte Spalte zählt das richtig: Wie groß "
            "ist die Wahrscheinlichkeit, dass die Summe innerhalb der ersten k Karten 77 oder mehr erreicht?"
        ),
    ),
    "further.intro": (
        (
            "More about the risk. Up to 23 a doublet is the bigger danger (but not at 10, where no card makes one); "
            "from 24 to 31 both are equally likely; from 33 on it is mostly 77 or more. At 0 the six doublet cards 11 "
            "… 66 cost a token (6 of 56 cards). At 1 it is worse: the eight 10s make 11, and the 76 makes 77 (9 of "
            "56 cards). At 2 to 9 one number card makes 11 (3 copies), and the 76 makes 77 or more (4 of 56). "
            "From 67 on every 10 makes 77 or more. Below: the risk at every total, your hand in the step-through,"
            " and the total after a few cards. The first plot shows the risk at every total (exact). The other "
            "two show the total after 3 cards, drawn without and with replacement. They look almost the same: "
            "after a few cards, putting the cards back barely changes how likely each total is. The differences hide "
            "in rare "
            "totals; the exercise about a total of 152 finds one after 2 cards."
        ),
        (
            "Mehr zum Risiko. Bis 23 ist eine Schnapszahl die größere Gefahr (nicht bei 10, wo keine Karte eine "
            "macht); von 24 bis 31 sind beide gleich wahrscheinlich; ab 33 meist die 77 oder mehr. Bei 0 kosten die "
            "sechs Schnapszahl-Karten 11 … 66 einen Chip (6 von 56 Karten). Bei 1 ist es schlimmer: Die acht 10er "
            "machen 11, und die 76 macht 77 (9 von 56 Karten). Bei 2 bis 9 macht eine Zahlenkarte 11 (3 Stück), und "
            "die 76 macht 77 oder mehr (4 von 56). Ab 67 macht jede 10 die Summe 77 oder mehr. Unten: das Risiko bei "
            "jeder Summe, deine Hand im Schritt-für-Schritt-Teil und die Summe nach einigen Karten."
            " Das erste Diagramm zeigt das Risiko bei jeder Summe (exakt). Die beiden anderen zeigen die Summe "
            "nach 3 Karten, ohne und mit Zurücklegen gezogen. Sie sehen fast gleich aus: Nach wenigen Karten "
            "ändert das Zurücklegen die Wahrscheinlichkeiten der Summen kaum. Die Unterschiede stecken in seltenen "
            "Summen; die Übung zur Summe 152 findet "
            "eine nach 2 Karten."
        ),
    ),
    "ex1.hint": (
        "Which cards make 11, 22, … 66 from 0? Count them among the 56.",
        "Welche Karten machen aus 0 die 11, 22, … 66? Zähl sie unter den 56.",
    ),
    "ex2.q": (
        "The total is 76. What is the probability that a random card from the full deck is safe?",
        (
            "Die Summe ist 76. Wie groß ist die Wahrscheinlichkeit, dass eine zufällige Karte aus dem vollen "
            "Stapel sicher ist?"
        ),
    ),
    "ex2.minus_ten": (
        "17/56 counts the four −10s as safe. But 76 − 10 = 66, a doublet.",
        "17/56 zählt die vier −10 als sicher. Aber 76 − 10 = 66, eine Schnapszahl.",
    ),
    "ex2.costly": (
        "43/56 is the probability that the card costs a token. The question asks for a safe card.",
        "43/56 ist die Wahrscheinlichkeit, dass die Karte einen Chip kostet. Gefragt ist eine sichere Karte.",
    ),
    "ex2.one_kind": (
        (
            "9/56 leaves out one kind of safe card. Count all three: the 0s (4 cards), the direction changes (5) "
            "and the 2x cards (4)."
        ),
        (
            "9/56 lässt eine Sorte sicherer Karten aus. Zähl alle drei: die 0 (4 Karten), die Richtungswechsel (5) "
            "und die 2x (4)."
        ),
    ),
    "ex2.quarter": (
        (
            "1/4 would be 14 of the 56 cards. Count the safe cards exactly: the 0s (4 cards), the direction "
            "changes (5) and the 2x cards (4)."
        ),
        (
            "1/4 wären 14 der 56 Karten. Zähl die sicheren Karten genau: die 0 (4 Karten), die Richtungswechsel (5) "
            "und die 2x (4)."
        ),
    ),
    "ex2.hint": (
        "Only cards that keep the total are safe here: 0, direction change and 2x.",
        "Sicher sind hier nur Karten, die die Summe behalten: 0, Richtungswechsel und 2x.",
    ),
    "ex3.q": (
        (
            "Why it matters: the total is 70 and your 5 cards are a random hand from a full deck. What is the "
            "probability that none of them is safe, so that whatever you play costs a token? (Your first card is "
            "unsafe with probability 24/56, your second then with 23/55, …)"
        ),
        (
            "Warum das wichtig ist: Die Summe ist 70, und deine 5 Karten sind eine zufällige Hand aus einem vollen "
            "Stapel. Wie groß ist die Wahrscheinlichkeit, dass keine davon sicher ist, sodass jede Karte, die du "
            "spielst, einen Chip kostet? (Deine erste Karte ist mit der Wahrscheinlichkeit 24/56 unsicher, deine "
            "zweite dann mit 23/55, …)"
        ),
    ),
    "ex3.hint": (
        (
            "At 70 every card from 7 up makes 77 or more: 3 + 3 + 3 + 8 + 6 + 1 = 24 of the 56 cards (7, 8, 9, "
            "the 10s, 11 … 66, 76), and none makes a doublet. All 5 cards must be among those 24: the first with "
            "probability 24/56, then the second with 23/55, and so on."
        ),
        (
            "Bei 70 macht jede Karte ab 7 die Summe 77 oder mehr: 3 + 3 + 3 + 8 + 6 + 1 = 24 der 56 Karten (7, "
            "8, 9, die 10er, 11 … 66, 76), und keine macht eine Schnapszahl. Alle 5 Karten müssen unter diesen 24 "
            "sein: die erste mit Wahrscheinlichkeit 24/56, dann die zweite mit 23/55, und so weiter."
        ),
    ),
    "ex3.replaced": (
        (
            "(24/56)⁵ = (3/7)⁵ draws every card afresh from the full deck. Your hand holds 5 different cards: after "
            "one costly card, 23 of the 55 cards left cost a token."
        ),
        (
            "(24/56)⁵ = (3/7)⁵ zieht jede Karte neu aus dem vollen Stapel. Deine Hand hat aber 5 verschiedene "
            "Karten: Nach einer teuren Karte kosten noch 23 der 55 übrigen Karten einen Chip."
        ),
    ),
    "ex3.one_card": (
        "24/56 = 3/7 is one card. All 5 cards of your hand must cost a token.",
        "24/56 = 3/7 gilt für eine Karte. Alle 5 Karten deiner Hand müssen einen Chip kosten.",
    ),
    "ex3.solution": (
        (
            "(24/56) · (23/55) · (22/54) · (21/53) · (20/52) = {p}. So you almost always hold a safe card at 70: "
            "keep your 0, direction change and 2x for such moments."
        ),
        (
            "(24/56) · (23/55) · (22/54) · (21/53) · (20/52) = {p}. Bei 70 hast du also fast immer eine sichere "
            "Karte: Heb deine 0, Richtungswechsel und 2x für solche Momente auf."
        ),
    ),
    "app.title": (
        "Doublets and the 77 bust",
        "Schnapszahlen und die 77",
    ),
    "app.blurb": (
        "Double Down: at total 65, what is the probability that the next card costs a token?",
        "Double Down: Wie groß ist die Wahrscheinlichkeit, dass die nächste Karte bei Summe 65 einen Chip kostet?",
    ),
    "doublet45.q": (
        (
            "The total is 45. What is the probability that the next card, drawn at random from a full deck, "
            "makes a doublet? (The deck: 4 × −10, 4 × 0, three each of 2 to 9, 8 × 10, one each of 11, 22, "
            "33, 44, 55, 66 and 76, 4 × 2x, 5 × direction change.)"
        ),
        (
            "Die Summe ist 45. Wie groß ist die Wahrscheinlichkeit, dass die nächste Karte, zufällig aus "
            "einem vollen Stapel gezogen, eine Schnapszahl ergibt? (Der Stapel: 4 × −10, 4 × 0, je 3 × 2 bis "
            "9, 8 × 10, je einmal 11, 22, 33, 44, 55, 66 und 76, 4 × 2x, 5 × Richtungswechsel.)"
        ),
    ),
    "doublet45.hint": (
        (
            "Which doublets are near 45? For each, which card would get there, and how many of that card are "
            "in the deck?"
        ),
        ("Welche Schnapszahlen liegen nahe bei 45? Welche Karte käme jeweils dorthin, und wie oft ist sie im Stapel?"),
    ),
    "doublet45.solution": (
        (
            "From 45: 55 needs a 10 (8 cards), 44 would need −1 and 66 would need 21 (no such cards); 0, "
            "direction change and 2x repeat 45, which is no doublet. So 8 of the 56 cards: 8/56 = 1/7 ≈ 14.3 "
            "%."
        ),
        (
            "Von 45 aus: 55 braucht eine 10 (8 Karten), 44 bräuchte −1 und 66 bräuchte 21 (solche Karten gibt"
            " es nicht); 0, Richtungswechsel und 2x wiederholen die 45, und das ist keine Schnapszahl. Also 8"
            " der 56 Karten: 8/56 = 1/7 ≈ 14,3 %."
        ),
    ),
    "doublet45.one_card": (
        ("1/56 is one card. Several cards of the deck show 10."),
        ("1/56 ist eine Karte. Im Stapel zeigen mehrere Karten eine 10."),
    ),
}
