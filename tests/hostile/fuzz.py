"""Hypothesis strategies and contract checks for fuzzing every loader and ``apply`` (issue 11, part 4).

A loader is any function that turns untrusted input into a value: ``LOADERS`` names each one with the only
error it may raise (a ``DonkeylabError`` subclass) and ``check_loader`` holds it to that promise. A future
loader (the apps' query-string parser) is one more ``Loader`` in that table and is fuzzed by the same tests.

``make test`` runs these with few examples, derandomized (the same examples on every machine: CI is
reproducible); ``DONKEYLAB_FUZZ_SCALE=50`` multiplies every example count for a long local run.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st

from benchmarks import soak
from donkeylab import double_donkey as dd
from donkeylab import double_down as dn
from donkeylab import esels_rennen as er
from donkeylab import games
from donkeylab.core import CHANCE, Action, DonkeylabError, GameState, IllegalAction, LoadError, rules_from_dict
from donkeylab.core.errors import MAX_MESSAGE
from tests import kit

ROOT = Path(__file__).resolve().parents[2]
RULE_IDS = frozenset(re.findall(r"^\| ((?:DD|ER|DN)-[A-Z]+-\d+) \|", (ROOT / "seeds/RULES.md").read_text(), re.M))
MODULES: dict[str, Any] = {"double_donkey": dd, "double_down": dn, "esels_rennen": er}
ACTIONS: dict[str, dict[str, type[Action]]] = {
    name: m.parse_action.__globals__["ACTIONS"] for name, m in MODULES.items()
}
SCALE = max(1, int(os.environ.get("DONKEYLAB_FUZZ_SCALE", "1")))


def fuzz(examples: int) -> settings:
    """Bounded, reproducible fuzzing: ``examples`` (times ``SCALE``), no deadline, derandomized, no database."""
    return settings(
        max_examples=examples * SCALE,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )


# ---------------------------------------------------------------------------------------------- hostile values
WORDS = [
    *dd.COLOURS,
    *dn.KINDS,
    *er.DONKEYS,
    *er.CARDS,
    "b0",
    "c1",
    "a1",
    "default",
    "tiny_chain",
    "Pass()",
    "english",
    "german",
    "zone",
    "angry:green",
    "light_blue+orange",
]


def _power(k: int) -> int:
    return -(10**-k) if k < 0 else 10**k


SURROGATES = st.text(st.characters(categories=["Cs"]), min_size=1, max_size=3)
TEXTS = st.one_of(st.sampled_from(WORDS), st.text(max_size=12), SURROGATES, st.just("x" * 50_000))
# 10**5000 is drawn through ``map``: hypothesis prints its strategies, and CPython refuses to print such ints.
INTS = st.one_of(st.integers(-3, 60), st.integers(), st.sampled_from([30, 63, -4999, 5000]).map(_power))
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    INTS,
    st.floats(allow_nan=True, allow_infinity=True),
    TEXTS,
    st.binary(max_size=6),
    st.builds(np.str_, st.sampled_from(WORDS)),
    st.builds(np.int64, st.integers(-3, 60)),
    st.builds(np.float64, st.floats(-3, 60)),
)


def _hashables(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(st.lists(children, max_size=5).map(tuple), st.frozensets(st.integers(0, 9), max_size=3))


VALUES = st.recursive(
    SCALARS,
    lambda children: st.one_of(
        st.lists(children, max_size=6),
        st.lists(children, max_size=6).map(tuple),
        st.dictionaries(st.text(max_size=3), children, max_size=3),
        st.sets(st.integers(-3, 60), max_size=4),
        _hashables(children),
        st.builds(range, st.integers(0, 60)),
    ),
    max_leaves=12,
)
JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(10**6), 10**6), st.floats(allow_nan=False), TEXTS),
    lambda children: st.one_of(
        st.lists(children, max_size=5),
        st.dictionaries(st.sampled_from(WORDS) | st.text(max_size=6), children, max_size=4),
    ),
    max_leaves=10,
)


# ---------------------------------------------------------------------------------------------- positions
def reachable_state(game: str, seed: int, steps: int) -> GameState:
    """A random reachable position: a configuration from the soak's option space, then ``steps`` random
    actions (fewer if the game ends first, so finished games are fuzzed too)."""
    rng = random.Random(seed)
    config = soak.random_config(game, rng)
    if game == "esels_rennen" and config.setup["board"] != "tiny_chain" and config.rules != er.Rules():
        config = dataclasses.replace(config, setup={"board": "tiny_chain"})  # every reading proved in ~1 s
    state = soak.new_state(game, config)
    for _ in range(steps):
        if state.current_player is None:
            break
        state = state.apply(
            state.sample_chance(rng) if state.current_player is CHANCE else rng.choice(state.legal_actions())
        )
    return state


def _with_field(action: Action, data: st.DataObject) -> Action:
    """``action`` with one field replaced by a hostile value (or a near-miss of the real one)."""
    fields = dataclasses.fields(action)
    if not fields:
        return action
    name = data.draw(st.sampled_from([f.name for f in fields]))
    value = getattr(action, name)
    near = [value]
    if isinstance(value, tuple) and value:
        near += [value[:-1], value + value[-1:], value[::-1], (*value[:-1], data.draw(VALUES)), list(value)]
    if isinstance(value, int):
        near += [value + 1, -value - 1, float(value), str(value), np.int64(value)]
    if isinstance(value, str):
        near += [value.upper(), value + " ", value[:-1], np.str_(value), value.encode()]
    new = data.draw(st.one_of(st.sampled_from(near), VALUES))
    return type(action)(**{**{f.name: getattr(action, f.name) for f in fields}, name: new})


def any_action(state: GameState, data: st.DataObject) -> Any:
    """A legal action, a mutated legal one, any action class of any game with hostile fields, or not an
    action at all."""
    legal: list[Action] = list(state.legal_actions())
    if state.current_player is CHANCE:
        legal.append(state.sample_chance(random.Random(data.draw(st.integers(0, 99)))))
    classes = [cls for table in ACTIONS.values() for cls in table.values()]
    kind = data.draw(st.sampled_from(["legal", "mutated", "mutated", "random", "random", "other"]))
    if kind in ("legal", "mutated") and legal:
        action = data.draw(st.sampled_from(legal))
        return action if kind == "legal" else _with_field(action, data)
    if kind == "other":
        return data.draw(st.one_of(VALUES, st.sampled_from([str(a) for a in legal] or ["Pass()"])))
    cls = data.draw(st.sampled_from(classes))
    return cls(*(data.draw(VALUES) for _ in dataclasses.fields(cls)))


def check_apply(state: GameState, action: Any) -> GameState | None:
    """The ``apply`` contract for any input: a new state whose save loads back identically, or an
    ``IllegalAction`` naming a RULES.md rule with a capped message, the old state untouched either way."""
    before = kit.fingerprint(state)
    try:
        new = state.apply(action)
    except IllegalAction as exc:
        event(f"apply: refused ({exc.rule})")
        assert exc.rule in RULE_IDS, f"IllegalAction names {exc.rule!r}, not a RULES.md rule"
        assert len(str(exc)) <= MAX_MESSAGE + 20, "the message quotes a capped part of the input"
        assert kit.fingerprint(state) == before, "a refused action changed the state"
        return None
    assert kit.fingerprint(state) == before, "apply changed the old state"
    event(f"apply: accepted {type(action).__name__}")
    check_round_trip(new)
    return new


def check_round_trip(state: GameState) -> None:
    """Every state that exists can be saved and loaded back to the same state."""
    text = state.to_json()
    again = games.load(text)
    assert again.to_json() == text and kit.fingerprint(again) == kit.fingerprint(state), "the save does not reload"


# ---------------------------------------------------------------------------------------------- loaders
@dataclasses.dataclass(frozen=True)
class Loader:
    """A function that reads untrusted input, the one error type it may raise, and a check of its result."""

    load: Callable[[Any], Any]
    error: type[DonkeylabError]
    check: Callable[[Any, Any], None] = lambda source, result: None


def _check_save(source: Any, state: Any) -> None:
    check_round_trip(state)


def _check_board(source: Any, board: Any) -> None:
    assert isinstance(board, er.Board) and er.load_board(board.to_dict()) == board


def _check_action(game: str) -> Callable[[Any, Any], None]:
    def check(source: Any, action: Any) -> None:
        assert type(action) in ACTIONS[game].values()

    return check


def _deck(spec: Any) -> Any:
    return rules_from_dict(dd.Rules, {"deck": spec})


class NeverRaised(DonkeylabError):
    """The query-string parser raises nothing at all: any exception fails the fuzz test."""


def _query_loader(app: str) -> Loader:
    """An app's link parser: every value comes back within its parameter's range, problems as short sentences."""
    from donkeylab.apps import APPS
    from donkeylab.pages.query import parse_query

    params = APPS[app].params

    def check(source: Any, query: Any) -> None:
        assert set(query.values) == set(params), f"{app}: values {sorted(query.values)}"
        for name, value in query.values.items():
            if value != params[name].default:
                assert params[name].read(str(value if name != "seat" else value + 1)) == value, (name, value)
        assert all(isinstance(p, str) and len(p) <= 300 for p in query.problems)

    return Loader(lambda text: parse_query(text, params), NeverRaised, check)


def _query_loaders() -> dict[str, Loader]:
    from donkeylab.apps import APPS

    return {f"query:{app}": _query_loader(app) for app in APPS}


LOADERS: dict[str, Loader] = {
    "save": Loader(games.load, LoadError, _check_save),
    **{f"save:{name}": Loader(games.info(name).load, LoadError, _check_save) for name in MODULES},
    "board": Loader(er.parse_board, er.BoardError, _check_board),
    "board dict": Loader(er.load_board, er.BoardError, _check_board),
    "deck": Loader(_deck, LoadError),
    **{f"action:{name}": Loader(m.parse_action, LoadError, _check_action(name)) for name, m in MODULES.items()},
    **_query_loaders(),
}


def check_loader(name: str, source: Any) -> Any:
    """Run loader ``name`` on ``source``: its result passes the loader's check, or it raises its documented
    error with a capped one-line-able message. Returns the result (None when refused)."""
    loader = LOADERS[name]
    try:
        result = loader.load(source)
    except loader.error as exc:
        assert len(str(exc)) <= MAX_MESSAGE + 20, f"{name}: message of {len(str(exc))} characters"
        event(f"{name}: refused")
        return None
    loader.check(source, result)
    event(f"{name}: accepted")
    return result


# ---------------------------------------------------------------------------------------------- query strings
QUERY_KEYS = ["game", "players", "seed", "seat", "lang", "variant", "board", "save", "step", "bots", "rule"]
QUERY_VALUES = st.one_of(
    st.sampled_from([*WORDS, "0", "1", "-1", "4", "99", "en", "de", "fr", "9" * 5000, "null", "None", "%00", ""]),
    TEXTS,
)


@st.composite
def query_strings(draw: st.DrawFn) -> str:
    """What a pasted app link may carry after ``?``: known keys with hostile values, repeated keys, broken
    escapes, a 100 kB tail. For the apps' query-string loader, registered in ``LOADERS`` as ``query:...``."""
    from urllib.parse import quote as url_quote

    pairs = draw(st.lists(st.tuples(st.sampled_from(QUERY_KEYS) | st.text(max_size=5), QUERY_VALUES), max_size=6))
    text = "&".join(f"{url_quote(k, safe='')}={url_quote(v, safe='', errors='surrogatepass')}" for k, v in pairs)
    return draw(st.one_of(st.just(text), st.just(text + "&seed=" + "9" * 100_000), TEXTS.map(lambda t: text + t)))


