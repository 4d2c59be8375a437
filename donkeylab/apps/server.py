"""The classroom Voila: Voila itself, with an allowlist in front of it and a sentence when the server is full.

Voila serves a folder of notebooks through many routes (render, tree, files, contents, static, templates) and
checks each path in its own way; a traversal such as ``/voila/render/../../pyproject.toml`` ends in a
redirect to a refused file, ``/voila/templates/../..`` in a 500. Rather than trust each route, the routes
below answer first: a page is served only when its path is exactly ``/voila/render/<app>.ipynb`` for an app
notebook found at start-up; any path with ``..``, an encoded dot, slash or backslash, or an empty segment is
a 404 before Voila sees it; ``/`` and the tree open the gallery. When ``CappedKernelManager`` refuses a
kernel, the pupil gets a short page in English and German instead of Voila's error page.

Run as ``python -m donkeylab.apps.server FOLDER [voila options]`` (``donkeylab.apps.serve.voila_command``).
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from jupyter_server.utils import url_path_join
from tornado import web
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler

from donkeylab.apps.kernels import ServerFull
from donkeylab.core import CATALOGUE

CATALOGUE.add("SERVE-FULL-TITLE", "The class server is full", "Der Klassen-Server ist voll")
CATALOGUE.add(
    "SERVE-FULL",
    "All {limit} places are taken. Close a page you no longer need, then reload this one in a minute.",
    "Alle {limit} Plätze sind belegt. Schließe eine Seite, die du nicht mehr brauchst, und lade diese in einer"
    " Minute neu.",
)

# A path that names something by a detour: parent or current directory, encoded dot/slash/backslash, "//".
DETOUR = r".*(?:\.\.|%2[eEfF]|%5[cC]|\\|//|/\./).*"
RETRY_AFTER_S = 60


class Refused(web.RequestHandler):
    """404 for every method: the path is not one of the apps' (nothing is said about why)."""

    def prepare(self) -> None:
        raise web.HTTPError(404)


def server_full_page(limit: int) -> str:
    """The page a pupil sees when every kernel is taken: what happened and what to do, in both languages."""
    parts = []
    for lang in ("en", "de"):
        title = html.escape(CATALOGUE.render("SERVE-FULL-TITLE", {}, lang))
        text = html.escape(CATALOGUE.render("SERVE-FULL", {"limit": limit}, lang))
        parts.append(f"<section lang='{lang}'><h1>{title}</h1><p>{text}</p></section>")
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>503</title>"
        "<style>body{font-family:system-ui,sans-serif;max-width:40em;margin:3em auto;padding:0 1em}</style>"
        f"</head><body>{''.join(parts)}</body></html>"
    )


class AppPageHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voila's page handler; a full server answers with ``server_full_page`` and ``Retry-After``."""

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        exc = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(exc, ServerFull):
            self.set_header("Retry-After", str(RETRY_AFTER_S))
            self.set_header("Content-Type", "text/html; charset=UTF-8")
            self.write(server_full_page(exc.limit))
            return
        super().write_error(status_code, **kwargs)


def app_notebooks(folder: Path) -> list[str]:
    """The notebooks a pupil may open: ``*.ipynb`` directly in the apps folder, none hidden."""
    return sorted(p.name for p in folder.glob("*.ipynb") if p.is_file() and not p.name.startswith("."))


def guard_rules(server_url: str, notebooks: Sequence[str]) -> list[tuple[Any, ...]]:
    """Routes tried before Voila's: refuse detours and anything under render/tree/contents but the apps."""
    apps = "|".join(re.escape(name) for name in notebooks) or "(?!)"
    rules: list[tuple[Any, ...]] = [
        (DETOUR, Refused),
        (url_path_join(server_url, rf"/voila/render/(?!(?:{apps})$).*"), Refused),
        (url_path_join(server_url, r"/voila/tree/.+"), Refused),
        (url_path_join(server_url, r"/voila/api/contents/.+"), Refused),
        (url_path_join(server_url, r"/logout"), Refused),  # Voila's logout page has no template (a 500)
    ]
    if "index.ipynb" in notebooks:
        gallery = {"url": url_path_join(server_url, "/voila/render/index.ipynb"), "permanent": False}
        rules += [
            (server_url, web.RedirectHandler, gallery),
            (url_path_join(server_url, "/voila/tree/?"), web.RedirectHandler, gallery),
        ]
    return rules


class ClassroomVoila(Voila):  # type: ignore[misc]
    """Voila with ``guard_rules`` in front of its routes and ``AppPageHandler`` as its page handler."""

    def init_handlers(self) -> list[tuple[Any, ...]]:
        voila_rules = [
            (rule[0], AppPageHandler, *rule[2:]) if rule[1] is TornadoVoilaHandler else rule
            for rule in super().init_handlers()
        ]
        return guard_rules(self.server_url, app_notebooks(Path(self.root_dir))) + voila_rules


def main(argv: Sequence[str] | None = None) -> None:
    ClassroomVoila.launch_instance(argv)


if __name__ == "__main__":
    main()
