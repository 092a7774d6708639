"""The repository: domain objects in and out of one SQLite file, one short transaction per action.

Every accepted action is one transaction (WAL, synchronous FULL) that also drops an undone
branch, moves the cursor and refreshes the session's summary line, so the home screen lists
sessions without replaying them. Each write first checks that the session still looks as
this window last saw it, so two windows on one file never interleave their logs; the later
one is told to reload.

It speaks SQL through the standard library's sqlite3: the tables are the ones the numbered
migrations create, and rows become the frozen dataclasses below. One connection per
repository, shared by the app's threads under a lock, each use one transaction.
"""

from __future__ import annotations

import json
import pickle
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.clock import utc_now
from companion.core import Game, encode
from companion.games import get_game
from companion.store.files import StoreError, prepare
from companion.store.migrations import upgrade
from companion.timeline import Entry, Timeline

SNAPSHOT_EVERY = 500


class StaleSession(StoreError):
    """The session changed in another window since this one loaded it."""


@dataclass(frozen=True)
class SessionInfo:
    id: int
    game: str
    title: str
    players: tuple[str, ...]
    options: dict[str, Any]
    cursor: int
    created: str
    updated: str
    summary: str
    finished: bool


@dataclass(frozen=True)
class Loaded:
    info: SessionInfo
    timeline: Timeline


SESSION_COLUMNS = "id, game, title, players, options, cursor, created, updated, summary, finished"


def _info(row: tuple[Any, ...]) -> SessionInfo:
    sid, game, title, players, options, cursor, created, updated, summary, finished = row
    return SessionInfo(
        sid, game, title, tuple(json.loads(players)), json.loads(options),
        cursor, created, updated, summary, bool(finished),
    )


def summary_of(game: Game, state: Any) -> tuple[str, bool]:
    view = game.view(state)
    turn = f"{view.turn}'s turn" if view.turn else view.phase
    text = "finished" if view.finished else f"round {view.round}, {turn}"
    return text, view.finished


