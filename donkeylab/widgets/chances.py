"""``ChancesPanel``: "What are my chances?" beside a Stepper — every legal move of the player to act, best first,
with the exact probabilities of what it leads to.

The numbers come from the game's own ``chances(state, seat)`` (``GameInfo.chances``), which uses only what that
seat can see; the panel only draws them, in the page's language. It is off until the pupil (or the link's
``?odds=1``) turns it on, so a lesson can ask "which move is best here?" first. When nobody decides (the game is
over, chance acts next, or the seat shown is not the one to move) it says why in one sentence and lists nothing.
Tables are kept per state, so stepping back and forth never computes one twice.
"""

from __future__ import annotations

import html
from collections import OrderedDict
from fractions import Fraction
from typing import Any

import ipywidgets as w

from donkeylab.core import numbers
from donkeylab.core.chances import Chances, MoveChances, outcome_text
from donkeylab.core.say import texts
from donkeylab.widgets.stepper import Stepper

say = texts(
    "chances/",
    {
        "show": ("Show my chances", "Meine Chancen zeigen"),
        "hide": ("Hide my chances", "Meine Chancen ausblenden"),
        "title": ("Your chances, move by move", "Deine Chancen, Zug für Zug"),
        "move": ("Move", "Zug"),
        "leads_to": ("What it leads to", "Wozu er führt"),
        "best": ("best", "am besten"),
        "others": ("The other players: {who}.", "Die anderen Spieler: {who}."),
        "terminal": (
            "The game is over: there is no move left to weigh.",
            "Das Spiel ist vorbei: Es gibt keinen Zug mehr abzuwägen.",
        ),
        "chance": (
            "Chance acts next (a roll, a deal or a shuffle): nobody chooses here.",
            "Als Nächstes entscheidet der Zufall (Würfeln, Geben, Mischen): Hier wählt niemand.",
        ),
        "not_your_turn": (
            "Another player decides here: the panel shows the odds only to the player to move.",
            "Hier entscheidet jemand anders: Die Chancen sieht nur, wer am Zug ist.",
        ),
        "failed": (
            "The chances could not be worked out for this position.",
            "Die Chancen ließen sich für diese Stellung nicht ausrechnen.",
        ),
    },
)
KEEP = 64  # tables kept (one per state seen): a whole lesson's timeline stepped back and forth


def probability(p: Fraction, lang: str) -> str:
    """``3/8 (37.5 %)``: the exact fraction a pupil can check, with its percentage; a long one as a percentage."""
    shown = f"{numbers.decimal(100 * p, lang, 1)} %"
    if 0 < p < Fraction(1, 2000):  # would round to 0.0 %: possible, but rarer than 1 in 2,000
        shown = f"< {numbers.decimal(0.1, lang, 1)} %"
    if p in (0, 1) or len(str(p.denominator)) > 4:
        return shown
    return f"{p.numerator}/{p.denominator} ({shown})"


def move_value(table: Chances, move: MoveChances, lang: str) -> str:
    """A move's ranking value as the panel shows it (a percentage or a number); ``≥`` before a bound."""
    value = probability(move.value, lang) if table.value_is_probability else value_text(move.value, lang)
    return value if move.exact else f"≥ {value}"  # a bound: the exact value is at least this


def value_text(v: Fraction, lang: str) -> str:
    """A ranking value: a whole number as it is, else its decimal (the fraction is in its outcomes)."""
    return numbers.whole(v.numerator, lang) if v.denominator == 1 else numbers.decimal(v, lang, 2)


