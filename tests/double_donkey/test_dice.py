"""Phase 1: the rulebook's 4-player dice round, DD-DICE-2's exception, DD-DICE-3 in both variants."""

from __future__ import annotations

from fractions import Fraction

import pytest

from donkeylab import double_donkey as dd
from donkeylab import games
from donkeylab.core import CHANCE, IllegalAction, LoadError
from donkeylab.double_donkey import Choose, Keep, Reroll, Roll
from tests import kit
from tests.double_donkey.helpers import dealt, roll, texts


def legal_colours(state: dd.DoubleDonkeyState) -> set[str]:
    return {a.colour for a in state.legal_actions() if isinstance(a, Choose)}


def test_dd_dice_1_dd_dice_2_dd_dice_3_rulebook_round() -> None:
    """Olivia, Fran, Jan, Margaret: the example round of the English rulebook, action by action."""
    s = dealt(4)
    assert s.current_player is CHANCE and s.phase == "roll" and s.roller == 0
    # Olivia rolls all 6 dice and places the light blue 2 (the Hay card is empty: any die).
    s = s.apply(roll(s, light_blue=2, dark_blue=6, orange=1, yellow=3, green=4, purple=5))
    assert [e.rule for e in s.events] == ["DD-DICE-1", "DD-DICE-2"]
    assert s.current_player == 0 and legal_colours(s) == set(dd.COLOURS)
    s = s.apply(Choose("light_blue"))
    assert s.hay == {"light_blue": 2} and s.roller == 1 and s.current_player is CHANCE
    # Fran rolls the 5 others: orange 5, dark blue 4, yellow 3 are new; green and purple show the 2.
    s = s.apply(roll(s, dark_blue=4, orange=5, yellow=3, green=2, purple=2))
    assert legal_colours(s) == {"orange", "dark_blue", "yellow"}
    assert texts(s)[0] == (
        "Fran rolls 5 dice. Which one goes on the Hay card: dark blue 4, orange 5, yellow 3, green 2 or purple 2?"
    )
    assert texts(s)[1] == (
        "Fran must choose a value not yet on the Hay card: dark blue 4, orange 5 or yellow 3 are allowed "
        "(2 already there)."
    )
    assert s.events[1].render("de", ["Olivia", "Fran"]).startswith("Fran muss einen Wert wählen")
    with pytest.raises(IllegalAction) as err:
        s.apply(Choose("green"))
    assert err.value.rule == "DD-DICE-2"
    s = s.apply(Choose("orange"))
    assert texts(s) == ["Fran places the orange 5 on the Hay card."]
    # Jan: purple 1, yellow 4, green 6 are allowed; dark blue shows the 5 already there.
    s = s.apply(roll(s, dark_blue=5, yellow=4, green=6, purple=1))
    assert s.current_player == 2 and legal_colours(s) == {"purple", "yellow", "green"}
    s = s.apply(Choose("purple"))
    # Margaret rolled only values already on the Hay card (2, 5, 1): free choice.
    s = s.apply(roll(s, dark_blue=5, yellow=1, green=2))
    assert s.events[1].key == "DD-DICE-2/free" and legal_colours(s) == {"dark_blue", "yellow", "green"}
    assert texts(s)[1].startswith("Margaret may choose any die, because every rolled value is already on the Hay")
    s = s.apply(Choose("green"))
    # Olivia must choose the dark blue 3.
    s = s.apply(roll(s, dark_blue=3, yellow=2))
    assert s.current_player == 0 and legal_colours(s) == {"dark_blue"}
    assert texts(s)[1] == (
        "Olivia must choose the dark blue 3: it is the only value not yet on the Hay card (1, 2, 5 already there)."
    )
    with pytest.raises(IllegalAction) as err:
        s.apply(Choose("yellow"))
    assert err.value.rule == "DD-DICE-2" and "choose dark blue 3" in err.value.message
    s = s.apply(Choose("dark_blue"))
    # Fran may re-roll the last die or keep its 2; she keeps it.
    assert s.phase == "last" and s.current_player == 1 and set(s.legal_actions()) == {Reroll(), Keep()}
    assert s.events[-1].rule == "DD-DICE-3" and s.rolled == {"yellow": 2}
    s = s.apply(Keep())
    assert texts(s)[0] == "Fran keeps the yellow 2 and places it on the Hay card."
    assert s.hay == {"light_blue": 2, "dark_blue": 3, "orange": 5, "yellow": 2, "green": 2, "purple": 1}
    assert s.phase == "play" and s.events[-1].key == "DD-PLAY-1/start"


