"""Soak test: many seeded random games of every engine, across every variant, option and player count, with
invariants checked after every action. It reports counts, not pass/fail timings (issue 11, part 4).

Per game ``i`` of engine ``G`` the generator ``rng_for(seed, G, i)`` draws the configuration (players, rule
options, setup) and then plays the game with uniformly random legal actions and sampled chance, so any
failure names a game that can be replayed exactly. Checked after every action:

- every engine: ``apply`` leaves the old state unchanged (the same field objects) and the game ends;
- Double Donkey: every card is in exactly one place (hands, piles, table, draw pile, discard), dice and
  roll-offs show 1..6, hands hold at most 3 cards;
- Double Down: the 56 cards are conserved (hands + draw pile + played pile), tokens stay 0..3 and never
  rise, eliminated players hold no cards, the total stays below 77 while a round runs;
- Esels-Rennen: every chain ends (hops counted, the longest reported), racing donkeys stand on different
  fields, the podium holds each donkey at most once, the winners hold the exact card (or score best);
- every 100th game: its save loads back to the same state (same JSON, same ``describe``).

Run: ``python benchmarks/soak.py`` (100,000 games per engine; ``--games N``, ``--game NAME``, ``--seed S``).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from itertools import chain
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from donkeylab import double_donkey as dd
from donkeylab import double_down as dn
from donkeylab import esels_rennen as er
from donkeylab import games
from donkeylab.core import CHANCE, GameState, rng_for

ENGINES = ("double_donkey", "double_down", "esels_rennen")
MAX_ACTIONS = 20_000
SAVE_EVERY = 100


@dataclasses.dataclass(frozen=True)
class Config:
    """One game's setup: what ``new_game`` is called with, and a short label for the counts."""

    players: int
    rules: Any
    setup: dict[str, Any]
    label: str


# ---------------------------------------------------------------------------------------------- configurations
def _custom_deck(rng: random.Random, players: int) -> tuple[str, ...]:
    """A random valid DD-DECK-1 spec: enough cards for the piles, pairs and Angry Donkeys mixed."""
    size = rng.randint(10 * players, 10 * players + 60)
    cards = []
    for _ in range(size):
        if rng.random() < 0.1:
            cards.append(f"angry:{rng.choice(dd.COLOURS)}")
        else:
            a, b = rng.sample(dd.COLOURS, 2)
            cards.append(f"{a}+{b}")
    return tuple(cards)


