"""Lesson 5 — full games: bots play all three games; the english and german Double Donkey rules compared.

The question is one a pupil can check only by playing many games: which set of rules makes games shorter?
The page lets the pupil guess first, watch a bot game of each game (Double Donkey at the start of its last
round, where the end rule DD-END-1 decides), then read the seeded experiments (``lab.questions_games``: game
``i`` of both variants starts from the same deal) as a table with 95% CIs and as live plots. Nobody knows
these numbers exactly, so the "answer" is a seeded measurement, and the page says so.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from donkeylab.apps.lessons.full_widgets import (
    VARIANT_NAMES,
    DonkeyPage,
    GamePage,
    GameTabs,
    MeasuredPrediction,
    VariantTable,
    mean_text,
)
from donkeylab.apps.lessons.page import Lesson, make_switch
from donkeylab.apps.parts import Exercises, T, Text
from donkeylab.apps.query import MAX_STEP, Param, Query, integer, parse_query
from donkeylab.apps.registry import AppInfo, common_params, problems_box, register
from donkeylab.lab import questions_games as qg

NAME = "full_games"
PLOT_GAMES = 1_000  # per variant in each live plot (~10 s when the pupil presses Start)
PLOT_BATCH = 50


def _params() -> dict[str, Param]:
    params = common_params("double_donkey")
    del params["seat"]
    params["step"] = Param("step", integer(0, MAX_STEP), None)  # None: the start of the last round
    params["games"] = Param("games", integer(20, 1_000), 200)
    return params


PARAMS = _params()

QUESTION = T(
    "Double Donkey comes with two sets of rules: the English rulebook's and the German rules (from a German "
    "description of the game; where it says nothing, we made a ruling). They differ in only three places (the "
    "table below). Bots play the same shuffled cards with both sets of rules, hundreds of "
    "times. <b>Which rules make the games shorter?</b>",
    "Double Donkey gibt es mit zwei Regelsätzen: den Regeln der englischen Anleitung und den deutschen Regeln "
    "(aus einer deutschen Beschreibung des Spiels; wo sie nichts sagt, haben wir etwas festgelegt). Sie "
    "unterscheiden sich nur an drei Stellen (Tabelle unten). Bots spielen dieselben gemischten Karten mit beiden "
    "Regelsätzen, hunderte Male. <b>Mit welchen Regeln sind die Spiele kürzer?</b>",
)
DIFFERENCES = T(
    "<table class='dl-variant-table'><thead><tr><th></th><th>English rules</th><th>German rules</th></tr></thead>"
    "<tbody><tr><th>The last die (DD-DICE-3)</th><td>may be rolled once more, or kept</td><td>is always rolled"
    "</td></tr><tr><th>A tie for the Biggest Donkey (DD-BIGGEST-2)</th><td>the tied player with the fewest cards "
    "in their own pile gets it; dice only if still tied</td><td>the tied players roll dice at once (our ruling: "
    "the German text says nothing about ties)</td></tr>"
    "<tr><th>Winning (DD-END-1)</th><td>after the refills: whose hand and own pile are empty wins</td><td>at the "
    "reveal: whoever played their last card wins at once</td></tr></tbody></table>",
    "<table class='dl-variant-table'><thead><tr><th></th><th>Englische Regeln</th><th>Deutsche Regeln</th></tr>"
    "</thead><tbody><tr><th>Der letzte Würfel (DD-DICE-3)</th><td>darf noch einmal geworfen oder behalten werden"
    "</td><td>wird immer geworfen</td></tr><tr><th>Gleichstand um den Oberesel (DD-BIGGEST-2)</th><td>wer von "
    "ihnen die wenigsten Karten im eigenen Stapel hat, bekommt ihn; erst dann wird gewürfelt</td><td>die "
    "Beteiligten würfeln sofort (unsere Festlegung: Der deutsche Text sagt nichts zu Gleichstand)</td></tr>"
    "<tr><th>Gewinnen (DD-END-1)</th><td>nach dem Auffüllen: wessen Hand "
    "und eigener Stapel leer sind, gewinnt</td><td>beim Aufdecken: wer seine letzte Karte ausgespielt hat, "
    "gewinnt sofort</td></tr></tbody></table>",
)
PROMPT = T("Which rules make Double Donkey games shorter?", "Mit welchen Regeln ist Double Donkey schneller vorbei?")
PENDING = T(
    "The bots are still playing: look again when the table under 'The answer, measured' is full.",
    "Die Bots spielen noch: schau noch einmal, wenn die Tabelle unter 'Die Antwort, gemessen' fertig ist.",
)
CHOICES = {
    "english": VARIANT_NAMES["english"],
    "german": VARIANT_NAMES["german"],
    "same": T("about the same", "etwa gleich"),
}
HINTS = {
    "double_donkey": T(
        "This game stands at the start of its <b>last round</b>. Press <b>Step</b> to see the last cards revealed "
        "and who wins (DD-END-1); <b>Back</b> goes back through the whole game. Switch the rules: the same seed "
        "deals the same cards.",
        "Dieses Spiel steht am Anfang seiner <b>letzten Runde</b>. Drück <b>Schritt</b>, um die letzten Karten "
        "aufgedeckt zu sehen und wer gewinnt (DD-END-1); mit <b>Zurück</b> geht es durch das ganze Spiel zurück. "
        "Wechsle die Regeln: derselbe Startwert teilt dieselben Karten aus.",
    ),
    "double_down": T(
        "Bots play a whole game of Double Down. Press <b>Play</b> to watch it, or <b>Step</b> one move at a time.",
        "Bots spielen eine ganze Partie Double Down. Drück <b>Abspielen</b> zum Zuschauen oder <b>Schritt</b> für "
        "einen Zug nach dem anderen.",
    ),
    "esels_rennen": T(
        "Bots race the donkeys in Esels-Rennen. Press <b>Play</b> to watch the race, or <b>Step</b> one move at a "
        "time.",
        "Bots lassen die Esel im Esels-Rennen laufen. Drück <b>Abspielen</b> zum Zuschauen oder <b>Schritt</b> "
        "für einen Zug nach dem anderen.",
    ),
}
TAB_TITLES = {
    "double_donkey": T("Double Donkey", "Double Donkey"),
    "double_down": T("Double Down", "Double Down"),
    "esels_rennen": T("Esels-Rennen", "Esels-Rennen"),
}
HEADINGS = {
    "title": T("Full games: which rules are faster?", "Ganze Spiele: welche Regeln sind schneller?"),
    "question": T("The question", "Die Frage"),
    "predict": T("Make your prediction", "Gib deinen Tipp ab"),
    "watch": T("Watch the bots play", "Schau den Bots beim Spielen zu"),
    "answer": T("The answer, measured", "Die Antwort, gemessen"),
    "plot": T("Game by game: how long, and who wins", "Spiel für Spiel: wie lange, und wer gewinnt"),
    "notice": T("What to notice", "Was dir auffallen sollte"),
}
MEASURED = T(
    "Nobody can compute these numbers exactly: a whole game has far too many dice rolls and shuffles. So the "
    "answer is <b>measured</b> from seeded bot games (the same seed always gives the same table). A 95% "
    "confidence interval (in brackets) comes from a method that catches the true value in about 95 of 100 "
    "experiments like this one. In the other 5 it misses, and no one can tell which experiments those are.",
    "Diese Zahlen kann niemand exakt ausrechnen: ein ganzes Spiel hat viel zu viele Würfe und Mischungen. "
    "Darum wird die Antwort aus Bot-Spielen mit festem Startwert <b>gemessen</b> (derselbe Startwert ergibt "
    "immer dieselbe Tabelle). Ein 95-%-Konfidenzintervall (in Klammern) kommt aus einem Verfahren, das den "
    "wahren Wert in etwa 95 von 100 solchen Experimenten einfängt. In den anderen 5 verfehlt es ihn, und niemand "
    "weiß, welche Experimente das sind.",
)
PLOT_HINT = T(
    "Press <b>Start</b>: bots play 1,000 games with each set of rules, and the bars fill in as they go.",
    "Drück <b>Start</b>: Bots spielen 1.000 Spiele mit jedem Regelsatz, und die Balken wachsen dabei.",
)
NOTICE = T(
    "<ul><li>German games are shorter — by about two thirds of a round. Two of the three differences do it, "
    "about equally. The end (DD-END-1): with the German rules you win the moment your last card is revealed; "
    "with the English rules you must also get through the refill — if your last card made you the Biggest "
    "Donkey, you draw a new card from the middle pile (DD-REFILL-1) and play on. And the tie rule "
    "(DD-BIGGEST-2): with the English rules a tie goes to the player with the fewest cards in their own pile — "
    "the one closest to winning. The German tie rule (roll the dice at once) is our ruling, not the German "
    "text's: that text says nothing about ties. The last die (DD-DICE-3) hardly changes the length.</li>"
    "<li>Game 1 starts from the same cards with both sets of rules, and so does every other game. Comparing "
    "each game with its twin removes the luck of the cards that both games share. That is why the interval of "
    "the difference (the line under the table) is narrower than it would be without the pairs.</li>"
    "<li>Two overlapping 95% intervals do not show that there is no difference: to compare two numbers, look "
    "at the interval of their difference. If it does not contain 0, the games show a difference. The "
    "table gives no interval for the difference of two players' win rates, so it does not tell whether one "
    "seat wins more often. More games make the intervals narrower: press the button under "
    "the table or Start on a plot.</li></ul>",
    "<ul><li>Deutsche Spiele sind kürzer — um etwa zwei Drittel einer Runde. Das machen zwei der drei "
    "Unterschiede, etwa gleich stark. Das Ende (DD-END-1): Mit den deutschen Regeln gewinnst du, sobald deine "
    "letzte Karte aufgedeckt ist; mit den englischen Regeln musst du auch noch das Auffüllen überstehen — hat "
    "dich deine letzte Karte zum Oberesel gemacht, ziehst du eine neue Karte vom Stapel in der Mitte "
    "(DD-REFILL-1) und spielst weiter. Und die Gleichstand-Regel (DD-BIGGEST-2): Mit den englischen Regeln "
    "bekommt bei Gleichstand der den Oberesel, der die wenigsten Karten im eigenen Stapel hat — also der, der "
    "dem Sieg am nächsten ist. Die deutsche Gleichstand-Regel (sofort würfeln) ist unsere Festlegung, nicht die "
    "des deutschen Textes: Der sagt nichts zu Gleichstand. Der letzte Würfel (DD-DICE-3) ändert die Länge "
    "kaum.</li>"
    "<li>Spiel 1 beginnt mit beiden Regelsätzen mit denselben Karten, und so jedes andere Spiel auch. Vergleicht "
    "man jedes Spiel mit seinem Zwilling, fällt das Kartenglück weg, das beide Spiele teilen. Darum ist das "
    "Intervall des Unterschieds (die Zeile unter der Tabelle) schmaler, als es ohne die Paare wäre.</li>"
    "<li>Zwei Intervalle, die sich überlappen, zeigen nicht, dass es keinen Unterschied gibt: Um zwei Zahlen "
    "zu vergleichen, schau auf das Intervall ihres Unterschieds. Enthält es die 0 nicht, zeigen die Spiele "
    "einen Unterschied. Für den Unterschied der Gewinnchancen zweier Spieler zeigt die Tabelle kein "
    "Intervall, also sagt sie nicht, ob ein Platz öfter gewinnt. Mehr Spiele "
    "machen die Intervalle schmaler: Drück den Knopf unter der Tabelle oder Start bei einem Diagramm.</li></ul>",
)
EXERCISES = (
    (
        T(
            "Your last card is revealed, your own pile is empty, and your card is the highest: you are the Biggest "
            "Donkey. Do you win with the English rules? With the German rules?",
            "Deine letzte Karte wird aufgedeckt, dein eigener Stapel ist leer, und deine Karte ist die höchste: du "
            "bist der Oberesel. Gewinnst du mit den englischen Regeln? Mit den deutschen?",
        ),
        T(
            "English: no — the Biggest Donkey refills from the middle pile (DD-REFILL-1), so your hand is not "
            "empty after the refills (DD-END-1). German: yes — you win at the reveal, before any refill.",
            "Englisch: nein — der Oberesel füllt vom Stapel in der Mitte auf (DD-REFILL-1), also ist deine Hand "
            "nach dem Auffüllen nicht leer (DD-END-1). Deutsch: ja — du gewinnst beim Aufdecken, vor dem Auffüllen.",
        ),
    ),
    (
        T(
            "The table used 200 games of each. About how wide would the intervals be with 800 games?",
            "Die Tabelle nutzt 200 Spiele je Regelsatz. Wie breit wären die Intervalle ungefähr mit 800 Spielen?",
        ),
        T(
            "About half as wide: the width shrinks like 1/√N, and 800 games are 4 times as many (√4 = 2). Press "
            "the button under the table to check.",
            "Etwa halb so breit: die Breite schrumpft wie 1/√N, und 800 Spiele sind 4-mal so viele (√4 = 2). Prüf "
            "es mit dem Knopf unter der Tabelle.",
        ),
    ),
    (
        T(
            "Two players tie for the Biggest Donkey: Anna has 2 cards left in her own pile, Ben has 5. Who gets it "
            "with the English rules, and why does that make English games longer?",
            "Zwei Spieler haben gleich hohe Karten: Anna hat noch 2 Karten im eigenen Stapel, Ben 5. Wer bekommt "
            "mit den englischen Regeln den Oberesel, und warum macht das englische Spiele länger?",
        ),
        T(
            "Anna, who has fewer cards in her pile (DD-BIGGEST-2). She is the one closer to winning, and the "
            "Biggest Donkey refills from the middle pile instead of her own, so her pile does not shrink this "
            "round.",
            "Anna, weil sie weniger Karten im Stapel hat (DD-BIGGEST-2). Sie ist dem Sieg näher, und der Oberesel "
            "füllt vom Stapel in der Mitte auf statt vom eigenen, also wird ihr Stapel in dieser Runde nicht kleiner.",
        ),
    ),
)


def answer_text(results: Any) -> T:
    """The reveal: the shorter variant and the measured difference, deal by deal, with its CI."""
    verdict = qg.shorter_variant(results)
    n = len(results["english"].records)
    diff = qg.paired_difference(results)
    en_rounds, de_rounds = (qg.summary(results[v])["rounds"] for v in qg.VARIANTS)
    lead = CHOICES[verdict]
    return T(
        f"<b>{lead.en}</b> — in {n} games from the same deals, English games lasted {mean_text(en_rounds, 'en')} "
        f"rounds on average, German ones {mean_text(de_rounds, 'en')}. With the same cards, the English game lasted "
        f"{mean_text(diff, 'en')} rounds longer.",
        f"<b>{lead.de}</b> — in {n} Spielen mit denselben Karten dauerten englische Spiele im Mittel "
        f"{mean_text(en_rounds, 'de')} Runden, deutsche {mean_text(de_rounds, 'de')}. Mit denselben Karten dauerte "
        f"das englische Spiel {mean_text(diff, 'de')} Runden länger.",
    )


class FullGames(Lesson):
    """The shared lesson shape, with handles on this lesson's own parts.

    ``step_through`` is the tabs of the three bot games, ``exact`` the measured answer (no exact value exists
    for whole games), ``answer`` the ``VariantTable`` whose seeded results a notebook's checked cell prints,
    ``live`` the two LivePlots of ``double_donkey.variants`` with their caption.
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
        return self.live[1]

    @property
    def wins_plot(self) -> Any:
        return self.live[2]

    def game_stepper(self, game: str) -> Any:
        """The Stepper of ``game`` (its tab is built now if it was not opened yet)."""
        return self.games.page(game).stepper


