"""The bounds a link, a page, the class store and the command line share, each stated once.

Why one module: a bound written in several places drifts apart (a seed bound of 2³¹−1 in the link reader but
2⁶³−1 in the Stepper and LivePlot would let ``link_values(seed=2**40)`` write a link its own reader refuses).
Every link a page writes is one its reader accepts (``tests/test_bounds.py`` walks the round trip).
"""

from __future__ import annotations

# A seed travels through a page as a JSON number, which JavaScript reads as a double: 2⁵³ − 1 is the largest
# whole number that comes back unchanged (Number.MAX_SAFE_INTEGER), and more seeds than any class will use.
MAX_SEED = 2**53 - 1
# A step a link or the teacher may ask for: a saved game's history cap (a whole game is a few hundred steps).
MAX_STEP = 10_000
