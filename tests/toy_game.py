"""A one-die race that lives only in tests: it proves the engine test kit on the smallest real game.

Each turn the player either steps 1 field or rolls the die (a chance point) and moves that far; the first
to reach ``goal`` wins. Small enough to reason about by hand, yet it has players, chance and an end.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from donkeylab.core import (
    CATALOGUE,
    CHANCE,
    Action,
    Event,
    GameState,
    IllegalAction,
    action_table,
    load_state,
    require,
    rules_to_dict,
)
from donkeylab.core import (
    parse_action as _parse,
)
from donkeylab.core.colours import ColourStyle
from donkeylab.core.players import PlayerRange
from donkeylab.core.questions import GameQuestion
from donkeylab.core.setup import check_rules

NAME = "toy_race"
PLAYERS = PlayerRange("Toy race", 1, 4, default=2, rule="TOY-SETUP")
# What a fourth game brings to the upper layers, as the three games do (tests/apps/test_fourth_game.py reads each
# back): its rule IDs and its rulebook (``donkeylab.rulebook`` collects them; the roll's events name TOY-ROLL-1).
RULE_PREFIX = "TOY"
RULEBOOK = {
    "TOY-ROLL-1": {
        "title": {"en": "Roll and move", "de": "Würfeln und ziehen"},
        "sentence": {
            "en": "A player who rolls moves as many fields as the die shows, at most to the goal.",
            "de": "Wer würfelt, zieht so viele Felder, wie der Würfel zeigt, höchstens bis ins Ziel.",
        },
        "basis": "rulebook",
        "passages": [{"source": "toy_race.en.txt", "text": "Roll the die and move that far; the first home wins."}],
    }
}
# its colour (the runner's), named by the catalogue term of its key
COLOUR_STYLES = {"toy_pink": ColourStyle("#CC79A7", "star", "+")}
CATALOGUE.add_term("toy_pink", "pink", "rosa")
# the words a view of it would draw itself (``widgets.words`` collects them under ui/<widget>/<key>)
VIEW_WORDS = {"toy_track": {"goal": ("goal", "Ziel")}}

CATALOGUE.add("TOY-STEP", "{player} steps to field {to}.", "{player} geht auf Feld {to}.")
CATALOGUE.add("TOY-ROLL-1", "{player} rolls a {pips} and moves to {to}.", "{player} würfelt {pips} und zieht auf {to}.")
CATALOGUE.add("toy_race/title", "Toy race", "Spielzeug-Rennen")
CATALOGUE.add("TOY-TURN", "{player} steps or rolls.", "{player} geht oder würfelt.")
CATALOGUE.add("TOY-WIN", "{player} reaches the goal and wins.", "{player} erreicht das Ziel und gewinnt.")


@dataclasses.dataclass(frozen=True)
class Rules:
    goal: int = 10

    def __post_init__(self) -> None:
        if not 1 <= self.goal <= 100:
            raise ValueError(f"goal must be 1..100, not {self.goal}")

    def to_dict(self) -> dict[str, Any]:
        return rules_to_dict(self)


@dataclasses.dataclass(frozen=True, slots=True)
class StepOne(Action):
    pass


@dataclasses.dataclass(frozen=True, slots=True)
class Roll(Action):
    pass


@dataclasses.dataclass(frozen=True, slots=True)
class Die(Action):
    pips: int


ACTIONS = action_table([StepOne, Roll, Die])


def parse_action(text: str) -> Action:
    return _parse(text, ACTIONS)


class ToyState(GameState):
    game = NAME
    end_rule = "TOY-WIN"

    def __init__(self, players: int, rules: Rules) -> None:
        super().__init__(players, rules)
        self._pos = (0,) * players
        self._turn = 0
        self._rolling = False
        self._winner: int | None = None

    @property
    def positions(self) -> tuple[int, ...]:
        return self._pos

    @property
    def current_player(self) -> int | object | None:
        if self._winner is not None:
            return None
        return CHANCE if self._rolling else self._turn

    @property
    def winners(self) -> tuple[int, ...]:
        return () if self._winner is None else (self._winner,)

    def legal_actions(self) -> tuple[Action, ...]:
        if self._rolling:
            return tuple(Die(p) for p in range(1, 7))
        return (StepOne(), Roll())

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        require(self._rolling, "TOY-ROLL-1", "no die is being rolled")
        return tuple((Die(p), Fraction(1, 6)) for p in range(1, 7))

    def _view_phase_text(self, lang: str) -> str:
        return CATALOGUE.render("TOY-TURN", {"player": self._turn}, lang)

    def _view_table(self, seat: int | None, lang: str) -> dict[str, Any]:
        return {"positions": self._pos, "goal": self.rules.goal, "rolling": self._rolling}

    def _apply(self, action: Action) -> list[Event]:
        player = self._turn
        if self._rolling:
            require(isinstance(action, Die) and 1 <= action.pips <= 6, "TOY-ROLL-1", f"{action} is no die result")
            assert isinstance(action, Die)
            self._rolling = False
            return self._move(player, action.pips, "TOY-ROLL-1", {"pips": action.pips})
        if isinstance(action, Roll):
            self._rolling = True
            return []
        if isinstance(action, StepOne):
            return self._move(player, 1, "TOY-STEP", {})
        raise IllegalAction("TOY-STEP", f"{action} is not a move")

    def _move(self, player: int, n: int, rule: str, data: dict[str, Any]) -> list[Event]:
        to = min(self._pos[player] + n, self.rules.goal)
        self._pos = self._pos[:player] + (to,) + self._pos[player + 1 :]
        events = [Event(rule, {"player": player, "to": to, **data})]
        if to >= self.rules.goal:
            self._winner = player
            events.append(Event("TOY-WIN", {"player": player}))
        self._turn = (player + 1) % self.num_players
        return events


def new_game(players: int = 2, rules: Rules | None = None) -> ToyState:
    return ToyState(PLAYERS.check(players), check_rules(Rules, rules, game=PLAYERS.game, rule=PLAYERS.rule))


def solo_turns(rng: random.Random, params: Mapping[str, Any]) -> int:
    """One trial of the toy's question: a lone player who always rolls; how many turns to reach the goal?
    The engine plays it (Roll, then the die drawn from ``rng``), so the simulation is the game's."""
    state = new_game(1, Rules(goal=params["goal"]))
    turns = 0
    while state.current_player is not None:
        state = state.apply(Roll())
        state = state.apply(state.sample_chance(rng))
        turns += 1
    return turns


