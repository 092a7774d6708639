"""A session as history: the event log, a cursor, and every state along it.

Undo and redo move the cursor; they never run inverse code and never re-roll dice, because a
roll's faces are part of its event. Recording after an undo drops the undone branch, and the
new entry remembers how many entries it dropped so the log can say so. The states list is
kept beside the log, so viewing the table "as it was" at any entry costs nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core import Event, Game, Rejected


@dataclass(frozen=True)
class Entry:
    """One accepted action: the event, the turn it happened in, and its words in the log."""

    event: Event
    turn: str
    text: str
    dropped: int = 0


def turn_label(game: Game, state: Any) -> str:
    view = game.view(state)
    return f"R{view.round} {view.turn}".strip()


@dataclass(frozen=True)
class Timeline:
    game: Game
    states: tuple[Any, ...]
    entries: tuple[Entry, ...] = ()
    cursor: int = 0

    @classmethod
    def start(cls, game: Game, initial: Any) -> Timeline:
        return cls(game, (initial,))

    @classmethod
    def replay(cls, game: Game, initial: Any, entries: tuple[Entry, ...], cursor: int) -> Timeline:
        """Rebuild every state from the log; a stored event the rules now refuse is an error."""
        states = [initial]
        apply = game.apply
        for entry in entries:
            states.append(apply(states[-1], entry.event))
        return cls(game, tuple(states), tuple(entries), max(0, min(cursor, len(entries))))

    @property
    def state(self) -> Any:
        return self.states[self.cursor]

    @property
    def initial(self) -> Any:
        return self.states[0]

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
        entry = self.entry_for(event)
        return self.append(entry)

    def append(self, entry: Entry) -> Timeline:
        after = self.game.apply(self.state, entry.event)
        n = self.cursor
        return Timeline(self.game, (*self.states[: n + 1], after), (*self.entries[:n], entry), n + 1)

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
        return Timeline(self.game, self.states, self.entries, cursor)
