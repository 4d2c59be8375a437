"""The Esels-Rennen board as data (ER-BOARD-1): an immutable ``Board`` loaded from JSON, and its loader.

The printed board of the real game is not described anywhere, so the board is a data file (see
``boards/SCHEMA.md``) rather than code: the default board is our labelled reconstruction, and a teacher can
write a tiny board for one lesson. The loader checks the *shape* of the file (types, sizes, duplicates) and
turns every defect into one ``BoardError`` naming the field; the *meaning* (colours, arrows off the board,
endless chains, an unreachable finish) is checked by ``validate.validate_board`` (ER-BOARD-2).
"""

from __future__ import annotations

import os
import re
import stat
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from donkeylab.core import LoadError
from donkeylab.core.errors import clip, quote
from donkeylab.core.jsonio import strict_json

BOARD_SCHEMA: Final = "donkeylab.esels_rennen.board/1"
BOARDS_DIR: Final = Path(__file__).parent / "boards"
MAX_BOARD_BYTES: Final = 200_000
MAX_FIELDS: Final = 200
MAX_COORD: Final = 99
KINDS: Final = ("start", "normal", "sand", "finish")
COLOURS: Final = ("red", "green", "yellow")
DIRECTIONS: Final = ("FL", "FR", "BL", "BR")
# Lattice step of each direction as (dx, dy): forward is +y, the two diagonals ahead and behind.
STEPS: Final = {"FL": (-1, 1), "FR": (1, 1), "BL": (-1, -1), "BR": (1, -1)}
_ID_RE: Final = re.compile(r"[A-Za-z0-9_.-]{1,16}")  # used with fullmatch: "b0\n" is not an id
_TOP_KEYS: Final = {"schema", "name", "reconstruction", "note", "fields"}
_FIELD_KEYS: Final = {"id", "x", "y", "kind", "arrow"}


class BoardError(LoadError):
    """A board file that cannot be used; the message names the rule, the field (or top-level key) and the defect.

    ``rule`` is ER-BOARD-1 for a file that does not follow the board schema, ER-BOARD-2 for a validator finding.
    """

    default_rule = "ER-BOARD-1"

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(f"{rule or self.default_rule}: {message}")
        self.rule = rule or self.default_rule
        self.message = message[:2000]


@dataclass(frozen=True, slots=True)
class Arrow:
    """An arrow printed on a field: it moves the donkey of ``colour`` one field in ``direction``."""

    colour: str
    direction: str


@dataclass(frozen=True, slots=True)
class Field:
    """One diamond field at lattice coordinates (``x`` across, ``y`` forward from the start row)."""

    id: str
    x: int
    y: int
    kind: str
    arrow: Arrow | None = None


@dataclass(frozen=True, slots=True)
class Board:
    """An immutable, hashable board: the fields in file order plus the file's provenance label."""

    name: str
    fields: tuple[Field, ...]
    reconstruction: bool
    note: str

    def field(self, field_id: str) -> Field:
        for f in self.fields:
            if f.id == field_id:
                return f
        raise KeyError(f"board {self.name!r} has no field {field_id!r}")

    def start_ids(self) -> tuple[str, ...]:
        """The start fields from the left (lowest row first): the donkeys' places of ER-SETUP-1."""
        starts = sorted((f for f in self.fields if f.kind == "start"), key=lambda f: (f.y, f.x))
        return tuple(f.id for f in starts[:3])

    def neighbour(self, f: Field, direction: str) -> Field | None:
        """The field one diagonal step from ``f`` in ``direction``, or None off the board."""
        dx, dy = STEPS[direction]
        for g in self.fields:
            if g.x == f.x + dx and g.y == f.y + dy:
                return g
        return None

    def to_dict(self) -> dict[str, Any]:
        """The JSON document of this board (``load_board`` of it gives an equal board)."""
        fields: list[dict[str, Any]] = []
        for f in self.fields:
            d: dict[str, Any] = {"id": f.id, "x": f.x, "y": f.y, "kind": f.kind}
            if f.arrow is not None:
                d["arrow"] = {"colour": f.arrow.colour, "direction": f.arrow.direction}
            fields.append(d)
        return {
            "schema": BOARD_SCHEMA,
            "name": self.name,
            "reconstruction": self.reconstruction,
            "note": self.note,
            "fields": fields,
        }


def packaged_boards() -> tuple[str, ...]:
    """Names of the boards shipped in ``donkeylab/esels_rennen/boards/``."""
    return tuple(sorted(p.stem for p in BOARDS_DIR.glob("*.json")))


