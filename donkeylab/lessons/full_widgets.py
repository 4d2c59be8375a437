"""The widgets of the full-games lesson: the variant table (seeded experiments with a progress bar), the measured
answer said simply (``MeasuredSummary``) and a prediction whose choices switch language (the game tab: ``full_tabs``).

Kept apart from ``full_games`` (the lesson's texts and page) so each module stays short. Everything a pupil
reads here exists in English and German.
"""

from __future__ import annotations

import html
import threading
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as w

from donkeylab.lab.experiment import ExperimentResult
from donkeylab.lab.stats import Estimate
from donkeylab.lab.trials import Progress
from donkeylab.lessons import full_games_questions as qg
from donkeylab.lessons import full_seats
from donkeylab.lessons.page import ChoicePrediction, number, percent
from donkeylab.pages.parts import Speaks
from donkeylab.pages.words import interval, span, whole, words
from donkeylab.widgets.background import Worker

TEXTS: dict[str, tuple[str, str]] = {
    "playing": (
        "The bots are playing the games for this table…",
        "Die Bots spielen gerade die Spiele für diese Tabelle …",
    ),
    "variant_names.english": (
        "English rules",
        "Englische Regeln",
    ),
    "variant_names.german": (
        "German rules",
        "Deutsche Regeln",
    ),
    "loading": (
        "Setting up the game…",
        "Das Spiel wird vorbereitet …",
    ),
    "rounds": ("rounds per game (average)", "Runden pro Spiel (Mittelwert)"),
    "player_wins": ("player {n} wins", "Spieler {n} gewinnt"),
    "under.english": ("English rules", "englischen Regeln"),  # after "under the" / "mit den"
    "under.german": ("German rules", "deutschen Regeln"),
    "seat_gap": (
        "Careful: under the {rules}, player {a} ({pa}) and player {b} ({pb}) seem far apart, and their "
        "intervals do not even overlap. If both seats have the same true win rate, as {games} games with each set "
        "of rules suggest (every seat won {low} to {high}), it cannot lie in both intervals: at least one of the "
        "two misses it. Among the {count} win-rate intervals of the seats ({players} seats × {sets} sets of "
        "rules), one miss is no surprise. Press the button under the table and watch the gap shrink.",
        "Vorsicht: Mit den {rules} scheinen Spieler {a} ({pa}) und Spieler {b} ({pb}) weit auseinanderzuliegen, "
        "ihre Intervalle überlappen sich nicht einmal. Wenn beide Plätze denselben wahren Gewinnanteil haben, wie "
        "es {games} Spiele mit jedem Regelsatz nahelegen (jeder Platz gewann {low} bis {high}), kann er nicht in "
        "beiden Intervallen liegen: Mindestens eines der beiden verfehlt ihn. Bei den {count} Intervallen der "
        "Plätze ({players} Plätze × {sets} Regelsätze) ist es keine Überraschung, dass eines seinen wahren Wert "
        "verfehlt. Drück den Knopf unter der Tabelle und sieh zu, wie der Abstand kleiner wird.",
    ),
    "shared": ("shared win (several winners)", "geteilter Sieg (mehrere gewinnen)"),
    "caption": (
        "{count} games per set of rules, every player a bot choosing at random; game 1 uses the same shuffled "
        "cards with both sets of rules, game 2 too, and so on. In brackets: the 95 % interval. A "
        "shared win counts for every winner, so the win rates add up to more than 100 %",
        "{count} Spiele je Regelsatz, jeder Spieler ein Bot, der zufällig wählt; Spiel 1 nutzt bei beiden "
        "Regelsätzen dieselben gemischten Karten, Spiel 2 auch, und so weiter. In Klammern: das "
        "95-%-Intervall. Ein geteilter Sieg zählt für jeden Gewinner, darum ergeben die Gewinnanteile "
        "zusammen mehr als 100 %",
    ),
    "difference": (
        "How many rounds longer the English game lasted than the German one with the same cards (average)",
        "So viele Runden dauerte das englische Spiel länger als das deutsche mit denselben Karten (Mittel)",
    ),
    "widths": (
        "Width of the interval: {paired}; without the pairs (mean minus mean) it would be {unpaired} wide",
        "Breite des Intervalls: {paired}; ohne die Paare (Mittel minus Mittel) wäre es {unpaired} breit",
    ),
    "failed": ("That did not work", "Das hat nicht geklappt"),
    "progress": (
        "{done} of {total} games played ({each} with each set of rules)",
        "{done} von {total} Spielen gespielt (je {each} pro Regelsatz)",
    ),
    "done": (
        "{total} games played ✓ ({each} with each set of rules)",
        "{total} Spiele gespielt ✓ (je {each} pro Regelsatz)",
    ),
    "more": ("Play {more} games of each", "{more} Spiele je Regelsatz"),
    "sealed": (
        "The bots have played their games: the table appears with the answer.",
        "Die Bots haben ihre Spiele gespielt: Die Tabelle erscheint mit der Antwort.",
    ),
    "summary.german": (
        "<b>German games are shorter.</b> In {n} pairs of games of bots choosing at random, each pair with the "
        "same cards, the English game lasted on average {diff} rounds longer. A "
        "measurement wobbles, so it comes with a <b>95 % interval</b>: here from {low} to {high} rounds. "
        "Intervals made this way catch the true average in about 95 of 100 experiments. This one lies wholly "
        "above 0: these games show that the German rules make them shorter.",
        "<b>Mit den deutschen Regeln sind die Spiele kürzer.</b> In {n} Paaren von Spielen zufällig wählender Bots, "
        "jedes Paar mit denselben Karten unter beiden Regelsätzen, dauerte das englische Spiel im Mittel {diff} Runden "
        "länger. Eine Messung schwankt, darum hat sie ein <b>95-%-Intervall</b>: hier von {low} bis {high} Runden. So "
        "gebildete Intervalle fangen den wahren Mittelwert in etwa 95 von 100 Experimenten ein. Dieses liegt "
        "ganz über 0: Diese Spiele zeigen, dass die deutschen Regeln sie kürzer machen.",
    ),
    "summary.english": (
        "<b>English games are shorter.</b> In {n} pairs of games of bots choosing at random, each pair with the "
        "same cards, the German game lasted on average {diff} rounds longer. A "
        "measurement wobbles, so it comes with a <b>95 % interval</b>: here from {low} to {high} rounds. "
        "Intervals made this way catch the true average in about 95 of 100 experiments. This one lies wholly "
        "above 0: these games show that the English rules make them shorter.",
        "<b>Mit den englischen Regeln sind die Spiele kürzer.</b> In {n} Paaren von Spielen zufällig wählender Bots, "
        "jedes Paar mit denselben Karten unter beiden Regelsätzen, dauerte das deutsche Spiel im Mittel {diff} Runden "
        "länger. Eine Messung schwankt, darum hat sie ein <b>95-%-Intervall</b>: hier von {low} bis {high} Runden. So "
        "gebildete Intervalle fangen den wahren Mittelwert in etwa 95 von 100 Experimenten ein. Dieses liegt "
        "ganz über 0: Diese Spiele zeigen, dass die englischen Regeln sie kürzer machen.",
    ),
    "summary.same": (
        "<b>These games do not tell.</b> In {n} pairs of games of bots choosing at random, each pair with the "
        "same cards, the English game lasted on average {diff} rounds longer (a minus "
        "means shorter). A measurement wobbles, so it comes with a <b>95 % interval</b>: here from {low} to "
        "{high} rounds. Intervals made this way catch the true average in about 95 of 100 experiments. This one "
        "holds 0, so these games do not show which rules are shorter; more games make the interval narrower.",
        "<b>Diese Spiele sagen es nicht.</b> In {n} Paaren von Spielen zufällig wählender Bots, jedes Paar mit "
        "denselben Karten unter beiden Regelsätzen, dauerte das englische Spiel im Mittel {diff} Runden länger "
        "(ein Minus heißt kürzer). Eine Messung schwankt, darum hat sie ein <b>95-%-Intervall</b>: hier von "
        "{low} bis {high} Runden. So gebildete Intervalle fangen den wahren Mittelwert in etwa 95 von 100 "
        "Experimenten ein. Dieses enthält die 0, also zeigen diese Spiele nicht, welche Regeln kürzer sind; mehr "
        "Spiele machen das Intervall schmaler.",
    ),
    # the page's own run is small (200 pairs by default): said plainly, with how far it can wander, beside the long
    # run whose figures the reveal and the notice state (``full_games.MEASURED``)
    "small_run": (
        "A small run of {n} pairs: its average can be off by up to about {half} rounds. The long run ({pairs} "
        "pairs) measured {diff} rounds ({low} to {high}),",
        "Ein kleiner Lauf mit {n} Paaren: Sein Mittelwert kann bis zu etwa {half} Runden danebenliegen. Der lange "
        "Lauf ({pairs} Paare) ergab {diff} Runden ({low} bis {high}),",
    ),
    "small_run.inside": (
        "inside this interval.",
        "in diesem Intervall.",
    ),
    "small_run.outside": (
        "outside this interval (that happens in about 5 of 100 runs).",
        "außerhalb dieses Intervalls (das passiert in etwa 5 von 100 Läufen).",
    ),
}
say = words("lesson/full_widgets/", TEXTS)
LongRun = tuple[int, tuple[float, float, float]]  # pairs, and the English-minus-German mean with its 95 % interval

