"""Experiments: reproducible from the spec, independent of the batch size, streamed batch by batch."""

from __future__ import annotations

import json

import pytest

from donkeylab.core import LoadError
from donkeylab.lab.experiment import ExperimentSpec, resolve_game, run_experiment
from donkeylab.lab.trials import Progress, run_trials

TOY = "tests.toy_game"


def test_same_spec_same_records_other_seed_other_records() -> None:
    spec = ExperimentSpec(TOY, players=3, games=60, seed=9)
    a, b = run_experiment(spec), run_experiment(spec)
    assert a.records == b.records
    other = run_experiment(ExperimentSpec(TOY, players=3, games=60, seed=10))
    assert other.records != a.records


def test_results_do_not_depend_on_batch_size_and_n_is_a_prefix() -> None:
    small = run_experiment(ExperimentSpec(TOY, players=2, games=40, seed=1, batch_size=3))
    big = run_experiment(ExperimentSpec(TOY, players=2, games=80, seed=1, batch_size=50))
    assert small.records == big.records[:40]


def test_on_batch_streams_progress_until_done() -> None:
    seen: list[Progress] = []
    spec = ExperimentSpec(TOY, players=2, games=25, seed=2, batch_size=10)
    result = run_experiment(spec, on_batch=seen.append)
    assert [p.done for p in seen] == [10, 20, 25]
    assert [len(p.batch) for p in seen] == [10, 10, 5]
    assert seen[-1].fraction == 1.0 and seen[-1].records == result.records


def test_result_records_its_spec_and_serialises_to_json() -> None:
    spec = ExperimentSpec(TOY, players=2, games=30, seed=4, rules={"goal": 6})
    doc = json.loads(json.dumps(run_experiment(spec).to_dict()))
    assert doc["spec"] == {
        "game": TOY,
        "players": 2,
        "games": 30,
        "seed": 4,
        "rules": {"goal": 6},
        "bots": ["Random", "Random"],
        "setup": {},
        "batch_size": 50,
    }
    names = [row["name"] for row in doc["summary"]]
    assert names[:4] == ["win seat 0", "win seat 1", "no winner", "shared win"]
    assert sum(row["value"] for row in doc["summary"][:2]) == pytest.approx(1.0)
    assert len(doc["records"]) == 30 and {"index", "winners", "actions"} <= set(doc["records"][0])


def test_rule_options_are_checked_like_a_save() -> None:
    with pytest.raises(LoadError, match="unknown rule option"):
        run_experiment(ExperimentSpec(TOY, players=2, games=1, rules={"goal_": 3}))
    with pytest.raises(LoadError, match="goal must be"):
        run_experiment(ExperimentSpec(TOY, players=2, games=1, rules={"goal": 0}))


def test_bad_bot_names_and_counts_are_clear_errors() -> None:
    with pytest.raises(ValueError, match="no bot 'Clever'"):
        resolve_game(TOY).bot("Clever")
    with pytest.raises(ValueError, match=r"known: .*Careful.*Random") as info:
        resolve_game("double_down").bot("Clever")
    assert "PlayCard" not in str(info.value), "only bot classes are offered"
    with pytest.raises(ValueError, match="one per seat"):
        ExperimentSpec(TOY, players=3, games=1, bots=("Random", "Random"))
    with pytest.raises(ValueError, match="unknown game"):
        resolve_game("chess")


def test_run_trials_progress_bar_goes_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    records = run_trials(lambda rng: {"x": rng.random()}, 20, seed=1, batch_size=7, progress=True, label="demo")
    assert [r["index"] for r in records] == list(range(20))
    captured = capsys.readouterr()
    assert captured.out == "" and "demo" in captured.err


def test_a_live_plot_redraws_from_every_batch() -> None:
    """What a widget does: rebuild the figure in ``on_batch``; the bars fill in as N grows."""
    from donkeylab.lab import figures

    drawn: list[int] = []

    def redraw(progress: Progress) -> None:
        wins = sum(0 in r["winners"] for r in progress.records)
        sim = {"seat 0 wins": figures.wilson(wins, progress.done)}
        fig = figures.exact_vs_simulated(None, sim, "Live", "event")
        drawn.append(int(fig.data[0].name.split("n=")[1].split(",")[0]))

    run_experiment(ExperimentSpec(TOY, players=2, games=120, seed=8, batch_size=40), on_batch=redraw)
    assert drawn == [40, 80, 120]


def test_a_saved_result_reruns_to_the_same_records() -> None:
    first = run_experiment(ExperimentSpec(TOY, players=3, games=25, seed=12, rules={"goal": 7}))
    saved = json.loads(json.dumps(first.to_dict()))
    again = run_experiment(ExperimentSpec.from_dict(saved["spec"]))
    assert again.records == saved["records"]
    with pytest.raises(ValueError, match="unknown experiment field"):
        ExperimentSpec.from_dict({**saved["spec"], "colour": "red"})


def test_bot_specs_with_arguments() -> None:
    from donkeylab.bot_specs import parse_bot, split_bots

    assert parse_bot("Policy(lowest)") == ("Policy", ("lowest",), {})
    assert parse_bot("Greedy(limit=5)") == ("Greedy", (), {"limit": 5})
    assert split_bots("Policy(lowest), Random,Cautious") == ("Policy(lowest)", "Random", "Cautious")
    bot = resolve_game("double_donkey").bot("Policy(highest)")
    assert bot.policy == "highest"  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="policy must be"):
        resolve_game("double_donkey").bot("Policy(sideways)")
    with pytest.raises(ValueError, match="Name or Name"):
        parse_bot("Policy(lowest")


def test_rule_trial_stops_where_asked_and_is_seeded() -> None:
    from donkeylab.lab.experiment import rule_trial
    from tests import toy_game

    start = toy_game.new_game(2, toy_game.Rules(goal=20))
    trial = rule_trial(start, lambda s: max(s.positions) >= 3, lambda s: {"lead": max(s.positions)})
    records = run_trials(trial, 50, seed=3)
    assert all(3 <= r["lead"] <= 8 for r in records), "stopped at the first state with a field >= 3"
    assert records == run_trials(trial, 50, seed=3)
