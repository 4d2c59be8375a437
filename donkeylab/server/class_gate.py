"""Who may open what on a class server: the teacher, the pupils of an open class, and nobody else.

Two authorities, checked by the server before any kernel is taken:

- **The teacher** is the machine that runs the server (a request from its own loopback address that no
  proxy forwarded), or whoever holds the server's token (``--class`` / ``--public`` print it, for the
  teacher's other devices). On a server without a token (``make app``: it listens on 127.0.0.1 only) every
  visitor is on the teacher's machine. Only the teacher opens the gallery, the free-play pages and class mode
  (starting, revealing, ending a class).
- **A pupil** holds an open class's code: the class link (``<lesson>.ipynb?class=CODE``, the QR code) or the
  join page (``/join``, the code typed). That is a capability for this class's lesson page only (and the
  kernel sockets that page uses): the server sets a cookie with the code, and checks on every request that
  the class is still open. A pupil never needs the token, and the token never reaches a pupil.

A pupil's browser also gets its own random key (a cookie, ``dl_browser``), which the server passes to the
lesson's kernel as ``_pupil``: the same browser is the same pupil after a reload or a server restart
(``ClassStore.join``). Wrong codes count per browser and per client address: past ``MISSES`` in a minute from
one browser, or ``ADDRESS_MISSES`` from one address, the server answers 429 for the rest of it, so guessing a
code (32⁶ ≈ 10⁹ of them) is hopeless. A school's pupils share one address: one of them mistyping (or guessing)
does not lock out the class link for the others.
"""

from __future__ import annotations

import html
import ipaddress
import json
import logging
import os
import re
import secrets
import time
from collections import deque
from typing import Any, ClassVar
from urllib.parse import parse_qsl, urlencode

from jupyter_server.auth.identity import PasswordIdentityProvider, User
from tornado import web

from donkeylab.classmode.warm import SERVER_ENV
from donkeylab.classmode.words import say
from donkeylab.classroom.names import clean_code
from donkeylab.core.messages import other_language
from donkeylab.server.warming import desk_code

log = logging.getLogger(__name__)
CLASS_COOKIE = "dl_class"
BROWSER_COOKIE = "dl_browser"
PUPIL_PARAM = "_pupil"  # the browser key, added by the server to the query a class page's kernel reads
TEACHER, PUPIL, VISITOR = "teacher", "pupil", "visitor"
# Routes whose only key is a kernel's id (a random UUID only its own page knows): a page may always release its
# kernel when its tab closes (the beacon) and read its status, also after its class ended.
KERNEL_ROUTES = re.compile(r".*/(?:voila/api/shutdown|api/kernels)/[0-9a-f-]{36}$")
REFRESH_S = 3.0  # how old the server's list of open classes may be
# A code not in the list is looked up again if the list is older than this: a class started a moment ago (the
# pupils scan its code at once) is known at the first try; guesses cost at most one read of the store per second
RECHECK_S = 1.0
MISSES = 20  # wrong codes per browser (its ``dl_browser`` cookie) and minute before the server refuses more
ADDRESS_MISSES = 200  # wrong codes per client address and minute: a whole class behind one router shares it
MISS_WINDOW_S = 60.0
FORWARDED = ("X-Forwarded-For", "Forwarded", "X-Real-Ip")
BROWSER_DAYS = 30


def is_local(request: Any) -> bool:
    """A request from this machine's own loopback address that no proxy forwarded."""
    if any(request.headers.get(h) for h in FORWARDED):
        return False
    try:
        return ipaddress.ip_address(str(request.remote_ip).split("%")[0]).is_loopback
    except ValueError:
        return False


