"""Bot specs as text: ``Random``, ``Policy(lowest)``, ``Greedy(limit=5)``, comma-separated per seat.

The CLI's ``--bots``, an ``ExperimentSpec`` and a widget's ``bots=`` mapping all name bots this way; the text
is parsed here (values with ``ast.literal_eval``, never evaluated as code) and the bot is built by the game's
``GameInfo.bot``, which knows which bot classes the game has.
"""

from __future__ import annotations

import ast
import re
from typing import Any

from donkeylab.core.errors import quote

_BOT = re.compile(r"^\s*([A-Za-z_]\w*)\s*(?:\((.*)\))?\s*$")


def _literal(text: str) -> Any:
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, RecursionError, MemoryError):
        return text  # a bare word such as lowest (or nothing a bot would take: the bot refuses it)


def parse_bot(spec: str) -> tuple[str, tuple[Any, ...], dict[str, Any]]:
    """``"Policy(lowest)"`` → ``("Policy", ("lowest",), {})``; ``"Greedy(limit=5)"`` → keyword arguments."""
    match = _BOT.match(spec) if isinstance(spec, str) else None
    if match is None:
        raise ValueError(f"a bot is Name or Name(arg, key=value), not {quote(spec)}")
    name, inner = match.group(1), (match.group(2) or "").strip()
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in inner.split(","))):
        key, sep, value = part.partition("=")
        if sep:
            kwargs[key.strip()] = _literal(value.strip())
        else:
            args.append(_literal(part))
    return name, tuple(args), kwargs


def split_bots(text: str) -> tuple[str, ...]:
    """Comma-separated bot specs; commas inside parentheses belong to a bot's arguments. Anything the split
    would not keep whole (``Policy(``, ``a)b``, nested parentheses) is refused, never silently dropped."""
    specs = tuple(m.strip() for m in re.findall(r"[^,(]+(?:\([^)]*\))?", text) if m.strip())
    if re.sub(r"\s|,", "", "".join(specs)) != re.sub(r"\s|,", "", text) or any(s.count("(") > 1 for s in specs):
        raise ValueError(f"bots are comma-separated Name or Name(arg, key=value), not {quote(text)}")
    return specs
