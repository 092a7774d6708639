"""Opening a session as a player relies on it: the table opens from its newest snapshot without
reading the actions before it, an export reads every action and names the first that does not
read, and a session read back is the one saved (its log, its undo position, its line)."""

from __future__ import annotations

import pytest

import companion.store.sessions as sessions_module
from companion.games.free import Adjust
from companion.store.files import SessionUnreadable
from companion.store.repo import Repository
from tests.conftest import fixed_clock
from tests.store.test_hostile_rows import session, spoil
from tests.store.test_odd_files import digest
from tests.store.test_store import play


def nine_with_snapshots(db_path, monkeypatch):  # type: ignore[no-untyped-def]
    """Nine actions on a closed file, a snapshot every four (at 4 and 8)."""
    monkeypatch.setattr(sessions_module, "SNAPSHOT_EVERY", 4)
    repo = Repository.open(db_path, clock=fixed_clock)
    played = play(repo, 9)
    repo.close()
    return played


def test_an_export_reads_the_actions_before_the_snapshot_and_names_one_that_does_not_read(db_path, monkeypatch):
    sid, tl = nine_with_snapshots(db_path, monkeypatch)
    spoil(db_path, "UPDATE event SET payload = ? WHERE seq = 2", '{"type": "teleport", "to": 3}')
    repo = Repository.open(db_path)
    try:
        assert repo.load(sid).timeline.state == tl.state  # the table opens from action 8's snapshot
        with pytest.raises(SessionUnreadable) as err:
            repo.load(sid, whole=True)
    finally:
        repo.close()
    assert err.value.action == 2
    assert str(err.value) == (
        f"Session {sid} (Test) cannot be read at action 2: unknown event type 'teleport' (perhaps from a newer "
        f"Companion). It opens read-only as far as it reads; export that with `companion sessions export {sid} "
        "--salvage -o FILE` (or e on the home screen)."
    )


REOPENED = {
    # (actions played, the file edited after, the snapshots after reopening and two more actions)
    "a sound snapshot a full interval back: nothing more": (8, "", [4, 8]),
    "a snapshot that fails its digest: rewritten": (8, "UPDATE snapshot SET digest = 'x' WHERE seq = 4", [4, 8, 9]),
    "one from before digests: rewritten with one": (8, "UPDATE snapshot SET digest = '' WHERE seq = 4", [4, 8, 9]),
    "no snapshot and past an interval: one taken": (5, "DELETE FROM snapshot", [6]),
}


@pytest.mark.parametrize("case", REOPENED)
def test_a_reopened_session_takes_a_snapshot_with_its_next_action_only_when_due(db_path, monkeypatch, case):
    """Opening a session only reads: a snapshot it could not trust, or none within an interval
    (4 actions here) of the undo position, is written with the next action, and only then."""
    actions, edit, expected = REOPENED[case]
    monkeypatch.setattr(sessions_module, "SNAPSHOT_EVERY", 4)
    repo = Repository.open(db_path, clock=fixed_clock)
    sid, tl = play(repo, actions)
    repo.close()
    if edit:
        spoil(db_path, edit)
    repo = Repository.open(db_path, clock=fixed_clock)
    try:
        loaded = repo.load(sid).timeline
        assert loaded.state == tl.state
        after = loaded
        for _ in range(2):
            seen, after = after, after.record(Adjust("HP", 1, -1))
            repo.record(sid, seen, after)
        assert repo.load(sid).timeline.state == after.state
        with repo.reading() as con:
            taken = [seq for (seq,) in con.exec_driver_sql("SELECT seq FROM snapshot ORDER BY seq")]
    finally:
        repo.close()
    assert taken == expected


def test_a_sound_snapshot_is_used_though_an_older_companion_worded_the_sessions_line(db_path, monkeypatch):
    """The listed line is only a summary (an older Companion may have worded it otherwise): a
    snapshot whose digest holds is used as it is, and the line is not taken for the log's word."""
    sid, tl = nine_with_snapshots(db_path, monkeypatch)
    spoil(db_path, "UPDATE session SET summary = 'round 4, Bob to play' WHERE id = ?", sid)
    loaded = reopened(db_path, sid)
    assert loaded.state == tl.state
    assert sorted(loaded.known) == [0, 8, 9], "folded from the snapshot at 8"


def reopened(path, sid: int):  # type: ignore[no-untyped-def]
    """The session's timeline as a new window opens it."""
    repo = Repository.open(path)
    try:
        return repo.load(sid).timeline
    finally:
        repo.close()


def refused(path, sid: int) -> SessionUnreadable:
    repo = Repository.open(path)
    try:
        with pytest.raises(SessionUnreadable) as err:
            repo.load(sid)
    finally:
        repo.close()
    return err.value


def test_an_undo_position_past_the_log_is_refused_naming_both_and_the_rest_still_opens(tmp_path):
    path = tmp_path / "c.db"
    sid = session(path, actions=3)
    spoil(path, "UPDATE session SET cursor = 9 WHERE id = ?", sid)
    before = digest(path)
    err = refused(path, sid)
    assert (err.session_id, err.action) == (sid, 0)  # the session's own row
    assert str(err) == (
        f"Session {sid} cannot be read whole: its undo position (9) is past its log of 3 actions. It opens "
        f"read-only as far as it reads; export that with `companion sessions export {sid} --salvage -o FILE` "
        "(or e on the home screen)."
    )
    repo = Repository.open(path)
    loaded = repo.load_readable(sid)
    repo.close()
    assert (len(loaded.timeline.entries), loaded.timeline.cursor) == (3, 3)
    assert digest(path) == before


def test_a_session_row_that_does_not_read_is_refused_at_the_row(tmp_path):
    path = tmp_path / "c.db"
    sid = session(path, actions=3)
    spoil(path, "UPDATE session SET updated = 'yesterday' WHERE id = ?", sid)
    err = refused(path, sid)
    assert (err.session_id, err.action) == (sid, 0)
    assert str(err).startswith(f"Session {sid} cannot be read whole: session row {sid}, column updated: ")


def test_a_snapshot_of_another_state_layout_is_passed_over_for_an_older_one_of_this(db_path, monkeypatch):
    """A snapshot row marked with another state version (the game's state laid out otherwise, by
    another Companion) is never read into today's classes, though its digest holds: the newest
    of this version is used."""
    sid, tl = nine_with_snapshots(db_path, monkeypatch)
    spoil(db_path, "UPDATE snapshot SET version = 'free:0:another' WHERE seq = 8")
    loaded = reopened(db_path, sid)
    assert loaded.state == tl.state
    assert sorted(loaded.known) == [0, 4, 5, 6, 7, 8, 9], "folded from the snapshot at 4"


def test_an_action_after_the_snapshot_that_does_not_read_is_named_and_the_rest_opens(db_path, monkeypatch):
    sid, tl = nine_with_snapshots(db_path, monkeypatch)
    spoil(db_path, "UPDATE event SET payload = ? WHERE seq = 9", '{"type": "teleport", "to": 3}')
    err = refused(db_path, sid)
    assert err.action == 9
    assert str(err).startswith(f"Session {sid} (Test) cannot be read at action 9: unknown event type 'teleport'")
    repo = Repository.open(db_path)
    loaded = repo.load_readable(sid)
    repo.close()
    assert loaded.timeline.state == tl.state_at(8) and "Action 9 could not be read" in loaded.damage
