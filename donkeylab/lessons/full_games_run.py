"""Lesson 5's evidence is the pupil's own run: the reveal, "The answer, measured" and "What to notice" quote the
running average the pupil just simulated (``lesson.rounds_difference``, 2,000 pairs of games by default), with its
95 % interval, and follow it while it runs. No figure of another run stands beside it: the page's 200-pair table
and the 50,000-pair long run are going further's, as the check that a longer run agrees (``longer_html``).

``OwnRun`` is the page's handle on that plot (attached once the page is built, ``full_games.parts``); ``Run`` is
what it has measured so far. A size said in words ("about half a round") is said only when the pupil's own
interval is precise enough for those words (``Run.half_a_round``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from donkeylab.lab.running import running_means
from donkeylab.lab.stats import Estimate
from donkeylab.lessons import full_games_questions as qg
from donkeylab.pages.parts import Speaks
from donkeylab.pages.words import decimal, interval, whole, words

TEXTS: dict[str, tuple[str, str]] = {
    # the reveal's answer line (the prediction and "Compare with your guess"): the verdict, then the pupil's evidence
    "answer.german": (
        "<b>{lead}</b>: in your {n} pairs of games, the German game ended on average {diff} rounds sooner "
        "(between {low} and {high} rounds, 95 % interval).",
        "<b>{lead}</b>: In deinen {n} Paaren von Spielen endete das deutsche Spiel im Mittel {diff} Runden früher "
        "(zwischen {low} und {high} Runden, 95-%-Intervall).",
    ),
    "answer.unclear": (
        "<b>{lead}</b>: a long run of the bots shows it (going further). Your {n} pairs of games have not shown "
        "it yet.",
        "<b>{lead}</b>: Ein langer Lauf der Bots zeigt es (weiter gedacht). Deine {n} Paare von Spielen haben es "
        "noch nicht gezeigt.",
    ),
    "answer.none": (
        "<b>{lead}</b>: a long run of the bots shows it (going further). Press Start above to measure it with "
        "your own games.",
        "<b>{lead}</b>: Ein langer Lauf der Bots zeigt es (weiter gedacht). Drück oben auf Start, um es mit "
        "deinen eigenen Spielen zu messen.",
    ),
    # "The answer, measured": what the pupil's run shows, one thing a sentence
    "measured.german": (
        "<b>German games are shorter.</b> In your {n} pairs of games, the German game ended on average {diff} "
        "rounds sooner than the English one. Your 95 % interval goes from {low} to {high} rounds. It lies wholly "
        "above 0: your games show that the German rules make games shorter.",
        "<b>Mit den deutschen Regeln sind die Spiele kürzer.</b> In deinen {n} Paaren von Spielen endete das "
        "deutsche Spiel im Mittel {diff} Runden früher als das englische. Dein 95-%-Intervall geht von {low} bis "
        "{high} Runden. Es liegt ganz über 0: Deine Spiele zeigen, dass die deutschen Regeln die Spiele kürzer "
        "machen.",
    ),
    "measured.english": (
        "<b>In your games, English games are shorter.</b> In your {n} pairs of games, the English game ended on "
        "average {diff} rounds sooner than the German one. Your 95 % interval goes from {low} to {high} rounds. "
        "It lies wholly above 0: your games show that the English rules make games shorter.",
        "<b>In deinen Spielen sind die englischen Spiele kürzer.</b> In deinen {n} Paaren von Spielen endete das "
        "englische Spiel im Mittel {diff} Runden früher als das deutsche. Dein 95-%-Intervall geht von {low} bis "
        "{high} Runden. Es liegt ganz über 0: Deine Spiele zeigen, dass die englischen Regeln die Spiele kürzer "
        "machen.",
    ),
    "measured.same": (
        "<b>Your games do not tell yet.</b> In your {n} pairs of games, the English game lasted on average {diff} "
        "rounds longer (a minus means shorter). Your 95 % interval goes from {low} to {high} rounds. It holds 0, "
        "so your games do not show which rules are shorter.",
        "<b>Deine Spiele sagen es noch nicht.</b> In deinen {n} Paaren von Spielen dauerte das englische Spiel im "
        "Mittel {diff} Runden länger (ein Minus heißt kürzer). Dein 95-%-Intervall geht von {low} bis {high} "
        "Runden. Es enthält die 0, also zeigen deine Spiele nicht, welche Regeln kürzer sind.",
    ),
    "measured.none": (
        "<b>You have not run the simulation yet.</b> Press Start under the plot above. Your own games then show "
        "which rules make games shorter, and by how much. Your result appears here.",
        "<b>Du hast die Simulation noch nicht laufen lassen.</b> Drück oben unter dem Diagramm auf Start. Dann "
        "zeigen deine eigenen Spiele, mit welchen Regeln die Spiele kürzer sind und um wie viel. Dein Ergebnis "
        "erscheint hier.",
    ),
    "measured.stopped": (
        "You stopped after {n} of {total} pairs. Press Continue above: more pairs make the interval narrower, and "
        "this answer follows.",
        "Du hast nach {n} von {total} Paaren angehalten. Drück oben auf Weiter: Mehr Paare machen das Intervall "
        "schmaler, und diese Antwort geht mit.",
    ),
    # "What to notice": the size of the pupil's own result, the bots it holds for, where the rounds come from
    "notice.half": (
        "The German rules save about half a round: {diff} rounds in your games. A game lasted {en} rounds on "
        "average with the English rules and {de} with the German ones.",
        "Die deutschen Regeln sparen etwa eine halbe Runde: {diff} Runden in deinen Spielen. Ein Spiel dauerte im "
        "Mittel {en} Runden mit den englischen Regeln und {de} mit den deutschen.",
    ),
    "notice.size": (
        "The German rules save {diff} rounds in your games. A game lasted {en} rounds on average with the "
        "English rules and {de} with the German ones.",
        "Die deutschen Regeln sparen in deinen Spielen {diff} Runden. Ein Spiel dauerte im Mittel {en} Runden mit "
        "den englischen Regeln und {de} mit den deutschen.",
    ),
    "notice.unclear": (
        "Your games have not shown yet how many rounds the German rules save. More pairs make it clearer.",
        "Deine Spiele haben noch nicht gezeigt, wie viele Runden die deutschen Regeln sparen. Mehr Paare machen "
        "es deutlicher.",
    ),
    "notice.none": (
        "How many rounds do the German rules save? Press Start above: your own games measure it.",
        "Wie viele Runden sparen die deutschen Regeln? Drück oben auf Start: Deine eigenen Spiele messen es.",
    ),
    "notice.bots": (
        "Your games had {players} players: bots that pick each allowed play with equal chance (one of 7 with 3 "
        "cards in hand). Other player counts or bots may save a different number of rounds.",
        "Deine Spiele hatten {players} Spieler: Bots, die jeden erlaubten Zug gleich wahrscheinlich wählen (mit 3 "
        "Handkarten einen von 7). Andere Spielerzahlen oder Bots sparen vielleicht eine andere Zahl von Runden.",
    ),
    "notice.end": (
        "Most of the saving comes from the end. With the German rules you win the moment your last card is "
        "revealed and your own pile is empty. With the English rules, if that card made you the Biggest Donkey, "
        "you refill your hand with three cards from the middle pile and play on.",
        "Den größten Teil der Ersparnis macht das Ende aus. Mit den deutschen Regeln gewinnst du, "
        "sobald deine letzte Karte aufgedeckt und dein eigener Stapel leer ist. Hat dich diese Karte mit den "
        "englischen Regeln zum Oberesel gemacht, ziehst du drei Karten vom Stapel in der Mitte nach und spielst "
        "weiter.",
    ),
    "notice.ties": (
        "The tie rule saves rounds too. The German tie rule is our ruling: the German text says nothing about ties.",
        "Auch der Gleichstand spart Runden. Die deutsche Gleichstand-Regel ist unsere Festlegung: "
        "Der deutsche Text sagt nichts zum Gleichstand.",
    ),
    # going further: the check that a longer run agrees with the pupil's
    "longer": (
        "<b>Does a longer run agree?</b> Bots choosing at random played {pairs} pairs of games the same way. The "
        "German game ended on average {diff} rounds sooner (between {low} and {high} rounds, 95 % interval).",
        "<b>Stimmt ein längerer Lauf damit überein?</b> Zufällig wählende Bots spielten {pairs} Paare von Spielen "
        "auf dieselbe Art. Das deutsche Spiel endete im Mittel {diff} Runden früher (zwischen {low} und {high} "
        "Runden, 95-%-Intervall).",
    ),
    "longer.lengths": (
        "In {games} games with each set of rules, a game lasted {en} rounds on average with the English rules and "
        "{de} with the German ones.",
        "In {games} Spielen mit jedem Regelsatz dauerte ein Spiel im Mittel {en} Runden mit den englischen Regeln "
        "und {de} mit den deutschen.",
    ),
    "longer.inside": (
        "That average lies inside your interval ({low} to {high}): the longer run agrees with yours.",
        "Dieser Mittelwert liegt in deinem Intervall ({low} bis {high}): Der längere Lauf stimmt mit deinem überein.",
    ),
    "longer.outside": (
        "That average lies outside your interval ({low} to {high}). That happens in about 5 of 100 runs.",
        "Dieser Mittelwert liegt außerhalb deines Intervalls ({low} bis {high}). Das passiert in etwa 5 von 100 "
        "Läufen.",
    ),
}
say = words("lesson/full_games_run/", TEXTS)

ENGLISH_ROUNDS = qg.ENGLISH_ROUNDS
# "about half a round": the whole interval is nearer 1/2 than 1/3 or 2/3 (tests/apps/test_lesson5_measured.py)
HALF_ROUND = (5 / 12, 7 / 12)
LongRun = tuple[int, tuple[float, float, float]]  # pairs, and the English-minus-German mean with its 95 % interval
Lengths = tuple[int, float, float]  # games per rule set, mean rounds of English and of German games


@dataclasses.dataclass(frozen=True)
class Run:
    """What the pupil's simulation has measured so far: ``pairs`` of the ``planned`` pairs, the paired difference
    (English rounds minus German rounds) with its normal 95 % interval, as the plot's band draws it, and the mean
    rounds of each rule set's games."""

    pairs: int
    planned: int
    diff: Estimate
    english: float
    german: float

    @property
    def verdict(self) -> str:
        """``"german"`` / ``"english"``: that rule set's games are shorter, the interval wholly on one side of 0."""
        if self.diff.low > 0:
            return "german"
        if self.diff.high < 0:
            return "english"
        return "same"

    @property
    def half_a_round(self) -> bool:
        """Whether this run is precise enough to say "about half a round" (German games shorter by that)."""
        return HALF_ROUND[0] < self.diff.low and self.diff.high < HALF_ROUND[1]

    @property
    def stopped(self) -> bool:
        return self.pairs < self.planned

    def shown(self, lang: str, sign: int = 1) -> tuple[str, str, str]:
        """The difference and its interval as the page writes them (``sign`` -1: German minus English)."""
        d = self.diff
        value, low, high = (d.value, d.low, d.high) if sign > 0 else (-d.value, -d.high, -d.low)
        return interval(value, low, high, lang)


