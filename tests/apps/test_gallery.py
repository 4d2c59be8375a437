"""The gallery's cards: one per app, each with an icon every classroom browser can draw."""

from __future__ import annotations

import pytest

from donkeylab.apps import APPS, gallery


@pytest.mark.parametrize("name", sorted(APPS))
def test_every_icon_is_one_character_of_a_plain_font(name: str) -> None:
    """Pictographic emoji (U+1F000 and up) need an emoji font that Debian's Chromium and many school
    machines lack: they showed as empty boxes on the gallery. DejaVu Sans covers the symbols below that."""
    icon = APPS[name].icon
    assert len(icon) == 1 and ord(icon) < 0x1F000, f"{name}: {icon!r} needs an emoji font"
    assert icon in gallery("en").value
