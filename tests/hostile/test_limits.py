"""Issue 11, part 2: no input may take more than ~2 s or 200 MB before it is refused. The caps (document size,
history length, action text, deck size, board positions and chain work) are checked before the expensive
work; the caches are bounded; a save never makes us read a file. (No timing assertions: each test would hang
or exhaust memory without its cap; ``benchmarks/hostile_inputs.py`` measures the times.)"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from donkeylab import double_donkey as dd
from donkeylab import double_down as dn
from donkeylab import esels_rennen as er
from donkeylab import games
from donkeylab.core import LoadError, jsonio, rules_from_dict
from donkeylab.core.actions import MAX_ACTION_CHARS
from donkeylab.double_donkey.cards import MAX_DECK_CARDS
from donkeylab.esels_rennen import graph, validate
from donkeylab.esels_rennen.boards import make_default
from donkeylab.esels_rennen.race import Track
from tests.esels_rennen.helpers import ladder


def _save(game: str, players: int = 2, **fields: Any) -> dict[str, Any]:
    return {"schema": 1, "game": game, "players": players, "rules": {}, "setup": {}, "history": [], **fields}


def test_a_history_longer_than_the_cap_is_refused_before_any_replay() -> None:
    doc = _save("esels_rennen", history=["Pass()"] * (jsonio.MAX_HISTORY + 1))
    with pytest.raises(LoadError, match="at most"):
        games.load(json.dumps(doc))


def test_a_5_mb_save_of_repeated_actions_is_refused_unplayed() -> None:
    text = json.dumps(_save("esels_rennen", history=["Pass()"] * 490_000))
    assert len(text) < jsonio.MAX_SAVE_BYTES
    with pytest.raises(LoadError, match="history has 490000 actions"):
        games.load(text)
    with pytest.raises(LoadError, match="limit"):
        games.load(" " * (jsonio.MAX_SAVE_BYTES + 1))


def test_a_game_too_long_to_load_is_not_saved(monkeypatch: pytest.MonkeyPatch) -> None:
    s = dn.new_game(2)
    s = s.apply(s.sample_chance(random.Random(1)))
    s = s.apply(s.legal_actions()[0])
    monkeypatch.setattr(jsonio, "MAX_HISTORY", 1)
    with pytest.raises(LoadError, match="at most 1"):
        s.to_json()


def test_an_action_text_longer_than_the_cap_is_refused_unparsed() -> None:
    with pytest.raises(LoadError, match="limit"):
        dn.parse_action("PlayCard('" + "9" * MAX_ACTION_CHARS + "')")


def test_dd_deck_1_a_custom_deck_has_a_size_cap() -> None:
    deck = ("light_blue+orange",) * (MAX_DECK_CARDS + 1)
    with pytest.raises(ValueError, match=f"at most {MAX_DECK_CARDS}"):
        dd.Rules(deck=deck)
    with pytest.raises(LoadError, match="at most"):
        games.load(json.dumps(_save("double_donkey", rules={"deck": list(deck)})))
    assert len(dd.new_game(2, dd.Rules(deck=deck[:MAX_DECK_CARDS])).cards) == MAX_DECK_CARDS


# ---------------------------------------------------------------------------------------------- board paths
@pytest.mark.parametrize("board", ["/dev/zero", "/etc/passwd", "../../boards/default.json", "default.json", ""])
def test_er_board_1_a_save_names_only_a_packaged_board_never_a_file(board: str) -> None:
    with pytest.raises(LoadError, match="no packaged board"):
        games.load(json.dumps(_save("esels_rennen", setup={"board": board})))
    with pytest.raises(er.BoardError, match="no packaged board"):
        er.new_game(2, board=board)


def test_er_board_1_a_fifo_or_device_is_refused_unread(tmp_path: Path) -> None:
    fifo = tmp_path / "board.fifo"
    os.mkfifo(fifo)  # reading it would block forever
    for path in (fifo, Path("/dev/zero"), tmp_path):
        with pytest.raises(er.BoardError, match="cannot read board"):
            er.load_board(path)
    with pytest.raises(LoadError, match="no packaged board"):
        games.load(json.dumps(_save("esels_rennen", setup={"board": str(fifo)})))


def test_er_board_1_a_save_may_carry_its_board_inline() -> None:
    state = er.new_game(2, board=ladder())
    again = games.load(state.to_json())
    assert again.track.board == state.track.board and again.setup["board"] == ladder()


# ---------------------------------------------------------------------------------------------- board size
def hostile_board(rows: int = 22) -> dict[str, Any]:
    """A valid-looking board of ``3.5 * rows`` fields (22 rows: 77 fields) with hundreds of thousands of
    reachable positions: the kind that took 6.4 s in a 7.6 KB save and 25.6 s in validate-board."""
    return make_default.build(rows, 2, random.Random(rows), "hostile", "")


def test_er_board_2_a_save_with_a_huge_board_is_refused_by_the_position_cap() -> None:
    text = json.dumps(_save("esels_rennen", setup={"board": hostile_board()}))
    assert len(text) < 10_000
    with pytest.raises(LoadError, match="too large"):
        games.load(text)
    with pytest.raises(er.BoardError, match="too large"):
        er.validate_board(er.load_board(hostile_board()))


def test_er_board_2_the_whole_proof_has_a_position_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    board = er.load_board("tiny_chain")  # 9,206 positions over the four readings
    validate._validate.cache_clear()
    monkeypatch.setattr(validate, "MAX_TOTAL_POSITIONS", 5_000)
    with pytest.raises(er.BoardError, match="too large"):
        er.validate_board(board)
    validate._validate.cache_clear()


def test_er_board_2_exploring_has_a_work_cap() -> None:
    track = Track(er.load_board("tiny_chain"))
    with pytest.raises(er.BoardError, match="chain steps"):
        graph.explore(track, graph.ALL_ORDERS, work=500)
    assert len(graph.explore(track, graph.ALL_ORDERS).nodes) > 500


def test_er_board_2_explored_graphs_are_not_kept_without_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    base = ladder()
    for k in range(graph.CACHED_GRAPHS + 3):
        doc = {**base, "name": f"ladder{k}"}
        er.validate_board(er.load_board(doc), sand="zone", finish_arrows=True, start_order="fixed")
        assert len(graph._GRAPHS) <= graph.CACHED_GRAPHS
    monkeypatch.setattr(graph, "CACHED_POSITIONS", 3_000)  # about three ladders' worth
    for k in range(5):
        er.validate_board(er.load_board({**base, "name": f"again{k}"}), sand="zone")
        assert sum(len(g.nodes) for g in graph._GRAPHS.values()) <= 3_000


# ---------------------------------------------------------------------------------------------- options
@pytest.mark.parametrize(
    ("module", "options"),
    [
        (er, {"sand": "Zone"}),
        (er, {"finish_arrows": "yes"}),
        (er, {"finish_arrows": 1}),
        (er, {"start_order": "Random"}),
        (dn, {"swimming": 1}),
        (dn, {"hand_size": 1.0}),
        (dd, {"variant": "English"}),
        (dd, {"end": "never"}),
        (dd, {"deck": "classic"}),
    ],
)
def test_unknown_option_values_are_errors_everywhere(module: Any, options: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match=r"must be|wrong type|unknown deck"):
        module.Rules(**options)
    with pytest.raises(LoadError):
        rules_from_dict(module.Rules, options)
    with pytest.raises(LoadError):
        games.load(json.dumps(_save(module.NAME, rules=options)))