class Repository:
    def __init__(self, connect: Callable[[], sqlite3.Connection], path: Path,
                 clock: Callable[[], str] = utc_now, read_only: bool = False) -> None:
        self.path = path
        self.clock = clock
        self.read_only = read_only
        self._connect = connect
        self._con: sqlite3.Connection | None = None
        self._lock = threading.RLock()

    @classmethod
    def reader(cls, path: Path) -> Repository:
        """A repository that can only read: a watcher (the table view) on a file another window
        writes. Its transactions are deferred, so in WAL mode it never holds the write lock and
        the writer never waits on it; the file is opened read-only, so any write fails."""
        uri = f"{path.resolve().as_uri()}?mode=ro"

        def connect() -> sqlite3.Connection:
            # On first use, not here: a watcher retries a file that is missing or locked.
            con = sqlite3.connect(uri, uri=True, timeout=5, check_same_thread=False, isolation_level=None)
            con.execute("PRAGMA busy_timeout=5000")
            return con

        return cls(connect, path, read_only=True)

    @classmethod
    def open(cls, path: Path, may_create_folder: bool = False, **kw: Any) -> Repository:
        """Check the file, then upgrade its schema; StoreError if it cannot be used."""
        prepare(path, may_create_folder)
        con = sqlite3.connect(path, timeout=5, isolation_level=None, check_same_thread=False)
        try:
            _pragmas(con)
            upgrade(con)
        except sqlite3.DatabaseError as exc:
            con.close()
            raise StoreError(f"{path} could not be prepared: {exc}") from None
        return cls(lambda: con, path, **kw)

    def close(self) -> None:
        with self._lock:
            if self._con is not None:
                self._con.close()
                self._con = None

    def _connection(self) -> sqlite3.Connection:
        if self._con is None:
            self._con = self._connect()
        return self._con

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """One consistent snapshot for a few reads (deferred: no lock a writer waits on)."""
        with self._lock:
            con = self._connection()
            if con.in_transaction:
                yield con
                return
            con.execute("BEGIN")
            try:
                yield con
            finally:
                con.execute("COMMIT")

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One transaction holding the write lock from its first read, so a freshness check
        and the write it guards are one step; rolled back whole if anything fails."""
        with self._lock:
            con = self._connection()
            con.execute("BEGIN IMMEDIATE")
            try:
                yield con
                con.execute("COMMIT")
            except BaseException:
                if con.in_transaction:
                    con.execute("ROLLBACK")
                raise

    # -- sessions --------------------------------------------------------------------------

    def list_sessions(self) -> list[SessionInfo]:
        with self._read() as con:
            rows = con.execute(f"SELECT {SESSION_COLUMNS} FROM session ORDER BY updated DESC, id DESC").fetchall()
        return [_info(r) for r in rows]

    def create(self, game: Game, title: str, players: tuple[str, ...], options: dict[str, Any]) -> Loaded:
        initial = game.setup(players, options)
        summary, finished = summary_of(game, initial)
        now = self.clock()
        with self._write() as con:
            sid = con.execute(
                "INSERT INTO session (game, title, players, options, cursor, created, updated, summary, finished)"
                " VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?)",
                (game.id, title.strip() or game.name, json.dumps(list(players)), json.dumps(options),
                 now, now, summary, finished),
            ).lastrowid
        assert sid is not None
        return Loaded(self.info(sid), Timeline.start(game, initial))

    def info(self, session_id: int) -> SessionInfo:
        with self._read() as con:
            row = con.execute(f"SELECT {SESSION_COLUMNS} FROM session WHERE id = ?", (session_id,)).fetchone()
        if row is None:
            raise StoreError(f"There is no session {session_id} in {self.path}.")
        return _info(row)

    def load(self, session_id: int) -> Loaded:
        with self._read() as con:
            info = self.info(session_id)
            game = get_game(info.game)
            rows = con.execute(
                "SELECT payload, turn, text, dropped FROM event WHERE session_id = ? ORDER BY seq", (session_id,)
            ).fetchall()
            snap = con.execute(
                "SELECT seq, data FROM snapshot WHERE session_id = ? AND seq <= ? AND version = ?"
                " ORDER BY seq DESC LIMIT 1", (session_id, info.cursor, state_version(game)),
            ).fetchone()
        types = game.events
        entries = tuple(Entry(None, t, x, d, payload=p, types=types) for p, t, x, d in rows)
        initial = game.setup(info.players, info.options)
        snapshot = _unpickle(snap)
        timeline = Timeline.replay(game, initial, entries, info.cursor, snapshot)
        if not self.read_only and timeline.cursor - (snapshot[0] if snapshot else 0) > SNAPSHOT_EVERY:
            with self._write() as con:
                _put_snapshot(con, session_id, timeline)
        return Loaded(info, timeline)

    def rename(self, session_id: int, title: str) -> SessionInfo:
        title = title.strip()
        if not title:
            raise StoreError("A session needs a title.")
        with self._write() as con:
            if con.execute("UPDATE session SET title = ? WHERE id = ?", (title, session_id)).rowcount == 0:
                raise StoreError(f"There is no session {session_id}.")
        return self.info(session_id)

    def delete(self, session_id: int) -> None:
        with self._write() as con:
            for table, key in (("event", "session_id"), ("snapshot", "session_id"), ("session", "id")):
                con.execute(f"DELETE FROM {table} WHERE {key} = ?", (session_id,))

    # -- the log ---------------------------------------------------------------------------

    @staticmethod
    def _check_fresh(con: sqlite3.Connection, session_id: int, seen: Timeline) -> None:
        # Sequence numbers run 1..n without gaps, so the highest is the count, read off the
        # (session_id, seq) index instead of counting every row on each action.
        row = con.execute(
            "SELECT cursor, (SELECT max(seq) FROM event WHERE session_id = ?) FROM session WHERE id = ?",
            (session_id, session_id),
        ).fetchone()
        if row is None:
            raise StaleSession("This session was deleted in another window.")
        cursor, last = row
        if cursor != seen.cursor or (last or 0) != len(seen.entries):
            raise StaleSession(
                "This session changed in another window; reload it (ctrl+r) to see the new actions."
            )

    def record(self, session_id: int, seen: Timeline, after: Timeline) -> None:
        """Commit `after`'s newest entry on top of `seen` (dropping any undone branch)."""
        entry = after.entries[after.cursor - 1]
        now = self.clock()
        payload = json.dumps(encode(entry.event))
        with self._write() as con:
            self._check_fresh(con, session_id, seen)
            if seen.cursor < len(seen.entries):  # an undone branch to drop
                con.execute("DELETE FROM event WHERE session_id = ? AND seq > ?", (session_id, seen.cursor))
                con.execute("DELETE FROM snapshot WHERE session_id = ? AND seq > ?", (session_id, seen.cursor))
            if after.cursor % SNAPSHOT_EVERY == 0:
                _put_snapshot(con, session_id, after)
            con.execute(
                "INSERT INTO event (session_id, seq, payload, turn, text, created, dropped) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (session_id, after.cursor, payload, entry.turn, entry.text, now, entry.dropped),
            )
            _touch(con, session_id, after, now)

    def move(self, session_id: int, seen: Timeline, after: Timeline) -> None:
        """Commit an undo, redo or rewind: only the cursor moves."""
        now = self.clock()
        with self._write() as con:
            self._check_fresh(con, session_id, seen)
            _touch(con, session_id, after, now)

    def stamp(self, session_id: int) -> tuple[Any, ...] | None:
        """A cheap fingerprint that changes with every write to the session (a new action has a
        new row id, undo and redo move the cursor, a rename changes the title); None once it
        has been deleted. A watcher compares it to decide whether to reload."""
        with self._read() as con:
            row = con.execute("SELECT title, cursor, updated FROM session WHERE id = ?", (session_id,)).fetchone()
            if row is None:
                return None
            count, newest = con.execute(
                "SELECT count(*), max(id) FROM event WHERE session_id = ?", (session_id,)
            ).fetchone()
        return (*row, count, newest)

    def event_times(self, session_id: int) -> list[str]:
        with self._read() as con:
            rows = con.execute("SELECT created FROM event WHERE session_id = ? ORDER BY seq", (session_id,))
            return [r[0] for r in rows]

    # -- the card catalogue ----------------------------------------------------------------

    def cards(self, game: str, kind: str) -> dict[str, dict[str, Any]]:
        with self._read() as con:
            rows = con.execute(
                "SELECT name, data FROM card WHERE game = ? AND kind = ? ORDER BY name", (game, kind)
            ).fetchall()
        return {name: json.loads(data) for name, data in rows}

    def save_card(self, game: str, kind: str, name: str, data: dict[str, Any]) -> None:
        with self._write() as con:
            con.execute(
                "INSERT INTO card (game, kind, name, data, updated) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (game, kind, name) DO UPDATE SET data = excluded.data, updated = excluded.updated",
                (game, kind, name, json.dumps(data, sort_keys=True), self.clock()),
            )


