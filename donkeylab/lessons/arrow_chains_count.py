"""Lesson 4's counts by hand: the pieces of the exact answer a pupil can count with a finger on the board.

On the standard board, the first player's 6 first moves and the 2 that set off a chain (1/3), then a tree of two
moves (no chain in either: 1/3), the first part of the exact answer (``count_headline``); on the mini board the
count of exercise 2 (3 of the 6 first moves set off a hop, done on a drawing of the board, ``sheet_board``) and
the two-step tree of exercise 3 (deal, then first move: 1/3 × 1/6 = 1/18). Every number is read off the engine
itself (``new_game``, ``legal_actions``, ``apply``), never typed in; where a sentence names a move, an assert (and
a test) checks the engine does what it says.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from donkeylab.core import CATALOGUE
from donkeylab.esels_rennen import CARD_ORDER, CARDS, board_words, load_board
from donkeylab.lessons.arrow_chains_text import TEXTS
from donkeylab.lessons.framework import Exercise
from donkeylab.lessons.page import percent
from donkeylab.pages import words as wd
from donkeylab.pages.words import words

say = words("lesson/arrow_chains/", TEXTS)

PLAYERS = 3
DEAL = (("RGY", "RYG"), ("GRY", "GYR"), ("YRG", "YGR"))  # two order cards each (ER-SETUP-1)
STANDARD = "default"  # the reconstructed board the lesson races on
MINI = "tiny_chain"  # the board a pupil counts by hand


class FirstMove(NamedTuple):
    """One of the first player's moves on a board and what its chain does, as the engine plays it."""

    donkey: str
    to: str
    hops: int  # ER-CHAIN-1 events: donkeys moved by an arrow
    ends_race: bool


def card_words(card: str, lang: str) -> str:
    """``"RGY"`` → "red–green–yellow" / "rot–grün–gelb"."""
    return CATALOGUE.term(card, lang)


def first_moves(board: str = MINI) -> list[FirstMove]:
    """The first player's legal moves after the lesson's deal and each move's chain, from the engine itself
    (``new_game``, ``legal_actions``, ``apply``): the facts the by-hand counts and their solutions state."""
    return moves_from(count_position(board))


def moves_from(state: Any) -> list[FirstMove]:
    """Every legal move at ``state`` (no pass, no move back) and what its chain does."""
    from donkeylab import esels_rennen as er

    moves = []
    for action in state.legal_actions():
        assert isinstance(action, er.Move)  # no sand near the start: no move back (``Back``), no pass
        after = state.apply(action)
        hops = sum(e.rule == "ER-CHAIN-1" for e in after.events)
        moves.append(FirstMove(action.donkey, action.to, hops, after.current_player is None))
    return moves


class TwoMoves(NamedTuple):
    """The first two moves of a race on a board, counted: the tree the exact answer starts with."""

    first: tuple[FirstMove, ...]  # Player 1's moves
    seconds: tuple[int, ...]  # Player 2's number of moves after each first move that sets off no chain
    second_chains: int  # of those (first, second) pairs, how many set off a chain on the second move
    none: Fraction  # P(neither move sets off a chain), summed over every path of the tree

    @property
    def chains(self) -> int:
        return sum(m.hops > 0 for m in self.first)

    @property
    def p_first(self) -> Fraction:
        return Fraction(self.chains, len(self.first))

    @property
    def p_second(self) -> Fraction:
        """P(the second move sets off a chain | the first did not): the pairs' share, as every quiet first move
        leaves the same number of second moves (the text says so; ``two_moves`` checks it)."""
        return Fraction(self.second_chains, sum(self.seconds))


def two_moves(board: str = STANDARD) -> TwoMoves:
    """Player 1's first moves and, after each that sets off no chain, Player 2's moves, from the engine; ``none``
    is the tree's exact sum over every path (each first move 1/6, then each second move equally likely)."""
    state = count_position(board)
    first = moves_from(state)
    seconds, second_chains, none = [], 0, Fraction(0)
    for action, move in zip(state.legal_actions(), first, strict=True):
        if move.hops:
            continue
        after = moves_from(state.apply(action))
        seconds.append(len(after))
        second_chains += sum(m.hops > 0 for m in after)
        none += Fraction(1, len(first)) * Fraction(sum(m.hops == 0 for m in after), len(after))
    return TwoMoves(tuple(first), tuple(seconds), second_chains, none)


