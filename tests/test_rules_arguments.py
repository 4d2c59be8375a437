"""The engines' helpers that take ``rules`` read it as ``new_game`` does (``core.setup.check_rules``), not with
``rules or Rules()``: ``None`` is the defaults, a mapping of options is read, anything else is an
``IllegalAction`` naming the game's setup rule (issue 17 §3)."""

from __future__ import annotations

import pytest

from donkeylab import double_down as dn
from donkeylab import esels_rennen as er
from donkeylab.core import IllegalAction
from donkeylab.double_down.exact import play_outcome
from donkeylab.esels_rennen import exact as er_exact


def test_play_outcome_reads_none_a_mapping_and_refuses_the_rest() -> None:
    assert play_outcome(2, "9", None) == play_outcome(2, "9", dn.Rules()) == "doublet"
    assert play_outcome(33, "0", {"repeat_doublet_penalty": True}) == "doublet"
    assert play_outcome(33, "0", None) == "safe"
    with pytest.raises(IllegalAction) as caught:
        play_outcome(2, "9", "strict")  # type: ignore[arg-type]
    assert caught.value.rule == "DN-SETUP-1"


def test_track_for_and_the_exact_race_read_rules_the_same_way() -> None:
    board = er.load_board("default")
    assert er.track_for(board, None) is er.track_for(board, er.Rules())
    assert er.track_for(board, {"sand": "start"}) is er.track_for(board, er.Rules(sand="start"))
    for call in (lambda: er.track_for(board, dn.Rules()), lambda: er_exact.race_odds(board, 3)):  # type: ignore[arg-type]
        with pytest.raises(IllegalAction) as caught:
            call()
        assert caught.value.rule == "ER-SETUP-1"
