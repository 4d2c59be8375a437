"""The chances panel beside a Stepper: off until asked, the engine's exact numbers in the page's language, a reason
instead of a table where nobody decides, the link's ``?odds=``, and shut on a class page."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest

from donkeylab.apps import build
from donkeylab.core.chances import outcome_text
from donkeylab.games import info
from donkeylab.widgets.chances import ChancesPanel, panels_in, probability
from donkeylab.widgets.share import ShareLink
from donkeylab.widgets.stepper import Stepper

GAMES = ("double_donkey", "double_down", "esels_rennen")


def decision(stepper: Stepper, limit: int = 60) -> None:
    """Step until the player to move has a choice (the panel has moves)."""
    for _ in range(limit):
        table = stepper.info.chances(stepper.state, stepper.seat)
        if table.moves:
            return
        stepper.step()
    raise AssertionError(f"no decision in {limit} steps")


def rows(panel: ChancesPanel) -> list[str]:
    """Each move's row as the pupil reads it (its text, the markup between the words taken out)."""
    found = re.findall(r"<tr class='dl-chances-row[^']*'>(.*?)</tr>", panel.body.value)
    return [re.sub(r"<[^>]+>", "", re.sub(r"</t[hd]>|<br>", " ", row)) for row in found]


@pytest.mark.parametrize("game", GAMES)
def test_the_panel_is_off_until_asked_then_shows_every_move_best_first(game: str) -> None:
    stepper = Stepper(game, 2, seed=4)
    decision(stepper)
    panel = ChancesPanel(stepper)
    assert panel.body.value == "" and panel.toggle.description == "Show my chances"
    panel.toggle.value = True
    table = info(game).chances(stepper.state, None)
    shown = rows(panel)
    tied = [m.value == table.moves[0].value for m in table.moves]
    assert len(shown) == len(table.moves) and ["★ best" in row for row in shown] == tied  # the best, and its ties
    first = table.moves[0]
    name, p = next((n, p) for n, p in first.outcomes if p)
    assert f"{outcome_text(game, name)}: {probability(p, 'en')}" in shown[0]  # the engine's exact number


@pytest.mark.parametrize("game", GAMES)
def test_the_panel_speaks_german_and_follows_the_step(game: str) -> None:
    stepper = Stepper(game, 2, seed=4, lang="de")
    decision(stepper)
    panel = ChancesPanel(stepper, shown=True)
    assert panel.toggle.description == "Meine Chancen ausblenden"
    assert "Deine Chancen, Zug für Zug" in panel.body.value and "am besten" in panel.body.value
    assert " to " not in panel.body.value and "worth" not in panel.body.value  # no English left
    before, state = panel.body.value, stepper.state
    while stepper.state is state:  # past the events of this state (a Step may walk them one by one)
        stepper.step()
    after = info(game).chances(stepper.state, None)
    assert (panel.body.value != before) or not after.moves  # a new state, a new table (or a reason)


def test_a_chance_point_and_the_end_say_why_and_list_nothing() -> None:
    stepper = Stepper("double_down", 2, seed=1)
    panel = ChancesPanel(stepper, shown=True)
    assert "Chance acts next" in panel.body.value and not rows(panel)  # the deal comes first
    stepper.advance(10_000)
    assert stepper.state.is_terminal()
    assert "The game is over" in panel.body.value and not rows(panel)


def test_another_seats_view_shows_no_odds() -> None:
    stepper = Stepper("esels_rennen", 3, seed=2)
    decision(stepper)
    mover = stepper.state.current_player
    stepper.seat = (mover + 1) % 3
    panel = ChancesPanel(stepper, shown=True)
    assert "Another player decides here" in panel.body.value and not rows(panel)


def test_each_state_is_worked_out_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import donkeylab.esels_rennen.chances as er_chances

    real, calls = er_chances.chances, []
    monkeypatch.setattr(er_chances, "chances", lambda state, seat=None: calls.append(1) or real(state, seat))
    stepper = Stepper("esels_rennen", 2, seed=3)
    decision(stepper)
    calls.clear()
    ChancesPanel(stepper, shown=True)
    stepper.step()
    stepper.back()
    stepper.forward()
    assert len(calls) == 2  # two states shown, each worked out once


