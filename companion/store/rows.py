"""Every column of every table the store reads, read by one typed reader per table.

A row that was written by this Companion reads back as it was written; anything else (a hand
edit, a bad disk, a newer Companion, another program) is a `BadCell` naming the table, the
row, the column, why, and the value cut to a few dozen characters, never a raw TypeError deep
in a screen. JSON columns are read with `companion/shapes.py`, the decoder events and
snapshots use, so a value only ever comes back in the shape its type names. The repository
then degrades the way a damaged event does: the session is listed and marked, opened
read-only or refused in one sentence, an outcome left out (and worked out again).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from companion.shapes import LIMIT, ShapeError, build, plain

CUT = 40  # the most of a stored value a message quotes


def cut(value: Any) -> str:
    """A stored value as a message may quote it: a few dozen characters at most, whatever its size."""
    if isinstance(value, bytes | bytearray | memoryview):
        data = bytes(value[: CUT + 1])
        return f"{len(value)} bytes, {data[:CUT]!r}{'…' if len(value) > CUT else ''}"
    if type(value) is int and not -LIMIT <= value < LIMIT:
        return "a number of more than 18 digits"
    if isinstance(value, str):
        return repr(value[:CUT]) + ("…" if len(value) > CUT else "")
    return repr(value)[:CUT]


class BadCell(ValueError):
    """One stored cell that does not read as its column's type."""

    def __init__(self, table: str, row: Any, column: str, why: str, value: Any) -> None:
        self.table, self.row, self.column, self.why = table, row, column, why
        super().__init__(f"{table} row {row}, column {column}: {why} ({cut(value)})")


# -- cells ----------------------------------------------------------------------------------


def text(value: Any) -> str:
    if type(value) is not str:
        raise ShapeError("not text")
    return value


def whole(value: Any, low: int = 0) -> int:
    if type(value) is not int or not low <= value < LIMIT:
        raise ShapeError(f"not a whole number from {low}")
    return value


PID_LIMIT = 2**31  # a process id is a C int (pid_t): os.kill refuses more with OverflowError


def process_id(value: Any) -> int:
    """A process's id: 1 or more, and a C int (0 and -1 name process groups, never a server)."""
    if type(value) is not int or not 1 <= value < PID_LIMIT:
        raise ShapeError("not a process id")
    return value


def flag(value: Any) -> bool:
    if type(value) is not int or value not in (0, 1):
        raise ShapeError("not 0 or 1")
    return value == 1


def time(value: Any) -> str:
    try:
        datetime.fromisoformat(text(value))
    except (ValueError, TypeError, OverflowError):
        raise ShapeError("not a date and time") from None
    return str(value)


def time_or_none(value: Any) -> str:
    """A date and time as `time` reads it, or "" (counted as no time) when it does not read."""
    try:
        return time(value)
    except ShapeError:
        return ""


def json_text(value: Any) -> Any:
    if not isinstance(value, str | bytes):
        raise ShapeError("not JSON text")
    try:
        return json.loads(value)
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        raise ShapeError("not JSON") from None


def names(value: Any) -> tuple[str, ...]:
    raw = json_text(value)
    if type(raw) is not list or not all(type(name) is str for name in raw):
        raise ShapeError("not a list of names")
    return tuple(raw)


def options(value: Any) -> dict[str, Any]:
    raw = json_text(value)
    if type(raw) is not dict or not all(type(v) in (str, int, bool, float) or v is None for v in raw.values()):
        raise ShapeError("not an object of plain values")
    return {k: plain(v) for k, v in raw.items()}


def card(value: Any) -> dict[str, Any]:
    raw = json_text(value)
    if type(raw) is not dict:
        raise ShapeError("not a JSON object")
    plain(list(raw.values()))  # numbers in range, nothing nested past any card
    return dict(raw)


def player_number(value: Any) -> str:
    """A player's id kept as text (the file's "me")."""
    if type(value) is not str or not (value.isascii() and value.isdigit()) or len(value) > 18:
        raise ShapeError("not a player's number")
    return value


def token(value: Any) -> str:
    """A seat link's token: 16 to 100 URL-safe characters (the link carries it as it is)."""
    if type(value) is not str or not 16 <= len(value) <= 100 or not all(c in TOKEN_CHARS for c in value):
        raise ShapeError("not a seat link's token")
    return value


def address(value: Any) -> str:
    """The base address a server's links start with: http://host:port, nothing after."""
    if type(value) is not str or not value.startswith("http://") or len(value) > 300 or "/" in value[7:]:
        raise ShapeError("not a server's address")
    if any(not c.isprintable() or c.isspace() for c in value):
        raise ShapeError("not a server's address")
    return value


TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

# The file's own settings (the meta table): each key's value reader; a key not listed is text.
SETTINGS: dict[str, Callable[[Any], Any]] = {"me": player_number}


def setting(key: str, row: Any) -> str:
    """A meta row (key, value) read, its value by its key's reader; BadCell naming it otherwise."""
    _, value = read_row("meta", repr(key), row, {"key": text, "value": SETTINGS.get(key, text)})
    return str(value)


def read_row(table: str, key: Any, row: Any, columns: Mapping[str, Callable[[Any], Any]]) -> list[Any]:
    """Each cell of `row` through its column's reader; BadCell for the first that does not read."""
    out = []
    for (column, reader), value in zip(columns.items(), row, strict=True):
        try:
            out.append(reader(value))
        except ShapeError as exc:
            raise BadCell(table, key, column, str(exc), value) from None
    return out


def read_cells(
    table: str, key: Any, row: Any, columns: Mapping[str, tuple[Callable[[Any], Any], Any]]
) -> tuple[list[Any], list[str]]:
    """Every cell read, a bad one replaced by its column's stand-in; and what was bad."""
    out, bad = [], []
    for (column, (reader, stand_in)), value in zip(columns.items(), row, strict=True):
        try:
            out.append(reader(value))
        except ShapeError as exc:
            bad.append(str(BadCell(table, key, column, str(exc), value)))
            out.append(stand_in)
    return out, bad


# -- outcomes -------------------------------------------------------------------------------


@dataclass(frozen=True)
class StoredOutcome:
    """An outcome row's JSON, as `stats.summarise` writes it."""

    winners: tuple[int, ...]
    scores: tuple[int | None, ...]
    seconds: int
    ended: str
    figures: tuple[tuple[int | None, str, int | float | str], ...]


def outcome(value: Any, seats: int) -> dict[str, Any]:
    """An outcome's data for `stats.outcome`, every seat it names one of the session's."""
    found: StoredOutcome = build(json_text(value), StoredOutcome)
    named = [*found.winners, *(f[0] for f in found.figures if f[0] is not None)]
    if any(not 0 <= s < seats for s in named) or len(found.scores) > seats:
        raise ShapeError(f"names a seat the session does not have ({seats} seats)")
    if found.seconds < 0 or (found.ended and time(found.ended) is None):
        raise ShapeError("a negative play time")
    return {
        "winners": found.winners,
        "scores": found.scores,
        "seconds": found.seconds,
        "ended": found.ended,
        "figures": found.figures,
    }
