"""A kernel warmed for a class builds its pupil's page ahead; the class link only joins it to the class."""

from __future__ import annotations

from typing import Any

import pytest

import donkeylab.apps as apps
from donkeylab.apps import prepared
from donkeylab.pages.query import parse_query
from donkeylab.widgets.kit import FrontEndKit
from donkeylab.widgets.liveplot import PlotlyBundle
from tests.apps.test_warm import open_widgets

KEY = "k" * 24  # a browser key as the server adds it (``_pupil``)
LESSON = "doublet_penalties"
PREPARE = prepared.prepare  # the real one (a test patches it once per page it serves)


def served(monkeypatch: pytest.MonkeyPatch, link: str, class_lang: str | None) -> tuple[Any, Any, int]:
    """The page a preheated kernel shows for ``link`` (class mode's join recorded, not run: it needs a store),
    the page the warm-up prepared (None: none), and how many widgets the whole build leaves open."""
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setattr(apps.class_warm, "class_language", lambda lesson: class_lang)
    monkeypatch.setattr(apps.class_warm, "built", lambda: None)
    monkeypatch.setattr(apps, "current_query_string", lambda: link)
    joined: list[Any] = []
    monkeypatch.setattr(apps.class_pupil, "join", lambda page: joined.append(page) or page)
    # the store opened ahead is the store's own test (tests/classroom/test_store_ahead.py): held here, it reached
    # a later test's pupil in the same worker, whose join then met another database
    monkeypatch.setattr(apps.class_store_ahead, "open_ahead", lambda url=None: False)
    made: list[Any] = []
    monkeypatch.setattr(prepared, "prepare", lambda info, lang: PREPARE(info, lang) and made.append(prepared._held))
    monkeypatch.setattr(FrontEndKit, "_shared", None)
    monkeypatch.setattr(PlotlyBundle, "_shared", None)
    before = open_widgets()
    apps.build(LESSON)
    return joined[0], (made[0].page if made else None), len(open_widgets() - before)


def test_a_class_link_in_the_classs_language_gets_the_page_built_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    link = f"class=ABC234&lang=de&_pupil={KEY}"
    cold, ahead, _ = served(monkeypatch, link, None)
    assert ahead is None
    page, ahead, hot = served(monkeypatch, link, "de")
    assert page is ahead  # no second build when the pupil arrives
    assert page.lesson.query.values["class"] == "ABC234" and page.lesson.query.values["_pupil"] == KEY  # the join's
    assert page.lesson.switch.value == "de"
    _, _, cold_open = served(monkeypatch, link, None)
    assert hot == cold_open  # only the pupil's page is open: the warm-up's widgets are closed
    assert [type(w).__name__ for w in apps.parts_of(page)] == [type(w).__name__ for w in apps.parts_of(cold)]


@pytest.mark.parametrize("link", [f"class=ABC234&lang=en&_pupil={KEY}", "lang=de", "class=ABC234&lang=de&seed=5"])
def test_any_other_link_gets_a_page_of_its_own_and_the_one_built_ahead_is_closed(
    monkeypatch: pytest.MonkeyPatch, link: str
) -> None:
    _, _, cold_open = served(monkeypatch, link, None)
    page, ahead, hot = served(monkeypatch, link, "de")
    assert ahead is not None and page is not ahead
    assert all(w.comm is None for w in apps.parts_of(ahead) if w not in apps.parts_of(page))
    assert hot == cold_open


def test_only_a_lesson_in_a_language_of_the_apps_is_built_ahead() -> None:
    assert not prepared.prepare(apps.APPS["double_down"], "de")  # free play: no class
    assert not prepared.prepare(apps.APPS[LESSON], "fr")
    assert prepared.take(apps.APPS[LESSON], parse_query("class=ABC234", apps.APPS[LESSON].params)) is None


def test_a_link_with_a_problem_is_not_the_prepared_page() -> None:
    params = apps.APPS[LESSON].params
    ahead = parse_query(f"class={prepared.STAND_IN}&lang=de", params)
    assert prepared.fits(ahead, parse_query(f"class=ABC234&lang=de&_pupil={KEY}", params))
    assert not prepared.fits(ahead, parse_query("class=ABC234&lang=de&step=zz", params))
    assert not prepared.fits(ahead, parse_query("lang=de", params))
