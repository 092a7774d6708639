"""The repository: domain objects in and out of one SQLite file, one short session per action.

Screens never hold ORM rows. Every accepted action is one transaction (WAL, synchronous
FULL) that also drops an undone branch, moves the cursor and refreshes the session's summary
line, so the home screen lists sessions without replaying them. Each write first checks that
the session still looks as this window last saw it, so two windows on one file never
interleave their logs; the later one is told to reload.
"""

from __future__ import annotations

import json
import pickle
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import delete
from sqlalchemy import event as sa_event
from sqlalchemy.pool import QueuePool
from sqlmodel import Session, col, create_engine, func, select

from companion.clock import utc_now
from companion.core import Game, encode
from companion.games import get_game
from companion.store.files import StoreError, prepare
from companion.store.migrations import upgrade
from companion.store.tables import CardRow, EventRow, SessionRow, SnapshotRow
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


def _info(row: SessionRow) -> SessionInfo:
    assert row.id is not None
    return SessionInfo(
        row.id, row.game, row.title, tuple(json.loads(row.players)), json.loads(row.options),
        row.cursor, row.created, row.updated, row.summary, bool(row.finished),
    )


def summary_of(game: Game, state: Any) -> tuple[str, bool]:
    view = game.view(state)
    text = "finished" if view.finished else f"round {view.round}, {view.turn}'s turn"
    return text, view.finished