def parts(query: Query | None = None, background: bool = False) -> FullGames:
    """Build every part of the lesson for ``query`` (None: the defaults).

    ``background``: the table's games are played in a background thread (an app page appears at once; the
    prediction's answer arrives with the table). Without it the table is full when ``parts`` returns.
    """
    from donkeylab.widgets import LivePlot

    q = query if query is not None else parse_query("", PARAMS)
    lang, seed, players = q["lang"], q["seed"], q["players"]
    table = VariantTable(q["games"], seed, players, lang, background=background)
    makers: dict[str, Any] = {
        "double_donkey": lambda lg: DonkeyPage(seed, players, q["variant"], q["step"], HINTS["double_donkey"], lg),
        "double_down": lambda lg: GamePage("double_down", seed, HINTS["double_down"], lg),
        "esels_rennen": lambda lg: GamePage("esels_rennen", seed, HINTS["esels_rennen"], lg),
    }
    tabs = GameTabs(makers, TAB_TITLES, lang)
    plots = [
        LivePlot("double_donkey.variants", PLOT_GAMES, seed, PLOT_BATCH, lang, measure=m, players=players)
        for m in qg.MEASURES
    ]  # a LivePlot's figure follows its lang, games played or not
    lesson = FullGames(
        title=Text(HEADINGS["title"], tag="h2", lang=lang),
        question=Text(T(QUESTION.en + DIFFERENCES.en, QUESTION.de + DIFFERENCES.de), tag="div", lang=lang),
        prediction=_prediction(table, lang),
        stepper=tabs.page("double_donkey").stepper,
        step_through=[tabs],
        exact=[Text(MEASURED, lang=lang), table],
        answer=table,
        live=[Text(PLOT_HINT, lang=lang), *plots],
        notice=Text(NOTICE, tag="div", lang=lang),
        exercises=Exercises(EXERCISES, lang=lang),
        switch=make_switch([], lang),
        problems=problems_box(q, lang),
    )
    lesson.switch.parts.extend(lesson.widgets())
    return lesson


