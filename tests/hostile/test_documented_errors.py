"""Issue 11, part 1: only documented errors (``DonkeylabError`` subclasses) ever leave apply, load, parse and
validate, whatever a hostile user types, pastes or loads; every ``IllegalAction`` names a RULES.md rule.

Each test here failed before its fix (the issue lists what escaped: ``TypeError``, ``UnicodeEncodeError``,
``RecursionError``, ``MemoryError``, CPython's raw "Exceeds the limit" ``ValueError`` ...).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from donkeylab import double_donkey as dd
from donkeylab import double_down as dn
from donkeylab import esels_rennen as er
from donkeylab import games
from donkeylab.core import IllegalAction, LoadError, play_random
from donkeylab.core.errors import MAX_MESSAGE
from tests import kit
from tests.double_down.forcing import forced, play
from tests.esels_rennen.helpers import ladder

RULE_IDS = set(re.findall(r"^\| ((?:DD|ER|DN)-[A-Z]+-\d+) \|", Path("seeds/RULES.md").read_text(), re.M))
MODULES: dict[str, Any] = {"double_donkey": dd, "double_down": dn, "esels_rennen": er}


def _save(game: str, **fields: Any) -> str:
    doc = {"schema": 1, "game": game, "players": 3, "rules": {}, "setup": {}, "history": []}
    doc.update(fields)
    return json.dumps(doc)


# ---------------------------------------------------------------------------------------------- apply
def test_dn_setup_1_deal_of_a_number_or_none_is_refused_not_a_type_error() -> None:
    s = dn.new_game(3)
    for bad in (5, None, {}, "0123"):
        with pytest.raises(IllegalAction) as err:
            s.apply(dn.Deal(bad))  # type: ignore[arg-type]
        assert err.value.rule == "DN-SETUP-1"


def test_dn_draw_1_shuffle_of_none_at_a_shuffle_point_is_refused() -> None:
    s = play(forced(8, [["2"], ["3"]], rules=dn.Rules(hand_size=7)), "2", "3")  # 8 hands of 7: the pile is empty
    assert s.phase == "shuffle"
    before = kit.fingerprint(s)
    for bad in (None, 7, [None], {0: 0}):
        with pytest.raises(IllegalAction) as err:
            s.apply(dn.Shuffle(bad))  # type: ignore[arg-type]
        assert err.value.rule == "DN-DRAW-1" and kit.fingerprint(s) == before


def test_er_setup_1_deal_of_unhashable_cards_is_refused() -> None:
    s = er.new_game(3)
    for bad in (({},) * 6, ([1],) * 6, 6, None):
        with pytest.raises(IllegalAction) as err:
            s.apply(er.Deal(bad))  # type: ignore[arg-type]
        assert err.value.rule == "ER-SETUP-1"
    start = er.new_game(3, er.Rules(start_order="random"))
    for order in ((object(), "green", "yellow"), ({}, [], ()), None):
        with pytest.raises(IllegalAction) as err:
            start.apply(er.Start(order))  # type: ignore[arg-type]
        assert err.value.rule == "ER-SETUP-1"


@pytest.mark.parametrize(
    "history",
    [["Deal(5)"], ["Deal(None)"], ["Deal(({}, [1]))"], ["Deal((1.5,) * 2)"]],
)
def test_dn_setup_1_bad_deals_in_a_save_are_load_errors(history: list[str]) -> None:
    with pytest.raises(LoadError, match="history step 1"):
        games.load(_save("double_down", history=history))


@pytest.mark.parametrize(
    ("game", "rule"), [("double_donkey", "DD-END-1"), ("double_down", "DN-END-1"), ("esels_rennen", "ER-END-1")]
)
def test_actions_after_the_end_name_the_games_end_rule(game: str, rule: str) -> None:
    final = play_random(MODULES[game].new_game(3), random.Random(1))
    last = final.last_action
    assert final.is_terminal() and last is not None
    with pytest.raises(IllegalAction) as err:
        final.apply(last)
    assert err.value.rule == rule and rule in RULE_IDS


def _round_trip(state: Any) -> None:
    again = games.load(state.to_json())
    assert again.to_json() == state.to_json() and kit.fingerprint(again) == kit.fingerprint(state)


def test_dn_play_1_numpy_card_name_is_normalised_so_the_save_reloads() -> None:
    s = dn.new_game(2).apply(dn.Deal(range(56)))  # a range is a sequence of card ids: normalised to a tuple
    assert s.history[0] == dn.Deal(tuple(range(56))) and type(s.history[0].order) is tuple  # type: ignore[attr-defined]
    card = s.legal_actions()[0].card  # type: ignore[attr-defined]
    s = s.apply(dn.PlayCard(np.str_(card)))
    assert type(s.last_action.card) is str  # type: ignore[union-attr]
    _round_trip(s)
    s2 = dn.new_game(2).apply(dn.Deal(np.arange(56, dtype=np.int64).tolist()))
    _round_trip(s2)


def test_er_move_1_numpy_strings_are_normalised_so_the_save_reloads() -> None:
    s = er.new_game(2, er.Rules(start_order="random"))
    for bad in (
        er.Start(tuple(np.str_(d) for d in ("green", "red", "yellow"))),
        er.Deal([np.str_(c) for c in er.CARDS[:4]]),
    ):
        with pytest.raises(IllegalAction) as err:  # numpy items inside a tuple: refused, never saved
            (s if isinstance(bad, er.Start) else s.apply(er.Start(("green", "red", "yellow")))).apply(bad)
        assert err.value.rule == "ER-SETUP-1"
    s = s.apply(er.Start(["green", "red", "yellow"])).apply(er.Deal(list(er.CARDS[:4])))
    move = s.legal_actions()[0]
    assert isinstance(move, er.Move)
    s = s.apply(er.Move(np.str_(move.donkey), np.str_(move.to)))  # numpy scalars: normalised to str
    assert all(type(v) is str for a in s.history for v in vars_of(a))
    _round_trip(s)


def vars_of(action: Any) -> list[Any]:
    out: list[Any] = []
    for name in action.__dataclass_fields__:
        value = getattr(action, name)
        out.extend(value if isinstance(value, tuple) else [value])
    return out


def test_dd_setup_1_numpy_items_are_refused_numpy_scalars_normalised() -> None:
    s = dd.new_game(2)
    for bad in (dd.Deal(np.arange(57)), dd.Deal([np.int64(i) for i in range(57)])):  # type: ignore[arg-type]
        with pytest.raises(IllegalAction) as err:
            s.apply(bad)
        assert err.value.rule == "DD-SETUP-1"
    s = s.apply(dd.Deal(range(57)))  # type: ignore[arg-type]
    roll = s.sample_chance(random.Random(0))
    assert isinstance(roll, dd.Roll)
    for values in ([(np.str_(c), p) for c, p in roll.values], [(c, np.int64(p)) for c, p in roll.values]):
        with pytest.raises(IllegalAction) as err:
            s.apply(dd.Roll(values))  # type: ignore[arg-type]
        assert err.value.rule == "DD-DICE-1"
    s = s.apply(dd.Roll(list(roll.values)))
    choose = s.legal_actions()[0]
    assert isinstance(choose, dd.Choose)
    s = s.apply(dd.Choose(np.str_(choose.colour)))
    _round_trip(s)


def test_er_move_1_a_huge_number_as_the_action_is_refused_not_a_value_error() -> None:
    s = er.new_game(2).apply(er.Deal(er.CARDS[:4]))
    for odd in (10**5000, er.Deal((10**5000,)), "x" * 100_000, None):
        with pytest.raises(IllegalAction) as err:
            s.apply(odd)  # type: ignore[arg-type]
        assert err.value.rule == "ER-MOVE-1" and len(str(err.value)) < 1_000


def test_unhashable_and_odd_values_never_escape_as_type_errors() -> None:
    s = dd.new_game(2).apply(dd.Deal(tuple(range(57))))
    odd: list[Any] = [None, {}, [[]], {1}, 1.5, float("nan"), 10**5000, "x" * 100_000, b"\xff", object()]
    for value in odd:
        for action in (dd.Choose(value), dd.Play(value, value), dd.Roll(value), dd.RollOff(value), dd.Deal(value)):
            with pytest.raises(IllegalAction) as err:
                s.apply(action)
            assert err.value.rule in RULE_IDS and len(str(err.value)) <= MAX_MESSAGE + 10


# ---------------------------------------------------------------------------------------------- parse
@pytest.mark.parametrize(
    "text",
    [
        "PlayCard('\ud800')",  # a lone surrogate: UnicodeEncodeError inside ast.parse
        "PlayCard(" + "1+" * 100_000 + "1)",  # RecursionError
        "-" * 100_000,  # MemoryError
        "PlayCard(" + "1+" * 5_000 + "1)",  # deep, but under the length cap
        "PlayCard(" + "-" * 5_000 + "1)",
        "PlayCard(" + "(" * 5_000 + ")" * 5_000 + ")",
        "PlayCard(" + "[" * 5_000 + "]" * 5_000 + ")",
        "PlayCard(" + "9" * 5_000 + ")",  # CPython's int digit limit
        "PlayCard('\x00')",
        "\x00",
        "",
        "PlayCard(x=1)",
        "__import__('os').system('true')",
        "PlayCard(*[1])",
        "PlayCard(1e999999)",
    ],
)
def test_action_texts_give_load_error_only(text: str) -> None:
    for module in MODULES.values():
        try:
            action = module.parse_action(text)
        except LoadError as exc:
            assert len(str(exc)) < 1_000, "the message quotes only a capped part of the text"
        else:
            assert type(action).__name__ in module.parse_action.__globals__["ACTIONS"]


@pytest.mark.parametrize("text", [None, 5, b"PlayCard('9')", ["PlayCard('9')"]])
def test_parse_action_refuses_non_text(text: Any) -> None:
    with pytest.raises(LoadError, match="a text"):
        dn.parse_action(text)


def test_a_huge_action_gives_a_short_message() -> None:
    s = dn.new_game(2).apply(dn.Deal(tuple(range(56))))
    with pytest.raises(IllegalAction) as err:
        s.apply(dn.PlayCard("9" * 4_900_000))
    assert len(str(err.value)) <= MAX_MESSAGE + 10
    with pytest.raises(LoadError) as load_err:
        dn.parse_action("PlayCard('" + "x" * 19_000 + "'")
    assert len(str(load_err.value)) < 1_000


# ---------------------------------------------------------------------------------------------- load
@pytest.mark.parametrize("text", [None, 5, [], {}, b"\xff\xfe\x00", bytearray(b"{}")])
def test_load_of_non_text_is_a_load_error(text: Any) -> None:
    with pytest.raises(LoadError):
        games.load(text)
    for name in MODULES:
        with pytest.raises(LoadError):
            games.info(name).load(text)


def test_a_5000_digit_number_in_a_save_is_a_load_error() -> None:
    big = "9" * 5000
    with pytest.raises(LoadError, match="digits"):
        games.load(_save("double_down").replace('"players": 3', '"players": ' + big))
    with pytest.raises(LoadError, match="digits"):
        games.load(_save("double_down").replace('"players": 3', '"players": -' + big))
    with pytest.raises(LoadError):
        games.load(_save("double_down").replace('"players": 3', '"players": 1e99999'))


@pytest.mark.parametrize("schema", ["true", "1.0", '"1"', "null", "[1]", "2"])
def test_schema_must_be_exactly_the_number_1(schema: str) -> None:
    text = _save("double_down").replace('"schema": 1', f'"schema": {schema}')
    with pytest.raises(LoadError, match="schema"):
        games.load(text)


def test_duplicate_json_keys_are_refused_not_last_wins() -> None:
    text = _save("double_down").replace('"players": 3', '"players": 3, "players": 2')
    with pytest.raises(LoadError, match="twice"):
        games.load(text)
    board = json.dumps(ladder()).replace('"name": ', '"name": "x", "name": ', 1)
    with pytest.raises(er.BoardError, match="twice"):
        er.parse_board(board)


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_json_constants_are_refused(constant: str) -> None:
    with pytest.raises(LoadError):
        games.load(_save("double_down").replace('"players": 3', f'"players": {constant}'))


# ---------------------------------------------------------------------------------------------- boards
@pytest.mark.parametrize("text", [None, 5, b"\xff", b"\xef\xbb\xbf{}", bytearray(b"[]")])
def test_er_board_1_parse_board_of_non_text_is_a_board_error(text: Any) -> None:
    with pytest.raises(er.BoardError) as err:
        er.parse_board(text)
    assert err.value.rule == "ER-BOARD-1"


def test_er_board_1_a_5000_digit_coordinate_is_a_board_error() -> None:
    text = json.dumps(ladder()).replace('"x": 2', '"x": ' + "2" * 5000, 1)
    with pytest.raises(er.BoardError, match="digits"):
        er.parse_board(text)


def test_er_board_1_field_id_with_a_trailing_newline_is_refused() -> None:
    doc = ladder()
    doc["fields"][0]["id"] = doc["fields"][0]["id"] + "\n"
    with pytest.raises(er.BoardError, match="must be 1-16 letters"):
        er.load_board(doc)


def _hand_built(board: er.Board, **changes: Any) -> er.Board:
    fields = list(board.fields)
    for index, field in changes.items():
        fields[int(index[1:])] = field
    return er.Board(board.name, tuple(fields), board.reconstruction, board.note)


def test_er_board_2_hand_built_board_with_duplicate_fields_is_refused() -> None:
    board = er.load_board(ladder())
    twice = er.Board(board.name, (*board.fields, board.fields[3]), False, "")
    with pytest.raises(er.BoardError, match="twice"):
        er.validate_board(twice)


def test_er_board_2_hand_built_board_with_a_list_colour_is_refused() -> None:
    board = er.load_board(ladder())
    f = board.fields[3]
    assert f.arrow is not None
    bad = _hand_built(board, f3=er.Field(f.id, f.x, f.y, f.kind, er.Arrow(["red"], f.arrow.direction)))  # type: ignore[arg-type]
    with pytest.raises(er.BoardError, match="colour"):
        er.validate_board(bad)
    for odd in (er.Field(f.id + "\n", f.x, f.y, f.kind, f.arrow), er.Field(f.id, 2**80, f.y, f.kind, f.arrow), "c1"):
        with pytest.raises(er.BoardError):
            er.validate_board(_hand_built(board, f3=odd))  # type: ignore[arg-type]
    with pytest.raises(er.BoardError):
        er.validate_board(er.Board(board.name, list(board.fields), False, ""))  # type: ignore[arg-type]


def test_er_board_2_unknown_validator_options_are_errors() -> None:
    board = er.load_board("tiny_chain")
    for options in ({"sand": "Zone"}, {"finish_arrows": "yes"}, {"finish_arrows": 1}, {"start_order": "shuffled"}):
        with pytest.raises(er.BoardError, match="must be"):
            er.validate_board(board, **options)
    assert er.validate_board(board, sand="zone", finish_arrows=False, start_order="random").variants_checked == 1


def test_a_subclass_of_an_action_is_refused_so_every_save_reloads() -> None:
    """A subclass prints under its own name (``MyPlay('9')``): accepting it would write a save that cannot load."""

    class MyPlayCard(dn.PlayCard):
        pass

    class MyDeal(dd.Deal):
        pass

    class MyStart(er.Start):
        pass

    s = dn.new_game(2).apply(dn.Deal(tuple(range(56))))
    with pytest.raises(IllegalAction) as err:
        s.apply(MyPlayCard(s.legal_actions()[0].card))  # type: ignore[attr-defined]
    assert err.value.rule == "DN-PLAY-1"
    with pytest.raises(IllegalAction) as err:
        dd.new_game(2).apply(MyDeal(tuple(range(57))))
    assert err.value.rule == "DD-SETUP-1"
    with pytest.raises(IllegalAction) as err:
        er.new_game(2, er.Rules(start_order="random")).apply(MyStart(("red", "green", "yellow")))
    assert err.value.rule == "ER-SETUP-1"
