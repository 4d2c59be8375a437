"""Golden playthroughs: each seeded game must replay line for line as recorded in tests/playthroughs/."""

from __future__ import annotations

import pytest

from donkeylab.games import GAMES
from tests.kit import playthrough_text
from tests.playthroughs.cases import all_cases, golden_path

CASES = all_cases()


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name: str) -> None:
    path = golden_path(name)
    assert path.exists(), f"{path} missing: run python -m tests.playthroughs.write {name}"
    state, seed, bots = CASES[name]()
    got = playthrough_text(state, seed, bots).splitlines()
    want = path.read_text(encoding="utf-8").splitlines()
    for i, (g, w) in enumerate(zip(got, want, strict=False), start=1):
        assert g == w, f"{path.name} line {i} differs:\n got: {g}\nwant: {w}"
    assert len(got) == len(want), f"{path.name}: {len(got)} lines, golden file has {len(want)}"


@pytest.mark.parametrize("game", sorted([*GAMES, "toy_race"]))
def test_every_game_has_a_golden_playthrough(game: str) -> None:
    mine = [n for n in CASES if n.startswith(game)]
    assert mine, f"no golden playthrough for {game}: add tests/playthroughs/cases_<game>.py"
    assert all(golden_path(n).exists() for n in mine)
