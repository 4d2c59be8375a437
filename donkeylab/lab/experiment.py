"""Game experiments: N seeded games of any engine, any bots, any rule variant, summarised with 95% CIs.

An ``ExperimentSpec`` is everything needed to reproduce a run (game, players, rules, bots, seed, N) and is
stored in the ``ExperimentResult`` next to the per-game records, so a saved result can always be re-run and
checked. Game ``i`` uses ``rng_for(seed, i)`` for both chance and bots (see ``trials``).
"""

from __future__ import annotations

import dataclasses
import importlib
import random
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

from donkeylab.core import CHANCE, Bot, GameState, RandomBot
from donkeylab.core.fastpath import have_numpy
from donkeylab.games import GAMES, GameInfo, from_module, info
from donkeylab.lab.metrics import game_metrics
from donkeylab.lab.parallel import StopFlag
from donkeylab.lab.stats import Estimate, mean_bootstrap, mean_normal, wilson
from donkeylab.lab.trials import OnBatch, Record, run_trials

MAX_ACTIONS = 100_000


@dataclasses.dataclass(frozen=True)
class ExperimentSpec:
    """What to run. ``game`` is a registered name or a module path (tests use ``tests.toy_game``).

    ``rules`` holds rule options as in a save (``Rules.to_dict()`` keys); ``bots`` names one bot class of the
    game's ``bots`` module per seat (or one name for every seat; empty: ``Random`` everywhere).
    """

    game: str
    players: int
    games: int
    seed: int = 0
    rules: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    bots: tuple[str, ...] = ()
    setup: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    batch_size: int = 50

    def __post_init__(self) -> None:
        if self.games < 0:
            raise ValueError(f"games must be >= 0, not {self.games}")
        if len(self.bots) not in (0, 1, self.players):
            raise ValueError(f"give 0, 1 or {self.players} bot names (one per seat), not {len(self.bots)}")

    def seat_bots(self) -> tuple[str, ...]:
        if not self.bots:
            return ("Random",) * self.players
        return self.bots * self.players if len(self.bots) == 1 else self.bots

    def to_dict(self) -> dict[str, Any]:
        d = dataclasses.asdict(self)
        d["rules"], d["setup"], d["bots"] = dict(self.rules), dict(self.setup), list(self.seat_bots())
        return d

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ExperimentSpec:
        """The spec recorded in a result (``to_dict``): re-running it reproduces the records exactly."""
        fields = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - fields
        if unknown:
            raise ValueError(f"unknown experiment field(s) {sorted(unknown)}; known: {sorted(fields)}")
        return cls(**{**data, "bots": tuple(data.get("bots", ()))})


def resolve_game(name: str) -> GameInfo:
    """The ``GameInfo`` of a registered game name, or of an engine package named by its dotted path (the
    tests' toy game); the CLI accepts registered names only."""
    if name in GAMES or "." not in name:
        return info(name)  # the registry's clear "unknown game" error for a bare unknown name
    return from_module(importlib.import_module(name))


def play_game(
    state: GameState,
    bots: Sequence[Bot],
    rng: random.Random,
    max_actions: int = MAX_ACTIONS,
    stop: Callable[[GameState], bool] | None = None,
) -> GameState:
    """Bots act for their seats, chance is sampled; everything draws from ``rng``. Ends with the game or
    at the first state where ``stop(state)`` is true (a rule-level trial, e.g. "until phase 1 is over")."""
    s = state
    for _ in range(max_actions):
        player = s.current_player
        if player is None or (stop is not None and stop(s)):
            return s
        if player is CHANCE:
            s = s.apply(s.sample_chance(rng))
        else:
            assert isinstance(player, int)
            s = s.apply(bots[player].act(s, rng))
    raise RuntimeError(f"{state.game}: no end after {max_actions} actions")


class GameTrial:
    """The per-game trial of a spec: play one game, return its metrics record.

    Picklable, so a process pool or a cluster can run it: only the spec travels, and each process builds
    the rules, the bots and the start state once, on its first game. Bots are shared by the games of one
    process, so a bot must not carry anything from one game to the next (none does).
    """

    def __init__(self, spec: ExperimentSpec) -> None:
        self.spec = spec
        self._built: tuple[GameState, list[Bot]] | None = None

    def __getstate__(self) -> dict[str, Any]:
        return {"spec": self.spec}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.spec, self._built = state["spec"], None

    def build(self) -> tuple[GameState, list[Bot]]:
        """The start state and one bot per seat (raises the spec's errors: unknown game, bad rules ...)."""
        if self._built is None:
            spec = self.spec
            game = resolve_game(spec.game)
            bots = [game.bot(n) for n in spec.seat_bots()]
            self._built = (game.new_game(spec.players, game.rules(spec.rules), **spec.setup), bots)
        return self._built

    def __call__(self, rng: random.Random) -> Record:
        start, bots = self.build()
        return game_record(play_game(start, bots, rng))


