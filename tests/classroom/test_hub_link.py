"""On a JupyterHub the teacher's class-mode page is on the teacher's own server (``/user/TEACHER/``): the class
link must send each pupil through the hub to the lesson on their own server, never to the teacher's."""

from __future__ import annotations

import pytest

from donkeylab.classmode.charts import join_links
from donkeylab.classmode.warm import server_info

PAGE = "/voila/render/notebooks/apps/class_mode.ipynb"


@pytest.mark.parametrize("base", ["/", "/jhub/"])
def test_on_a_hub_the_class_link_goes_through_the_hub_to_each_pupils_own_server(
    monkeypatch: pytest.MonkeyPatch, base: str
) -> None:
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", f"{base}user/teacher/")
    monkeypatch.setenv("JUPYTERHUB_BASE_URL", base)
    page = f"https://hub.school.example{base}user/teacher{PAGE}"
    found = join_links(page, server_info(), "die_choice", "K7Q2XF", "de")
    assert found is not None
    assert found["link"] == (
        f"https://hub.school.example{base}hub/user-redirect/voila/render/notebooks/apps/die_choice.ipynb"
        "?class=K7Q2XF&lang=de"
    )
    assert found["short"] == f"hub.school.example{base}".rstrip("/") and found["warning"] == ""


def test_without_a_hub_the_link_stays_on_the_page_s_own_server(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("JUPYTERHUB_SERVICE_PREFIX", raising=False)
    found = join_links(f"http://192.0.2.7:8866{PAGE}", server_info(), "die_choice", "K7Q2XF", "en")
    assert found is not None
    assert found["link"] == "http://192.0.2.7:8866/voila/render/notebooks/apps/die_choice.ipynb?class=K7Q2XF&lang=en"
