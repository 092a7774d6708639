"""Typed events and the codec that stores them.

Every action at the table is a frozen `Event` subclass whose fields are plain values (str, int,
bool, None, and tuples of those), so one codec stores every game's events as JSON and replay
rebuilds the same state. Decoding checks each field against its class's type hints and refuses,
by name, what does not fit: an event is read back exactly as it was stored, or refused.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar


@dataclass(frozen=True)
class Event:
    """Base of every typed event. Subclasses are frozen dataclasses with a unique `kind`."""

    kind: ClassVar[str] = "event"


def event_types(*classes: type[Event]) -> dict[str, type[Event]]:
    """Index event classes by kind, refusing two classes with one kind."""
    table: dict[str, type[Event]] = {}
    for cls in classes:
        if cls.kind in table:
            raise ValueError(f"two event classes share the kind {cls.kind!r}")
        table[cls.kind] = cls
    return table


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


# The event codec: bump it when the stored form of events changes. A payload without the key is
# codec 1; a payload from a newer Companion carries its number and is refused by name.
EVENT_CODEC = 1
CODEC_KEY = "codec"


class Undecodable(ValueError):
    """A stored event that does not fit its class (a newer Companion, a bad disk, a hand edit)."""


def encode(event: Event) -> dict[str, Any]:
    """The event as a JSON-ready dict: its kind under "type" and its fields."""
    data: dict[str, Any] = {"type": event.kind}
    for f in fields(event):
        data[f.name] = _plain(getattr(event, f.name))
    return data


def decode(data: Any, types: Mapping[str, type[Event]]) -> Event:
    """Rebuild an event, every field checked against its class's type hints (see
    `companion/shapes.py`); fields missing from old records take their defaults. Undecodable
    says what does not fit."""
    if type(data) is not dict:
        raise Undecodable(f"a stored event is an object, not {type(data).__name__}")
    codec = data.get(CODEC_KEY, EVENT_CODEC)
    if codec != EVENT_CODEC or type(codec) is not int:
        raise Undecodable(f"written by a newer Companion (event codec {codec!r:.20}; this one reads {EVENT_CODEC})")
    kind = data.get("type")
    cls = types.get(kind) if type(kind) is str else None
    if cls is None:
        raise Undecodable(f"unknown event type {kind!r:.40} (perhaps from a newer Companion)")
    from companion.shapes import ShapeError

    values: dict[str, Any] = {}
    name = ""
    try:
        for name, read, required in _event_fields(cls):
            if name in data:
                values[name] = read(data[name], 0)
            elif required:
                raise ShapeError("missing")
    except ShapeError as exc:
        raise Undecodable(f"{kind} {name}: {exc}") from None
    return cls(**values)


_EVENT_FIELDS: dict[type[Event], tuple[tuple[str, Any, bool], ...]] = {}


def _event_fields(cls: type[Event]) -> tuple[tuple[str, Any, bool], ...]:
    """(name, reader, required) for each field of an event class, worked out once."""
    found = _EVENT_FIELDS.get(cls)
    if found is None:
        from dataclasses import MISSING

        from companion.shapes import hints, reader

        typed = hints(cls)
        found = _EVENT_FIELDS[cls] = tuple(
            (f.name, reader(typed[f.name], allow_any=True), f.default is MISSING and f.default_factory is MISSING)
            for f in fields(cls)
        )
    return found


def decode_payload(payload: Any, types: Mapping[str, type[Event]]) -> Event:
    """An event from its stored JSON text; Undecodable for anything else (not JSON, nested
    past any event, a number of thousands of digits, bytes that are not UTF-8)."""
    if not isinstance(payload, (str, bytes)):
        raise Undecodable(f"a stored event is JSON text, not {type(payload).__name__}")
    try:
        data = json.loads(payload)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise Undecodable(f"not JSON ({str(exc)[:60]})") from None
    return decode(data, types)
