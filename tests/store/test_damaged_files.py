"""Damaged and unusual files: a clear message naming the file, and its bytes unchanged."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.store.files import StoreError, prepare
from companion.store.repo import Repository

FIXTURE = Path(__file__).with_name("fixtures") / "companion-v1.db"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def good_file(tmp_path: Path) -> Path:
    path = tmp_path / "good.db"
    Repository.open(path).close()
    return path


def not_sqlite(tmp_path: Path) -> Path:
    path = tmp_path / "notes.db"
    path.write_text("shopping list: milk, dice, sleeves\n" * 50)
    return path


def truncated(tmp_path: Path) -> Path:
    path = tmp_path / "cut.db"
    data = FIXTURE.read_bytes()
    path.write_bytes(data[: len(data) // 2 + 100])
    return path


def random_bytes(tmp_path: Path) -> Path:
    path = tmp_path / "noise.db"
    path.write_bytes(os.urandom(8192))
    return path


def newer_schema(tmp_path: Path) -> Path:
    path = good_file(tmp_path)
    con = sqlite3.connect(path)
    con.execute("PRAGMA user_version = 99")
    con.close()
    return path


def empty(tmp_path: Path) -> Path:
    path = tmp_path / "empty.db"
    path.write_bytes(b"")
    return path


def other_program(tmp_path: Path) -> Path:
    path = tmp_path / "other.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE recipes (name TEXT)")
    con.commit()
    con.close()
    return path


def read_only(tmp_path: Path) -> Path:
    path = good_file(tmp_path)
    path.chmod(0o444)
    return path


CASES = {
    "not sqlite": (not_sqlite, "not an SQLite database"),
    "truncated": (truncated, "truncated"),
    "random bytes": (random_bytes, "not an SQLite database"),
    "newer schema": (newer_schema, "newer Companion"),
    "empty": (empty, "empty"),
    "another program's database": (other_program, "another program"),
    "read-only": (read_only, "read-only"),
}


@pytest.mark.parametrize("case", CASES)
def test_refused_with_the_file_named_and_untouched(tmp_path, case):
    make, words = CASES[case]
    path = make(tmp_path)
    before = digest(path)
    with pytest.raises(StoreError) as err:
        Repository.open(path)
    assert str(path) in str(err.value) and words in str(err.value)
    assert digest(path) == before
    extras = {p.name for p in tmp_path.iterdir()} - {path.name}
    wal_sidecars = {f"{path.name}-wal", f"{path.name}-shm"}
    assert extras <= (wal_sidecars if case in {"newer schema", "read-only"} else set())


@pytest.mark.parametrize("case", CASES)
def test_the_command_line_says_so_and_exits_non_zero(tmp_path, case):
    make, words = CASES[case]
    path = make(tmp_path)
    before = digest(path)
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "sessions", "list", "--db", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    if case == "read-only":  # listing only reads: a read-only file (a backup) is listed
        assert proc.returncode == 0 and "No saved sessions yet" in proc.stdout, proc.stderr
    else:
        assert proc.returncode == 1
        assert str(path) in proc.stderr and words in proc.stderr
    assert digest(path) == before


def test_missing_folder_is_named_and_not_created(tmp_path):
    path = tmp_path / "nowhere" / "companion.db"
    with pytest.raises(StoreError, match="does not exist"):
        prepare(path, may_create_folder=False)
    assert not path.parent.exists()


def test_default_location_creates_its_folder(tmp_path):
    path = tmp_path / "data" / "companion" / "companion.db"
    assert prepare(path, may_create_folder=True) == 0
    assert path.parent.is_dir()


def test_file_locked_by_another_process(tmp_path):
    path = tmp_path / "locked.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sqlite3,sys,time;c=sqlite3.connect(sys.argv[1],isolation_level=None);"
            "c.execute('PRAGMA locking_mode=EXCLUSIVE');c.execute('BEGIN EXCLUSIVE');"
            "c.execute('INSERT INTO t VALUES (1)');print('held',flush=True);time.sleep(60)",
            str(path),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "held"
        before = digest(path)
        start = time.monotonic()
        with pytest.raises(StoreError) as err:
            Repository.open(path)
        assert "locked" in str(err.value) and str(path) in str(err.value)
        assert time.monotonic() - start < 10
        assert digest(path) == before
    finally:
        holder.kill()
        holder.wait()
