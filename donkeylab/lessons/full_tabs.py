"""The full-games lesson's game tab: a bot game of Double Donkey to step through, its English/German switch set
at the start of the last round, the chances panel and the share link (``GameTabs`` builds a tab when it is
first opened).

Kept apart from ``full_widgets`` (the variant table and the measured answer) so each module stays short.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as w

from donkeylab.lessons.full_widgets import VARIANT_NAMES, say
from donkeylab.pages.parts import Speaks, Text
from donkeylab.pages.query import MAX_STEP
from donkeylab.widgets.chances import ChancesPanel
from donkeylab.widgets.explorer import Explorer
from donkeylab.widgets.share import ShareLink
from donkeylab.widgets.stepper import Stepper

LOADING = say("loading")


class GameTabs(w.Tab):  # type: ignore[misc]
    """One tab per game, each a bot game to step through; the tab titles follow the page's language.

    A tab's game is built when the tab is first opened (``makers[name](lang)``): the page appears sooner and
    sends fewer widgets at load. ``page(name)`` builds one on demand (tests, the notebook).
    """

    children: tuple[Any, ...]  # the ipywidgets trait, typed for mypy

    def __init__(
        self, makers: Mapping[str, Callable[[str], Any]], titles: Mapping[str, Speaks], lang: str = "en"
    ) -> None:
        self.makers, self.names, self.lang = dict(makers), dict(titles), lang
        self.pages: dict[str, Any] = {}
        super().__init__(children=[Text(LOADING, lang=lang) for _ in self.makers])
        self.set_lang(lang)
        self.page(next(iter(self.makers)))
        self.observe(self._on_select, names="selected_index")

    def page(self, name: str) -> Any:
        """The game page of tab ``name``, built now if it was not yet."""
        if name not in self.pages:
            self.pages[name] = page = self.makers[name](self.lang)
            children = list(self.children)
            children[list(self.makers).index(name)] = page
            self.children = tuple(children)
        return self.pages[name]

    def _on_select(self, change: dict[str, Any]) -> None:
        if change["new"] is not None:
            self.page(list(self.makers)[change["new"]])

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.titles = [self.names[name].get(lang) for name in self.makers]
        for child in self.children:
            if hasattr(child, "set_lang"):
                child.set_lang(lang)


class GamePage(w.VBox):  # type: ignore[misc]
    """A hint and a bot game to step through (every seat a random bot): the Stepper, the game's views, the rule
    explainer and the event log."""

    def __init__(
        self,
        game: str,
        seed: int,
        hint: Speaks,
        lang: str = "en",
        players: int | None = None,
        rules: Any = None,
        odds: bool = False,
    ):
        self.stepper = Stepper(game, players, seed=seed, rules=rules, lang=lang)
        self.hint = Text(hint, lang=lang)
        self.explorer = Explorer(self.stepper, controls=False)
        self.chances = ChancesPanel(self.stepper, shown=odds)  # open when the link says ?odds=1
        super().__init__([self.hint, self.explorer, self.chances])

    def set_lang(self, lang: str) -> None:
        self.hint.set_lang(lang)
        self.stepper.lang = lang

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.stepper!r})"


def last_round_start(stepper: Stepper) -> int:
    """The timeline index where the last round's card phase begins (all six dice on the Hay card)."""
    states = stepper.match.states
    phases = [getattr(s, "phase", None) for s in states]
    starts = [k for k in range(1, len(phases)) if phases[k] == "play" and phases[k - 1] != "play"]
    return starts[-1] if starts else 0


def _rules(variant: str) -> Any:
    from donkeylab.games import info

    return info("double_donkey").rules(variant=variant)


class DonkeyPage(GamePage):
    """Double Donkey with an English/German switch, set at the start of the last round (where DD-END-1 decides).

    The switch keeps the seed, so the new game starts from the same deal. ``step`` (a link's) overrides the
    starting position; the share link writes the variant with the step.
    """

    def __init__(
        self,
        seed: int,
        players: int,
        variant: str,
        step: int | None,
        hint: Speaks,
        lang: str = "en",
        odds: bool = False,
    ) -> None:
        super().__init__("double_donkey", seed, hint, lang, players, _rules(variant), odds)
        self.variant = w.ToggleButtons(options=self._options(lang), value=variant)
        self._relabeling = False
        self.share = ShareLink(self.stepper)  # the link follows the Stepper's rules (Stepper.link)
        self.share.follow(self.chances.toggle, "odds")
        self.children = [self.hint, self.variant, self.explorer, self.chances, self.share]
        self.go_to(step)
        self.variant.observe(self._on_variant, names="value")

    @staticmethod
    def _options(lang: str) -> list[tuple[str, str]]:
        return [(name.get(lang), v) for v, name in VARIANT_NAMES.items()]

    def go_to(self, step: int | None) -> None:
        """Play the whole game, then stand at ``step`` (None: the start of the last round)."""
        self.stepper.advance(MAX_STEP)
        self.stepper.jump(last_round_start(self.stepper) if step is None else min(step, self.stepper.length - 1))

    def _on_variant(self, change: dict[str, Any]) -> None:
        if self._relabeling or change["new"] is None:
            return
        self.stepper.reset(rules=_rules(change["new"]))
        self.go_to(None)

    def set_lang(self, lang: str) -> None:
        super().set_lang(lang)
        keep = self.variant.value
        self._relabeling = True
        try:
            self.variant.options = self._options(lang)
            self.variant.value = keep
        finally:
            self._relabeling = False
