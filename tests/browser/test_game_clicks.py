"""Clicks on the game itself (not the Stepper's buttons), in the free-play apps.

Each test opens a link to a telling position found here, in Python, with the same builder the page uses
(``donkeylab.apps.build``: same seed, same bots, same timeline), so the sentence a forbidden click must show
is the one the engine gives for that very state. Then: a forbidden click shows the rule's sentence in the
Stepper's error line and changes nothing; an allowed click applies the action.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect

from donkeylab.apps import build
from donkeylab.widgets import Stepper
from tests.browser.helpers import App

MAX_STEPS = 400


def stepper_of(widget: Any) -> Stepper:
    """The first Stepper in an app page's widget tree."""
    if isinstance(widget, Stepper):
        return widget
    for child in [getattr(widget, "stepper", None), *getattr(widget, "children", ())]:
        if child is not None and (found := stepper_of_or_none(child)) is not None:
            return found
    raise LookupError("no Stepper on the page")


def stepper_of_or_none(widget: Any) -> Stepper | None:
    try:
        return stepper_of(widget)
    except LookupError:
        return None


def first_step(name: str, query: str, found: Callable[[dict[str, Any]], bool]) -> tuple[int, Stepper]:
    """The first step of the app's timeline (for ``query``) whose snapshot satisfies ``found``."""
    stepper = stepper_of(build(name, query))
    for _ in range(MAX_STEPS):
        snap = {**stepper.snapshot, "table": {**getattr(stepper, "static", {}), **stepper.snapshot["table"]}}
        if found(snap):
            return stepper.index, stepper
        stepper.advance(1)
    raise AssertionError(f"{name}?{query}: no such step in {MAX_STEPS} actions")


def refusal(stepper: Stepper, action: str) -> str:
    """The sentence the page must show for ``action`` at the Stepper's state (the state is kept)."""
    assert not stepper.play(action), f"{action} was allowed"
    return str(stepper.error)


def shown_text(stepper: Stepper) -> str:
    """The Stepper bar's sentence: the event being walked inside an action, else the phase sentence."""
    events = stepper.snapshot["events"]
    if len(events) > 1 and stepper.substep < len(events):
        return str(events[stepper.substep - 1]["text"])
    return str(stepper.snapshot["phase_text"])


def at_pos(index: int) -> re.Pattern[str]:
    return re.compile(rf"^step {index}(?: of {index}\b| · )")  # inside a step's events: "step 6 · event 2 of 2"


# ---------------------------------------------------------------------------------------------- Double Donkey
def blocked_and_free_dice(snap: dict[str, Any]) -> bool:
    rolled = [d for d in snap["table"]["dice"] if d["rolled"] is not None and d["hay"] is None]
    return bool(snap["legal"]) and any(d["choosable"] for d in rolled) and any(not d["choosable"] for d in rolled)


def test_double_donkey_blocked_die_says_dd_dice_2_free_die_goes_to_the_hay_card_and_cards_play(app: App) -> None:
    k, stepper = first_step("double_donkey", "seed=0", blocked_and_free_dice)
    dice = stepper.snapshot["table"]["dice"]
    blocked = next(d["colour"] for d in dice if d["rolled"] is not None and d["hay"] is None and not d["choosable"])
    free = next(d["colour"] for d in dice if d["choosable"])
    sentence = refusal(stepper, f"Choose('{blocked}')")
    assert sentence.startswith("DD-DICE-2")

    app.open("double_donkey.ipynb", f"seed=0&step={k}")
    bar = app.bar()
    expect(bar.pos).to_have_text(at_pos(k))
    # the table's text alternative states the position (test_keyboard.py checks the other views' alternatives)
    expect(app.page.get_by_role("group", name=re.compile(r"^Round \d+\. "))).to_have_count(1)
    app.page.locator(f".dl-rolled .dl-die.dl-blocked[data-colour='{blocked}']").click()
    expect(bar.error).to_have_text(sentence)
    expect(bar.pos).to_have_text(at_pos(k))
    app.screenshot("double_donkey-blocked-die")

    app.page.locator(f".dl-rolled .dl-die.dl-choosable[data-colour='{free}']").click()
    expect(app.page.locator(f".dl-hay .dl-die[data-colour='{free}']")).to_be_visible()
    expect(bar.pos).to_have_text(at_pos(k + 1))
    expect(bar.error).to_be_hidden()

    # On to the secret choice: the player to act clicks the cards of a legal play, then "Play".
    hand_cards = app.page.locator(".dl-dd-seat.dl-acting button.dl-dd-card")
    for _ in range(MAX_STEPS):
        if hand_cards.count():
            break
        bar.step()
        bar.step_to_action_end()
    play = bar.choices.first.get_attribute("data-action") or ""
    ids = [int(x) for x in re.findall(r"\d+", play.split(",", 1)[1])]
    index = bar.index()
    for card in ids:
        app.page.locator(f".dl-dd-seat.dl-acting button.dl-dd-card[data-card='{card}']").click()
    button = app.page.locator(".dl-dd-seat.dl-acting button.dl-play-cards")
    expect(button).to_have_attribute("data-action", play)
    app.screenshot("double_donkey-cards-picked")
    button.click()
    expect(bar.pos).to_have_text(at_pos(index + 1))
    expect(bar.error).to_be_hidden()
    app.check_console()


