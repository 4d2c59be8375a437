"""``Match``: a timeline of states with push / pop / step / jump, seeded chance and optional bots.

The Stepper widget of every game is a thin view of a Match: Step calls ``step``, Back and Forward move the
cursor, a human choice calls ``push`` (which drops the future, like a browser history). Chance and bot
moves at timeline position k use a generator derived from ``(seed, k)``, so the same seed rebuilds the
same timeline however the user navigated.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Protocol

from donkeylab.core.actions import Action
from donkeylab.core.chance import CHANCE, rng_for
from donkeylab.core.errors import DonkeylabError
from donkeylab.core.state import GameState


class Bot(Protocol):
    """A strategy: picks a legal action for the player to act."""

    def act(self, state: Any, rng: random.Random) -> Action: ...


class WaitingForHuman(DonkeylabError):
    """``step`` cannot continue: the player to act has no bot, so a human must ``push`` an action."""


class Match:
    def __init__(self, state: GameState, seed: int | str = 0, bots: Mapping[int, Bot] | None = None) -> None:
        self.seed = seed
        self.bots: dict[int, Bot] = dict(bots or {})
        self._states: list[GameState] = [state]
        self._index = 0

    # ------------------------------------------------------------------ timeline
    @property
    def states(self) -> tuple[GameState, ...]:
        return tuple(self._states)

    @property
    def index(self) -> int:
        """Position of the cursor in ``states`` (Back/Forward move it without losing the future)."""
        return self._index

    @property
    def state(self) -> GameState:
        return self._states[self._index]

    def __len__(self) -> int:
        return len(self._states)

    def jump(self, k: int) -> GameState:
        if not -len(self._states) <= k < len(self._states):
            raise IndexError(f"step {k} is outside the timeline 0..{len(self._states) - 1}")
        self._index = k % len(self._states)
        return self.state

    def back(self) -> GameState:
        return self.jump(max(self._index - 1, 0))

    def forward(self) -> GameState:
        return self.jump(min(self._index + 1, len(self._states) - 1))

    # ------------------------------------------------------------------ changing the timeline
    def push(self, action: Action) -> GameState:
        """Apply ``action`` at the cursor; a later future is discarded. Illegal: raises, nothing changes."""
        new = self.state.apply(action)
        del self._states[self._index + 1 :]
        self._states.append(new)
        self._index += 1
        return new

    def pop(self) -> GameState:
        """Undo the last state of the timeline (the cursor stays inside it)."""
        if len(self._states) == 1:
            raise IndexError("nothing to pop: the timeline holds only the initial state")
        self._states.pop()
        self._index = min(self._index, len(self._states) - 1)
        return self.state

    def can_step(self) -> bool:
        """True when ``step`` can advance without a human: not over, and chance or a bot is to act."""
        player = self.state.current_player
        return player is CHANCE or (isinstance(player, int) and player in self.bots)

    def next_action(self) -> Action:
        """The action ``step`` would take at the cursor (seeded chance or the bot's choice)."""
        state = self.state
        player = state.current_player
        if player is None:
            raise WaitingForHuman("the game is over")
        rng = rng_for(self.seed, self._index)
        if player is CHANCE:
            return state.sample_chance(rng)
        bot = self.bots.get(player) if isinstance(player, int) else None
        if bot is None:
            raise WaitingForHuman(f"player {player} has no bot: push their action")
        return bot.act(state, rng)

    def step(self) -> GameState:
        """Advance one action: replays the stored future if there is one, else chance or a bot acts."""
        if self._index < len(self._states) - 1:
            return self.forward()
        return self.push(self.next_action())

    def run(self, max_actions: int = 10_000) -> GameState:
        """Step until the game ends or a human must act."""
        for _ in range(max_actions):
            if self._index == len(self._states) - 1 and not self.can_step():
                break
            self.step()
        return self.state


class RandomBot:
    """Uniformly random legal action: the baseline every game's ``bots.Random`` builds on."""

    def act(self, state: Any, rng: random.Random) -> Action:
        actions: tuple[Action, ...] = state.legal_actions()
        return rng.choice(actions)

    def __repr__(self) -> str:
        return "Random()"
