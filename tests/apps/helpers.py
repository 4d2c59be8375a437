"""Checks shared by the lesson tests: texts in both languages, widgets found inside a built page."""

from __future__ import annotations

import string
from collections.abc import Iterator
from types import ModuleType
from typing import Any, cast

from donkeylab.apps.parts import T
from donkeylab.double_donkey import DoubleDonkeyState


def texts_of(module: ModuleType) -> Iterator[tuple[str, T]]:
    """Every ``T`` a module holds at top level, directly or in a dict (name, text)."""
    for name, value in vars(module).items():
        if isinstance(value, T):
            yield name, value
        elif isinstance(value, dict):
            for key, item in value.items():
                if isinstance(item, T):
                    yield f"{name}[{key!r}]", item


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def assert_bilingual(module: ModuleType) -> None:
    """Each text exists in English and German, differs between them, and has the same placeholders."""
    found = list(texts_of(module))
    assert found, f"{module.__name__} has no texts"
    for name, text in found:
        assert text.en.strip() and text.de.strip(), name
        assert placeholders(text.en) == placeholders(text.de), name


def walk(widget: Any) -> Iterator[Any]:
    """The widget and everything inside it (boxes' children)."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def find(page: Any, cls: type) -> list[Any]:
    return [w for w in walk(page) if isinstance(w, cls)]


def dd_state(stepper: Any, index: int | None = None) -> DoubleDonkeyState:
    """The Double Donkey state at the Stepper's cursor (or at ``index`` of its timeline), typed."""
    state = stepper.state if index is None else stepper.match.states[index]
    return cast(DoubleDonkeyState, state)


def everything(lesson: Any) -> list[Any]:
    """Every widget of a ``lessons.page.Lesson``, boxes opened."""
    top = [lesson.title, lesson.question, lesson.prediction, *lesson.step_through, *lesson.exact, *lesson.live]
    return [w for part in [*top, lesson.notice, lesson.exercises] for w in walk(part)]


def one(lesson: Any, cls: type) -> Any:
    """The lesson's only widget of class ``cls``."""
    found = [w for w in everything(lesson) if isinstance(w, cls)]
    assert len(found) == 1, f"{len(found)} {cls.__name__} in the lesson"
    return found[0]
