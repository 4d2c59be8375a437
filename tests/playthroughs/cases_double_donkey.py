"""Golden playthroughs of Double Donkey: both variants, 2-5 players, random and strategy bots."""

from donkeylab import double_donkey as dd
from donkeylab.double_donkey import bots

CASES = {
    "double_donkey_english_4p": lambda: (dd.new_game(4), 7, None),
    "double_donkey_german_3p": lambda: (dd.new_game(3, dd.Rules(variant="german")), 5, None),
    "double_donkey_5p_bots": lambda: (
        dd.new_game(5, dd.Rules(first_player=2)),
        3,
        {0: bots.Cautious(), 1: bots.Policy("lowest"), 2: bots.Policy("highest"), 3: bots.Random(), 4: bots.Cautious()},
    ),
    "double_donkey_2p_roll_tie": lambda: (
        dd.new_game(2, dd.Rules(tie_break="roll", angry_flip="once_per_colour")),
        11,
        {0: bots.Cautious(), 1: bots.Random()},
    ),
}