def _touch(con: sqlite3.Connection, session_id: int, after: Timeline, now: str) -> None:
    summary, finished = summary_of(after.game, after.state)
    con.execute(
        "UPDATE session SET cursor = ?, updated = ?, summary = ?, finished = ? WHERE id = ?",
        (after.cursor, now, summary, finished, session_id),
    )


def state_version(game: Game) -> str:
    """Snapshots are read only by the game (and state layout) version that wrote them."""
    return f"{game.id}:{game.state_version}"


def _put_snapshot(con: sqlite3.Connection, session_id: int, timeline: Timeline) -> None:
    data = pickle.dumps(timeline.state, protocol=pickle.HIGHEST_PROTOCOL)
    con.execute(
        "INSERT OR REPLACE INTO snapshot (session_id, seq, version, data) VALUES (?, ?, ?, ?)",
        (session_id, timeline.cursor, state_version(timeline.game), data),
    )


def _unpickle(row: Any) -> tuple[int, Any] | None:
    if row is None:
        return None
    try:
        return row[0], pickle.loads(row[1])
    except Exception:  # a snapshot the current code cannot read: replay from the start instead
        return None


def _pragmas(con: sqlite3.Connection) -> None:
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA synchronous=FULL")
    con.execute("PRAGMA foreign_keys=ON")
    con.execute("PRAGMA busy_timeout=5000")
