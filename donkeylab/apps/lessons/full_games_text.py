"""The words of Lesson 5 (full games), English and German: one table, registered in the core catalogue by the
lesson module (``words("lesson/full_games/", TEXTS)``). Kept apart so the lesson module holds only its logic; a
translator edits this file alone, and a test checks both languages have the same placeholders."""

TEXTS: dict[str, tuple[str, str]] = {
    "question": (
        (
            "Double Donkey comes with two sets of rules: the English rulebook's and the German rules (from a "
            "German description of the game; where it says nothing, we made a ruling). They differ in only three "
            "places (the table below). Bots play the same shuffled cards with both sets of rules, hundreds of "
            "times. <b>Which rules make the games shorter?</b>"
        ),
        (
            "Double Donkey gibt es mit zwei Regelsätzen: den Regeln der englischen Anleitung und den deutschen "
            "Regeln (aus einer deutschen Beschreibung des Spiels; wo sie nichts sagt, haben wir etwas festgelegt). "
            "Sie unterscheiden sich nur an drei Stellen (Tabelle unten). Bots spielen dieselben gemischten Karten "
            "mit beiden Regelsätzen, hunderte Male. <b>Mit welchen Regeln sind die Spiele kürzer?</b>"
        ),
    ),
    "differences": (
        (
            "<table class='dl-variant-table'><thead><tr><th></th><th>English rules</th><th>German "
            "rules</th></tr></thead><tbody><tr><th>The last die (DD-DICE-3)</th><td>may be rolled once more, or "
            "kept</td><td>is always rolled</td></tr><tr><th>A tie for the Biggest Donkey "
            "(DD-BIGGEST-2)</th><td>the tied player with the fewest cards in their own pile gets it; dice only if "
            "still tied</td><td>the tied players roll dice at once (our ruling: the German text says nothing about "
            "ties)</td></tr><tr><th>Winning (DD-END-1)</th><td>after the refills: whose hand and own pile are "
            "empty wins</td><td>at the reveal: whoever played their last card wins at "
            "once</td></tr></tbody></table>"
        ),
        (
            "<table class='dl-variant-table'><thead><tr><th></th><th>Englische Regeln</th><th>Deutsche "
            "Regeln</th></tr></thead><tbody><tr><th>Der letzte Würfel (DD-DICE-3)</th><td>darf noch einmal "
            "geworfen oder behalten werden</td><td>wird immer geworfen</td></tr><tr><th>Gleichstand um den "
            "Oberesel (DD-BIGGEST-2)</th><td>wer von ihnen die wenigsten Karten im eigenen Stapel hat, bekommt "
            "ihn; erst dann wird gewürfelt</td><td>die Beteiligten würfeln sofort (unsere Festlegung: Der deutsche "
            "Text sagt nichts zu Gleichstand)</td></tr><tr><th>Gewinnen (DD-END-1)</th><td>nach dem Auffüllen: "
            "wessen Hand und eigener Stapel leer sind, gewinnt</td><td>beim Aufdecken: wer seine letzte Karte "
            "ausgespielt hat, gewinnt sofort</td></tr></tbody></table>"
        ),
    ),
    "prompt": (
        "Which rules make Double Donkey games shorter?",
        "Mit welchen Regeln ist Double Donkey schneller vorbei?",
    ),
    "pending": (
        "The bots are still playing: look again when the table under 'The answer, measured' is full.",
        "Die Bots spielen noch: schau noch einmal, wenn die Tabelle unter 'Die Antwort, gemessen' fertig ist.",
    ),
    "choices.same": (
        "about the same",
        "etwa gleich",
    ),
    "hints.double_donkey": (
        (
            "This game stands at the start of its <b>last round</b>. Press <b>Step</b> to see the last cards "
            "revealed and who wins (DD-END-1); <b>Back</b> goes back through the whole game. Switch the rules: the "
            "same seed deals the same cards."
        ),
        (
            "Dieses Spiel steht am Anfang seiner <b>letzten Runde</b>. Drück <b>Schritt</b>, um die letzten Karten "
            "aufgedeckt zu sehen und wer gewinnt (DD-END-1); mit <b>Zurück</b> geht es durch das ganze Spiel "
            "zurück. Wechsle die Regeln: derselbe Startwert teilt dieselben Karten aus."
        ),
    ),
    "hints.double_down": (
        "Bots play a whole game of Double Down. Press <b>Play</b> to watch it, or <b>Step</b> one move at a time.",
        (
            "Bots spielen eine ganze Partie Double Down. Drück <b>Abspielen</b> zum Zuschauen oder <b>Schritt</b> "
            "für einen Zug nach dem anderen."
        ),
    ),
    "hints.esels_rennen": (
        (
            "Bots race the donkeys in Esels-Rennen. Press <b>Play</b> to watch the race, or <b>Step</b> one move "
            "at a time."
        ),
        (
            "Bots lassen die Esel im Esels-Rennen laufen. Drück <b>Abspielen</b> zum Zuschauen oder <b>Schritt</b> "
            "für einen Zug nach dem anderen."
        ),
    ),
    "tab_titles.double_donkey": (
        "Double Donkey",
        "Double Donkey",
    ),
    "tab_titles.double_down": (
        "Double Down",
        "Double Down",
    ),
    "tab_titles.esels_rennen": (
        "Esels-Rennen",
        "Esels-Rennen",
    ),
    "measured": (
        (
            "Nobody can compute these numbers exactly: a whole game has far too many dice rolls and shuffles. So "
            "the answer is <b>measured</b> from seeded bot games (the same seed always gives the same table). A "
            "95% confidence interval (in brackets) comes from a method that catches the true value in about 95 of "
            "100 experiments like this one. In the other 5 it misses, and no one can tell which experiments those "
            "are."
        ),
        (
            "Diese Zahlen kann niemand exakt ausrechnen: ein ganzes Spiel hat viel zu viele Würfe und Mischungen. "
            "Darum wird die Antwort aus Bot-Spielen mit festem Startwert <b>gemessen</b> (derselbe Startwert "
            "ergibt immer dieselbe Tabelle). Ein 95-%-Konfidenzintervall (in Klammern) kommt aus einem Verfahren, "
            "das den wahren Wert in etwa 95 von 100 solchen Experimenten einfängt. In den anderen 5 verfehlt es "
            "ihn, und niemand weiß, welche Experimente das sind."
        ),
    ),
    "plot_hint": (
        "Press <b>Start</b>: bots play 1,000 games with each set of rules, and the bars fill in as they go.",
        "Drück <b>Start</b>: Bots spielen 1.000 Spiele mit jedem Regelsatz, und die Balken wachsen dabei.",
    ),
    "notice": (
        (
            "<ul><li>German games are shorter — by about two thirds of a round. Two of the three differences do "
            "it, about equally. The end (DD-END-1): with the German rules you win the moment your last card is "
            "revealed; with the English rules you must also get through the refill — if your last card made you "
            "the Biggest Donkey, you draw a new card from the middle pile (DD-REFILL-1) and play on. And the tie "
            "rule (DD-BIGGEST-2): with the English rules a tie goes to the player with the fewest cards in their "
            "own pile — the one closest to winning. The German tie rule (roll the dice at once) is our ruling, not "
            "the German text's: that text says nothing about ties. The last die (DD-DICE-3) hardly changes the "
            "length.</li><li>Game 1 starts from the same cards with both sets of rules, and so does every other "
            "game. Comparing each game with its twin removes the luck of the cards that both games share. That is "
            "why the interval of the difference (the line under the table) is narrower than it would be without "
            "the pairs.</li><li>Two overlapping 95% intervals do not show that there is no difference: to compare "
            "two numbers, look at the interval of their difference. If it does not contain 0, the games show a "
            "difference. The table gives no interval for the difference of two players' win rates, so it does not "
            "tell whether one seat wins more often. More games make the intervals narrower: press the button under "
            "the table or Start on a plot.</li></ul>"
        ),
        (
            "<ul><li>Deutsche Spiele sind kürzer — um etwa zwei Drittel einer Runde. Das machen zwei der drei "
            "Unterschiede, etwa gleich stark. Das Ende (DD-END-1): Mit den deutschen Regeln gewinnst du, sobald "
            "deine letzte Karte aufgedeckt ist; mit den englischen Regeln musst du auch noch das Auffüllen "
            "überstehen — hat dich deine letzte Karte zum Oberesel gemacht, ziehst du eine neue Karte vom Stapel "
            "in der Mitte (DD-REFILL-1) und spielst weiter. Und die Gleichstand-Regel (DD-BIGGEST-2): Mit den "
            "englischen Regeln bekommt bei Gleichstand der den Oberesel, der die wenigsten Karten im eigenen "
            "Stapel hat — also der, der dem Sieg am nächsten ist. Die deutsche Gleichstand-Regel (sofort würfeln) "
            "ist unsere Festlegung, nicht die des deutschen Textes: Der sagt nichts zu Gleichstand. Der letzte "
            "Würfel (DD-DICE-3) ändert die Länge kaum.</li><li>Spiel 1 beginnt mit beiden Regelsätzen mit "
            "denselben Karten, und so jedes andere Spiel auch. Vergleicht man jedes Spiel mit seinem Zwilling, "
            "fällt das Kartenglück weg, das beide Spiele teilen. Darum ist das Intervall des Unterschieds (die "
            "Zeile unter der Tabelle) schmaler, als es ohne die Paare wäre.</li><li>Zwei Intervalle, die sich "
            "überlappen, zeigen nicht, dass es keinen Unterschied gibt: Um zwei Zahlen zu vergleichen, schau auf "
            "das Intervall ihres Unterschieds. Enthält es die 0 nicht, zeigen die Spiele einen Unterschied. Für "
            "den Unterschied der Gewinnchancen zweier Spieler zeigt die Tabelle kein Intervall, also sagt sie "
            "nicht, ob ein Platz öfter gewinnt. Mehr Spiele machen die Intervalle schmaler: Drück den Knopf unter "
            "der Tabelle oder Start bei einem Diagramm.</li></ul>"
        ),
    ),
    "exercises": (
        (
            "Your last card is revealed, your own pile is empty, and your card is the highest: you are the Biggest "
            "Donkey. Do you win with the English rules? With the German rules?"
        ),
        (
            "Deine letzte Karte wird aufgedeckt, dein eigener Stapel ist leer, und deine Karte ist die höchste: du "
            "bist der Oberesel. Gewinnst du mit den englischen Regeln? Mit den deutschen?"
        ),
    ),
    "exercises2": (
        (
            "English: no — the Biggest Donkey refills from the middle pile (DD-REFILL-1), so your hand is not "
            "empty after the refills (DD-END-1). German: yes — you win at the reveal, before any refill."
        ),
        (
            "Englisch: nein — der Oberesel füllt vom Stapel in der Mitte auf (DD-REFILL-1), also ist deine Hand "
            "nach dem Auffüllen nicht leer (DD-END-1). Deutsch: ja — du gewinnst beim Aufdecken, vor dem "
            "Auffüllen."
        ),
    ),
    "exercises5": (
        (
            "Two players tie for the Biggest Donkey: Anna has 2 cards left in her own pile, Ben has 5. Who gets it "
            "with the English rules, and why does that make English games longer?"
        ),
        (
            "Zwei Spieler haben gleich hohe Karten: Anna hat noch 2 Karten im eigenen Stapel, Ben 5. Wer bekommt "
            "mit den englischen Regeln den Oberesel, und warum macht das englische Spiele länger?"
        ),
    ),
    "exercises6": (
        (
            "Anna, who has fewer cards in her pile (DD-BIGGEST-2). She is the one closer to winning, and the "
            "Biggest Donkey refills from the middle pile instead of her own, so her pile does not shrink this "
            "round."
        ),
        (
            "Anna, weil sie weniger Karten im Stapel hat (DD-BIGGEST-2). Sie ist dem Sieg näher, und der Oberesel "
            "füllt vom Stapel in der Mitte auf statt vom eigenen, also wird ihr Stapel in dieser Runde nicht "
            "kleiner."
        ),
    ),
    "title": (
        "Lesson 5 — Full games: which rules are faster?",
        "Lektion 5 — Ganze Spiele: Welche Regeln sind schneller?",
    ),
    "question.how_sure": (
        (
            "<b>And how sure can we be?</b> Nobody can compute this exactly, so we measure it, and a measurement "
            "comes with a range."
        ),
        (
            "<b>Und wie sicher können wir sein?</b> Niemand kann das exakt ausrechnen, also messen wir es, und "
            "eine Messung hat einen Bereich."
        ),
    ),
    "answer_text": (
        (
            "<b>{lead}</b>: in {n} games from the same deals, English games lasted {en} rounds on average, German "
            "ones {de}. With the same cards, the English game lasted {diff} rounds longer."
        ),
        (
            "<b>{lead}</b>: In {n} Spielen mit denselben Karten dauerten englische Spiele im Mittel {en} Runden, "
            "deutsche {de}. Mit denselben Karten dauerte das englische Spiel {diff} Runden länger."
        ),
    ),
    "live_intro": (
        (
            "Bots play the same deal with both rules, pair after pair. The blue line is the <b>average</b> (the "
            "expected value is what this average settles at over very many games) of “English rounds minus German "
            "rounds” after N pairs. The shaded band is the <b>95 % range</b>: at each N it comes from a method "
            "that catches the true average in about 95 of 100 runs like this one. There is no exact line: nobody "
            "knows the true value. Press Start, and look at the band when the run has finished: if it lies above "
            "0, the games show that English games are longer."
        ),
        (
            "Bots spielen dieselben Karten mit beiden Regeln, Paar für Paar. Die blaue Linie ist der "
            "<b>Mittelwert</b> (der Erwartungswert ist der Wert, bei dem sich dieser Mittelwert nach sehr vielen "
            "Spielen einpendelt) von „englische Runden minus deutsche Runden“ nach N Paaren. Das Band ist der "
            "<b>95-%-Bereich</b>: Bei jedem N kommt es aus einem Verfahren, das den wahren Mittelwert in etwa 95 "
            "von 100 solchen Läufen einfängt. Eine exakte Linie gibt es nicht: Niemand kennt den wahren Wert. "
            "Drück Start und schau auf das Band, wenn der Lauf fertig ist: Liegt es über 0, zeigen die Spiele, "
            "dass englische Spiele länger sind."
        ),
    ),
    "ex2.q": (
        (
            "The table used 200 games of each. With 800 games, the intervals get narrower. By what factor does "
            "their width change? Give it as a fraction (2/3 would mean: two thirds as wide)."
        ),
        (
            "Die Tabelle nutzt 200 Spiele je Regelsatz. Mit 800 Spielen werden die Intervalle schmaler. Um welchen "
            "Faktor ändert sich ihre Breite? Gib ihn als Bruch an (2/3 hieße: zwei Drittel so breit)."
        ),
    ),
    "ex2.hint": (
        "The width shrinks like 1 divided by the square root of the number of games.",
        "Die Breite schrumpft wie 1 geteilt durch die Wurzel aus der Zahl der Spiele.",
    ),
    "ex2.solution": (
        (
            "1/2: 800 games are 4 times as many, and √4 = 2, so the width is about half. Press the button under "
            "the table to check."
        ),
        (
            "1/2: 800 Spiele sind 4-mal so viele, und √4 = 2, also ist die Breite etwa die Hälfte. Prüf es mit dem "
            "Knopf unter der Tabelle."
        ),
    ),
    "ex4.q": (
        (
            "Why it matters: with the German rules your card ties with one other player's for the highest card. Our "
            "ruling for "
            "the German rules: both roll a die at once, the higher wins, and a tie is rolled again. How likely do "
            "you become the Biggest Donkey?"
        ),
        (
            "Warum es zählt: Mit den deutschen Regeln ist deine Karte zusammen mit der eines anderen Spielers die "
            "höchste. Unsere Festlegung für die deutschen Regeln: Beide würfeln sofort, der höhere Wurf gewinnt, "
            "bei Gleichstand wird neu gewürfelt. Wie wahrscheinlich wirst du Oberesel?"
        ),
    ),
    "ex4.hint": (
        "The two of you are in the same position: nothing favours either.",
        "Ihr zwei seid in derselben Lage: Nichts bevorzugt einen von euch.",
    ),
    "ex4.solution": (
        (
            "1/2 = 50 %: the roll-off treats both players alike, and re-rolling a tie changes nothing about that. "
            "So a tying card is a coin toss for the Biggest Donkey."
        ),
        (
            "1/2 = 50 %: Das Würfeln behandelt beide gleich, und neu würfeln bei Gleichstand ändert daran nichts. "
            "Eine gleich hohe Karte ist also ein Münzwurf um den Oberesel."
        ),
    ),
    "further.intro": (
        (
            "Game by game: how long, and who wins. Press Start on each plot: bots play 1,000 games with each set "
            "of rules, and the bars fill in."
        ),
        (
            "Spiel für Spiel: wie lange, und wer gewinnt. Drück Start bei jedem Diagramm: Bots spielen 1.000 "
            "Spiele mit jedem Regelsatz, und die Balken wachsen dabei."
        ),
    ),
    "app.title": (
        "Full games: English or German rules?",
        "Ganze Spiele: englische oder deutsche Regeln?",
    ),
    "app.blurb": (
        "Which rules make Double Donkey shorter, and how sure can we be? Bots play hundreds of games.",
        "Mit welchen Regeln ist Double Donkey kürzer, und wie sicher können wir sein? Bots spielen hunderte Spiele.",
    ),
}
