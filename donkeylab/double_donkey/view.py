"""Double Donkey's side of ``state.snapshot(seat, lang)``: the ``table``, the phase sentence, button labels.

The one view contract (ARCHITECTURE.md, "state.snapshot"): everything a view draws comes from here, so no
widget repeats a rule. The dice say whether DD-DICE-2 lets them be chosen and, if not, why; every card
carries its DD-VALUE-1 value under the dice on the Hay card. A seat's view holds no other seat's hand and no
other seat's secret choice (DD-PLAY-1); the teacher's view (``seat=None``) holds everything.

Extra keys beyond ARCHITECTURE.md: ``reveal_dice`` (the pips of the six dice, colour order, after the flips
of the last reveal, or ``None`` before the first reveal: the ``revealed`` cards are valued under them, since
the next round clears the Hay card) and, in a seat view, ``chosen_cards`` with that seat's own choice only.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from donkeylab.core import CATALOGUE, Action
from donkeylab.double_donkey.actions import Choose, Keep, Play, Reroll
from donkeylab.double_donkey.cards import COLOUR_INDEX, COLOURS, Card, card_value
from donkeylab.double_donkey.messages import adjective_term
from donkeylab.double_donkey.rules import CHOOSE, LAST, OVER, PLAY, ROLL, ROLLOFF

VIEW_MESSAGES: dict[str, tuple[str, str]] = {
    "double_donkey/title": ("Double Donkey", "Double Donkey"),
    "double_donkey/phase/deal": ("The cards are shuffled and dealt", "Die Karten werden gemischt und verteilt"),
    "double_donkey/phase/roll": ("{player} rolls {n} dice", "{player} wirft {n} Würfel"),
    "double_donkey/phase/roll_last": ("{player} rolls the last die", "{player} wirft den letzten Würfel"),
    "double_donkey/phase/choose": (
        "{player} places a die on the Hay card",
        "{player} legt einen Würfel auf die Misthaufen-Karte",
    ),
    "double_donkey/phase/last": (
        "{player} keeps the last die or re-rolls it once",
        "{player} lässt den letzten Würfel liegen oder wirft ihn einmal neu",
    ),
    "double_donkey/phase/play": (
        "Everybody chooses 1–3 cards in secret: {player}'s turn",
        "Alle wählen geheim 1–3 Karten: {player} ist dran",
    ),
    "double_donkey/phase/rolloff": (
        "{players} roll a die each for the Biggest Donkey",
        "{players} würfeln je einmal um den Oberesel",
    ),
    "double_donkey/phase/shuffle": (
        "The discard pile is shuffled into a new draw pile",
        "Der Ablagestapel wird zum neuen Nachziehstapel gemischt",
    ),
    "double_donkey/phase/refill": (
        "The Biggest Donkey draws from the central draw pile",
        "Der Oberesel zieht vom Nachziehstapel in der Mitte",
    ),
    "double_donkey/phase/over": ("Game over: {winners} won", "Spielende: Sieg für {winners}"),
    # {colour}: an ``adjective_term`` key, so German declines it before the noun ("hellblauer Würfel (5)")
    "double_donkey/label/choose": ("{colour} die ({pips})", "{colour} Würfel ({pips})"),
    "double_donkey/label/keep": ("keep the {pips}", "die {pips} behalten"),
    "double_donkey/label/reroll": ("re-roll", "neu werfen"),
    "double_donkey/label/play": ("play {cards}", "{cards} ausspielen"),
    "double_donkey/label/angry": ("{colour} Angry Donkey", "{colour} Wütender Esel"),
    "DD-DICE-2/why_not": ("{pips} is already on the Hay card", "Die {pips} liegt schon auf der Misthaufen-Karte"),
    "DD-DICE-3/why_not": (
        "the last die: keep it or re-roll it once",
        "Der letzte Würfel: liegen lassen oder einmal neu werfen",
    ),
}


def _register() -> None:
    CATALOGUE.add_all(VIEW_MESSAGES)


_register()


class SnapshotMixin:
    """The three snapshot hooks of ``GameState``; ``DoubleDonkeyState`` supplies the fields (read only)."""

    _players: int
    _rules: Any
    _cards: tuple[Card, ...]
    _phase: str
    _round: int
    _starter: int
    _roller: int
    _turn: int
    _hay: tuple[int, ...]
    _shown: tuple[int, ...]
    _left: tuple[int, ...]
    _allowed: tuple[int, ...]
    _hands: tuple[tuple[int, ...], ...]
    _piles: tuple[tuple[int, ...], ...]
    _draw: tuple[int, ...]
    _discard: tuple[int, ...]
    _revealed: tuple[tuple[int, ...], ...]
    _reveal_hay: tuple[int, ...]
    _chosen: tuple[tuple[int, ...] | None, ...]
    _biggest: int | None
    _tied: tuple[int, ...]
    _winners: tuple[int, ...]

    # ------------------------------------------------------------------ the hooks
    def _view_phase_text(self, lang: str) -> str:
        """Who does what now, in one short sentence."""
        phase = self._phase
        data: dict[str, Any] = {}
        if phase == ROLL:
            data = {"player": self._roller, "n": len(self._left)}
            phase = "roll_last" if len(self._left) == 1 else "roll"
        elif phase in ("choose", "last"):
            data = {"player": self._roller}
        elif phase == PLAY:
            data = {"player": self._turn}
        elif phase == ROLLOFF:
            data = {"players": self._tied}
        elif phase == OVER:
            data = {"winners": self._winners}
        return CATALOGUE.render(f"double_donkey/phase/{phase}", data, lang)

    def _view_label(self, action: Action, lang: str) -> str:
        """A button text: "orange die (5)", "keep the 4", "re-roll", "play yellow+green, orange Angry Donkey"."""
        if isinstance(action, Choose) and action.colour in COLOUR_INDEX:
            data = {"colour": adjective_term(action.colour), "pips": self._shown[COLOUR_INDEX[action.colour]]}
            return CATALOGUE.render("double_donkey/label/choose", data, lang)
        if isinstance(action, Keep) and len(self._left) == 1:
            return CATALOGUE.render("double_donkey/label/keep", {"pips": self._shown[self._left[0]]}, lang)
        if isinstance(action, Reroll):
            return CATALOGUE.render("double_donkey/label/reroll", {}, lang)
        if isinstance(action, Play):
            cards = ", ".join(self._card_label(cid, lang) for cid in action.cards)
            return CATALOGUE.render("double_donkey/label/play", {"cards": cards}, lang)
        return str(action)

    def _view_table(self, seat: int | None, lang: str) -> dict[str, Any]:
        """The picture of ARCHITECTURE.md's Double Donkey bullet; hidden hands and choices are ``None``."""
        seats = range(self._players)
        sees = [seat is None or seat == p for p in seats]
        hay, chosen = self._hay, self._chosen
        dice = self._view_dice(lang)
        return {
            "variant": str(self._rules.variant),
            "round": self._round,
            "roller": self._roller,
            "starter": self._starter,
            "dice": dice,
            "summary": _dice_summary(self._round, self._roller, dice, lang),
            "last_die": self._phase == LAST,
            "hands": [self._view_cards(self._hands[p], hay, lang) if sees[p] else None for p in seats],
            "hand_sizes": [len(h) for h in self._hands],
            "pile_sizes": [len(p) for p in self._piles],
            "draw_pile": len(self._draw),
            "discard": len(self._discard),
            "chosen": [c is not None for c in chosen],
            "chosen_cards": [
                self._view_cards(c, hay, lang) if sees[p] and c is not None else None for p, c in enumerate(chosen)
            ],
            "revealed": [self._view_cards(r, self._reveal_hay, lang) for r in self._revealed],
            "reveal_dice": [pips or None for pips in self._reveal_hay],
            "biggest": self._biggest,
            "tied": list(self._tied),
        }

    # ------------------------------------------------------------------ pieces of the table
    def _view_dice(self, lang: str) -> list[dict[str, Any]]:
        """The six dice: on the Hay card, rolled, choosable (DD-DICE-2), and why not (DD-DICE-2 / DD-DICE-3).

        A rolled die carries its ``action`` (``Choose('orange')``, written by the engine): a view sends it on a
        click, also for a forbidden die, and the engine answers with the rule; no view spells an action."""
        phase, hay, shown, allowed = self._phase, self._hay, self._shown, self._allowed
        dice = []
        for c, colour in enumerate(COLOURS):
            rolled = shown[c] or None
            choosable = phase == CHOOSE and c in allowed
            why_not = None
            if rolled is not None and not choosable:
                key = "DD-DICE-3/why_not" if phase == LAST else "DD-DICE-2/why_not"
                why_not = CATALOGUE.render(key, {"pips": rolled}, lang)
            name = CATALOGUE.term(colour, lang)
            entry = {"colour": colour, "name": name, "hay": hay[c] or None, "rolled": rolled}
            action = str(Choose(colour)) if rolled is not None else None
            dice.append({**entry, "choosable": choosable, "why_not": why_not, "action": action})
        return dice

    def _view_cards(self, ids: tuple[int, ...], hay: tuple[int, ...], lang: str) -> list[dict[str, Any]]:
        """Card dicts; ``value`` is DD-VALUE-1 under ``hay``, ``None`` while one of the card's dice is missing."""
        out = []
        for cid in ids:
            card = self._cards[cid]
            value = card_value(card, hay) if all([hay[c] for c in card.colours]) else None
            colours, label, _ = _card_names(card, lang)
            out.append({"id": cid, "colours": list(colours), "angry": card.angry, "label": label, "value": value})
        return out

    def _card_label(self, cid: int, lang: str) -> str:
        return _card_names(self._cards[cid], lang)[2]


