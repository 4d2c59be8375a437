"""The lesson-question registry: exact answers, seeded batch simulations, and the one figure lessons also draw."""

from __future__ import annotations

from fractions import Fraction
from itertools import islice, pairwise
from typing import Any

import pytest

from donkeylab.lab import lessons, questions
from tests.lab.agreement import assert_distribution_matches

LESSON_QUESTIONS = (
    "double_donkey.distinct_values",
    "double_donkey.flip",
    "double_down.total_after",
    "double_down.risk",
    "esels_rennen.race_orders",
)
CHEAP: dict[str, dict[str, Any]] = {"esels_rennen.race_orders": {"board": "tiny_chain"}}  # the default board: ~3 s
SIMULATED = [name for name in LESSON_QUESTIONS if name != "double_down.risk"]


def test_registry_lists_the_lesson_questions() -> None:
    assert set(LESSON_QUESTIONS) <= set(questions.names())
    assert questions.names() == sorted(questions.names())
    for name in LESSON_QUESTIONS:
        q = questions.get(name)
        assert q.name == name and q.title
    with pytest.raises(KeyError, match=r"known: double_donkey\.distinct_values"):
        questions.get("double_donkey.nonsense")


@pytest.mark.parametrize("name", LESSON_QUESTIONS)
def test_exact_answer_is_a_distribution_summing_to_one(name: str) -> None:
    q = questions.get(name)
    dists = q.distributions(q.exact(CHEAP.get(name)))
    assert dists
    for group, dist in dists.items():
        assert all(isinstance(p, Fraction) and p >= 0 for p in dist.values()), group
        assert sum(dist.values()) == 1, f"{name} {group}"


def test_parameters_have_defaults_and_are_checked() -> None:
    q = questions.get("double_down.total_after")
    assert q.defaults == {"k": 3, "replacement": False}
    assert q.resolve({"k": "2"}) == {"k": 2, "replacement": False}
    with pytest.raises(ValueError, match="no parameter"):
        q.resolve({"cards": 2})
    with pytest.raises(ValueError, match="must be one of"):
        questions.get("double_donkey.distinct_values").resolve({"policy": "cleverest"})
    assert questions.get("double_donkey.flip").resolve({"card": "orange", "angry": ["orange"]})["card"] == ("orange",)


@pytest.mark.parametrize("name", SIMULATED)
def test_simulation_is_cumulative_and_reproducible(name: str) -> None:
    q = questions.get(name)
    params = CHEAP.get(name)
    run = list(q.simulate(2_500, seed=4, batch=1_000, params=params))
    assert [done for done, _ in run] == [1_000, 2_000, 2_500]
    groups = len(q.distributions(q.exact(params)))
    assert sum(run[-1][1].values()) == 2_500 * groups
    for (_, before), (_, after) in pairwise(run):
        assert all(after[k] >= c for k, c in before.items()), "counts only grow"
    assert run == list(q.simulate(2_500, seed=4, batch=1_000, params=params))
    assert run != list(q.simulate(2_500, seed=5, batch=1_000, params=params))


def test_simulation_does_not_depend_on_how_it_is_iterated() -> None:
    """Interleaving two runs, stopping one early, or running fewer trials: batch b is always the same batch."""
    q = questions.get("double_donkey.distinct_values")
    a, b = q.simulate(5_000, seed=9, batch=1_000), q.simulate(5_000, seed=9, batch=1_000)
    interleaved = [x for pair in zip(a, b, strict=True) for x in pair]
    assert interleaved[0::2] == interleaved[1::2]
    shorter = list(q.simulate(3_000, seed=9, batch=1_000))
    assert shorter == interleaved[0::2][:3]
    assert list(islice(q.simulate(5_000, seed=9, batch=1_000), 2)) == shorter[:2]


def test_exact_only_question_simulates_nothing_and_draws_the_exact_figure() -> None:
    q = questions.get("double_down.risk")
    assert not q.simulated and list(q.simulate(1_000, seed=1)) == []
    assert q.figure(q.exact(), None, 0).to_plotly_json() == lessons.figure("double_down.risk", 0).to_plotly_json()


@pytest.mark.parametrize(
    ("name", "lesson"),
    [
        (
            "double_donkey.distinct_values",
            lambda n, s: lessons.figure("double_donkey.distinct_values", n, s, policy="lowest"),
        ),
        (
            "double_donkey.flip",
            lambda n, s: lessons.figure("double_donkey.flip", n, s, card=("orange",), angry=("orange", "yellow")),
        ),
        (
            "double_down.total_after",
            lambda n, s: lessons.figure("double_down.total_after", n, s, k=2, replacement=True),
        ),
        ("esels_rennen.race_orders", lambda n, s: lessons.figure("esels_rennen.race_orders", n, s, board="tiny_chain")),
    ],
)
def test_lesson_figure_is_the_question_figure(name: str, lesson: Any) -> None:
    params = {
        "double_donkey.distinct_values": {"policy": "lowest"},
        "double_donkey.flip": {"card": ("orange",), "angry": ("orange", "yellow")},
        "double_down.total_after": {"k": 2, "replacement": True},
        "esels_rennen.race_orders": {"board": "tiny_chain"},
    }[name]
    q = questions.get(name)
    n, seed = 25_000, 3
    *_, (done, counts) = q.simulate(n, seed, questions.DEFAULT_BATCH, params)
    assert done == n
    fig = q.figure(q.exact(params), counts, n, params)
    assert lesson(n, seed).to_plotly_json() == fig.to_plotly_json()
    assert [t.type for t in fig.data].count("bar") >= 1


def test_figure_before_any_batch_shows_the_exact_markers_only() -> None:
    q = questions.get("double_donkey.flip")
    fig = q.figure(q.exact(), None, 0)
    assert [t.type for t in fig.data] == ["scatter", "scatter"]
    assert [t.name for t in fig.data] == ["before the flip: exact", "after the flip: exact"]
    assert "DD-ANGRY-1" not in fig.layout.title.text


@pytest.mark.parametrize("name", SIMULATED)
def test_simulation_agrees_with_exact(name: str) -> None:
    q = questions.get(name)
    params = CHEAP.get(name)
    n = 20_000
    *_, (_, counts) = q.simulate(n, seed=11, batch=5_000, params=params)
    simulated = q.distributions(counts)
    for group, dist in q.distributions(q.exact(params)).items():
        assert_distribution_matches(simulated[group], n, dist, f"{name} {group or ''}")


def test_batch_seeds_are_distinct_and_sizes_cover_n() -> None:
    assert questions.batch_sizes(25, 10) == [10, 10, 5] and questions.batch_sizes(0, 10) == []
    assert len({questions.batch_seed(0, b) for b in range(100)}) == 100
    with pytest.raises(ValueError):
        questions.batch_sizes(10, 0)
