"""LivePlot without a browser: exact first, batches filling in, background runs, one plotly.js per kernel."""

from __future__ import annotations

import base64
import gzip
import json
import string
import threading
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
import traitlets

from donkeylab.core import CATALOGUE
from donkeylab.lab import figures, lessons, questions
from donkeylab.lab.questions import Question
from donkeylab.widgets import LivePlot, PlotlyBundle
from tests.widgets.helpers import click, front_end, record

CHEAP: dict[str, dict[str, Any]] = {
    "double_donkey.distinct_values": {"policy": "highest"},
    "double_donkey.flip": {"card": ("yellow",), "angry": ("yellow",)},
    "double_down.total_after": {"k": 2},
    "esels_rennen.race_orders": {"board": "tiny_chain"},
}


class Gate:
    """A coin-flip question whose batches wait until the test lets them go: runs stop where the test says."""

    def __init__(self) -> None:
        self.entered = threading.Event()  # a batch has started
        self.release = threading.Event()  # batches may finish

    def sample(self, size: int, seed: int, _params: dict[str, Any]) -> Counter[Any]:
        self.entered.set()
        if not self.release.wait(30):
            raise TimeoutError("the test never released the batch")
        heads = int(np.random.Generator(np.random.PCG64(seed)).binomial(size, 0.5))
        return Counter({"heads": heads, "tails": size - heads})

    def question(self) -> Question:
        def draw(ex: Any, counts: Any, n: int, _p: Any, lang: str) -> Any:
            sim = figures.estimates_from_counts(counts, n, list(ex)) if counts is not None else None
            return figures.exact_vs_simulated(ex, sim, "a coin", "side", lang=lang)

        exact = {"heads": Fraction(1, 2), "tails": Fraction(1, 2)}
        return Question("test.coin", "A fair coin", (), lambda _p: exact, draw, self.sample)


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    g = Gate()
    monkeypatch.setitem(questions.QUESTIONS, "test.coin", g.question())
    yield g
    g.release.set()


def test_exact_traces_are_there_before_any_simulation() -> None:
    plot = LivePlot("double_donkey.distinct_values", n=20_000, seed=1)
    assert plot.done == 0 and not plot.running and plot.simulated
    assert [t["type"] for t in plot.figure["data"]] == ["scatter"]
    exact = questions.get("double_donkey.distinct_values").exact()
    assert plot.figure["data"][0]["y"] == [float(p) for p in exact.values()]
    assert "DD-DICE-2" not in plot.figure["layout"]["title"]["text"]  # a pupil reads the title: no rule IDs
    json.dumps(plot.figure, allow_nan=False)


@pytest.mark.parametrize("name", sorted(CHEAP))
def test_run_fills_done_and_ends_with_the_labs_figure(name: str) -> None:
    plot = LivePlot(name, n=12_000, seed=3, batch=5_000, **CHEAP[name])
    plot.run()
    assert plot.done == 12_000 and not plot.running and plot.error == ""
    lab = questions.get(name).answer(12_000, 3, 5_000, CHEAP[name])
    assert plot.figure == figures.figure_json(lab)
    assert "bar" in [t["type"] for t in plot.figure["data"]]


def test_same_seed_and_n_give_the_lesson_figure() -> None:
    plot = LivePlot("double_down.total_after", n=30_000, seed=5, k=2)
    plot.run()
    assert plot.figure == figures.figure_json(lessons.figure("double_down.total_after", 30_000, 5, k=2))


def test_each_batch_is_one_message_with_done_and_figure() -> None:
    plot = LivePlot("double_down.total_after", n=3_000, seed=1, batch=1_000, k=2)
    comm = record(plot)
    plot.run()
    with_figure = [m["state"] for m in comm.updates() if "figure" in m["state"]]
    assert [s["done"] for s in with_figure] == [1_000, 2_000, 3_000]
    assert all("texts" in s for s in with_figure)


def test_start_leaves_the_caller_free_and_stop_ends_within_one_batch(gate: Gate) -> None:
    plot = LivePlot("test.coin", n=10_000, seed=2, batch=1_000)
    plot.start()  # returns while the background run is held inside its first batch
    assert gate.entered.wait(30)
    assert plot.running and plot.done == 0
    plot.stop(wait=False)
    gate.release.set()
    assert plot.wait(30)
    assert not plot.running and plot.done == 1_000, "the batch in progress finishes, no further one starts"
    plot.start()  # resumes at batch 1: the end result is the uninterrupted run's
    assert plot.wait(30)
    assert plot.done == 10_000
    assert plot.figure == figures.figure_json(questions.get("test.coin").answer(10_000, 2, 1_000))


def test_front_end_start_and_stop_buttons(gate: Gate) -> None:
    plot = LivePlot("test.coin", n=5_000, batch=1_000)
    click(plot, method="start")
    assert gate.entered.wait(30) and plot.running
    click(plot, method="stop")  # does not block the kernel: the run ends after the batch in progress
    gate.release.set()
    assert plot.wait(30) and plot.done == 1_000 and not plot.running