def _prediction(table: VariantTable, lang: str) -> MeasuredPrediction:
    """The prediction whose answer is the table's measurement (pending while the bots still play)."""
    prediction = MeasuredPrediction(PROMPT, None, PENDING, CHOICES, lang)
    table.on_finished(lambda: prediction.set_answer(qg.shorter_variant(table.results), answer_text(table.results)))
    return prediction


def layout(lesson: FullGames) -> w.VBox:
    """The app page: the shared lesson layout (``page.page``) with this lesson's headings — its answer is
    measured, not exact, and its step-through is three bot games."""
    lang = lesson.switch.value

    def heading(key: str) -> Text:
        text = Text(HEADINGS[key], tag="h3", lang=lang)
        lesson.switch.parts.append(text)
        return text

    children: list[Any] = [lesson.problems, lesson.switch, lesson.title]
    children += [heading("question"), lesson.question, heading("predict"), lesson.prediction]
    children += [heading("watch"), *lesson.step_through]
    children += [heading("answer"), *lesson.exact]
    children += [heading("plot"), *lesson.live]
    children += [heading("notice"), lesson.notice, lesson.exercises]
    box = w.VBox(children)
    box.add_class("dl-lesson")
    box.lesson = lesson  # reachable for tests and the teacher's console
    return box


def build(query: Query) -> Any:
    """The app page. The table's games are played in the background, so the page appears at once."""
    return layout(parts(query, background=True))


register(
    AppInfo(
        NAME,
        T("Full games: English or German rules?", "Ganze Spiele: englische oder deutsche Regeln?"),
        T(
            "Bots play all three games; hundreds of Double Donkey games compare the two rule sets.",
            "Bots spielen alle drei Spiele; hunderte Double-Donkey-Spiele vergleichen die zwei Regelsätze.",
        ),
        "⚖",
        PARAMS,
        build,
        kind="lesson",
    )
)