MORE_GAMES = 1_000  # per variant, for the "play more games" button (a few seconds in the background)
PLAYED_KEPT = 8  # tables of played games kept per kernel (a few hundred kB each)
_played: dict[tuple[int, int | str, int], dict[str, ExperimentResult]] = {}  # (games, seed, players) -> results

PLAYING = say("playing")
VARIANT_NAMES = {"english": say("variant_names.english"), "german": say("variant_names.german")}


def mean_text(e: Estimate, lang: str) -> str:
    """A mean with its 95% CI, as precise as the CI allows: ``6.66 (6.60 to 6.73)``, ``0.6 (0.5 to 0.8)``."""
    value, low, high = interval(e.value, e.low, e.high, lang)
    return f"<b>{value}</b> ({span(low, high, lang)})"


def percent_text(e: Estimate, lang: str) -> str:
    """A rate with its 95% CI in percent: ``32 % (26 % to 39 %)``."""
    return f"<b>{percent(e.value, lang, 0)}</b> ({span(percent(e.low, lang, 0), percent(e.high, lang, 0), lang)})"


def table_html(results: Mapping[str, ExperimentResult], lang: str) -> str:
    """Both variants side by side: mean rounds, win rate per seat, shared wins, each with its 95% CI."""
    rows = {v: qg.summary(r) for v, r in results.items()}
    n = len(next(iter(results.values())).records) if results else 0
    head = "".join(f"<th scope='col'>{VARIANT_NAMES[v].get(lang)}</th>" for v in rows)
    labels: list[tuple[str, str, bool]] = [("rounds", say("rounds").get(lang), False)]
    players = next(iter(results.values())).spec.players if results else 0
    for p in range(players):
        labels.append((f"player {p + 1}", say("player_wins", n=p + 1).get(lang), True))
    labels.append((qg.SHARED, say("shared").get(lang), True))
    body = ""
    for key, label, rate in labels:
        cells = "".join(f"<td>{(percent_text if rate else mean_text)(rows[v][key], lang)}</td>" for v in rows)
        body += f"<tr><th scope='row'>{label}</th>{cells}</tr>"
    caption = say("caption", count=whole(n, lang)).get(lang)
    diff = qg.paired_difference(results) if results else None
    foot = ""
    if diff is not None:
        what = say("difference").get(lang)
        apart = qg.unpaired_difference(results)
        widths = say(
            "widths", paired=number(diff.high - diff.low, lang), unpaired=number(apart.high - apart.low, lang)
        ).get(lang)
        foot = f"<p>{what}: {mean_text(diff, lang)}</p><p>{widths}.</p>{seat_gap_html(rows, players, lang)}"
    style = (
        "<style>.dl-variant-table{border-collapse:collapse;font-size:15px}.dl-variant-table th,"
        ".dl-variant-table td{border:1px solid #bbb;padding:4px 10px;text-align:left}"
        ".dl-variant-table caption{caption-side:bottom;font-size:13px;color:#444;text-align:left}</style>"
    )
    return (
        f"{style}<table class='dl-variant-table'><caption>{html.escape(caption)}</caption>"
        f"<thead><tr><th></th>{head}</tr></thead><tbody>{body}</tbody></table>{foot}"
    )


