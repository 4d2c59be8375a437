"""Angry Donkey flips (DD-ANGRY-1) made visible: every revealed card's value before and after the flips,
following a Stepper sub-step by sub-step, and the two-flips experiment on a made-up deck.

No rule lives here. The values before the flips are the engine's ``card_value`` under the Hay card of the
state before the reveal (the flips happen inside the reveal's ``apply``); the flips, the values after them and
the Biggest Donkey are read from the reveal's events, so the panel shows exactly what the engine did.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from donkeylab.core import CATALOGUE, Event, Match
from donkeylab.core.messages import join_words, player_name
from donkeylab.core.say import texts
from donkeylab.double_donkey import DECKS, DoubleDonkeyState, Rules, card_value, new_game
from donkeylab.lessons import dd_parts
from donkeylab.lessons.dd_parts import card_label, chip, colour_name, kind
from donkeylab.lessons.page import TABLE_STYLE
from donkeylab.pages.words import words

TEXTS: dict[str, tuple[str, str]] = {
    "hint": (
        (
            "Step to the moment the cards are revealed: then this table shows every card's value before and after "
            "the Angry Donkeys turn their dice over."
        ),
        (
            "Geh bis zu dem Moment, in dem die Karten aufgedeckt werden: Dann zeigt diese Tabelle den Wert jeder "
            "Karte vor und nach dem Umdrehen der Würfel durch die Wütenden Esel."
        ),
    ),
    "hay": (
        "Hay card before the flips:",
        "Misthaufen-Karte vor dem Umdrehen:",
    ),
    "flips": (
        "Flips (a die turned over shows 7 minus its pips):",
        "Umdrehen (ein umgedrehter Würfel zeigt 7 minus seine Augen):",
    ),
    "no_flip": (
        "No Angry Donkey was revealed: no die is turned over.",
        "Kein Wütender Esel wurde aufgedeckt: Kein Würfel wird umgedreht.",
    ),
    "next": (
        "(press Step)",
        "(drück Schritt)",
    ),
    "player": (
        "player",
        "Spieler",
    ),
    "card": (
        "card",
        "Karte",
    ),
    "before": (
        "before",
        "vorher",
    ),
    "after": (
        "after",
        "nachher",
    ),
    "highest": (
        "Before the flips the highest card is worth {value}: {players}.",
        "Vor dem Umdrehen ist die höchste Karte {value} wert: {players}.",
    ),
    "two_intro": (
        (
            "The real game has one Angry Donkey per colour. In a made-up deck with two orange Angry Donkeys, both "
            "players reveal one while the orange die shows {before}. The rulebook does not say what happens then, "
            "so there are two possible rulings:"
        ),
        (
            "Im echten Spiel gibt es einen Wütenden Esel pro Farbe. In einem ausgedachten Kartenstapel mit zwei "
            "orangefarbenen Wütenden Eseln deckt jeder der beiden Spieler einen auf, während der orangefarbene "
            "Würfel eine "
            "{before} zeigt. Die Spielregel sagt nicht, was dann passiert, also gibt es zwei mögliche Festlegungen:"
        ),
    ),
    "toggle_per_card.title": ("Every card turns the die", "Jede Karte dreht den Würfel"),
    "toggle_per_card": (
        "every Angry Donkey turns the die over, so the second one turns it back (our ruling, the default)",
        "Jeder Wütende Esel dreht den Würfel um, der zweite also wieder zurück (unsere Festlegung, die Voreinstellung)",
    ),
    "once_per_colour.title": ("Each colour once", "Jede Farbe einmal"),
    "once_per_colour": (
        "a colour is turned over only once, however many of its Angry Donkeys appear",
        "Eine Farbe wird nur einmal umgedreht, egal wie viele ihrer Wütenden Esel kommen",
    ),
    "flip": (
        "{player}'s {card} turns the {die} over from {before} to {after}.",
        "Der {card} von {player} dreht den {die} von {before} auf {after}.",
    ),
    "flip_again": (
        "{player}'s {card} does nothing: the {die} was turned over already and stays at {after}.",
        "Der {card} von {player} bewirkt nichts: Der {die} wurde schon umgedreht und bleibt bei {after}.",
    ),
    "end": (
        "The orange die ends on {after}.",
        "Der orangefarbene Würfel zeigt am Ende {after}.",
    ),
}
_say = words("lesson/dd_flips/", TEXTS)
say = texts("lesson/dd_flips/", terms=True)  # say(key, lang, **data): ``_say(key, **data).get(lang)``


@dataclasses.dataclass(frozen=True)
class Flip:
    colour: str
    before: int
    after: int
    shown: bool  # the Stepper's sub-step has reached this flip
    text: str  # the engine's sentence


@dataclasses.dataclass(frozen=True)
class Row:
    player: int
    kind: str
    before: int
    after: int | None  # None until the Stepper has shown this card's DD-VALUE-1 event


@dataclasses.dataclass(frozen=True)
class RevealView:
    """A reveal as the table shows it at one sub-step."""

    hay: dict[str, int]
    flips: list[Flip]
    rows: list[Row]
    later: list[str]  # sentences of the Biggest Donkey events shown so far


def reveal_view(match: Match, index: int, substep: int, lang: str = "en") -> RevealView | None:
    """The reveal in state ``index`` of ``match`` with its first ``substep`` events shown (None: no reveal)."""
    state: DoubleDonkeyState = match.states[index]  # type: ignore[assignment]
    events: Sequence[Event] = state.events
    if index == 0 or not any(e.key == "DD-PLAY-1/reveal" for e in events):
        return None
    before: DoubleDonkeyState = match.states[index - 1]  # type: ignore[assignment]
    flips = [
        Flip(e.data["colour"], e.data["before"], e.data["after"], j < substep, e.render(lang))
        for j, e in enumerate(events)
        if e.rule == "DD-ANGRY-1"
    ]
    values = [(j, e.data) for j, e in enumerate(events) if e.rule == "DD-VALUE-1"]
    rows = []
    for p, cards in enumerate(state.revealed):
        for cid in cards:
            card = state.cards[cid]
            match_at = next(i for i, (_, d) in enumerate(values) if d["player"] == p and d["card"] == card.kind)
            j, data = values.pop(match_at)
            after = int(data["value"]) if j < substep else None
            rows.append(Row(p, card.kind, card_value(card, before.dice), after))
    later = [e.render(lang) for j, e in enumerate(events) if e.rule.startswith("DD-BIGGEST") and j < substep]
    return RevealView(before.hay, flips, rows, later)


def reveal_html(view: RevealView | None, lang: str) -> str:
    """The reveal as a table: dice before, the flips shown so far, each card's value before and after."""
    if view is None:
        return f"<p class='dl-flip-note'>{html.escape(say('hint', lang))}</p>"
    dice = " ".join(chip(c, f"{colour_name(c, lang)} {v}") for c, v in view.hay.items())
    flips = [
        chip(f.colour, f"{colour_name(f.colour, lang)} {f.before} → {f.after}")
        if f.shown
        else f"{chip(f.colour, colour_name(f.colour, lang))} {say('next', lang)}"
        for f in view.flips
    ]
    top = max(r.before for r in view.rows)
    players = sorted({r.player for r in view.rows if r.before == top})
    names = join_words([player_name(p, lang) for p in players], lang, "and")
    body = "".join(
        f"<tr><td>{player_name(r.player, lang)}</td><td>{html.escape(short_label(r.kind, lang))}</td>"
        f"<td style='text-align:center'>{r.before}</td>"
        f"<td style='text-align:center'><b>{'?' if r.after is None else r.after}</b></td></tr>"
        for r in view.rows
    )
    later = "".join(f"<p><b>{html.escape(text)}</b></p>" for text in view.later)
    return (
        f"{TABLE_STYLE}<div class='dl-flip-box'><p>{say('hay', lang)} {dice}</p>"
        f"<p>{say('flips', lang)} {' '.join(flips) if flips else html.escape(say('no_flip', lang))}</p>"
        f"<table class='dl-lesson-table dl-flip-table'><tr><th>{say('player', lang)}</th><th>{say('card', lang)}</th>"
        f"<th>{say('before', lang)}</th><th>{say('after', lang)}</th></tr>{body}</table>"
        f"<p>{html.escape(say('highest', lang, value=top, players=names))}</p>{later}</div>"
    )


