"""The presenter view (issue 19 §2): ``?big=1`` or the corner toggle makes any app page about 1.5× larger."""

from __future__ import annotations

import pytest

from donkeylab.apps import APPS, build, presenter


@pytest.mark.parametrize("name", ["double_down", "die_choice"])
def test_big_1_in_the_link_marks_the_page_and_the_toggle_switches_it(name: str) -> None:
    page = build(name, "big=1&lang=de")
    assert presenter.BIG_CLASS in page._dom_classes
    corner = presenter.corner(page)
    toggle = corner.toggle
    assert toggle.value and toggle.description == "Beamer-Ansicht" and "big=1" in toggle.tooltip
    assert "zoom:1.5" in corner.children[1].value
    toggle.value = False
    assert presenter.BIG_CLASS not in page._dom_classes
    toggle.value = True
    assert presenter.BIG_CLASS in page._dom_classes


def test_without_big_the_page_is_normal_size_and_every_app_takes_the_parameter() -> None:
    page = build("esels_rennen", "")
    assert presenter.BIG_CLASS not in page._dom_classes and not presenter.corner(page).toggle.value
    assert all("big" in info.params for info in APPS.values())
    noted = build("double_down", "big=yes")  # not 0 or 1: the page says so and starts normal
    assert presenter.BIG_CLASS not in noted._dom_classes and "big" in noted.children[0].value
