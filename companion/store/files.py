"""Look at a database file before anything opens it for writing.

Only the standard library is used here, so the check runs before SQLModel is imported and
before the first frame. A file that is not ours, damaged, newer, read-only or locked is
refused with a message naming it, and its bytes are never touched: the header is read as
plain bytes, and SQLite only ever sees the file through a read-only connection here.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

from companion.store.errors import FileDamaged as FileDamaged  # the store's errors, named here too
from companion.store.errors import SessionGone as SessionGone
from companion.store.errors import SessionUnreadable as SessionUnreadable
from companion.store.errors import StaleSession as StaleSession
from companion.store.errors import StoreBusy as StoreBusy
from companion.store.errors import StoreError as StoreError
from companion.store.schema_version import CURRENT_VERSION

HEADER = b"SQLite format 3\x00"
OURS = {"session", "event"}  # the tables every schema version of Companion has had


def default_path() -> Path:
    from platformdirs import user_data_path

    return user_data_path("companion", appauthor=False) / "companion.db"


def choose_path(cli_path: str | None) -> tuple[Path, bool]:
    """The database path and whether its folder may be created (only for the default)."""
    if cli_path is not None:
        if not cli_path.strip():
            raise StoreError('--db "" names no file: pass a file name, or leave --db out for the default.')
        return Path(cli_path).expanduser(), False
    env = os.environ.get("COMPANION_DB")
    if env:
        return Path(env).expanduser(), False
    return default_path(), True


def _read_only(path: Path) -> bool:
    mode = path.stat().st_mode
    return not os.access(path, os.W_OK) or not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)


KINDS = {stat.S_IFIFO: "a named pipe", stat.S_IFCHR: "a device", stat.S_IFBLK: "a device", stat.S_IFSOCK: "a socket"}


def check_regular(path: Path) -> None:
    """Refuse a folder, pipe, device or socket before anything opens it (a pipe would block)."""
    mode = path.stat().st_mode
    if stat.S_ISDIR(mode):
        raise StoreError(f"{path} is a folder, not a database file.")
    if not stat.S_ISREG(mode):
        kind = KINDS.get(stat.S_IFMT(mode), "not a regular file")
        raise StoreError(f"{path} is {kind}, not a database file; pass --db with a file.")


def reason_at_open(path: Path, exc: Exception) -> str:
    """What an SQLite error on opening a file means, in words that do not cry "damaged"
    when the disk is full or a folder cannot be written."""
    text = str(getattr(exc, "orig", None) or exc)
    if "disk is full" in text or "disk I/O error" in text:
        return (
            f"{path} could not be opened: the disk is full or cannot be written ({text}). "
            "Free some space and try again; the file is untouched."
        )
    if "readonly" in text or "read-only" in text or "unable to open" in text:
        return (
            f"{path} could not be opened for writing ({text}): SQLite needs to write the "
            f"file and create files beside it in {path.parent}."
        )
    if "locked" in text or "busy" in text:
        return f"{path} is locked by another program; close it and try again."
    return f"{path} is damaged or not a database ({text})."


def check_header(path: Path) -> None:
    check_regular(path)
    size = path.stat().st_size
    with path.open("rb") as f:
        head = f.read(100)
    if size == 0:
        raise StoreError(f"{path} is empty: it is not a Companion database. Move it aside or pass --db.")
    if not head.startswith(HEADER):
        raise StoreError(
            f"{path} is not an SQLite database (Companion leaves it untouched). Pass --db to use another file."
        )
    if len(head) < 100:
        raise StoreError(f"{path} is truncated: only {size} bytes of an SQLite header.")
    page_size = int.from_bytes(head[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(head[28:32], "big")
    counter_valid = head[24:28] == head[92:96]
    if page_size < 512 or page_size & (page_size - 1):
        raise StoreError(f"{path} is damaged: its header names an impossible page size.")
    if size % page_size or (counter_valid and pages and size < pages * page_size):
        raise StoreError(f"{path} is truncated: {size} bytes, the header promises {pages * page_size}.")


def inspect(path: Path, write: bool = True) -> int:
    """The schema version of a usable existing file; raises StoreError otherwise. Without
    `write` (a command that only reads) a read-only file, folder or disk is fine."""
    check_regular(path)
    if not os.access(path, os.R_OK):
        raise StoreError(f"{path} cannot be read (permission denied).")
    check_header(path)
    if not write:
        return _schema(path, once=True)
    if _read_only(path):
        raise StoreError(f"{path} is read-only; Companion needs to write to it. Make it writable or pass --db.")
    if not os.access(path.parent, os.W_OK):
        raise StoreError(
            f"{path}: the folder {path.parent} is read-only, and SQLite must create files beside the "
            "database (its -wal and -shm). Make the folder writable or move the file. (The file is fine.)"
        )
    version = _schema(path)
    _check_lock(path)
    return version


def _schema(path: Path, once: bool = False) -> int:
    """The file's schema version, read without writing: StoreError if it is not ours to read."""
    uri = f"{path.resolve().as_uri()}?mode=ro"
    real = path.resolve()  # SQLite keeps the -wal and -shm beside the file a link points to
    no_shm = not real.with_name(real.name + "-shm").exists()
    if no_shm and ((once and not real.with_name(real.name + "-wal").exists()) or not os.access(path.parent, os.W_OK)):
        uri += "&immutable=1"  # one command's read, or a read-only disk: see engine.reader_engine
    try:
        con = sqlite3.connect(uri, uri=True, timeout=2)
        try:
            version = con.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        finally:
            con.close()
    except sqlite3.DatabaseError as exc:
        raise StoreError(reason_at_open(path, exc)) from None
    if version > CURRENT_VERSION:
        raise StoreError(
            f"{path} was written by a newer Companion (schema {version}; this one knows up to "
            f"{CURRENT_VERSION}). Update Companion to open it."
        )
    if (version == 0 and tables - {"sqlite_sequence"}) or (version > 0 and not OURS.issubset(tables)):
        # Refused here, before the engine opens it: its connection would switch the file to WAL.
        raise StoreError(f"{path} is an SQLite database of another program, not Companion's.")
    return int(version)


def _check_lock(path: Path) -> None:
    """Refuse a file another program holds locked; a reserved lock changes no byte."""
    con = sqlite3.connect(path, timeout=1.5, isolation_level=None)
    try:
        con.execute("BEGIN IMMEDIATE")
        con.execute("ROLLBACK")
    except sqlite3.OperationalError as exc:
        raise StoreError(f"{path} is locked by another program ({exc}); close it and try again.") from None
    finally:
        con.close()


def prepare(path: Path, may_create_folder: bool) -> int:
    """Check the path at start-up: 0 for a file still to be created, else its schema version."""
    if path.exists():
        return inspect(path)
    folder = path.parent
    if not folder.exists():
        if not may_create_folder:
            raise StoreError(f"{path}: the folder {folder} does not exist. Create it or pass another --db.")
        folder.mkdir(parents=True, exist_ok=True)
    if not os.access(folder, os.W_OK):
        raise StoreError(f"{path}: cannot create the file, the folder {folder} is not writable.")
    return 0