class ChancesPanel(w.VBox):  # type: ignore[misc]
    """``ChancesPanel(stepper, shown=False)``: a toggle and, when on, the table of the player to move."""

    def __init__(self, stepper: Stepper, shown: bool = False) -> None:
        self.stepper = stepper
        self.toggle = w.ToggleButton(value=bool(shown), layout=w.Layout(width="auto"))
        self.toggle.add_class("dl-chances-toggle")
        self.body = w.HTML()
        self.body.add_class("dl-chances-body")
        self._tables: OrderedDict[int, tuple[Any, Chances]] = OrderedDict()
        super().__init__([self.toggle, self.body])
        self.add_class("dl-chances")
        stepper.observe(self._refresh, names=["snapshot", "index", "lang", "seat"])
        self.toggle.observe(self._refresh, names="value")
        self._refresh()

    def open_for_class(self) -> None:
        """The teacher shows the class its chances: the panel is there and open (a pupil may still shut it)."""
        self.layout.display = None
        self.toggle.disabled = False
        self.toggle.value = True

    def close_for_class(self) -> None:
        """A class page: the teacher decides what the class sees, so the panel is shut and hidden."""
        self.toggle.value = False
        self.toggle.disabled = True
        self.layout.display = "none"

    def table(self) -> Chances | None:
        """The table for what the Stepper shows now (cached per state); None when the game has no panel."""
        state, chances = self.stepper.state, self.stepper.info.chances
        if chances is None:
            return None
        key = id(state)
        if key not in self._tables:
            self._tables[key] = (state, chances(state, self.stepper.seat))  # the state kept: its id stays its own
            while len(self._tables) > KEEP:
                self._tables.popitem(last=False)
        self._tables.move_to_end(key)
        return self._tables[key][1]

    def _refresh(self, _change: Any = None) -> None:
        lang = self.stepper.lang
        self.toggle.description = say("hide" if self.toggle.value else "show", lang)
        self.toggle.tooltip = say("title", lang)
        if not self.toggle.value:
            self.body.value = ""
            return
        try:
            table = self.table()
        except Exception:  # a bug in a game's chances must not break the page: say so, show nothing
            self.body.value = f"<p class='dl-chances-none' role='status'>{html.escape(say('failed', lang))}</p>"
            return
        self.body.value = "" if table is None else self.render(table, lang)

    def render(self, table: Chances, lang: str) -> str:
        """The table as HTML: a caption, what is counted, one row per move (best first), the assumed bots."""
        if table.reason:
            return f"<p class='dl-chances-none' role='status'>{html.escape(say(table.reason, lang))}</p>"
        labels = {a["action"]: a["label"] for a in self.stepper.state.snapshot(None, lang).get("legal", ())}
        value_name = table.value_name.get(lang)
        head = (
            f"<tr><th scope='col'>{html.escape(say('move', lang))}</th>"
            f"<th scope='col'>{html.escape(value_name)}</th>"
            f"<th scope='col'>{html.escape(say('leads_to', lang))}</th></tr>"
        )
        rows = "".join(self._row(table, i, m, labels, lang) for i, m in enumerate(table.moves))
        counted = sentence(table.counted.get(lang))  # the games write it to follow other words; here it stands alone
        assumed = say("others", lang, who=table.assumed.get(lang))
        bound = f"<p class='dl-chances-bound'>{html.escape(table.bound.get(lang))}</p>" if table.bound else ""
        return (
            f"<section class='dl-chances-table' aria-label='{html.escape(say('title', lang))}'>"
            f"<p class='dl-chances-counted'>{html.escape(counted)}</p>"
            f"<table><caption>{html.escape(say('title', lang))}</caption><thead>{head}</thead>"
            f"<tbody>{rows}</tbody></table>"
            f"<p class='dl-chances-assumed'>{html.escape(assumed)}</p>{bound}</section>{STYLE}"
        )

    def _row(self, table: Chances, rank: int, move: MoveChances, labels: dict[str, str], lang: str) -> str:
        label = labels.get(move.action, move.label)
        top = rank == 0 or move.value == table.moves[0].value  # a move tied with the best is just as good
        best = f" <span class='dl-chances-best'>★ {html.escape(say('best', lang))}</span>" if top else ""
        value = move_value(table, move, lang)
        outcomes = "".join(  # each kept whole ("8,8 %" never split from its name), as many to a line as fit
            f"<span class='dl-chances-outcome'>{html.escape(outcome_text(table.game, name, lang))}: "
            f"<span class='dl-chances-p'>{probability(p, lang)}</span></span>"
            for name, p in move.outcomes
            if p
        )
        outcomes += "".join(  # events of their own beside the law (e.g. another player shows a higher card)
            f"<br><span class='dl-chances-also'>{html.escape(outcome_text(table.game, name, lang))}: "
            f"{probability(p, lang)}</span>"
            for name, p in move.also
        )
        note = f"<br><small>{html.escape(move.note_text(lang))}</small>" if move.note else ""
        return (
            f"<tr class='dl-chances-row{' dl-chances-first' if top else ''}'>"
            f"<th scope='row'>{html.escape(label)}{best}{note}</th>"
            f"<td>{html.escape(value)}</td><td>{outcomes}</td></tr>"
        )


def sentence(text: str) -> str:
    """``text`` as a sentence of its own: a capital first letter and a full stop."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


STYLE = (
    "<style>.dl-chances-table table{border-collapse:collapse;font-size:14px;max-width:100%}"
    ".dl-chances-table caption{text-align:left;font-weight:600;padding:4px 0}"
    ".dl-chances-table th,.dl-chances-table td{border-bottom:1px solid #ccc;padding:4px 8px;text-align:left;"
    "vertical-align:top}"
    ".dl-chances-outcome{display:inline-block;white-space:nowrap;margin-right:14px}"
    ".dl-chances-also{font-weight:600}.dl-chances-first{background:#eef6ee}"
    ".dl-chances-best{color:#1b5e20;font-weight:600;white-space:nowrap}"
    ".dl-chances-counted,.dl-chances-assumed,.dl-chances-bound{margin:4px 0;color:#333}"
    # a phone: the table never runs past the screen's edge (it scrolls inside itself if it must), an outcome
    # too long for its column wraps after its name, never inside its number
    ".dl-chances-table{overflow-x:auto}"
    "@media (max-width:600px){.dl-chances-outcome{white-space:normal}.dl-chances-p{white-space:nowrap}"
    ".dl-chances-table th,.dl-chances-table td{padding:4px}}</style>"
)


def panels_in(widget: Any) -> list[ChancesPanel]:
    """Every chances panel inside ``widget`` (a page's boxes, tabs and folds)."""
    if isinstance(widget, ChancesPanel):
        return [widget]
    return [p for child in getattr(widget, "children", ()) for p in panels_in(child)]
