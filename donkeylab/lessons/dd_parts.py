"""Pieces the two Double Donkey lessons share: forced deals and rounds, the lesson link, dice and card names.

The page itself is the shape every lesson uses (``lessons.page``).

A lesson's step-through starts at a *telling* position, reached by forcing chance (the deal, the rolls) and
the players' decisions. The scripts here write those actions with the engine's own constructors, so the
engine checks every rule on the way: a script that broke a rule would raise instead of teaching a wrong game.
The cards of a forced deal are named by kind; the rest of the deck is shuffled from the link's seed, so
those other cards come from our reconstructed deck (DD-DECK-1).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

import ipywidgets as w

from donkeylab.core import CATALOGUE, Action, numbers, rng_for
from donkeylab.double_donkey import (
    COLOUR_INDEX,
    COLOURS,
    PILE_SIZE,
    Card,
    Choose,
    Deal,
    Keep,
    Play,
    Roll,
    Rules,
    build_deck,
)
from donkeylab.pages.parts import Speaks, fraction_html
from donkeylab.widgets.views import palette_json


def colour_name(colour: str, lang: str) -> str:
    """ "light blue" / "hellblau": the engine's term for a die colour."""
    return str(CATALOGUE.term(colour, lang))


def card_label(kind: str, lang: str) -> str:
    """A card's name as a table lists it: "light blue/orange Double Donkey", "orange Angry Donkey" / "grüner
    Wütender Esel" (the engine's terms: German puts the colour, declined, before the noun)."""
    return str(CATALOGUE.term(kind, lang))


def chip(colour: str, text: str) -> str:
    """``text`` on the die colour (the views' colour-blind-safe palette), e.g. a die in a table."""
    hex_ = palette_json().get(colour, {}).get("hex", "#ccc")
    ink = "#fff" if colour == "dark_blue" else "#111"
    return (
        f"<span class='dl-chip' style='display:inline-block;padding:0 .35em;border-radius:4px;"
        f"border:1px solid #0005;background:{hex_};color:{ink}'>{html.escape(text)}</span>"
    )


def decimal(x: Fraction | float, lang: str, digits: int = 2) -> str:
    """A rounded decimal as the language writes it: 0.25 / 0,25; a tiny one as 7.4 · 10⁻¹² (never "0.0000")."""
    value = float(x)
    if 0 < abs(value) < 0.5 * 10**-digits:
        mantissa, exponent = f"{value:.1e}".split("e")
        power = str(int(exponent)).translate(str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"))
        text = f"{mantissa} · 10{power}"
    else:
        text = f"{value:.{digits}f}"
    return numbers.localise(text, lang)


def probability_html(x: Fraction, lang: str) -> str:
    """A probability in the page's language: ``1.2 % (about 1 in 81; = 1/81)`` (``words.probability``)."""
    return fraction_html(x, lang=lang, probability=True)


def kind(*colours: str) -> str:
    """The engine's name of a card kind: ``kind("orange")`` is the orange Angry Donkey, two colours a Double
    Donkey (written in the engine's colour order, whatever order they are given in)."""
    if len(colours) == 1:
        return f"ANGRY:{colours[0]}"
    a, b = sorted(colours, key=COLOUR_INDEX.__getitem__)
    return f"DD:{a}+{b}"


def card_ids(rules: Rules, kinds: Iterable[str], taken: set[int] | None = None) -> list[int]:
    """One card id per kind in ``kinds`` (a kind named twice gets two different copies); ``taken`` ids are
    skipped and the chosen ones are added to it. A kind the deck lacks raises ``ValueError``."""
    taken = set() if taken is None else taken
    out = []
    for name in kinds:
        card = next((c for c in build_deck(rules.deck) if c.kind == name and c.id not in taken), None)
        if card is None:
            raise ValueError(f"the deck has no (more) card {name!r}")
        taken.add(card.id)
        out.append(card.id)
    return out


def forced_deal(rules: Rules, hands: Sequence[Sequence[str]], seed: int) -> Deal:
    """DD-SETUP-1 forced: seat p's first three cards (its hand) are the kinds ``hands[p]``; every other card
    is shuffled from ``seed`` into the rest of the personal piles and the draw pile."""
    taken: set[int] = set()
    tops = [card_ids(rules, seat_kinds, taken) for seat_kinds in hands]
    rest = [c.id for c in build_deck(rules.deck) if c.id not in taken]
    rng_for(seed, "lesson-deal").shuffle(rest)
    order: list[int] = []
    for top in tops:
        fill = PILE_SIZE - len(top)
        order += top + rest[:fill]
        rest = rest[fill:]
    return Deal.of(order + rest)


def roll(**pips: int) -> Roll:
    """A forced roll: ``roll(orange=5, green=2)`` (the engine refuses it unless it covers every die left)."""
    return Roll.of(**pips)


def phase_one(rules: Rules, placed: Sequence[tuple[str, int]]) -> list[Action]:
    """A whole phase 1 in which every roll already shows the pips each die will be placed with, and the dice
    go on the Hay card in the order of ``placed``; the last die is kept (DD-DICE-3) or, where the rules
    always roll it, rolled with its pips. The values must all differ, so every choice is allowed."""
    if len({p for _, p in placed}) != len(placed) or {c for c, _ in placed} != set(COLOURS):
        raise ValueError("phase_one places each of the six dice once, all with different pips")
    actions: list[Action] = []
    for i, (colour, _) in enumerate(placed[:-1]):
        actions += [roll(**dict(placed[i:])), Choose(colour)]
    last_colour, last_pips = placed[-1]
    actions.append(Keep() if rules.last_die == "choose" else roll(**{last_colour: last_pips}))
    return actions


def plays(rules: Rules, hands: Sequence[Sequence[str]], chosen: Sequence[Sequence[str]]) -> list[Play]:
    """DD-PLAY-1 forced: seat p plays the kinds ``chosen[p]`` out of the hand dealt by ``forced_deal``."""
    taken: set[int] = set()
    dealt = [card_ids(rules, seat_kinds, taken) for seat_kinds in hands]
    cards: tuple[Card, ...] = build_deck(rules.deck)
    out = []
    for seat, names in enumerate(chosen):
        ids = list(dealt[seat])
        picked = []
        for name in names:
            cid = next(i for i in ids if cards[i].kind == name)
            ids.remove(cid)
            picked.append(cid)
        out.append(Play(seat, tuple(sorted(picked))))
    return out


class LangButton(w.Button):  # type: ignore[misc]
    """A button whose label switches language with the page (``set_lang``)."""

    def __init__(self, label: Speaks, on_click: Callable[[], None], lang: str = "en", icon: str = "") -> None:
        super().__init__(icon=icon, layout=w.Layout(width="auto", align_self="flex-start"))
        self.label = label
        self.on_click(lambda _b: on_click())
        self.set_lang(lang)

    def set_lang(self, lang: str) -> None:
        self.description = self.label.get(lang)
