"""Lesson 4's exact answer starts with what a pupil can count by hand (a maths teacher's review: the headline came
from a black box): on the standard board 2 of the 6 first moves set off a chain (1/3), then a tree of two moves;
the table follows as the same count done by the computer. And the notice gives the unfairness a reason traced to
an arrow. Every number is solved here again from the engine (``legal_actions``, ``apply``, ``exact``), so a text
whose number stops being true fails."""

from __future__ import annotations

from fractions import Fraction

import pytest

from donkeylab import esels_rennen as er
from donkeylab.esels_rennen import exact, load_board
from donkeylab.lessons import arrow_chains as lesson
from donkeylab.lessons import arrow_chains_count as count
from donkeylab.lessons import arrow_chains_why as why


def start() -> er.EselsRennenState:
    return er.new_game(3, board="default").apply(er.Deal.of(*[list(c) for c in count.DEAL]))


start_state = start


def chain(state: er.EselsRennenState, move: er.Move) -> list[tuple[str, str, str]]:
    """(arrow's field, donkey, to) of every hop the move sets off."""
    events = state.apply(move).events
    return [(e.data["arrow"], e.data["donkey"], e.data["to"]) for e in events if e.rule == "ER-CHAIN-1"]


def test_two_of_the_six_first_moves_on_the_standard_board_set_off_the_chains_the_text_walks_through() -> None:
    state = start()
    moves = state.legal_actions()
    assert [(m.donkey, m.to) for m in moves] == [
        ("red", "a1"), ("red", "c1"), ("green", "c1"), ("green", "e1"), ("yellow", "e1"), ("yellow", "g1")
    ]  # fmt: skip
    hops = {(m.donkey, m.to): chain(state, m) for m in moves}
    assert {m: h for m, h in hops.items() if h} == {
        ("green", "e1"): [("e1", "yellow", "g1"), ("g1", "red", "a1")],  # "yellow hops to g1, where a red arrow…"
        ("yellow", "g1"): [("g1", "red", "a1")],  # "…lands on that red arrow: red hops to a1"
    }
    tree = count.two_moves()
    assert (tree.chains, tree.p_first) == (2, Fraction(1, 3))


def test_the_two_move_tree_is_the_engines_and_its_path_is_the_exact_sum() -> None:
    """After each of the 4 quiet first moves Player 2 has 5 moves; 10 of the 20 pairs set off a chain; the tree's
    path 2/3 × 1/2 = 1/3 equals the sum over every path, each first move 1/6 and each second move 1/5."""
    state = start()
    quiet = [m for m in state.legal_actions() if not chain(state, m)]
    none = Fraction(0)
    pairs = chained = 0
    for move in quiet:
        after = state.apply(move)
        seconds = after.legal_actions()
        assert len(seconds) == 5, move
        pairs += len(seconds)
        chained += sum(bool(chain(after, m)) for m in seconds)
        none += Fraction(1, 6) * Fraction(sum(not chain(after, m) for m in seconds), len(seconds))
    assert (len(quiet), pairs, chained) == (4, 20, 10) and none == Fraction(1, 3)
    tree = count.two_moves()
    assert tree.seconds == (5, 5, 5, 5) and tree.second_chains == 10 and tree.none == none
    assert (1 - tree.p_first) * (1 - tree.p_second) == none


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_exact_answer_counts_by_hand_first_then_the_computer(lang: str) -> None:
    text = count.count_headline(lang)
    said = {
        "en": ["Only 2 set off a chain", "2/6 = 1/3", "Player 2 has 5 moves; 10 of these 4 × 5 = 20 set off a chain",
               "10/20 = 1/2", "2/3 × 1/2 = 1/3", "1 − 1/3 = 2/3", "The same count done by the computer"],
        "de": ["Nur 2 lösen eine Kette aus", "2/6 = 1/3", "Spieler 2 jeweils 5 Züge; 10 dieser 4 · 5 = 20 lösen",
               "10/20 = 1/2", "2/3 · 1/2 = 1/3", "1 − 1/3 = 2/3", "Dieselbe Rechnung macht der Computer"],
    }[lang]  # fmt: skip
    for words in said:
        assert words in text, words
    (part,) = [s for s in lesson.spec().sections if type(s).__name__ == "ExactAnswer"]
    assert part.parts[0] is count.count_headline and part.parts[1] is lesson.exact_headline, "by hand first"


