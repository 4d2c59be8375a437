"""Checks shared by the lesson tests: texts in both languages, widgets found inside a built page."""

from __future__ import annotations

import string
from collections.abc import Iterator
from types import ModuleType
from typing import Any, cast

from donkeylab.core import CATALOGUE
from donkeylab.double_donkey import DoubleDonkeyState


def texts_of(module: ModuleType) -> Iterator[tuple[str, tuple[str, str]]]:
    """Every entry of a lesson module's text table (key, (en, de)), each checked to be in the catalogue."""
    table = vars(module).get("TEXTS", {})
    prefix = f"lesson/{module.__name__.rsplit('.', 1)[-1]}/"
    for key, pair in table.items():
        message = CATALOGUE.messages[prefix + key]
        assert (message.en, message.de) == pair, key
        yield key, pair


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def assert_bilingual(module: ModuleType) -> None:
    """Each text exists in English and German, differs between them, and has the same placeholders."""
    found = list(texts_of(module))
    assert found, f"{module.__name__} has no texts"
    for name, (en, de) in found:
        assert en.strip() and de.strip(), name
        assert placeholders(en) == placeholders(de), name


def walk(widget: Any) -> list[Any]:
    """The widget and everything inside it (boxes' children), depth first: the one walk of the app tests."""
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += walk(child)
    return found


def find(page: Any, cls: type) -> list[Any]:
    return [w for w in walk(page) if isinstance(w, cls)]


def first(page: Any, cls: type) -> Any:
    """The first widget of ``cls`` in ``page``, depth first."""
    return next(x for x in walk(page) if isinstance(x, cls))


def dd_state(stepper: Any, index: int | None = None) -> DoubleDonkeyState:
    """The Double Donkey state at the Stepper's cursor (or at ``index`` of its timeline), typed."""
    state = stepper.state if index is None else stepper.match.states[index]
    return cast(DoubleDonkeyState, state)


def everything(lesson: Any) -> list[Any]:
    """Every widget of a ``lessons.page.Lesson``, boxes opened."""
    top = [lesson.title, lesson.question, lesson.prediction, *lesson.step_through, *lesson.exact, *lesson.live]
    return [w for part in [*top, lesson.notice, lesson.exercises, *lesson.going_further] for w in walk(part)]


def one(lesson: Any, cls: type) -> Any:
    """The lesson's only widget of class ``cls``."""
    found = [w for w in everything(lesson) if isinstance(w, cls)]
    assert len(found) == 1, f"{len(found)} {cls.__name__} in the lesson"
    return found[0]


def give_guess(lesson: Any, value: Any = None) -> Any:
    """A pupil's guess on a solo page, guess first: ``value`` set in the prediction (default: a slider's
    middle, a choice's first option), then "Lock in my guess" (``guess_first``). A page without the gate (a
    notebook's parts, ``reveal=1``, a class page) only gets the value. Returns the value."""
    prediction = lesson.prediction
    if value is None:
        options = list(getattr(prediction.input, "options", ()))
        value = (options[0][1] if isinstance(options[0], tuple) else options[0]) if options else prediction.input.value
    prediction.input.value = value
    gate = getattr(lesson, "guess_gate", None)
    if gate is not None and gate.on:
        gate.lock.click()
        assert prediction.committed == value, "the guess was not locked in"
    return value