def test_a_failing_simulation_shows_a_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(size: int, seed: int, params: dict[str, Any]) -> Counter[Any]:
        raise ValueError("the dice rolled away")

    coin = Gate().question()
    monkeypatch.setitem(
        questions.QUESTIONS, "test.coin", Question("test.coin", "", (), coin.exact_fn, coin.draw, broken)
    )
    plot = LivePlot("test.coin", n=2_000, batch=1_000)
    with pytest.raises(ValueError, match="rolled away"):
        plot.run()
    assert "rolled away" in plot.error and not plot.running and plot.done == 0
    plot.start()
    assert plot.wait(30) and "rolled away" in plot.error and not plot.running
    plot.lang = "de"
    plot.reset()
    assert plot.error == ""


def test_reset_starts_over_with_the_exact_answer() -> None:
    plot = LivePlot("double_donkey.distinct_values", n=4_000, seed=1, batch=2_000)
    plot.run()
    plot.reset(seed=9, n=6_000, policy="lowest")
    assert (plot.seed, plot.n, plot.done) == (9, 6_000, 0)
    assert plot.params == {"policy": "lowest", "last_die": "choose"}
    assert [t["type"] for t in plot.figure["data"]] == ["scatter"]
    assert "(bots choosing the lowest number)" in plot.figure["layout"]["title"]["text"]
    with pytest.raises(ValueError, match="must be one of"):
        plot.reset(policy="cleverest")
    assert plot.params["policy"] == "lowest", "bad input changes nothing"
    plot.run()
    lab = questions.get("double_donkey.distinct_values").answer(6_000, 9, 2_000, {"policy": "lowest"})
    assert plot.figure == figures.figure_json(lab)


def test_setting_seed_n_or_batch_directly_starts_over() -> None:
    plot = LivePlot("double_down.total_after", n=2_000, seed=1, batch=1_000, k=1)
    plot.run()
    plot.seed = 4
    assert plot.done == 0 and [t["type"] for t in plot.figure["data"]] == ["scatter"]
    plot.run()
    plot.batch = 500
    assert plot.done == 0
    plot.run()
    lab = questions.get("double_down.total_after").answer(2_000, 4, 500, {"k": 1})
    assert plot.done == 2_000 and plot.figure == figures.figure_json(lab)


def test_exact_only_question_has_nothing_to_run() -> None:
    plot = LivePlot("double_down.risk")
    assert not plot.simulated
    plot.run()
    plot.start()
    assert plot.done == 0 and not plot.running
    assert [t["type"] for t in plot.figure["data"]] == ["bar", "bar", "bar"]


def test_one_plotly_bundle_per_process_shared_by_every_plot() -> None:
    a = LivePlot("double_down.total_after", n=1_000, k=1)
    b = LivePlot("double_donkey.distinct_values", n=1_000)
    assert a.bundle is b.bundle is PlotlyBundle.shared()
    assert isinstance(a.bundle, PlotlyBundle)
    assert a.get_state()["bundle"] == f"anywidget:{a.bundle.model_id}"
    a.bundle.fill()
    source = gzip.decompress(base64.b64decode(a.bundle.source))
    assert "window.Plotly = Plotly;" in source.decode(), "the bundle carries plotly.js itself"
    assert len(a.bundle.source) < 0.45 * len(source), "gzipped: about 2.0 of 4.8 MB go over the websocket"
    assert len(a.bundle._esm) < 5_000, "its module is small: it starts at once and runs plotly.js as a script"
    assert len(a._esm) < 50_000 and "Plotly.newPlot" not in a._esm, "plotly.js is not in a plot's own module"


def test_the_bundle_is_sent_when_the_page_asks_and_only_once() -> None:
    bundle = PlotlyBundle()
    assert bundle.source == "" and len(json.dumps(bundle.get_state())) < 10_000, "not in the page's first state"
    comm = record(bundle)
    click(bundle, ask="something else")
    assert bundle.source == "" and not comm.updates()
    click(bundle, ask="source")
    assert [list(u["state"]) for u in comm.updates()] == [["source"]]
    assert len(comm.updates()[0]["state"]["source"]) > 1_000_000
    for _ in range(3):
        click(bundle, ask="source")  # a forged page asking again: no second 2 MB
    assert len(comm.updates()) == 1


def test_the_exact_figure_is_built_once_and_never_shared_between_plots() -> None:
    a = LivePlot("double_down.total_after", n=1_000, k=2, lang="de")
    b = LivePlot("double_down.total_after", n=1_000, k=2, lang="de")
    assert a.figure == b.figure and a.figure is not b.figure
    q = questions.get("double_down.total_after")
    params = q.resolve({"k": 2})
    assert a.figure == figures.figure_json(q.figure(q.exact(params), None, 0, params, "de")), "as built without cache"
    assert LivePlot("double_down.total_after", n=1_000, k=3, lang="de").figure != a.figure


