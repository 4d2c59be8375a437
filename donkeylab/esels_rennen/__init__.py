"""Esels-Rennen (Doris & Frank): a donkey race of arrow chains on a board that is data (RULES.md, ER-*).

``new_game(players, rules, board="default")`` starts a race on a packaged board (``packaged_boards()``), a
JSON file or a board dict; ``load_board`` + ``validate_board`` check any board (ER-BOARD-1, ER-BOARD-2);
``exact`` holds the exact race odds under random play.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from donkeylab.core.setup import check_rules
from donkeylab.esels_rennen import bots
from donkeylab.esels_rennen.actions import (
    Back,
    Deal,
    Move,
    Pass,
    Start,
    parse_action,
)
from donkeylab.esels_rennen.board import (
    Arrow,
    Board,
    BoardError,
    Field,
    diagram,
    load_board,
    packaged_boards,
    parse_board,
)
from donkeylab.esels_rennen.graph import ALL_ORDERS, FIXED_ORDER, reachable
from donkeylab.esels_rennen.messages import board_words
from donkeylab.esels_rennen.metrics import metrics
from donkeylab.esels_rennen.questions import QUESTIONS
from donkeylab.esels_rennen.race import Track
from donkeylab.esels_rennen.rules import (
    CARD_ORDER,
    CARDS,
    COLOUR_STYLES,
    DONKEYS,
    ICON,
    NAME,
    PLAYERS,
    RULE_PREFIX,
    RULEBOOK,
    SETUP_OPTIONS,
    STATIC_KEYS,
    VIEWS,
    Rules,
    best_points,
    card_points,
)
from donkeylab.esels_rennen.state import EselsRennenState
from donkeylab.esels_rennen.validate import BoardReport, validate_board
from donkeylab.esels_rennen.view_words import VIEW_WORDS

__all__ = [
    "CARDS",
    "CARD_ORDER",
    "COLOUR_STYLES",
    "DONKEYS",
    "ICON",
    "NAME",
    "PLAYERS",
    "QUESTIONS",
    "RULEBOOK",
    "RULE_PREFIX",
    "SETUP_OPTIONS",
    "STATIC_KEYS",
    "VIEWS",
    "VIEW_WORDS",
    "Arrow",
    "Back",
    "Board",
    "BoardError",
    "BoardReport",
    "Deal",
    "EselsRennenState",
    "Field",
    "Move",
    "Pass",
    "Rules",
    "Start",
    "best_points",
    "board_words",
    "bots",
    "card_points",
    "diagram",
    "load_board",
    "metrics",
    "new_game",
    "packaged_boards",
    "parse_action",
    "parse_board",
    "track_for",
    "validate_board",
]


def new_game(
    players: int = 3,
    rules: Rules | Mapping[str, Any] | None = None,
    board: str | Path | dict[str, Any] | Board = "default",
) -> EselsRennenState:
    """A new race (ER-SETUP-1): 2–6 players; ``board`` is a packaged board name, a path, a dict or a Board.

    The board is validated (ER-BOARD-2) for the rules played; saves record the name of a packaged board and
    the whole board otherwise, so ``load`` rebuilds the same race.
    """
    rules = check_rules(Rules, rules, game=PLAYERS.game, rule=PLAYERS.rule, default=_DEFAULT_RULES)
    players = PLAYERS.check(players)
    if isinstance(board, str) and board in _packaged_names():
        return EselsRennenState(players, rules, _packaged_track(board, rules), {"board": board})
    the_board = board if isinstance(board, Board) else load_board(board)
    return EselsRennenState(players, rules, track_for(the_board, rules), {"board": the_board.to_dict()})


_DEFAULT_RULES: Final = Rules()  # frozen: one shared instance saves re-checking the defaults per race


# A user's loop calls ``new_game`` once per race: listing the boards folder, and hashing the whole board for the
# validator's and the explorer's caches, would cost many times a race's other set-up. Packaged boards never change while
# the program runs, so their names and their validated track per rule reading are looked up once.
@lru_cache(maxsize=1)
def _packaged_names() -> frozenset[str]:
    return frozenset(packaged_boards())


@lru_cache(maxsize=16)
def _packaged(name: str) -> Board:
    return load_board(name)


@lru_cache(maxsize=64)
def _packaged_track(name: str, rules: Rules) -> Track:
    return track_for(_packaged(name), rules)


def track_for(board: Board, rules: Rules | None = None) -> Track:
    """The validated, memoising ``Track`` of ``board`` under ``rules`` (one per board and option reading);
    ``rules`` as ``new_game`` takes it (``None``: the defaults; a mapping of options; else ``IllegalAction``)."""
    rules = check_rules(Rules, rules, game=PLAYERS.game, rule=PLAYERS.rule, default=_DEFAULT_RULES)
    validate_board(board, rules.sand, rules.finish_arrows, rules.start_order)
    orders = FIXED_ORDER if rules.start_order == "fixed" else ALL_ORDERS
    return reachable(board, rules.sand, rules.finish_arrows, orders).track
