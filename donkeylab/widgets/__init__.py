"""The ipywidgets layer: one Stepper for every game, the game views, the rule explainer and live plots.

Sits above the lab: ``Stepper`` wraps a ``core.Match`` and sends the engine's ``snapshot`` to the browser;
the views (``DiceTray``, ``CardHands``, ``RunningTotal``, ``RaceBoard``) draw it as SVG and turn clicks into
actions; ``LivePlot`` draws a lesson question's exact answer with the simulation filling in; ``explorer(game)``
composes the whole page. The front-end halves are the ESM/CSS files in the repository's top-level
``widgets/`` folder (``donkeylab/widgets/static`` in a wheel).

``donkeylab.widgets.explorer`` is the *function* ``explorer(game, **kw)``, as the docs name it; its module stays
importable by name (``from donkeylab.widgets.explorer import explorer, Explorer``). The function shadows the
module as an attribute of this package (it is bound below, after the module is loaded), so reach the module
itself through ``from ... import`` or ``sys.modules``, not through ``import donkeylab.widgets.explorer as m``.
"""

from donkeylab.widgets.card_hands import CardHands
from donkeylab.widgets.dice_tray import DiceTray
from donkeylab.widgets.event_log import EventLog
from donkeylab.widgets.explainer import RuleExplainer
from donkeylab.widgets.explorer import Explorer, TeacherControls, explorer
from donkeylab.widgets.kit import FrontEndKit
from donkeylab.widgets.liveplot import LivePlot
from donkeylab.widgets.plotly_bundle import PlotlyBundle
from donkeylab.widgets.race_board import RaceBoard
from donkeylab.widgets.running_total import RunningTotal
from donkeylab.widgets.share import ShareLink
from donkeylab.widgets.stepper import Stepper
from donkeylab.widgets.views import GameView

__all__ = [
    "CardHands",
    "DiceTray",
    "EventLog",
    "Explorer",
    "FrontEndKit",
    "GameView",
    "LivePlot",
    "PlotlyBundle",
    "RaceBoard",
    "RuleExplainer",
    "RunningTotal",
    "ShareLink",
    "Stepper",
    "TeacherControls",
    "explorer",
]
