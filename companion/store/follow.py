"""Following a session another window writes, reading only what is new.

A poll first asks SQLite whether anything at all was committed since the last one
(`PRAGMA data_version`, answered from the connection without reading a page), so a poll with
nothing new costs a few microseconds. When something was, it reads the session's row; if the
log only grew, it reads just the events after the last one it holds and folds them onto the
states it already has. Only when the log was rewritten under it (an undo followed by a new
action drops the undone events) does it read the whole log again.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.store.files import SessionGone
from companion.store.repo import Loaded, Repository
from companion.timeline import Timeline


@dataclass
class Follower:
    repo: Repository  # a reader (Repository.reader)
    session_id: int
    loaded: Loaded | None = None
    newest: int | None = None  # the row id of the last event held: a rewrite changes it
    data_version: int | None = None
    full_reads: int = 0  # how often the whole log was read (the tests watch it)

    def poll(self) -> tuple[bool, Loaded | None]:
        """(changed since the last poll, the session now, None once it is deleted)."""
        version = self.repo.data_version()
        if version == self.data_version:
            return False, self.loaded
        first = self.data_version is None
        # Noted before reading: a commit landing during the read is seen by the next poll.
        self.data_version = version
        before = self.loaded
        try:
            self.loaded = self._read()
        except SessionGone:
            self.loaded = None
        return first or self.loaded is not before, self.loaded

    def _read(self) -> Loaded:
        repo, sid = self.repo, self.session_id
        with repo.snapshot():
            info = repo.info(sid)
            held = self.loaded
            if held is not None and info == held.info:
                return held
            tl = held.timeline if held is not None else None
            if tl is None or held is None or held.info.game != info.game:
                return self._read_all()
            count = len(tl.entries)
            if count and repo.event_id(sid, count) != self.newest:
                return self._read_all()
            rows = repo.events_after(sid, count, tl.game.events)
        entries = tl.entries + tuple(entry for _, entry in rows)
        if rows:
            self.newest = rows[-1][0]
        known = {k: v for k, v in tl.known.items() if k <= len(entries)}
        timeline = Timeline(tl.game, entries, max(0, min(info.cursor, len(entries))), known)
        timeline.state_at(timeline.cursor)
        return Loaded(info, timeline)

    def _read_all(self) -> Loaded:
        self.full_reads += 1
        repo, sid = self.repo, self.session_id
        with repo.snapshot():
            loaded = repo.load(sid)
            count = len(loaded.timeline.entries)
            self.newest = repo.event_id(sid, count) if count else None
        return loaded
