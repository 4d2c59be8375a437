"""A question a game asks of itself, declared without plotly: its parameters, how one batch of trials is
sampled, the exact answer if it can be had, and which of the lab's figure kinds draws it in which words.

Why here and not in the lab: a game package is the one home of its content, its lesson questions
included, and a game may import only core and numpy. So a game declares ``QUESTIONS`` (→
``GameInfo.questions``) with these records and its samplers beside them (its numpy fast path and the
pure-Python twin the browser runs); the lab's registry turns each into a lesson question named
``<game>.<name>`` and draws it with the figure kind named here. A fourth game so brings a question a
``LivePlot`` runs without a module in ``lab/``.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from typing import Any

from donkeylab.core.colours import ColourStyle
from donkeylab.core.errors import quote

Params = dict[str, Any]
#: The figure kinds the lab draws (``lab.question_figures``): one distribution of values; one distribution per
#: group (``grouped``); a table of outcome shares per row (``grouped``, exact only); finishing orders; a yes/no
#: question's running estimate (``indexed``, the exact answer keyed ``"p"``).
FIGURES = ("distribution", "series", "shares", "orders", "running")


def _same(value: Any) -> Any:
    return value


@dataclasses.dataclass(frozen=True)
class Param:
    """One parameter of a question: its default, a check/normaliser, and the choices a widget may offer."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] = ()  # empty: any value ``convert`` accepts
    convert: Callable[[Any], Any] = _same

    def check(self, value: Any) -> Any:
        """The value as the question reads it; anything else is a ``ValueError`` naming the parameter and quoting
        at most a few dozen characters of the value (a page or a command line may send anything)."""
        try:
            value = self.convert(value)
        except (TypeError, ValueError, OverflowError):
            raise ValueError(f"parameter {self.name!r} cannot take {quote(value)}") from None
        if self.choices and value not in self.choices:
            allowed = ", ".join(map(repr, self.choices))
            raise ValueError(f"parameter {self.name!r} must be one of {allowed}, not {quote(value)}")
        return value


@dataclasses.dataclass(frozen=True)
class GameQuestion:
    """One question of a game.

    - ``trial(rng, params)`` plays one trial with the caller's ``random.Random`` and returns its outcome (a bar
      of the figure); or ``sample(size, seed, params)`` counts the outcomes of a whole batch at once (a fast
      path: numpy where it is installed, its pure twin where not — then ``fast`` is True and a browser page
      runs smaller batches). ``sample`` wins when both are given.
    - ``exact(params)`` maps each outcome to its probability (None: simulated only); a ``grouped`` question keys
      ``(group, value)``, a ``running`` one ``{"p": probability}``.
    - ``title`` and ``axis`` are catalogue keys; ``words(params, lang)`` fills the title's placeholders (words
      already in ``lang``), ``label(key, lang)`` names an outcome or a group that is not a plain number;
      ``styles`` colours the outcomes of a ``shares`` figure.
    - ``params`` maps each parameter to its default (whose type converts a page's value), or lists ``Param``s.
    - ``rules`` names the rule IDs the simulation covers (shown under the title); ``figure`` is one of
      ``FIGURES``.
    """

    name: str
    title: str
    axis: str
    trial: Callable[[random.Random, Mapping[str, Any]], Hashable] | None = None
    exact: Callable[[Mapping[str, Any]], Mapping[Any, Fraction]] | None = None
    params: Mapping[str, Any] | tuple[Param, ...] = dataclasses.field(default_factory=dict)
    rules: tuple[str, ...] = ()
    sample: Callable[[int, int, Mapping[str, Any]], Any] | None = None  # counts; a running one's yes/no list
    figure: str = "distribution"
    words: Callable[[Mapping[str, Any], str], Mapping[str, Any]] | None = None
    label: Callable[[Any, str], str] | None = None
    styles: Mapping[str, ColourStyle] = dataclasses.field(default_factory=dict)  # a shares figure's outcomes
    grouped: bool = False
    indexed: bool = False  # the sampler reads its first trial's index in ``params["_start"]`` (running estimates)
    fast: bool = False
    max_n: int | None = None  # None: the lab's bound for its kind of sampler
    max_batch: int | None = None
    # a running figure's probability axis, fixed (None: it follows the estimate): two plots of one question, e.g.
    # before and after a flip, then read on the same scale
    y_range: tuple[float, float] | None = None
    # the outcomes in a fixed order (an ``orders`` figure's x values): every bar from the first batch on, in this
    # order, before and after the exact marks join (empty: the exact answer's order, then the order the
    # simulation met the others in)
    outcomes: tuple[Hashable, ...] = ()

    def __post_init__(self) -> None:
        if self.figure not in FIGURES:
            raise ValueError(f"{self.name}: no figure kind {self.figure!r}; choose one of {FIGURES}")

    def param_list(self) -> tuple[Param, ...]:
        """Its parameters as ``Param``s (a plain default converts a page's value to the default's type)."""
        if isinstance(self.params, tuple):
            return self.params
        return tuple(
            Param(name, default, f"{name} (default {default!r})", convert=type(default))
            for name, default in self.params.items()
        )
