"""Golden playthroughs of Esels-Rennen: the default board, the tiny chain board, every option, both bots."""

from donkeylab import esels_rennen as er

CASES = {
    "esels_rennen_default_3p": lambda: (er.new_game(3), 5, None),
    "esels_rennen_tiny_chain_greedy_4p": lambda: (
        er.new_game(4, board="tiny_chain"),
        8,
        {0: er.bots.Greedy(), 1: er.bots.Random(), 2: er.bots.Greedy(), 3: er.bots.Random()},
    ),
    "esels_rennen_options_2p": lambda: (
        er.new_game(2, er.Rules(sand="start", finish_arrows=False, start_order="random", scoring="points")),
        21,
        None,
    ),
}