def seat_gap_html(rows: Mapping[str, Mapping[str, Estimate]], players: int, lang: str) -> str:
    """A warning under the table when two seats' intervals do not overlap (the widest such pair): with random bots
    the seats are equally good (``full_seats``), so a pupil must not read the gap as an advantage."""
    gaps = [
        (abs(row[f"player {b}"].value - row[f"player {a}"].value), rules, a, b)
        for rules, row in rows.items()
        for a in range(1, players + 1)
        for b in range(a + 1, players + 1)
        if row[f"player {a}"].high < row[f"player {b}"].low or row[f"player {b}"].high < row[f"player {a}"].low
    ]
    if not gaps:
        return ""
    _, rules, a, b = max(gaps)
    low, high = full_seats.low_high(lang)
    text = say(
        "seat_gap",
        rules=say(f"under.{rules}").get(lang),
        a=a,
        pa=percent(rows[rules][f"player {a}"].value, lang, 0),
        b=b,
        pb=percent(rows[rules][f"player {b}"].value, lang, 0),
        games=full_seats.games(lang),
        low=low,
        high=high,
        count=players * len(rows),
        players=players,
        sets=len(rows),
    ).get(lang)
    return f"<p class='dl-seat-gap'>{text}</p>"


def remember(key: tuple[int, int | str, int], results: dict[str, ExperimentResult]) -> None:
    """Keep a played table for the next page of this kernel with the same games, seed and players.

    Seeded games give the same table every time, and a preheated kernel builds its page once before the
    pupil's request (``apps.warm``): without this, the pupil's page would play the same games again in the
    background while the browser is still loading it, on the same cores.
    """
    if len(_played) >= PLAYED_KEPT:
        _played.pop(next(iter(_played)))
    _played[key] = results


