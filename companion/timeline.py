"""A session as history: the event log, a cursor, and the states along it, computed on demand.

Undo and redo move the cursor; they never run inverse code and never re-roll dice, because a
roll's faces are part of its event. Recording after an undo drops the undone branch, and the
new entry remembers how many entries it dropped so the log can say so. A typed line that
makes several events is recorded all or none (`record_all`); its later entries are `joined` to
the first, so undo and redo take the line as one step.

States are cached by position. A timeline loaded from the store may start from a saved
snapshot instead of the first state, so reopening a long session replays only its tail;
an earlier state ("the table as it was") is folded forward from the nearest cached one. A timeline and
the one recorded from it share their cache (one history, one prefix); a second branch recorded
from the same timeline, or one recorded after an undo, starts a cache of its own.
Stored events are decoded only when a state needs them, each checked against its class; an
event that cannot be decoded or folded any more (a bad disk, a hand edit, a newer Companion)
raises LogUnreadable naming its action, never a raw TypeError.

Each action applies its event once (`entry_for` keeps the state it computed for `record`), and
the table view of a state is computed once per timeline (`view_of`), shared by the store's
summary line, the screen's header and its keys.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core import Event, Game, Rejected, TableView, decode_payload

# A fold longer than this asks the store for a nearer saved state first (see `Timeline.earlier`).
NEAR = 64


class LogUnreadable(Rejected):
    """Action `position` of a stored log cannot be decoded, or its event no longer folds."""

    def __init__(self, position: int, detail: str) -> None:
        super().__init__(f"action {position} cannot be read: {detail}")
        self.position = position
        self.detail = detail


def _why(exc: Exception) -> str:
    if isinstance(exc, Rejected):
        return f"the rules refuse it ({exc.reason})"
    text = str(exc)
    return text if isinstance(exc, ValueError) and text else f"{type(exc).__name__}: {text}"[:120]


class Entry:
    """One accepted action: the event, the turn it happened in, and its words in the log."""

    __slots__ = ("_event", "_payload", "_types", "dropped", "joined", "text", "turn")

    def __init__(
        self,
        event: Event | None,
        turn: str,
        text: str,
        dropped: int = 0,
        *,
        payload: str | None = None,
        types: Mapping[str, type[Event]] | None = None,
        joined: bool = False,
    ) -> None:
        self._event = event
        self._payload = payload
        self._types = types
        self.turn = turn
        self.text = text
        self.dropped = dropped
        self.joined = joined  # recorded in one typed line with the entry before it

    @property
    def event(self) -> Event:
        if self._event is None:
            assert self._payload is not None and self._types is not None
            self._event = decode_payload(self._payload, self._types)
        return self._event

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Entry):
            return NotImplemented
        mine = (self.event, self.turn, self.text, self.dropped, self.joined)
        return mine == (other.event, other.turn, other.text, other.dropped, other.joined)

    def __repr__(self) -> str:
        return f"Entry({self.turn!r}, {self.text!r})"


def turn_label(game: Game[Any], state: Any, view: TableView | None = None) -> str:
    view = game.view(state) if view is None else view
    return f"R{view.round} {view.turn}".strip()


@dataclass(frozen=True)
class Timeline:
    game: Game[Any]
    entries: tuple[Entry, ...]
    cursor: int
    known: dict[int, Any] = field(compare=False, repr=False)
    # A saved state at or before a position (the store's snapshots), so a long undo folds from
    # near it rather than from the start; None when there is no store behind the timeline.
    earlier: Callable[[int], tuple[int, Any] | None] | None = field(default=None, compare=False, repr=False)
    # Per timeline: the last event `entry_for` applied (so `record` does not apply it again)
    # and the views computed of its states.
    _memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def start(cls, game: Game[Any], initial: Any) -> Timeline:
        return cls(game, (), 0, {0: initial})

    @classmethod
    def replay(
        cls,
        game: Game[Any],
        initial: Any,
        entries: tuple[Entry, ...],
        cursor: int,
        snapshot: tuple[int, Any] | None = None,
        earlier: Callable[[int], tuple[int, Any] | None] | None = None,
    ) -> Timeline:
        """The timeline of a stored log, its current state folded from `snapshot` if given;
        LogUnreadable if an event on the way cannot be read or folded."""
        known = {0: initial}
        if snapshot is not None and 0 < snapshot[0] <= len(entries):
            known[snapshot[0]] = snapshot[1]
        tl = cls(game, tuple(entries), max(0, min(cursor, len(entries))), known, earlier)
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
        if position - base > NEAR and self.earlier is not None:
            base = self._nearer(base, position)
        state = known[base]
        apply = self.game.apply
        for i in range(base, position):
            try:
                state = apply(state, self.entries[i].event)
            except Exception as exc:  # a stored event that no longer folds: a bad row, not a player's slip
                raise LogUnreadable(i + 1, _why(exc)) from None
            known[i + 1] = state
        return state

    def _nearer(self, base: int, position: int) -> int:
        """A saved state between `base` and `position`, taken only if it agrees with the log
        (its turn is the one the next action was recorded in); else `base`."""
        assert self.earlier is not None
        try:
            found = self.earlier(position)
        except Exception:  # a snapshot that cannot be read: fold from what is known
            return base
        if found is None or not base < found[0] <= position:
            return base
        seq, state = found
        try:
            if seq < len(self.entries) and turn_label(self.game, state) != self.entries[seq].turn:
                return base
        except Exception:
            return base
        self.known[seq] = state
        return seq

    def view_of(self, position: int | None = None) -> TableView:
        """The table view of the state after `position` entries (the cursor's by default),
        computed once for this timeline; an earlier one as the game lets the table look back
        on it (`Game.past_view`)."""
        position = self.cursor if position is None else position
        state = self.state_at(position)
        views = self._memo.setdefault("views", {})
        key = (position, self.cursor)  # a past table is shown as the game allows it from now
        hit = views.get(key)
        if hit is None or hit[0] is not state:
            shown = self.game.view(state) if position == self.cursor else self.game.past_view(state, self.state)
            hit = views[key] = (state, shown)
        view: TableView = hit[1]
        return view

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
        """The entry recording `event` now, without changing the timeline (Rejected if illegal).
        The state it computes is kept, so recording the same event next applies nothing again."""
        memo = self._memo.get("entry")
        if memo is not None and memo[0] == event:
            entry: Entry = memo[1]
            return entry
        before = self.state
        after = self.game.apply(before, event)
        text = self.game.describe(before, event, after)
        entry = Entry(event, turn_label(self.game, before, self.view_of()), text, len(self.entries) - self.cursor)
        self._memo["entry"] = (event, entry, after)
        return entry

    def record(self, event: Event) -> Timeline:
        entry = self.entry_for(event)
        return self._extend(entry, self._memo["entry"][2])

    def record_all(self, events: Sequence[Event]) -> Timeline:
        """A typed line's events, all or none (Rejected: this timeline is untouched); the
        entries after the first are joined to it, so undo and redo take the line whole."""
        tl = self
        for i, event in enumerate(events):
            entry = tl.entry_for(event)
            after = tl._memo["entry"][2]
            if i:
                entry = Entry(entry.event, entry.turn, entry.text, entry.dropped, joined=True)
            tl = tl._extend(entry, after)
        return tl

    def append(self, entry: Entry) -> Timeline:
        return self._extend(entry, self.game.apply(self.state, entry.event))

    def _extend(self, entry: Entry, after: Any) -> Timeline:
        n = self.cursor
        if n == len(self.entries) and n + 1 not in self.known:
            known = self.known  # the first child: same prefix, so the cache is valid for both
        else:  # after an undo, or a second child of this timeline: a cache of its own
            known = {k: v for k, v in self.known.items() if k <= n}
        known[n + 1] = after
        return Timeline(self.game, (*self.entries[:n], entry), n + 1, known, self.earlier)

    def undo(self) -> Timeline:
        """Back to before the newest line (one action, or every action of a typed line)."""
        if not self.can_undo:
            raise Rejected("Nothing to undo.")
        cursor = self.cursor - 1
        while cursor > 0 and self.entries[cursor].joined:
            cursor -= 1
        return self.move(cursor)

    def redo(self) -> Timeline:
        """Forward over the next line whole."""
        if not self.can_redo:
            raise Rejected("Nothing to redo.")
        cursor = self.cursor + 1
        while cursor < len(self.entries) and self.entries[cursor].joined:
            cursor += 1
        return self.move(cursor)

    def move(self, cursor: int) -> Timeline:
        """Rewind (or redo) to the point after `cursor` entries."""
        if not 0 <= cursor <= len(self.entries):
            raise Rejected(f"There is no action {cursor} in this session.")
        return Timeline(self.game, self.entries, cursor, self.known, self.earlier)
