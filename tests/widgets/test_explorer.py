"""The teacher's controls speak the page's language: every rule option and choice has English and German words,
a language switch relabels them without touching the chosen values, and "New game" builds the same rules."""

from __future__ import annotations

from typing import Any

import pytest

from donkeylab import double_donkey as dd
from donkeylab.core import CATALOGUE
from donkeylab.core.messages import OPTION_DEFAULT as DEFAULT
from donkeylab.core.messages import option_key
from donkeylab.games import GameInfo, infos
from donkeylab.widgets import Stepper
from donkeylab.widgets.explorer import Explorer, TeacherControls
from donkeylab.widgets.messages import choice_word, option_word
from tests.widgets.helpers import front_end

GAMES = [i.name for i in infos()]


def _values(info: GameInfo, name: str) -> list[Any]:
    option = info.options[name]
    return [DEFAULT, *(option.choices or ())] if option.default is None else list(option.choices or ())


def _labelled() -> list[tuple[str, str, Any]]:
    """(game, option, value) for every option with choices, and every value it offers (None: the option)."""
    out: list[tuple[str, str, Any]] = []
    for info in infos():
        for name, option in info.options.items():
            if option.choices:
                out += [(info.name, name, None), *((info.name, name, v) for v in _values(info, name))]
    return out


@pytest.mark.parametrize(("game", "name", "value"), _labelled())
def test_every_rule_option_and_choice_has_english_and_german_words(game: str, name: str, value: Any) -> None:
    key = option_key(game, name) if value is None else option_key(game, name, value)
    assert key in CATALOGUE.messages, f"no dropdown words for {key}: add them to the game's messages.py (OPTION_WORDS)"
    message = CATALOGUE.messages[key]
    raw = {name, name.replace("_", " "), str(value)}
    assert message.en.strip() and message.de.strip()
    assert message.de not in raw, f"{key} shows the raw name on a German page"
    assert value is None or message.en != str(value), f"{key} shows the code word {value!r} on an English page"


def test_the_variant_default_reads_as_the_variant_says() -> None:
    assert choice_word("double_donkey", "tie_break", DEFAULT, "en") == "as the variant says"
    assert choice_word("double_donkey", "tie_break", DEFAULT, "de") == "wie die Variante sagt"


@pytest.mark.parametrize("game", GAMES)
def test_explorer_in_german_shows_no_raw_option_names(game: str) -> None:
    page = Explorer(Stepper(game, seed=2, lang="de"))
    assert page.controls is not None
    info = page.stepper.info
    for name, dropdown in page.controls.options.items():
        raw = {str(v) for v in _values(info, name)}
        assert dropdown.description == option_word(game, name, "de") != name.replace("_", " ")
        labels = [label for label, _value in dropdown.options]
        assert labels == [choice_word(game, name, v, "de") for v in _values(info, name)]
        assert not raw & set(labels), f"{game} {name} shows raw values {raw & set(labels)}"
    assert page.controls.new_game.description == "Neues Spiel"


def _pick_last(controls: TeacherControls) -> dict[str, Any]:
    """Choose every option's last value (none of them is the starting one) and return the choices."""
    for dropdown in controls.options.values():
        dropdown.value = dropdown.options[-1][1]
    return {name: d.value for name, d in controls.options.items()}


@pytest.mark.parametrize("game", GAMES)
def test_switching_the_language_relabels_and_keeps_the_chosen_values(game: str) -> None:
    stepper = Stepper(game, seed=4)
    controls = TeacherControls(stepper)
    english = {name: [label for label, _v in d.options] for name, d in controls.options.items()}
    chosen = _pick_last(controls)
    match = stepper.match
    front_end(stepper, lang="de")
    assert {name: d.value for name, d in controls.options.items()} == chosen
    for name, dropdown in controls.options.items():
        assert dropdown.description == option_word(game, name, "de")
        assert dropdown.label == choice_word(game, name, chosen[name], "de")
    stepper.lang = "en"
    assert {name: d.value for name, d in controls.options.items()} == chosen
    assert {name: [label for label, _v in d.options] for name, d in controls.options.items()} == english
    assert stepper.match is match, "relabelling must not start a new game"


