"""What a page request may carry, and the Content-Security-Policy every app page is sent with.

A pupil's link is untrusted: Voila 0.5 writes ``?theme=`` unescaped into ``<body data-jp-theme-name="…">``,
so one crafted link would run a script in a classmate's page (and could stop their kernel); ``?template=``
hangs or crashes the request. ``voila.json`` turns both overrides off; on top of that

- **only our own parameters pass**: an app's link may carry exactly the parameters of that app
  (``donkeylab.apps.APPS[name].params``) and ``token``; anything else answers 400 with a sentence in both
  languages and the same link without the unknown parts, before a kernel is taken;
- **no script runs that is not ours**: every page is sent with a CSP whose ``script-src`` allows this
  server's files, the widget modules (``blob:``, how anywidget loads them) and the inline scripts of
  Voila's template, each stamped with a fresh nonce per response. A script that reaches the page any
  other way (an injected tag, an ``onerror=`` attribute) does not run.

**No request leaves the server**: the template's two Font Awesome stylesheets from a CDN (``voila.js`` already
bundles the icons) are dropped from the page as it streams. A school's pupils' browsers then contact no third
party (no address of theirs reaches a CDN), and an offline classroom waits for no unreachable host.

The nonce is stamped on the template's inline scripts (everything before the cells) and, after it, only on
the three one-line calls Voila's template makes while the cells arrive (``voila_process(i, n)``,
``voila_heartbeat()``, ``voila_finish()``). Cell outputs are JSON inside data scripts (escaped by Jinja's
``tojson``), which a CSP does not need to allow.
"""

from __future__ import annotations

import hashlib
import html
import re
import secrets
from collections import Counter
from collections.abc import Iterable, Mapping
from urllib.parse import parse_qsl, urlencode

from donkeylab.core import CATALOGUE
from donkeylab.pages.query import quote_short

ALWAYS_ALLOWED = frozenset({"token"})  # the server's own login parameter (``--public``)
MAX_SHOWN = 30  # characters of an unknown parameter quoted back
MAX_FIELDS = 100  # fields of a link read; a link with more is refused (ours carry a dozen at most)

CATALOGUE.add("SERVE-LINK-TITLE", "This link is not one of ours", "Dieser Link stammt nicht von uns")
CATALOGUE.add(
    "SERVE-LINK",
    "The link carries something this page does not know: {names}. Open the page without it:",
    "Der Link enthält etwas, das diese Seite nicht kennt: {names}. Öffne die Seite ohne das:",
)

_SCRIPT_TAG = re.compile(r"<script(?=[\s>])")
_CDN_LINK = re.compile(r"<link[^>]+href=\"https://cdn\.jsdelivr\.net/[^\"]*\"[^>]*/?>\s*")
_CELLS = 'id="rendered_cells"'
_HEAD = re.compile(r"<head(?:\s[^>]*)?>")
_VOILA_CALL = re.compile(
    r'<script(?: type="text/javascript")?>(\s*(?:voila_process\(\d+, \d+\)|window\.voila_finish\(\);'
    r"|window\.voila_heartbeat\(\))\s*)</script>"
)


def new_nonce() -> str:
    return secrets.token_urlsafe(18)


def content_security_policy(nonce: str) -> str:
    """Scripts: ours and the nonce's; nothing framed by other sites; no plugins; no ``<base>`` rewrites."""
    return "; ".join(
        [
            f"script-src 'self' 'nonce-{nonce}' blob: 'unsafe-eval'",
            "object-src 'none'",
            "base-uri 'none'",
            "frame-ancestors 'self'",
            "form-action 'self'",
        ]
    )


class NonceStamper:
    """Adds ``nonce="…"`` to the template's inline scripts in a page streamed chunk by chunk.

    Jinja streams a template in pieces (``<script>`` and ``voila_process(`` can come apart), so text is
    passed on only up to a point where no tag and no script is open; the rest waits for the next chunk.
    """

    def __init__(self, nonce: str, first: str = "") -> None:
        """``first``: a script of ours put first in the page's ``<head>``, before Voila's own (none if empty)."""
        self.nonce, self.in_cells, self.pending = nonce, False, ""
        self.first = f"<script>{first}</script>" if first else ""

    def feed(self, chunk: str) -> str:
        text = self.pending + chunk
        cut = _safe_end(text)
        self.pending = text[cut:]
        return self._stamp(text[:cut])

    def flush(self) -> str:
        text, self.pending = self.pending, ""
        return self._stamp(text)

    def _stamp(self, text: str) -> str:
        stamp = f'<script nonce="{self.nonce}"'
        if not self.in_cells:
            head, sep, tail = text.partition(_CELLS)
            if self.first and (opened := _HEAD.search(head)):
                head, self.first = head[: opened.end()] + self.first + head[opened.end() :], ""
            head = _SCRIPT_TAG.sub(stamp, _CDN_LINK.sub("", head))
            if not sep:
                return head
            self.in_cells = True
            return head + sep + self._stamp(tail)
        return _VOILA_CALL.sub(lambda m: f"{stamp}>{m.group(1)}</script>", text)


