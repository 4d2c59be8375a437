"""``GameInfo``: one record per game that the CLI, the lab and the widgets build on (issue 9, part 1).

Each fact lives once: the player range is the game's ``PLAYERS`` and its ``new_game`` refuses exactly what
the record says; saves of every game go through one loader; bots come from text specs through ``bot``.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from donkeylab import games
from donkeylab.core import CHANCE, GameState, IllegalAction, LoadError, RandomBot
from donkeylab.core.players import PlayerRange
from donkeylab.lab.experiment import ExperimentSpec, resolve_game, run_experiment
from tests import toy_game

SETUP_RULE = {"double_donkey": "DD-SETUP-2", "double_down": "DN-SETUP-1", "esels_rennen": "ER-SETUP-1"}
PACKAGES = Path(__file__).parents[1] / "donkeylab"


@pytest.mark.parametrize("name", games.GAMES)
def test_the_player_range_of_the_record_is_what_new_game_accepts(name: str) -> None:
    gi = games.info(name)
    assert gi.players.rule == SETUP_RULE[name]
    assert (gi.min_players, gi.default_players, gi.max_players) == (
        gi.players.low,
        3 if name == "esels_rennen" else 4,
        gi.players.high,
    )
    for n in range(gi.min_players, gi.max_players + 1):
        assert gi.new_game(n).num_players == n
    assert gi.new_game().num_players == gi.default_players
    for bad in (gi.min_players - 1, gi.max_players + 1, True, 2.0, "3"):
        with pytest.raises(IllegalAction) as err:
            gi.new_game(bad)  # type: ignore[arg-type]
        assert err.value.rule == SETUP_RULE[name] and err.value.key == "core/players"
        low, high = gi.min_players, gi.max_players
        assert f"is for {low} to {high} players" in err.value.render("en")
        assert f"ist für {low} bis {high} Spieler" in err.value.render("de")


def test_the_player_check_lives_once() -> None:
    """No game package counts players by hand again, and none has a ``load`` of its own."""
    for name in games.GAMES:
        package = PACKAGES / name
        for path in package.rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            assert "isinstance(players, int)" not in text, f"{path} checks the player count itself"
        assert not hasattr(games.info(name).module, "load"), f"{name} has a loader of its own"
    with pytest.raises(ValueError, match="default 9"):
        PlayerRange("x", 2, 5, default=9, rule="X-1")


def test_one_loader_for_every_game_and_a_game_s_own_loader_refuses_the_others() -> None:
    saves = {gi.name: _played(gi.new_game(), 30).to_json() for gi in games.infos()}
    for name, text in saves.items():
        assert games.load(text).to_json() == text == games.info(name).load(text).to_json()
        other = next(n for n in games.GAMES if n != name)
        with pytest.raises(LoadError, match=f"this save is for '{name}'"):
            games.info(other).load(text)


def _played(state: GameState, steps: int) -> GameState:
    rng = random.Random(1)
    for _ in range(steps):
        if state.current_player is None:
            break
        chance = state.current_player is CHANCE
        state = state.apply(state.sample_chance(rng) if chance else rng.choice(state.legal_actions()))
    return state


def test_rules_setup_and_bots_come_from_the_record() -> None:
    dd, dn, er = (games.info(n) for n in games.GAMES)
    assert dd.options["variant"].choices == ("english", "german") and dd.rules(variant="german").variant == "german"
    assert dd.rules({"variant": "german"}) == dd.rules(variant="german")
    with pytest.raises(LoadError, match="unknown rule option"):
        dd.rules(colour="red")
    assert (dd.setup, dn.setup, er.setup) == ((), ("opener",), ("board",))
    with pytest.raises(ValueError, match="takes no set-up option"):
        dd.new_game(4, board="default")
    for gi in (dd, dn, er):
        assert "Random" in gi.bots and isinstance(gi.bot("Random"), RandomBot)
    assert dd.bot("Policy(highest)").policy == "highest"  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match=r"double_down has no bot 'Clever'; known: .*Careful"):
        dn.bot("Clever")


def test_an_unregistered_engine_package_gets_a_record_too() -> None:
    gi = games.from_module(toy_game)
    assert (gi.name, gi.min_players, gi.max_players, gi.default_players) == ("toy_race", 1, 4, 2)
    assert resolve_game("tests.toy_game").players == gi.players
    assert run_experiment(ExperimentSpec("tests.toy_game", players=4, games=5, seed=1)).spec.players == 4
    with pytest.raises(IllegalAction, match="TOY-SETUP: Toy race is for 1 to 4 players, not 5"):
        run_experiment(ExperimentSpec("tests.toy_game", players=5, games=1))
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        resolve_game("chess")


def _a_non_default_option(gi: games.GameInfo) -> dict[str, object]:
    for option in gi.options.values():
        others = [c for c in option.choices or () if c != option.default]
        if others:
            return {option.name: others[-1]}
    raise AssertionError(f"{gi.name} has no option with a choice")


@pytest.mark.parametrize("name", games.GAMES)
def test_new_game_takes_a_mapping_of_rule_options_like_the_record(name: str) -> None:
    """Issue 17 §6: ``rules={"hand_size": 5}`` once died with an AttributeError deep in the engine."""
    gi = games.info(name)
    options = _a_non_default_option(gi)
    by_dict = gi.module.new_game(3, rules=options)
    by_rules = gi.module.new_game(3, rules=gi.Rules(**options))
    assert by_dict.rules == by_rules.rules == gi.rules(options) != gi.Rules()
    assert by_dict.to_json() == by_rules.to_json()
    assert gi.module.new_game(3, rules={}).rules == gi.module.new_game(3).rules == gi.Rules()
    assert gi.new_game(3, options).rules == by_rules.rules  # through the record too


@pytest.mark.parametrize("name", games.GAMES)
def test_new_game_refuses_rules_of_another_kind_with_the_setup_rule(name: str) -> None:
    gi = games.info(name)
    other = next(g for g in games.infos() if g.name != name)
    for bad, words in [
        (other.Rules(), f"not Rules\\(.*\\(of type {other.name}.Rules\\)"),
        ("fast", "not 'fast' \\(of type str\\)"),
        (3, "not 3 \\(of type int\\)"),
        (False, "not False"),  # no longer quietly the default rules
        ("x" * 10_000, "not 'xxx"),
    ]:
        with pytest.raises(IllegalAction, match=f"The rules of .* are a {name}.Rules or a mapping.*{words}") as err:
            gi.module.new_game(3, rules=bad)
        assert err.value.rule == SETUP_RULE[name] and err.value.key == "core/rules"
        assert len(str(err.value)) < 250 and "Die Regeln von" in err.value.render("de")
    for bad_map, words in [({"colour": "red"}, "unknown rule option.*'colour'"), ({1: 2}, "unknown rule option")]:
        with pytest.raises(IllegalAction, match=f"cannot be built from this mapping: {words}") as err:
            gi.module.new_game(3, rules=bad_map)
        assert err.value.rule == SETUP_RULE[name] and err.value.key == "core/rules-option"
    first = next(iter(gi.options))
    with pytest.raises(IllegalAction, match=f"rule option '{first}' has the wrong type"):
        gi.module.new_game(3, rules={first: object()})


def test_the_toy_game_checks_its_rules_with_the_same_helper() -> None:
    assert toy_game.new_game(2, {"goal": 3}).rules == toy_game.Rules(goal=3)
    with pytest.raises(IllegalAction, match=r"TOY-SETUP: The rules of Toy race are a tests\.toy_game\.Rules"):
        toy_game.new_game(2, "fast")  # type: ignore[arg-type]