def test_the_computer_counts_over_every_position_as_the_tree_would_never_end() -> None:
    """The page says the computer goes over every position (the teacher's notes say why: a donkey moved back from
    sand can bring a race back where it was, so the tree never ends and the computer solves equations)."""
    assert "over every position a race can reach" in count.say("count.computer").en
    graph = exact._graph(*exact._resolve(load_board("default"), None))
    assert any(len(part) > 1 for part in exact.strongly_connected(graph))


def test_red_finishes_first_in_about_37_percent_more_than_a_fair_third() -> None:
    first = why.first_place(exact.race_odds(load_board("default")))
    assert sum(first.values()) == 1
    assert round(100 * first["red"]) == 37 and first["red"] > Fraction(1, 3)
    assert f"{100 * float(first['red']):.1f}" == "37.2"  # not the 37.1 the table's rounded rows add up to
    assert first["red"] == max(first.values())
    notice = lesson.spec().sections
    text = next(s for s in notice if type(s).__name__ == "Notice").text
    assert "Red finishes first in about 37 % of random races" in text.get("en")
    assert "Rot kommt in etwa 37 % der Zufallsrennen als Erster ins Ziel" in text.get("de")


def test_the_red_arrow_on_g1_painted_green_takes_red_down_as_the_notice_says() -> None:
    """Solved afresh on the changed board (about 2 seconds): red's chance to finish first, in whole per cent."""
    board = why.recoloured("green")
    changed = [f.id for f, g in zip(board.fields, load_board("default").fields, strict=True) if f != g]
    assert changed == [why.ARROW]
    (g1,) = [f for f in board.fields if f.id == "g1"]
    assert g1.arrow is not None and (g1.arrow.colour, g1.arrow.direction) == ("green", "FL")
    first = why.first_place(exact.solve_odds(board))
    assert round(100 * first["red"]) == why.RECOLOURED["green"] == 25
    assert "Were that one arrow green, red would finish first in only about 25 %." in why.notice().get("en")
    assert "Wäre dieser eine Pfeil grün, käme Rot nur in etwa 25 % der Rennen" in why.notice().get("de")


def test_without_arrows_red_and_yellow_would_be_equal_so_the_arrows_make_the_difference() -> None:
    """The notice: "Without arrows the board is the same in a mirror, so red and yellow would have equal chances".
    The fields (places and kinds) are the same in a mirror and red's start is yellow's mirrored; and the engine
    plays the mirrored race the same (the board mirrored with red and yellow swapped gives red yellow's chance),
    so with no arrows red and yellow could not differ."""
    board = load_board("default")
    top = max(f.x for f in board.fields) + min(f.x for f in board.fields)
    places = {(f.x, f.y, f.kind) for f in board.fields}
    assert {(top - x, y, kind) for x, y, kind in places} == places
    where = {f.id: (f.x, f.y) for f in board.fields}
    start = dict(start_state().positions)
    assert where[start["red"]] == (top - where[start["yellow"]][0], where[start["yellow"]][1])
    mirror = why.first_place(exact.solve_odds(why.mirrored()))
    first = why.first_place(exact.race_odds(board))
    assert mirror["red"] == first["yellow"] and mirror["yellow"] == first["red"] and mirror["green"] == first["green"]
    assert first["red"] != first["yellow"]


def test_the_arrow_on_g1_is_red_and_moves_red_forward_in_both_first_chains() -> None:
    board = load_board("default")
    (g1,) = [f for f in board.fields if f.id == "g1"]
    assert g1.arrow is not None and g1.arrow.colour == "red" and g1.arrow.direction.startswith("F")
    state = start()
    for move in (er.Move("green", "e1"), er.Move("yellow", "g1")):
        assert chain(state, move)[-1] == ("g1", "red", "a1"), move  # "as in both chains counted above"
    assert "Take the red arrow on g1: another donkey landing there makes red hop forward" in why.notice().get("en")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_page_says_what_an_answer_box_counts_as_right_once(lang: str) -> None:
    """The answer-format paragraph stood under the count's box and again above the exercises: now once."""
    import ipywidgets as w

    from donkeylab.apps import build
    from donkeylab.lessons.framework import rounding_rule
    from tests.apps.helpers import walk

    page = build(lesson.NAME, f"lang={lang}&reveal=1")
    rule = rounding_rule().get(lang)
    texts = [x.value for x in walk(page) if isinstance(x, w.HTML)]
    assert sum(t.count(rule) for t in texts) == 1
