"""The static site: every app of the gallery as a page that runs in any browser, with no server.

Python runs in the browser (Pyodide, in a web worker); the pages are made by Voici, Voila's static sibling.
A teacher copies the folder to any static host (GitHub Pages, the school's web space) or a USB stick
(``donkeylab site serve DIR``: HTTP on 127.0.0.1, since service and web workers refuse ``file://``), and every
pupil's browser is its own kernel: no server to run, nothing to scale.

- ``config``: the pinned versions, read from ``pyproject.toml`` (one place: the ``site`` extra for the build
  toolchain, ``[tool.donkeylab.site]`` for Pyodide and the browser's wheels).
- ``fetch``: the build's own cached venv, Pyodide from npm, the wheels from PyPI (registries only, cached).
- ``wheels``: the ``pyodide-lock.json`` naming only the shipped wheels, the slimmed plotly wheel, the sqlite3
  stand-in.
- ``build``: the whole site; ``gallery``: its ``index.html`` (the cards in lesson order, then the teacher's
  worksheets and answer keys, written as pages of the site so a teacher without a server can print them);
  ``page``: what an app page runs in the browser (its link read from the page's address); ``serve``: the
  USB-stick server.

Nothing here is imported by the apps on a server; ``page`` is imported by the site's notebooks only.
"""

from __future__ import annotations

__all__: list[str] = []