@lru_cache(maxsize=1024)
def _card_names(card: Card, lang: str) -> tuple[tuple[str, ...], str, str]:
    """A card's colours, its name, and its short name for a button ("yellow+green", "orange Angry Donkey").

    An Angry Donkey's name stands alone, so German declines its colour strongly: "oranger Wütender Esel" (the
    event sentences say "der orange Wütende Esel"); computed once per card and language (every snapshot lists
    many cards)."""
    colours = card.colour_names
    if card.angry:
        name = CATALOGUE.render("double_donkey/label/angry", {"colour": adjective_term(colours[0])}, lang)
        return colours, name, name
    return colours, CATALOGUE.term(card.kind, lang), "+".join(CATALOGUE.term(c, lang) for c in colours)


def _dice_summary(round_: int, roller: int | None, dice: list[dict[str, Any]], lang: str) -> str:
    """The Hay card and the roll in a few sentences, for a screen reader (the dice tray's text alternative):
    "Round 2. Hay card: light blue 2, orange 5. Player 3 rolled green 4, yellow 6."."""
    say = CATALOGUE.render

    def listed(key: str) -> str:
        return ", ".join(
            say("double_donkey/summary/die", {"name": d["name"], "pips": d[key]}, lang) for d in dice if d[key]
        )

    parts = [say("double_donkey/summary/round", {"round": round_}, lang)]
    on_hay = listed("hay")
    parts.append(
        say("double_donkey/summary/hay", {"dice": on_hay}, lang)
        if on_hay
        else say("double_donkey/summary/hay_empty", {}, lang)
    )
    rolled = listed("rolled")
    if roller is not None and rolled:
        parts.append(say("double_donkey/summary/rolled", {"player": roller, "dice": rolled}, lang))
    elif roller is not None and len(on_hay.split(", ")) < len(dice):
        parts.append(say("double_donkey/summary/with", {"player": roller}, lang))
    return " ".join(parts)
