"""``Stepper``: the one step-through component for every game — an anywidget over a ``core.Match``.

It holds no rule. Step asks the Match (chance is drawn from ``rng_for(seed, k)``, bots act), Back/Forward move
the cursor, ``play`` pushes a human's action or a forced chance outcome, and every change is sent to the
browser as **one** message (``hold_sync``) carrying the engine's ``snapshot``. Inside one action the Stepper
can walk event by event (``substep``): an Esels-Rennen chain hop by hop, a Double Donkey reveal flip by flip.
Bad input never raises into the notebook: it sets ``error`` to the engine's sentence with its rule ID.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Iterator, Mapping
from typing import Any

import anywidget
import traitlets as t

from donkeylab.core import Action, Bot, DonkeylabError, GameState, IllegalAction, LoadError, Match, quote_action
from donkeylab.core.bounds import MAX_SEED, MAX_STEP
from donkeylab.core.errors import clip
from donkeylab.core.messages import player_name
from donkeylab.games import GameInfo, info
from donkeylab.links import MAX_SUB, link_values
from donkeylab.widgets import assets, background, guard
from donkeylab.widgets.guard import PageGuard, Refused, short, whole_number
from donkeylab.widgets.kit import KitUser
from donkeylab.widgets.messages import say

LOG_SIZE = 12  # events in the log trait: the last few actions; keeps one step's message small
Bots = str | Mapping[int, str] | None
SPEEDS = (0.25, 50.0)  # Play's steps per second: the slider's range and a little more
MAX_ADVANCE = MAX_STEP  # a saved game's history cap: a link's step=… never walks further


class Stepper(KitUser, PageGuard, anywidget.AnyWidget):
    """Step / Back / Play through a game; ``Stepper("double_down", 3, seed=7)`` shows a seeded game.

    ``bots="random"`` lets every seat play randomly, ``None`` makes every seat human, and a mapping such as
    ``{1: "Greedy", 2: "Policy(lowest)"}`` gives single seats a bot (specs as the lab parses them).
    """

    _esm = assets.asset("stepper.js")
    _css = assets.asset("stepper.css")
    front_end = "stepper"
    page_writable = frozenset({"lang", "seat", "speed"})  # the bar's menus and slider; all else is the kernel's

    game = t.Unicode(help="the game's registry name (double_donkey, double_down, esels_rennen)").tag(sync=True)
    snapshot = t.Dict(help="state.snapshot(seat, lang) of the state at the cursor (see ARCHITECTURE.md)").tag(sync=True)
    index = t.Int(0, help="position of the cursor in the timeline (0 = the start of the game)").tag(sync=True)
    length = t.Int(1, help="number of states in the timeline (Forward can go up to length - 1)").tag(sync=True)
    substep = t.Int(0, help="how many of the current state's events are shown (all when it equals their number)").tag(
        sync=True
    )
    substeps = t.Bool(True, help="walk inside one action's events (a chain hop by hop, a reveal flip by flip)").tag(
        sync=True
    )
    error = t.Unicode("", help="the last rejected input, with its rule ID; empty when fine").tag(sync=True)
    notice = t.Unicode("", help="why Step cannot go on (a human must act, the game is over); empty otherwise").tag(
        sync=True
    )
    static = t.Dict(help="the table entries the game declares unchanging (GameInfo.static_keys: the board)").tag(
        sync=True
    )
    log: t.List[dict[str, Any]] = t.List(help="the latest events up to the cursor: {index, sub, rule, text}").tag(
        sync=True
    )
    lang = t.Enum(("en", "de"), "en", help="language of every text: 'en' or 'de'").tag(sync=True)
    seat = t.Int(None, allow_none=True, help="whose eyes: None for the teacher (everything), or a seat number").tag(
        sync=True
    )
    playing = t.Bool(False, help="True while Play steps on by itself").tag(sync=True)
    speed = t.Float(2.0, min=SPEEDS[0], max=SPEEDS[1], help="Play speed in steps per second").tag(sync=True)
    seed = t.Int(0, help="the seed of the chance and the bots (the same seed replays the same game)").tag(sync=True)
    players = t.Int(0, help="number of players").tag(sync=True)
    texts = t.Dict(help="words the front end shows on its own, in lang (the lost-kernel banner)").tag(sync=True)
    link = t.Dict(help="the query values a link to this view carries (donkeylab.links: seed, players, step, ...)").tag(
        sync=True
    )

    def __init__(
        self,
        game: str,
        players: int | None = None,
        *,
        seed: int = 0,
        rules: Any = None,
        bots: Bots = "random",
        lang: str = "en",
        seat: int | None = None,
        substeps: bool = True,
        **setup: Any,
    ) -> None:
        self._info: GameInfo = info(game)
        self._lock = threading.RLock()
        self._runner: background.Worker | None = None
        self._stop = threading.Event()
        self._bots_spec: Bots = bots
        self._cache: tuple[dict[str, Any], dict[str, Any]] | None = None
        self._cache_key: tuple[Any, ...] = ()
        self._setup = setup
        super().__init__(game=game, lang=lang, seat=seat, substeps=substeps, seed=seed, **self._kit_traits())
        self._match = self._new_match(players, rules, seed)
        self.on_msg(self._on_front_end)
        self._sync()

    @classmethod
    def from_match(cls, match: Match, lang: str = "en", **kwargs: Any) -> Stepper:
        """A Stepper over an existing Match (its seed, bots and timeline are kept)."""
        state = match.states[0]
        stepper = cls(state.game, state.num_players, seed=int(match.seed), rules=state.rules, lang=lang, **kwargs)
        with stepper._lock:
            stepper._match = match
            stepper._sync()
        return stepper

    # ------------------------------------------------------------------ the model
    @property
    def match(self) -> Match:
        return self._match

    @property
    def state(self) -> GameState:
        return self._match.state

    @property
    def info(self) -> GameInfo:
        return self._info

    def _new_match(self, players: int | None, rules: Any, seed: int) -> Match:
        start = self._info.new_game(players, rules, **self._setup)
        return Match(start, seed=seed, bots=self._make_bots(start.num_players))

    def _make_bots(self, players: int) -> dict[int, Bot]:
        spec = self._bots_spec
        if spec is None:
            return {}
        if isinstance(spec, str):
            if spec != "random":
                raise ValueError(f"bots must be 'random', None or a mapping seat -> bot spec, not {spec!r}")
            return {p: self._info.bots["Random"]() for p in range(players)}
        return {int(p): self._info.bot(s) for p, s in spec.items()}

    def _events(self, k: int | None = None) -> int:
        return len(self._match.states[self._match.index if k is None else k].events)

    def _first_substep(self) -> int:
        n = self._events()
        return 1 if self.substeps and n > 1 else n

    # ------------------------------------------------------------------ navigation (each = one message)
    def step(self) -> None:
        """One event further if the current action has more to show, else one action (chance, bot, replay)."""
        with self._lock:
            if self.substeps and self.substep < self._events():
                self._sync(substep=self.substep + 1)
                return
            m = self._match
            if m.index < len(m) - 1:
                m.forward()
            elif m.can_step():
                m.step()
            else:
                self._sync(notice=self._why_stuck())
                return
            self._sync(substep=self._first_substep())

    def back(self) -> None:
        """One event back inside the current action, else to the previous state (the future is kept)."""
        with self._lock:
            if self.substeps and self.substep > 1:
                self._sync(substep=self.substep - 1)
                return
            if self._match.index > 0:
                self._match.back()
            self._sync()

    def forward(self) -> None:
        """To the next state already in the timeline (shown whole); nothing new is drawn."""
        with self._lock:
            self._match.forward()
            self._sync()

    def jump(self, k: Any) -> None:
        """To state ``k`` of the timeline (shown whole); anything but a step number in range sets ``error``."""
        with self._lock:
            last = len(self._match) - 1
            step = whole_number(k, 0, last)
            if step is None:
                self._reject(say("ui/outside_timeline", self.lang, k=short(k), last=last))
                return
            self._match.jump(step)
            self._sync()

    def go_to(self, step: int) -> None:
        """A link's or the teacher's ``step``: back within the timeline, or on from it (bots and chance; a human
        stops it)."""
        if step < self.length:
            self.jump(step)
        else:
            self.advance(step - self.index)

    def advance(self, actions: int) -> None:
        """``actions`` steps ahead in one go (a link's ``step=…``); stops early at the end or at a human."""
        with self._lock:
            m = self._match
            for _ in range(max(0, min(int(actions), MAX_ADVANCE))):
                if m.index < len(m) - 1:
                    m.forward()
                elif m.can_step():
                    m.step()
                else:
                    break
            self._sync()

    def show_events(self, n: Any) -> None:
        """Show the first ``n`` events of the current action (a link's ``sub``: a chain hop, a flip); a number
        outside 1..the action's events is clamped, anything but a whole number sets ``error``."""
        with self._lock:
            count = self._events()
            shown = whole_number(n, 0, MAX_SUB)
            if shown is None:
                self._reject(say("ui/outside_timeline", self.lang, k=short(n), last=count))
                return
            self._sync(substep=max(1, min(shown, count)) if self.substeps else None)

    def play(self, action: Action | str) -> bool:
        """A human's action (or a forced chance outcome) at the cursor; the later future is dropped.

        Returns whether it was applied. Illegal or unreadable input changes nothing and sets ``error``.
        """
        with self._lock:
            player = self.state.current_player
            if self.seat is not None and isinstance(player, int) and player != self.seat:
                self._reject(say("ui/not_your_turn", self.lang, player=player_name(self.seat, self.lang)))
                return False
            try:
                if isinstance(action, str):
                    action = self._info.parse_action(action)
                self._match.push(action)
            except IllegalAction as exc:
                self._reject(exc.render(self.lang))
                return False
            except (LoadError, DonkeylabError, TypeError, ValueError) as exc:
                text = short(action)[1:-1] if isinstance(action, str) else quote_action(action)[: guard.QUOTE_CHARS]
                reason = clip(str(exc), 200)
                self._reject(say("ui/cannot_read", self.lang, text=text, reason=reason))
                return False
            self._sync(substep=self._first_substep())
            return True

    def reset(self, seed: int | None = None, rules: Any = None, players: int | None = None) -> None:
        """A new game: another seed, other rules or another number of players (unchanged ones are kept)."""
        self.pause()
        with self._lock:
            start = self._match.states[0]
            try:
                self._match = self._new_match(
                    players if players is not None else start.num_players,
                    rules if rules is not None else start.rules,
                    self.seed if seed is None else int(seed),
                )
            except (DonkeylabError, ValueError, TypeError) as exc:
                self._sync(error=say("ui/bad_setting", self.lang, reason=str(exc)[:200]), keep=True)
                return
            if seed is not None:
                self.seed = int(seed)
            self._sync()

    # ------------------------------------------------------------------ Play / Pause
    def run(self) -> None:
        """Play: step at ``speed`` steps per second in a background thread until the end, a human or ``pause``."""
        with self._lock:
            if self._runner is not None and self._runner.is_alive():
                return
            self._stop = threading.Event()  # a paused task still pending sees its own flag, never this one
            self.playing = True
            # a thread, or in the browser (no threads) an asyncio task: ``widgets.background``
            self._runner = background.Worker(self._play_loop, "donkeylab-stepper-play", self._stop)
            self._runner.start()

    def pause(self) -> None:
        """Stop Play after the current step (returns once the background thread has ended)."""
        self._stop.set()
        runner = self._runner
        if runner is not None:
            runner.join(timeout=5)
        self._runner = None
        self.playing = False

    def _play_loop(self) -> Iterator[float]:
        """One step per unit of work, then a pause of ``1 / speed`` s (cut short by ``pause``)."""
        stop = self._stop
        try:
            while not stop.is_set():
                before = (self._match.index, self.substep, len(self._match))
                self.step()
                if (self._match.index, self.substep, len(self._match)) == before:
                    break  # the end, or a human must act: ``notice`` says which
                yield 1.0 / self.speed
        finally:
            if self._stop is stop:
                self.playing = False

    # ------------------------------------------------------------------ syncing
    def _why_stuck(self) -> str:
        player = self.state.current_player
        if player is None:
            return ""  # the phase sentence already says how the game ended
        if isinstance(player, int) and self.seat is not None and player != self.seat:
            return say("ui/not_your_turn", self.lang, player=player_name(self.seat, self.lang))
        return say("ui/human_to_act", self.lang, player=player_name(int(player), self.lang))  # type: ignore[call-overload]

    def _sync(self, substep: int | None = None, error: str = "", notice: str | None = None, keep: bool = False) -> None:
        """Send the whole picture at the cursor in one message; ``keep`` leaves the snapshot as it is."""
        with self.hold_sync():
            self.error = error
            if not keep:
                m = self._match
                n = self._events()
                self.index, self.length = m.index, len(m)
                self.substep = n if substep is None else max(0, min(substep, n))
                self.snapshot, self.static = self._snapshot()
                self.players = self.state.num_players
                self.log = self._log()
            self.notice = notice if notice is not None else self._waiting()
            self.texts = guard.page_texts(self.lang)
            self.link = self.link_values()

    def link_values(self) -> dict[str, str]:
        """What a link to this view carries, from the current game's own rules and set-up (a "New game" with
        another variant changes it at once: no page keeps a copy)."""
        start = self._match.states[0]
        return link_values(
            self._info,
            start.rules,
            self._setup,
            seed=self.seed,
            players=start.num_players,
            step=self.index,
            lang=self.lang,
            seat=self.seat,
            sub=self.substep if self.substeps and 0 < self.substep < self._events() else None,
        )

    def _snapshot(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """The engine's snapshot at the cursor, with the unchanging table entries split off (cached per view)."""
        key = (self.state, self.seat, self.lang)  # the state object itself: a reset never reuses a stale view
        if self._cache is None or self._cache_key[0] is not key[0] or self._cache_key[1:] != key[1:]:
            snap = self.state.snapshot(self.seat, self.lang)
            table = dict(snap["table"])
            static = {k: table.pop(k) for k in self._info.static_keys if k in table}
            self._cache, self._cache_key = ({**snap, "table": table}, static), key
        return self._cache

    def full_snapshot(self) -> dict[str, Any]:
        """``snapshot`` with the ``static`` entries put back: exactly ``state.snapshot(seat, lang)``."""
        return {**self.snapshot, "table": {**self.static, **self.snapshot["table"]}}

    def _reject(self, error: str) -> None:
        """Bad input: only ``error`` changes (the snapshot, the cursor and the timeline stay as they were)."""
        self._sync(error=error, keep=True)

    def _waiting(self) -> str:
        """The notice while the cursor is at the end of the timeline and no bot or chance can go on."""
        m = self._match
        if m.index < len(m) - 1 or self.substep < self._events() or m.can_step():
            return ""
        return self._why_stuck()

    def _log(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        states = self._match.states
        k = self._match.index
        while k > 0 and len(out) < LOG_SIZE:
            events = states[k].events
            shown = self.substep if k == self._match.index else len(events)
            for j in range(min(shown, len(events)) - 1, -1, -1):
                e = events[j]
                out.append({"index": k, "sub": j + 1, "rule": e.rule, "text": e.render(self.lang)})
                if len(out) >= LOG_SIZE:
                    break
            k -= 1
        return out[::-1]

    @t.validate("seat")
    def _valid_seat(self, proposal: dict[str, Any]) -> int | None:
        """None (the teacher) or a seat of this game; refused otherwise, so the page gets the old seat back."""
        seat = proposal["value"]
        if seat is None:
            return None
        players = self.state.num_players if hasattr(self, "_match") else 10**6
        if isinstance(seat, bool) or not 0 <= seat < players:
            raise Refused(say("ui/bad_seat", self.lang, seat=short(seat), last=players - 1))
        return int(seat)

    @t.validate("speed")
    def _valid_speed(self, proposal: dict[str, Any]) -> float:
        """A finite speed in ``SPEEDS`` (NaN passes Float's min/max and would make Play run unthrottled)."""
        speed = proposal["value"]
        if not (isinstance(speed, float) and math.isfinite(speed) and SPEEDS[0] <= speed <= SPEEDS[1]):
            raise Refused(say("ui/bad_speed", self.lang, speed=short(speed), low=SPEEDS[0], high=SPEEDS[1]))
        return speed

    @t.observe("lang", "seat", "substeps")
    def _on_view_change(self, change: dict[str, Any]) -> None:
        if not hasattr(self, "_match"):
            return
        with self._lock:
            self._sync(substep=self.substep if change["name"] != "substeps" else None)

    # ------------------------------------------------------------------ the front end's buttons and clicks
    def _on_front_end(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """``{"method": "step" | "back" | "forward" | "jump" | "play" | "run" | "pause" | "reset", ...}``."""
        if not isinstance(content, dict):
            return
        method = content.get("method")
        if method == "play":
            action = content.get("action")
            if not isinstance(action, str):
                self._reject(say("ui/cannot_read", self.lang, text=short(action), reason=type(action).__name__))
                return
            self.play(action)
        elif method == "jump":
            self.jump(content.get("k"))
        elif method == "reset":
            seed = content.get("seed")
            checked = None if seed is None or seed == "" else whole_number(seed, 0, MAX_SEED)
            if checked is None and not (seed is None or seed == ""):
                self._reject(say("ui/bad_seed", self.lang, seed=short(seed), high=MAX_SEED))
                return
            self.reset(seed=checked)
        elif method in ("step", "back", "forward", "run", "pause"):
            getattr(self, method)()

    def __repr__(self) -> str:
        return (
            f"Stepper({self.game!r}, players={self.state.num_players}, seed={self.seed}, "
            f"step={self.index}/{self.length - 1}, lang={self.lang!r})"
        )

    def _page_says(self, text: str) -> None:
        """A refused or dropped page message: the sentence shows where every rejected input does."""
        with self._lock:
            self._reject(text)
