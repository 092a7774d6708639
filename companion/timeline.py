"""A session as history: the event log, a cursor, and the states along it, computed on demand.

Undo and redo move the cursor; they never run inverse code and never re-roll dice, because a
roll's faces are part of its event. Recording after an undo drops the undone branch, and the
new entry remembers how many entries it dropped so the log can say so.

States are cached by position. A timeline loaded from the store may start from a saved
snapshot instead of the first state, so reopening a long session replays only its tail;
an earlier state ("the table as it was") is folded forward from the nearest cached one. A timeline and
the one recorded from it share their cache (one history, one prefix); a second branch recorded
from the same timeline, or one recorded after an undo, starts a cache of its own.
Stored events are decoded only when a state needs them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.core import Event, Game, Rejected, decode


class Entry:
    """One accepted action: the event, the turn it happened in, and its words in the log."""

    __slots__ = ("_event", "_payload", "_types", "dropped", "text", "turn")

    def __init__(
        self,
        event: Event | None,
        turn: str,
        text: str,
        dropped: int = 0,
        *,
        payload: str | None = None,
        types: Mapping[str, type[Event]] | None = None,
    ) -> None:
        self._event = event
        self._payload = payload
        self._types = types
        self.turn = turn
        self.text = text
        self.dropped = dropped

    @property
    def event(self) -> Event:
        if self._event is None:
            assert self._payload is not None and self._types is not None
            self._event = decode(json.loads(self._payload), self._types)
        return self._event

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Entry):
            return NotImplemented
        return (self.event, self.turn, self.text, self.dropped) == (other.event, other.turn, other.text, other.dropped)

    def __repr__(self) -> str:
        return f"Entry({self.turn!r}, {self.text!r})"


def turn_label(game: Game, state: Any) -> str:
    view = game.view(state)
    return f"R{view.round} {view.turn}".strip()


@dataclass(frozen=True)
class Timeline:
    game: Game
    entries: tuple[Entry, ...]
    cursor: int
    known: dict[int, Any] = field(compare=False, repr=False)

    @classmethod
    def start(cls, game: Game, initial: Any) -> Timeline:
        return cls(game, (), 0, {0: initial})

    @classmethod
    def replay(
        cls, game: Game, initial: Any, entries: tuple[Entry, ...], cursor: int, snapshot: tuple[int, Any] | None = None
    ) -> Timeline:
        """The timeline of a stored log, its current state folded from `snapshot` if given."""
        known = {0: initial}
        if snapshot is not None and 0 < snapshot[0] <= len(entries):
            known[snapshot[0]] = snapshot[1]
        tl = cls(game, tuple(entries), max(0, min(cursor, len(entries))), known)
        tl.state_at(tl.cursor)
        return tl

    def state_at(self, position: int) -> Any:
        """The state after `position` entries, folded from the nearest known state before it."""
        if not 0 <= position <= len(self.entries):
            raise Rejected(f"There is no action {position} in this session.")
        known = self.known  # may hold a child's later states too: hence the bounds check first
        if position in known:
            return known[position]
        base = max(k for k in known if k <= position)
        state = known[base]
        apply = self.game.apply
        for i in range(base, position):
            state = apply(state, self.entries[i].event)
            known[i + 1] = state
        return state

    @property
    def state(self) -> Any:
        return self.state_at(self.cursor)

    @property
    def initial(self) -> Any:
        return self.known[0]

    @property
    def can_undo(self) -> bool:
        return self.cursor > 0

    @property
    def can_redo(self) -> bool:
        return self.cursor < len(self.entries)

    def entry_for(self, event: Event) -> Entry:
        """The entry recording `event` now, without changing the timeline (Rejected if illegal)."""
        before = self.state
        after = self.game.apply(before, event)
        text = self.game.describe(before, event, after)
        return Entry(event, turn_label(self.game, before), text, len(self.entries) - self.cursor)

    def record(self, event: Event) -> Timeline:
        return self.append(self.entry_for(event))

    def append(self, entry: Entry) -> Timeline:
        after = self.game.apply(self.state, entry.event)
        n = self.cursor
        if n == len(self.entries) and n + 1 not in self.known:
            known = self.known  # the first child: same prefix, so the cache is valid for both
        else:  # after an undo, or a second child of this timeline: a cache of its own
            known = {k: v for k, v in self.known.items() if k <= n}
        known[n + 1] = after
        return Timeline(self.game, (*self.entries[:n], entry), n + 1, known)

    def undo(self) -> Timeline:
        if not self.can_undo:
            raise Rejected("Nothing to undo.")
        return self.move(self.cursor - 1)

    def redo(self) -> Timeline:
        if not self.can_redo:
            raise Rejected("Nothing to redo.")
        return self.move(self.cursor + 1)

    def move(self, cursor: int) -> Timeline:
        """Rewind (or redo) to the point after `cursor` entries."""
        if not 0 <= cursor <= len(self.entries):
            raise Rejected(f"There is no action {cursor} in this session.")
        return Timeline(self.game, self.entries, cursor, self.known)