def test_a_closed_bundle_is_made_again() -> None:
    old = PlotlyBundle.shared()
    old.close()
    new = LivePlot("double_down.total_after", n=1_000, k=1).bundle
    assert new is not old and new is PlotlyBundle.shared()


def test_a_bundle_made_before_ipykernel_took_over_the_comms_is_made_again() -> None:
    """Importing ipykernel's kernel swaps comm's manager for one that never heard of older comms (the fresh
    run's failure: closing the stale bundle raised KeyError)."""
    import ipykernel.ipkernel  # noqa: F401  (swaps ``comm.get_comm_manager``, as a kernel does)

    PlotlyBundle.shared().close()
    assert LivePlot("double_down.total_after", n=1_000, k=1).bundle is PlotlyBundle.shared()


def test_repr_has_no_memory_address() -> None:
    plot = LivePlot("esels_rennen.race_orders", n=1_000, board="tiny_chain")
    assert repr(plot) == "LivePlot('esels_rennen.race_orders', n=1000, seed=0, batch=10000, board='tiny_chain', done=0)"
    assert repr(plot.bundle).startswith("PlotlyBundle(plotly.js ") and "0x" not in repr(plot.bundle)


def test_questions_lists_the_lesson_questions() -> None:
    assert set(CHEAP) | {"double_down.risk"} <= set(LivePlot.questions())
    with pytest.raises(KeyError, match="no lesson question"):
        LivePlot("double_donkey.nonsense")
    plot = LivePlot("double_down.total_after", n=1_000)
    with pytest.raises(traitlets.TraitError):
        plot.question = "double_donkey.flip"


def test_controls_speak_english_and_german() -> None:
    plot = LivePlot("double_down.total_after", n=25_000, k=1)
    assert plot.texts["progress"] == "0 of 25,000 trials simulated"
    plot.lang = "de"
    assert plot.texts["progress"] == "0 von 25.000 Durchgängen simuliert" and plot.texts["stop"] == "Stopp"
    for key, msg in CATALOGUE.messages.items():
        if key.startswith("liveplot/"):
            en, de = ({f for _, f, _, _ in string.Formatter().parse(s) if f} for s in (msg.en, msg.de))
            assert en == de, key


def test_the_figure_follows_lang_in_one_message() -> None:
    plot = LivePlot("double_down.total_after", n=2_000, seed=1, batch=1_000, lang="de", k=2)
    assert plot.figure["layout"]["title"]["text"].startswith("Double Down: Summe nach 2 Karten")
    assert [t["name"] for t in plot.figure["data"]] == ["exakt"], "the exact figure is German from the start"
    plot.run()
    german = plot.figure
    assert german["data"][0]["name"] == "simuliert (n=2.000, 95-%-Intervall)"
    comm = record(plot)
    plot.lang = "en"
    assert [set(m["state"]) for m in comm.updates()] == [{"lang", "texts", "figure"}], "one message"
    lab = questions.get("double_down.total_after").answer(2_000, 1, 1_000, {"k": 2})
    assert plot.figure == figures.figure_json(lab), "the counts stay; only the words change"
    assert plot.figure["layout"]["title"]["text"].startswith("Double Down: total after 2 cards")
    front_end(plot, lang="de")  # the page's language menu
    assert plot.figure == german and plot.texts["stop"] == "Stopp" and plot.done == 2_000


def test_no_widget_syncs_a_binary_trait() -> None:
    """Voila 0.5 misreads a binary message to a client of the older kernel protocol and loops for minutes
    (it froze the classroom benchmark's server): every synced trait of ours must travel as JSON."""
    import ipywidgets

    import donkeylab.widgets as package
    from donkeylab.widgets.share import ShareLink

    classes = {c for c in vars(package).values() if isinstance(c, type) and issubclass(c, ipywidgets.Widget)}
    classes.add(ShareLink)
    assert {LivePlot, PlotlyBundle, ShareLink} <= classes and len(classes) >= 10
    for cls in classes:
        for name, trait in cls.class_traits(sync=True).items():
            assert not isinstance(trait, traitlets.Bytes), f"{cls.__name__}.{name} would be a binary buffer"


def test_an_empty_running_chart_runs_its_trials_axis_to_its_own_n() -> None:
    """The lab's empty frame runs 1 to 1,000,000 trials; a plot of 5,000 shows 1 to 5,000 before Start (a
    reviewer read "the axis runs to 1,000,000" on a page that simulates 10,000)."""
    plot = LivePlot("double_donkey.free_choice", 5_000, 0, 500)
    assert plot.figure["layout"]["xaxis"]["range"] == pytest.approx([0, np.log10(5_000)])
    plot.run()
    assert "range" not in plot.figure["layout"]["xaxis"] or plot.figure["layout"]["xaxis"]["range"][1] != 6
