"""Golden playthroughs of Double Down: random play, Careful against Random, and every option switched."""

from donkeylab import double_down as dn

CASES = {
    "double_down_3p_random": lambda: (dn.new_game(3), 7, None),
    "double_down_4p_careful_vs_random": lambda: (
        dn.new_game(4, opener=1),
        3,
        {0: dn.bots.Careful(), 1: dn.bots.Random(), 2: dn.bots.Careful(), 3: dn.bots.RandomCard()},
    ),
    "double_down_2p_all_options": lambda: (
        dn.new_game(2, dn.Rules(repeat_doublet_penalty=True, negative_doublets=True, swimming=False, hand_size=4)),
        5,
        None,
    ),
    # one-card hands: the deal sentences and the eliminated player's empty hand read singular / "no card"
    "double_down_2p_one_card_hands": lambda: (dn.new_game(2, dn.Rules(hand_size=1)), 0, None),
}
