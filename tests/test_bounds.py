"""Every bound a link, a page and the command line share is stated once (issue 36), and every link a page writes
is one its reader accepts: the seed, the step and the seat at their largest, for every game."""

from __future__ import annotations

from importlib import metadata
from urllib.parse import urlencode

import pytest
from packaging.version import Version

from donkeylab.core.bounds import MAX_SEED, MAX_STEP
from donkeylab.games import GAMES
from donkeylab.games import info as game_info
from donkeylab.links import game_params, link_values, rules_of, setup_of
from donkeylab.pages.query import parse_query


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("seed", [0, 2**31, 2**40, MAX_SEED])
def test_every_link_a_page_writes_its_reader_accepts(game: str, seed: int) -> None:
    info = game_info(game)
    params = game_params(info)
    rules = rules_of(info, {})
    written = link_values(
        info, rules, setup_of(info, {}), seed=seed, players=info.max_players, step=MAX_STEP, lang="de",
        seat=info.max_players - 1, sub=3,
    )  # fmt: skip
    query = parse_query(urlencode(written), params)
    assert not query.problems, query.problems
    assert (query["seed"], query["step"], query["players"], query["seat"]) == (
        seed,
        MAX_STEP,
        info.max_players,
        info.max_players - 1,
    )


def test_one_past_a_bound_is_refused_with_the_bound_named() -> None:
    params = game_params(game_info("double_down"))
    for field, value in (("seed", MAX_SEED + 1), ("step", MAX_STEP + 1)):
        query = parse_query(f"{field}={value}", params)
        assert query.problems and str(MAX_SEED if field == "seed" else MAX_STEP) in str(query.problems[0])


def test_a_seed_comes_back_from_a_page_unchanged() -> None:
    """A page's JavaScript reads a synced seed as a double: the bound is the largest whole number it keeps."""
    assert float(MAX_SEED) == MAX_SEED and float(MAX_SEED + 2) != MAX_SEED + 2


def test_the_installed_voila_is_the_one_the_replaced_handlers_are_tested_against() -> None:
    """apps/ replaces four of Voila 0.5's handlers (page, request socket, kernel route, websocket) and relies on
    its internals; pyproject pins ``voila>=0.5.8,<0.6``. An install outside that range fails here, with the way
    out, before it fails on a class's pages."""
    installed = Version(metadata.version("voila"))
    assert Version("0.5.8") <= installed < Version("0.6"), (
        f"Voila {installed} is installed, but donkeylab's server is built and tested on Voila 0.5.8 to 0.5.x: "
        "install it with `pip install 'voila>=0.5.8,<0.6'` (pyproject.toml pins this range)"
    )