class Misses:
    """Wrong class codes over the last minute, per browser (``limit``) and per client address (``address_limit``).

    Pupils behind one school router share an address: a browser that guessed too often is refused, its
    classmates are not, until the address as a whole passes a bound many times larger. A guesser that drops or
    changes its cookie is held by that bound."""

    def __init__(self, limit: int = MISSES, window: float = MISS_WINDOW_S, address_limit: int = ADDRESS_MISSES) -> None:
        self.limit, self.window, self.address_limit = limit, window, address_limit
        self.seen: dict[str, deque[float]] = {}

    def blocked(self, address: str, browser: str | None = None, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        if self._count(f"a:{address}", now) >= self.address_limit:
            return True
        return browser is not None and self._count(f"b:{browser}", now) >= self.limit

    def miss(self, address: str, browser: str | None = None, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        if len(self.seen) > 10_000:  # bounded: forget the quiet addresses and browsers
            self.seen = {a: t for a, t in self.seen.items() if t and t[-1] >= now - self.window}
        for key in (f"a:{address}", f"b:{browser}" if browser is not None else None):
            if key is not None:
                self.seen.setdefault(key, deque()).append(now)

    def _count(self, key: str, now: float) -> int:
        times = self.seen.get(key)
        while times and times[0] < now - self.window:
            times.popleft()
        return len(times) if times else 0


class ClassGate:
    """The open classes as the server sees them (read from the class store at most every ``REFRESH_S``)."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url
        self._store: Any = None
        self._classes: dict[str, str] = {}
        self._read = -1e9
        self.misses = Misses()
        self._failed = False

    def open_classes(self, max_age: float = REFRESH_S) -> dict[str, str]:
        now = time.monotonic()
        if now - self._read >= max_age:
            self._read = now
            try:
                if self._store is None:
                    from donkeylab.classroom.store import ClassStore

                    self._store = ClassStore.open(self.url)
                self._classes = self._store.open_classes()
                self._failed = False
            except Exception:  # no store, a database down: no class link works until it is back
                if not self._failed:
                    log.exception("class links: the class store cannot be read")
                self._failed, self._store, self._classes = True, None, {}
        return self._classes

    def open_codes(self) -> set[str] | None:
        """The codes of the open classes, read afresh; None when the store cannot be read (nothing is known
        to have ended then)."""
        found = set(self.open_classes(max_age=0))
        return None if self._failed else found

    def lesson_of(self, code: object) -> str | None:
        clean = clean_code(code)
        if clean is None:
            return None
        known = self.open_classes().get(clean)
        return known if known is not None else self.open_classes(RECHECK_S).get(clean)


GATE = ClassGate()


def role_of(user: Any) -> tuple[str, str | None]:
    """(``TEACHER``, None), (``PUPIL``, the class code) or (``VISITOR``, None) for a request's user."""
    name = getattr(user, "username", "")
    if isinstance(name, str) and name.startswith(f"{PUPIL}:"):
        return PUPIL, name.split(":", 1)[1]
    if name == VISITOR:
        return VISITOR, None
    return TEACHER, None


class ClassroomIdentity(PasswordIdentityProvider):
    """The token (or no token at all), else this machine: the teacher; else an open class's code: a pupil."""

    gate: ClassVar[ClassGate] = GATE

    async def _get_user(self, handler: web.RequestHandler) -> User | None:
        user: User | None = await super()._get_user(handler)
        if user is not None:
            leave_the_address_bar(handler)
            return user
        if is_local(handler.request):
            return User(TEACHER, "Teacher", "Teacher", "T")
        code = self.capability(handler)
        if code is not None:
            return User(f"{PUPIL}:{code}", "Pupil", "Pupil", "P")
        if handler.request.method in ("GET", "POST") and KERNEL_ROUTES.fullmatch(handler.request.path):
            return User(VISITOR, "Visitor", "Visitor", "V")  # the kernel's id is the key here
        return None

    def capability(self, handler: web.RequestHandler) -> str | None:
        """The open class whose code the request carries (a class link's ``class=`` or the class cookie)."""
        given = handler.get_query_argument("class", None) if handler.request.method == "GET" else None
        address = str(handler.request.remote_ip)
        if given is not None and self.gate.misses.blocked(address):
            return None  # an address that guessed too many codes: not even a right one counts for a minute
        code = clean_code(given) if given else None
        if code is not None and self.gate.lesson_of(code) is not None:
            if handler.get_cookie(CLASS_COOKIE) != code:
                handler.set_cookie(CLASS_COOKIE, code, httponly=True, samesite="Lax", expires_days=1)
            return code
        if given is not None:  # a class link with a code of no open class: a guess, counted as the join box does
            self.gate.misses.miss(address)
        cookie = clean_code(handler.get_cookie(CLASS_COOKIE))
        if cookie is not None and self.gate.lesson_of(cookie) is not None:
            return cookie
        return None


def leave_the_address_bar(handler: web.RequestHandler) -> None:
    """A page asked for with ``?token=`` (the teacher's link for another device) is answered with a redirect to
    the same link without it, once the login cookie is set: the token is in the address bar for no page, so
    no projected screen, history or bookmark shows it. Only a browser's page request (a GET that is no
    websocket); an ``Authorization`` header is left alone."""
    request = handler.request
    if request.method != "GET" or request.headers.get("Upgrade", "").lower() == "websocket":
        return
    if not getattr(handler, "_token_authenticated", False) or "token" not in handler.request.query_arguments:
        return
    pairs = [(k, v) for k, v in parse_qsl(request.query, keep_blank_values=True) if k != "token"]
    handler.redirect(request.path + (f"?{urlencode(pairs)}" if pairs else ""), status=303)
    raise web.Finish()


DASHBOARD = "class_mode.ipynb"  # the teacher's page that no limit of the pupils' refuses


def may_open(role: str, code: str | None, notebook: str, query_code: str | None) -> bool:
    """Whether a user of ``role`` may open ``notebook`` (a pupil: only their class's lesson, with its code)."""
    if role == TEACHER:
        return True
    lesson = GATE.lesson_of(code)
    return lesson is not None and notebook == f"{lesson}.ipynb" and clean_code(query_code) == code


def browser_key(handler: web.RequestHandler) -> str:
    """This browser's own key (made and set as a cookie on its first class page)."""
    from donkeylab.classroom.checks import BROWSER_RE

    key = handler.get_cookie(BROWSER_COOKIE)
    if key is None or not BROWSER_RE.fullmatch(key):
        key = secrets.token_urlsafe(24)
        handler.set_cookie(BROWSER_COOKIE, key, httponly=True, samesite="Lax", expires_days=BROWSER_DAYS)
    return key


def page_lang(handler: web.RequestHandler) -> str:
    """``?lang=`` if given, else the browser's first language we speak (German or English)."""
    given = handler.get_query_argument("lang", None)
    if given in ("en", "de"):
        return given
    for part in handler.request.headers.get("Accept-Language", "").split(","):
        tag = part.split(";")[0].strip().lower()
        if tag.startswith(("de", "en")):
            return tag[:2]
    return "en"


class JoinHandler(web.RequestHandler):
    """``/join``: a box for the class code (no token, no kernel); a code of an open class opens its lesson."""

    def get(self) -> None:
        lang = page_lang(self)
        address, browser = str(self.request.remote_ip), browser_key(self)
        given = self.get_query_argument("code", None)
        if given is None:
            self._page(lang, "")
            return
        if GATE.misses.blocked(address, browser):
            self.set_status(429)
            self.set_header("Retry-After", str(int(MISS_WINDOW_S)))
            self._page(lang, say("join_blocked", lang))
            return
        code = clean_code(given)
        lesson = GATE.lesson_of(code) if code is not None else None
        if code is None or lesson is None:
            GATE.misses.miss(address, browser)
            self.set_status(404)
            shown = html.escape(given[:12])
            self._page(lang, say("join_unknown", lang, code=shown) if code else say("join_bad", lang, code=shown))
            return
        self.redirect(f"voila/render/{lesson}.ipynb?" + urlencode({"class": code, "lang": lang}))

    def _page(self, lang: str, problem: str) -> None:
        """The join box: one field, one button; the problem (already escaped) above it."""
        other = other_language(lang)
        note = f"<p class='dl-join-problem' role='alert'>{problem}</p>" if problem else ""
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Content-Security-Policy", JOIN_CSP)
        self.set_header("Cache-Control", "no-store")
        w = {k: html.escape(say(k, lang)) for k in ("join_title", "join_label", "join_button", "join_help")}
        self.finish(
            f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{w['join_title']}</title><link rel='icon' href='data:,'><style>{JOIN_STYLE}</style></head>"
            f"<body><main><h1>{w['join_title']}</h1>{note}<form action='join' method='get'>"
            f"<label for='code'>{w['join_label']}</label>"
            "<input id='code' name='code' autocomplete='off' autocapitalize='characters' spellcheck='false' "
            "maxlength='12' required autofocus>"
            f"<input type='hidden' name='lang' value='{lang}'><button type='submit'>{w['join_button']}</button>"
            f"</form><p>{w['join_help']}</p><p><a href='join?lang={other}'>{'Deutsch' if other == 'de' else 'English'}"
            "</a></p></main></body></html>"
        )


# No script at all; its own style and the empty icon; the form goes to this server only.
JOIN_CSP = (
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'; "
    "frame-ancestors 'none'"
)
JOIN_STYLE = (
    "body{font-family:system-ui,sans-serif;margin:0;background:#f3f8fc;color:#222}"
    "main{max-width:28em;margin:8vh auto;padding:1.5em;background:#fff;border:2px solid #0072B2;border-radius:14px}"
    "h1{font-size:1.6em;margin-top:0}label{display:block;font-weight:700;margin:.6em 0 .3em}"
    "input#code{font:700 2em ui-monospace,monospace;letter-spacing:.15em;text-transform:uppercase;width:8.5em;"
    "padding:.2em .3em;border:2px solid #555;border-radius:8px}"
    "button{display:block;margin-top:.8em;font-size:1.2em;padding:.5em 1.2em;border-radius:8px;border:0;"
    "background:#0072B2;color:#fff;cursor:pointer}button:focus-visible,input:focus-visible,a:focus-visible"
    "{outline:3px solid #E69F00;outline-offset:2px}.dl-join-problem{color:#a33;font-weight:700}"
)


class WarmHandler(web.RequestHandler):
    """``/donkeylab/warm``: the teacher's kernel asks the server to preheat a lesson for the class size.

    Only from this machine, with the secret the server gave its kernels (``DONKEYLAB_SERVER``): a page can
    send neither. POST ``{"lesson", "size", "class", "lang"}`` (or ``"desk"`` instead of ``"class"``: the
    start screen) starts the pool; POST ``{"built": KERNEL_ID}``: a warmed kernel's page is built; GET
    ``?lesson=`` says how many are ready and the class's language (a warmed kernel builds its page for it);
    DELETE ``?lesson=&class=`` (End class) or ``?lesson=&desk=`` shuts down the pool's kernels no page took.
    """

    secret: ClassVar[str] = ""
    kernel_manager: ClassVar[Any] = None
    lessons: ClassVar[frozenset[str]] = frozenset()

    def prepare(self) -> None:
        given = self.request.headers.get("X-Donkeylab-Secret", "")
        if not (self.secret and is_local(self.request) and secrets.compare_digest(given, self.secret)):
            raise web.HTTPError(403)

    def _notebook(self, lesson: object) -> str:
        if not isinstance(lesson, str) or lesson not in self.lessons:
            raise web.HTTPError(400)
        return f"{lesson}.ipynb"

    def post(self) -> None:
        try:
            body = json.loads(self.request.body or b"{}")
            if isinstance(body.get("built"), str):  # a warmed kernel's page is built
                self._built(body["built"])
                return
            notebook, size = self._notebook(body.get("lesson")), int(body.get("size"))
        except (ValueError, TypeError, AttributeError):
            raise web.HTTPError(400) from None
        warm = getattr(self.kernel_manager, "warm", None)
        if warm is None:
            raise web.HTTPError(501)
        lang = body.get("lang") if body.get("lang") in ("en", "de") else None  # the class link's language
        self.finish(warm(notebook, size, clean_code(body.get("class")), desk=_desk(body.get("desk")), lang=lang))

    def _built(self, kernel_id: str) -> None:
        built = getattr(self.kernel_manager, "kernel_built", None)
        if built is None or not KERNEL_ID_RE.fullmatch(kernel_id):
            raise web.HTTPError(400 if built is not None else 501)
        built(kernel_id)
        self.finish({"built": kernel_id})

    def delete(self) -> None:
        """The class has ended, or a desk shows another lesson or started its class: the lesson's warmed
        kernels that no page took are shut down, unless another class of the lesson is still open (the class
        store says which are) or a desk still claims it."""
        notebook = self._notebook(self.get_query_argument("lesson", None))
        cool = getattr(self.kernel_manager, "cool", None)
        if cool is None:
            raise web.HTTPError(501)
        desk = _desk(self.get_query_argument("desk", None))
        code = desk_code(desk) if desk else clean_code(self.get_query_argument("class", None))
        self.finish(cool(notebook, code, GATE.open_codes()))

    def get(self) -> None:
        notebook = self._notebook(self.get_query_argument("lesson", None))
        status = getattr(self.kernel_manager, "warm_status", None)
        if status is None:
            raise web.HTTPError(501)
        self.finish(status(notebook))


KERNEL_ID_RE = re.compile(r"[0-9a-f-]{8,64}")
DESK_RE = re.compile(r"[A-Za-z0-9_-]{8,64}")


def _desk(text: object) -> str | None:
    """A desk's id as the dashboard's kernel made it, or None (not a desk, or not one of ours)."""
    return text if isinstance(text, str) and DESK_RE.fullmatch(text) else None


def export_server_info(ip: str, port: int, base_url: str, urls: list[str]) -> str:
    """Tell this server's kernels (they inherit its environment) where pupils reach it and the warm-up secret."""
    secret = secrets.token_urlsafe(24)
    info = {"bind": ip, "port": port, "base_url": base_url, "urls": urls, "secret": secret}
    os.environ[SERVER_ENV] = json.dumps(info)
    return secret
