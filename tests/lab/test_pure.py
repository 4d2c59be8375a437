"""The lab without numpy (the browser's path): the apps import and build, the exact answers are the same, the
pure-Python simulations agree with them and with numpy's fast paths (other draws for a seed: only statistics).

A subprocess blocks ``numpy`` with an import hook, so it runs as Pyodide would: numpy cannot be imported.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from typing import Any

import pytest

from donkeylab.core import fastpath
from donkeylab.lab import questions

BLOCK = """
import sys
class NoNumpy:  # nor SQLAlchemy: the static site ships neither (class mode needs a server)
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("numpy", "sqlalchemy"):
            raise ImportError(name + " is blocked in this test")
sys.meta_path.insert(0, NoNumpy())
"""

PROBE = (
    BLOCK
    + """
import json
from donkeylab.apps import APPS, app, build
from donkeylab.core import fastpath
from donkeylab.lab import questions
assert not fastpath.have_numpy()
pages = {name: type(build(name, "")).__name__ for name in APPS}
out = {"pages": pages, "exact": {}, "counts": {}, "fit": {}}
for name in questions.names():
    q = questions.get(name)
    out["exact"][name] = {repr(k): str(v) for k, v in q.exact().items()}
    out["fit"][name] = questions.fit(q, 100_000, 10_000)
    if q.fast:
        n = 20_000
        (done, counts), = questions.get(name).simulate(n, seed=3, batch=n)
        again = dict(next(iter(q.simulate(n, seed=3, batch=n)))[1])
        assert again == dict(counts), "a seed must give the same draws again"
        out["counts"][name] = [done, {repr(k): c for k, c in counts.items()}]
assert "numpy" not in sys.modules and "sqlalchemy" not in sys.modules
print(json.dumps(out))
"""
)


@pytest.fixture(scope="module")
def without_numpy() -> dict[str, Any]:
    proc = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def test_every_app_builds_without_numpy(without_numpy: dict[str, Any]) -> None:
    from donkeylab.apps import APPS

    assert set(without_numpy["pages"]) == set(APPS)
    assert all(kind == "VBox" for kind in without_numpy["pages"].values()), without_numpy["pages"]


def test_the_exact_answers_do_not_depend_on_numpy(without_numpy: dict[str, Any]) -> None:
    for name in questions.names():
        mine = {repr(k): str(v) for k, v in questions.get(name).exact().items()}
        assert without_numpy["exact"][name] == mine, name


def test_pure_simulations_agree_with_the_exact_answers(without_numpy: dict[str, Any]) -> None:
    """Every key within 4.5 binomial standard errors of its exact probability (per distribution)."""
    assert set(without_numpy["counts"]) == {n for n in questions.names() if questions.get(n).fast}
    for name, (done, counts) in without_numpy["counts"].items():
        q = questions.get(name)
        exact = {repr(k): v for k, v in q.exact().items()}
        per_group = len(q.distributions(q.exact()))
        assert done == 20_000
        assert set(counts) <= set(exact), (name, set(counts) - set(exact))
        for key, p in exact.items():
            p = float(p)
            c = counts.get(key, 0)
            se = math.sqrt(max(p * (1 - p), 1e-9) / done)
            assert abs(c / done - p) <= 4.5 * se + 1e-9, (name, key, c / done, p)
        assert sum(counts.values()) == done * per_group, name


def test_pure_and_numpy_simulations_agree(without_numpy: dict[str, Any]) -> None:
    """The same question by numpy (this process) and by pure Python: each share within 5 two-sample SEs."""
    assert fastpath.have_numpy()
    for name, (done, counts) in without_numpy["counts"].items():
        ((n2, theirs),) = list(questions.get(name).simulate(done, seed=3, batch=done))
        assert n2 == done
        theirs = {repr(k): c for k, c in theirs.items()}
        for key in set(counts) | set(theirs):
            a, b = counts.get(key, 0) / done, theirs.get(key, 0) / done
            pooled = (a + b) / 2
            se = math.sqrt(max(2 * pooled * (1 - pooled), 1e-9) / done)
            assert abs(a - b) <= 5 * se + 1e-9, (name, key, a, b)


def test_a_browser_page_runs_smaller_batches_of_the_fast_questions(without_numpy: dict[str, Any]) -> None:
    for name, fitted in without_numpy["fit"].items():
        if questions.get(name).fast:
            assert fitted == [100_000 // questions.PURE_SCALE, 10_000 // questions.PURE_SCALE], name
        else:
            assert fitted == [100_000, 10_000], name
    assert questions.fit(questions.get("double_donkey.flip"), 100_000, 10_000) == (100_000, 10_000)  # numpy here


def test_the_pure_twins_cover_the_fast_paths_rules() -> None:
    """Each game's pure twin covers exactly the rules of the numpy fast path it stands in for."""
    from donkeylab.double_donkey import fast_dice, fast_flips
    from donkeylab.double_donkey import pure as dd
    from donkeylab.double_down import fast_totals
    from donkeylab.double_down import pure as dn
    from donkeylab.esels_rennen import fast_race
    from donkeylab.esels_rennen import pure as er

    assert dd.dice.RULES_COVERED == fast_dice.RULES_COVERED and dd.flips.RULES_COVERED == fast_flips.RULES_COVERED
    assert dn.RULES_COVERED == fast_totals.RULES_COVERED and er.RULES_COVERED == fast_race.RULES_COVERED


def test_pure_stats_match_numpy_stats(monkeypatch: pytest.MonkeyPatch) -> None:
    from donkeylab.lab import stats

    values = [3.0, 5.0, 5.0, 8.0, 13.0, 2.0, 7.0]
    fast_normal, fast_boot = stats.mean_normal(values), stats.mean_bootstrap(values, seed=1)
    monkeypatch.setattr(stats, "have_numpy", lambda: False)
    slow_normal, slow_boot = stats.mean_normal(values), stats.mean_bootstrap(values, seed=1)
    assert slow_normal.value == pytest.approx(fast_normal.value)
    assert slow_normal.stderr == pytest.approx(fast_normal.stderr)
    assert slow_boot.value == pytest.approx(fast_boot.value)  # the interval: other resamples, similar width
    assert abs((slow_boot.high - slow_boot.low) - (fast_boot.high - fast_boot.low)) < 0.5 * (
        fast_boot.high - fast_boot.low
    )
    assert stats.mean_bootstrap(values, seed=1) == slow_boot  # seeded: the same interval again