class Repository:
    def __init__(self, path: Path, clock: Callable[[], str] = utc_now, read_only: bool = False) -> None:
        self.path = path
        self.clock = clock
        self.read_only = read_only
        if read_only:
            self.engine = _reader_engine(path)
            return
        self.engine = create_engine(f"sqlite:///{path}", connect_args={"timeout": 5})
        sa_event.listen(self.engine, "connect", _connect)
        sa_event.listen(self.engine, "begin", _begin)

    @classmethod
    def reader(cls, path: Path) -> Repository:
        """A repository that can only read: a watcher (the table view) on a file another window
        writes. Its transactions are deferred, so in WAL mode it never holds the write lock and
        the writer never waits on it; the file is opened read-only, so any write fails."""
        return cls(path, read_only=True)

    @classmethod
    def open(cls, path: Path, may_create_folder: bool = False, **kw: Any) -> Repository:
        """Check the file, then upgrade its schema; StoreError if it cannot be used."""
        prepare(path, may_create_folder)
        con = sqlite3.connect(path, timeout=5, isolation_level=None)
        try:
            _pragmas(con, None)
            upgrade(con)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{path} could not be prepared: {exc}") from None
        finally:
            con.close()
        return cls(path, **kw)

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def _session(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as s:
            yield s

    # -- sessions --------------------------------------------------------------------------

    def list_sessions(self) -> list[SessionInfo]:
        with self._session() as s:
            rows = s.exec(select(SessionRow).order_by(col(SessionRow.updated).desc(), col(SessionRow.id).desc()))
            return [_info(r) for r in rows]

    def create(self, game: Game, title: str, players: tuple[str, ...], options: dict[str, Any]) -> Loaded:
        initial = game.setup(players, options)
        summary, finished = summary_of(game, initial)
        now = self.clock()
        row = SessionRow(
            game=game.id, title=title.strip() or game.name, players=json.dumps(list(players)),
            options=json.dumps(options), created=now, updated=now, summary=summary, finished=finished,
        )
        with self._session() as s:
            s.add(row)
            s.commit()
            s.refresh(row)
        return Loaded(_info(row), Timeline.start(game, initial))

    def info(self, session_id: int) -> SessionInfo:
        with self._session() as s:
            row = s.get(SessionRow, session_id)
            if row is None:
                raise StoreError(f"There is no session {session_id} in {self.path}.")
            return _info(row)

    def load(self, session_id: int) -> Loaded:
        info = self.info(session_id)
        game = get_game(info.game)
        with self._session() as s:
            rows = s.exec(
                select(EventRow.payload, EventRow.turn, EventRow.text, EventRow.dropped)
                .where(EventRow.session_id == session_id)
                .order_by(col(EventRow.seq))
            ).all()
            snap = s.exec(
                select(SnapshotRow.seq, SnapshotRow.data)
                .where(SnapshotRow.session_id == session_id, SnapshotRow.seq <= info.cursor,
                       SnapshotRow.version == state_version(game))
                .order_by(col(SnapshotRow.seq).desc())
            ).first()
        types = game.events
        entries = tuple(Entry(None, t, x, d, payload=p, types=types) for p, t, x, d in rows)
        initial = game.setup(info.players, info.options)
        snapshot = _unpickle(snap)
        timeline = Timeline.replay(game, initial, entries, info.cursor, snapshot)
        if not self.read_only and timeline.cursor - (snapshot[0] if snapshot else 0) > SNAPSHOT_EVERY:
            self._snapshot(session_id, timeline)
        return Loaded(info, timeline)

    def _snapshot(self, session_id: int, timeline: Timeline) -> None:
        with self._session() as s:
            s.merge(_snapshot_row(session_id, timeline))
            s.commit()

    def rename(self, session_id: int, title: str) -> SessionInfo:
        title = title.strip()
        if not title:
            raise StoreError("A session needs a title.")
        with self._session() as s:
            row = s.get(SessionRow, session_id)
            if row is None:
                raise StoreError(f"There is no session {session_id}.")
            row.title = title
            s.add(row)
            s.commit()
            s.refresh(row)
            return _info(row)

    def delete(self, session_id: int) -> None:
        with self._session() as s:
            s.exec(delete(EventRow).where(col(EventRow.session_id) == session_id))
            s.exec(delete(SnapshotRow).where(col(SnapshotRow.session_id) == session_id))
            s.exec(delete(SessionRow).where(col(SessionRow.id) == session_id))
            s.commit()

    # -- the log ---------------------------------------------------------------------------

    def _check_fresh(self, s: Session, session_id: int, seen: Timeline) -> SessionRow:
        row = s.get(SessionRow, session_id)
        if row is None:
            raise StaleSession("This session was deleted in another window.")
        # Sequence numbers run 1..n without gaps, so the highest is the count, read off the
        # (session_id, seq) index instead of counting every row on each action.
        last = s.exec(select(func.max(EventRow.seq)).where(EventRow.session_id == session_id)).one()
        if row.cursor != seen.cursor or (last or 0) != len(seen.entries):
            raise StaleSession(
                "This session changed in another window; reload it (ctrl+r) to see the new actions."
            )
        return row

    def record(self, session_id: int, seen: Timeline, after: Timeline) -> None:
        """Commit `after`'s newest entry on top of `seen` (dropping any undone branch)."""
        entry = after.entries[after.cursor - 1]
        now = self.clock()
        with self._session() as s:
            row = self._check_fresh(s, session_id, seen)
            s.exec(delete(EventRow).where(col(EventRow.session_id) == session_id, col(EventRow.seq) > seen.cursor))
            s.exec(delete(SnapshotRow).where(col(SnapshotRow.session_id) == session_id, col(SnapshotRow.seq) > seen.cursor))
            if after.cursor % SNAPSHOT_EVERY == 0:
                s.merge(_snapshot_row(session_id, after))
            s.add(EventRow(
                session_id=session_id, seq=after.cursor, payload=json.dumps(encode(entry.event)),
                turn=entry.turn, text=entry.text, created=now, dropped=entry.dropped,
            ))
            self._touch(row, after, now)
            s.add(row)
            s.commit()

    def move(self, session_id: int, seen: Timeline, after: Timeline) -> None:
        """Commit an undo, redo or rewind: only the cursor moves."""
        now = self.clock()
        with self._session() as s:
            row = self._check_fresh(s, session_id, seen)
            self._touch(row, after, now)
            s.add(row)
            s.commit()

    @staticmethod
    def _touch(row: SessionRow, after: Timeline, now: str) -> None:
        row.cursor = after.cursor
        row.updated = now
        row.summary, row.finished = summary_of(after.game, after.state)

    def stamp(self, session_id: int) -> tuple[Any, ...] | None:
        """A cheap fingerprint that changes with every write to the session (a new action has a
        new row id, undo and redo move the cursor, a rename changes the title); None once it
        has been deleted. A watcher compares it to decide whether to reload."""
        with self._session() as s:
            row = s.exec(
                select(SessionRow.title, SessionRow.cursor, SessionRow.updated).where(SessionRow.id == session_id)
            ).first()
            if row is None:
                return None
            count, newest = s.exec(
                select(func.count(), func.max(EventRow.id)).where(EventRow.session_id == session_id)
            ).one()
        return (*row, count, newest)

    def event_times(self, session_id: int) -> list[str]:
        with self._session() as s:
            return list(s.exec(
                select(EventRow.created).where(EventRow.session_id == session_id).order_by(col(EventRow.seq))
            ).all())

    # -- the card catalogue ----------------------------------------------------------------

    def cards(self, game: str, kind: str) -> dict[str, dict[str, Any]]:
        with self._session() as s:
            rows = s.exec(select(CardRow).where(CardRow.game == game, CardRow.kind == kind).order_by(col(CardRow.name)))
            return {r.name: json.loads(r.data) for r in rows}

    def save_card(self, game: str, kind: str, name: str, data: dict[str, Any]) -> None:
        with self._session() as s:
            row = s.exec(select(CardRow).where(CardRow.game == game, CardRow.kind == kind, CardRow.name == name)).first()
            if row is None:
                row = CardRow(game=game, kind=kind, name=name, data="", updated="")
            row.data = json.dumps(data, sort_keys=True)
            row.updated = self.clock()
            s.add(row)
            s.commit()


def state_version(game: Game) -> str:
    """Snapshots are read only by the game (and state layout) version that wrote them."""
    return f"{game.id}:{getattr(game, 'state_version', 1)}"


def _snapshot_row(session_id: int, timeline: Timeline) -> SnapshotRow:
    data = pickle.dumps(timeline.state, protocol=pickle.HIGHEST_PROTOCOL)
    return SnapshotRow(session_id=session_id, seq=timeline.cursor, version=state_version(timeline.game), data=data)


def _unpickle(row: Any) -> tuple[int, Any] | None:
    if row is None:
        return None
    try:
        return row[0], pickle.loads(row[1])
    except Exception:  # a snapshot the current code cannot read: replay from the start instead
        return None


def _connect(dbapi_con: Any, record: Any) -> None:
    dbapi_con.isolation_level = None
    _pragmas(dbapi_con, record)


def _begin(conn: Any) -> None:
    # A write lock from the first read, so the freshness check and the write are one step.
    conn.exec_driver_sql("BEGIN IMMEDIATE")


def _reader_engine(path: Path) -> Any:
    uri = f"{path.resolve().as_uri()}?mode=ro"

    def connect() -> sqlite3.Connection:
        # A creator, not a URL: SQLAlchemy's URL parsing mangles paths with '#' or '?'.
        con = sqlite3.connect(uri, uri=True, timeout=5, check_same_thread=False, isolation_level=None)
        con.execute("PRAGMA busy_timeout=5000")
        return con

    engine = create_engine("sqlite://", creator=connect, poolclass=QueuePool)
    # Deferred: one consistent snapshot per session, and no lock a writer would wait on.
    sa_event.listen(engine, "begin", lambda conn: conn.exec_driver_sql("BEGIN"))
    return engine


def _pragmas(dbapi_con: Any, _record: Any) -> None:
    cur = dbapi_con.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()
