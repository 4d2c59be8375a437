"""Lesson 5 — full games. Headline: which rules make Double Donkey games shorter, the English rulebook's or the
German ones, and how sure can we be?

Nobody can compute this exactly, so the answer is measured: seeded bot games (``full_games_questions``: game
``i`` of both variants starts from the same deal). A 14-year-old's path: the question, the guess,
one game watched under either set of rules (Double Donkey at the start of its last round, where DD-END-1
decides; the three differences folded beside it), the pupil's own measurement (the running average of the paired
difference with its band, ``lesson.rounds_difference``), then at the reveal that measurement is the evidence: the
answer, "The answer, measured" and what to notice quote the pupil's own run with its 95 % interval in words and
follow it while it runs (``full_games_run``). The rest is statistics for 16-year-olds and goes further, folded:
whether a longer run agrees (the long run's ``MEASURED``), the page's own 200-pair table with every interval, why
paired games, what each difference saves, the interval's method. Built by the lesson framework like every lesson;
the bot game, the pupil's answer, the notice, the table and the prediction are this lesson's own ``Custom``
sections.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from donkeylab.lessons import full_games_questions as qg
from donkeylab.lessons import full_games_run as own_run
from donkeylab.lessons import full_seats
from donkeylab.lessons.framework import (
    Context,
    Convergence,
    Custom,
    Exercise,
    Exercises,
    GoingFurther,
    LessonSpec,
    Question,
    lesson_params,
    lesson_spec,
    sealed_by,
)
from donkeylab.lessons.framework import build as build_lesson
from donkeylab.lessons.full_games_text import TEXTS
from donkeylab.lessons.full_tabs import DonkeyPage, GameTabs
from donkeylab.lessons.full_widgets import (
    VARIANT_NAMES,
    MeasuredPrediction,
    MeasuredSummary,
    VariantTable,
)
from donkeylab.lessons.page import Lesson, number, page
from donkeylab.pages.parts import Folded, Speaks, Text, by_lang
from donkeylab.pages.query import Param, Query, integer
from donkeylab.pages.registry import AppInfo, register
from donkeylab.pages.words import Say, interval, whole, words

NAME = "full_games"
ROUNDS = ("rounds_shorter",)  # the class question "by how many rounds?" (``classroom.questions``)
# The long run: ``python benchmarks/lesson5_rounds.py 50000 2024 1`` plays MEASURED_PAIRS deals under every rule
# set (4 players, Random bots) and prints these paired means of English rounds minus the rounds of the other rule
# set, each with its normal 95 % CI (value, low, high). The pupil's path quotes the pupil's own run; these figures
# are going further's check that a longer run agrees, what each rule saves alone, the teacher's key and the
# words "most of it comes from the end" (tests/apps/test_lesson5_measured.py checks that they support them).
MEASURED_PAIRS = 50_000
MEASURED_SEED = 2024
MEASURED: dict[str, tuple[float, float, float]] = {
    "german": (0.523, 0.511, 0.535),  # English rules minus German rules
    "end": (0.354, 0.348, 0.361),  # minus English rules with the German end (DD-END-1) alone
    "tie_break": (0.248, 0.239, 0.257),  # … with the German tie rule (DD-BIGGEST-2) alone
    "last_die": (0.005, -0.007, 0.017),  # … with the German last die (DD-DICE-3) alone
    "end_minus_tie": (0.107, 0.097, 0.116),  # the end rule's saving minus the tie rule's, deal by deal
}
# How long a game lasts, so a pupil can judge whether half a round is much: the mean rounds
# of 20,000 seeded games per rule set (``benchmarks/lesson5_rounds.py``'s ``rounds({"variant": v}, 20000, 2024, 2)``:
# English 6.686 (95 % CI 6.672 to 6.701), German 6.168 (6.155 to 6.181)); the page says them to one decimal.
MEASURED_ROUNDS_GAMES = 20_000
MEASURED_ROUNDS: dict[str, float] = {"english": 6.686, "german": 6.168}
CONVERGENCE_PAIRS = 2_000  # pairs in the live band of the difference (live_intro writes the number: keep them equal)
PLOT_GAMES = 1_000  # per variant in each live plot (a wait a pupil sits through after pressing Start)
PLOT_BATCH = 50
PARAMS = lesson_params(
    "double_donkey", 4, fixed_players=False, drop=("seat",), extra=[Param("games", integer(20, 1_000), 200)]
)  # step None: the start of the last round

say = words("lesson/full_games/", TEXTS)


CHOICES: dict[Any, Speaks] = {
    "english": VARIANT_NAMES["english"],
    "german": VARIANT_NAMES["german"],
    "same": say("choices.same"),
}
# One game to watch, the lesson's own: a Double Donkey game whose rules the pupil switches (tabs of Double Down
# and Esels-Rennen games would have nothing to do with the question).
HINTS = {"double_donkey": say("hints.double_donkey")}
TAB_TITLES = {"double_donkey": say("tab_titles.double_donkey")}


def long_run_verdict() -> str:
    """Which rules are shorter by the long run: its interval excludes 0 (the class question's answer too)."""
    low, high = MEASURED["german"][1:]
    return "german" if low > 0 else "english" if high < 0 else "same"


def key_answer() -> Say:
    """The prediction's answer on the teacher's key: the long run's verdict and figures (a key cannot know a
    pupil's run; the page quotes the pupil's own, ``full_games_run.AnswerLine``)."""
    return say("answer_text", lead=CHOICES[long_run_verdict()], **_long_run())


def key_notice() -> Say:
    """What to notice on the teacher's key: the long run's figures (the page says the pupil's own run's)."""
    return say(
        "key_notice",
        own=lambda lg: whole(CONVERGENCE_PAIRS, lg),
        tie=lambda lg: measured("tie_break", lg),
        **_long_run(),
    )


def _long_run() -> dict[str, Any]:
    """The long run's figures (``MEASURED``) as the key writes them, in either language."""
    return {
        "pairs": lambda lg: whole(MEASURED_PAIRS, lg),
        "diff": lambda lg: measured("german", lg),
        "diff_low": lambda lg: measured("german", lg, 1),
        "diff_high": lambda lg: measured("german", lg, 2),
        "en_rounds": lambda lg: number(MEASURED_ROUNDS["english"], lg, 1),
        "de_rounds": lambda lg: number(MEASURED_ROUNDS["german"], lg, 1),
    }


class FullGames(Lesson):
    """The shared lesson shape, with handles on this lesson's own parts.

    ``step_through`` is the tab of the bot game (Double Donkey, either set of rules) and the three differences,
    folded; ``exact`` the measured answer said simply (no exact value exists for whole games); ``answer`` the
    ``VariantTable`` whose seeded results a notebook's checked cell prints (on the page: going further);
    ``live`` the running average of the paired difference; ``going_further`` the table, its method, the savings
    of each difference and the two LivePlots of ``double_donkey.variants`` with their caption.
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
    def own_plot(self) -> Any:
        """The pupil's own simulation: the running average of the paired difference (``lesson.rounds_difference``)."""
        return next(part for part in self.live if getattr(part, "question", "") == "lesson.rounds_difference")

    @property
    def plot(self) -> Any:
        return self._plots()[0]

    @property
    def wins_plot(self) -> Any:
        return self._plots()[1]

    def _plots(self) -> list[Any]:
        """The two LivePlots of going further (after the more exercises and the caption, wherever they sit)."""
        return [part for part in self.going_further if getattr(part, "question", "") == "double_donkey.variants"]

    def game_stepper(self, game: str) -> Any:
        """The Stepper of ``game`` (its tab is built now if it was not opened yet)."""
        return self.games.page(game).stepper


def _table(ctx: Context) -> VariantTable:
    """The seeded experiment behind the prediction's answer, the summary and the measured table (made once per
    page). On a sealed page it plays at once (the prediction's answer needs it) but draws its table only at the
    reveal: before it, which rules are shorter is nowhere on the page."""
    if "table" not in ctx.extra:
        q = ctx.query
        ctx.extra["table"] = VariantTable(
            q["games"], ctx.seed, q["players"], ctx.lang, background=ctx.extra["bg"], shown=not ctx.extra.get("sealed")
        )
    table: VariantTable = ctx.extra["table"]
    return table


def _own(ctx: Context) -> own_run.OwnRun:
    """The page's handle on the pupil's own simulation (attached to its plot by ``parts`` once it is built)."""
    own: own_run.OwnRun = ctx.extra.setdefault("own", own_run.OwnRun())
    return own


def _prediction(ctx: Context) -> list[Any]:
    """The prediction: its answer is the long run's verdict (as the class's and the key's); its sentence quotes
    the pupil's own run and follows it."""
    verdict = long_run_verdict()
    own = _own(ctx)
    line = own_run.AnswerLine(own, CHOICES[verdict])
    prediction = MeasuredPrediction(say("prompt"), verdict, line, CHOICES, ctx.lang)
    own.follow(prediction.redraw)
    return [prediction]


def _games(ctx: Context) -> list[Any]:
    q, seed, players = ctx.query, ctx.seed, ctx.query["players"]
    makers: dict[str, Any] = {
        "double_donkey": lambda lg: DonkeyPage(
            seed, players, q["variant"], q["step"], HINTS["double_donkey"], lg, odds=q["odds"] == "1"
        ),
    }
    tabs = GameTabs(makers, TAB_TITLES, ctx.lang)
    ctx.stepper = tabs.page("double_donkey").stepper
    differences = by_lang(
        lambda lg: say("differences").get(lg) + f"<p><small>{say('differences.note').get(lg)}</small></p>"
    )
    return [tabs, Folded(say("differences.title"), Text(differences, lang=ctx.lang), ctx.lang)]


def _measured(ctx: Context) -> list[Any]:
    """The answer a 14-year-old reads: which rules the pupil's own games show shorter, by how much, and the
    interval in words."""
    return [own_run.RunText(_own(ctx), own_run.measured_html, ctx.lang)]


def _notice(ctx: Context) -> list[Any]:
    """What to notice: the size of the pupil's own result, the bots it holds for, where the rounds come from."""
    players = int(ctx.query["players"])
    return [own_run.RunText(_own(ctx), lambda run, lang: own_run.notice_html(run, lang, players), ctx.lang)]


def _longer(run: own_run.Run | None, lang: str) -> str:
    lengths = (MEASURED_ROUNDS_GAMES, MEASURED_ROUNDS["english"], MEASURED_ROUNDS["german"])
    return own_run.longer_html(run, (MEASURED_PAIRS, MEASURED["german"]), lengths, lang)


def _further(ctx: Context) -> list[Any]:
    """Statistics for 16-year-olds, folded: whether a longer run agrees with the pupil's, the page's whole table
    with every interval and its method, what each difference saves, why paired games, then the game-by-game
    plots."""
    from donkeylab.widgets import LivePlot

    table = _table(ctx)
    table.show()
    lang = ctx.lang
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
    longer = own_run.RunText(_own(ctx), _longer, lang)
    summary = MeasuredSummary(table, lang, long_run=(MEASURED_PAIRS, MEASURED["german"]))
    measured = [longer, Text(say("measured"), lang=lang), table, summary, Text(further_pairs_text(), lang=lang)]
    return [*measured, Text(say("further.intro"), lang=lang), *plots]


def measured(name: str, lang: str, part: int = 0) -> str:
    """One stored figure of ``MEASURED`` as the page writes it (0.52 / 0,52), as precise as its CI allows;
    ``part`` 1 and 2 are its CI."""
    return interval(*MEASURED[name], lang)[part]


def further_pairs_text() -> Say:
    """Going further: what each difference saves alone (the long run's ``MEASURED``), why paired games, and how
    to compare two intervals."""
    return say(
        "further.pairs",
        pairs=lambda lg: whole(MEASURED_PAIRS, lg),
        diff=lambda lg: measured("german", lg),
        end=lambda lg: measured("end", lg),
        end_low=lambda lg: measured("end", lg, 1),
        end_high=lambda lg: measured("end", lg, 2),
        tie=lambda lg: measured("tie_break", lg),
        tie_low=lambda lg: measured("tie_break", lg, 1),
        tie_high=lambda lg: measured("tie_break", lg, 2),
        seat_games=full_seats.games,
        seat_low=lambda lg: full_seats.low_high(lg)[0],
        seat_high=lambda lg: full_seats.low_high(lg)[1],
    )


WIDER = say("ex2.wider")
EXERCISES = [
    Exercise(say("exercises"), say("exercises2")),
    Exercise(
        say("ex2.q"),
        say("ex2.solution"),
        Fraction(1, 2),
        hint=say("ex2.hint"),
        mistakes=((Fraction(1, 4), say("ex2.like_n")), (Fraction(2), WIDER), (Fraction(4), WIDER)),
    ),
    Exercise(say("exercises5"), say("exercises6")),
    Exercise(
        say("ex4.q"),
        say("ex4.solution"),
        Fraction(1, 2),
        hint=say("ex4.hint"),
        why=True,
        mistakes=((Fraction(5, 12), say("ex4.first_roll")),),
    ),
]


@lesson_spec
def spec() -> LessonSpec:
    return LessonSpec(
        NAME,
        say("title"),
        [
            Question(by_lang(lambda lg: " ".join(say(k).get(lg) for k in ("question", "question.how_sure")))),
            Custom("prediction", _prediction, heading="predict", by=ROUNDS),  # its answer: the table's difference
            Custom("step_through", _games, heading="watch"),
            # guess, then measure: the pupil's own bots play paired games before the measured answer is shown
            Convergence(
                say("live_intro"),
                "lesson.rounds_difference",
                {"players": 4},
                n=CONVERGENCE_PAIRS,
                batch=100,
                by=ROUNDS,
            ),
            Custom("exact", _measured, heading="measured", sealed=True, by=ROUNDS),
            Custom("answer", lambda ctx: [_table(ctx)], shown=False),
            Custom("notice", _notice, heading="notice", sealed=True, by=ROUNDS),
            Exercises(EXERCISES),
            GoingFurther(_further, by=ROUNDS),
        ],
        PARAMS,
        game="double_donkey",
        share=None,
        lesson_class=FullGames,
    )


def parts(query: Query | None = None, background: bool = False, *, sealed: bool = False) -> FullGames:
    """Build every part of the lesson for ``query`` (None: the defaults).

    ``background``: the table's games are played in a background thread (an app page appears at once; the
    prediction's answer arrives with the table). Without it the table is full when ``parts`` returns.
    """
    own = own_run.OwnRun()
    lesson = build_lesson(spec(), query, extra={"bg": background, "sealed": sealed, "own": own}, sealed=sealed)
    assert isinstance(lesson, FullGames)
    own.attach(lesson.own_plot)
    return lesson


def layout(lesson: FullGames) -> Any:
    """The app page: the one lesson layout (``page.page``)."""
    return page(lesson)


def build(query: Query) -> Any:
    """The app page. The table's games are played in the background, so the page appears at once."""
    return page(parts(query, background=True, sealed=sealed_by(query)))


register(AppInfo(NAME, say("app.title"), say("app.blurb"), "⚖", PARAMS, build, kind="lesson"))