def test_dd_dice_1_roll_is_exact_chance_point() -> None:
    s = dealt(3)
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 6**6 and all(p == Fraction(1, 6**6) for _, p in outcomes)
    s = s.apply(roll(s, light_blue=1, dark_blue=1, orange=1, yellow=1, green=1, purple=1)).apply(Choose("yellow"))
    kit.check_chance(s)
    assert len(s.legal_actions()) == 6**5
    assert all(len(o.values) == 5 for o in s.legal_actions() if isinstance(o, Roll))


def test_dd_dice_1_illegal_rolls_and_choices_leave_state() -> None:
    s = dealt(2)
    before = kit.fingerprint(s)
    malformed = (Roll((1, 2)), Roll(5))  # type: ignore[arg-type]
    for bad in (Roll((("light_blue", 7),)), Roll(tuple((c, 0) for c in dd.COLOURS)), *malformed):
        with pytest.raises(IllegalAction) as err:
            s.apply(bad)
        assert err.value.rule == "DD-DICE-1"
    with pytest.raises(IllegalAction):
        s.apply(Choose("orange"))  # a chance point: nobody chooses yet
    s2 = s.apply(roll(s, light_blue=3, dark_blue=3, orange=3, yellow=3, green=3, purple=3)).apply(Choose("green"))
    s3 = s2.apply(roll(s2, light_blue=1, dark_blue=2, orange=3, yellow=4, purple=5))
    with pytest.raises(IllegalAction) as err:
        s3.apply(Choose("green"))  # already on the Hay card
    assert err.value.rule == "DD-DICE-1"
    assert kit.fingerprint(s) == before


def test_dd_dice_2_same_new_value_twice_either_die() -> None:
    s = dealt(2)
    s = s.apply(roll(s, light_blue=6, dark_blue=1, orange=1, yellow=1, green=1, purple=1)).apply(Choose("light_blue"))
    s = s.apply(roll(s, dark_blue=6, orange=4, yellow=4, green=6, purple=6))
    assert legal_colours(s) == {"orange", "yellow"}


def test_dd_dice_3_reroll_then_placed() -> None:
    s = dealt(2)
    for colour in ("light_blue", "dark_blue", "orange", "yellow", "green"):
        s = s.apply(roll(s, **{c: 1 + dd.COLOURS.index(c) for c in dd.COLOURS if c not in s.hay}))
        s = s.apply(Choose(colour))
    assert s.phase == "last" and s.rolled == {"purple": 6}
    s = s.apply(Reroll())
    assert s.current_player is CHANCE and len(s.chance_outcomes()) == 6
    s = s.apply(roll(s, purple=3))
    assert s.hay["purple"] == 3 and s.phase == "play"
    assert [e.key for e in s.events] == ["DD-DICE-1/one", "DD-DICE-3/placed", "DD-PLAY-1/start"]


def test_dd_dice_3_german_variant_always_rolls_last_die() -> None:
    s = dealt(3, dd.Rules(variant="german"))
    for colour in ("light_blue", "dark_blue", "orange", "yellow", "green"):
        s = s.apply(roll(s, **{c: 1 + dd.COLOURS.index(c) for c in dd.COLOURS if c not in s.hay}))
        s = s.apply(Choose(colour))
    assert s.phase == "roll" and s.current_player is CHANCE and s.events[-1].key == "DD-DICE-3/roll"
    assert s.roller == 2 and len(s.legal_actions()) == 6
    with pytest.raises(IllegalAction):
        s.apply(Keep())
    s = s.apply(roll(s, purple=4))
    assert s.hay["purple"] == 4 and s.phase == "play"