def load_board(source: str | Path | dict[str, Any]) -> Board:
    """A ``Board`` from a packaged board name (a ``str``), a JSON file (a ``Path``) or an already parsed dict.

    A ``str`` is only ever a packaged name, never a path: a save names its board by a ``str``, and a save must
    not make us read a file (``/dev/zero``, a FIFO). Files are read only when the caller passes a ``Path`` on
    purpose (the CLI's explicit argument). Only the board's shape is checked here; call ``validate_board``
    before racing on a board you did not write (``new_game`` does).
    """
    if isinstance(source, dict):
        return _board_from_doc(source)
    if isinstance(source, str):
        if source not in packaged_boards():
            known = ", ".join(packaged_boards())
            raise BoardError(
                f"no packaged board named {quote(source)}; packaged boards: {known} (a file is read only from a Path)"
            )
        return read_board_file(BOARDS_DIR / f"{source}.json")
    if isinstance(source, Path):
        return read_board_file(source)
    raise BoardError(f"a board is a name, a path or a dict, not {type(source).__name__}")


def read_board_file(path: Path) -> Board:
    """Read a board file: a regular file of at most ``MAX_BOARD_BYTES`` (a device, FIFO or directory is refused
    before anything is read, and no more than the limit is ever read). A path the system cannot name (a NUL
    byte, a lone surrogate) is a ``BoardError`` like a missing file, never a bare ``ValueError``."""
    known = ", ".join(packaged_boards())
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a FIFO must not block the open
    except OSError as exc:
        raise BoardError(f"cannot read board {quote(str(path))} ({exc.strerror}); packaged boards: {known}") from None
    except ValueError as exc:  # "embedded null byte"; UnicodeEncodeError for a surrogate the file system refuses
        why = "it holds a NUL byte" if "\0" in str(path) else f"the file system cannot encode it: {clip(str(exc), 80)}"
        raise BoardError(f"cannot read board {quote(str(path))}: not a valid file name ({why})") from None
    try:
        with os.fdopen(fd, "rb") as f:
            info = os.fstat(f.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise BoardError(f"cannot read board {quote(str(path))}: not a regular file")
            if info.st_size > MAX_BOARD_BYTES:
                raise BoardError(
                    f"{quote(str(path))}: {info.st_size} bytes; a board file may have at most {MAX_BOARD_BYTES}"
                )
            data = f.read(MAX_BOARD_BYTES + 1)
    except OSError as exc:
        raise BoardError(f"cannot read board {quote(str(path))} ({exc.strerror}); packaged boards: {known}") from None
    if len(data) > MAX_BOARD_BYTES:  # the file grew after the size check
        raise BoardError(f"{quote(str(path))}: more than {MAX_BOARD_BYTES} bytes; a board file may have at most that")
    return parse_board(data)


def parse_board(text: str | bytes) -> Board:
    """A ``Board`` from JSON text or UTF-8 bytes (size-capped before parsing, so a hostile file cannot hang us;
    duplicate keys, huge numbers and NaN are refused like any other defect)."""
    doc = strict_json(text, MAX_BOARD_BYTES, "board", BoardError)
    if not isinstance(doc, dict):
        raise BoardError("a board must be a JSON object")
    return _board_from_doc(doc)


def _board_from_doc(doc: dict[str, Any]) -> Board:
    unknown = set(doc) - _TOP_KEYS
    if unknown:
        raise BoardError(f"unknown top-level key(s) {quote(sorted(map(str, unknown)))}; allowed: {sorted(_TOP_KEYS)}")
    if type(doc.get("schema")) is not str or doc["schema"] != BOARD_SCHEMA:
        raise BoardError(f"'schema' must be {BOARD_SCHEMA!r}, not {quote(doc.get('schema'))}")
    name = _typed(doc, "name", str, "board")
    reconstruction = _typed(doc, "reconstruction", bool, "board")
    note = _typed(doc, "note", str, "board")
    if not re.fullmatch(r"[A-Za-z0-9_.-]{1,40}", name):
        raise BoardError(f"'name' {quote(name)} must be 1-40 letters, digits, '_', '.' or '-'")
    if len(note) > 2000:
        raise BoardError("'note' is longer than 2000 characters")
    raw_fields = _typed(doc, "fields", list, "board")
    if not raw_fields:
        raise BoardError("'fields' is empty")
    if len(raw_fields) > MAX_FIELDS:
        raise BoardError(f"'fields' has {len(raw_fields)} entries; a board may have at most {MAX_FIELDS}")
    fields = tuple(_field(i, raw) for i, raw in enumerate(raw_fields))
    _check_unique(fields)
    board = Board(name, fields, reconstruction, note)
    _CHECKED[id(board)] = board  # the dict holds the board, so its id cannot be reused while listed
    while len(_CHECKED) > 64:
        _CHECKED.popitem(last=False)
    return board


# Boards this loader built (so checked): ``recheck`` knows them by identity and returns them at once, which
# keeps ``new_game`` on a packaged board as cheap as before the recheck existed.
_CHECKED: OrderedDict[int, Board] = OrderedDict()


def recheck(board: object) -> Board:
    """A ``Board`` built by hand (not by the loader) passes the loader's checks too: exact types, valid ids,
    no duplicate fields, at most ``MAX_FIELDS``. Returns the board as the loader would have built it."""
    if not isinstance(board, Board):
        raise BoardError(f"validate_board needs a Board (see load_board), not {type(board).__name__}")
    if _CHECKED.get(id(board)) is board:
        return board
    fields = board.fields
    if type(fields) is not tuple or len(fields) > MAX_FIELDS:
        raise BoardError(f"a Board's fields must be a tuple of at most {MAX_FIELDS} Field objects")
    for f in fields:
        if type(f) is not Field or not (f.arrow is None or type(f.arrow) is Arrow):
            raise BoardError(f"a Board's fields must be Field objects (arrows Arrow or None), not {quote(f)}")
    return _board_from_doc(board.to_dict())


def _typed(obj: dict[str, Any], key: str, typ: type, where: str) -> Any:
    if key not in obj:
        raise BoardError(f"{where}: missing key {key!r}")
    value = obj[key]
    if type(value) is not typ:  # exactly: not True for an int, not a numpy str_ for a str
        raise BoardError(f"{where}: {key!r} must be {typ.__name__}, not {type(value).__name__}")
    return value


def _field(index: int, raw: Any) -> Field:
    where = f"fields[{index}]"
    if not isinstance(raw, dict):
        raise BoardError(f"{where} must be an object, not {type(raw).__name__}")
    unknown = set(raw) - _FIELD_KEYS
    if unknown:
        raise BoardError(f"{where}: unknown key(s) {quote(sorted(map(str, unknown)))}; allowed: {sorted(_FIELD_KEYS)}")
    fid = _typed(raw, "id", str, where)
    if not _ID_RE.fullmatch(fid):
        raise BoardError(f"{where}: id {quote(fid)} must be 1-16 letters, digits, '_', '.' or '-'")
    where = f"field {fid!r}"
    x, y = _typed(raw, "x", int, where), _typed(raw, "y", int, where)
    for key, value in (("x", x), ("y", y)):
        if not 0 <= value <= MAX_COORD:
            raise BoardError(f"{where}: {key}={quote(value)} is outside 0..{MAX_COORD}")
    kind = _typed(raw, "kind", str, where)
    if kind not in KINDS:
        raise BoardError(f"{where}: kind {quote(kind)} is unknown; use one of {', '.join(KINDS)}")
    arrow = None
    if "arrow" in raw and raw["arrow"] is not None:
        a = raw["arrow"]
        if not isinstance(a, dict) or set(a) != {"colour", "direction"}:
            raise BoardError(f"{where}: 'arrow' must be an object with exactly 'colour' and 'direction'")
        arrow = Arrow(_typed(a, "colour", str, f"{where} arrow"), _typed(a, "direction", str, f"{where} arrow"))
        if len(arrow.colour) > 20 or len(arrow.direction) > 20:
            raise BoardError(f"{where}: arrow colour/direction text is too long")
    return Field(fid, x, y, kind, arrow)


def _check_unique(fields: tuple[Field, ...]) -> None:
    ids: set[str] = set()
    spots: dict[tuple[int, int], str] = {}
    for f in fields:
        if f.id in ids:
            raise BoardError(f"field {f.id!r} is defined twice (duplicate id)")
        ids.add(f.id)
        if (f.x, f.y) in spots:
            raise BoardError(f"field {f.id!r} has the same coordinates ({f.x}, {f.y}) as field {spots[(f.x, f.y)]!r}")
        spots[(f.x, f.y)] = f.id


GLYPHS: Final = {"FL": "↖", "FR": "↗", "BL": "↙", "BR": "↘"}
KIND_MARKS: Final = {"start": "start ", "normal": "      ", "sand": "sand  ", "finish": "finish"}


def diagram(board: Board, positions: dict[str, str | None] | None = None) -> str:
    """The board as text, finish at the top: each field as ``id:`` + arrow colour initial + direction glyph,
    a donkey standing there in brackets (``[R]``). Fields sit at their lattice column, so the diamonds line up.
    A reconstructed board says so in its first line (the UI must label it, ER-BOARD-1)."""
    where = {f: d[0].upper() for d, f in (positions or {}).items() if f is not None}
    label = "RECONSTRUCTION" if board.reconstruction else "board"
    lines = [f"{label}: {board.name}"]
    width = 5 * (max(f.x for f in board.fields) + 2)
    for y in sorted({f.y for f in board.fields}, reverse=True):
        row = sorted((f for f in board.fields if f.y == y), key=lambda f: f.x)
        text = [" "] * width
        for f in row:
            arrow = f"{f.arrow.colour[:1].upper()}{GLYPHS.get(f.arrow.direction, '?')}" if f.arrow else "  "
            cell = f"{f.id}:{arrow}" + (f"[{where[f.id]}]" if f.id in where else "")
            text[5 * f.x : 5 * f.x + len(cell)] = cell
        kinds = {f.kind for f in row}
        lines.append(f"{KIND_MARKS[row[0].kind] if len(kinds) == 1 else 'mixed '} | " + "".join(text))
    return "\n".join(line.rstrip() for line in lines)
