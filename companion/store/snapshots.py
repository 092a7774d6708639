"""State snapshots as JSON, read back only into the game's own state classes.

A snapshot is the state after `seq` events, so reopening a long session replays only its
tail. It is written in the shapes the event codec uses (a dataclass as its fields by name, a
tuple as a list) and read back guided by the state classes' type hints: a value is only ever
a number, a string, a bool, None, a tuple, or one of the dataclasses (or NamedTuples)
reachable from the game's state class. Nothing read from the file is executed or looked up by name.

The version stored beside it is derived from those classes (every class's name, fields and
field types, plus the game's own `state_version`), so changing a field changes it and an
older snapshot is then simply not read: the state is rebuilt from the events instead. A
snapshot whose shape does not match its classes is ignored the same way.
"""

from __future__ import annotations

import hashlib
import json
import types
import typing
from dataclasses import fields, is_dataclass
from functools import cache
from typing import Any

from companion.core import Game

PLAIN = (bool, int, float, str)


class ShapeError(ValueError):
    """A stored value that does not fit the state classes."""


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _parts(hint: Any) -> tuple[Any, ...]:
    return typing.get_args(hint)


def _is_named_tuple(hint: Any) -> bool:
    return isinstance(hint, type) and issubclass(hint, tuple) and hasattr(hint, "_fields")


def _field_names(cls: type) -> tuple[str, ...]:
    """The fields of a state class: a frozen dataclass, or a NamedTuple (stored as a list)."""
    if _is_named_tuple(cls):
        return tuple(cls._fields)  # type: ignore[attr-defined]
    if is_dataclass(cls) and isinstance(cls, type):
        return tuple(f.name for f in fields(cls))
    return ()


def _classes(root: type) -> list[type]:
    """Every state class reachable from `root` through field types, in a stable order."""
    found: dict[str, type] = {}

    def visit(hint: Any) -> None:
        if _field_names(hint):
            name = f"{hint.__module__}.{hint.__qualname__}"
            if name not in found:
                found[name] = hint
                for f in _field_names(hint):
                    visit(_hints(hint)[f])
        for part in _parts(hint):
            visit(part)

    visit(root)
    return [found[k] for k in sorted(found)]


@cache
def _version(game_id: str, manual: int, root: type) -> str:
    layout = [
        (f"{cls.__module__}.{cls.__qualname__}", [(f, str(_hints(cls)[f])) for f in _field_names(cls)])
        for cls in _classes(root)
    ]
    digest = hashlib.sha256(json.dumps(layout).encode()).hexdigest()[:16]
    return f"{game_id}:{manual}:{digest}"


def state_version(game: Game, state: Any) -> str:
    """The version a snapshot of `state` (of this game) is stored and read under."""
    return _version(game.id, int(getattr(game, "state_version", 1)), type(state))  # type: ignore[arg-type]


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
    except (ValueError, UnicodeDecodeError) as exc:
        raise ShapeError(f"not a JSON snapshot: {exc}") from None
    return _build(raw, cls)


def _build(raw: Any, hint: Any) -> Any:
    origin = typing.get_origin(hint)
    if hint is Any:
        raise ShapeError("a field typed Any has no checked snapshot form")
    if origin in (typing.Union, types.UnionType):
        for option in _parts(hint):
            try:
                return _build(raw, option)
            except ShapeError:
                continue
        raise ShapeError(f"{raw!r:.40} fits none of {hint}")
    if hint is type(None):
        if raw is not None:
            raise ShapeError(f"expected nothing, found {raw!r:.40}")
        return None
    if _is_named_tuple(hint):
        names, hints = _field_names(hint), _hints(hint)
        if not isinstance(raw, list) or len(raw) != len(names):
            raise ShapeError(f"{hint.__name__}: the stored fields do not match")
        return hint(*(_build(v, hints[n]) for v, n in zip(raw, names, strict=True)))
    if origin is tuple:
        if not isinstance(raw, list):
            raise ShapeError(f"expected a list, found {raw!r:.40}")
        parts = _parts(hint)
        if len(parts) == 2 and parts[1] is Ellipsis:
            return tuple(_build(v, parts[0]) for v in raw)
        if len(parts) != len(raw):
            raise ShapeError(f"expected {len(parts)} values, found {len(raw)}")
        return tuple(_build(v, p) for v, p in zip(raw, parts, strict=True))
    if is_dataclass(hint) and isinstance(hint, type):
        if not isinstance(raw, dict) or set(raw) != {f.name for f in fields(hint)}:
            raise ShapeError(f"{hint.__name__}: the stored fields do not match")
        hints = _hints(hint)
        return hint(**{name: _build(raw[name], hints[name]) for name in raw})
    if hint in PLAIN:
        # bool is an int in Python but not in a snapshot: True must not come back as 1.
        if type(raw) is not hint and not (hint is float and type(raw) is int):
            raise ShapeError(f"expected {hint.__name__}, found {raw!r:.40}")
        return raw
    raise ShapeError(f"{hint} has no snapshot form")
