"""The Stepper driven as the browser would drive it: buttons are custom messages, switches are trait updates."""

from __future__ import annotations

import json
import threading

import pytest

from donkeylab import double_donkey as dd
from donkeylab import double_down as dn
from donkeylab.core import Match, RandomBot
from donkeylab.widgets import Stepper
from tests.widgets.helpers import click, front_end, record

GAMES = ("double_donkey", "double_down", "esels_rennen")


@pytest.mark.parametrize("game", GAMES)
def test_step_advances_and_updates_snapshot(game: str) -> None:
    st = Stepper(game, seed=3)
    assert st.index == 0 and st.length == 1 and st.snapshot["game"] == game
    first = st.snapshot
    st.step()
    assert st.index == 1 and st.length == 2
    assert st.snapshot != first and st.snapshot["events"], "the deal has events"
    json.dumps(st.snapshot)
    assert st.full_snapshot() == st.state.snapshot(None, "en")


@pytest.mark.parametrize("game", GAMES)
def test_back_forward_jump_keep_the_future(game: str) -> None:
    st = Stepper(game, seed=5, substeps=False)
    for _ in range(6):
        st.step()
    end = st.snapshot
    st.back()
    st.back()
    assert st.index == 4 and st.length == 7
    st.forward()
    st.forward()
    assert st.index == 6 and st.snapshot == end
    st.jump(0)
    assert st.index == 0 and st.length == 7
    st.jump(99)
    assert st.index == 0 and "outside the timeline" in st.error


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_timeline_however_navigated(game: str) -> None:
    a, b = Stepper(game, seed=11), Stepper(game, seed=11)
    for _ in range(30):
        a.step()
    for _ in range(12):
        b.step()
    b.jump(2)
    for _ in range(3):
        b.back()
    for _ in range(40):
        b.step()
    b.jump(a.index)
    assert b.match.states[a.index].history == a.state.history
    c = Stepper(game, seed=12)
    for _ in range(30):
        c.step()
    assert c.match.states[min(c.index, a.index)].history != a.match.states[min(c.index, a.index)].history


@pytest.mark.parametrize("game", GAMES)
def test_lang_de_changes_the_texts(game: str) -> None:
    st = Stepper(game, seed=2)
    for _ in range(3):
        st.step()
    english = (st.snapshot["phase_text"], [e["text"] for e in st.snapshot["events"]], st.log)
    front_end(st, lang="de")
    assert st.lang == "de" and st.snapshot["lang"] == "de"
    german = (st.snapshot["phase_text"], [e["text"] for e in st.snapshot["events"]], st.log)
    assert german != english and german[0] != english[0]


def test_dd_dice_2_illegal_click_sets_error_and_changes_nothing() -> None:
    """A die whose value is already on the Hay card: the error names DD-DICE-2, nothing moves."""
    st = Stepper("double_donkey", 4, seed=0, bots=None)
    st.play(dd.Deal(tuple(range(57))))
    st.play(dd.Roll.of(light_blue=2, dark_blue=3, orange=4, yellow=5, green=6, purple=1))
    assert st.play("Choose('light_blue')")
    st.play(dd.Roll.of(dark_blue=2, orange=2, yellow=5, green=6, purple=1))
    before = (st.index, st.length, st.snapshot)
    assert not st.play("Choose('dark_blue')")
    assert st.error.startswith("DD-DICE-2: ") and "2" in st.error
    assert (st.index, st.length, st.snapshot) == before
    front_end(st, lang="de")
    assert st.play("Choose('orange')") is False and st.error.startswith("DD-DICE-2: ")
    assert st.play("Choose('yellow')") and st.error == ""


def test_malformed_text_gets_a_clear_message() -> None:
    st = Stepper("double_down", 3, seed=1, bots=None)
    before = st.snapshot
    assert not st.play("PlayCard(")
    assert "is not an action of this game" in st.error
    assert not st.play("__import__('os')")
    assert st.snapshot == before and st.index == 0


def test_one_update_message_per_step() -> None:
    st = Stepper("double_down", 4, seed=8, substeps=False)
    comm = record(st)
    for k in range(1, 6):
        st.step()
        assert len(comm.updates()) == k, "each step must be one state update"
    state = comm.updates()[-1]["state"]
    assert {"snapshot", "index", "length", "log"} <= set(state)


def test_front_end_buttons_reach_the_methods() -> None:
    st = Stepper("esels_rennen", 3, seed=4, substeps=False)
    click(st, method="step")
    click(st, method="step")
    assert st.index == 2
    click(st, method="back")
    assert st.index == 1
    click(st, method="jump", k=0)
    assert st.index == 0
    click(st, method="forward")
    assert st.index == 1


