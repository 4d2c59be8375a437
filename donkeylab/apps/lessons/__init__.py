"""The lessons: one module per lesson, each registering its app page (``kind="lesson"``) on import."""

from donkeylab.apps.lessons import full_games  # noqa: F401
