"""Lesson 5 — full games. Headline: which rules make Double Donkey games shorter, the English rulebook's or the
German ones, and how sure can we be?

Nobody can compute this exactly, so the answer is measured: seeded bot games (``lab.questions_games``: game
``i`` of both variants starts from the same deal), shown as a table with 95 % confidence intervals and as a
running average of the paired difference with its band (``lesson.rounds_difference``). The pupil guesses
first and watches a bot game of each game (Double Donkey at the start of its last round, where DD-END-1
decides). Built by the lesson framework like every lesson; the bot games, the table and the measured
prediction are this lesson's own ``Custom`` sections.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from donkeylab.apps.lessons.framework import (
    Context,
    Convergence,
    Custom,
    Exercise,
    Exercises,
    GoingFurther,
    LessonSpec,
    Notice,
    Question,
    lesson_params,
)
from donkeylab.apps.lessons.framework import build as build_lesson
from donkeylab.apps.lessons.full_widgets import (
    VARIANT_NAMES,
    DonkeyPage,
    GamePage,
    GameTabs,
    MeasuredPrediction,
    VariantTable,
    mean_text,
)
from donkeylab.apps.lessons.page import Lesson, page
from donkeylab.apps.parts import Speaks, Text, by_lang
from donkeylab.apps.query import Param, Query, integer
from donkeylab.apps.registry import AppInfo, register
from donkeylab.apps.words import Say, words
from donkeylab.lab import questions_games as qg

NAME = "full_games"
PLOT_GAMES = 1_000  # per variant in each live plot (~10 s when the pupil presses Start)
PLOT_BATCH = 50
PARAMS = lesson_params(
    "double_donkey", 4, fixed_players=False, drop=("seat",), extra=[Param("games", integer(20, 1_000), 200)]
)  # step None: the start of the last round

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
            "their width change (for example 1/2)?"
        ),
        (
            "Die Tabelle nutzt 200 Spiele je Regelsatz. Mit 800 Spielen werden die Intervalle schmaler. Um welchen "
            "Faktor ändert sich ihre Breite (zum Beispiel 1/2)?"
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
say = words("lesson/full_games/", TEXTS)


CHOICES: dict[Any, Speaks] = {
    "english": VARIANT_NAMES["english"],
    "german": VARIANT_NAMES["german"],
    "same": say("choices.same"),
}
HINTS = {game: say(f"hints.{game}") for game in ("double_donkey", "double_down", "esels_rennen")}
TAB_TITLES = {game: say(f"tab_titles.{game}") for game in ("double_donkey", "double_down", "esels_rennen")}


def answer_text(results: Any) -> Say:
    """The reveal: the shorter variant and the measured difference, deal by deal, with its CI."""
    verdict = qg.shorter_variant(results)
    diff = qg.paired_difference(results)
    en_rounds, de_rounds = (qg.summary(results[v])["rounds"] for v in qg.VARIANTS)
    return say(
        "answer_text",
        lead=CHOICES[verdict],
        n=len(results["english"].records),
        en=lambda lg: mean_text(en_rounds, lg),
        de=lambda lg: mean_text(de_rounds, lg),
        diff=lambda lg: mean_text(diff, lg),
    )


class FullGames(Lesson):
    """The shared lesson shape, with handles on this lesson's own parts.

    ``step_through`` is the tabs of the three bot games, ``exact`` the measured answer (no exact value exists
    for whole games), ``answer`` the ``VariantTable`` whose seeded results a notebook's checked cell prints,
    ``live`` the running average of the paired difference, ``going_further`` the two LivePlots of
    ``double_donkey.variants`` with their caption.
    """

    @property
    def games(self) -> GameTabs:
        tabs: GameTabs = self.step_through[0]
        return tabs

    @property
    def table(self) -> VariantTable:
        table: VariantTable = self.answer
        return table

    @property
    def plot(self) -> Any:
        return self.going_further[1]

    @property
    def wins_plot(self) -> Any:
        return self.going_further[2]

    def game_stepper(self, game: str) -> Any:
        """The Stepper of ``game`` (its tab is built now if it was not opened yet)."""
        return self.games.page(game).stepper


def _table(ctx: Context) -> VariantTable:
    """The seeded experiment behind the prediction's answer and the measured table (made once per page)."""
    if "table" not in ctx.extra:
        q = ctx.query
        ctx.extra["table"] = VariantTable(q["games"], ctx.seed, q["players"], ctx.lang, background=ctx.extra["bg"])
    table: VariantTable = ctx.extra["table"]
    return table