# ---------------------------------------------------------------------------------------------- text mutations
def mutate_text(text: str, data: st.DataObject, rounds: int = 3) -> str:
    """A few random edits of ``text``: cut, insert (hostile bits), replace, duplicate, truncate."""
    for _ in range(data.draw(st.integers(1, rounds))):
        n = len(text)
        i = data.draw(st.integers(0, n))
        j = data.draw(st.integers(i, min(n, i + 40)))
        op = data.draw(st.sampled_from(["cut", "insert", "replace", "duplicate", "truncate"]))
        bit = data.draw(
            st.one_of(
                st.sampled_from(["(", ")", ",", "'", '"', "[", "{", "}", "]", ":", "9" * 60, "\\ud800", "\x00"]), TEXTS
            )
        )
        if op == "cut":
            text = text[:i] + text[j:]
        elif op == "insert":
            text = text[:i] + bit + text[i:]
        elif op == "replace":
            text = text[:i] + bit + text[j:]
        elif op == "duplicate":
            text = text[:j] + text[i:j] * data.draw(st.integers(1, 5)) + text[j:]
        else:
            text = text[:i]
    return text


def mutate_json(doc: Any, data: st.DataObject) -> Any:
    """``doc`` with one random subtree replaced, deleted or retyped (a copy; ``doc`` is left alone)."""
    doc = json.loads(json.dumps(doc))
    path: list[Any] = []
    node = doc
    while isinstance(node, (dict, list)) and node and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(node) if isinstance(node, dict) else list(range(len(node)))))
        path.append(key)
        node = node[key]
    if not path:
        return data.draw(st.one_of(JSON, st.just(doc)))
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    op = data.draw(st.sampled_from(["replace", "delete", "wrap", "add"]))
    if op == "delete":
        del parent[last]
    elif op == "wrap":
        parent[last] = [parent[last]]
    elif op == "add" and isinstance(parent, dict):
        parent[data.draw(st.sampled_from(WORDS))] = data.draw(JSON)
    else:
        parent[last] = data.draw(JSON)
    return doc