def _safe_end(text: str) -> int:
    """Where ``text`` may be cut: before a script not yet closed, else after the last complete tag."""
    closed = text.rfind("</script>")
    after = 0 if closed < 0 else closed + len("</script>")
    opened = text.find("<script", after)
    if opened >= 0:
        return opened
    return text.rfind(">") + 1


def split_link(query: str, allowed: Iterable[str]) -> tuple[list[str], str]:
    """The parameter names of ``query`` that are not ``allowed`` (in order, once each), and the query string
    of the allowed parameters alone (what the refusal page offers as the clean link).

    Only the first ``MAX_FIELDS`` fields are read. A link with more is never one of ours (each parameter once,
    a dozen at most): its repeated names count as not allowed too, and the clean link keeps the first value of
    each allowed one. ``parse_qsl(max_num_fields=…)`` raises instead: a 500 with the whole link in a traceback,
    so a long link would write several times its own size to the log."""
    known = set(allowed) | ALWAYS_ALLOWED
    fields = query.split("&", MAX_FIELDS)  # parse_qsl splits on "&" alone
    pairs = parse_qsl("&".join(fields[:MAX_FIELDS]), keep_blank_values=True, max_num_fields=MAX_FIELDS)
    unknown = [k for k, _ in pairs if k not in known]
    if len(fields) > MAX_FIELDS:
        repeated = [k for k, n in Counter(k for k, _ in pairs).items() if n > 1]
        unknown += repeated or [pairs[0][0] if pairs else "&"]
        pairs = list({k: (k, v) for k, v in reversed(pairs)}.values())[::-1]  # the first value of each name
    return list(dict.fromkeys(unknown)), urlencode([(k, v) for k, v in pairs if k in known])


def bilingual_page(status: int, title_key: str, text_key: str, data: dict[str, object], after: str = "") -> str:
    """A short page in English and German: a catalogue title and sentence (escaped), then ``after`` (HTML)."""
    parts = []
    for lang in ("en", "de"):
        title = html.escape(CATALOGUE.render(title_key, {}, lang))
        text = html.escape(CATALOGUE.render(text_key, data, lang))
        parts.append(f"<section lang='{lang}'><h1>{title}</h1><p>{text}{after}</p></section>")
    return (
        f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{status}</title>"
        "<link rel='icon' href='data:,'>"  # no favicon request: the server has none (a 404 in the console)
        "<style>body{font-family:system-ui,sans-serif;max-width:40em;margin:3em auto;padding:0 1em}</style>"
        f"</head><body>{''.join(parts)}</body></html>"
    )


def refused_link_page(unknown: list[str], clean: str) -> str:
    """The 400 page: which parts of the link are not ours (quoted short, escaped) and the link without them."""
    shown = ", ".join(f"‘{quote_short(n, MAX_SHOWN)}’" for n in unknown[:5]) + (" …" if len(unknown) > 5 else "")
    href = html.escape(clean, quote=True)
    return bilingual_page(400, "SERVE-LINK-TITLE", "SERVE-LINK", {"names": shown}, f' <a href="{href}">{href}</a>')


def address_tag(remote_ip: object) -> str:
    """The server's tag of a page's client address, added to its browser key for the kernel: the class store
    bounds the new pupils one address brings into a class (a digest: the address itself is not stored)."""
    return hashlib.sha256(f"donkeylab-address:{remote_ip}".encode()).hexdigest()[:16]


def app_params(notebooks: Iterable[str]) -> Mapping[str, frozenset[str]]:
    """Each served notebook's link parameters: an app's own, none for any other notebook (the gallery)."""
    import donkeylab.apps  # noqa: F401  (registers every app)
    from donkeylab.apps.gallery import PARAMS as GALLERY
    from donkeylab.pages.registry import APPS  # the apps' parameters are declared once, by the apps
    from donkeylab.server.class_gate import PUPIL_PARAM  # the server adds it from a cookie: never from a link

    params = {f"{name}.ipynb": frozenset(info.params) - {PUPIL_PARAM} for name, info in APPS.items()}
    params["index.ipynb"] = frozenset(GALLERY)
    return {nb: params.get(nb, frozenset()) for nb in notebooks}
