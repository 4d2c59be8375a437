"""The lab: seeded Monte Carlo experiments with 95% CIs, numpy fast paths, and plotly figure builders.

- ``experiment``: ``ExperimentSpec`` → ``run_experiment`` (N seeded games, streamed in batches) → results
  with a CI summary; ``trials.run_trials`` does the same for rule-level trials, and ``rule_trial`` makes one
  from an engine state (play until a stop condition, then measure).
- ``stats``: ``wilson``, ``mean_normal``, ``mean_bootstrap`` → ``Estimate``.
- ``fast``: vectorised simulators of slices of the rules (each lists ``RULES_COVERED``).
- ``figures`` / ``palette``: pure data → ``plotly.graph_objects.Figure`` builders; ``questions``: the lesson
  questions by name (exact answer, seeded batch simulator, figure); ``lessons``: one-call exact-vs-simulated
  figures of them (import them explicitly; plotly is not loaded by ``import donkeylab.lab``, so the CLI
  starts fast).

Sits above the engines and below the widgets: imports plotly at most, never ipywidgets.
"""

from donkeylab.lab.experiment import ExperimentResult, ExperimentSpec, rule_trial, run_experiment
from donkeylab.lab.stats import Estimate, mean_bootstrap, mean_normal, wilson
from donkeylab.lab.trials import Progress, iter_batches, run_trials

__all__ = [
    "Estimate",
    "ExperimentResult",
    "ExperimentSpec",
    "Progress",
    "iter_batches",
    "mean_bootstrap",
    "mean_normal",
    "rule_trial",
    "run_experiment",
    "run_trials",
    "wilson",
]
