"""numpy fast paths for the lesson questions that need millions of trials.

The engines stay the source of truth: each module here re-implements a slice of the rules in vectorised
form, lists the rule IDs it covers in ``RULES_COVERED``, and is tested against engine rollouts (same
question, within 4 standard errors) and against the exact results.
"""

from donkeylab.lab.fast import dice, flips, race, totals

FAST_PATHS = {"dice": dice, "flips": flips, "totals": totals, "race": race}

__all__ = ["FAST_PATHS", "dice", "flips", "race", "totals"]
