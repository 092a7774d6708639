"""One SQLAlchemy engine per database file, on one connection.

A `StaticPool` keeps exactly one sqlite3 connection, which the repository holds for its life
and uses from the app's threads under its own lock. The connection is made by a creator rather
than from a URL (SQLAlchemy's URL parsing mangles paths with '#' or '?'), and set up when it
opens: WAL, synchronous NORMAL (the door flushes each commit to the disk just after it:
`flush.py`), foreign keys, a busy timeout. sqlite3's own transaction handling
is switched off so the `begin` hook issues the BEGIN: `BEGIN IMMEDIATE` for a write, so the
write lock is held from the first read and a freshness check and the write it guards are one
step, and a deferred BEGIN for reads, which never hold up a writer. The reader (the table
view) opens the file read-only, so it cannot write even by mistake.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.pool import StaticPool

BUSY_MS = 5000
IMMEDIATE = "companion.immediate"  # key in Connection.info: the next BEGIN takes the write lock


def writer_engine(path: Path) -> Engine:
    def connect() -> sqlite3.Connection:
        return sqlite3.connect(path, timeout=BUSY_MS / 1000, check_same_thread=False, isolation_level=None)

    return _engine(connect, writer=True)


def reader_engine(path: Path, once: bool = False) -> Engine:
    uri = f"{path.resolve().as_uri()}?mode=ro"
    real = path.resolve()  # SQLite keeps the -wal and -shm beside the file a link points to
    no_shm = not real.with_name(real.name + "-shm").exists()
    if no_shm and ((once and not real.with_name(real.name + "-wal").exists()) or not os.access(path.parent, os.W_OK)):
        # No writer has the file open (no -wal, no -shm), and either the read is one command's
        # (`sessions list`, an export, `stats`: a moment, and it must leave no -wal or -shm
        # beside a file it only read) or the disk is read-only (a backup: SQLite cannot create
        # the -shm a WAL file needs, and nothing can write the file either). The file is then
        # read as immutable: no lock, no -shm.
        uri += "&immutable=1"

    def connect() -> sqlite3.Connection:
        return sqlite3.connect(uri, uri=True, timeout=BUSY_MS / 1000, check_same_thread=False, isolation_level=None)

    return _engine(connect, writer=False)


def _engine(connect: Any, writer: bool) -> Engine:
    engine = create_engine("sqlite://", creator=connect, poolclass=StaticPool)

    @event.listens_for(engine, "connect")
    def on_connect(dbapi_con: sqlite3.Connection, _record: Any) -> None:
        dbapi_con.isolation_level = None
        if writer:
            dbapi_con.execute("PRAGMA journal_mode=WAL")
            dbapi_con.execute("PRAGMA synchronous=NORMAL")  # each commit is flushed just after: flush.py
            dbapi_con.execute("PRAGMA foreign_keys=ON")
        dbapi_con.execute(f"PRAGMA busy_timeout={BUSY_MS}")

    @event.listens_for(engine, "begin")
    def on_begin(con: Any) -> None:
        # On sqlite3 directly, as SQLAlchemy's own pysqlite recipe does through exec_driver_sql
        # but without its execution machinery, which costs more than the BEGIN: once an action.
        con.connection.driver_connection.execute("BEGIN IMMEDIATE" if con.info.get(IMMEDIATE) else "BEGIN")

    return engine
