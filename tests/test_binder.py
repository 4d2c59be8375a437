"""Binder launches straight into the gallery of the project's own repository: the README's badge and binder/'s
launch link name the repository declared once in ``pyproject.toml``, a notebook that exists, and binder/ installs
us."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BINDER_LINK = re.compile(r"https://mybinder\.org/v2/gh/[^)\s]+")
GITHUB = re.compile(r"^https://github\.com/([A-Za-z0-9-]+)/([A-Za-z0-9._-]+?)(?:\.git)?/?$")


def repository() -> tuple[str, str]:
    """Owner and name of the repository ``[project.urls] Repository`` declares (a GitHub URL: Binder builds it)."""
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]
    found = GITHUB.match(urls["Repository"])
    assert found, f"[project.urls] Repository is not a GitHub repository's URL: {urls['Repository']!r}"
    return found.group(1), found.group(2)


def binder_links() -> dict[str, list[str]]:
    return {
        name: BINDER_LINK.findall((ROOT / name).read_text(encoding="utf-8"))
        for name in ("README.md", "binder/README.md")
    }


def test_binder_links_open_the_gallery() -> None:
    for name, links in binder_links().items():
        assert links, f"{name} has no Binder link"
        for link in links:
            urlpath = re.search(r"urlpath=voila/render/([^&)\s]+)", link)
            assert urlpath, f"{link} does not open a Voila page"
            assert (ROOT / urlpath.group(1)).is_file(), f"{urlpath.group(1)} does not exist"


def test_binder_links_name_the_declared_repository() -> None:
    owner, name = repository()
    for source, links in binder_links().items():
        for link in links:
            named = re.match(r"https://mybinder\.org/v2/gh/([^/]+)/([^/]+)/", link)
            assert named, f"{source}: {link} names no repository"
            assert named.groups() == (owner, name), f"{source}: {link} is not {owner}/{name} of pyproject.toml"


def test_no_placeholder_is_left_for_the_repository() -> None:
    for name in ("README.md", "binder/README.md", "binder/postBuild", "binder/requirements.txt"):
        assert "OWNER" not in (ROOT / name).read_text(encoding="utf-8"), f"{name} still has the OWNER placeholder"


def test_binder_installs_the_app_extra() -> None:
    requirements = (ROOT / "binder" / "requirements.txt").read_text().split()
    assert "-e" in requirements and any(r.startswith(".[app") for r in requirements)
