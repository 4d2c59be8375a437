"""The shipped race odds (``esels_rennen.odds_table``): equal to a fresh solve, used only where they apply."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import donkeylab.esels_rennen as er
from donkeylab.esels_rennen import exact, odds_table


@pytest.mark.parametrize("board", er.packaged_boards())
def test_er_end_1_shipped_odds_equal_a_fresh_solve(board: str) -> None:
    """A rule change that moves any probability fails here; ``python -m donkeylab.esels_rennen.exact``
    rewrites the tables (then read the diff)."""
    stored = odds_table.read(board)
    assert stored is not None, f"no odds table for packaged board {board!r}"
    assert stored == exact.odds_fields(exact.solve_odds(er.load_board(board)))


def test_er_end_1_the_table_is_read_only_for_a_packaged_board_under_the_default_rules(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    read: list[str] = []

    def spy(board: str) -> dict[str, Any] | None:
        read.append(board)
        return None  # nothing stored: every board below is solved

    monkeypatch.setattr(odds_table, "read", spy)
    tiny = er.load_board("tiny_chain")
    renamed = dataclasses.replace(tiny, name="default")  # a board that only borrows a packaged name
    exact._odds.cache_clear()
    try:
        exact.race_odds(tiny, er.Rules(start_order="random"))
        exact.race_odds(renamed)
        assert read == []
        exact.race_odds(tiny)
        assert read == ["tiny_chain"]
    finally:
        exact._odds.cache_clear()


def test_fractions_round_trip_through_the_table_format() -> None:
    from fractions import Fraction

    fields = {"p": Fraction(2**200 + 1, 3**90), "rows": ((1, Fraction(1, 3)), ("ER-MOVE-2/sand", Fraction(0)))}
    assert odds_table._decode(odds_table._encode(fields)) == fields
