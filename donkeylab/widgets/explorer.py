"""``explorer(game)``: the whole step-through page in one call — teacher controls, the Stepper bar, the game's
views, the rule explainer and the event log — so an app notebook is a single line.

The controls are built from the game's ``GameInfo`` (player range, rule options and their choices), never
from hard-coded lists, so a new rule option appears here by itself.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from donkeylab.games import GameInfo, RuleOption
from donkeylab.widgets.explainer import RuleExplainer
from donkeylab.widgets.messages import say
from donkeylab.widgets.stepper import Stepper
from donkeylab.widgets.views import VIEWS, EventLog, GameView

DEFAULT = "(default)"


class Explorer(w.VBox):  # type: ignore[misc]
    """The composite page; its parts stay reachable (``.stepper``, ``.views``, ``.explainer``, ``.event_log``)."""

    def __init__(self, stepper: Stepper, *, controls: bool = True) -> None:
        self.stepper = stepper
        self.views: tuple[GameView, ...] = tuple(cls(stepper) for cls in VIEWS[stepper.game])
        self.explainer = RuleExplainer(stepper)
        self.event_log = EventLog(stepper)
        self.controls = TeacherControls(stepper) if controls else None
        side = w.VBox([self.explainer, self.event_log], layout=w.Layout(flex="1 1 320px", min_width="300px"))
        main = w.VBox(list(self.views), layout=w.Layout(flex="2 1 520px"))
        body = w.HBox([main, side], layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))
        parts: list[w.Widget] = [self.controls] if self.controls is not None else []
        super().__init__([*parts, stepper, body])
        self.add_class("dl-explorer")

    def __repr__(self) -> str:
        return f"Explorer({self.stepper!r})"


class TeacherControls(w.HBox):  # type: ignore[misc]
    """Seed, number of players and every rule option with choices, applied by "New game"."""

    def __init__(self, stepper: Stepper) -> None:
        self.stepper = stepper
        info: GameInfo = stepper.info
        state = stepper.match.states[0]
        self.seed = w.BoundedIntText(
            value=stepper.seed, min=0, max=2**31 - 1, description="seed", style=_STYLE, layout=_NARROW
        )
        self.players = w.Dropdown(
            options=list(range(info.min_players, info.max_players + 1)),
            value=state.num_players,
            description="players",
            style=_STYLE,
            layout=_NARROW,
        )
        current = state.rules.to_dict()
        self.options = {
            name: _option_dropdown(opt, current.get(name)) for name, opt in info.options.items() if opt.choices
        }
        self.new_game = w.Button(description="New game", button_style="primary", icon="refresh")
        self.new_game.on_click(lambda _b: self.apply())
        fields = [self.seed, self.players, *self.options.values(), self.new_game]
        super().__init__(fields, layout=w.Layout(flex_flow="row wrap", gap="4px"))
        self.add_class("dl-teacher-controls")
        stepper.observe(self._relabel, names="lang")
        self._relabel()

    def apply(self) -> None:
        """Start a new game with the chosen seed, players and rule options (a bad combination sets ``error``)."""
        chosen = {k: d.value for k, d in self.options.items() if d.value != DEFAULT}
        try:
            rules = self.stepper.info.rules(**chosen)
        except ValueError as exc:
            self.stepper.error = say("ui/bad_setting", self.stepper.lang, reason=str(exc)[:200])
            return
        self.stepper.reset(seed=self.seed.value, rules=rules, players=self.players.value)

    def _relabel(self, _change: Any = None) -> None:
        de = self.stepper.lang == "de"
        self.seed.description = "Startwert" if de else "seed"
        self.players.description = "Spieler" if de else "players"
        self.new_game.description = "Neues Spiel" if de else "New game"


_STYLE = {"description_width": "initial"}
_NARROW = w.Layout(width="auto", min_width="150px", max_width="260px")


def _option_dropdown(option: RuleOption, value: Any) -> w.Dropdown:
    choices = list(option.choices or ())
    labels: list[tuple[str, Any]] = [(str(c), c) for c in choices]
    if option.default is None:
        labels.insert(0, (DEFAULT, DEFAULT))
    picked = DEFAULT if option.default is None else (value if value in choices else option.default)
    name = option.name.replace("_", " ")
    return w.Dropdown(options=labels, value=picked, description=name, style=_STYLE, layout=_NARROW)


def explorer(game: str, *, controls: bool = True, **stepper_kwargs: Any) -> Explorer:
    """The full step-through page of ``game``: ``explorer("esels_rennen", players=3, seed=4)``."""
    return Explorer(Stepper(game, **stepper_kwargs), controls=controls)
