"""The door's frame on real files: a watcher (the table view) opens only a current Companion
file and says in one sentence what any other is, never writing it; the reads inside one
snapshot see the file at one moment; a write refused names the file."""

from __future__ import annotations

import hashlib
import sqlite3
import threading
from pathlib import Path

import pytest

from companion.games import get_game
from companion.store.files import StoreError
from companion.store.repo import Repository
from companion.store.schema_version import CURRENT_VERSION
from tests.conftest import fixed_clock


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def a_companion_file(path: Path, version: int = CURRENT_VERSION) -> Path:
    repo = Repository.open(path, clock=fixed_clock)
    repo.create(get_game("free"), "Lunch", ("Ann", "Bob"), {})
    repo.close()
    con = sqlite3.connect(path)
    con.execute(f"PRAGMA user_version = {version}")
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    return path


def refused(path: Path) -> str:
    before = digest(path)
    reader = Repository.reader(path)
    try:
        with pytest.raises(StoreError) as err:
            reader.list_sessions()
    finally:
        reader.close()
    assert digest(path) == before
    return str(err.value)


def test_a_watcher_opens_a_current_file(tmp_path):
    reader = Repository.reader(a_companion_file(tmp_path / "c.db"))
    assert [s.title for s in reader.list_sessions()] == ["Lunch"]
    reader.close()


def test_a_watcher_names_a_file_that_is_no_companion_database(tmp_path):
    path = tmp_path / "other.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE notes (line TEXT)")
    con.commit()
    con.close()
    assert refused(path) == f"{path} is not a Companion database (or an empty one)."


def test_a_watcher_names_a_file_from_a_newer_companion(tmp_path):
    path = a_companion_file(tmp_path / "c.db", CURRENT_VERSION + 1)
    assert refused(path) == (
        f"{path} was written by a newer Companion (schema {CURRENT_VERSION + 1}; this one knows up to "
        f"{CURRENT_VERSION}). Update Companion to open it."
    )


def test_a_watcher_names_a_file_from_an_older_companion(tmp_path):
    path = a_companion_file(tmp_path / "c.db", CURRENT_VERSION - 1)
    assert refused(path) == (
        f"{path} was written by an older Companion (schema {CURRENT_VERSION - 1}): open it once "
        "with `companion` (or `companion serve`), which upgrades it, and the view can follow it."
    )


def test_the_reads_of_one_snapshot_see_one_moment(tmp_path):
    """Another window's session, committed while a snapshot is open, is seen after it only."""
    path = a_companion_file(tmp_path / "c.db")
    repo = Repository.open(path, clock=fixed_clock)
    other = Repository.open(path, clock=fixed_clock)
    with repo.snapshot():
        first = [s.title for s in repo.list_sessions()]
        other.create(get_game("free"), "Dinner", ("Ann", "Bob"), {})
        again = [s.title for s in repo.list_sessions()]
    after = sorted(s.title for s in repo.list_sessions())
    repo.close()
    other.close()
    assert (first, again, after) == (["Lunch"], ["Lunch"], ["Dinner", "Lunch"])


def test_the_screen_asks_for_others_commits_without_waiting(tmp_path):
    """`data_version_now` answers at once: the file's version when the connection is free (it
    moves when another program commits), None while another thread is using the connection."""
    path = a_companion_file(tmp_path / "c.db")
    repo = Repository.open(path, clock=fixed_clock)
    seen = repo.data_version_now()
    assert seen == repo.data_version()
    inside, leave = threading.Event(), threading.Event()

    def load() -> None:
        with repo.reading():
            inside.set()
            leave.wait(5)

    worker = threading.Thread(target=load)
    worker.start()
    inside.wait(5)
    try:
        busy = repo.data_version_now()
    finally:
        leave.set()
        worker.join()
    other = Repository.open(path, clock=fixed_clock)
    other.create(get_game("free"), "Dinner", ("Ann", "Bob"), {})
    other.close()
    moved = repo.data_version_now()
    repo.close()
    assert busy is None
    assert moved is not None and moved != seen


def test_a_watcher_opened_before_any_writer_sees_what_the_writer_commits(tmp_path):
    """The table view may open a file no window has open yet: it is still followed (read as a
    live file, never as a frozen one), so a session another window saves later is seen."""
    path = a_companion_file(tmp_path / "c.db")
    reader = Repository.reader(path)
    first = [s.title for s in reader.list_sessions()]
    writer = Repository.open(path, clock=fixed_clock)
    writer.create(get_game("free"), "Dinner", ("Ann", "Bob"), {})
    later = sorted(s.title for s in reader.list_sessions())
    writer.close()
    reader.close()
    assert (first, later) == (["Lunch"], ["Dinner", "Lunch"])


def test_a_file_in_a_missing_folder_is_refused_unless_its_folder_may_be_made(tmp_path):
    """`--db` with a folder typed wrong is named, and nothing is created; the default location's
    folder is made on first use."""
    typo = tmp_path / "nowhere" / "companion.db"
    with pytest.raises(StoreError, match="does not exist"):
        Repository.open(typo)
    assert not typo.parent.exists()
    default = tmp_path / "data" / "companion" / "companion.db"
    repo = Repository.open(default, may_create_folder=True)
    repo.create(get_game("free"), "Lunch", ("Ann", "Bob"), {})
    repo.close()
    reader = Repository.reader(default)
    assert [s.title for s in reader.list_sessions()] == ["Lunch"]
    reader.close()


def test_a_file_that_fails_its_upgrade_is_refused_naming_it_and_left_as_it_was(tmp_path):
    """A file claiming an older Companion's schema whose tables do not take the next step: the
    upgrade's first step fails, the file is named with SQLite's words, and the step is rolled
    back whole."""
    path = tmp_path / "claims.db"
    con = sqlite3.connect(path)
    con.executescript(
        "CREATE TABLE session (id INTEGER PRIMARY KEY, summary TEXT); CREATE TABLE event (id INTEGER PRIMARY KEY);"
        "PRAGMA user_version = 1;"
    )
    con.close()
    with pytest.raises(StoreError) as err:
        Repository.open(path)
    assert str(err.value) == f"{path} is damaged or not a database (duplicate column name: summary)."
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone() == (1,)
    assert [r[0] for r in con.execute("SELECT name FROM sqlite_master ORDER BY name")] == ["event", "session"]
    assert [r[1] for r in con.execute("PRAGMA table_info(session)")] == ["id", "summary"]
    con.close()


@pytest.mark.parametrize("version", [1, 3, 7])
def test_another_programs_file_with_a_version_of_its_own_is_refused_and_left_byte_for_byte(tmp_path, version):
    """Another program's SQLite file that sets user_version (as many do) is not Companion's: it is
    refused before anything opens it for writing, so not even its journal mode changes."""
    path = tmp_path / "theirs.db"
    con = sqlite3.connect(path)
    con.executescript(f"CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); PRAGMA user_version = {version};")
    con.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="another program"):
        Repository.open(path)
    assert path.read_bytes() == before