def test_dd_dice_3_option_last_die_roll_in_english() -> None:
    rules = dd.Rules(last_die="roll")
    assert rules.variant == "english" and rules.tie_break == "pile_then_roll"
    s = dealt(2, rules)
    for colour in ("light_blue", "dark_blue", "orange", "yellow", "green"):
        s = s.apply(roll(s, **{c: 2 for c in dd.COLOURS if c not in s.hay}))
        s = s.apply(Choose(colour))
    assert s.phase == "roll"


def up_to_last_die(players: int, rules: dd.Rules) -> dd.DoubleDonkeyState:
    """Five dice placed (light blue 1 ... green 5); the purple one is left."""
    s = dealt(players, rules)
    for colour in ("light_blue", "dark_blue", "orange", "yellow", "green"):
        s = s.apply(roll(s, **{c: 1 + dd.COLOURS.index(c) for c in dd.COLOURS if c not in s.hay}))
        s = s.apply(Choose(colour))
    return s


def test_dd_dice_3_roll_sentence_names_the_reason_it_applies() -> None:
    german = up_to_last_die(3, dd.Rules(variant="german"))
    option = up_to_last_die(3, dd.Rules(variant="english", last_die="roll"))
    assert texts(german)[-1] == "Only the purple die is left: Jan must roll it (German rules)."
    assert german.events[-1].render("de", ["Olivia", "Fran", "Jan"]) == (
        "Nur noch ein Würfel ist übrig, er ist lila: Jan muss ihn werfen (deutsche Regeln)."
    )
    assert (
        texts(option)[-1]
        == "Only the purple die is left: Jan must roll it (rule option: the last die is always rolled)."
    )
    assert option.events[-1].render("de", ["Olivia", "Fran", "Jan"]) == (
        "Nur noch ein Würfel ist übrig, er ist lila: Jan muss ihn werfen (Regel-Option: Der letzte Würfel wird immer "
        "geworfen)."
    )


@pytest.mark.parametrize("rules", [dd.Rules(variant="german"), dd.Rules(last_die="roll")])
def test_dd_dice_3_no_keep_or_reroll_when_the_last_die_is_always_rolled(rules: dd.Rules) -> None:
    s = up_to_last_die(3, rules)
    for action in (Keep(), Reroll()):
        with pytest.raises(IllegalAction, match="always rolled") as err:
            s.apply(action)
        assert err.value.rule == "DD-DICE-3"


def test_dd_dice_3_reroll_only_once() -> None:
    s = up_to_last_die(3, dd.Rules()).apply(Reroll())
    for action in (Keep(), Reroll()):
        with pytest.raises(IllegalAction, match="only once") as err:
            s.apply(action)
        assert err.value.rule == "DD-DICE-3"


def test_dd_dice_1_roll_pips_are_ints_1_to_6_and_colours_strings() -> None:
    s = dealt(3)
    good = roll(s, light_blue=1, dark_blue=2, orange=3, yellow=4, green=5, purple=6)
    for bad in (True, 2.0, "3", None):
        values = tuple((c, bad if c == "dark_blue" else v) for c, v in good.values)
        with pytest.raises(IllegalAction) as err:
            s.apply(Roll(values))  # type: ignore[arg-type]
        assert err.value.rule == "DD-DICE-1"
        saved = s.apply(good).to_json()
        with pytest.raises(LoadError, match="step 2"):
            games.load(saved.replace(str(good), str(Roll(values))))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction) as err:
        s.apply(Roll(((1, 1), *good.values[1:])))  # type: ignore[arg-type]
    assert err.value.rule == "DD-DICE-1"


@pytest.mark.parametrize("colour", [["x"], None, 3, ("orange",)])
def test_dd_dice_1_choose_colour_is_a_string(colour: object) -> None:
    s = dealt(3)
    s = s.apply(roll(s, light_blue=1, dark_blue=2, orange=3, yellow=4, green=5, purple=6))
    with pytest.raises(IllegalAction) as err:
        s.apply(Choose(colour))  # type: ignore[arg-type]
    assert err.value.rule == "DD-DICE-1"
