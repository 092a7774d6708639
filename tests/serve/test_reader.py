"""The read-only repository the table view follows with: it sees every write, never writes,
and never makes the writer wait."""

from __future__ import annotations

import hashlib
import time

import pytest

from companion.games import get_game
from companion.games.free import Adjust, NextTurn
from companion.store.files import StoreError
from companion.store.repo import Repository


@pytest.fixture
def session(repo) -> int:
    return repo.create(get_game("free"), "Friday", ("Ann", "Bob"), {"counters": "HP=20 0..20"}).info.id


def test_the_stamp_changes_with_every_write(repo, db_path, session):
    reader = Repository.reader(db_path)
    try:
        stamps = [reader.stamp(session)]
        tl = repo.load(session).timeline
        for step in ("record", "undo", "redo", "undo", "record again", "rename"):
            if step.startswith("record"):
                after = tl.record(Adjust("HP", 0, -1) if step == "record" else NextTurn())
                repo.record(session, tl, after)
            elif step == "rename":
                repo.rename(session, "Saturday")
                after = tl
            else:
                after = tl.undo() if step == "undo" else tl.redo()
                repo.move(session, tl, after)
            tl = after
            stamps.append(reader.stamp(session))
        # The same state gives the same stamp; a different one differs even though the fixed
        # clock never moves and "record again" has the cursor and count of "record".
        assert stamps[1] == stamps[3] and stamps[2] == stamps[4]
        assert len(set(stamps)) == 5 and stamps[1] != stamps[5]
        assert reader.load(session).timeline.state.active == 1
        repo.delete(session)
        assert reader.stamp(session) is None
    finally:
        reader.close()


def test_the_reader_cannot_write(repo, db_path, session):
    before = hashlib.sha256(db_path.read_bytes()).hexdigest()
    reader = Repository.reader(db_path)
    try:
        with pytest.raises(StoreError, match="readonly"):
            reader.rename(session, "Mine now")
    finally:
        reader.close()
    assert hashlib.sha256(db_path.read_bytes()).hexdigest() == before
    assert repo.info(session).title == "Friday"


def test_a_reading_watcher_never_makes_the_writer_wait(repo, db_path, session):
    reader = Repository.reader(db_path)
    try:
        tl = repo.load(session).timeline
        with reader._read() as con:  # a read transaction held open, as during a reload
            reader.stamp(session)
            con.exec_driver_sql("SELECT count(*) FROM event").fetchall()
            start = time.monotonic()
            repo.record(session, tl, tl.record(Adjust("HP", 1, -3)))
            assert time.monotonic() - start < 1, "the writer did not wait for the reader"
        assert reader.load(session).timeline.cursor == 1
    finally:
        reader.close()
