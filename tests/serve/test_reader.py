"""The read-only repository the table view follows with: it sees every write, never writes,
and never makes the writer wait."""

from __future__ import annotations

import hashlib
import time

import pytest

from companion.games import get_game
from companion.games.free import Adjust, NextTurn
from companion.store.files import StoreError
from companion.store.follow import Follower
from companion.store.repo import Repository


@pytest.fixture
def session(repo) -> int:
    return repo.create(get_game("free"), "Friday", ("Ann", "Bob"), {"counters": "HP=20 0..20"}).info.id


def test_the_follower_sees_every_write_and_reads_only_what_is_new(repo, db_path, session):
    follower = Follower(Repository.reader(db_path), session)
    try:
        changed, loaded = follower.poll()
        assert changed and loaded.timeline.cursor == 0
        assert follower.poll() == (False, loaded), "nothing new: nothing read"
        tl = repo.load(session).timeline
        for step in ("record", "record", "undo", "redo", "undo", "record again", "rename"):
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
            changed, loaded = follower.poll()
            assert changed, step
            assert loaded.timeline.state == tl.state and loaded.timeline.cursor == tl.cursor, step
            assert [e.text for e in loaded.timeline.entries] == [e.text for e in tl.entries], step
            assert follower.poll()[0] is False
        assert loaded.info.title == "Saturday"
        # Only "record again" (an undo then a new action rewrote the log) read the whole log
        # again; every other change read the new events alone.
        assert follower.full_reads == 2
        other = repo.create(get_game("free"), "Other", ("Cy", "Di"), {})
        other_tl = other.timeline
        repo.record(other.info.id, other_tl, other_tl.record(NextTurn()))
        assert follower.poll()[0] is False, "another session's write is not a change to this one"
        repo.delete(session)
        assert follower.poll() == (True, None)
    finally:
        follower.repo.close()


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
        with reader.snapshot() as con:  # a read transaction held open, as during a reload
            reader.info(session)
            con.exec_driver_sql("SELECT count(*) FROM event").fetchall()
            start = time.monotonic()
            repo.record(session, tl, tl.record(Adjust("HP", 1, -3)))
            assert time.monotonic() - start < 1, "the writer did not wait for the reader"
        assert reader.load(session).timeline.cursor == 1
    finally:
        reader.close()
