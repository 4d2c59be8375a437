"""The presenter view (issue 19 §2): ``?big=1`` or the corner toggle makes any app page about 1.5× larger."""

from __future__ import annotations

import pytest
from ipywidgets import ToggleButtons

from donkeylab.apps import APPS, build
from donkeylab.pages import presenter


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


@pytest.mark.parametrize(
    ("name", "switch"), [("double_down", "stepper"), ("die_choice", "page"), ("class_mode", "stepper")]
)
def test_the_toggle_speaks_the_language_the_page_is_switched_to(name: str, switch: str) -> None:
    """Opened in German, switched to English by the page's own control: the toggle follows (it once stayed German)."""
    page = build(name, "lang=de")
    toggle = presenter.corner(page).toggle
    assert toggle.description == "Beamer-Ansicht"
    widgets = presenter.walk(page)
    if switch == "stepper":  # a widget's own lang (a Stepper's menu, the class dashboard's English/Deutsch)
        next(x for x in widgets if x.has_trait("lang")).lang = "en"
    else:
        next(x for x in widgets if isinstance(x, ToggleButtons) and "de" in x._options_values).value = "en"
    assert toggle.description == "Presenter view" and "projector" in toggle.tooltip
