"""The lesson apps: one module per lesson (its parts, its page builder and its gallery card).

One import line per lesson, sorted: importing a lesson registers its app.
"""

import donkeylab.lessons.angry_flips
import donkeylab.lessons.arrow_chains
import donkeylab.lessons.die_choice
import donkeylab.lessons.doublet_penalties
import donkeylab.lessons.full_games  # noqa: F401
