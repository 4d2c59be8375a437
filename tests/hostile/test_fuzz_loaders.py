"""Fuzzing every loader (issue 11, part 4): saves, boards (text and dicts), deck specs and action texts, each
built from real inputs by random edits or from nothing at all. Every loader either returns a value that
passes its check (a save reloads identically, a board round-trips) or raises its one documented error."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from donkeylab import double_donkey as dd
from donkeylab import esels_rennen as er
from donkeylab.core import Action, DonkeylabError
from tests.esels_rennen.helpers import ladder
from tests.hostile.fuzz import (
    ACTIONS,
    JSON,
    LOADERS,
    MODULES,
    SCALARS,
    TEXTS,
    VALUES,
    WORDS,
    any_action,
    check_loader,
    fuzz,
    mutate_json,
    mutate_text,
    query_strings,
    reachable_state,
)


# ---------------------------------------------------------------------------------------------- saves
@pytest.mark.parametrize("game", sorted(MODULES))
@fuzz(40)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 120), data=st.data())
def test_saves_with_random_edits(game: str, seed: int, steps: int, data: st.DataObject) -> None:
    text = reachable_state(game, seed, steps).to_json()
    doc = json.loads(text)
    for _ in range(3):
        edited = mutate_json(doc, data) if data.draw(st.booleans()) else None
        source = json.dumps(edited) if edited is not None else mutate_text(text, data)
        check_loader("save", source)
        check_loader(f"save:{game}", source.encode("utf-8", "surrogatepass") if data.draw(st.booleans()) else source)


@fuzz(60)
@given(st.one_of(JSON.map(json.dumps), TEXTS, st.binary(max_size=200), VALUES))
def test_saves_from_nothing(source: Any) -> None:
    check_loader("save", source)


# ---------------------------------------------------------------------------------------------- boards
BOARDS = [ladder(), er.load_board("tiny_chain").to_dict()]


@fuzz(60)
@given(base=st.sampled_from(BOARDS), data=st.data())
def test_boards_with_random_edits(base: dict[str, Any], data: st.DataObject) -> None:
    doc = base
    for _ in range(data.draw(st.integers(1, 3))):
        doc = mutate_json(doc, data)
    text = json.dumps(doc) if data.draw(st.integers(0, 3)) else mutate_text(json.dumps(base), data)
    board = check_loader("board", text)
    if isinstance(doc, dict):
        check_loader("board dict", doc)
    if board is not None:  # the validator proves it or names the defect, within its caps
        try:
            er.validate_board(board)
        except er.BoardError as exc:
            assert exc.rule == "ER-BOARD-2"


@fuzz(40)
@given(st.one_of(JSON, VALUES, st.binary(max_size=100)))
def test_boards_from_nothing(source: Any) -> None:
    if isinstance(source, (str, bytes)):
        check_loader("board", source)
    with contextlib.suppress(ValueError):  # json will not write a 5,000-digit int: then there is no text
        check_loader("board", json.dumps(source, default=repr))
    with contextlib.suppress(er.BoardError):
        er.load_board(source)


# ---------------------------------------------------------------------------------------------- deck specs
CARD_WORDS = st.one_of(
    st.sampled_from(dd.DECKS["reconstruction"].cards), st.sampled_from(WORDS), TEXTS, SCALARS, VALUES
)


@fuzz(60)
@given(
    st.one_of(
        st.lists(CARD_WORDS, max_size=80),
        st.lists(st.sampled_from(dd.DECKS["reconstruction"].cards), min_size=15, max_size=310),
        VALUES,
    ),
    st.integers(2, 5),
)
def test_deck_specs(spec: Any, players: int) -> None:
    rules = check_loader("deck", spec)
    if rules is not None:
        try:
            state = dd.new_game(players, rules)
        except DonkeylabError:
            return
        assert len(state.cards) == len(spec)


# ---------------------------------------------------------------------------------------------- action texts
@pytest.mark.parametrize("game", sorted(MODULES))
@fuzz(60)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 80), data=st.data())
def test_action_texts(game: str, seed: int, steps: int, data: st.DataObject) -> None:
    state = reachable_state(game, seed, steps)
    real = [str(a) for a in state.legal_actions()] or ["Pass()"]
    if state.is_chance():
        real.append(str(state.sample_chance(random.Random(seed))))
    name = data.draw(st.sampled_from(sorted(ACTIONS[game])))
    action = any_action(state, data)
    if isinstance(action, Action) and type(action) in ACTIONS[game].values() and data.draw(st.booleans()):
        with contextlib.suppress(ValueError):  # CPython will not print a 5,000-digit int: no text to parse
            check_loader(f"action:{game}", str(action))
    text = data.draw(
        st.one_of(
            st.sampled_from(real).map(lambda t: mutate_text(t, data)),
            st.builds(
                lambda v: f"{name}({v!r})", SCALARS.filter(lambda v: not (isinstance(v, int) and abs(v) > 10**100))
            ),
            st.builds(lambda a, b: f"{name}({a}, {b})", TEXTS, TEXTS),
            TEXTS,
        )
    )
    check_loader(f"action:{game}", text)


# ---------------------------------------------------------------------------------------------- query strings
QUERY_LOADERS = sorted(name for name in LOADERS if name.startswith("query"))


def test_every_app_has_its_query_loader_fuzzed() -> None:
    from donkeylab.apps import APPS

    assert sorted(f"query:{app}" for app in APPS) == QUERY_LOADERS


@pytest.mark.parametrize("name", QUERY_LOADERS)
@fuzz(60)
@given(query=query_strings())
def test_query_strings(name: str, query: str) -> None:
    check_loader(name, query)
