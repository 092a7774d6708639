"""Values read back from JSON only into the shapes a class's type hints name.

One decoder for everything the store reads into Python (events and state snapshots): a value
is only ever a number, a string, a bool, None, a tuple, or one of the dataclasses (or
NamedTuples) the hints reach. `bool` is not an `int` here (True never comes back as 1), a
float is never an `int` (1.5 is refused, not rounded), and a whole number outside SQLite's
64-bit range is refused. Nothing read is executed or looked up by name.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from dataclasses import MISSING, fields, is_dataclass
from typing import Any

PLAIN = (bool, int, float, str)
LIMIT = 2**63  # SQLite's integers; anything larger is a damaged or hand-made row
DEPTH = 32  # nesting deeper than any game's state or event: refused before it recurses far


__all__ = ["MISSING", "ShapeError", "build", "field_names", "hints", "plain", "reader"]


class ShapeError(ValueError):
    """A stored value that does not fit its class."""


_HINTS: dict[Any, dict[str, Any]] = {}


def hints(cls: Any) -> dict[str, Any]:
    """A class's resolved type hints, worked out once."""
    found = _HINTS.get(cls)
    if found is None:
        found = _HINTS[cls] = typing.get_type_hints(cls)
    return found


def is_named_tuple(hint: Any) -> bool:
    return isinstance(hint, type) and issubclass(hint, tuple) and hasattr(hint, "_fields")


def field_names(cls: Any) -> tuple[str, ...]:
    """The fields of a class: a frozen dataclass, or a NamedTuple (stored as a list)."""
    if is_named_tuple(cls):
        return tuple(cls._fields)
    if is_dataclass(cls) and isinstance(cls, type):
        return tuple(f.name for f in fields(cls))
    return ()


def _number(raw: Any, hint: type) -> Any:
    # bool is an int in Python but not in a stored value: True must not come back as 1.
    if type(raw) is not hint and not (hint is float and type(raw) is int):
        raise ShapeError(f"expected {hint.__name__}, found {raw!r:.40}")
    if type(raw) is int and not -LIMIT <= raw < LIMIT:
        raise ShapeError(f"a number of {len(str(abs(raw)))} digits is out of range")
    return raw


def plain(raw: Any, depth: int = 0) -> Any:
    """A value typed `Any`: plain JSON values only, lists read as tuples."""
    if depth > DEPTH:
        raise ShapeError("nested too deeply")
    if raw is None or type(raw) in (bool, str, float):
        return raw
    if type(raw) is int:
        return _number(raw, int)
    if type(raw) is list:
        return tuple(plain(v, depth + 1) for v in raw)
    raise ShapeError(f"{type(raw).__name__} is not a stored value")


Reader = Callable[[Any, int], Any]
_READERS: dict[tuple[Any, bool], Reader] = {}


def build(raw: Any, hint: Any, allow_any: bool = False) -> Any:
    """`raw` (parsed JSON) as the type `hint`, or ShapeError saying what does not fit."""
    return reader(hint, allow_any)(raw, 0)


def reader(hint: Any, allow_any: bool = False) -> Reader:
    """The function reading a value of type `hint`, worked out once per type (a stored log
    reads thousands of values of the same few types)."""
    key = (hint, allow_any)
    found = _READERS.get(key)
    if found is None:
        found = _READERS[key] = _make(hint, allow_any)
    return found


def _deep(depth: int) -> int:
    if depth > DEPTH:
        raise ShapeError("nested too deeply")
    return depth + 1


def _make(hint: Any, allow_any: bool) -> Reader:
    origin = typing.get_origin(hint)
    if hint is Any:
        if not allow_any:
            raise ShapeError("a field typed Any has no checked stored form")
        return plain
    if origin in (typing.Union, types.UnionType):
        return _union(hint, allow_any)
    if origin is typing.Literal:
        return _literal(hint)
    if hint is None or hint is type(None):
        return _nothing
    if is_named_tuple(hint) or (is_dataclass(hint) and isinstance(hint, type)):
        return _record(hint, allow_any)
    if origin is tuple or hint is tuple:
        return _tuple(hint, allow_any)
    if hint in PLAIN:

        def number(raw: Any, depth: int) -> Any:
            return _number(raw, hint)

        return number
    raise ShapeError(f"{hint} has no stored form")


def _union(hint: Any, allow_any: bool) -> Reader:
    """The first of the union's readers that takes the value."""
    options = [reader(o, allow_any) for o in typing.get_args(hint)]

    def union(raw: Any, depth: int) -> Any:
        for option in options:
            try:
                return option(raw, depth)
            except ShapeError:
                continue
        raise ShapeError(f"{raw!r:.40} fits none of {hint}")

    return union


def _literal(hint: Any) -> Reader:
    """One of the literal's values, of the very same type (1 is not True)."""
    allowed = typing.get_args(hint)

    def literal(raw: Any, depth: int) -> Any:
        if not any(type(raw) is type(v) and raw == v for v in allowed):
            raise ShapeError(f"{raw!r:.40} is not one of {allowed}")
        return raw

    return literal


def _nothing(raw: Any, depth: int) -> Any:
    if raw is not None:
        raise ShapeError(f"expected nothing, found {raw!r:.40}")
    return None


def _tuple(hint: Any, allow_any: bool) -> Reader:
    """A tuple, stored as a list: of any length (`tuple[int, ...]`) or of fixed parts."""
    parts = typing.get_args(hint)
    if hint is tuple or (len(parts) == 2 and parts[1] is Ellipsis):
        item = reader(parts[0] if parts else Any, allow_any)

        def many(raw: Any, depth: int) -> Any:
            if type(raw) is not list:
                raise ShapeError(f"expected a list, found {raw!r:.40}")
            depth = _deep(depth)
            return tuple([item(v, depth) for v in raw])

        return many
    each = [reader(p, allow_any) for p in parts]

    def fixed(raw: Any, depth: int) -> Any:
        if type(raw) is not list:
            raise ShapeError(f"expected a list, found {raw!r:.40}")
        if len(raw) != len(each):
            raise ShapeError(f"expected {len(each)} values, found {len(raw)}")
        depth = _deep(depth)
        return tuple([r(v, depth) for r, v in zip(each, raw, strict=True)])

    return fixed


def _record(hint: Any, allow_any: bool) -> Reader:
    """A dataclass (stored as an object of its fields) or a NamedTuple (as a list)."""
    names = field_names(hint)
    readers: list[Reader] = []

    def record(raw: Any, depth: int) -> Any:
        if not readers:  # filled on first use: a class may reach itself through its fields
            found = hints(hint)
            readers.extend(reader(found[n], allow_any) for n in names)
        depth = _deep(depth)
        if is_named_tuple(hint):
            if type(raw) is not list or len(raw) != len(names):
                raise ShapeError(f"{hint.__name__}: the stored fields do not match")
            return hint(*(r(v, depth) for r, v in zip(readers, raw, strict=True)))
        if type(raw) is not dict or raw.keys() != set(names):
            raise ShapeError(f"{hint.__name__}: the stored fields do not match")
        return hint(**{n: r(raw[n], depth) for n, r in zip(names, readers, strict=True)})

    return record
