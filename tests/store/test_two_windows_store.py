"""Two windows on one file, each with its own repository: the token that guards the log."""

from __future__ import annotations

import re
import sqlite3

import pytest

from companion.games.free import Adjust
from companion.store.repo import Repository, SessionGone, StaleSession
from tests.conftest import fixed_clock
from tests.store.test_store import play

STALE = r"^This session changed in another window; reload it \(ctrl\+r\) to see the new actions\.$"


def test_undo_then_record_in_one_window_is_seen_by_the_other(db_path):
    """Window A undoes and records: its cursor and log length are as before. Window B, not
    reloaded, must still be refused, or it appends to a log it never saw."""
    a = Repository.open(db_path, clock=fixed_clock)
    sid, tl = play(a, 3)
    b = Repository.open(db_path, clock=fixed_clock)
    seen_by_b = b.load(sid).timeline
    undone = tl.undo()
    a.move(sid, tl, undone)
    a.record(sid, undone, undone.record(Adjust("HP", 0, -18)))
    with pytest.raises(StaleSession, match=STALE):
        b.record(sid, seen_by_b, seen_by_b.record(Adjust("HP", 0, -5)))
    loaded = Repository.open(db_path).load(sid)
    assert len(loaded.timeline.entries) == 3 and loaded.timeline.entries[-1].text.endswith("(19 → 1)")
    again = b.load(sid).timeline
    b.record(sid, again, again.record(Adjust("HP", 0, -1)))
    a.close()
    b.close()


def test_a_session_deleted_in_another_window(db_path):
    a = Repository.open(db_path, clock=fixed_clock)
    sid, _ = play(a, 2)
    b = Repository.open(db_path, clock=fixed_clock)
    seen = b.load(sid).timeline
    a.delete(sid)
    for attempt in (
        lambda: b.record(sid, seen, seen.record(Adjust("HP", 0, -1))),
        lambda: b.move(sid, seen, seen.undo()),
        lambda: b.load(sid),
    ):
        # the whole sentence: the test's own folder name holds "deleted" too
        with pytest.raises(SessionGone, match=r"^This session was deleted in another window\.$"):
            attempt()
    a.close()
    b.close()


def test_a_session_gone_is_named_by_what_this_window_saw(db_path):
    a = Repository.open(db_path, clock=fixed_clock)
    sid, _ = play(a, 1)
    b = Repository.open(db_path, clock=fixed_clock)
    b.load(sid)
    a.delete(sid)
    with pytest.raises(SessionGone, match=r"^This session was deleted in another window\.$"):
        b.load(sid)
    with pytest.raises(SessionGone, match=rf"^There is no session 42 in {re.escape(str(db_path))}\.$"):
        b.load(42)
    a.close()
    b.close()


def test_a_window_adopts_only_a_newer_read_of_a_session_it_has(db_path):
    """The table view reads what another window wrote: this window's next write builds on it."""
    a = Repository.open(db_path, clock=fixed_clock)
    sid, tl = play(a, 2)
    b = Repository.open(db_path, clock=fixed_clock)
    seen = b.load(sid)
    assert not b.adopt(seen), "the same version: nothing newer"
    a.record(sid, tl, tl.record(Adjust("HP", 0, -1)))
    newer = Repository.open(db_path).load(sid)
    assert b.adopt(newer) and not b.adopt(newer)
    b.record(sid, newer.timeline, newer.timeline.record(Adjust("HP", 0, -1)))  # not refused as stale
    assert not Repository.open(db_path).adopt(newer), "a window that never read the session adopts nothing"
    a.close()
    b.close()


def test_a_session_never_opened_in_this_window_can_be_deleted_here(db_path):
    a = Repository.open(db_path, clock=fixed_clock)
    sid, _ = play(a, 1)
    b = Repository.open(db_path, clock=fixed_clock)
    assert [s.id for s in b.list_sessions()] == [sid]
    b.delete(sid)  # from the home screen's list, never loaded here
    assert b.list_sessions() == [] and a.list_sessions() == []
    a.close()
    b.close()


@pytest.mark.parametrize(
    "edit",
    ["UPDATE session SET cursor = cursor - 1", "DELETE FROM event WHERE seq = (SELECT max(seq) FROM event)"],
    ids=["undo position", "log"],
)
def test_a_log_changed_by_another_program_without_its_version_is_refused(repo, db_path, edit):
    """A program that moves the undo position or shortens the log but leaves the version alone
    (a hand edit, a restore): the next write is still refused, never appended to that log."""
    sid, tl = play(repo, 3)
    con = sqlite3.connect(db_path)
    con.execute(edit)
    con.commit()
    con.close()
    with pytest.raises(StaleSession, match=STALE):
        repo.record(sid, tl, tl.record(Adjust("HP", 0, -1)))
