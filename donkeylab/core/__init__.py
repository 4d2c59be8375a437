"""Game-independent engine core: the contract every donkeylab game implements (see ARCHITECTURE.md)."""

from donkeylab.core.actions import Action, action_table, parse_action, quote_action
from donkeylab.core.chance import CHANCE, DIE_FACES, dice_outcomes, rng_for, roll_dice, shuffled
from donkeylab.core.errors import DonkeylabError, IllegalAction, LoadError, NotEnumerable, quote
from donkeylab.core.events import Event
from donkeylab.core.jsonio import SCHEMA_VERSION, load_state, rules_from_dict, rules_to_dict
from donkeylab.core.match import Bot, Match, RandomBot, WaitingForHuman
from donkeylab.core.messages import CATALOGUE, LANGUAGES
from donkeylab.core.setup import check_rules
from donkeylab.core.state import GameState, State, check_type, play_random, require

__all__ = [
    "CATALOGUE",
    "CHANCE",
    "DIE_FACES",
    "LANGUAGES",
    "SCHEMA_VERSION",
    "Action",
    "Bot",
    "DonkeylabError",
    "Event",
    "GameState",
    "IllegalAction",
    "LoadError",
    "Match",
    "NotEnumerable",
    "RandomBot",
    "State",
    "WaitingForHuman",
    "action_table",
    "check_rules",
    "check_type",
    "dice_outcomes",
    "load_state",
    "parse_action",
    "play_random",
    "quote",
    "quote_action",
    "require",
    "rng_for",
    "roll_dice",
    "rules_from_dict",
    "rules_to_dict",
    "shuffled",
]