def solo_turns_exact(params: Mapping[str, Any]) -> dict[int, Fraction]:
    """The same question counted exactly: the chance of still running at each field, turn by turn."""
    goal, running, done, turn = params["goal"], {0: Fraction(1)}, {}, 0
    while running:
        turn, ahead = turn + 1, {}
        for field, p in running.items():
            for pips in range(1, 7):
                if field + pips >= goal:
                    done[turn] = done.get(turn, Fraction(0)) + p / 6
                else:
                    ahead[field + pips] = ahead.get(field + pips, Fraction(0)) + p / 6
        running = ahead
    return done


CATALOGUE.add(
    "toy_race/question/turns",
    "How many turns does a lone roller need to reach the goal?",
    "Wie viele Züge braucht jemand, der immer würfelt, bis ins Ziel?",
)
CATALOGUE.add("toy_race/question/turns_axis", "turns", "Züge")
# its question (the lab's registry collects it as toy_race.turns; a LivePlot runs it)
QUESTIONS = (
    GameQuestion(
        "turns",
        "toy_race/question/turns",
        "toy_race/question/turns_axis",
        solo_turns,
        solo_turns_exact,
        params={"goal": 10},
        rules=("TOY-ROLL-1",),
    ),
)


def load(text: str) -> ToyState:
    import sys

    state: ToyState = load_state(text, sys.modules[__name__])
    return state
