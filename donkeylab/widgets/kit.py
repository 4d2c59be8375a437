"""``FrontEndKit``: the front-end helpers every donkeylab widget shares, sent to the page once per kernel.

Its ESM is ``widgets/common.js`` (loaded by path, as anywidget loads any module); its ``initialize`` returns
the helpers (``h``, ``s``, ``follow``, ``viewWidget``, ``momentAt``, ``word``, the heartbeat ...) and anywidget
hands them to any widget that asks with ``host.getWidget(ref)``. So each widget's own ESM stands alone next
to its Python class, and the shared code reaches the page once instead of being copied into every module.
It is never displayed; ``KitUser`` gives a widget the ``kit`` reference and its ``words``.
"""

from __future__ import annotations

import threading
from typing import Any, ClassVar, Self

import anywidget
import traitlets as t

from donkeylab.widgets import assets
from donkeylab.widgets.guard import PageGuard
from donkeylab.widgets.words import front_end_words


def widget_ref(help: str) -> anywidget.WidgetTrait:
    """A synced reference to another widget, with ``help`` like every other trait (anywidget's
    ``WidgetTrait`` takes no ``help=``, so it is set the way ``TraitType.__init__`` sets it)."""
    trait = anywidget.WidgetTrait()
    trait.help = trait.__doc__ = help
    trait.metadata["help"] = help
    return trait.tag(sync=True)


def _still_open(widget: Any) -> bool:
    """Whether ``widget`` is open on the comm manager in use now. Importing ipykernel's kernel swaps
    ``comm.get_comm_manager`` for its own, which never heard of a comm made before: such a widget can reach no
    page, and closing it raises ``KeyError``."""
    import comm

    if widget is None or widget.comm is None:
        return False
    return widget.comm.comm_id in getattr(comm.get_comm_manager(), "comms", {widget.comm.comm_id: None})


class OnePerKernel:
    """A widget a page needs once, however many widgets refer to it (the front-end kit, plotly.js).

    ``shared()`` makes it on first use, and again if it was closed; each subclass has its own.
    """

    _shared: ClassVar[Any] = None
    _shared_lock: ClassVar[threading.Lock] = threading.Lock()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._shared, cls._shared_lock = None, threading.Lock()

    @classmethod
    def shared(cls) -> Self:
        """The kernel's one instance, made on first use (again if it was closed)."""
        with cls._shared_lock:
            if not _still_open(cls._shared):
                cls._shared = cls()
            made: Self = cls._shared
            return made


class FrontEndKit(OnePerKernel, PageGuard, anywidget.AnyWidget):
    """The kernel's one set of front-end helpers (``FrontEndKit.shared()``); it has no trait of its own."""

    pause_exempt = True  # it draws the page, it controls nothing: a class's pause lets it pass

    _esm = assets.text("heartbeat.js", "common.js")

    def __repr__(self) -> str:
        return "FrontEndKit()"


class KitUser(t.HasTraits):
    """A widget whose ESM uses the shared helpers and draws its own words (``front_end`` names them)."""

    front_end: ClassVar[str] = ""  # the widget's key in ``words.tables()``; "" for a widget without words

    kit = widget_ref("the page's FrontEndKit: the shared front-end helpers (common.js)")
    words = t.Dict(help="the words the front end draws itself: {'en': {key: text}, 'de': {key: text}}").tag(sync=True)

    def _kit_traits(self) -> dict[str, Any]:
        """The ``kit`` and ``words`` values a subclass passes to ``super().__init__``."""
        return {"kit": FrontEndKit.shared(), "words": front_end_words(self.front_end) if self.front_end else {}}
