"""The words of Lesson 5 (full games), English and German: one table, registered in the core catalogue by the
lesson module (``words("lesson/full_games/", TEXTS)``). Kept apart so the lesson module holds only its logic; a
translator edits this file alone, and a test checks both languages have the same placeholders."""

TEXTS: dict[str, tuple[str, str]] = {
    "question": (
        (
            "Double Donkey has two sets of rules: the English rulebook's, and the German ones (from a German "
            "review). They differ in only three places: the last die, a "
            "tie for the Biggest Donkey, and the moment you win. <b>Which rules make the games shorter?</b>"
        ),
        (
            "Double Donkey gibt es mit zwei Regelsätzen: den Regeln der englischen Anleitung und den deutschen (aus "
            "einer deutschen Besprechung). Sie unterscheiden sich an "
            "nur drei Stellen: beim letzten Würfel, bei einem Gleichstand um den "
            "Oberesel und im Moment, in dem man gewinnt. <b>Mit welchen Regeln sind die Spiele kürzer?</b>"
        ),
    ),
    "differences": (
        (
            "<table class='dl-variant-table'><thead><tr><th></th><th>English rules</th><th>German "
            "rules</th></tr></thead><tbody><tr><th>The last die</th><td>may be rolled once more, or "
            "kept</td><td>is always rolled</td></tr><tr><th>A tie for the Biggest Donkey</th>"
            "<td>the tied player with the fewest cards in their own pile gets it; dice only "
            "if still tied</td><td>the tied players roll dice at once (our ruling: the German text says nothing "
            "about ties)</td></tr><tr><th>Winning</th><td>after the refills: whoever has no cards "
            "left, none in "
            "hand and none in their own pile, "
            "wins</td><td>at the reveal: whoever played their last card wins at "
            "once</td></tr></tbody></table>"
        ),
        (
            "<table class='dl-variant-table'><thead><tr><th></th><th>Englische Regeln</th><th>Deutsche "
            "Regeln</th></tr></thead><tbody><tr><th>Der letzte Würfel</th><td>darf noch einmal "
            "geworfen oder behalten werden</td><td>wird immer geworfen</td></tr><tr><th>Gleichstand um den "
            "Oberesel</th><td>wer von ihnen die wenigsten Karten im eigenen Stapel hat, bekommt "
            "ihn; nur wenn dann noch Gleichstand ist, wird gewürfelt</td><td>die Beteiligten würfeln sofort "
            "(unsere Festlegung: Der deutsche Text sagt nichts zum Gleichstand)</td></tr><tr><th>Gewinnen</th>"
            "<td>nach dem Auffüllen: Wer keine Handkarten und keinen eigenen Stapel mehr hat, "
            "gewinnt</td><td>beim "
            "Aufdecken: Wer seine letzte Karte ausgespielt hat, gewinnt sofort</td></tr></tbody></table>"
        ),
    ),
    "prompt": (
        "Which rules make Double Donkey games shorter?",
        "Mit welchen Regeln ist Double Donkey schneller vorbei?",
    ),
    "choices.same": (
        "about the same",
        "etwa gleich",
    ),
    "hints.double_donkey": (
        (
            "Bots that choose at random play one game, shown just before the <b>last cards</b> are played: "
            "<b>Step</b> shows who wins, <b>Back</b> goes back through the game. Then switch the rules: you get "
            "the same shuffled cards. Does the game now end in an earlier round, a later one or the same? "
            "Names like DD-END-1 on the rule card are our labels for the rulebook's rules."
        ),
        (
            "Bots, die zufällig wählen, spielen ein Spiel; du siehst es kurz bevor die <b>letzten Karten</b> gespielt "
            "werden: Drück <b>Schritt</b>, um zu sehen, wer gewinnt, und <b>Zurück</b>, um durch das Spiel "
            "zurückzugehen. Wechsle dann die Regeln: Du bekommst dieselben gemischten Karten. Endet das Spiel jetzt in "
            "einer früheren Runde, einer späteren oder derselben? Namen wie DD-END-1 auf der Regelkarte sind "
            "unsere Kürzel für die Regeln aus der Spielanleitung."
        ),
    ),
    "tab_titles.double_donkey": (
        "One game, both sets of rules",
        "Ein Spiel, beide Regelsätze",
    ),
    "measured": (
        (
            "The whole measurement: it is far too much work to compute these numbers exactly, since a whole game "
            "has so many dice rolls and shuffles. So they are <b>measured</b> from games of bots that choose at "
            "random. The games are random but repeatable: this page always plays the same ones, so it always "
            "shows the same table. A 95 % interval (in brackets; statisticians call it a confidence interval) "
            "comes from a method that catches the true value in about 95 of 100 experiments like this "
            "one. In about 5 of 100 it misses, and no one can tell which experiments those are."
        ),
        (
            "Die ganze Messung: Diese Zahlen exakt auszurechnen wäre viel zu viel Arbeit, denn ein ganzes Spiel hat "
            "sehr viele Würfe und Mischungen. Darum werden sie aus Spielen von Bots, die zufällig wählen, "
            "<b>gemessen</b>. Die Spiele sind zufällig, aber wiederholbar: Diese Seite spielt immer dieselben und "
            "zeigt darum immer dieselbe Tabelle. Ein "
            "95-%-Intervall (in Klammern; in der Statistik heißt es Konfidenzintervall) kommt aus einem "
            "Verfahren, das den wahren Wert in etwa 95 von "
            "100 solchen Experimenten einfängt. In etwa 5 von 100 verfehlt es ihn, und niemand weiß, welche "
            "Experimente das sind."
        ),
    ),
    # the teacher's key (a pupil's page says the pupil's own run: ``full_games_run``)
    "key_notice": (
        (
            "<ul><li>Each pupil's page quotes the pupil's own run ({own} pairs of games). A long run: German "
            "games are shorter, by about half a round (about {de_rounds} rounds instead of "
            "{en_rounds}): {pairs} pairs of games measured {diff} rounds (95 % interval {diff_low} to "
            "{diff_high}), with bots that pick each allowed play with equal chance, so one of 7 plays with 3 cards "
            "in hand.</li><li>Most of it comes from the end: with the German rules you win the moment "
            "your last card is revealed and your own pile is empty. With the English rules, if that card made you "
            "the Biggest Donkey, you refill your hand with three cards from the middle pile and play on.</li>"
            "<li>The tie rule saves {tie} rounds alone: our ruling, as the German text says nothing about "
            "them.</li></ul>"
        ),
        (
            "<ul><li>Jede Schülerseite nennt den eigenen Lauf ({own} Paare von Spielen). Ein langer Lauf: Mit "
            "den deutschen Regeln sind die Spiele im Schnitt um etwa eine halbe Runde kürzer (etwa "
            "{de_rounds} statt {en_rounds} Runden): Ein Lauf mit {pairs} Paaren von Spielen ergab {diff} Runden "
            "(95-%-Intervall {diff_low} bis {diff_high}), mit Bots, die jeden erlaubten Zug gleich wahrscheinlich "
            "wählen, mit 3 Handkarten also einen von 7.</li><li>Den größten Teil davon macht das Ende "
            "aus: Mit den deutschen Regeln gewinnst du, sobald deine letzte Karte aufgedeckt und dein eigener "
            "Stapel leer ist. Hat dich diese Karte mit den englischen Regeln zum Oberesel gemacht, ziehst du drei "
            "Karten vom Stapel in der Mitte nach und spielst weiter.</li><li>Der Gleichstand spart "
            "allein {tie} Runden: unsere Festlegung, denn der deutsche Text sagt nichts dazu.</li></ul>"
        ),
    ),
    "exercises": (
        (
            "Your last card is revealed, your own pile is empty, and your card is the highest: you are the "
            "Biggest Donkey. Do you win with the English rules? With the German rules?"
        ),
        (
            "Deine letzte Karte wird aufgedeckt, dein eigener Stapel ist leer, und deine Karte ist die höchste: "
            "Du bist der Oberesel. Gewinnst du mit den englischen Regeln? Mit den deutschen?"
        ),
    ),
    "exercises2": (
        (
            "English: no — the Biggest Donkey refills from the middle pile, so your hand is not "
            "empty after the refills. German: yes — you win at the reveal, before any refill."
        ),
        (
            "Englisch: nein — der Oberesel füllt vom Stapel in der Mitte auf, also ist deine Hand "
            "nach dem Auffüllen nicht leer. Deutsch: ja — du gewinnst beim Aufdecken, vor dem "
            "Auffüllen."
        ),
    ),
    "exercises5": (
        (
            "Two players have equally high cards, and no card is higher: a tie for the Biggest Donkey. Anna has 2 "
            "cards left in her own pile, Ben has 5. Who gets it with the English rules, and why does that make "
            "English games longer?"
        ),
        (
            "Zwei Spieler haben gleich hohe Karten, und keine Karte ist höher: Gleichstand um den Oberesel. Anna "
            "hat noch 2 Karten im eigenen Stapel, Ben 5. Wer bekommt mit den englischen Regeln den Oberesel, und "
            "warum macht das englische Spiele länger?"
        ),
    ),
    "exercises6": (
        (
            "Anna, who has fewer cards in her pile. She is the one closer to winning, and the "
            "Biggest Donkey refills from the middle pile instead of her own, so her pile does not shrink this "
            "round."
        ),
        (
            "Anna, weil sie weniger Karten im Stapel hat. Sie ist dem Sieg näher, und der "
            "Oberesel füllt vom Stapel in der Mitte auf statt vom eigenen, also wird ihr Stapel in dieser Runde "
            "nicht kleiner."
        ),
    ),
    "title": (
        "Lesson 5 — Full games: which rules are faster?",
        "Lektion 5 — Ganze Spiele: Welche Regeln sind schneller?",
    ),
    "question.how_sure": (
        (
            "<b>And how sure can we be?</b> It is far too much work to compute exactly, so we measure it: bots "
            "choosing their moves at random play the same shuffled cards with both sets of rules, thousands of "
            "times."
        ),
        (
            "<b>Und wie sicher können wir sein?</b> Das exakt auszurechnen wäre viel zu viel Arbeit, also messen "
            "wir es: Bots, "
            "die ihre Züge zufällig wählen, spielen dieselben gemischten Karten mit beiden Regelsätzen, tausende "
            "Male."
        ),
    ),
    "answer_text": (
        (
            "<b>{lead}</b>: over {pairs} pairs of games, each pair with the same cards, the English game lasted "
            "{diff} rounds longer on average (95 % interval {diff_low} to {diff_high}). A game lasts about {en_rounds} "
            "rounds with the English rules and {de_rounds} with the German ones."
        ),
        (
            "<b>{lead}</b>: In {pairs} Paaren von Spielen, jedes Paar mit denselben Karten, dauerte das englische "
            "Spiel im Mittel {diff} Runden länger (95-%-Intervall {diff_low} bis {diff_high}). Ein Spiel dauert "
            "mit den englischen Regeln etwa {en_rounds} Runden, mit den deutschen etwa {de_rounds}."
        ),
    ),
    "live_intro": (
        (
            "Press Start: bots choosing at random play 2,000 pairs of games, each pair with the same cards under "
            "both sets of rules. The blue line is the <b>average</b> of “English rounds minus German rounds” so "
            "far. The shaded band is its <b>95 % interval</b>: bands made this way catch the true average (of "
            "endlessly many games) in about 95 of 100 runs. Its width shrinks like 1 ÷ √(number of games): 4 times "
            "as many games, half as wide."
        ),
        (
            "Drück Start: Bots, die zufällig wählen, spielen 2.000 Paare von Spielen, jedes Paar mit denselben "
            "Karten unter beiden Regelsätzen. Die blaue Linie ist der <b>Mittelwert</b> von „englische Runden "
            "minus deutsche Runden“ bis jetzt. Das Band ist sein <b>95-%-Intervall</b>: So gebildete Bänder fangen "
            "den wahren Mittelwert (von endlos vielen Spielen) in etwa 95 von 100 Läufen ein. Seine Breite "
            "schrumpft wie 1 durch die Wurzel aus der Zahl der Spiele: 4-mal so viele Spiele, halb so breit."
        ),
    ),
    "ex2.q": (
        (
            "A measurement from 200 pairs of games has a 95 % interval. About how wide is the interval from 800 "
            "pairs, compared with the one from 200? Give it as a fraction (2/3 would mean: two thirds as wide)."
        ),
        (
            "Eine Messung aus 200 Paaren von Spielen hat ein 95-%-Intervall. Etwa wie breit ist das Intervall aus "
            "800 Paaren im Vergleich zu dem aus 200? Gib es als Bruch an (2/3 hieße: zwei Drittel so breit)."
        ),
    ),
    "ex2.hint": (
        "The width shrinks like 1 divided by the square root of the number of games.",
        "Die Breite schrumpft wie 1 geteilt durch die Wurzel aus der Zahl der Spiele.",
    ),
    "ex2.solution": (
        (
            "1/2: 800 pairs are 4 times as many, and √4 = 2, so the width is about half (about, because a new run "
            "measures the spread anew). The button under the "
            "table (going further) plays 1,000 games of each, 5 times as many as 200: then the width changes by "
            "the factor √(200/1000) ≈ 0.45. Press it to check."
        ),
        (
            "1/2: 800 Paare sind 4-mal so viele, und √4 = 2, also ist die Breite etwa die Hälfte (etwa, weil ein neuer "
            "Lauf die Streuung neu misst). Der Knopf unter "
            "der Tabelle (weiter gedacht) spielt 1.000 Spiele je Regelsatz, 5-mal so viele wie 200: Dann ändert "
            "sich die Breite um den Faktor √(200/1000) ≈ 0,45. Prüf es mit dem Knopf."
        ),
    ),
    "ex2.like_n": (
        (
            "1/4 would be right if the width shrank like 1 divided by the number of games. It shrinks like 1 "
            "divided by the square root of the number of games."
        ),
        (
            "1/4 wäre richtig, wenn die Breite wie 1 geteilt durch die Zahl der Spiele schrumpfen würde. Sie "
            "schrumpft aber wie 1 geteilt durch die Wurzel aus der Zahl der Spiele."
        ),
    ),
    "ex2.wider": (
        (
            "With more games the intervals get narrower, so the factor is smaller than 1. Divide the new width "
            "by the old one."
        ),
        (
            "Mit mehr Spielen werden die Intervalle schmaler, der Faktor ist also kleiner als 1. Teile die neue "
            "Breite durch die alte."
        ),
    ),
    "ex4.q": (
        (
            "Why it matters: with the German rules your card ties with one other player's for the highest card. "
            "Our ruling for the German rules: both roll a die at once, the higher wins, and a tie is rolled "
            "again. What is the probability that you become the Biggest Donkey?"
        ),
        (
            "Warum das wichtig ist: Mit den deutschen Regeln haben du und ein anderer Spieler gleich hohe Karten, und "
            "keine Karte ist höher. Unsere Festlegung für die deutschen Regeln: Beide würfeln sofort, der höhere "
            "Wurf gewinnt, bei Gleichstand wird neu gewürfelt. Wie groß ist die Wahrscheinlichkeit, dass du "
            "Oberesel wirst?"
        ),
    ),
    "ex4.hint": (
        "The two of you are in the same position: nothing favours either.",
        "Ihr zwei seid in derselben Lage: Nichts bevorzugt einen von euch.",
    ),
    "ex4.first_roll": (
        (
            "5/12 is the probability that your first roll is higher. But a tie (1/6) is rolled again, and then "
            "you are both in the same position as before."
        ),
        (
            "5/12 ist die Wahrscheinlichkeit, dass dein erster Wurf höher ist. Aber ein Gleichstand (1/6) wird "
            "neu gewürfelt, und dann seid ihr beide wieder in derselben Lage wie vorher."
        ),
    ),
    "ex4.solution": (
        (
            "1/2 = 50 %: the roll-off treats both players alike, and re-rolling a tie changes nothing about "
            "that. So a tying card is a coin toss for the Biggest Donkey."
        ),
        (
            "1/2 = 50 %: Das Würfeln behandelt beide gleich, und neu würfeln bei Gleichstand ändert daran "
            "nichts. Bei gleich hohen Karten entscheidet also ein Münzwurf über den Oberesel."
        ),
    ),
    "further.intro": (
        (
            "Game by game: how long, and who wins. Press Start on each plot: bots that choose at random play "
            "1,000 games with each set of rules, and the bars fill in. A shared win counts for every winner, so "
            "the winners' bars add up to more than 100 %."
        ),
        (
            "Spiel für Spiel: wie lange und wer gewinnt. Drück Start bei jedem Diagramm: Bots, die zufällig "
            "wählen, spielen 1.000 Spiele mit jedem Regelsatz, und die Balken wachsen dabei. Ein geteilter Sieg "
            "zählt für jeden Gewinner, darum ergeben die Balken der Gewinner zusammen mehr als 100 %."
        ),
    ),
    "app.title": (
        "Full games: English or German rules?",
        "Ganze Spiele: englische oder deutsche Regeln?",
    ),
    "app.blurb": (
        "Which rules make Double Donkey shorter, and how sure can we be? Random bots play thousands of games.",
        (
            "Mit welchen Regeln ist Double Donkey kürzer, und wie sicher können wir sein? Zufalls-Bots spielen "
            "tausende Spiele."
        ),
    ),
    "differences.title": (
        "The three differences between the rules",
        "Die drei Unterschiede zwischen den Regeln",
    ),
    "differences.note": (
        ("The German rules come from a German description of the game; where it says nothing, we made a ruling."),
        (
            "Die deutschen Regeln stammen aus einer deutschen Beschreibung des Spiels; wo sie nichts sagt, haben "
            "wir etwas festgelegt."
        ),
    ),
    "further.pairs": (
        (
            "<ul><li>Which difference saves the rounds? Switched on alone in the English rules, the German end "
            "saves {end} rounds ({end_low} to {end_high}). The tie rule saves less, {tie} "
            "rounds alone ({tie_low} to {tie_high}): with the "
            "English rules a tie goes to the player with the fewest cards in their own pile — the one closest to "
            "winning, who then refills from the middle pile. The German tie rule (roll the dice at "
            "once) is our ruling, not the German text's: that text says nothing about ties. The last die "
            "makes no difference we could measure. (The two savings add up to more than {diff}: "
            "partly they shorten the same games.) Each from {pairs} pairs of games of four bots choosing at "
            "random; in brackets the 95 % intervals.</li><li>Every game is played under both sets of rules from "
            "the same shuffled cards. Comparing each game with its twin removes the luck of the cards that "
            "both games share. That is why the interval of the difference (the line under the table) is a little "
            "narrower than it would be without the pairs: the twins share their cards, but not their dice or the "
            "bots' choices.</li><li>Two overlapping 95 % intervals do not show that there is no "
            "difference: to compare two numbers, look at the interval of their difference. If it does not contain 0, "
            "the games show a difference (even when there is really no difference, this happens in about 5 of 100 "
            "such experiments). If it contains 0, the "
            "games have not shown a difference, which is not the "
            "same as showing that there is none. The table gives no interval for the difference of two players' win "
            "rates. With random bots no seat had a clear advantage: in {seat_games} games with each set "
            "of rules, every seat won between {seat_low} and {seat_high} of them. More games make the intervals "
            "narrower: "
            "press the button under the table or Start on a plot.</li></ul>"
        ),
        (
            "<ul><li>Welcher Unterschied spart die Runden? Allein in den englischen Regeln eingeschaltet, spart "
            "das deutsche Ende {end} Runden ({end_low} bis {end_high}). Die Gleichstand-Regel "
            "spart weniger, allein {tie} Runden ({tie_low} bis {tie_high}): Mit den englischen Regeln "
            "bekommt bei Gleichstand derjenige den Oberesel, der die wenigsten Karten im eigenen Stapel hat — also "
            "der, der dem Sieg am nächsten ist und dann vom Stapel in der Mitte auffüllt. Die deutsche "
            "Gleichstand-Regel (sofort würfeln) ist unsere Festlegung, nicht die des deutschen Textes: Der sagt nichts "
            "zum Gleichstand. Der letzte Würfel macht keinen Unterschied, den wir messen konnten. (Einzeln "
            "gemessen ergeben beide zusammen mehr als {diff} Runden: Zum Teil verkürzen sie dieselben Spiele.) Jeweils "
            "aus {pairs} Paaren von Spielen mit vier zufällig wählenden Bots; in Klammern die "
            "95-%-Intervalle.</li><li>Jedes Spiel wird unter beiden Regelsätzen mit denselben gemischten Karten "
            "gespielt. Vergleicht man jedes Spiel mit seinem Zwilling, fällt das Kartenglück weg, das beide Spiele "
            "teilen. Darum ist das Intervall des Unterschieds (die Zeile unter der Tabelle) etwas schmaler, als es "
            "ohne die Paare wäre: Die Zwillinge teilen ihre Karten, aber nicht ihre Würfel oder die Züge der "
            "Bots.</li><li>Zwei 95-%-Intervalle, die sich überlappen, zeigen nicht, dass es keinen Unterschied "
            "gibt: Um zwei Zahlen zu vergleichen, schau auf das Intervall ihres Unterschieds. Enthält es die 0 nicht, "
            "zeigen die Spiele einen Unterschied (auch wenn es in Wahrheit keinen Unterschied gibt, passiert das in "
            "etwa 5 von 100 solchen Experimenten). "
            "Enthält es die 0, haben die Spiele keinen Unterschied gezeigt – das "
            "ist nicht dasselbe wie zu zeigen, dass es keinen gibt. Für "
            "den Unterschied der Gewinnanteile zweier Spieler zeigt die Tabelle kein Intervall. Bei "
            "zufällig wählenden Bots hatte kein Platz einen deutlichen Vorteil: In {seat_games} Spielen mit jedem "
            "Regelsatz "
            "gewann jeder Platz zwischen {seat_low} und {seat_high} davon. Mehr Spiele machen die Intervalle schmaler: "
            "Drück den Knopf unter "
            "der Tabelle oder Start bei einem Diagramm.</li></ul>"
        ),
    ),
}