# ---------------------------------------------------------------------------------------------- Double Down
def double_turn_with_a_2x(snap: dict[str, Any]) -> bool:
    t, player = snap["table"], snap["current_player"]
    return isinstance(player, int) and t["pending_2x"] == 2 and "2x" in (t["hands"][player] or [])


def test_double_down_2x_cannot_open_a_double_turn_a_legal_card_plays_and_a_seat_waits_its_turn(app: App) -> None:
    k, stepper = first_step("double_down", "seed=0", double_turn_with_a_2x)
    sentence = refusal(stepper, "PlayCard('2x')")
    assert sentence.startswith("DN-")

    app.open("double_down.ipynb", f"seed=0&step={k}")
    bar = app.bar()
    expect(bar.pos).to_have_text(at_pos(k))
    hand = app.page.locator(".dl-running-total .dl-hand")
    hand.locator("button.dl-card[data-action=\"PlayCard('2x')\"]").first.click()
    expect(bar.error).to_have_text(sentence)
    expect(bar.pos).to_have_text(at_pos(k))
    app.screenshot("double_down-2x-refused")

    legal = hand.locator("button.dl-card.dl-legal").first
    action = legal.get_attribute("data-action") or ""
    assert stepper.play(action), f"{action} is marked legal on the page but refused"
    legal.click()
    expect(bar.pos).to_have_text(at_pos(k + 1))
    expect(bar.error).to_be_hidden()
    expect(bar.phase).to_have_text(shown_text(stepper))

    # Another player's seat view: their cards are there, but it is not their turn.
    acting = stepper.snapshot["current_player"]
    other = next(p for p in range(stepper.players) if p != acting and stepper.snapshot["table"]["hand_sizes"][p])
    bar.seat.select_option(str(other))
    expect(app.page.locator(".dl-running-total .dl-caption")).to_have_text(
        f"Hand of Player {other + 1} — wait for your turn"
    )
    waiting = hand.locator("button.dl-card.dl-waiting").first
    expect(waiting).to_have_attribute("aria-disabled", "true")
    waiting.click(force=True)  # a real mouse click; Playwright would wait for an aria-disabled button forever
    expect(bar.error).to_have_text(f"You watch as Player {other + 1}: it is not your turn.")
    expect(bar.pos).to_have_text(at_pos(k + 1))
    app.screenshot("double_down-seat-not-your-turn")
    app.check_console()


# ---------------------------------------------------------------------------------------------- Esels-Rennen
def donkeys_can_move(snap: dict[str, Any]) -> bool:
    return bool(snap["table"].get("moves"))


def test_esels_rennen_donkey_then_field_moves_and_a_wrong_field_says_the_rule(app: App) -> None:
    k, stepper = first_step("esels_rennen", "seed=0", donkeys_can_move)
    table = {**stepper.static, **stepper.snapshot["table"]}
    move = table["moves"][0]
    donkey, target = move["donkey"], move["to"]
    targets = {m["to"] for m in table["moves"] if m["donkey"] == donkey}
    occupied = set(table["donkeys"].values())
    wrong = next(
        f["id"] for f in table["board"]["fields"] if f["id"] not in targets | occupied and f["kind"] != "start"
    )
    sentence = refusal(stepper, f"Move('{donkey}', '{wrong}')")
    assert sentence.startswith("ER-")

    app.open("esels_rennen.ipynb", f"seed=0&step={k}")
    bar = app.bar()
    expect(bar.pos).to_have_text(at_pos(k))
    board = app.page.locator(".dl-race svg.dl-board")
    board.locator(f".dl-donkey[data-donkey='{donkey}']").click()
    expect(board.locator(".dl-field.dl-target")).to_have_count(len(targets))
    board.locator(f".dl-field[data-field='{wrong}']").click()
    expect(bar.error).to_have_text(sentence)
    expect(bar.pos).to_have_text(at_pos(k))
    app.screenshot("esels_rennen-wrong-field")

    board.locator(f".dl-donkey[data-donkey='{donkey}']").click()
    board.locator(f".dl-field.dl-target[data-field='{target}']").click()
    expect(bar.pos).to_have_text(re.compile(rf"^step {k + 1}(?: of {k + 1}\b| · )"))
    expect(bar.error).to_be_hidden()
    bar.step_to_action_end()
    app.screenshot("esels_rennen-moved")
    app.check_console()
