"""The door's frame: the file's one connection, its lock and its transactions.

One engine per file (`engine.py`) on one connection the repository holds for its life, shared
by the app's threads under a lock. Every read and write of the file's rows runs in a
transaction from here, so a database error leaves as a StoreError that names the file, a
busy file as StoreBusy and a damaged one as FileDamaged. `Repository` (repo.py) is built on it.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any, Self

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session

from companion.clock import utc_now
from companion.store.engine import BUSY_MS, IMMEDIATE, reader_engine, writer_engine
from companion.store.files import FileDamaged, SessionGone, StoreBusy, StoreError, prepare, reason_at_open
from companion.store.flush import Flusher
from companion.store.migrations import upgrade
from companion.store.schema_version import CURRENT_VERSION
from companion.store.sessions import Loaded


class Door:
    def __init__(self, engine: Engine, path: Path, clock: Callable[[], str] = utc_now, read_only: bool = False) -> None:
        self.path = path
        self.clock = clock
        self.read_only = read_only
        self.engine = engine
        self._con: Connection | None = None
        self._lock = threading.RLock()
        # The log version of each session as this window last read or wrote it: a write is
        # refused unless the file still has it (checked in the write's own transaction).
        self._seen: dict[int, int] = {}
        self._busy_ms = BUSY_MS
        self._snapshot_due: set[int] = set()  # sessions opened far from their last snapshot
        self.bad_cards: dict[tuple[str, str, int], str] = {}  # catalogue rows left out, named
        self.bad_meta: dict[str, str] = {}  # settings (meta rows) that do not read, by key, named
        self._flusher: Flusher | None = None  # a writer's: each commit to the disk, off the path

    @classmethod
    def reader(cls, path: Path, once: bool = False) -> Self:
        """A repository that can only read: a watcher (the table view) on a file another window
        writes. Its transactions are deferred, so in WAL mode it never holds the write lock and
        the writer never waits on it; the file is opened read-only, so any write fails. It
        connects on first use, not here: a watcher retries a file that is missing or locked.
        `once`: one command's read, which leaves no -wal or -shm beside the file."""
        return cls(reader_engine(path, once), path, read_only=True)

    @classmethod
    def open(cls, path: Path, may_create_folder: bool = False, **kw: Any) -> Self:
        """Check the file, then upgrade its schema; StoreError if it cannot be used."""
        prepare(path, may_create_folder)
        opened = cls(writer_engine(path), path, **kw)
        opened._flusher = Flusher(path)
        try:
            upgrade(opened._connection().connection.driver_connection)  # type: ignore[arg-type]
        except (DBAPIError, sqlite3.Error) as exc:  # the migrations speak sqlite3 directly
            opened.close()
            raise StoreError(reason_at_open(path, exc)) from None
        opened._flusher.after_commit()
        return opened

    def close(self) -> None:
        with self._lock:
            if self._flusher is not None:
                self._flusher.close()
            if self._con is not None:
                self._con.close()
                self._con = None
            self.engine.dispose()

    def _connection(self) -> Connection:
        if self._con is None:
            con = self.engine.connect()
            if self.read_only:  # a reader never upgrades a file, so it needs one already current
                found = con.connection.driver_connection.execute("PRAGMA user_version").fetchone()[0]  # type: ignore[union-attr]
                if found == 0 or found > CURRENT_VERSION:
                    con.close()
                    raise StoreError(
                        f"{self.path} is not a Companion database (or an empty one)."
                        if found == 0
                        else f"{self.path} was written by a newer Companion (schema {found}; this one knows up to "
                        f"{CURRENT_VERSION}). Update Companion to open it."
                    )
                if found < CURRENT_VERSION:
                    con.close()
                    raise StoreError(
                        f"{self.path} was written by an older Companion (schema {found}): open it once "
                        "with `companion` (or `companion serve`), which upgrades it, and the view can follow it."
                    )
            self._con = con
        return self._con

    @contextmanager
    def _transaction(self, write: bool, wait: bool = True) -> Iterator[Connection]:
        """One transaction on the held connection, committed at the end or rolled back whole.
        A read nested in another transaction joins it, so a few reads see one snapshot.
        Without `wait`, a write lock held by another program is StoreBusy at once, so the UI
        thread never sits in SQLite's busy wait; a worker retries with waiting."""
        with self._lock:
            try:
                con = self._connection()
                if con.in_transaction():
                    yield con
                    return
                self._set_busy_wait(con, BUSY_MS if wait else 0)
                con.info[IMMEDIATE] = write
                with con.begin():
                    yield con
                if write:
                    self._committed(con)
            except (DBAPIError, sqlite3.Error) as exc:  # sqlite3's own: the prebuilt statements
                said = str(exc.orig if isinstance(exc, DBAPIError) else exc)
                if write and _is_busy(said):
                    raise StoreBusy(
                        f"{self.path} is locked by another program: not saved. Close that program and try again."
                    ) from None
                if "malformed" in said or "corrupt" in said:
                    raise FileDamaged(f"{self.path} is damaged: {said}") from None
                raise StoreError(f"{self.path}: {said}") from None

    def _committed(self, con: Connection) -> None:
        """A write has committed (synchronous NORMAL): the flusher takes it to the disk. A
        flusher that cannot is let go: every commit from now on waits for the disk itself
        (FULL), and a checkpoint takes what it missed there on the way."""
        flusher = self._flusher
        if flusher is None:
            return
        if flusher.failed is None:
            flusher.after_commit()
            return
        raw: Any = con.connection.driver_connection
        raw.execute("PRAGMA synchronous=FULL")
        raw.execute("PRAGMA wal_checkpoint(PASSIVE)")
        flusher.close()
        self._flusher = None

    def _set_busy_wait(self, con: Connection, ms: int) -> None:
        if ms != self._busy_ms:
            # On sqlite3 directly: through SQLAlchemy the PRAGMA would open a transaction.
            con.connection.driver_connection.execute(f"PRAGMA busy_timeout={ms}")  # type: ignore[union-attr]
            self._busy_ms = ms

    def reading(self) -> AbstractContextManager[Connection]:
        """A read transaction on the repository's connection, for the store's own table
        modules (players, seats, outcomes), whose statements live beside their tables: the
        file is still read only through this connection, its lock and its error handling."""
        return self._transaction(write=False)

    def writing(self) -> AbstractContextManager[Connection]:
        """A write transaction (BEGIN IMMEDIATE) on the repository's connection, for the
        store's table modules; a busy file is StoreBusy, a damaged one FileDamaged."""
        return self._transaction(write=True)

    @contextmanager
    def _session(self, write: bool = False) -> Iterator[Session]:
        with self._transaction(write) as con, Session(bind=con) as s:
            yield s
            s.flush()

    def _gone(self, session_id: int) -> SessionGone:
        if session_id in self._seen:
            return SessionGone("This session was deleted in another window.")
        return SessionGone(f"There is no session {session_id} in {self.path}.")

    # -- following (the table view) ---------------------------------------------------------

    def data_version(self) -> int:
        """A number that changes whenever another connection commits to the file, and never
        for this connection's own commits (SQLite's definition): a window asking its own door
        learns of others' writes only."""
        with self._lock:
            return self._data_version()

    def data_version_now(self) -> int | None:
        """`data_version`, or None at once while another thread is using the connection (a
        save waiting for the write lock, a load): the UI thread never waits here."""
        if not self._lock.acquire(blocking=False):
            return None
        try:
            return self._data_version()
        finally:
            self._lock.release()

    def _data_version(self) -> int:
        con = self._connection()
        # On sqlite3 directly: no transaction, no page read, a few microseconds.
        return int(con.connection.driver_connection.execute("PRAGMA data_version").fetchone()[0])  # type: ignore[union-attr]

    def adopt(self, loaded: Loaded) -> bool:
        """Take `loaded` (read by a `Follower`) as what this window shows, if it is newer than
        what this window last read or wrote: its next write then builds on it. False if not."""
        sid, version = loaded.info.id, loaded.info.version
        with self._lock:
            if sid not in self._seen or version <= self._seen[sid]:
                return False
            self._seen[sid] = version
        return True

    def snapshot(self) -> AbstractContextManager[Connection]:
        """A read transaction: the reads inside it see the file at one moment."""
        return self.reading()


def _fetch(con: Connection, statement: Any) -> list[Any]:
    """A statement's rows. A text cell that is not UTF-8 would fail the whole read in sqlite3:
    then the read is made again with such cells as bytes, for their typed reader to name."""
    try:
        return list(con.execute(statement).all())
    except DBAPIError as exc:
        if "decode" not in str(exc.orig):
            raise
    raw: Any = con.connection.driver_connection
    raw.text_factory = _text
    try:
        return list(con.execute(statement).all())
    finally:
        raw.text_factory = str


def _text(data: bytes) -> str | bytes:
    try:
        return data.decode()
    except UnicodeDecodeError:
        return data


def _is_busy(said: str) -> bool:
    """SQLite's words for a lock held by another connection (SQLITE_BUSY and SQLITE_LOCKED)."""
    return "locked" in said
