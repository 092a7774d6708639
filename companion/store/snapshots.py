"""State snapshots as JSON, read back only into the game's own state classes.

A snapshot is the state after `seq` events, so reopening a long session replays only its
tail. It is written in the shapes the event codec uses (a dataclass as its fields by name, a
tuple as a list) and read back guided by the state classes' type hints (`companion/shapes.py`,
which reads events too): a value is only ever
a number, a string, a bool, None, a tuple, or one of the dataclasses (or NamedTuples)
reachable from the game's state class. Nothing read from the file is executed or looked up by name.

The version stored beside it is derived from those classes (every class's name, fields and
field types, plus the game's own `state_version`), so changing a field changes it and an
older snapshot is then simply not read: the state is rebuilt from the events instead. A
snapshot whose shape does not match its classes is ignored the same way.

A snapshot is checked before it is believed: beside it is stored the digest of the log it
stands for (the words of every action up to it, in order) and of its own JSON, so a hand edit,
a bad page or a snapshot from another log is detected and the log replayed instead. Checking
costs one hash over the log already read, never a replay.
"""

from __future__ import annotations

import hashlib
import json
import typing
from collections.abc import Iterable
from dataclasses import fields, is_dataclass
from functools import cache
from typing import Any

from companion.core import Game
from companion.shapes import PLAIN, ShapeError, build, field_names, hints

__all__ = ["ShapeError", "digest", "dump", "load", "state_version"]


def _classes(root: type) -> list[type]:
    """Every state class reachable from `root` through field types, in a stable order."""
    found: dict[str, type] = {}

    def visit(hint: Any) -> None:
        if field_names(hint):
            name = f"{hint.__module__}.{hint.__qualname__}"
            if name not in found:
                found[name] = hint
                for f in field_names(hint):
                    visit(hints(hint)[f])
        for part in typing.get_args(hint):
            visit(part)

    visit(root)
    return [found[k] for k in sorted(found)]


@cache
def _version(game_id: str, manual: int, root: type) -> str:
    layout = [
        (f"{cls.__module__}.{cls.__qualname__}", [(f, str(hints(cls)[f])) for f in field_names(cls)])
        for cls in _classes(root)
    ]
    digest = hashlib.sha256(json.dumps(layout).encode()).hexdigest()[:16]
    return f"{game_id}:{manual}:{digest}"


def state_version(game: Game[Any], state: Any) -> str:
    """The version a snapshot of `state` (of this game) is stored and read under."""
    return _version(game.id, game.state_version, type(state))  # type: ignore[arg-type]


def digest(words: Iterable[str], data: bytes) -> str:
    """The digest stored beside a snapshot: of the log's words up to it and of its JSON."""
    found = hashlib.sha256("\x1e".join(words).encode("utf-8", "surrogatepass"))
    found.update(b"\x00")
    found.update(data)
    return found.hexdigest()[:32]


def dump(state: Any) -> bytes:
    return json.dumps(_plain(state), separators=(",", ":"), ensure_ascii=False).encode()


def _plain(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, PLAIN):
        return value
    raise ShapeError(f"a {type(value).__name__} has no snapshot form")


def load(data: bytes, cls: type) -> Any:
    """The state of class `cls` stored in `data`; ShapeError if it does not fit."""
    try:
        raw = json.loads(data)
    except (ValueError, TypeError, RecursionError) as exc:  # UnicodeDecodeError is a ValueError
        raise ShapeError(f"not a JSON snapshot: {exc}") from None
    return build(raw, cls)
