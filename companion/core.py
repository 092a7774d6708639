"""The game protocol every game implements, and the typed events it folds.

A game is a small object with pure functions: `setup` builds the first frozen state, `apply`
folds one typed event into a new state or raises `Rejected` with a sentence a player
understands, and `view` flattens a state into what the table screen shows. Events are frozen
dataclasses whose fields are plain values (str, int, bool, None, and tuples of those), so one
codec stores every game's events as JSON and replay rebuilds the same state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Protocol


class Rejected(Exception):
    """An action the rules do not allow. `reason` is shown to the player as written."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


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


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def encode(event: Event) -> dict[str, Any]:
    """The event as a JSON-ready dict: its kind under "type" and its fields."""
    data: dict[str, Any] = {"type": event.kind}
    for f in fields(event):
        data[f.name] = _plain(getattr(event, f.name))
    return data


def decode(data: Mapping[str, Any], types: Mapping[str, type[Event]]) -> Event:
    """Rebuild an event; fields missing from old records take their defaults."""
    kind = data.get("type")
    cls = types.get(str(kind))
    if cls is None:
        raise ValueError(f"unknown event type {kind!r}")
    known = {f.name for f in fields(cls)}
    return cls(**{k: _frozen(v) for k, v in data.items() if k in known})


@dataclass(frozen=True)
class Option:
    """A table option chosen at session setup (variants, colour names, ...)."""

    key: str
    label: str
    default: Any
    kind: str = "bool"  # bool | int | text | choice
    choices: tuple[str, ...] = ()
    help: str = ""

    def coerce(self, raw: Any) -> Any:
        """The option's value from what a player typed, or Rejected with the reason."""
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in {"1", "yes", "y", "on", "true"}:
                return True
            if text in {"0", "no", "n", "off", "false", ""}:
                return False
            raise Rejected(f"{self.label}: answer yes or no, not {raw!r}.")
        if self.kind == "int":
            try:
                return int(str(raw).strip() or self.default)
            except ValueError:
                raise Rejected(f"{self.label}: {raw!r} is not a whole number.") from None
        if self.kind == "choice":
            if raw not in self.choices:
                raise Rejected(f"{self.label}: choose one of {', '.join(self.choices)}.")
            return raw
        return str(raw)


def resolve_options(specs: Iterable[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Every option's value: the given one coerced, else the default; unknown keys refused."""
    specs = tuple(specs)
    known = {o.key for o in specs}
    unknown = sorted(set(given) - known)
    if unknown:
        raise Rejected(f"Unknown table option: {', '.join(unknown)}.")
    return {o.key: o.coerce(given[o.key]) if o.key in given else o.default for o in specs}


def check_players(names: Iterable[str], low: int, high: int) -> tuple[str, ...]:
    """Player names in seat order, trimmed; refuses empty, duplicate or too few/many."""
    players = tuple(n.strip() for n in names)
    if any(not n for n in players):
        raise Rejected("Every player needs a name.")
    seen: set[str] = set()
    for n in players:
        if n.casefold() in seen:
            raise Rejected(f"Two players are called {n!r}; give each a different name.")
        seen.add(n.casefold())
    if not low <= len(players) <= high:
        raise Rejected(f"This game takes {low}–{high} players, not {len(players)}.")
    return players


@dataclass(frozen=True)
class Row:
    """One line of the table: a player (or the shared area) and its cells by column."""

    label: str
    cells: tuple[str, ...]
    active: bool = False
    note: str = ""


@dataclass(frozen=True)
class TableView:
    """What the shared table frame shows for any game."""

    round: int
    turn: str
    phase: str
    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    status: str = ""
    finished: bool = False
    checklist: tuple[tuple[str, bool], ...] = ()


@dataclass(frozen=True)
class Result:
    """A finished game's outcome, for the log and for statistics exports."""

    winners: tuple[str, ...]
    scores: tuple[tuple[str, int | None], ...] = ()
    start_player: str | None = None
    reasoning: str = ""


class Game(Protocol):
    """What a game module registers. Everything here is pure; `screen` is a dotted path."""

    id: str
    name: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    events: Mapping[str, type[Event]]
    screen: str

    def setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> Any: ...

    def apply(self, state: Any, event: Event) -> Any: ...

    def describe(self, before: Any, event: Event, after: Any) -> str: ...

    def view(self, state: Any) -> TableView: ...

    def next_turn(self, state: Any) -> Event: ...

    def result(self, state: Any) -> Result | None: ...
