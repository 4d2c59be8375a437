"""Whole-game lesson questions: no exact answer, every batch a seeded experiment of the real engine.

``double_donkey.variants`` puts the two Double Donkey variants side by side (RULES.md: ``english`` and
``german`` differ in DD-DICE-3, DD-BIGGEST-2 and DD-END-1): how many rounds a game lasts, or who wins
(per seat, and how often several players share the win). Nobody knows these numbers exactly — a whole game
has far too many chance points to enumerate — so the question is *simulated only*: its exact answer is
empty, and a ``LivePlot`` of it starts with empty axes and fills in batch by batch.

``lesson.rounds_difference`` is Lesson 5's headline as a running mean: per pair of games on the same deal,
how many rounds longer the English game is.

Why here: they are Lesson 5's questions and use the lab's experiments, which a game package may not import
(a question lives with its game or its lesson). Registered into the lab's registry on import.

Each batch is ``run_experiment`` on each variant with the same seed (``questions.batch_seed``), so game ``i``
of a batch draws from the same ``rng_for(seed, i)`` in both variants: both start from the same shuffled
deal, and the difference between the bars is the rules, not the luck of the deal. A
``LivePlot("double_donkey.variants")`` needs this module imported.
Counts are keyed by English identifiers (``"player 1"``, ``"shared win"``); the figure's words follow the
``lang`` it is drawn in (``figure_words``).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from donkeylab.core.questions import Param
from donkeylab.core.say import texts
from donkeylab.lab.experiment import ExperimentResult, ExperimentSpec, run_experiment
from donkeylab.lab.questions import Counts, Exact, Params, Question, register
from donkeylab.lab.running import running_means, running_sums
from donkeylab.lab.stats import Z95, Estimate, mean_normal, wilson
from donkeylab.lab.trials import OnBatch

if TYPE_CHECKING:
    import plotly.graph_objects as go

WORDS: dict[str, tuple[str, str]] = {
    "conv_rounds": (
        "Same deals, both rules: how many rounds longer is the English game? (running average after N pairs)",
        "Dieselben Karten, beide Regeln: Wie viele Runden länger dauert das englische Spiel? (laufender Mittelwert "
        "nach N Paaren)",
    ),
    "conv_rounds_axis": ("rounds longer (English minus German)", "Runden länger (englisch minus deutsch)"),
    "conv_rounds_pairs": ("number of pairs of games N", "Anzahl der Spielpaare N"),
    "variants/rounds": (
        "Double Donkey: how many rounds does a game last?",
        "Double Donkey: Wie viele Runden dauert ein Spiel?",
    ),
    "variants/wins": ("Double Donkey: who wins?", "Double Donkey: Wer gewinnt?"),
    "variants/sub": (
        "whole games of the engine, {players} {bots} bots; both variants play the same deals",
        "ganze Spiele nach allen Regeln, {players} {bots}-Bots; beide Varianten spielen dieselben Karten",
    ),
    # the lesson's own case in a pupil's words (no engine, no bot class, no "variants" or "deals")
    "variants/sub_random": (
        "{players} bots choosing at random; both sets of rules get the same shuffled cards",
        "{players} zufällig wählende Bots; beide Regelsätze bekommen dieselben gemischten Karten",
    ),
    "variants/x_rounds": ("rounds in the game", "Runden im Spiel"),
    "variants/x_wins": (
        "winner (a shared win counts for every winner)",
        "Gewinner (ein geteilter Sieg zählt für jeden)",
    ),
    "variants/y": ("share of games", "Anteil der Spiele"),
    "variants/empty": ("No games played yet: press Start", "Noch keine Spiele gespielt: Drück auf Start"),
    "variants/versus": ("English vs German rules", "Englische gegen deutsche Regeln"),
    "variants/english": ("English rules", "englische Regeln"),
    "variants/german": ("German rules", "deutsche Regeln"),
    "variants/player": ("player {k}", "Spieler {k}"),
    "variants/shared win": ("shared win", "geteilter Sieg"),
}
# ``say(key, lang, **data)``: a figure word of this module in ``lang``, ``data`` filled in as given (already
# in ``lang``)
say = texts("figure/", WORDS)


VARIANTS = ("english", "german")
MEASURES = ("rounds", "wins")
SHARED = "shared win"
DD_BOTS = ("Random", "Cautious", "Greedy")


def variant_results(
    games: int,
    seed: int | str = 0,
    players: int = 4,
    bots: str = "Random",
    on_batch: Mapping[str, OnBatch] | None = None,
    batch_size: int = 50,
) -> dict[str, ExperimentResult]:
    """``games`` seeded Double Donkey games of each variant; game ``i`` of both starts from the same deal.

    ``on_batch`` may give a progress callback per variant (a page's progress bar).
    """
    out = {}
    for variant in VARIANTS:
        spec = ExperimentSpec(
            "double_donkey",
            players,
            games,
            seed=_int_seed(seed),
            rules={"variant": variant},
            bots=(bots,),
            batch_size=batch_size,
        )
        out[variant] = run_experiment(spec, (on_batch or {}).get(variant))
    return out


def _int_seed(seed: int | str) -> int:
    """ExperimentSpec wants an int; a text seed (a link's) is mapped to one the same way every time."""
    if isinstance(seed, int):
        return seed
    from donkeylab.core import rng_for

    return rng_for(seed).getrandbits(63)


def shared_wins(result: ExperimentResult) -> int:
    """Games won by more than one player at once (DD-END-1: several players empty out together)."""
    return sum(len(r["winners"]) > 1 for r in result.records)


def summary(result: ExperimentResult) -> dict[str, Estimate]:
    """The numbers of the lesson table, each with its 95% CI: mean rounds, win rate per seat, shared wins."""
    n = len(result.records)
    rows = {"rounds": mean_normal(result.values("rounds"), "mean rounds")}
    rows.update({f"player {p + 1}": result.win_rate(p) for p in range(result.spec.players)})
    rows[SHARED] = wilson(shared_wins(result), n, SHARED)
    return rows


def paired_difference(results: Mapping[str, ExperimentResult]) -> Estimate:
    """Rounds of english minus rounds of german, deal by deal (game ``i`` of both has the same deal).

    Pairing removes the luck of the deal shared by the two games of a pair, so this CI is narrower than the
    CI of the same difference taken without the pairs (``unpaired_difference``). It is not narrower than
    each variant's own CI: the difference of two noisy numbers is itself noisy.
    """
    english, german = (results[v].values("rounds") for v in VARIANTS)
    return mean_normal([e - g for e, g in zip(english, german, strict=True)], "english minus german rounds")


def unpaired_difference(results: Mapping[str, ExperimentResult]) -> Estimate:
    """The same difference as if the games were not paired: mean minus mean, ``se = √(se₁² + se₂²)``."""
    english, german = (mean_normal(results[v].values("rounds")) for v in VARIANTS)
    value, se = english.value - german.value, math.hypot(english.stderr, german.stderr)
    return Estimate(
        "english minus german rounds, unpaired",
        value,
        value - Z95 * se,
        value + Z95 * se,
        se,
        min(english.n, german.n),
        "normal, unpaired",
    )


def shorter_variant(results: Mapping[str, ExperimentResult]) -> str:
    """``"german"`` / ``"english"`` when the paired difference's 95% CI excludes 0, else ``"same"``."""
    diff = paired_difference(results)
    if diff.low > 0:
        return "german"
    if diff.high < 0:
        return "english"
    return "same"


def length_counts(result: ExperimentResult) -> Counts:
    """How many games lasted each number of rounds (a round: dice on the Hay card, then a card reveal)."""
    return Counter(int(r["rounds"]) for r in result.records)


def win_counts(result: ExperimentResult) -> Counts:
    """Wins per seat (``"player 1"``, …; a shared win counts for every winner) and the number of shared wins."""
    counts: Counts = Counter(f"player {p + 1}" for r in result.records for p in r["winners"])
    counts[SHARED] = shared_wins(result)
    return counts


def _exact(_p: Params) -> Exact:
    return {}  # whole games: too many chance points to enumerate, simulated only


def _sample(size: int, seed: int, p: Params) -> Counts:
    count = length_counts if p["measure"] == "rounds" else win_counts
    counts: Counts = Counter()
    for variant, result in variant_results(size, seed, p["players"], p["bots"]).items():
        counts.update({(variant, key): c for key, c in count(result).items()})
    return counts


def _keys(counts: Counts | None, p: Params) -> list[Any]:
    """The x values shared by both variants' bars (a value one variant never reached shows a zero bar)."""
    if p["measure"] == "wins":
        return [f"player {s + 1}" for s in range(p["players"])] + [SHARED]
    seen = sorted({value for _, value in counts or ()})
    return list(range(seen[0], seen[-1] + 1)) if seen else []


def _label(key: Any, lang: str) -> str:
    """An x value as the pupil reads it: ``4`` (rounds), ``player 2`` / ``Spieler 2``, ``shared win``."""
    if isinstance(key, str) and key.startswith("player "):
        return say("variants/player", lang, k=key.split()[1])
    return say(f"variants/{key}", lang) if key == SHARED else str(key)


def _draw(_ex: Exact, counts: Counts | None, n: int, p: Params, lang: str) -> go.Figure:
    from donkeylab.lab import figures

    keys = _keys(counts, p)
    labels, series = [_label(k, lang) for k in keys], {}
    if counts is not None:
        for variant in VARIANTS:
            mine = {_label(key, lang): c for (v, key), c in counts.items() if v == variant}
            series[say(f"variants/{variant}", lang)] = figures.estimates_from_counts(mine, n, labels)
    key = "variants/sub_random" if p["bots"] == "Random" else "variants/sub"
    sub = say(key, lang, players=p["players"], bots=p["bots"])
    measure = p["measure"]
    title = f"{say(f'variants/{measure}', lang)} {say('variants/versus', lang)}<br><sup>{sub}</sup>"
    y_title = say("variants/y", lang)
    fig = figures.side_by_side(series, title, say(f"variants/x_{measure}", lang), y_title, lang=lang)
    return fig if counts is not None else figures.waiting(fig, lang, note=say("variants/empty", lang))


VARIANTS_QUESTION = register(
    Question(
        "double_donkey.variants",
        "Double Donkey: english or german rules — which makes games shorter, and who wins?",
        (
            Param("measure", "rounds", "rounds: game length; wins: win rate per seat and shared wins", MEASURES),
            Param("players", 4, "number of players (2-5)", (2, 3, 4, 5), convert=int),
            Param("bots", "Random", "the bot playing every seat", DD_BOTS),
        ),
        _exact,
        _draw,
        _sample,
        grouped=True,
        max_n=5_000,  # a whole run of game pairs stays within a few minutes
        max_batch=50,  # a batch of game pairs (4 players, Random) is short: Stop still acts within about a second
    )
)


# ---------------------------------------------------------------------------------------------- L5 headline
ENGLISH_ROUNDS = "english rounds"  # a batch's total rounds of its English games (the German ones: minus the sum)


def _rounds_sample(size: int, seed: int, p: Params) -> Counts:
    """The running sums of the paired difference, and the English games' total rounds: the pupil's own run says
    how long its games lasted, not another run (``full_games_run``)."""
    results = variant_results(size, seed, p["players"])
    english, german = (results[v].values("rounds") for v in VARIANTS)
    counts = running_sums([e - g for e, g in zip(english, german, strict=True)], int(p.get("_start", 0)))
    counts[ENGLISH_ROUNDS] = float(sum(english))  # type: ignore[assignment]  # Counter adds floats as well
    return counts


def _rounds_draw(_ex: Exact, counts: Counts | None, n: int, p: Params, lang: str) -> go.Figure:
    from donkeylab.lab import figures

    title, axis, pairs = say("conv_rounds", lang), say("conv_rounds_axis", lang), say("conv_rounds_pairs", lang)
    if counts is None or n < 2:  # a difference in rounds: an axis around 0 that hints at neither rule set
        empty = figures.convergence([], [], title, axis, exact=None, lang=lang, x_title=pairs)
        return figures.waiting(empty, lang, (-1, 1))
    ns, est = running_means(counts, n)
    return figures.convergence(ns, est, title, axis, exact=None, lang=lang, x_title=pairs)


register(
    Question(
        "lesson.rounds_difference",
        "conv_rounds",
        (Param("players", 4, "players per game", (2, 3, 4, 5)),),
        lambda _p: {},
        _rounds_draw,
        _rounds_sample,
        max_n=10_000,
        max_batch=200,
        indexed=True,
    )
)
