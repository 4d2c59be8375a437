"""The lesson apps: one module per lesson, each registering its page (``AppInfo(kind="lesson")``).

One import line per lesson, sorted (plain ``import`` lines, so merging branches adds lines, never edits one).
"""

import donkeylab.apps.lessons.angry_flips
import donkeylab.apps.lessons.die_choice  # noqa: F401