def game_trial(spec: ExperimentSpec) -> GameTrial:
    """The per-game trial of ``spec`` (checked at once: a bad spec fails here, not in a worker)."""
    trial = GameTrial(spec)
    trial.build()
    return trial


@dataclasses.dataclass(frozen=True)
class RuleTrial:
    """A rule-level trial (``rule_trial``); picklable when ``stop`` and ``measure`` are module-level functions."""

    start: GameState
    stop: Callable[[GameState], bool]
    measure: Callable[[GameState], Record]
    bots: tuple[Bot, ...]

    def __call__(self, rng: random.Random) -> Record:
        return self.measure(play_game(self.start, self.bots, rng, stop=self.stop))


def rule_trial(
    start: GameState,
    stop: Callable[[GameState], bool],
    measure: Callable[[GameState], Record],
    bots: Sequence[Bot] | None = None,
) -> RuleTrial:
    """A rule-level trial through the engine: play from ``start`` until ``stop``, then ``measure`` the state.

    For ``run_trials``: e.g. the Hay card after phase 1, or the totals of a round's first plays, answered by
    the engine itself (the source of truth the fast paths are checked against). Default bots: Random.
    With module-level ``stop`` / ``measure`` functions it runs on worker processes; with lambdas or
    closures it runs in the calling process (``run_trials`` checks), with the same records.
    """
    seats = tuple(bots) if bots is not None else tuple(RandomBot() for _ in range(start.num_players))
    return RuleTrial(start, stop, measure, seats)


def game_record(final: GameState) -> Record:
    """Generic metrics of a finished game plus the game's own (``metrics.game_metrics``)."""
    counts = Counter(type(a).__name__ for a in final.history)
    record: Record = {"winners": list(final.winners), "actions": sum(counts.values())}
    record.update(game_metrics(final, counts))
    return record


@dataclasses.dataclass
class ExperimentResult:
    spec: ExperimentSpec
    records: list[Record]
    elapsed: float

    def values(self, key: str) -> Any:
        """One metric per game: a float64 numpy array (a list of floats where numpy is missing, the browser)."""
        if not have_numpy():
            return [float(r[key]) for r in self.records]
        import numpy as np

        return np.array([r[key] for r in self.records], dtype=np.float64)

    def win_rate(self, seat: int) -> Estimate:
        return wilson(sum(seat in r["winners"] for r in self.records), len(self.records), f"win seat {seat}")

    def category(self, key: str) -> list[Estimate]:
        """Wilson estimates for each value of a categorical metric (e.g. the finishing ``order``)."""
        counts = Counter(str(r[key]) for r in self.records)
        return [wilson(c, len(self.records), f"{key}={k}") for k, c in sorted(counts.items())]

    def summary(self) -> list[Estimate]:
        """Win rate per seat, no-winner and shared-win rates, and the mean of every numeric metric."""
        n = len(self.records)
        out = [self.win_rate(seat) for seat in range(self.spec.players)]
        out.append(wilson(sum(not r["winners"] for r in self.records), n, "no winner"))
        out.append(wilson(sum(len(r["winners"]) > 1 for r in self.records), n, "shared win"))
        for key in self.numeric_keys():
            out.append(mean_normal(self.values(key), f"mean {key}"))
            if key == "actions":
                out.append(mean_bootstrap(self.values(key), f"mean {key}", seed=self.spec.seed))
        for key in self.categorical_keys():
            out.extend(self.category(key))
        return out

    def numeric_keys(self) -> list[str]:
        first = self.records[0] if self.records else {}
        return [k for k, v in first.items() if k != "index" and isinstance(v, int | float) and not isinstance(v, bool)]

    def categorical_keys(self) -> list[str]:
        first = self.records[0] if self.records else {}
        return [k for k, v in first.items() if isinstance(v, str)]

    def to_dict(self) -> dict[str, Any]:
        return {
            "spec": self.spec.to_dict(),
            "elapsed_s": self.elapsed,
            "summary": [e.to_dict() for e in self.summary()],
            "records": self.records,
        }


def run_experiment(
    spec: ExperimentSpec,
    on_batch: OnBatch | None = None,
    progress: bool = False,
    *,
    workers: int | None = None,
    executor: Executor | None = None,
    stop: StopFlag | None = None,
) -> ExperimentResult:
    """Run ``spec``; ``on_batch`` gets a ``Progress`` after every batch (live plots, widget progress bars).

    ``workers`` / ``executor`` / ``stop`` as in ``run_trials``: the records are the same on one core, on
    every core (``workers=None`` uses them all for a run longer than ``parallel.AUTO_PARALLEL_SECONDS``) or on a Dask
    cluster (``executor=distributed.Client(address).get_executor()``). A stopped run holds the games so far.
    """
    trial = game_trial(spec)
    start = time.perf_counter()
    records = run_trials(
        trial,
        spec.games,
        spec.seed,
        spec.batch_size,
        on_batch,
        progress,
        spec.game,
        "game",
        workers=workers,
        executor=executor,
        stop=stop,
    )
    return ExperimentResult(spec, records, time.perf_counter() - start)