def random_config(game: str, rng: random.Random) -> Config:
    """A configuration drawn uniformly over the options of ``game`` (every value of every option)."""
    if game == "double_donkey":
        players = rng.randint(2, 5)
        options: dict[str, Any] = {
            "variant": rng.choice(["english", "german"]),
            **{k: rng.choice([None, *dd.rules._CHOICES[k]]) for k in dd.rules.VARIANT_DEFAULTS["english"]},
            "angry_flip": rng.choice(dd.rules._CHOICES["angry_flip"]),
            "first_player": rng.randrange(players),
        }
        custom = rng.random() < 0.1
        if custom:
            options["deck"] = _custom_deck(rng, players)
        rules = dd.Rules(**options)
        label = f"{players}p {rules.variant} {rules.tie_break}/{rules.last_die}/{rules.end}/{rules.angry_flip}"
        return Config(players, rules, {}, label + (" custom-deck" if custom else ""))
    if game == "double_down":
        players = rng.randint(2, 8)
        rules = dn.Rules(
            repeat_doublet_penalty=rng.random() < 0.5,
            negative_doublets=rng.random() < 0.5,
            swimming=rng.random() < 0.5,
            hand_size=rng.randint(1, min(7, dn.DECK_SIZE // players)),
        )
        flags = "".join("RNS"[i] if v else "-" for i, v in enumerate(list(rules.to_dict().values())[:3]))
        return Config(players, rules, {"opener": rng.randrange(players)}, f"{players}p {flags} hand{rules.hand_size}")
    players = rng.randint(2, 6)
    rules = er.Rules(
        sand=rng.choice(["zone", "start"]),
        finish_arrows=rng.random() < 0.5,
        start_order=rng.choice(["fixed", "random"]),
        scoring=rng.choice(["exact", "points"]),
    )
    board = rng.choice(er.packaged_boards())
    label = f"{players}p {board} {rules.sand}/{rules.finish_arrows}/{rules.start_order}/{rules.scoring}"
    return Config(players, rules, {"board": board}, label)


def new_state(game: str, config: Config) -> GameState:
    state: GameState = games.info(game).new_game(config.players, config.rules, **config.setup)
    return state


# ---------------------------------------------------------------------------------------------- invariants
class Violation(AssertionError):
    """An invariant broken: the message names the engine, the game index and the step."""


def _require(ok: bool, what: str) -> None:
    if not ok:
        raise Violation(what)


def check_double_donkey(before: Any, after: Any, action: Any, stats: Counter[str]) -> None:
    if after.phase != "deal":
        held = sorted(chain(*after.hands, *after.piles, *after.table, after.draw_pile, after.discard))
        _require(held == list(range(len(after.cards))), "every card is in exactly one place")
    _require(all(1 <= v <= 6 for v in (*after.hay.values(), *after.rolled.values())), "dice show 1..6")
    _require(all(len(h) <= 3 for h in after.hands), "hands hold at most 3 cards")
    if isinstance(action, (dd.Roll, dd.RollOff)):
        stats["dice rolled"] += len(action.values)
        _require(all(type(v) is int and 1 <= v <= 6 for _, v in action.values), "a die shows 1..6")


FULL_DECK = {k: n for k, (n, _, _) in dn.DECK_SPEC.items()}


def check_double_down(before: Any, after: Any, action: Any, stats: Counter[str]) -> None:
    _require(after.card_counts() == FULL_DECK, "each of the 56 cards is conserved (hands, draw pile, played pile)")
    old, new = before.tokens, after.tokens
    _require(all(0 <= t <= 3 for t in new.values()), "tokens stay 0..3")
    _require(all(new[p] <= old[p] for p in new), "tokens never rise")
    _require(before.eliminated <= after.eliminated, "an eliminated player stays out")
    if after.eliminated:
        hands = after.hands
        _require(all(not hands[p] for p in after.eliminated), "eliminated players hold no cards")
    if after.phase == "play":
        _require(after.total < 77, "the total stays below 77 while a round runs")


def check_esels_rennen(before: Any, after: Any, action: Any, stats: Counter[str]) -> None:
    hops = sum(e.rule == "ER-CHAIN-1" for e in after.events)  # the apply returned: the chain ended
    stats["chain hops"] += hops
    if hops > stats["longest chain"]:
        stats["longest chain"] = hops
    racing = [f for f in after.positions.values() if f is not None]
    _require(len(racing) == len(set(racing)), "racing donkeys stand on different fields")
    podium = after.podium
    _require(len(podium) == len(set(podium)), "the podium holds each donkey once")
    _require({d for d, f in after.positions.items() if f is None} == set(podium), "off the board = on the podium")
    if after.is_terminal():
        _require(len(podium) == 3, "a finished race has three places")
        if after.rules.scoring == "exact":
            order = "".join(d[0].upper() for d in podium)
            holders = tuple(p for p, held in after.cards.items() if order in held)
            _require(after.winners == holders, "the winners hold the exact card")


CHECKS: dict[str, Callable[[Any, Any, Any, Counter[str]], None]] = {
    "double_donkey": check_double_donkey,
    "double_down": check_double_down,
    "esels_rennen": check_esels_rennen,
}


# ---------------------------------------------------------------------------------------------- the soak
@dataclasses.dataclass
class Report:
    game: str
    games: int = 0
    actions: int = 0
    chance: int = 0
    saves_reloaded: int = 0
    longest_game: int = 0
    seconds: float = 0.0
    configs: Counter[str] = dataclasses.field(default_factory=Counter)
    players: Counter[int] = dataclasses.field(default_factory=Counter)
    stats: Counter[str] = dataclasses.field(default_factory=Counter)

    def lines(self) -> list[str]:
        rate = self.games / self.seconds if self.seconds else 0.0
        extra = ", ".join(f"{k} {v:,}" for k, v in sorted(self.stats.items()))
        return [
            f"{self.game}: {self.games:,} games, {self.actions:,} actions ({self.chance:,} chance), "
            f"{self.saves_reloaded:,} saves reloaded identically, 0 invariant violations",
            f"  {self.seconds:.1f} s ({rate:,.0f} games/s); longest game {self.longest_game:,} actions; {extra}",
            f"  {len(self.configs):,} distinct configurations; players "
            + ", ".join(f"{p}: {n:,}" for p, n in sorted(self.players.items())),
        ]


def play_one(game: str, index: int, seed: int, report: Report) -> GameState:
    """Game ``index``: configuration and play both from ``rng_for(seed, game, index)``; every action checked."""
    rng = rng_for(seed, game, index)
    config = random_config(game, rng)
    check = CHECKS[game]
    state = new_state(game, config)
    report.configs[config.label] += 1
    report.players[config.players] += 1
    for step in range(MAX_ACTIONS):
        player = state.current_player
        if player is None:
            report.longest_game = max(report.longest_game, step)
            return state
        if player is CHANCE:
            action = state.sample_chance(rng)
            report.chance += 1
        else:
            action = rng.choice(state.legal_actions())
        fields = dict(vars(state))  # field values are immutable: a changed state would hold another object
        try:
            after = state.apply(action)
            _require(all(v is fields[k] for k, v in vars(state).items()), "apply left the old state unchanged")
            check(state, after, action, report.stats)
        except Violation as exc:
            raise Violation(f"{game} game {index} (seed {seed}) step {step + 1} ({action}): {exc}") from None
        state = after
        report.actions += 1
    raise Violation(f"{game} game {index} (seed {seed}): no end after {MAX_ACTIONS} actions")


def check_reload(state: GameState, game: str, index: int) -> None:
    text = state.to_json()
    again = games.load(text)
    if again.to_json() != text or again.describe() != state.describe() or again.history != state.history:
        raise Violation(f"{game} game {index}: the save did not load back to the same state")


def soak(game: str, n: int, seed: int = 0, progress: Callable[[Report], None] | None = None) -> Report:
    """Play ``n`` checked games of ``game``; raises ``Violation`` at the first broken invariant."""
    report = Report(game)
    began = time.perf_counter()
    for index in range(n):
        final = play_one(game, index, seed, report)
        if index % SAVE_EVERY == 0:
            check_reload(final, game, index)
            report.saves_reloaded += 1
        report.games += 1
        if progress is not None and report.games % 1000 == 0:
            report.seconds = time.perf_counter() - began
            progress(report)
    report.seconds = time.perf_counter() - began
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=100_000, help="games per engine (default 100,000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", action="append", choices=ENGINES, help="only this engine (repeatable)")
    args = parser.parse_args(argv)

    def progress(r: Report) -> None:
        print(f"  ... {r.game}: {r.games:,} games, {r.games / r.seconds:,.0f}/s", file=sys.stderr, flush=True)

    total = 0
    for game in args.game or ENGINES:
        report = soak(game, args.games, args.seed, progress)
        print("\n".join(report.lines()), flush=True)
        total += report.games
    print(f"total: {total:,} games, seed {args.seed}, every invariant held")
    return 0


if __name__ == "__main__":
    sys.exit(main())