def _prediction(ctx: Context) -> list[Any]:
    """The prediction whose answer is the table's measurement (pending while the bots still play)."""
    table = _table(ctx)
    prediction = MeasuredPrediction(say("prompt"), None, say("pending"), CHOICES, ctx.lang)
    table.on_finished(lambda: prediction.set_answer(qg.shorter_variant(table.results), answer_text(table.results)))
    return [prediction]


def _games(ctx: Context) -> list[Any]:
    q, seed, players = ctx.query, ctx.seed, ctx.query["players"]
    makers: dict[str, Any] = {
        "double_donkey": lambda lg: DonkeyPage(seed, players, q["variant"], q["step"], HINTS["double_donkey"], lg),
        "double_down": lambda lg: GamePage("double_down", seed, HINTS["double_down"], lg),
        "esels_rennen": lambda lg: GamePage("esels_rennen", seed, HINTS["esels_rennen"], lg),
    }
    tabs = GameTabs(makers, TAB_TITLES, ctx.lang)
    ctx.stepper = tabs.page("double_donkey").stepper
    return [tabs]


def _measured(ctx: Context) -> list[Any]:
    return [Text(say("measured"), lang=ctx.lang), _table(ctx)]


def _further(ctx: Context) -> list[Any]:
    from donkeylab.widgets import LivePlot

    plots = [
        LivePlot(
            "double_donkey.variants",
            PLOT_GAMES,
            ctx.seed,
            PLOT_BATCH,
            ctx.lang,
            measure=m,
            players=ctx.query["players"],
        )
        for m in qg.MEASURES
    ]  # a LivePlot's figure follows its lang, games played or not
    return [Text(say("further.intro"), lang=ctx.lang), *plots]


EXERCISES = [
    Exercise(say("exercises"), say("exercises2")),
    Exercise(say("ex2.q"), say("ex2.solution"), Fraction(1, 2), Fraction(2, 100), say("ex2.hint")),
    Exercise(say("exercises5"), say("exercises6")),
    Exercise(say("ex4.q"), say("ex4.solution"), Fraction(1, 2), Fraction(5, 1000), say("ex4.hint"), why=True),
]
LESSON = LessonSpec(
    NAME,
    say("title"),
    [
        Question(by_lang(lambda lg: "".join(say(k).get(lg) for k in ("question", "question.how_sure", "differences")))),
        Custom("prediction", _prediction, heading="predict"),
        Custom("step_through", _games, heading="watch"),
        Custom("exact", _measured, heading="measured"),
        Custom("answer", lambda ctx: [_table(ctx)], shown=False),
        Convergence(say("live_intro"), "lesson.rounds_difference", {"players": 4}, n=2_000, batch=100),
        Notice(say("notice")),
        Exercises(EXERCISES),
        GoingFurther(_further),
    ],
    PARAMS,
    share=None,
    lesson_class=FullGames,
)


def parts(query: Query | None = None, background: bool = False) -> FullGames:
    """Build every part of the lesson for ``query`` (None: the defaults).

    ``background``: the table's games are played in a background thread (an app page appears at once; the
    prediction's answer arrives with the table). Without it the table is full when ``parts`` returns.
    """
    lesson = build_lesson(LESSON, query, extra={"bg": background})
    assert isinstance(lesson, FullGames)
    return lesson


def layout(lesson: FullGames) -> Any:
    """The app page: the one lesson layout (``page.page``)."""
    return page(lesson)


def build(query: Query) -> Any:
    """The app page. The table's games are played in the background, so the page appears at once."""
    return page(parts(query, background=True))


register(AppInfo(NAME, say("app.title"), say("app.blurb"), "⚖", PARAMS, build, kind="lesson"))
