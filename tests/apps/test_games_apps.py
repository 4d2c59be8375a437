"""The free-play pages' own parts (a bad link's note) beside the Stepper they are built around."""

from __future__ import annotations

import pytest

from donkeylab.apps import build, parts_of
from donkeylab.widgets.stepper import Stepper


@pytest.mark.parametrize("name", ["double_down", "esels_rennen", "double_donkey"])
def test_a_bad_links_note_follows_the_pages_language_menu(name: str) -> None:
    """The Stepper's language menu is a free-play page's one switch: the note turns German with the page (it
    stayed English, seen in a browser test's screenshot)."""
    page = build(name, "seed=banana")
    note = page.children[0]
    assert "This link had mistakes" in note.value and "seed=banana" in note.value
    (stepper,) = {id(part): part for part in parts_of(page) if isinstance(part, Stepper)}.values()  # one, seen twice
    stepper.lang = "de"
    assert "Dieser Link hatte Fehler" in note.value and "seed=banana" in note.value
    stepper.lang = "en"
    assert "This link had mistakes" in note.value