def short_label(kind: str, lang: str) -> str:
    """A card as the reveal table names it: a Double Donkey by its two colours ("light blue/orange"), an Angry
    Donkey in full. The table is read on the pupil's way through the lesson: "Double Donkey" in every row would
    be words to read and nothing to learn (the Angry Donkeys are the ones that differ)."""
    if kind.startswith("DD:"):
        return "/".join(colour_name(c, lang) for c in kind.removeprefix("DD:").split("+"))
    return card_label(kind, lang)


class FlipValues(w.HTML):  # type: ignore[misc]
    """The values table of the reveal at the Stepper's cursor, redrawn at every step and sub-step."""

    def __init__(self, stepper: Any, lang: str = "en") -> None:
        super().__init__()
        self.stepper, self.lang = stepper, lang
        self.add_class("dl-flip-values")
        stepper.observe(lambda _c: self.redraw(), names=["snapshot", "substep"])
        self.redraw()

    def view(self) -> RevealView | None:
        st = self.stepper
        return reveal_view(st.match, st.index, st.substep, self.lang)

    def redraw(self) -> None:
        self.value = reveal_html(self.view(), self.lang)

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.redraw()

    def __repr__(self) -> str:
        return f"FlipValues({self.stepper!r})"


# ------------------------------------------------------------------------------- two flips of one colour
ORANGE_BEFORE = 5
TWO_FLIPS_HAY: tuple[tuple[str, int], ...] = (
    ("light_blue", 2),
    ("dark_blue", 3),
    ("orange", ORANGE_BEFORE),
    ("yellow", 4),
    ("green", 1),
    ("purple", 6),
)


