"""The lesson apps: one module per lesson (its parts, its page builder and its gallery card).

One import line per lesson, sorted: importing a lesson registers its app.
"""

import donkeylab.apps.lessons.arrow_chains
import donkeylab.apps.lessons.doublet_penalties  # noqa: F401
