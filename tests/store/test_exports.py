"""Exports never destroy a file: not the database, not another SQLite file, not an existing
file without --force, and not the old file when the disk fills mid-write."""

from __future__ import annotations

import hashlib
import os
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games import get_game
from companion.games.free import Adjust
from companion.store.repo import Repository
from tests.conftest import fixed_clock


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def export(db: Path, *args: str, limit: int | None = None) -> subprocess.CompletedProcess[str]:
    def cap() -> None:  # the disk "fills" at `limit` bytes for any file this process writes
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run(
        [sys.executable, "-m", "companion", "sessions", "export", "1", "--db", str(db), *args],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=cap if limit else None,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])},
    )


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A session of 1,200 actions recorded through the Repository, once for the module: each
    test gets its own copy of the file (`db`), since some write next to it or compare digests."""
    path = tmp_path_factory.mktemp("exports") / "companion.db"
    repo = Repository.open(path, clock=fixed_clock)
    loaded = repo.create(get_game("free"), "Friday", ("Ann", "Bob"), {"counters": "HP=5000 0..10000"})
    tl = loaded.timeline
    for i in range(1200):
        after = tl.record(Adjust("HP", i % 2, -1))
        repo.record(loaded.info.id, tl, after)
        tl = after
    repo.close()
    return path


@pytest.fixture
def db(recorded: Path, db_path: Path) -> Path:
    for suffix in ("", "-wal", "-shm"):
        source = recorded.with_name(recorded.name + suffix)
        if source.exists():
            shutil.copyfile(source, db_path.with_name(db_path.name + suffix))
    return db_path


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def test_refuses_the_database_itself_and_its_sidecars(db):
    before = digest(db)
    for target in (db, db.with_name(db.name + "-wal"), db.parent / "." / db.name):
        out = export(db, "-o", str(target), "--force")
        assert out.returncode == 1 and "is the database itself" in one_line(out.stderr)
    assert digest(db) == before


def test_refuses_any_sqlite_file_even_with_force(db, tmp_path):
    other = tmp_path / "recipes.sqlite"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE recipe (name TEXT)")
    con.commit()
    con.close()
    before = digest(other)
    out = export(db, "-o", str(other), "--force")
    assert out.returncode == 1 and "is an SQLite database" in one_line(out.stderr)
    assert digest(other) == before


def test_replacing_a_file_needs_force(db, tmp_path):
    target = tmp_path / "friday.json"
    target.write_text("my notes\n")
    out = export(db, "-o", str(target))
    assert out.returncode == 1 and "pass --force" in one_line(out.stderr)
    assert target.read_text() == "my notes\n"
    out = export(db, "-o", str(target), "--force")
    assert out.returncode == 0, out.stderr
    assert '"format": "companion-session"' in target.read_text()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_a_full_disk_leaves_the_old_file_whole(db, tmp_path):
    target = tmp_path / "friday.json"
    target.write_text("the export of last week\n")
    size = len(export(db).stdout.encode())
    limit = (size + max(db.stat().st_size, 32768)) // 2  # room for the database, not the export
    assert db.stat().st_size < limit < size
    out = export(db, "-o", str(target), "--force", limit=limit)
    assert out.returncode == 1 and "not written" in one_line(out.stderr), out.stderr
    assert "unchanged" in out.stderr
    assert target.read_text() == "the export of last week\n"
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"] == []


@pytest.mark.parametrize("case", ["folder", "missing folder", "unwritable folder", "empty name", "fifo"])
def test_odd_places_get_a_one_line_reason(db, tmp_path, case):
    if case == "folder":
        target, words = tmp_path, "is a folder"
    elif case == "missing folder":
        target, words = tmp_path / "nowhere" / "x.md", "does not exist"
    elif case == "unwritable folder":
        if os.geteuid() == 0:
            pytest.skip("root writes anywhere: run the suite as a user other than root to check an unwritable folder")
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        target, words = locked / "x.md", "permission denied"
    elif case == "empty name":
        target, words = "", "No file name"
    else:
        target = tmp_path / "pipe"
        os.mkfifo(target)
        words = "not a regular file"
    out = export(db, "-o", str(target), "--force")
    assert out.returncode == 1 and words in one_line(out.stderr)