class VariantTable(w.VBox):  # type: ignore[misc]
    """The english and german variants from seeded ``run_experiment`` runs, with a progress bar while they play.

    ``run(games)`` blocks (a notebook, the tests); ``start(games)`` plays in a background thread (an app page
    appears at once and fills the table in; the "more games" button). Same ``games``, ``seed`` and
    ``players`` → the same table. ``on_finished(fn)`` calls ``fn`` after every finished run (at once if one
    has finished already): the prediction's answer follows the table. ``shown`` False (a sealed page): the games
    are played, for the prediction's answer, but the table says nothing of them until ``show()`` (the reveal): a
    widget's value reaches the page, and this one says which rules are shorter.
    """

    def __init__(
        self, games: int, seed: int, players: int = 4, lang: str = "en", background: bool = False, shown: bool = True
    ) -> None:
        self.seed, self.players, self.lang, self.shown = seed, players, lang, shown
        self.results: dict[str, ExperimentResult] = {}
        self.table = w.HTML()
        self.progress = w.IntProgress(value=0, min=0, max=2 * games, layout=w.Layout(width="260px"))
        self.status = w.HTML()
        # "primary", not "info": white on Lab's info colour is 3.5:1, under AA's 4.5:1 (axe-core)
        self.more = w.Button(icon="play", button_style="primary", layout=w.Layout(width="auto"))
        self.more.on_click(lambda _b: self.start(MORE_GAMES))
        self._runner: Worker | None = None
        self._lock = threading.Lock()
        self._callbacks: list[Callable[[], None]] = []
        row = w.HBox([self.more, self.progress, self.status], layout=w.Layout(align_items="center"))
        super().__init__([self.table, row])
        self.add_class("dl-variant-box")
        self.set_lang(lang)
        if background:
            self.start(games)
        else:
            self.run(games)

    @property
    def running(self) -> bool:
        return self._runner is not None and self._runner.is_alive()

    def on_finished(self, fn: Callable[[], None]) -> None:
        with self._lock:
            self._callbacks.append(fn)
            ready = bool(self.results)
        if ready:
            fn()

    def run(self, games: int) -> None:
        """Play ``games`` games of each variant here and now, the progress bar counting them."""
        self.progress.max, self.progress.value = 2 * games, 0
        self._show_status()
        offsets = {"english": 0, "german": games}

        def tick(variant: str) -> Any:
            def on_batch(p: Progress) -> None:
                self.progress.value = offsets[variant] + p.done
                self._show_status()

            return on_batch

        key = (games, self.seed, self.players)
        results = _played.get(key)
        if results is None:
            results = qg.variant_results(games, self.seed, self.players, on_batch={v: tick(v) for v in offsets})
            remember(key, results)
        else:
            self.progress.value = self.progress.max
            self._show_status()
        with self._lock:
            self.results = results
            callbacks = list(self._callbacks)
        self.set_lang(self.lang)
        for fn in callbacks:
            fn()

    def start(self, games: int) -> None:
        """``run(games)`` in a background thread (the page stays usable); a second press while it runs is ignored."""
        if self.running:
            return
        self.more.disabled = True

        def work() -> None:
            try:
                self.run(games)
            except Exception as exc:  # the pupil sees a sentence, the kernel keeps going
                failed = say("failed").get(self.lang)
                self.status.value = f"<span role='alert'>{failed}: {html.escape(str(exc)[:200])}</span>"
            finally:
                self.more.disabled = False

        self._runner = Worker(work, "donkeylab-variant-table")  # a task in the browser (no threads)
        self._runner.start()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until a background run has ended (True) or ``timeout`` seconds passed (False)."""
        runner = self._runner
        if runner is not None:
            runner.join(timeout)
        return not self.running

    def _show_status(self) -> None:
        done, total = self.progress.value, self.progress.max
        key = "progress" if done < total else "done"
        lang = self.lang
        self.status.value = say(
            key, done=whole(done, lang), total=whole(total, lang), each=whole(total // 2, lang)
        ).get(lang)

    def show(self) -> None:
        """The reveal: the table is drawn from now on."""
        self.shown = True
        self.set_lang(self.lang)

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        if self.results and self.shown:
            self.table.value = table_html(self.results, lang)
        elif self.results:
            self.table.value = "<p><i>" + say("sealed").get(lang) + "</i></p>"
        else:
            self.table.value = "<p><i>" + PLAYING.get(lang) + "</i></p>"
        self.more.description = say("more", more=whole(MORE_GAMES, lang)).get(lang)
        self._show_status()

    def __repr__(self) -> str:
        n = len(next(iter(self.results.values())).records) if self.results else 0
        return f"VariantTable(games={n}, seed={self.seed}, players={self.players})"


def summary_html(results: Mapping[str, ExperimentResult], lang: str, long_run: LongRun | None = None) -> str:
    """The measured answer as a 14-year-old reads it: which rules are shorter for these games (the paired
    difference's 95 % interval decides, as ``qg.shorter_variant`` does), by how much on average, and the interval
    in words. The longer game's excess is stated, so every number is positive unless the games do not tell."""
    diff = qg.paired_difference(results)
    verdict = qg.shorter_variant(results)
    value, low, high = (
        (diff.value, diff.low, diff.high) if verdict != "english" else (-diff.value, -diff.high, -diff.low)
    )
    n = len(next(iter(results.values())).records)
    shown = interval(value, low, high, lang)
    text = say(f"summary.{verdict}", n=whole(n, lang), diff=shown[0], low=shown[1], high=shown[2]).get(lang)
    return f"<p class='dl-measured-summary'>{text}</p>" + (small_run_html(results, long_run, lang) if long_run else "")


def small_run_html(results: Mapping[str, ExperimentResult], long_run: LongRun, lang: str) -> str:
    """The page's run said to be small: how far its average can wander (half its 95 % interval's width, as
    precise as that width allows) and the long run's figures, inside or outside this run's interval."""
    diff = qg.paired_difference(results)
    pairs, (value, low, high) = long_run
    n = len(next(iter(results.values())).records)
    half = (diff.high - diff.low) / 2
    long_value, long_low, long_high = interval(value, low, high, lang)
    where = "inside" if diff.low <= value <= diff.high else "outside"
    text = say(
        "small_run",
        n=whole(n, lang),
        half=number(half, lang, 1 if half >= 0.1 else 2),
        pairs=whole(pairs, lang),
        diff=long_value,
        low=long_low,
        high=long_high,
    ).get(lang)
    return f"<p class='dl-small-run'>{text} {say(f'small_run.{where}').get(lang)}</p>"


class MeasuredSummary(w.HTML):  # type: ignore[misc]
    """The measured answer in words (``summary_html``), redrawn whenever the table finishes a run (the page's
    first games, or the "more games" button)."""

    def __init__(self, table: VariantTable, lang: str = "en", long_run: LongRun | None = None) -> None:
        super().__init__()
        self.source, self.lang, self.long_run = table, lang, long_run
        self.add_class("dl-measured")
        self.set_lang(lang)
        table.on_finished(lambda: self.set_lang(self.lang))

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        results = self.source.results
        self.value = summary_html(results, lang, self.long_run) if results else f"<p><i>{PLAYING.get(lang)}</i></p>"

    def __repr__(self) -> str:
        return f"MeasuredSummary({self.source!r})"


class MeasuredPrediction(ChoicePrediction):
    """A choice prediction whose answer sentence quotes a measurement that changes (the pupil's own run: ``redraw``
    after each batch) or arrives later (``set_answer``)."""

    def set_answer(self, answer: str | None, answer_text: Speaks) -> None:
        """A new measured answer; a revealed answer is redrawn."""
        self.answer, self.answer_text = answer, answer_text
        self._draw_result()

    def redraw(self) -> None:
        """The measurement its sentence quotes has changed: a revealed answer says the new figures."""
        self._draw_result()
