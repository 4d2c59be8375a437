"""Golden playthroughs of the toy race (proves the kit's playthrough machinery)."""

from tests import toy_game

CASES = {
    "toy_race_2p": lambda: (toy_game.new_game(2), 3, None),
    "toy_race_3p_goal5": lambda: (toy_game.new_game(3, toy_game.Rules(goal=5)), 11, None),
}
