"""A pupil's browser is untrusted: forged traits and messages are bounded, refused with a short sentence, rate
limited, and a refused trait goes back to the browser at the kernel's value (``widgets/guard.py``)."""

from __future__ import annotations

import math
import time
from typing import Any

import pytest
import traitlets

from donkeylab.lab import questions
from donkeylab.widgets import EventLog, LivePlot, PlotlyBundle, RuleExplainer, Stepper, guard
from donkeylab.widgets.share import ShareLink
from tests.widgets.helpers import click, front_end, record

HUGE = "x" * 9_000_000


def sent_state(comm: Any, name: str) -> list[Any]:
    """The values of ``name`` the kernel sent to the browser (updates only, echoes excluded)."""
    return [m["state"][name] for m in comm.updates() if name in m["state"]]


@pytest.mark.parametrize("speed", [math.nan, math.inf, -math.inf, 0.0, 1e9, "fast"])
def test_a_forged_speed_is_refused_and_sent_back(speed: Any) -> None:
    st = Stepper("double_down", 3, seed=1)
    comm = record(st)
    front_end(st, speed=speed)
    assert st.speed == 2.0
    assert sent_state(comm, "speed")[-1] == 2.0, "the browser gets the kernel's speed back"
    assert st.error and len(st.error) < 200


def test_a_good_speed_from_the_slider_is_taken() -> None:
    st = Stepper("double_down", 3, seed=1)
    front_end(st, speed=7.5)
    assert st.speed == 7.5 and st.error == ""


@pytest.mark.parametrize("k", [math.inf, -math.inf, math.nan, 1e300, 10**400, "3", [1], None, True, 2.5, -1, HUGE])
def test_jump_to_anything_but_a_step_number_is_a_sentence(k: Any) -> None:
    st = Stepper("double_down", 3, seed=1, substeps=False)
    for _ in range(3):
        st.step()
    click(st, method="jump", k=k)
    assert st.index == 3 and "outside the timeline" in st.error
    assert len(st.error) < 120, "at most a few dozen characters of the input are quoted"
    st.jump(k)  # the Python method is as careful
    assert st.index == 3 and len(st.error) < 120
    click(st, method="jump", k=1.0)
    assert st.index == 1 and st.error == ""


def test_a_huge_action_text_is_quoted_short() -> None:
    st = Stepper("double_down", 3, seed=1)
    click(st, method="play", action=HUGE)
    assert st.error and len(st.error) < 400 and HUGE[:1000] not in st.error
    click(st, method="play", action={"a": [1] * 1000})
    assert st.error and len(st.error) < 400


@pytest.mark.parametrize("seed", [math.inf, -1, 2**64, "abc", [1]])
def test_reset_with_a_forged_seed_is_refused(seed: Any) -> None:
    st = Stepper("double_down", 3, seed=4)
    click(st, method="reset", seed=seed)
    assert st.seed == 4 and st.error and len(st.error) < 200


@pytest.mark.parametrize("seat", [7, -1, 1.5, "1", HUGE])
def test_a_forged_seat_is_refused_by_validation_and_sent_back(seat: Any) -> None:
    st = Stepper("double_down", 3, seed=1, seat=1)
    comm = record(st)
    front_end(st, seat=seat)
    assert st.seat == 1 and st.snapshot["seat"] == 1
    assert sent_state(comm, "seat")[-1] == 1
    assert st.error and len(st.error) < 200
    front_end(st, seat=None)
    assert st.seat is None and st.error == ""


@pytest.mark.parametrize("name", ["snapshot", "index", "length", "playing", "error", "seed", "game", "texts"])
def test_kernel_traits_cannot_be_written_by_the_page(name: str) -> None:
    st = Stepper("double_down", 3, seed=1)
    st.step()
    before = getattr(st, name)
    comm = record(st)
    forged = {"snapshot": {}, "index": 10**9, "length": -5, "playing": True, "error": HUGE}.get(name, "x")
    front_end(st, **{name: forged})
    assert getattr(st, name) == before or name == "error"
    assert sent_state(comm, name), "the kernel's value goes back"
    assert "set by the kernel" in st.error and len(st.error) < 200


def test_views_explainer_and_share_refuse_every_page_write() -> None:
    st = Stepper("double_down", 3, seed=1)
    for widget in (EventLog(st), RuleExplainer(st), ShareLink(st, {"variant": "x"}), PlotlyBundle.shared()):
        keys = [k for k in widget.keys if not k.startswith("_") and k not in ("layout", "tabbable", "tooltip")]
        name = keys[-1]
        before = getattr(widget, name)
        comm = record(widget)
        front_end(widget, **{name: "forged"})
        assert getattr(widget, name) == before, (type(widget).__name__, name)
        assert sent_state(comm, name)


def test_a_thousand_forged_messages_are_cut_to_the_bucket_and_told_once(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [0.0]
    monkeypatch.setattr(guard, "PAGE_LIMIT", guard.TokenBucket(guard.MESSAGES_PER_SECOND, guard.BURST, lambda: now[0]))
    st = Stepper("double_down", 3, seed=1, substeps=False)
    handled: list[Any] = []
    st.on_msg(lambda _w, content, _b: handled.append(content))
    errors: list[str] = []
    st.observe(lambda change: errors.append(change["new"]), names="error")
    for _ in range(1_000):
        click(st, method="forward")
    assert len(handled) == guard.BURST
    assert [e for e in errors if e] == [guard.say("flood", "en")], "the page is told once"
    now[0] += 1.0  # a second later: 50 more
    for _ in range(100):
        click(st, method="forward")
    assert len(handled) == guard.BURST + guard.MESSAGES_PER_SECOND


def test_the_flood_sentence_speaks_the_pages_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guard, "PAGE_LIMIT", guard.TokenBucket(1, 2, lambda: 0.0))
    st = Stepper("double_down", 3, seed=1, lang="de")
    for _ in range(5):
        click(st, method="forward")
    assert st.error == guard.say("flood", "de") != guard.say("flood", "en")


