"""The "copy link" reproduces what the Stepper shows now, read off the Stepper's current game (issue 17 §2).

The bug this guards: ``ShareLink``'s ``extra`` was frozen when the page was built, so a variant switched in the
teacher controls left a copied link with the old variant. Now the Stepper's every sync fills its ``link``
trait from its own rules (``links.link_values``) and the link is that trait.
"""

from __future__ import annotations

from donkeylab.apps import build
from donkeylab.links import game_params, rules_of
from donkeylab.pages.query import parse_query
from donkeylab.pages.registry import APPS
from donkeylab.widgets import ShareLink, Stepper, explorer
from tests.widgets.helpers import front_end, record


def test_a_variant_switched_in_the_teacher_controls_is_in_the_next_link() -> None:
    page = explorer("double_donkey", players=3, seed=4)
    share = ShareLink(page.stepper)
    assert "variant" not in share.query()  # the default variant: a link without it gives the same rules
    comm = record(page.stepper)
    assert page.controls is not None
    page.controls.options["variant"].value = "german"
    page.controls.apply()
    assert page.stepper.state.rules.variant == "german"
    assert share.query()["variant"] == "german"
    sent = [u["state"] for u in comm.updates() if "link" in u["state"]]
    assert sent and sent[-1]["link"]["variant"] == "german", "the page learns the new link with the new game"


def test_the_link_follows_step_language_and_seat_with_seats_counted_from_one() -> None:
    st = Stepper("double_down", 3, seed=7)
    share = ShareLink(st)
    st.step()
    st.step()
    front_end(st, lang="de", seat=2)
    assert share.query() == {"seed": "7", "players": "3", "step": str(st.index), "lang": "de", "seat": "3"}


def test_a_page_link_read_back_gives_the_same_rules_and_position() -> None:
    """Round trip through the app's own parameters: the free-play page of the link shows the same state."""
    page = build("double_donkey", "variant=german&tie_break=roll&seed=5&players=3")
    stepper = next(w for w in page.children if hasattr(w, "stepper")).stepper
    for _ in range(6):
        stepper.step()
    link = "&".join(f"{k}={v}" for k, v in stepper.link.items())
    query = parse_query(link, APPS["double_donkey"].params)
    assert not query.problems, query.problems
    assert rules_of(stepper.info, query.values) == stepper.state.rules
    again = next(w for w in build("double_donkey", link).children if hasattr(w, "stepper")).stepper
    assert again.full_snapshot() == stepper.full_snapshot()


def test_a_lesson_s_extra_never_overrides_the_stepper_s_own_values() -> None:
    st = Stepper("double_donkey", 3, rules={"variant": "german"})
    share = ShareLink(st, {"variant": "english", "policy": "lowest"})
    assert share.extra == {"policy": "lowest"}
    assert share.query()["variant"] == "german" and share.query()["policy"] == "lowest"
    assert set(game_params(st.info)) >= {"seed", "players", "step", "lang", "seat", "variant", "tie_break"}
