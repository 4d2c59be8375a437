"""``BestMoveQuiz``: "Which move is best here?" — the pupil picks a move before the chances panel shows the odds.

A decision is a probability question only once a pupil has committed to an answer: the quiz lists the legal
moves in the game's own order (never best first, which would give it away), the pupil picks one and presses
Check, and the answer is explained with the panel's exact numbers (the picked move's value beside the best
one's), then the panel opens to show every move. One mechanism for every game: it reads ``GameInfo.chances``
through the panel (and its cache), so a game with a chances function gets the quiz with no code of its own.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from donkeylab.core.chances import Chances, MoveChances, no_decision
from donkeylab.core.say import texts
from donkeylab.widgets.chances import ChancesPanel, move_value

say = texts(
    "best_move/",
    {
        "ask": (
            "Which move is best here? Pick one, then press Check: the chances below explain the answer.",
            "Welcher Zug ist hier am besten? Wähle einen und drücke Prüfen: Die Chancen unten erklären die Antwort.",
        ),
        "check": ("Check", "Prüfen"),
        "wait": (
            "Step on until the player shown has a move to choose: then pick the one you think is best.",
            "Geh weiter, bis der gezeigte Spieler einen Zug wählen kann: Dann wähle den, den du für den besten hältst.",
        ),
        "right": (
            "Yes: {move} is the best move here ({name}: {value}).",
            "Ja: {move} ist hier der beste Zug ({name}: {value}).",
        ),
        "tied": (
            "Yes: {move} is one of the best moves here, as good as {others} ({name}: {value}).",
            "Ja: {move} ist einer der besten Züge, so gut wie {others} ({name}: {value}).",
        ),
        "wrong": (
            "Not the best: {move} gives {yours}, but {best} gives {theirs} ({name}).",
            "Nicht der beste: {move} ergibt {yours}, aber {best} ergibt {theirs} ({name}).",
        ),
        "higher": ("{name}, higher is better", "{name}, größer ist besser"),
        "lower": ("{name}, lower is better", "{name}, kleiner ist besser"),
        "bounds": (
            "{move} gives at least {yours}, {best} at least {theirs} ({name}). These are only lower bounds, so "
            "which move is best is not decided here: the panel below says how much is not yet worked out.",
            "{move} ergibt mindestens {yours}, {best} mindestens {theirs} ({name}). Das sind nur untere Schranken, "
            "welcher Zug am besten ist, bleibt hier offen: Das Feld unten sagt, wie viel noch nicht ausgerechnet ist.",
        ),
    },
)


# the moves' buttons wrap onto as many lines as a phone needs, each as wide as its words (never cut to "…")
STYLE = (
    "<style>.dl-best-move .widget-toggle-buttons{flex-wrap:wrap;height:auto;max-width:100%}"
    ".dl-best-move .widget-toggle-button{width:auto;max-width:100%;height:auto;min-height:28px;"
    "white-space:normal;overflow:visible;text-overflow:clip;margin:2px 4px 2px 0}</style>"
)


class BestMoveQuiz(w.VBox):  # type: ignore[misc]
    """``BestMoveQuiz(panel)``: the question, the legal moves as buttons, Check, and the explained answer."""

    def __init__(self, panel: ChancesPanel) -> None:
        self.panel, self.stepper = panel, panel.stepper
        self.prompt = w.HTML()
        self.choices = w.ToggleButtons(options=[], value=None, layout=w.Layout(width="auto"))
        self.check = w.Button(layout=w.Layout(width="auto", align_self="flex-start"), disabled=True)
        self.result = w.HTML()
        super().__init__([self.prompt, self.choices, self.check, self.result])
        self.add_class("dl-best-move")
        self.choices.observe(lambda _c: self._enable(), names="value")
        self.check.on_click(lambda _b: self.answer())
        self.stepper.observe(self._reset, names=["snapshot", "index", "lang", "seat"])
        self._at: Any = None
        self._reset()

    def _moves(self, lang: str) -> list[tuple[str, str]]:
        """(label, action) of the legal moves in the game's own order, when the seat shown is the one to move."""
        state = self.stepper.state
        if no_decision(state.current_player, self.stepper.seat):
            return []
        return [(str(a["label"]), str(a["action"])) for a in state.snapshot(None, lang).get("legal", ())]

    def _reset(self, change: Any = None) -> None:
        lang = self.stepper.lang
        self.check.description = say("check", lang)
        moved = self._at is not self.stepper.state
        self._at = self.stepper.state
        moves = self._moves(lang) if self.stepper.info.chances is not None else []
        self.prompt.value = f"<p><b>{html.escape(say('ask' if len(moves) > 1 else 'wait', lang))}</b></p>{STYLE}"
        keep = self.choices.value if not moved else None
        with self.hold_sync():
            self.choices.options = moves if len(moves) > 1 else []
            self.choices.value = keep if keep in dict(moves).values() else None
            self.choices.layout.display = None if len(moves) > 1 else "none"
            if moved:
                self.result.value = ""
        self._enable()
        if not moved and self.result.value and self.choices.value is not None:
            self.answer()  # a language switch says the answer again in the new language

    def _enable(self) -> None:
        self.check.disabled = self.choices.value is None
        self.check.layout.display = None if self.choices.options else "none"

    def answer(self) -> str:
        """Check the picked move against the exact table, say why with its numbers, and open the panel."""
        lang, picked = self.stepper.lang, self.choices.value
        table = self.panel.table()
        if picked is None or table is None or table.reason or not table.moves:
            self.result.value = ""
            return ""
        text = verdict(table, picked, dict((a, label) for label, a in self.choices.options), lang)
        self.result.value = f"<p class='dl-best-move-answer' role='status'>{html.escape(text)}</p>"
        self.panel.toggle.value = True
        return text


def verdict(table: Chances, picked: str, labels: dict[str, str], lang: str) -> str:
    """The sentence for ``picked``: right (alone or tied with others), or wrong with both values."""
    best = table.moves[0]
    tops = [m for m in table.moves if m.value == best.value]
    mine = table.move(picked)
    name = say("higher" if table.higher_is_better else "lower", lang, name=table.value_name.get(lang))

    def shown(m: MoveChances) -> str:
        return move_value(table, m, lang)

    def label(m: MoveChances) -> str:
        return labels.get(m.action, m.label)

    if not all(m.exact for m in (mine, best)):  # a bound against a bound proves nothing
        other = best if best.action != picked else next((m for m in table.moves if m.action != picked), best)
        return say(
            "bounds", lang, move=label(mine), yours=shown(mine), best=label(other), theirs=shown(other), name=name
        )
    if any(m.action == picked for m in tops):
        others = [label(m) for m in tops if m.action != picked]
        if others:
            text = say("tied", lang, move=label(mine), others=", ".join(others), name=name, value=shown(mine))
        else:
            text = say("right", lang, move=label(mine), name=name, value=shown(mine))
    else:
        text = say("wrong", lang, move=label(mine), yours=shown(mine), best=label(best), theirs=shown(best), name=name)
    return text