def test_a_view_click_reaches_play() -> None:
    st = Stepper("double_down", 2, seed=1, bots=None)
    st.step()  # the deal: chance still steps with every seat human
    text = st.snapshot["legal"][0]["action"]
    click(st, method="play", action=text)
    assert st.error == "" and str(st.state.last_action) == text


def test_human_to_act_step_says_so() -> None:
    st = Stepper("double_down", 2, seed=1, bots=None)
    st.step()
    index = st.index
    st.step()
    assert st.index == index and "Player" in st.notice and st.error == ""


def test_bots_mapping_parsed_like_the_lab() -> None:
    st = Stepper("double_donkey", 3, seed=1, bots={0: "Greedy", 1: "Policy(lowest)"})
    assert set(st.match.bots) == {0, 1}
    with pytest.raises(ValueError, match="no bot"):
        Stepper("double_donkey", 3, bots={0: "Clever"})


def test_seat_view_hides_and_refuses_other_turns() -> None:
    st = Stepper("double_down", 3, seed=2, bots=None, seat=1)
    st.step()
    assert st.snapshot["seat"] == 1
    hands = st.snapshot["table"]["hands"]
    assert hands[1] is not None and hands[0] is None and hands[2] is None
    acting = st.state.current_player
    if acting != 1:
        assert not st.play(str(st.state.legal_actions()[0]))
        assert st.error


def test_substeps_walk_a_chain_hop_by_hop() -> None:
    """ER-CHAIN-1: a chain of several hops is shown one event at a time, forwards and back."""
    for seed in range(200):
        st = Stepper("esels_rennen", 3, seed=seed, substeps=False)
        st.match.run()
        long = [k for k, s in enumerate(st.match.states) if len(s.events) >= 3]
        if long:
            break
    k = long[0]
    st.substeps = True
    st.jump(k - 1)
    st.step()
    n = len(st.state.events)
    assert (st.index, st.substep) == (k, 1)
    for i in range(2, n + 1):
        st.step()
        assert (st.index, st.substep) == (k, i)
    st.back()
    assert (st.index, st.substep) == (k, n - 1)


def test_reset_changes_seed_rules_players() -> None:
    st = Stepper("double_donkey", 3, seed=1)
    st.step()
    st.reset(seed=9, rules=dd.Rules(variant="german"), players=5)
    assert (st.index, st.length, st.seed, st.players) == (0, 1, 9, 5)
    assert st.full_snapshot() == st.state.snapshot(None, "en"), "a reset must not show the old game's view"
    assert st.state.rules.variant == "german"
    st.reset(players=9)
    assert st.error and st.players == 5


def test_from_match_keeps_the_timeline() -> None:
    m = Match(dn.new_game(3), seed=4, bots={p: RandomBot() for p in range(3)})
    for _ in range(5):
        m.step()
    st = Stepper.from_match(m, lang="de")
    assert st.length == 6 and st.index == 5 and st.lang == "de"
    assert "Stepper('double_down'" in repr(st) and "0x" not in repr(st)


def test_run_plays_to_the_end_and_pause_stops() -> None:
    st = Stepper("double_down", 2, seed=3, substeps=False)
    st.speed = 20.0
    done = threading.Event()
    st.observe(lambda ch: done.set() if not ch["new"] else None, names="playing")
    st.run()
    assert st.playing
    st.pause()
    assert not st.playing and st._runner is None
    done.clear()
    st.speed = 50.0
    st.run()
    assert done.wait(60), "Play must stop by itself at the end of the game"
    assert st.state.is_terminal() and not st.playing


def test_a_link_inside_an_action_carries_the_sub_step_and_a_page_restores_it() -> None:
    """Issue 19 §3: a link made mid-chain (a hop of Esels-Rennen) reopens at that hop, not at the action's end."""
    from donkeylab.apps import build
    from tests.apps.helpers import find

    st = Stepper("esels_rennen", 3, seed=0)
    while not (st.substeps and 1 < st.substep < len(st.snapshot["events"])):  # inside a chain, past its move
        st.step()
    link = st.link
    assert link["sub"] == str(st.substep) and link["step"] == str(st.index)
    page = build("esels_rennen", "&".join(f"{k}={v}" for k, v in link.items()))
    (again,) = find(page, Stepper)
    assert (again.index, again.substep, again.link) == (st.index, st.substep, link)
    assert again.snapshot == st.snapshot
    # a whole action shows no sub in its link
    while again.substep < len(again.snapshot["events"]):
        again.step()
    assert "sub" not in again.link
    again.show_events("9x")  # not a number: an error, nothing moves
    assert again.error and again.substep == len(again.snapshot["events"])
