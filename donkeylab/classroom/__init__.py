"""Class mode's store: a class's predictions and pooled simulations, shared by every pupil's kernel.

``ClassStore.open()`` is embedded SQLite (nothing to install); ``ClassStore.open("postgresql://…")`` or
``$DONKEYLAB_CLASS_DB`` points a school's JupyterHub at one PostgreSQL. No UI imports: the teacher's
dashboard (``donkeylab.classmode.app``) and the pupils' part (``donkeylab.classmode.pupil``) sit on top.
What is stored, for how long and who can read it: SECURITY.md, "Class mode".
"""

from typing import TYPE_CHECKING, Any

from donkeylab.classroom.errors import ClassError
from donkeylab.classroom.questions import ClassQuestion, lessons, outcome_name, question_specs, questions

if TYPE_CHECKING:
    from donkeylab.classroom.store import EXPIRY_S, ClassInfo, ClassStore, Pupil

_STORE_NAMES = frozenset({"EXPIRY_S", "ClassInfo", "ClassStore", "Pupil"})


def __getattr__(name: str) -> Any:
    """The store (and SQLAlchemy under it) is imported on first use: a lesson page imports class mode's
    questions and words everywhere, also in the static site, where there is no SQLAlchemy and no class."""
    if name in _STORE_NAMES:
        from donkeylab.classroom import store

        return getattr(store, name)
    raise AttributeError(f"module 'donkeylab.classroom' has no attribute {name!r}")


__all__ = [
    "EXPIRY_S",
    "ClassError",
    "ClassInfo",
    "ClassQuestion",
    "ClassStore",
    "Pupil",
    "lessons",
    "outcome_name",
    "question_specs",
    "questions",
]
