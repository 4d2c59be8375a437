"""A page that fails to build shows a sentence in the link's language, never a traceback (the teacher finds the
traceback in the server log)."""

from __future__ import annotations

import dataclasses
from typing import Any

import ipywidgets as w
import pytest

from donkeylab import apps
from donkeylab.pages.query import Query


def failing(times: int) -> Any:
    """A build that raises ``times`` times, then builds a small page."""
    calls = []

    def build(query: Query) -> Any:
        calls.append(query)
        if len(calls) <= times:
            raise RuntimeError("a bug in the page")
        return w.VBox([w.HTML("the page")])

    return build


@pytest.mark.parametrize(
    ("lang", "defaults", "broken"),
    [
        ("en", "the page starts from its defaults", "Please tell your teacher"),
        ("de", "beginnt mit ihren Grundeinstellungen", "Bitte sag es deiner Lehrkraft"),
    ],
)
def test_a_page_that_fails_says_so_in_its_language(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, lang: str, defaults: str, broken: str
) -> None:
    info = apps.APPS["double_down"]
    monkeypatch.setitem(apps.APPS, "double_down", dataclasses.replace(info, build=failing(1)))
    page = apps.build("double_down", f"lang={lang}&seed=3")
    assert defaults in page.children[0].value and page.children[1].children[0].value == "the page"
    monkeypatch.setitem(apps.APPS, "double_down", dataclasses.replace(info, build=failing(2)))
    page = apps.build("double_down", f"lang={lang}")
    assert broken in page.value and "Traceback" not in page.value
    assert "a bug in the page" in caplog.text  # the teacher's log has it
