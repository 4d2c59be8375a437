"""The lesson apps: one module per lesson (its parts, its page builder and its gallery card).

One import line per lesson, sorted: importing a lesson registers its app.
"""

import donkeylab.apps.lessons.angry_flips
import donkeylab.apps.lessons.arrow_chains
import donkeylab.apps.lessons.die_choice
import donkeylab.apps.lessons.doublet_penalties
import donkeylab.apps.lessons.full_games  # noqa: F401