def two_flips_rules(angry_flip: str) -> Rules:
    """Our deck plus a second orange Angry Donkey (a custom deck, DD-DECK-1), with the given flip option."""
    deck = (*DECKS["reconstruction"].cards, "angry:orange")
    return Rules(deck=deck, angry_flip=angry_flip)  # type: ignore[arg-type]


def two_flips(angry_flip: str, seed: int = 0) -> tuple[DoubleDonkeyState, list[Event]]:
    """Two players reveal one orange Angry Donkey each under ``angry_flip``: the final state and its flips."""
    rules = two_flips_rules(angry_flip)
    hands = [[kind("orange")], [kind("orange")]]
    state = new_game(2, rules).apply(dd_parts.forced_deal(rules, hands, seed))
    for action in [*dd_parts.phase_one(rules, TWO_FLIPS_HAY), *dd_parts.plays(rules, hands, hands)]:
        state = state.apply(action)
    return state, [e for e in state.events if e.rule == "DD-ANGRY-1"]


def orange_after(flips: Sequence[Event]) -> int:
    """The orange die after the last of ``flips``."""
    return int(flips[-1].data["after"])


def flip_sentence(event: Event, lang: str) -> str:
    """One DD-ANGRY-1 event in the lesson's words: the engine's facts (who, which colour, before, after), no rule
    option's code name, and German with the colour before the noun ("der orange Wütende Esel … den orangen
    Würfel")."""
    data = event.data
    colour = str(data["colour"])
    term = CATALOGUE.term(f"ANGRY:{colour}", lang)  # the engine's term carries its declined forms
    card = format(term, "the")
    # "the die was turned over already": there the die is the subject (nominative), else the object (accusative)
    die = format(term, "its_die_acc" if event.key == "DD-ANGRY-1" else "its_die")
    key = "flip" if event.key == "DD-ANGRY-1" else "flip_again"
    return say(
        key,
        lang,
        player=player_name(int(data["player"]), lang),
        card=card,
        die=die,
        before=data["before"],
        after=data["after"],
    )


def two_flips_html(lang: str) -> str:
    """Both rulings side by side: each flip in words and where the orange die ends."""
    cols = []
    for option in ("toggle_per_card", "once_per_colour"):
        _, flips = two_flips(option)
        lines = "".join(f"<li>{html.escape(flip_sentence(e, lang))}</li>" for e in flips)
        end = say("end", lang, after=orange_after(flips))
        cols.append(
            f"<div style='flex:1 1 260px;border:1px solid #ccc;border-radius:8px;padding:6px 10px'>"
            f"<p><b>{html.escape(say(f'{option}.title', lang))}</b>: {html.escape(say(option, lang))}</p>"
            f"<ol>{lines}</ol><p><b>{html.escape(end)}</b></p></div>"
        )
    intro = html.escape(say("two_intro", lang, before=ORANGE_BEFORE))
    return f"<p>{intro}</p><div style='display:flex;flex-wrap:wrap;gap:10px'>{''.join(cols)}</div>"
