"""Free play's events: counters added, removed, moved or set, turns, the countdown, the end."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core import Event, event_types


@dataclass(frozen=True)
class AddCounter(Event):
    kind = "add-counter"
    name: str = ""
    owner: int | None = None
    value: int = 0
    low: int | None = None
    high: int | None = None
    each: bool = False


@dataclass(frozen=True)
class RemoveCounter(Event):
    kind = "remove-counter"
    name: str = ""
    owner: int | None = None


@dataclass(frozen=True)
class Adjust(Event):
    kind = "adjust"
    name: str = ""
    owner: int | None = None
    delta: int = 0


@dataclass(frozen=True)
class SetValue(Event):
    kind = "set-value"
    name: str = ""
    owner: int | None = None
    value: int = 0


@dataclass(frozen=True)
class NextTurn(Event):
    kind = "next-turn"


@dataclass(frozen=True)
class SetCountdown(Event):
    """End after round `end_round`, or after `more_turns` more turns; both None clears it."""

    kind = "set-countdown"
    end_round: int | None = None
    more_turns: int | None = None


@dataclass(frozen=True)
class Finish(Event):
    kind = "finish"


EVENTS = event_types(AddCounter, RemoveCounter, Adjust, SetValue, NextTurn, SetCountdown, Finish)
