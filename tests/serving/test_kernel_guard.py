"""The kernel's half of issue 37 §3, without a server: a served kernel builds no widget a page asks for, keeps
one widget-manager comm, and sets its page's lost-kernel sentence to say it was stopped for its memory.

The server drops such frames before they reach a kernel (``tests/serving/test_attacks_round2.py``), so this
second line is checked here, against the comm manager the kernel would use.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import comm
import ipywidgets as w
import pytest
import traitlets as t
from ipywidgets.widgets.widget import _instances

from donkeylab.apps import kernel_guard
from donkeylab.core import CATALOGUE
from donkeylab.widgets.guard import page_texts


@pytest.fixture
def manager() -> Iterator[Any]:
    """The process's comm manager with ipywidgets' own targets, as in a kernel; emptied again afterwards."""
    manager = comm.get_comm_manager()
    manager.register_target("jupyter.widget", w.Widget.handle_comm_opened)
    manager.register_target("jupyter.widget.control", w.Widget.handle_control_comm_opened)
    yield manager
    for target in ("jupyter.widget", "jupyter.widget.control"):
        manager.targets.pop(target, None)


def comm_open(manager: Any, target: str, data: dict[str, Any], version: str) -> str:
    comm_id = uuid.uuid4().hex
    content = {"comm_id": comm_id, "target_name": target, "data": data}
    manager.comm_open(None, None, {"content": content, "metadata": {"version": version}})
    return comm_id


def slider(manager: Any) -> str:
    state = {"_model_module": "@jupyter-widgets/controls", "_model_module_version": "2.0.0", "value": 3}
    state |= {"_view_module": "@jupyter-widgets/controls", "_view_module_version": "2.0.0"}
    state |= {"_model_name": "IntSliderModel", "_view_name": "IntSliderView"}
    return comm_open(manager, "jupyter.widget", {"state": state}, "2.1.0")


def test_a_guarded_kernel_builds_no_widget_a_page_asks_for(manager: Any) -> None:
    before = len(_instances)
    slider(manager)
    built = len(_instances)
    assert built > before  # ipywidgets alone builds it (and its layout and style)
    kernel_guard.refuse_page_widgets(manager)
    refused = slider(manager)
    assert len(_instances) == built and refused not in manager.comms  # nothing built, the comm closed


def test_a_guarded_kernel_keeps_one_widget_manager_comm(manager: Any) -> None:
    kernel_guard.refuse_page_widgets(manager)
    first = comm_open(manager, "jupyter.widget.control", {}, "1.0.0")
    second = comm_open(manager, "jupyter.widget.control", {}, "1.0.0")
    assert first not in manager.comms and second in manager.comms
    assert w.Widget._control_comm is manager.comms[second]


class Lost(w.DOMWidget):  # type: ignore[misc]
    """A widget with a heartbeat banner's sentence, as the Stepper and the LivePlot have."""

    lang = t.Unicode("en").tag(sync=True)
    texts = t.Dict().tag(sync=True)


def test_the_lost_kernel_sentence_says_why_in_the_pages_language_and_comes_back() -> None:
    pages = [Lost(lang=lang, texts=page_texts(lang)) for lang in ("en", "de")]
    try:
        assert kernel_guard.say_why(260) >= 2
        assert [p.texts["lost"] for p in pages] == [
            CATALOGUE.render("SERVE-KERNEL-MEMORY", {"mb": 260}, lang) for lang in ("en", "de")
        ]
        assert "260 MB" in pages[0].texts["lost"] and "Speicher" in pages[1].texts["lost"]
        assert kernel_guard.say_why(None) >= 2
        assert [p.texts for p in pages] == [page_texts("en"), page_texts("de")]
    finally:
        for page in pages:
            page.close()


def test_outside_the_classroom_server_nothing_changes(monkeypatch: pytest.MonkeyPatch, manager: Any) -> None:
    monkeypatch.delenv(kernel_guard.MEMORY_ENV, raising=False)
    kernel_guard.guard_kernel()  # JupyterLab, nbval: ipywidgets' own targets stay
    assert manager.targets["jupyter.widget"] == w.Widget.handle_comm_opened
    mb = kernel_guard.rss_mb()
    assert mb is not None and mb > 1  # this process's memory can be read
