"""Class mode's store: a class's predictions and pooled simulations, shared by every pupil's kernel.

``ClassStore.open()`` is embedded SQLite (nothing to install); ``ClassStore.open("postgresql://…")`` or
``$DONKEYLAB_CLASS_DB`` points a school's JupyterHub at one PostgreSQL. No UI imports: the teacher's
dashboard (``donkeylab.apps.class_mode``) and the pupils' part (``donkeylab.apps.class_pupil``) sit on top.
What is stored, for how long and who can read it: SECURITY.md, "Class mode".
"""

from donkeylab.classroom.errors import ClassError
from donkeylab.classroom.questions import ClassQuestion, lessons, outcome_name, question_specs, questions
from donkeylab.classroom.store import EXPIRY_S, ClassInfo, ClassStore, Pupil

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