def run_of(plot: Any) -> Run | None:
    """The run of ``plot`` (a ``LivePlot`` of ``lesson.rounds_difference``) so far; None before 2 pairs."""
    with plot._lock:  # the counts and ``done`` of one finished batch (the plot updates both under this lock)
        pairs, counts = int(plot.done), plot._counts
        if pairs < 2:
            return None
        diff = running_means(counts, pairs)[1][-1]
        english = float(counts.get(ENGLISH_ROUNDS, 0.0)) / pairs
        planned = int(plot.n)
    return Run(pairs, planned, diff, english, english - diff.value)


class OwnRun:
    """The page's handle on the pupil's own simulation: ``attach(plot)`` once the page is built, then every text
    that ``follow``s it is redrawn after each batch the plot finishes (and when it starts over)."""

    def __init__(self) -> None:
        self.plot: Any = None
        self._followers: list[Callable[[], None]] = []

    def attach(self, plot: Any) -> None:
        self.plot = plot
        plot.observe(lambda _change: self._changed(), names="done")

    def follow(self, redraw: Callable[[], None]) -> None:
        self._followers.append(redraw)

    def _changed(self) -> None:
        for redraw in list(self._followers):
            redraw()

    def now(self) -> Run | None:
        return None if self.plot is None else run_of(self.plot)


