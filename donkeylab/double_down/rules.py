"""Double Down's facts, declared once: name, players, phases, the rule options (RULES.md DN-*: the defaults
are our rulings, the alternatives are named) and what the upper layers read off the game (``GameInfo``).

Every engine has this shape: ``rules.py`` (these facts), ``actions.py``, ``state.py``, ``view.py`` (the
snapshot), ``messages.py``, ``bots.py``, ``exact.py``.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Final

from donkeylab.core import quote, rules_to_dict
from donkeylab.core.jsonio import rulebook_entries
from donkeylab.core.players import PlayerRange

NAME: Final = "double_down"
PLAYERS: Final = PlayerRange("Double Down", 2, 8, default=4, rule="DN-SETUP-1")
# The phases, by name: ``snapshot()["phase"]`` shows them as they are.
DEAL, PLAYING, SHUFFLING, OVER = "deal", "play", "shuffle", "over"
PHASES: Final = (DEAL, PLAYING, SHUFFLING, OVER)
# What the upper layers read off this game (games.GameInfo): its gallery icon and the widget that draws it.
ICON: Final = "Σ"
VIEWS: Final = ("donkeylab.widgets.running_total:RunningTotal",)
# Its rule IDs (DN-...) and rulebook (rulebook.json beside this module); see ``games`` for what each declaration is.
RULE_PREFIX: Final = "DN"
RULEBOOK: Final = rulebook_entries(__file__)


@dataclasses.dataclass(frozen=True)
class Rules:
    """Options; every one is selectable and tested.

    - ``repeat_doublet_penalty``: a card that repeats a doublet total (0, direction change, 2x) costs a
      token too (default False: only a new announcement is penalised, DN-DOUBLET-1).
    - ``negative_doublets``: −11, −22 … −66 are doublets as well (default False).
    - ``swimming``: a player at 0 tokens swims and is eliminated at the next loss (default True);
      False eliminates at 0 tokens (DN-TOKEN-1).
    - ``hand_size``: cards per hand (default 5, DN-SETUP-1); a house rule, and how the tests reach a
      player with no card at all (DN-DRAW-1).
    """

    repeat_doublet_penalty: bool = False
    negative_doublets: bool = False
    swimming: bool = True
    hand_size: int = 5

    def __post_init__(self) -> None:
        for name in ("repeat_doublet_penalty", "negative_doublets", "swimming"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"rule option {name} must be True or False, not {quote(getattr(self, name))}")
        if isinstance(self.hand_size, bool) or not isinstance(self.hand_size, int) or not 1 <= self.hand_size <= 7:
            raise ValueError(f"hand_size must be a whole number from 1 to 7, not {quote(self.hand_size)}")

    def to_dict(self) -> dict[str, Any]:
        return rules_to_dict(self)
