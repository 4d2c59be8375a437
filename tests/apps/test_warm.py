"""A pooled (preheated) kernel builds its page once before the pupil's request, then shows only the real one."""

from __future__ import annotations

import pytest
from ipywidgets.widgets.widget import _instances

import donkeylab.apps as apps
from donkeylab.widgets.kit import FrontEndKit
from donkeylab.widgets.liveplot import PlotlyBundle


def open_widgets() -> set[str]:
    """The comm ids of every open widget (ipywidgets' registry; its public name is deprecated)."""
    return {k for k, v in _instances.items() if v.comm is not None}


def built(monkeypatch: pytest.MonkeyPatch, name: str, preheat: str) -> tuple[int, list[str]]:
    """How many widgets the page build leaves open, and the query strings the warm-up saw."""
    monkeypatch.setenv("VOILA_PREHEAT", preheat)
    seen: list[str] = []
    monkeypatch.setattr(apps, "current_query_string", lambda: seen.append("asked") or "seed=7&lang=de")
    monkeypatch.setattr(FrontEndKit, "_shared", None)  # the page-wide widgets are made by this build
    monkeypatch.setattr(PlotlyBundle, "_shared", None)
    before = open_widgets()
    apps.build(name)
    return len(open_widgets() - before), seen


@pytest.mark.parametrize("name", ["arrow_chains", "double_down"])
def test_a_preheated_kernel_warms_up_and_leaves_only_the_pupils_page_open(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    earlier = open_widgets()  # other tests' widgets (one process runs many): not this build's to check
    warmed: list[str] = []
    real_warm = apps.warm
    monkeypatch.setattr(apps, "warm", lambda info: warmed.append(info.name) or real_warm(info))
    cold, _ = built(monkeypatch, name, "False")
    assert warmed == []
    hot, asked = built(monkeypatch, name, "True")
    assert warmed == [name] and asked == ["asked"]
    assert hot == cold  # the warm-up's widgets are closed: the page holds the pupil's build only
    for comm_id in open_widgets() - earlier:  # and no open widget refers to a closed one (the page would stay
        _instances[comm_id].get_state()  # at "Loading widget...": the kit's Layout was closed once)


def test_the_teachers_page_is_not_warmed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    before = open_widgets()
    apps.warm(apps.APPS["class_mode"])
    assert open_widgets() == before
