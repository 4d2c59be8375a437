"""What anyone may read off an Esels-Rennen state: read-only properties and the three ``snapshot`` hooks.

``state.snapshot(seat, lang)`` (``core.snapshot``) is the one view contract; this mixin fills its
Esels-Rennen parts (ARCHITECTURE.md): ``table`` holds the board as its JSON dict (so a view can draw any valid
board), the donkeys, the podium and the order cards a seat may see, plus what a board view needs to turn a
click into an action without rule logic (``moves``: donkey, from-field and to-field of every legal move).
Kept apart from the transitions (``state.py``); ``EselsRennenState`` subclasses ``EselsRennenView`` and owns
every field declared here.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from donkeylab.core import CATALOGUE, Action, GameState
from donkeylab.esels_rennen.actions import (
    Back,
    Deal,
    Move,
    Pass,
    Start,
)
from donkeylab.esels_rennen.messages import board_words, card_code
from donkeylab.esels_rennen.race import OFF, Track
from donkeylab.esels_rennen.rules import (
    CARD_ORDER,
    DEAL,
    DONKEYS,
    OVER,
    RACE,
    START,
    best_points,
    cards_per_player,
)


class EselsRennenView(GameState):
    """The public face of an Esels-Rennen state (fields are set by ``EselsRennenState``)."""

    _track: Track
    _phase: str
    _pos: tuple[int, int, int]
    _podium: tuple[int, ...]
    _cards: tuple[tuple[str, ...], ...]
    _hidden: tuple[str, ...]
    _turn: int
    _last: int
    _turns: int

    # ------------------------------------------------------------------ read-only properties
    @property
    def track(self) -> Track:
        return self._track

    @property
    def positions(self) -> MappingProxyType[str, str | None]:
        """Donkey → field id, or None once it is on the podium."""
        ids = self._track.ids
        return MappingProxyType({d: (ids[f] if f != OFF else None) for d, f in zip(DONKEYS, self._pos, strict=True)})

    @property
    def podium(self) -> tuple[str, ...]:
        """Donkeys in finishing order (first place first)."""
        return tuple(DONKEYS[d] for d in self._podium)

    @property
    def cards(self) -> MappingProxyType[int, tuple[str, ...]]:
        """Player → their order card(s) (codes like ``"RGY"``); empty before the deal."""
        return MappingProxyType(dict(enumerate(self._cards)))

    @property
    def last_moved(self) -> str | None:
        """The donkey that moved last in the previous player's turn: it may not be moved back now."""
        return DONKEYS[self._last] if self._last != OFF else None

    @property
    def turns_played(self) -> int:
        return self._turns

    @property
    def points(self) -> tuple[int, ...]:
        """ER-SCORE-1 points of each player for this race (all 0 while it runs)."""
        if self._phase != OVER:
            return (0,) * self.num_players
        return tuple(best_points(c, self.podium) for c in self._cards)

    # ------------------------------------------------------------------ snapshot hooks (core/snapshot.py)
    def _view_phase_text(self, lang: str) -> str:
        phase = self._phase
        if phase == START:
            return CATALOGUE.render("esels_rennen/phase/start", {}, lang)
        if phase == DEAL:
            return CATALOGUE.render("esels_rennen/phase/deal", {"per_player": self._per_player}, lang)
        if phase == OVER:
            key = "esels_rennen/phase/over" if self.winners else "esels_rennen/phase/over_nobody"
            return CATALOGUE.render(key, {"order": card_code(self.podium), "winners": self.winners}, lang)
        actions = self.legal_actions()
        key = "pass" if actions == (Pass(),) else "race_back" if any(isinstance(a, Back) for a in actions) else "race"
        return CATALOGUE.render(f"esels_rennen/phase/{key}", {"player": self._turn}, lang)

    def _view_label(self, action: Action, lang: str) -> str:
        """``red → c3``, ``red back → b2``, ``pass`` (chance outcomes too, for a history list)."""
        if isinstance(action, (Move, Back)):
            key = "move" if isinstance(action, Move) else "back"
            return CATALOGUE.render(f"esels_rennen/label/{key}", {"donkey": action.donkey, "to": action.to}, lang)
        if isinstance(action, Pass):
            return CATALOGUE.render("esels_rennen/label/pass", {}, lang)
        if isinstance(action, Start):
            return CATALOGUE.render("esels_rennen/label/start", {"order": card_code(action.order)}, lang)
        if isinstance(action, Deal):
            return CATALOGUE.render("esels_rennen/label/deal", {"count": len(action.cards)}, lang)
        return str(action)

    def _view_table(self, seat: int | None, lang: str) -> dict[str, Any]:
        """ARCHITECTURE.md's Esels-Rennen ``table``, plus ``moves``/``starts``/``sand``/``finish`` for board views.

        Cards: a seat sees its own while the race runs, everybody's once it is over (the cards are shown to
        score); the teacher sees every dealt card; the undealt cards are never shown, only counted.
        """
        track, board = self._track, self._track.board
        over = self._phase == OVER
        cards = [
            [list(CARD_ORDER[c]) for c in held] if seat is None or seat == p or over else None
            for p, held in enumerate(self._cards or ((),) * self.num_players)
        ]
        names = [
            [CATALOGUE.term(c, lang) for c in held] if shown is not None else None
            for held, shown in zip(self._cards or ((),) * self.num_players, cards, strict=True)
        ]
        return {
            "board": board.to_dict(),
            "board_name": board.name,
            "board_label": board_words(board.name, lang),
            "reconstruction": board.reconstruction,
            "rules": self.rules.to_dict(),
            "donkeys": dict(self.positions),
            "podium": list(self.podium),
            "last_moved": self.last_moved,
            "cards": cards,
            "card_names": names,
            "cards_per_player": self._per_player,
            "undealt": len(self._hidden),
            "points": list(self.points) if over else None,
            "scoring": self.rules.scoring,
            "turns_played": self._turns,
            "moves": self._view_moves(seat),
            "move_to": self._view_move_to(seat),
            "starts": [track.ids[f] for f in track.starts],
            "sand": [i for i, s in zip(track.ids, track.sand, strict=True) if s],
            "finish": [i for i, f in zip(track.ids, track.finish, strict=True) if f],
            "colour_names": {c: CATALOGUE.term(c, lang) for c in DONKEYS},
            "summary": self._view_summary(seat, names, lang),
        }

    def _view_summary(self, seat: int | None, names: list[list[str] | None], lang: str) -> str:
        """The race in a few sentences, for a screen reader (the board's text alternative): where each donkey
        stands or in which place it finished, whose move it is, and the order cards of the seat viewing (or,
        in the teacher's view, of the player to move)."""
        say = CATALOGUE.render
        podium = list(self.podium)
        where = []
        for donkey, field in self.positions.items():
            if field is None:
                where.append(
                    say("esels_rennen/summary/finished", {"donkey": donkey, "place": podium.index(donkey) + 1}, lang)
                )
            else:
                where.append(say("esels_rennen/summary/on", {"donkey": donkey, "field": field}, lang))
        donkeys = say("esels_rennen/summary/donkeys", {"donkeys": "; ".join(where)}, lang)
        parts = [donkeys[:1].upper() + donkeys[1:]]  # "Red on b2", "Rot auf b2": the colours are lower-case terms
        turn = self._turn if self._phase not in (START, DEAL, OVER) else None
        if turn is not None:
            parts.append(say("esels_rennen/summary/turn", {"player": turn}, lang))
        holder = seat if seat is not None else turn
        if holder is not None and holder < len(names) and names[holder]:
            cards = ", ".join(names[holder] or ())
            parts.append(say("esels_rennen/summary/cards", {"player": holder, "cards": cards}, lang))
        return " ".join(parts)

    @property
    def _per_player(self) -> int:
        return cards_per_player(self.num_players)

    def _view_move_to(self, seat: int | None) -> dict[str, str]:
        """Per donkey that may move now, its move to any field as the engine writes it, ``{to}`` left open
        (``Move('red', '{to}')``): a click on a field no move reaches sends it filled in, and the engine's
        refusal names the rule (ER-MOVE-1), while no view spells an action."""
        if self._phase != RACE or (seat is not None and seat != self._turn):
            return {}
        movers = sorted({a.donkey for a in self.legal_actions() if isinstance(a, Move)})
        return {d: str(Move(d, "{to}")) for d in movers}

    def _view_moves(self, seat: int | None) -> list[dict[str, Any]]:
        """Every legal move as ``{action, donkey, from, to, back}``: a click on a donkey and a field maps to one."""
        if self._phase != RACE or (seat is not None and seat != self._turn):
            return []
        where = self.positions
        return [
            {"action": str(a), "donkey": a.donkey, "from": where[a.donkey], "to": a.to, "back": isinstance(a, Back)}
            for a in self.legal_actions()
            if isinstance(a, (Move, Back))
        ]