def test_the_link_opens_it_and_a_bad_value_is_one_sentence() -> None:
    (opened,) = panels_in(build("double_down", "odds=1&seed=5"))
    assert opened.toggle.value
    page = build("double_down", "odds=yes")
    (closed,) = panels_in(page)
    assert not closed.toggle.value and closed.body.value == ""
    assert "odds=yes" in page.children[0].value  # the link's problem, said once


def test_a_lesson_page_has_it_shut_and_a_link_can_open_it() -> None:
    assert [p.toggle.value for p in panels_in(build("doublet_penalties", "reveal=1"))] == [False]
    assert [p.toggle.value for p in panels_in(build("doublet_penalties", "reveal=1&odds=1"))] == [True]


def test_probabilities_are_exact_fractions_with_their_percentage() -> None:
    assert probability(Fraction(3, 8), "en") == "3/8 (37.5 %)"
    assert probability(Fraction(3, 8), "de") == "3/8 (37,5 %)"
    assert probability(Fraction(1), "en") == "100.0 %"
    assert (
        probability(Fraction(1, 5000), "en") == "1/5000 (< 0.1 %)"
        and probability(Fraction(1, 50000), "de") == "< 0,1 %"
    )
    assert probability(Fraction(1, 123457), "en").endswith("%") and "/" not in probability(Fraction(1, 123457), "en")


def shares_in(widget: Any) -> list[ShareLink]:
    if isinstance(widget, ShareLink):
        return [widget]
    return [s for child in getattr(widget, "children", ()) for s in shares_in(child)]


@pytest.mark.parametrize("app", ["double_down", "die_choice", "full_games"])
def test_the_share_link_opens_the_panel_as_the_pupil_left_it(app: str) -> None:
    """A free-play page, a lesson and the full games' game tab: the copied link says ``odds=1`` while the panel
    is open and nothing once the pupil shut it (off by default), so a shared link shows what the sharer saw."""
    page = build(app, "odds=1")
    (share,) = shares_in(page)
    (panel,) = panels_in(page)
    assert share.query()["odds"] == "1"
    panel.toggle.value = False
    assert "odds" not in share.query()
    panel.toggle.value = True
    assert share.query()["odds"] == "1"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_panel_speaks_words_not_code_names(game: str, lang: str) -> None:
    """No bot class names ("Random", "RandomCard") and no order codes ("RGY") reach a pupil; Esels-Rennen's
    orders are the colours' words the pages use."""
    stepper = Stepper(game, 3, seed=4, lang=lang)
    decision(stepper)
    panel = ChancesPanel(stepper, shown=True)
    text = re.sub(r"<[^>]+>", " ", panel.body.value)
    assert re.search(r"\bRandom(Card)?\b", text) is None, text
    assert re.search(r"\b[RGY]{3}\b", text) is None, text
    if game == "esels_rennen":
        assert ("red–green–yellow" if lang == "en" else "rot–grün–gelb") in text


def test_double_down_says_safe_this_turn_and_double_donkey_its_keep_or_reroll_assumption() -> None:
    from donkeylab.double_donkey.chances import ASSUMED, ASSUMED_ROLL
    from donkeylab.double_down.chances import say as dn_say

    assert dn_say("safe").en == "safe this turn" and "diesem Zug sicher" in dn_say("safe").de
    assert "50 %" in ASSUMED.en and "50 %" in ASSUMED.de and "always rolled" in ASSUMED_ROLL.en


def test_every_move_tied_with_the_best_is_starred() -> None:
    """Two moves of equal value are equally good: starring only the first would tell a pupil the other is worse."""
    for seed in range(40):
        stepper = Stepper("double_down", 2, seed=seed)
        decision(stepper)
        table = info("double_down").chances(stepper.state, None)
        if len(table.moves) > 1 and table.moves[1].value == table.moves[0].value:
            break
    else:
        raise AssertionError("no position with a tie in 40 seeds")
    panel = ChancesPanel(stepper, shown=True)
    assert ["★ best" in row for row in rows(panel)][:2] == [True, True]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_what_is_counted_reads_as_a_sentence(game: str, lang: str) -> None:
    stepper = Stepper(game, 2, seed=4, lang=lang)
    decision(stepper)
    counted = re.search(r"<p class='dl-chances-counted'>(.*?)</p>", ChancesPanel(stepper, shown=True).body.value)
    assert counted and counted[1][0].isupper() and counted[1].endswith(".")
