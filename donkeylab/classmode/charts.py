"""What the teacher's dashboard draws, computed in the kernel: the join link and whether pupils can reach it,
the guesses' bins, the pooled estimate's points, the QR code.

Pure functions of their arguments (no store, no widget), so each is tested on its own. The rule for everything
drawn before the reveal: nothing depends on the exact answer. The bins of a probability guess are the same for
every question (0–1 %, 1–2 %, 2–5 %, 5–10 %, then tens), so a chart's shape never hints at the answer, and a
small answer still gets bars that tell 1 % from 9 %; the pooled plot's axis follows the class's own estimate.
"""

from __future__ import annotations

import ipaddress
import itertools
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlencode, urlsplit

from donkeylab.classmode.words import number_words
from donkeylab.lab.stats import wilson

PERCENT_EDGES = (0, 1, 2, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100)  # a probability guess's bins, in percent
MAX_HREF = 500
MAX_POINTS = 240  # the convergence line keeps at most this many points (thinned, first and last kept)


def bin_of(value: float) -> int:
    """The bin of a probability (0..1) among ``PERCENT_EDGES``: [low, high) and the last one closed."""
    pct = round(value * 100, 9)  # 0.3 is in 30–40 %, although 0.3 * 100 is 30.000000000000004 or 29.99…
    for i in range(len(PERCENT_EDGES) - 1):
        if pct < PERCENT_EDGES[i + 1]:
            return i
    return len(PERCENT_EDGES) - 2


def percent_bins(answers: Sequence[float], lang: str) -> list[list[Any]]:
    """``[[label, count], ...]`` of probability guesses in the fixed bins."""
    counts = [0] * (len(PERCENT_EDGES) - 1)
    for a in answers:
        counts[bin_of(a)] += 1
    labels = [f"{low}–{high} %" for low, high in itertools.pairwise(PERCENT_EDGES)]
    return [[label, n] for label, n in zip(labels, counts, strict=True)]


def choice_bins(answers: Sequence[float], labels: Sequence[str]) -> list[list[Any]]:
    """``[[label, count], ...]`` of choices (each answer is an option's index)."""
    counts = [0] * len(labels)
    for a in answers:
        counts[int(a)] += 1
    return [[label, n] for label, n in zip(labels, counts, strict=True)]


def grown(series: list[list[float]], trials: int, hits: int) -> list[list[float]]:
    """The pooled estimate after ``trials`` added to ``series``: ``[trials, share, low, high]`` (95 % Wilson)."""
    if trials <= 0:
        return series
    ci = wilson(hits, trials)
    point = [float(trials), float(ci.value), float(ci.low), float(ci.high)]
    out = [*series, point]
    if len(out) > MAX_POINTS:
        out = out[:1] + out[1:-1:2] + out[-1:]
    return out


def loopback(host: str | None) -> bool:
    if not host:
        return True
    if host.lower() in ("localhost", "localhost.localdomain") or host.lower().endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def bare_name(host: str) -> bool:
    """A machine name without a domain ("vm", "teacher-pc"): school tablets often cannot look it up."""
    try:
        ipaddress.ip_address(host)
        return False
    except ValueError:
        return "." not in host


def join_links(href: str, info: dict[str, Any], lesson: str, code: str, lang: str) -> dict[str, str] | None:
    """The pupils' link (for the QR code), the short address to type, and a warning key when pupils' devices
    cannot reach it ("local_only", "bare_name") — or None when ``href`` is not the class-mode page's own
    address (checked: http(s), a plain host, the notebook's path).

    A teacher on the serving machine sees the page at 127.0.0.1: pupils get the address the server printed
    (``info["urls"]``: this machine's network addresses) instead, when it listens on the network."""
    if not isinstance(href, str) or len(href) > MAX_HREF:
        return None
    try:
        parts = urlsplit(href)
        _port = parts.port
    except ValueError:
        return None
    host_ok = parts.hostname is not None and all(c.isalnum() or c in ".-:[]" for c in parts.netloc)
    if parts.scheme not in ("http", "https") or not host_ok or not parts.path.endswith("/class_mode.ipynb"):
        return None
    render = parts.path.removesuffix("class_mode.ipynb")  # /voila/render/ (or /user/x/voila/render/ on a hub)
    origin, warning = f"{parts.scheme}://{parts.netloc}", ""
    urls = [u for u in info.get("urls", []) if isinstance(u, str) and not loopback(urlsplit(u).hostname)]
    if loopback(parts.hostname):
        if urls:
            found = urlsplit(urls[0])
            origin = f"{found.scheme}://{found.netloc}"
        else:
            warning = "local_only"
    elif bare_name(str(parts.hostname)):
        warning = "bare_name"
    base = render.removesuffix("voila/render/")
    hub = info.get("hub")
    if isinstance(hub, dict) and isinstance(hub.get("base"), str) and render.startswith(str(hub.get("prefix"))):
        # on a JupyterHub: the teacher's server is /user/TEACHER/; each pupil opens the same page on their own
        render = f"{hub['base']}hub/user-redirect/{render.removeprefix(hub['prefix'])}"
        base = hub["base"]
    link = f"{origin}{render}{lesson}.ipynb?" + urlencode({"class": code, "lang": lang})
    short = f"{urlsplit(origin).netloc}{base.rstrip('/')}"
    return {"link": link, "short": short, "warning": warning, "better": urls[0] if urls and warning else ""}


def qr_svg(link: str) -> str:
    """The link as an SVG QR code (segno; medium error correction, dark on white, no XML declaration)."""
    import segno

    svg: str = segno.make(link, error="m").svg_inline(scale=5, border=3, dark="#000", light="#fff")
    return svg


def exact_words(value: float, lang: str, choice: str | None = None) -> str:
    """The exact answer as the dashboard states it after the reveal: a choice's name, or a probability as a
    percentage with its fraction when that is short (``1.2 % = 1/81``)."""
    if choice is not None:
        return choice
    from fractions import Fraction

    frac = Fraction(value).limit_denominator(1000)
    pct = number_words(value * 100, lang, 1)
    return f"{pct} % = {frac}" if abs(float(frac) - value) < 1e-12 else f"{pct} %"
