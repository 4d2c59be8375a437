"""``PlotlyBundle``: plotly.js for a whole page, sent once per kernel, after the page has been drawn.

Every ``LivePlot`` refers to the one bundle (``PlotlyBundle.shared()``); a ``go.FigureWidget`` would ship
the megabytes of plotly.js with every instance. Its front end is ``widgets/plotly_bundle.js``.
"""

from __future__ import annotations

import base64
import gzip
from functools import cache
from importlib import resources
from typing import Any

import anywidget
import traitlets as t

from donkeylab.widgets import assets
from donkeylab.widgets.guard import PageGuard
from donkeylab.widgets.kit import OnePerKernel


@cache
def _plotly_gzip() -> str:
    """plotly's own ``plotly.min.js`` (it sets ``window.Plotly`` when it runs), gzip-compressed and base64-
    encoded once per process: less than half the bytes on the websocket (a class of thirty on school Wi-Fi); the
    browser inflates it with its built-in ``DecompressionStream``.

    Text, not a binary buffer: Voila 0.5's websocket handler misreads a binary message sent to a client of the
    older kernel protocol (it takes the legacy header for a 64-bit count of offsets and loops for minutes),
    which freezes the whole server."""
    source = resources.files("plotly") / "package_data" / "plotly.min.js"
    return base64.b64encode(gzip.compress(source.read_bytes(), compresslevel=6, mtime=0)).decode("ascii")


class PlotlyBundle(OnePerKernel, PageGuard, anywidget.AnyWidget):
    """plotly.js for the whole page, sent once per kernel; every ``LivePlot`` refers to ``shared()``.

    Never displayed: the browser creates its model when the widget is made. ``source`` starts empty and is
    filled when the page asks for it (``{"ask": "source"}``), which its small ESM does once the page has been
    drawn: in the page's first state the bundle would make every lesson page slower to become usable (the
    kernel's reply with all widget states, its parse, the base64 decode, all before the first widget;
    ``benchmarks/voila_tti.py``), for plots further down the page. The ESM then inflates ``source`` into a
    ``<script>`` without waiting for it (anywidget gives a module's initialisation only 2 s, which a module of
    megabytes can miss on a busy machine), and the plots' front ends wait for ``window.Plotly``. Asking twice
    sends nothing more: the trait already holds the value, so a forged page cannot make its kernel send the
    bundle again.
    """

    pause_exempt = True  # it draws the page, it controls nothing: a class's pause lets it pass

    _esm = assets.asset("plotly_bundle.js")
    source = t.Unicode(
        "", help="plotly.min.js, gzip + base64, once the page asked for it; inflated and run once per page"
    ).tag(sync=True)

    def __init__(self) -> None:
        super().__init__()
        self.on_msg(self._on_ask)

    def _on_ask(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("ask") == "source":
            self.fill()

    def fill(self) -> None:
        """Put plotly.js into ``source`` (the page's request; a test's). A second call sends nothing."""
        self.source = _plotly_gzip()

    def __repr__(self) -> str:
        from plotly.offline import get_plotlyjs_version

        return f"PlotlyBundle(plotly.js {get_plotlyjs_version()})"
