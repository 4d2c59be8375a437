"""Binder launches straight into the gallery: the README link names a notebook that exists, binder/ installs us."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_binder_link_opens_the_gallery() -> None:
    links = re.findall(r"https://mybinder\.org/v2/gh/[^)\s]+", (ROOT / "README.md").read_text())
    assert links, "README has no Binder link"
    for link in links:
        urlpath = re.search(r"urlpath=voila/render/([^&)\s]+)", link)
        assert urlpath, f"{link} does not open a Voila page"
        assert (ROOT / urlpath.group(1)).is_file(), f"{urlpath.group(1)} does not exist"


def test_binder_installs_the_app_extra() -> None:
    requirements = (ROOT / "binder" / "requirements.txt").read_text().split()
    assert "-e" in requirements and any(r.startswith(".[app") for r in requirements)
