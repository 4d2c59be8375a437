"""donkeylab: step-through rule explainers and exact probability lessons for three small tabletop games.

Engines (pure Python): ``donkeylab.double_donkey``, ``donkeylab.double_down``, ``donkeylab.esels_rennen``,
all built on ``donkeylab.core``. Monte Carlo and plots: ``donkeylab.lab``. Widgets and Voila apps:
``donkeylab.widgets``, ``donkeylab.apps``.
"""

__version__ = "0.1.0"
