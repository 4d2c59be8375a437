"""The what-if of a die choice (Double Donkey, DD-DICE-2): a panel that follows a Stepper and shows, for the
player about to place a die, what each allowed die does to their best card.

It holds no rule: the numbers are the engine's exact module (``double_donkey.exact.what_if``), the position
is read from the Stepper's state.
"""

from __future__ import annotations

import functools
import html
import threading
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor, Future
from fractions import Fraction
from typing import Any

import ipywidgets as w

from donkeylab.core.messages import player_name
from donkeylab.core.say import texts
from donkeylab.double_donkey import DoubleDonkeyState, exact
from donkeylab.lessons.dd_parts import card_label, chip, colour_name, decimal, kind
from donkeylab.lessons.page import TABLE_STYLE
from donkeylab.pages.words import words
from donkeylab.widgets import background

TEXTS: dict[str, tuple[str, str]] = {
    "wait": (
        "The what-if appears when a player is about to place a die on the Hay card.",
        "Die Was-wäre-wenn-Tabelle erscheint, sobald jemand einen Würfel auf die Misthaufen-Karte legen soll.",
    ),
    "hidden": (
        "Only {player} may see their own cards: choose “All cards face up” or “Seen by {player}” to see the what-if.",
        "Nur {player} darf die eigenen Karten sehen: Wähle „Alle Karten offen“ oder „Sicht von {player}“.",
    ),
    "empty": (
        "{player} has no cards in hand.",
        "{player} hat keine Karten auf der Hand.",
    ),
    "computing": (
        "Working out the exact answer for {player} … (a few seconds at most)",
        "Die exakte Antwort für {player} wird ausgerechnet … (höchstens ein paar Sekunden)",
    ),
    "head": (
        (
            "What if {player} places this die? How low will {player}'s best card be once all six dice lie on the "
            "Hay card?"
        ),
        (
            "Was wäre, wenn {player} diesen Würfel legt? Wie niedrig ist dann die beste Karte von {player}, wenn "
            "alle sechs Würfel auf der Misthaufen-Karte liegen?"
        ),
    ),
    "hand": (
        "{player}'s hand: {hand}.",
        "Hand von {player}: {hand}.",
    ),
    "explain": (
        (
            "Best card = the lowest card in the hand (an Angry Donkey counts its own die turned over). Everybody "
            "whose turn comes after this choice places a random allowed die; {last} The other players' Angry "
            "Donkeys are left out."
        ),
        (
            "Beste Karte = die niedrigste Karte auf der Hand (ein Wütender Esel zählt seinen eigenen Würfel "
            "umgedreht). Alle, die danach an der Reihe sind, legen einen zufälligen erlaubten Würfel; {last} "
            "Wütende Esel der anderen bleiben außen vor."
        ),
    ),
    "explain.choose": (
        "a coin toss decides whether the last die is kept or re-rolled (English rules).",
        "ob der letzte Würfel behalten oder neu geworfen wird, entscheidet ein Münzwurf (englische Regeln).",
    ),
    "explain.roll": (
        "the last die is always rolled (German rules).",
        "der letzte Würfel wird immer geworfen (deutsche Regeln).",
    ),
    "die": (
        "die",
        "Würfel",
    ),
    "mean": (
        "best card on average",
        "beste Karte im Schnitt",
    ),
    "chances": (
        "probability of each best-card value",
        "Wahrscheinlichkeit jedes Werts der besten Karte",
    ),
    "exact": (
        "exact fractions (for the teacher)",
        "exakte Brüche (für die Lehrkraft)",
    ),
    "failed": (
        "The what-if could not be computed: {reason}",
        "Das Was-wäre-wenn ging schief: {reason}",
    ),
}
_say = words("lesson/dd_what_if/", TEXTS)

WhatIf = dict[str, dict[int, Fraction]]
Key = tuple[Any, ...]


say = texts("lesson/dd_what_if/", terms=True)  # say(key, lang, **data): ``_say(key, **data).get(lang)``


# ---------------------------------------------------------------------------------------------- the what-if
def cached_what_if(
    hay: Mapping[str, int],
    rolled: Mapping[str, int],
    hand: Sequence[Sequence[str]],
    policy: exact.Policy = "random",
    last_die: exact.LastDie = "choose",
) -> WhatIf:
    """``exact.what_if``, computed once per position in this kernel (a lesson asks for the same one again)."""
    return _what_if(
        tuple(sorted(hay.items())), tuple(sorted(rolled.items())), tuple(map(tuple, hand)), policy, last_die
    )


@functools.lru_cache(maxsize=256)
def _what_if(hay: Key, rolled: Key, hand: Key, policy: exact.Policy, last_die: exact.LastDie) -> WhatIf:
    return exact.what_if(dict(hay), dict(rolled), hand, policy, last_die)


