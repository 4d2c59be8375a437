"""``explorer(game)``: the whole step-through page in one call — teacher controls, the Stepper bar, the game's
views, the rule explainer and the event log — so an app notebook is a single line.

The controls are built from the game's ``GameInfo`` (player range, rule options and their choices), never
from hard-coded lists, so a new rule option appears here by itself.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from donkeylab.core.bounds import MAX_SEED
from donkeylab.core.messages import OPTION_DEFAULT as DEFAULT
from donkeylab.games import GameInfo, RuleOption
from donkeylab.widgets.event_log import EventLog
from donkeylab.widgets.explainer import RuleExplainer
from donkeylab.widgets.messages import choice_word, option_word, say
from donkeylab.widgets.stepper import Stepper
from donkeylab.widgets.views import GameView, views_for
from donkeylab.widgets.words import ui_word


class Explorer(w.VBox):  # type: ignore[misc]
    """The composite page; its parts stay reachable (``.stepper``, ``.views``, ``.explainer``, ``.event_log``)."""

    def __init__(self, stepper: Stepper, *, controls: bool = True) -> None:
        self.stepper = stepper
        self.views: tuple[GameView, ...] = tuple(cls(stepper) for cls in views_for(stepper.info))
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
    """Seed, number of players and every rule option with choices, applied by "New game".

    Option names and values are shown in the words of the game's own messages (``option/<game>/...``) and
    relabelled when the language changes; the dropdowns' values stay the engine's, so "New game" builds the
    same rules in either language.
    """

    def __init__(self, stepper: Stepper) -> None:
        self.stepper = stepper
        info: GameInfo = stepper.info
        state = stepper.match.states[0]
        self.seed = w.BoundedIntText(
            value=stepper.seed, min=0, max=MAX_SEED, description="seed", style=_STYLE, layout=_NARROW
        )
        self.players = w.Dropdown(
            options=list(range(info.min_players, info.max_players + 1)),
            value=state.num_players,
            description="players",
            style=_STYLE,
            layout=_NARROW,
        )
        shown = _shown_values(info, state.rules.to_dict())
        self.options = {
            name: _option_dropdown(opt, shown[name], info.name, stepper.lang)
            for name, opt in info.options.items()
            if opt.choices
        }
        self.new_game = w.Button(description="New game", button_style="primary", icon="refresh")
        self.new_game.on_click(lambda _b: self.apply())
        fields = [self.seed, self.players, *self.options.values(), self.new_game]
        # ipywidgets 8's Layout has no ``gap`` trait (it was dropped with a DeprecationWarning); ``grid_gap``
        # writes CSS ``grid-gap``, which browsers read as ``gap``, on flex rows too.
        super().__init__(fields, layout=w.Layout(flex_flow="row wrap", grid_gap="4px"))
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
        lang = self.stepper.lang
        self.seed.description = ui_word("explorer", "seed", lang)
        self.players.description = ui_word("explorer", "players", lang)
        self.new_game.description = ui_word("explorer", "new_game", lang)
        for name, dropdown in self.options.items():
            _relabel_dropdown(dropdown, self.stepper.info.name, name, self.stepper.lang)


_STYLE = {"description_width": "initial"}
_NARROW = w.Layout(width="auto", min_width="150px", max_width="260px")


def _shown_values(info: GameInfo, current: dict[str, Any]) -> dict[str, Any]:
    """What each option's dropdown starts at: the game's value, or ``DEFAULT`` for an option left to the
    variant (``None`` default) whose value is the variant's own, so an untouched "New game" keeps the rules."""
    fixed = {k: v for k, v in current.items() if info.options[k].default is not None}
    by_variant = info.rules(fixed).to_dict()
    return {k: DEFAULT if info.options[k].default is None and v == by_variant.get(k) else v for k, v in current.items()}


def _option_dropdown(option: RuleOption, value: Any, game: str, lang: str) -> w.Dropdown:
    """An option's choices (first "as the variant says" when its default is left to the variant)."""
    choices = list(option.choices or ())
    values = [DEFAULT, *choices] if option.default is None else choices
    picked = value if value in values else (DEFAULT if option.default is None else option.default)
    labels = [(choice_word(game, option.name, v, lang), v) for v in values]
    description = option_word(game, option.name, lang)
    return w.Dropdown(options=labels, value=picked, description=description, style=_STYLE, layout=_NARROW)


def _relabel_dropdown(dropdown: w.Dropdown, game: str, name: str, lang: str) -> None:
    """New words for the same values: replacing ``options`` resets the selection, so it is put back (nothing
    observes these values; only "New game" reads them, so no game starts)."""
    picked = dropdown.value
    labels = [(choice_word(game, name, value, lang), value) for _label, value in dropdown.options]
    dropdown.description = option_word(game, name, lang)
    if labels != list(dropdown.options):
        dropdown.options = labels
        dropdown.value = picked


def explorer(game: str, *, controls: bool = True, **stepper_kwargs: Any) -> Explorer:
    """The full step-through page of ``game``: ``explorer("esels_rennen", players=3, seed=4)``."""
    return Explorer(Stepper(game, **stepper_kwargs), controls=controls)