def count_headline(lang: str) -> str:
    """The exact answer's first part, counted by hand: the standard board's first move (2 of 6 set off a chain)
    and a tree of two moves, then "the same count done by the computer" (the table follows)."""
    tree = two_moves()
    named = {(m.donkey, m.to) for m in tree.first if m.hops}
    assert named == {("green", "e1"), ("yellow", "g1")}, named  # the two chains the text walks through
    assert len(set(tree.seconds)) == 1, tree.seconds  # "Player 2 has 5 moves" after each quiet first move
    assert (1 - tree.p_first) * (1 - tree.p_second) == tree.none  # the tree's path is the exact sum
    f = wd.short_fraction
    first = say("count.first", chains=tree.chains, p=f(tree.p_first))
    quiet = len(tree.seconds)
    two = say(
        "count.tree",
        quiet=quiet,
        seconds=tree.seconds[0],
        pairs=sum(tree.seconds),
        second_chains=tree.second_chains,
        p=f(tree.p_first),
        q=f(1 - tree.p_first),
        p2=f(tree.p_second),
        q2=f(1 - tree.p_second),
        none=f(tree.none),
        some=f(1 - tree.none),
    )
    return first.get(lang) + two.get(lang) + say("count.computer").get(lang)


def by_hand_exercise() -> Exercise:
    """Exercise 2, the count a pupil does by hand on the mini board's drawing: how many first moves set off at
    least one hop. Typed as a whole number; the classic wrong answers are 1 (only the long chain counted), 4 to 6
    (a hop counted that a stop rule forbids: an arrow of the mover's own colour, a taken field) and 1/2 (the
    probability, not the count)."""
    moves = first_moves()
    chains = sum(m.hops > 0 for m in moves)
    stops = say("hand.stops")
    mistakes = [(Fraction(1), say("hand.only_long")), (Fraction(chains, len(moves)), say("hand.probability"))]
    mistakes += [(Fraction(n), stops) for n in range(chains + 1, len(moves) + 1)]
    question = say("hand.q", board=sheet_board)
    return Exercise(question, say("hand.solution"), Fraction(chains), hint=say("hand.hint"), mistakes=mistakes)


def race_over_at_once(board: str = MINI) -> Fraction:
    """The probability that a random first move ends the race at once (the first branching of the tree)."""
    moves = first_moves(board)
    return Fraction(sum(m.ends_race for m in moves), len(moves))


def ending_order(board: str = MINI) -> str:
    """The order card of the race that the one race-ending first move plays out (``"GYR"`` on the mini board)."""
    state = count_position(board)
    (podium,) = {after.podium for after in (state.apply(a) for a in state.legal_actions()) if after.is_terminal()}
    return next(card for card in CARDS if CARD_ORDER[card] == podium)


def count_position(board: str = MINI) -> Any:
    """The race after the lesson's deal, before Player 1's first move: where the count by hand starts."""
    from donkeylab import esels_rennen as er

    return er.new_game(PLAYERS, board=board).apply(er.Deal.of(*[list(cards) for cards in DEAL]))


SHEET_STEP = 48  # the worksheet's board drawing: SVG units between two lattice points (a field is a diamond)
SHEET_ROWS = ("finish", "sand", "start")  # the rows the drawing names at their right-hand end