class WhatIfPanel(w.HTML):  # type: ignore[misc]
    """For the player about to place a die: per allowed die, the exact distribution of their best card.

    The exact answer takes seconds from an empty Hay card, so it is worked out in a background thread
    (one at a time, each position once) and the panel says so meanwhile; a Step never waits for it.
    """

    def __init__(self, stepper: Any, policy: exact.Policy = "random", lang: str = "en") -> None:
        super().__init__()
        self.stepper, self.policy, self.lang = stepper, policy, lang
        self._results: dict[Key, WhatIf | str] = {}
        self._pending: dict[Key, Future[WhatIf]] = {}
        self._pool: Executor = background.executor("donkeylab-what-if")  # in the browser: an asyncio task
        self._lock = threading.RLock()
        self._settled = threading.Condition(self._lock)
        self.add_class("dl-what-if")
        stepper.observe(lambda _c: self.redraw(), names=["snapshot", "seat"])
        self.redraw()

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.redraw()

    def position(self) -> tuple[Key, int] | str:
        """The chooser's position as a key (Hay card, rolled dice, hand, last-die rule) and seat, or why none."""
        state: DoubleDonkeyState = self.stepper.state
        if state.phase != "choose":
            return say("wait", self.lang)
        chooser = state.roller
        name = player_name(chooser, self.lang)
        if self.stepper.seat is not None and self.stepper.seat != chooser:
            return say("hidden", self.lang, player=name)
        hand = tuple(state.cards[cid].colour_names for cid in state.hands[chooser])
        if not hand:
            return say("empty", self.lang, player=name)
        hay, rolled = tuple(sorted(state.hay.items())), tuple(sorted(state.rolled.items()))
        return (hay, rolled, hand, state.rules.last_die), chooser

    def result(self, key: Key) -> WhatIf | str | None:
        """The what-if of ``key`` once computed (a sentence if it failed), else None."""
        return self._results.get(key)

    def redraw(self) -> None:
        with self._lock:
            pos = self.position()
            if isinstance(pos, str):
                self.value = f"<p class='dl-what-if-note'>{html.escape(pos)}</p>"
                return
            key, chooser = pos
            name = player_name(chooser, self.lang)
            found = self._results.get(key)
            if found is None:  # the note first: a future already done (cached) redraws inside _submit
                self.value = f"<p class='dl-what-if-note'>{html.escape(say('computing', self.lang, player=name))}</p>"
                self._submit(key)
            elif isinstance(found, str):
                self.value = f"<p class='dl-what-if-note'>{html.escape(say('failed', self.lang, reason=found))}</p>"
            else:
                self.value = what_if_html(found, dict(key[1]), name, self.lang, key[2], key[3])

    def _submit(self, key: Key) -> None:
        if key in self._pending:
            return
        hay, rolled, hand, last_die = key
        future = self._pool.submit(cached_what_if, dict(hay), dict(rolled), hand, self.policy, last_die)
        self._pending[key] = future
        future.add_done_callback(lambda f: self._done(key, f))

    def _done(self, key: Key, future: Future[WhatIf]) -> None:
        with self._lock:
            error = future.exception()
            self._results[key] = str(error)[:200] if error is not None else future.result()
            self._pending.pop(key, None)
            self.redraw()
            self._settled.notify_all()

    def wait(self, timeout: float | None = 60) -> bool:
        """Block until every what-if asked for so far is computed and drawn (tests, notebooks); without threads
        nothing can be waited for (the work runs on this loop when it is free): whether all is drawn."""
        if not background.threads():
            return not self._pending
        with self._settled:
            return self._settled.wait_for(lambda: not self._pending, timeout)

    def __repr__(self) -> str:
        return f"WhatIfPanel({self.stepper!r})"


def what_if_html(
    result: Mapping[str, Mapping[int, Fraction]],
    rolled: Mapping[str, int],
    name: str,
    lang: str,
    hand: Sequence[Sequence[str]] = (),
    last_die: exact.LastDie = "choose",
) -> str:
    """The what-if as a table: the chooser's hand and the model of the other choices above it, then a row per
    allowed die with the mean best card and a small bar chart. No die is marked best: which one leaves the best
    card lowest is for the pupil to read (Lesson 1's exercise 3)."""
    means = {c: sum((v * p for v, p in dist.items()), Fraction(0)) for c, dist in result.items()}
    values = range(1, max(v for dist in result.values() for v in dist) + 1)
    top = max(p for dist in result.values() for p in dist.values())
    rows, exact_rows = [], []
    for colour, dist in result.items():
        label = chip(colour, f"{colour_name(colour, lang)} {rolled[colour]}")
        bars = "".join(_bar(v, dist.get(v, Fraction(0)), top, lang) for v in values)
        rows.append(
            f"<tr><td>{label}</td><td style='text-align:center'><b>{decimal(means[colour], lang)}</b></td>"
            f"<td><div style='display:flex;align-items:flex-end;gap:2px;height:56px'>{bars}</div></td></tr>"
        )
        cells = ", ".join(f"{v}: {p.numerator}/{p.denominator}" for v, p in dist.items())
        exact_rows.append(f"<li>{label} {cells}</li>")
    held = ", ".join(card_label(kind(*colours), lang) for colours in hand) or "—"
    explain = say("explain", lang, last=say(f"explain.{last_die}", lang))
    return (
        f"{TABLE_STYLE}<div class='dl-what-if-box'><p><b>{html.escape(say('head', lang, player=name))}</b><br>"
        f"{html.escape(say('hand', lang, player=name, hand=held))}<br><small>{html.escape(explain)}</small></p>"
        f"<table class='dl-lesson-table dl-what-if-table'><tr><th>{say('die', lang)}</th><th>{say('mean', lang)}</th>"
        f"<th>{say('chances', lang)}</th></tr>{''.join(rows)}</table>"
        f"<details><summary>{say('exact', lang)}</summary><ul>{''.join(exact_rows)}</ul></details></div>"
    )


def _bar(value: int, p: Fraction, top: Fraction, lang: str) -> str:
    height = 0 if not top else round(40 * float(p / top))
    tip = f"{value}: {decimal(100 * p, lang, 1)} %"  # a pupil reads percent; the fractions are the teacher's fold
    return (
        f"<div title='{tip}' aria-label='{tip}' role='img' "
        "style='display:flex;flex-direction:column;align-items:center;width:16px'>"
        f"<div style='width:12px;height:{height}px;background:#0072B2'></div>"
        f"<small style='font-size:10px'>{value}</small></div>"
    )