@pytest.mark.parametrize("game", GAMES)
def test_new_game_in_german_builds_the_rules_chosen(game: str) -> None:
    stepper = Stepper(game, seed=4, lang="de")
    controls = TeacherControls(stepper)
    chosen = _pick_last(controls)
    stepper.lang = "en"
    stepper.lang = "de"
    controls.seed.value = 11
    controls.apply()
    expected = stepper.info.rules({k: v for k, v in chosen.items() if v != DEFAULT})
    assert stepper.error == ""
    assert stepper.match.states[0].rules == expected and stepper.seed == 11


def test_new_game_leaves_options_to_the_german_variant() -> None:
    """DD-DICE-3, DD-BIGGEST-2, DD-END-1: left "as the variant says", the German variant's defaults apply."""
    stepper = Stepper("double_donkey", seed=1, lang="de")
    controls = TeacherControls(stepper)
    controls.options["variant"].value = "german"
    stepper.lang = "en"
    assert controls.options["tie_break"].value == DEFAULT
    controls.apply()
    assert stepper.match.states[0].rules == dd.Rules(variant="german")


@pytest.mark.parametrize("game", GAMES)
def test_new_game_untouched_keeps_the_rules(game: str) -> None:
    stepper = Stepper(game, seed=6, lang="de")
    before = stepper.match.states[0].rules
    controls = TeacherControls(stepper)
    stepper.lang = "en"
    controls.apply()
    assert stepper.match.states[0].rules == before


def test_new_game_untouched_keeps_an_option_set_apart_from_the_variant() -> None:
    """DD-BIGGEST-2: a game with ``tie_break="roll"`` in the English variant shows and keeps that choice."""
    rules = dd.Rules(variant="english", tie_break="roll")
    stepper = Stepper("double_donkey", seed=3, rules=rules)
    controls = TeacherControls(stepper)
    assert controls.options["tie_break"].value == "roll" and controls.options["last_die"].value == DEFAULT
    controls.apply()
    assert stepper.match.states[0].rules == rules


def test_donkeylab_widgets_explorer_is_the_function_and_its_module_stays_importable() -> None:
    """Issue 17 §5: ``from donkeylab.widgets import explorer; explorer(game)`` once said "module is not callable"."""
    import sys

    import donkeylab.widgets as widgets
    from donkeylab.widgets import Explorer as PackageExplorer
    from donkeylab.widgets import ShareLink, explorer
    from donkeylab.widgets.explorer import explorer as module_explorer
    from donkeylab.widgets.share import ShareLink as ModuleShareLink

    assert callable(explorer) and explorer is module_explorer is widgets.explorer
    assert PackageExplorer is Explorer and ShareLink is ModuleShareLink
    assert {"explorer", "Explorer", "ShareLink"} <= set(widgets.__all__)
    module = sys.modules["donkeylab.widgets.explorer"]
    assert module.explorer is explorer and module.TeacherControls is TeacherControls
    page = explorer("double_down", seed=3, players=3)
    assert isinstance(page, Explorer) and page.stepper.seed == 3 and page.controls is not None
    assert module_explorer("esels_rennen", controls=False).controls is None


def test_teacher_controls_build_their_row_without_a_deprecation_warning() -> None:
    """``Layout(gap=...)`` is no trait of ipywidgets 8: it was dropped with a DeprecationWarning (traitlets')."""
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        controls = TeacherControls(Stepper("double_donkey", seed=1))
    assert not [c for c in caught if issubclass(c.category, DeprecationWarning)], [str(c.message) for c in caught]
    assert controls.layout.grid_gap == "4px" and controls.layout.flex_flow == "row wrap"
