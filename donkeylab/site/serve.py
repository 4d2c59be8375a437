"""``donkeylab site serve DIR``: the static site from a USB stick, on 127.0.0.1, in the default browser.

Why a server at all: Pyodide's web worker and its downloads are refused on a ``file://`` page (its origin
is ``null``), so even a stick needs HTTP. This is the standard library's static file server bound to the
loopback address only (nobody else on the network can reach it), with the ``.wasm`` type the browser needs
for fast start-up; any static host (GitHub Pages, a school's web space) serves the same folder as it is.
"""

from __future__ import annotations

import functools
import http.server
import socket
import sys
import threading
import webbrowser
from pathlib import Path

from donkeylab.site.build import MARKER


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012  (the base class's own mapping, extended)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".json": "application/json",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass  # a pupil's terminal stays quiet; errors still reach the browser


def free_port(preferred: int) -> int:
    """``preferred`` if it is free on 127.0.0.1, else any free port."""
    for port in (preferred, 0):
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            chosen: int = s.getsockname()[1]
            return chosen
    raise OSError("no free port on 127.0.0.1")


def make_server(folder: Path, port: int = 8000) -> http.server.ThreadingHTTPServer:
    """A static server for ``folder`` on 127.0.0.1 (``port``, or a free one when it is taken)."""
    if not (folder / MARKER).exists():
        raise FileNotFoundError(f"{folder} is not a donkeylab site: build one with `donkeylab site build {folder}`")
    handler = functools.partial(_Handler, directory=str(folder))
    return http.server.ThreadingHTTPServer(("127.0.0.1", free_port(port)), handler)


def serve(folder: Path, port: int = 8000, open_browser: bool = True) -> int:
    """Serve ``folder`` until Ctrl-C, opening the gallery in the default browser."""
    server = make_server(folder, port)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"donkeylab site: {url}  (Ctrl-C stops it)", file=sys.stderr, flush=True)
    if open_browser:
        threading.Timer(0.3, webbrowser.open, (url,)).start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