def sheet_board(lang: str) -> str:
    """The mini board at the count's position (``count_position``), drawn into exercise 2 on the page, the worksheet
    and the key alike: a pupil with the paper alone can count. An inline SVG from the engine's board and positions,
    black on white (a colour is its letter, as on the screen's board: R, G, Y / R, Gr, Ge), finish at the top as on
    the screen, each field with its name, each arrow pointing its way, each donkey a circle on its field; under it,
    what the marks mean."""
    from html import escape

    from donkeylab.esels_rennen import DONKEYS, VIEW_WORDS

    view = VIEW_WORDS["race_board"]
    index = ("en", "de").index(lang)
    letter = {colour: view[f"letter_{colour}"][index] for colour in DONKEYS}
    board = load_board(MINI)
    where = {field: donkey for donkey, field in count_position().positions.items() if field is not None}
    step, pad, r = SHEET_STEP, SHEET_STEP // 2 + 2, SHEET_STEP // 2 - 1
    low, high, top = min(f.x for f in board.fields), max(f.x for f in board.fields), max(f.y for f in board.fields)
    label_x = pad + (high - low) * step + r + 8
    width, height = label_x + 48, 2 * pad + top * step

    def at(field: Any) -> tuple[int, int]:
        return pad + (field.x - low) * step, pad + (top - field.y) * step

    parts = [
        "<defs><marker id='dl-ws-head' viewBox='0 0 10 10' refX='6' refY='5' markerWidth='4' markerHeight='4' "
        "orient='auto'><path d='M0 0 L10 5 L0 10 z' fill='#111'/></marker></defs>"
    ]
    rows: dict[int, str] = {}
    for f in board.fields:
        x, y = at(f)
        rows.setdefault(y, f.kind)
        fill = "#d4d4d4" if f.kind == "sand" else "#fff"
        line = {"finish": "stroke-width='3'", "start": "stroke-width='1.2' stroke-dasharray='4 3'"}.get(
            f.kind, "stroke-width='1.2'"
        )
        parts.append(
            f"<g data-field='{f.id}' data-kind='{f.kind}'><polygon points='{x},{y - r} {x + r},{y} {x},{y + r} "
            f"{x - r},{y}' fill='{fill}' stroke='#222' {line}/>"
            f"<text x='{x}' y='{y + r - 5}' font-size='9' fill='#333' text-anchor='middle'>{f.id}</text>"
        )
        if f.arrow is not None:
            dx = 1 if f.arrow.direction.endswith("R") else -1
            dy = 1 if f.arrow.direction.startswith("B") else -1  # forward is up the page
            parts.append(
                f"<g data-arrow='{f.arrow.colour} {f.arrow.direction}'><line x1='{x - dx * 8}' y1='{y - dy * 8}' "
                f"x2='{x + dx * 8}' y2='{y + dy * 8}' stroke='#111' stroke-width='2.4' marker-end='url(#dl-ws-head)'/>"
                f"<text x='{x - dx * 11.5}' y='{y + 3.5}' font-size='10' font-weight='700' text-anchor='middle'>"
                f"{escape(letter[f.arrow.colour])}</text></g>"
            )
        parts.append("</g>")
    for f in board.fields:
        if f.id in where:
            x, y = at(f)
            donkey = where[f.id]
            parts.append(
                f"<g data-donkey='{donkey}' data-field='{f.id}'><circle cx='{x}' cy='{y - 4}' r='12' fill='#fff' "
                f"stroke='#111' stroke-width='2.4'/><text x='{x}' y='{y + 1}' font-size='12' font-weight='700' "
                f"text-anchor='middle'>{escape(letter[donkey])}</text></g>"
            )
    for y, kind in rows.items():
        if kind in SHEET_ROWS:
            name = escape(say(f"sheet_board.{kind}").get(lang))
            parts.append(f"<text x='{label_x}' y='{y + 4}' font-size='13' font-style='italic'>{name}</text>")
    stand = ", ".join(
        view["donkey_on"][index].format(donkey=CATALOGUE.term(d, lang), field=f)
        for f, d in sorted(where.items(), key=lambda item: DONKEYS.index(item[1]))
    )
    letters = ", ".join(f"{letter[c]} {CATALOGUE.term(c, lang)}" for c in DONKEYS)
    caption = say("sheet_board.caption", board=board_words(MINI, lang), letters=letters).get(lang)
    svg = (
        f"<svg viewBox='0 0 {width} {height}' role='img' aria-label='{escape(stand)}'>"
        f"<title>{escape(stand)}</title>{''.join(parts)}</svg>"
    )
    style = "width:460px;max-width:100%;margin:6px 0"  # on screen; the sheet's stylesheet sets its paper width
    return f"<figure class='dl-ws-board' style='{style}'>{svg}<figcaption>{caption}</figcaption></figure>"


def first_move_win() -> Exercise:
    """Pencil and paper, a two-step tree: the cards are dealt at random, then Player 1 moves at random. Player 1
    wins with the first move only when holding green–yellow–red (2 of the 6 cards: 1/3) and moving green to c1
    (1/6): 1/3 × 1/6 = 1/18 (the test checks it over the engine's 720 deals and 6 first moves). Wrong answers
    aimed at: one branch only (1/6, 1/3), one card instead of two (1/36), the branches added (1/2)."""
    ending = [(m.donkey, m.to) for m in first_moves() if m.ends_race]
    assert ending == [("green", "c1")] and ending_order() == "GYR", ending  # the move and the order the texts name
    card = Fraction(len(DEAL[0]), len(CARDS))  # Player 1 holds 2 of the 6 order cards
    move = race_over_at_once()
    order = {"order": lambda lg: card_words(ending_order(), lg)}
    solution = say(
        "win.solution",
        **order,
        card=lambda lg: wd.short_fraction(card) or "",
        move=lambda lg: wd.short_fraction(move) or "",
        p=lambda lg: f"{wd.short_fraction(card * move)} ≈ {percent(card * move, lg)}",
    )
    mistakes = [
        (move, say("win.only_move", **order)),
        (card, say("win.only_card")),
        (move * move, say("win.one_card", **order)),
        (card + move, say("win.added")),
    ]
    return Exercise(say("win.q"), solution, card * move, hint=say("win.hint", **order), mistakes=mistakes)
