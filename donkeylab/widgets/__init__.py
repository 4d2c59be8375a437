"""The ipywidgets layer: live plots of the lab's lesson questions (more components join on merge).

The front-end halves are the ESM/CSS files in the repository's top-level ``widgets/`` folder
(``donkeylab/widgets/static`` in a wheel).
"""

from donkeylab.widgets.liveplot import LivePlot, PlotlyBundle

__all__ = ["LivePlot", "PlotlyBundle"]