@dataclasses.dataclass(frozen=True)
class AnswerLine:
    """The reveal's answer (a ``Speaks``): the verdict ``lead`` and what the pupil's own run shows for it."""

    own: OwnRun
    lead: Speaks

    def get(self, lang: str) -> str:
        return answer_line(self.own.now(), self.lead.get(lang), lang)


def answer_line(run: Run | None, lead: str, lang: str) -> str:
    if run is None:
        return say("answer.none", lead=lead).get(lang)
    if run.verdict != "german":
        return say("answer.unclear", lead=lead, n=whole(run.pairs, lang)).get(lang)
    diff, low, high = run.shown(lang)
    return say("answer.german", lead=lead, n=whole(run.pairs, lang), diff=diff, low=low, high=high).get(lang)


def measured_html(run: Run | None, lang: str) -> str:
    """ "The answer, measured": which rules the pupil's games show shorter, by how much, and the interval."""
    if run is None:
        return f"<p class='dl-own-run'>{say('measured.none').get(lang)}</p>"
    verdict = run.verdict
    diff, low, high = run.shown(lang, -1 if verdict == "english" else 1)
    text = say(f"measured.{verdict}", n=whole(run.pairs, lang), diff=diff, low=low, high=high).get(lang)
    if run.stopped:
        stopped = say("measured.stopped", n=whole(run.pairs, lang), total=whole(run.planned, lang)).get(lang)
        text += f"</p><p class='dl-own-run-stopped'>{stopped}"
    return f"<p class='dl-own-run'>{text}</p>"