def test_ping_is_answered_with_pong_and_does_not_spend_the_page_bucket(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guard, "PAGE_LIMIT", guard.TokenBucket(1, 1, lambda: 0.0))
    st = Stepper("double_down", 3, seed=1)
    comm = record(st)
    for k in range(5):
        click(st, ping=k)
    pongs = [m["content"] for m in comm.messages if m.get("method") == "custom"]
    assert pongs == [{"pong": k} for k in range(5)]
    click(st, ping=math.inf)
    click(st, ping=HUGE)
    assert len([m for m in comm.messages if m.get("method") == "custom"]) == 5, "a forged ping gets no answer"
    click(st, method="forward")
    assert st.error == "", "the pings left the page's bucket alone"


def test_the_lost_kernel_banner_comes_from_the_kernel_in_the_pages_language() -> None:
    st = Stepper("double_down", 3, seed=1)
    assert st.texts["lost"] == "This page lost its connection to the server: reload the page."
    front_end(st, lang="de")
    assert st.texts["lost"] == "Diese Seite hat die Verbindung zum Server verloren: Lade die Seite neu."


# ---------------------------------------------------------------------------------------------- LivePlot
@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("n", 1e10),
        ("n", 10**12),
        ("n", -1),
        ("n", math.nan),
        ("n", "5"),
        ("batch", 10**9),
        ("batch", 0),
        ("batch", math.inf),
        ("seed", math.inf),
        ("seed", -3),
        ("n", HUGE),
    ],
)
def test_a_liveplot_refuses_forged_bounds_and_sends_its_value_back(name: str, value: Any) -> None:
    plot = LivePlot("double_down.total_after", n=2_000, seed=1, batch=1_000, k=2)
    before = getattr(plot, name)
    comm = record(plot)
    front_end(plot, **{name: value})
    assert getattr(plot, name) == before
    assert sent_state(comm, name)[-1] == before, "the browser gets the kernel's value back"
    assert plot.error and len(plot.error) < 250 and plot.done == 0


def test_the_refusal_speaks_the_plots_language() -> None:
    plot = LivePlot("double_down.total_after", n=2_000, seed=1, batch=1_000, lang="de", k=2)
    front_end(plot, n=10**12)
    assert plot.error.startswith("1000000") and "Durchgänge wurden abgelehnt" in plot.error
    assert "1.000.000" in plot.error, "the bound is written the German way"


def test_bounds_come_from_the_question() -> None:
    for name in LivePlot.questions():
        q = questions.get(name)
        assert 0 < q.max_batch <= q.max_n and q.max_n // q.max_batch <= questions.MAX_BATCHES * 100
    variants = questions.get("double_donkey.variants")
    assert variants.max_batch < questions.MAX_BATCH and variants.max_n < questions.MAX_N
    plot = LivePlot("double_donkey.variants", n=100, seed=1, batch=10)
    front_end(plot, batch=51)
    assert plot.batch == 10 and plot.error
    front_end(plot, batch=50, n=5_000)
    assert (plot.batch, plot.n, plot.error) == (50, 5_000, "")
    with pytest.raises(traitlets.TraitError):
        LivePlot("double_down.total_after", n=questions.MAX_N + 1)


def test_too_many_redraws_are_refused() -> None:
    plot = LivePlot("double_down.total_after", n=1_000_000, seed=1, batch=10_000, k=2)
    front_end(plot, batch=1)  # a million redraws
    assert plot.batch == 10_000 and plot.error


def test_a_good_front_end_setting_is_taken() -> None:
    plot = LivePlot("double_down.total_after", n=2_000, seed=1, batch=1_000, k=2)
    front_end(plot, n=3_000, seed=5)
    assert (plot.n, plot.seed, plot.error) == (3_000, 5, "")


def test_a_huge_run_builds_nothing_proportional_to_n_up_front() -> None:
    q = questions.get("double_down.total_after")
    first = next(iter(q.batches(10**15, seed=1, batch=1_000, params={"k": 2})))  # instant: nothing listed
    assert first[0] == 1_000
    last = next(iter(q.batches(10**15 + 7, seed=1, batch=1_000, params={"k": 2}, first=10**12)))
    assert last[0] == 10**15 + 7


def test_stop_from_the_page_takes_effect_within_a_second() -> None:
    plot = LivePlot("double_donkey.distinct_values", n=questions.MAX_N, seed=1, batch=questions.MAX_BATCH)
    click(plot, method="start")
    deadline = time.monotonic() + 30
    while plot.done == 0 and time.monotonic() < deadline:  # until the first batch is in: the run is going
        time.sleep(0.01)  # polling another thread's progress: LivePlot has no event for "a batch is done"
    asked = time.perf_counter()
    click(plot, method="stop")
    assert plot.wait(timeout=5)
    assert time.perf_counter() - asked < 1.0 and 0 < plot.done < plot.n


def test_liveplot_pongs_and_carries_the_lost_banner() -> None:
    plot = LivePlot("double_down.total_after", n=2_000, seed=1, batch=1_000, k=2)
    comm = record(plot)
    click(plot, ping=7)
    assert [m["content"] for m in comm.messages if m.get("method") == "custom"] == [{"pong": 7}]
    assert plot.texts["lost"] == guard.say("lost", "en")
    plot.lang = "de"
    assert plot.texts["lost"] == guard.say("lost", "de")
