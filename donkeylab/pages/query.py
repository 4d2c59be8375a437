"""Links that reproduce a state: ``?seed=7&players=3&step=12&lang=de&seat=1`` read safely.

A pupil may paste anything after the ``?``. Every value is checked against the app's parameters: a bad
one is dropped with a friendly sentence (shown on the page) and the default is used instead — never a
traceback, never a value outside its range. The parser is pure (no Voila import), so it is fuzzed in tests.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qsl, urlencode

from donkeylab.classroom.checks import BROWSER_RE
from donkeylab.classroom.names import clean_code
from donkeylab.core.bounds import MAX_STEP
from donkeylab.core.say import Say, words
from donkeylab.links import BadValue, Param, choice, integer, seat_or_teacher

_say = words(
    "link/",
    {
        "too_long": (
            "the link is too long ({n} characters): using the defaults",
            "der Link ist zu lang ({n} Zeichen): die Seite nimmt die Standardwerte",
        ),
        "too_many": (
            "the link has too many parts: using the defaults",
            "der Link hat zu viele Teile: die Seite nimmt die Standardwerte",
        ),
        "unknown": (
            "‘{key}’ is not a setting of this page (ignored)",
            "‘{key}’ ist keine Einstellung dieser Seite (übergangen)",
        ),
        "twice": ("‘{key}’ is given twice: the first one counts", "‘{key}’ steht zweimal da: das erste zählt"),
        "invalid": (
            "{key}={raw} is not valid ({why}): using {default}",
            "{key}={raw} ist ungültig ({why}): die Seite nimmt {default}",
        ),
        "lost": (
            "this page could not read its link, so it starts from its defaults: reload the page to apply the link",
            "diese Seite konnte ihren Link nicht lesen und beginnt mit den Standardwerten: Lade die Seite neu, "
            "damit der Link gilt",
        ),
    },
)


MAX_QUERY = 2_000  # characters; a longer query string is ignored whole

# The link's parameters and their readers are the games layer's (``donkeylab.links``: the one place a link's
# format is written); re-exported here for the apps that declare their own.
__all__ = [
    "MAX_QUERY",
    "MAX_STEP",
    "BadValue",
    "Param",
    "Query",
    "choice",
    "current_query_string",
    "integer",
    "lost_link",
    "make_query",
    "parse_query",
    "quote_short",
    "seat_or_teacher",
]


@dataclasses.dataclass(frozen=True)
class Query:
    """The values an app starts from, and the problems found in the link (empty when it was fine)."""

    values: Mapping[str, Any]
    problems: tuple[str, ...] = ()  # in English, for logs and tests
    notes: tuple[Say, ...] = ()  # the same problems as catalogue words: the page shows them in its language

    @classmethod
    def noted(cls, values: Mapping[str, Any], notes: tuple[Say, ...]) -> Query:
        return cls(values, tuple(n.get("en") for n in notes), notes)

    def __getitem__(self, key: str) -> Any:
        return self.values[key]


def parse_query(text: str | None, params: Mapping[str, Param]) -> Query:
    """Read ``text`` (``a=1&b=2``, without ``?``) against ``params``; unknown keys are reported, not fatal."""
    values = {p.name: p.default for p in params.values()}
    if not text:
        return Query(values)
    if len(text) > MAX_QUERY:
        return Query.noted(values, (_say("too_long", n=len(text)),))
    problems: list[Say] = []
    try:
        pairs = parse_qsl(text, keep_blank_values=True, max_num_fields=50)
    except ValueError:
        return Query.noted(values, (_say("too_many"),))
    seen: set[str] = set()
    for key, raw in pairs:
        param = params.get(key)
        if param is None:
            problems.append(_say("unknown", key=quote_short(key)))
            continue
        if key in seen:
            problems.append(_say("twice", key=quote_short(key)))
            continue
        seen.add(key)
        try:
            values[key] = param.read(raw)
        except ValueError as exc:
            why = exc.reason if isinstance(exc, BadValue) else quote_short(str(exc))
            problems.append(_say("invalid", key=key, raw=quote_short(raw), why=why, default=repr(param.default)))
    return Query.noted(values, tuple(problems))


def lost_link(values: Mapping[str, Any]) -> Query:
    """A preheated kernel that never got its request: the page says so in its language."""
    return Query.noted(values, (_say("lost"),))


def make_query(values: Mapping[str, Any], params: Mapping[str, Param]) -> str:
    """The query string of ``values`` (defaults left out), so a link stays short and readable."""
    keep = {k: v for k, v in values.items() if k in params and v is not None and v != params[k].default}
    return urlencode({k: str(v) for k, v in keep.items()})


def current_query_string() -> str | None:
    """The query string of the page this kernel serves ('' outside Voila, e.g. in JupyterLab or nbval).

    A preheated kernel runs its notebook before any pupil asks for the page, then waits for the request on
    the server's ``/voila/query/<kernel id>`` socket (``donkeylab.server.request_info``). Voila's own
    ``get_query_string`` tries once: a server stall long enough to break the socket's keepalive would make the
    page ignore its link in silence. Here the socket is reopened until the request comes; ``None`` means it never
    came (the page says so rather than drop the link without a word).
    """
    if os.environ.get("VOILA_PREHEAT", "False") == "False":
        return os.environ.get("QUERY_STRING", "")
    request = wait_for_request(request_url())
    if request is None:
        return None
    for key, value in request.items():
        os.environ[key] = value
    return request.get("QUERY_STRING", "")


def request_url() -> str:
    """Where a preheated kernel asks for its request (the variables Voila gives every pool kernel)."""
    env = os.environ.get
    base = env("VOILA_WS_BASE_URL", env("VOILA_SERVER_URL", "/"))
    host = f"{env('VOILA_WS_PROTOCOL', 'ws')}://{env('VOILA_APP_IP', '127.0.0.1')}:{env('VOILA_APP_PORT', '8866')}"
    return f"{host}{base}voila/query/{env('VOILA_KERNEL_ID', '')}"


def wait_for_request(url: str, give_up_s: float = 86_400.0, retry_s: float = 1.0) -> dict[str, str] | None:
    """The request info sent on ``url``, reconnecting after any failure until ``give_up_s`` have passed.

    No keepalive pings: a kernel may wait hours for its pupil, and a stalled server must not end the wait.
    """
    import json
    import time

    from websockets.sync.client import connect

    deadline = time.monotonic() + give_up_s
    while time.monotonic() < deadline:
        try:
            with connect(url, open_timeout=30, ping_interval=None, close_timeout=1) as socket:
                request = json.loads(socket.recv())
            if isinstance(request, dict):
                return {str(k): str(v) for k, v in request.items()}
        except Exception:  # refused, reset, closed by a stall, malformed: ask again
            pass
        time.sleep(min(retry_s, max(0.0, deadline - time.monotonic())))
    return None


def quote_short(text: str, limit: int = 40) -> str:
    """Untrusted text as a pupil may see it again: escaped to ASCII, at most ``limit`` characters."""
    shown = text.encode("unicode_escape", "backslashreplace").decode("ascii")
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def read_code(text: str) -> str:
    code = clean_code(text)
    if code is None:
        raise ValueError("a class code of 6 letters and digits")
    return code


def read_browser(text: str) -> str:
    if not BROWSER_RE.fullmatch(text):
        raise ValueError("a browser key")
    return text


# A class link's own parameters, which every lesson page accepts (class mode joins the page when it has one)
CLASS_PARAMS = {
    "class": Param("class", read_code, None),
    "_pupil": Param("_pupil", read_browser, None),  # set by the server from a cookie, refused in a link
}