def notice_html(run: Run | None, lang: str, players: int = 4) -> str:
    """ "What to notice": the size of the pupil's result (in words only when precise enough), the bots it holds
    for, and where the rounds come from (the long run's finding; its figures are going further's)."""
    if run is None:
        first = say("notice.none").get(lang)
    elif run.verdict != "german":
        first = say("notice.unclear").get(lang)
    else:
        key = "notice.half" if run.half_a_round else "notice.size"
        en, de = (decimal(x, lang, 1) for x in (run.english, run.german))
        first = say(key, diff=run.shown(lang)[0], en=en, de=de).get(lang)
    bots = say("notice.bots", players=whole(players, lang)).get(lang)  # the saving holds for this many players
    items = [first, *(say(k).get(lang) for k in ("notice.end", "notice.ties")), bots]
    return "<ul>" + "".join(f"<li>{item}</li>" for item in items) + "</ul>"


def longer_html(run: Run | None, long_run: LongRun, lengths: Lengths, lang: str) -> str:
    """Going further: the long run's figures, and whether its average lies inside the pupil's interval."""
    pairs, (value, low, high) = long_run
    games, en, de = lengths
    shown = interval(value, low, high, lang)
    text = say("longer", pairs=whole(pairs, lang), diff=shown[0], low=shown[1], high=shown[2]).get(lang)
    if run is not None:
        where = "inside" if run.diff.low <= value <= run.diff.high else "outside"
        _, own_low, own_high = run.shown(lang)
        text += " " + say(f"longer.{where}", low=own_low, high=own_high).get(lang)
    lengths_text = say("longer.lengths", games=whole(games, lang), en=decimal(en, lang, 1), de=decimal(de, lang, 1))
    return f"<p class='dl-longer-run'>{text} {lengths_text.get(lang)}</p>"


class RunText(w.HTML):  # type: ignore[misc]
    """HTML drawn from the pupil's run by ``render(run, lang)``, redrawn after every batch and with the page's
    language."""

    def __init__(self, own: OwnRun, render: Callable[[Run | None, str], str], lang: str = "en") -> None:
        super().__init__()
        self.own, self.render, self.lang = own, render, lang
        self.set_lang(lang)
        own.follow(lambda: self.set_lang(self.lang))

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.value = self.render(self.own.now(), lang)

    def __repr__(self) -> str:
        return f"RunText({getattr(self.render, '__name__', '')})"
